/// Shift-manager checklists (migration v9): restaurants, the checklist roles on the one user table, template
/// versions, shifts with their marks, to-dos and reminders.
///
/// Template versions are append-only (a change is a new version); an ended shift is its archive and stays exactly
/// as it was: triggers refuse changing its marks, to-dos and reminders, and deleting it.
let checklistsSchemaV9 = """
    -- The one user table gains the checklist roles (SQLite cannot change a CHECK: the table is rebuilt).
    CREATE TABLE app_user_v9 (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE
            CONSTRAINT app_user_name CHECK (length(name) BETWEEN 1 AND 64 AND name = trim(name)),
        role TEXT NOT NULL CONSTRAINT app_user_role CHECK (role IN (
            'admin', 'accountant', 'driver', 'crew', 'shift-manager', 'restaurant-manager')),
        password_hash TEXT CONSTRAINT app_user_password CHECK (password_hash IS NULL OR password_hash LIKE '$2%'),
        created_at REAL NOT NULL
    );
    INSERT INTO app_user_v9 (id, name, role, password_hash, created_at)
        SELECT id, name, role, password_hash, created_at FROM app_user;
    DROP TABLE app_user;
    ALTER TABLE app_user_v9 RENAME TO app_user;

    CREATE TABLE checklist_restaurant (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE
            CONSTRAINT checklist_restaurant_name CHECK (length(name) BETWEEN 1 AND 80 AND name = trim(name)),
        email TEXT,
        timezone TEXT NOT NULL,
        created_at REAL NOT NULL
    ) STRICT;

    CREATE TABLE app_user_restaurant (
        user_id INTEGER NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        restaurant_id INTEGER NOT NULL REFERENCES checklist_restaurant (id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, restaurant_id)
    ) STRICT;

    CREATE TABLE checklist_template (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        restaurant_id INTEGER NOT NULL REFERENCES checklist_restaurant (id) ON DELETE RESTRICT,
        day_part TEXT NOT NULL CONSTRAINT checklist_template_day_part CHECK (day_part IN ('day', 'evening')),
        kind TEXT NOT NULL
            CONSTRAINT checklist_template_kind CHECK (kind IN ('pre-shift', 'before', 'during', 'after')),
        version INTEGER NOT NULL CONSTRAINT checklist_template_version CHECK (version >= 1),
        body BLOB NOT NULL,
        created_at REAL NOT NULL,
        created_by TEXT NOT NULL,
        UNIQUE (restaurant_id, day_part, kind, version)
    ) STRICT;
    CREATE TRIGGER checklist_template_append_only_update BEFORE UPDATE ON checklist_template
    BEGIN SELECT RAISE(ABORT, 'checklist_template_versions: a template version is never changed'); END;
    CREATE TRIGGER checklist_template_append_only_delete BEFORE DELETE ON checklist_template
    BEGIN SELECT RAISE(ABORT, 'checklist_template_versions: a template version is never deleted'); END;

    CREATE TABLE checklist_shift (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        restaurant_id INTEGER NOT NULL REFERENCES checklist_restaurant (id) ON DELETE RESTRICT,
        day_part TEXT NOT NULL CONSTRAINT checklist_shift_day_part CHECK (day_part IN ('day', 'evening')),
        manager_id INTEGER NOT NULL REFERENCES app_user (id) ON DELETE RESTRICT,
        started_at REAL NOT NULL,
        ended_at REAL,
        CONSTRAINT checklist_shift_order CHECK (ended_at IS NULL OR ended_at >= started_at)
    ) STRICT;
    CREATE INDEX checklist_shift_started ON checklist_shift (restaurant_id, started_at);
    CREATE TRIGGER checklist_shift_archived BEFORE UPDATE ON checklist_shift WHEN OLD.ended_at IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'checklist_archive: an ended shift is archived as it was'); END;
    CREATE TRIGGER checklist_shift_kept BEFORE DELETE ON checklist_shift WHEN OLD.ended_at IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'checklist_archive: an ended shift is archived as it was'); END;

    -- The template versions a shift was started with, one per kind.
    CREATE TABLE checklist_shift_template (
        shift_id INTEGER NOT NULL REFERENCES checklist_shift (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        template_id INTEGER NOT NULL REFERENCES checklist_template (id) ON DELETE RESTRICT,
        PRIMARY KEY (shift_id, kind)
    ) STRICT;

    CREATE TABLE checklist_mark (
        shift_id INTEGER NOT NULL REFERENCES checklist_shift (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        path TEXT NOT NULL,
        state TEXT NOT NULL CONSTRAINT checklist_mark_state CHECK (state IN ('unchecked', 'ok', 'not-ok')),
        note TEXT CONSTRAINT checklist_mark_note CHECK (note IS NULL OR length(note) <= 1000),
        at REAL NOT NULL,
        PRIMARY KEY (shift_id, kind, path)
    ) STRICT;

    CREATE TABLE checklist_todo (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        shift_id INTEGER NOT NULL REFERENCES checklist_shift (id) ON DELETE CASCADE,
        task TEXT NOT NULL CONSTRAINT checklist_todo_task CHECK (length(task) BETWEEN 1 AND 200),
        section TEXT NOT NULL,
        area TEXT NOT NULL CONSTRAINT checklist_todo_area CHECK (area IN ('manager', 'kitchen', 'service')),
        priority INTEGER NOT NULL CONSTRAINT checklist_todo_priority CHECK (priority BETWEEN 1 AND 4),
        done INTEGER NOT NULL DEFAULT 0 CONSTRAINT checklist_todo_done CHECK (done IN (0, 1)),
        note TEXT,
        source TEXT NOT NULL CONSTRAINT checklist_todo_source CHECK (source IN ('not-ok', 'added')),
        path TEXT,
        created_at REAL NOT NULL,
        done_at REAL,
        CONSTRAINT checklist_todo_path CHECK ((source = 'not-ok') = (path IS NOT NULL))
    ) STRICT;
    CREATE UNIQUE INDEX checklist_todo_once ON checklist_todo (shift_id, path) WHERE path IS NOT NULL;

    CREATE TABLE checklist_reminder (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        shift_id INTEGER NOT NULL REFERENCES checklist_shift (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        due_at REAL NOT NULL,
        notifications INTEGER NOT NULL DEFAULT 0,
        last_notified_at REAL,
        escalated_at REAL,
        acknowledged_at REAL,
        UNIQUE (shift_id, name, due_at)
    ) STRICT;

    -- An ended shift's marks, to-dos and reminders stay as they were.
    CREATE TRIGGER checklist_mark_archived_insert BEFORE INSERT ON checklist_mark
    WHEN (SELECT ended_at FROM checklist_shift WHERE id = NEW.shift_id) IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'checklist_archive: an ended shift is archived as it was'); END;
    CREATE TRIGGER checklist_mark_archived_update BEFORE UPDATE ON checklist_mark
    WHEN (SELECT ended_at FROM checklist_shift WHERE id = OLD.shift_id) IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'checklist_archive: an ended shift is archived as it was'); END;
    CREATE TRIGGER checklist_todo_archived_insert BEFORE INSERT ON checklist_todo
    WHEN (SELECT ended_at FROM checklist_shift WHERE id = NEW.shift_id) IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'checklist_archive: an ended shift is archived as it was'); END;
    CREATE TRIGGER checklist_todo_archived_update BEFORE UPDATE ON checklist_todo
    WHEN (SELECT ended_at FROM checklist_shift WHERE id = OLD.shift_id) IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'checklist_archive: an ended shift is archived as it was'); END;
    CREATE TRIGGER checklist_todo_archived_delete BEFORE DELETE ON checklist_todo
    WHEN (SELECT ended_at FROM checklist_shift WHERE id = OLD.shift_id) IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'checklist_archive: an ended shift is archived as it was'); END;
    """

