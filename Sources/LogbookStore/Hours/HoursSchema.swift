/// Work hours (migration v8): shifts, submitted and locked pay periods, the outbox of changes for the payroll
/// system, and the users' own web links.
///
/// Days are `YYYY-MM-DD` text (the local day a shift started on), so a lock's range compares as text. A locked
/// period is final: triggers refuse any shift inserted into, changed in, moved out of or deleted from it, and the
/// lock itself cannot be changed or removed.
let hoursSchemaV8 = """
    CREATE TABLE hours_shift (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        uuid TEXT NOT NULL UNIQUE CONSTRAINT hours_shift_uuid CHECK (length(uuid) = 36),
        driver_id INTEGER NOT NULL REFERENCES driver(id) ON DELETE RESTRICT,
        day TEXT NOT NULL
            CONSTRAINT hours_shift_day CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
        raw_start REAL NOT NULL,
        raw_end REAL,
        start REAL NOT NULL,
        end REAL,
        entered_break_minutes INTEGER NOT NULL DEFAULT 0,
        break_minutes INTEGER NOT NULL DEFAULT 0,
        worked_minutes INTEGER NOT NULL DEFAULT 0,
        net_minutes INTEGER NOT NULL DEFAULT 0,
        message TEXT NOT NULL DEFAULT '',
        vehicle_id INTEGER REFERENCES vehicle(id) ON DELETE RESTRICT,
        paused_at REAL,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        CONSTRAINT hours_shift_open CHECK ((raw_end IS NULL) = (end IS NULL)),
        CONSTRAINT hours_shift_order CHECK ((end IS NULL OR end > start) AND (raw_end IS NULL OR raw_end > raw_start)),
        CONSTRAINT hours_shift_length CHECK (worked_minutes BETWEEN 0 AND 1440),
        CONSTRAINT hours_shift_break CHECK (
            entered_break_minutes >= 0 AND break_minutes >= entered_break_minutes
            AND (end IS NULL OR break_minutes < worked_minutes)),
        CONSTRAINT hours_shift_net CHECK (net_minutes BETWEEN 0 AND worked_minutes),
        CONSTRAINT hours_shift_pause CHECK (paused_at IS NULL OR end IS NULL),
        CONSTRAINT hours_shift_message CHECK (length(message) <= 2000)
    ) STRICT;
    CREATE INDEX hours_shift_driver_day ON hours_shift(driver_id, day);
    -- One running clock per driver.
    CREATE UNIQUE INDEX hours_shift_running ON hours_shift(driver_id) WHERE end IS NULL;

    CREATE TABLE hours_period (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        -- NULL for a lock, which holds for every driver.
        driver_id INTEGER REFERENCES driver(id) ON DELETE RESTRICT,
        kind TEXT NOT NULL CONSTRAINT hours_period_kind
            CHECK (kind IN ('weekly', 'two-weekly', 'semi-monthly', 'monthly')),
        start_day TEXT NOT NULL,
        end_day TEXT NOT NULL,
        status TEXT NOT NULL CONSTRAINT hours_period_status CHECK (status IN ('submitted', 'locked')),
        at REAL NOT NULL,
        by TEXT NOT NULL,
        CONSTRAINT hours_period_days CHECK (end_day >= start_day),
        CONSTRAINT hours_period_who CHECK ((status = 'locked') = (driver_id IS NULL))
    ) STRICT;
    CREATE UNIQUE INDEX hours_period_once ON hours_period(ifnull(driver_id, 0), start_day, status);

    CREATE TRIGGER hours_period_lock_final_update BEFORE UPDATE ON hours_period WHEN OLD.status = 'locked'
    BEGIN SELECT RAISE(ABORT, 'hours_period_locked: a locked pay period stays locked'); END;
    CREATE TRIGGER hours_period_lock_final_delete BEFORE DELETE ON hours_period WHEN OLD.status = 'locked'
    BEGIN SELECT RAISE(ABORT, 'hours_period_locked: a locked pay period stays locked'); END;

    CREATE TRIGGER hours_shift_locked_insert BEFORE INSERT ON hours_shift
    WHEN EXISTS (
        SELECT 1 FROM hours_period WHERE status = 'locked' AND NEW.day BETWEEN start_day AND end_day)
    BEGIN SELECT RAISE(ABORT, 'hours_period_locked: the pay period of this shift is locked'); END;
    CREATE TRIGGER hours_shift_locked_update BEFORE UPDATE ON hours_shift
    WHEN EXISTS (
        SELECT 1 FROM hours_period WHERE status = 'locked'
        AND (OLD.day BETWEEN start_day AND end_day OR NEW.day BETWEEN start_day AND end_day))
    BEGIN SELECT RAISE(ABORT, 'hours_period_locked: the pay period of this shift is locked'); END;
    CREATE TRIGGER hours_shift_locked_delete BEFORE DELETE ON hours_shift
    WHEN EXISTS (
        SELECT 1 FROM hours_period WHERE status = 'locked' AND OLD.day BETWEEN start_day AND end_day)
    BEGIN SELECT RAISE(ABORT, 'hours_period_locked: the pay period of this shift is locked'); END;

    -- Every create, change and delete of a closed shift, for the payroll system, written in the same transaction
    -- as the change. Changes of one shift are delivered in id order.
    CREATE TABLE hours_outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        change_uuid TEXT NOT NULL UNIQUE CONSTRAINT hours_outbox_uuid CHECK (length(change_uuid) = 36),
        shift_uuid TEXT NOT NULL CONSTRAINT hours_outbox_shift CHECK (length(shift_uuid) = 36),
        method TEXT NOT NULL CONSTRAINT hours_outbox_method CHECK (method IN ('PUT', 'DELETE')),
        body BLOB,
        created_at REAL NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending'
            CONSTRAINT hours_outbox_status CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0 CONSTRAINT hours_outbox_attempts CHECK (attempts >= 0),
        next_attempt_at REAL NOT NULL,
        last_error TEXT,
        sent_at REAL,
        CONSTRAINT hours_outbox_body CHECK ((method = 'PUT') = (body IS NOT NULL)),
        CONSTRAINT hours_outbox_sent CHECK ((status = 'sent') = (sent_at IS NOT NULL))
    ) STRICT;
    CREATE INDEX hours_outbox_shift_order ON hours_outbox(shift_uuid, id);
    CREATE INDEX hours_outbox_due ON hours_outbox(status, next_attempt_at);
    -- What was sent stays as it was sent.
    CREATE TRIGGER hours_outbox_sent_final BEFORE UPDATE ON hours_outbox WHEN OLD.status = 'sent'
    BEGIN SELECT RAISE(ABORT, 'hours_outbox_sent: a sent change is final'); END;

    CREATE TABLE hours_link (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        -- NULL: shown to everyone; else to this driver.
        driver_id INTEGER REFERENCES driver(id) ON DELETE CASCADE,
        name TEXT NOT NULL CONSTRAINT hours_link_name CHECK (length(name) BETWEEN 1 AND 40),
        url TEXT NOT NULL CONSTRAINT hours_link_url CHECK (url LIKE 'http://%' OR url LIKE 'https://%'),
        created_at REAL NOT NULL
    ) STRICT;
    CREATE UNIQUE INDEX hours_link_name_once ON hours_link(ifnull(driver_id, 0), name COLLATE NOCASE);
    """