/// Migration v10: what v9 left open of an ended shift's archive — its reminders (times, calls, escalation, when
/// each travel path was walked), the template versions it was started with, and deleting its marks.
let checklistsSchemaV10 = """
    CREATE TRIGGER checklist_reminder_archived_insert BEFORE INSERT ON checklist_reminder
    WHEN (SELECT ended_at FROM checklist_shift WHERE id = NEW.shift_id) IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'checklist_archive: an ended shift is archived as it was'); END;
    CREATE TRIGGER checklist_reminder_archived_update BEFORE UPDATE ON checklist_reminder
    WHEN (SELECT ended_at FROM checklist_shift WHERE id = OLD.shift_id) IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'checklist_archive: an ended shift is archived as it was'); END;
    CREATE TRIGGER checklist_reminder_archived_delete BEFORE DELETE ON checklist_reminder
    WHEN (SELECT ended_at FROM checklist_shift WHERE id = OLD.shift_id) IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'checklist_archive: an ended shift is archived as it was'); END;
    CREATE TRIGGER checklist_shift_template_archived_insert BEFORE INSERT ON checklist_shift_template
    WHEN (SELECT ended_at FROM checklist_shift WHERE id = NEW.shift_id) IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'checklist_archive: an ended shift is archived as it was'); END;
    CREATE TRIGGER checklist_shift_template_archived_update BEFORE UPDATE ON checklist_shift_template
    WHEN (SELECT ended_at FROM checklist_shift WHERE id = OLD.shift_id) IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'checklist_archive: an ended shift is archived as it was'); END;
    CREATE TRIGGER checklist_shift_template_archived_delete BEFORE DELETE ON checklist_shift_template
    WHEN (SELECT ended_at FROM checklist_shift WHERE id = OLD.shift_id) IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'checklist_archive: an ended shift is archived as it was'); END;
    CREATE TRIGGER checklist_mark_archived_delete BEFORE DELETE ON checklist_mark
    WHEN (SELECT ended_at FROM checklist_shift WHERE id = OLD.shift_id) IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'checklist_archive: an ended shift is archived as it was'); END;
    """
