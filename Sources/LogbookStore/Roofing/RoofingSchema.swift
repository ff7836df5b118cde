/// Roofing piecework accounts (migration v12): catalogues with their activities and dated price indexings, projects
/// with their roofers, lines, supplements, extra work, deductions, advances and agreed split, the versions of a
/// submitted account, and the project selected on the command line.
///
/// The choice: a project's editable state is kept as rows (one table per kind of entry, each row checked here —
/// amounts integers of øre, quantities, hours and percentages integers of thousandths, units, dates), and each
/// version of a submitted account as a JSON snapshot of the whole project (`snapshot`) with who, when, why and
/// what changed. The rows are what is edited; the snapshots are what was submitted and never change.
///
/// Rules kept here: a catalogue's name and a project's name are unique in any case (`name_key`, the name in lower
/// case as Swift folds it — SQLite's NOCASE folds only ASCII, and `Æ`/`æ` must clash too); a position number is unique
/// within its catalogue; a line keeps the catalogue's name, the activity and the unit price it was accounted at
/// (so indexing or a new catalogue never changes it); a project's status moves open → submitted → (revising →
/// submitted)… → settled, and a move to `submitted` needs a version recorded for it (`version` equals the count
/// of its versions); while a project is submitted or settled its entries and its own columns are refused any
/// change, and a submitted or settled project cannot be deleted; versions are never changed.
let roofingSchemaV12: String = {
    var sql = """
        CREATE TABLE roofing_catalogue (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL COLLATE NOCASE UNIQUE
                CONSTRAINT roofing_catalogue_name CHECK (length(trim(name)) BETWEEN 1 AND 200),
            name_key TEXT NOT NULL UNIQUE CONSTRAINT roofing_catalogue_key CHECK (name_key = lower(name_key)),
            currency TEXT NOT NULL CONSTRAINT roofing_catalogue_currency CHECK (currency GLOB '[A-Z][A-Z][A-Z]'),
            created_at REAL NOT NULL
        ) STRICT;

        CREATE TABLE roofing_activity (
            catalogue_id INTEGER NOT NULL REFERENCES roofing_catalogue (id) ON DELETE CASCADE,
            position TEXT NOT NULL CONSTRAINT roofing_activity_position
                CHECK (length(position) BETWEEN 1 AND 40 AND position NOT GLOB '*[^0-9A-Za-z.-]*'
                    AND position NOT GLOB '.*' AND position NOT GLOB '*.' AND position NOT GLOB '*..*'),
            ordinal INTEGER NOT NULL CONSTRAINT roofing_activity_ordinal CHECK (ordinal >= 0),
            section TEXT NOT NULL,
            name TEXT NOT NULL CONSTRAINT roofing_activity_name CHECK (length(trim(name)) >= 1),
            unit TEXT NOT NULL CONSTRAINT roofing_activity_unit CHECK (length(trim(unit)) >= 1),
            price_ore INTEGER CONSTRAINT roofing_activity_price
                CHECK (price_ore IS NULL OR abs(price_ore) <= 1000000000000000),
            percent_milli INTEGER CONSTRAINT roofing_activity_percent
                CHECK (percent_milli IS NULL OR percent_milli BETWEEN 0 AND 1000000000000),
            base TEXT,
            PRIMARY KEY (catalogue_id, position),
            UNIQUE (catalogue_id, ordinal),
            CONSTRAINT roofing_activity_rate CHECK (
                (unit = '%' AND price_ore IS NULL AND percent_milli IS NOT NULL AND base IS NOT NULL)
                OR (unit != '%' AND price_ore IS NOT NULL AND percent_milli IS NULL AND base IS NULL))
        ) STRICT;

        CREATE TABLE roofing_indexing (
            catalogue_id INTEGER NOT NULL REFERENCES roofing_catalogue (id) ON DELETE CASCADE,
            ordinal INTEGER NOT NULL CONSTRAINT roofing_indexing_ordinal CHECK (ordinal >= 0),
            from_day TEXT NOT NULL CONSTRAINT roofing_indexing_from
                CHECK (from_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
            percent_milli INTEGER NOT NULL CONSTRAINT roofing_indexing_percent
                CHECK (percent_milli BETWEEN -100000 AND 1000000),
            PRIMARY KEY (catalogue_id, ordinal)
        ) STRICT;

        CREATE TABLE roofing_project (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL COLLATE NOCASE UNIQUE
                CONSTRAINT roofing_project_name CHECK (length(trim(name)) BETWEEN 1 AND 200),
            name_key TEXT NOT NULL UNIQUE CONSTRAINT roofing_project_key CHECK (name_key = lower(name_key)),
            address TEXT NOT NULL DEFAULT '',
            customer TEXT NOT NULL DEFAULT '',
            start_day TEXT CONSTRAINT roofing_project_start
                CHECK (start_day IS NULL OR start_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
            end_day TEXT CONSTRAINT roofing_project_end
                CHECK (end_day IS NULL OR end_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
            status TEXT NOT NULL DEFAULT 'open'
                CONSTRAINT roofing_project_status CHECK (status IN ('open', 'submitted', 'revising', 'settled')),
            catalogue TEXT NOT NULL DEFAULT '',
            currency TEXT NOT NULL DEFAULT 'DKK'
                CONSTRAINT roofing_project_currency CHECK (currency GLOB '[A-Z][A-Z][A-Z]'),
            guaranteed_rate_ore INTEGER NOT NULL DEFAULT 0
                CONSTRAINT roofing_project_rate CHECK (guaranteed_rate_ore BETWEEN 0 AND 100000000),
            version INTEGER NOT NULL DEFAULT 0 CONSTRAINT roofing_project_version CHECK (version >= 0),
            revision_reason TEXT,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            CONSTRAINT roofing_project_period CHECK (start_day IS NULL OR end_day IS NULL OR end_day >= start_day),
            CONSTRAINT roofing_project_revision CHECK ((status = 'revising') = (revision_reason IS NOT NULL))
        ) STRICT;

        CREATE TABLE roofing_roofer (
            project_id INTEGER NOT NULL REFERENCES roofing_project (id) ON DELETE CASCADE,
            ordinal INTEGER NOT NULL CONSTRAINT roofing_roofer_ordinal CHECK (ordinal >= 0),
            name TEXT NOT NULL CONSTRAINT roofing_roofer_name CHECK (length(trim(name)) BETWEEN 1 AND 200),
            hours_milli INTEGER NOT NULL CONSTRAINT roofing_roofer_hours CHECK (hours_milli BETWEEN 0 AND 1000000000),
            PRIMARY KEY (project_id, ordinal),
            UNIQUE (project_id, name)
        ) STRICT;

        CREATE TABLE roofing_line (
            project_id INTEGER NOT NULL REFERENCES roofing_project (id) ON DELETE CASCADE,
            ordinal INTEGER NOT NULL CONSTRAINT roofing_line_ordinal CHECK (ordinal >= 0),
            position TEXT NOT NULL CONSTRAINT roofing_line_position CHECK (length(position) BETWEEN 1 AND 40),
            section TEXT NOT NULL,
            name TEXT NOT NULL CONSTRAINT roofing_line_name CHECK (length(trim(name)) >= 1),
            unit TEXT NOT NULL CONSTRAINT roofing_line_unit CHECK (length(trim(unit)) >= 1 AND unit != '%'),
            quantity_milli INTEGER NOT NULL
                CONSTRAINT roofing_line_quantity CHECK (abs(quantity_milli) <= 1000000000000),
            unit_price_ore INTEGER NOT NULL
                CONSTRAINT roofing_line_price CHECK (abs(unit_price_ore) <= 1000000000000000),
            note TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (project_id, ordinal)
        ) STRICT;

        CREATE TABLE roofing_supplement (
            project_id INTEGER NOT NULL REFERENCES roofing_project (id) ON DELETE CASCADE,
            ordinal INTEGER NOT NULL CONSTRAINT roofing_supplement_ordinal CHECK (ordinal >= 0),
            position TEXT NOT NULL CONSTRAINT roofing_supplement_position CHECK (length(position) BETWEEN 1 AND 40),
            section TEXT NOT NULL,
            name TEXT NOT NULL CONSTRAINT roofing_supplement_name CHECK (length(trim(name)) >= 1),
            percent_milli INTEGER NOT NULL
                CONSTRAINT roofing_supplement_percent CHECK (percent_milli BETWEEN 0 AND 1000000000000),
            base TEXT NOT NULL CONSTRAINT roofing_supplement_base
                CHECK (base = 'account' OR base GLOB 'section:?*' OR base GLOB 'positions:?*'),
            PRIMARY KEY (project_id, ordinal),
            UNIQUE (project_id, position)
        ) STRICT;

        CREATE TABLE roofing_extra_work (
            project_id INTEGER NOT NULL REFERENCES roofing_project (id) ON DELETE CASCADE,
            ordinal INTEGER NOT NULL CONSTRAINT roofing_extra_work_ordinal CHECK (ordinal >= 0),
            text TEXT NOT NULL CONSTRAINT roofing_extra_work_text CHECK (length(trim(text)) >= 1),
            hours_milli INTEGER CONSTRAINT roofing_extra_work_hours
                CHECK (hours_milli IS NULL OR hours_milli BETWEEN 0 AND 1000000000000),
            rate_ore INTEGER CONSTRAINT roofing_extra_work_rate
                CHECK (rate_ore IS NULL OR abs(rate_ore) <= 1000000000000000),
            amount_ore INTEGER CONSTRAINT roofing_extra_work_amount
                CHECK (amount_ore IS NULL OR abs(amount_ore) <= 1000000000000000),
            PRIMARY KEY (project_id, ordinal),
            CONSTRAINT roofing_extra_work_pricing CHECK (
                (hours_milli IS NOT NULL AND rate_ore IS NOT NULL AND amount_ore IS NULL)
                OR (hours_milli IS NULL AND rate_ore IS NULL AND amount_ore IS NOT NULL))
        ) STRICT;

        CREATE TABLE roofing_deduction (
            project_id INTEGER NOT NULL REFERENCES roofing_project (id) ON DELETE CASCADE,
            ordinal INTEGER NOT NULL CONSTRAINT roofing_deduction_ordinal CHECK (ordinal >= 0),
            text TEXT NOT NULL CONSTRAINT roofing_deduction_text CHECK (length(trim(text)) >= 1),
            amount_ore INTEGER NOT NULL
                CONSTRAINT roofing_deduction_amount CHECK (amount_ore BETWEEN 1 AND 1000000000000000),
            PRIMARY KEY (project_id, ordinal)
        ) STRICT;

        CREATE TABLE roofing_advance (
            project_id INTEGER NOT NULL REFERENCES roofing_project (id) ON DELETE CASCADE,
            ordinal INTEGER NOT NULL CONSTRAINT roofing_advance_ordinal CHECK (ordinal >= 0),
            day TEXT NOT NULL
                CONSTRAINT roofing_advance_day CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
            amount_ore INTEGER NOT NULL
                CONSTRAINT roofing_advance_amount CHECK (amount_ore BETWEEN 1 AND 1000000000000000),
            note TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (project_id, ordinal)
        ) STRICT;

        CREATE TABLE roofing_split (
            project_id INTEGER NOT NULL REFERENCES roofing_project (id) ON DELETE CASCADE,
            roofer TEXT NOT NULL,
            percent_milli INTEGER CONSTRAINT roofing_split_percent
                CHECK (percent_milli IS NULL OR percent_milli BETWEEN 0 AND 100000),
            amount_ore INTEGER CONSTRAINT roofing_split_amount
                CHECK (amount_ore IS NULL OR abs(amount_ore) <= 1000000000000000),
            PRIMARY KEY (project_id, roofer),
            CONSTRAINT roofing_split_kind CHECK ((percent_milli IS NULL) != (amount_ore IS NULL))
        ) STRICT;

        CREATE TABLE roofing_version (
            project_id INTEGER NOT NULL REFERENCES roofing_project (id) ON DELETE CASCADE,
            number INTEGER NOT NULL CONSTRAINT roofing_version_number CHECK (number >= 1),
            author TEXT NOT NULL CONSTRAINT roofing_version_author CHECK (length(trim(author)) >= 1),
            created_at REAL NOT NULL,
            reason TEXT NOT NULL CONSTRAINT roofing_version_reason CHECK (length(trim(reason)) >= 1),
            changes TEXT NOT NULL CONSTRAINT roofing_version_changes
                CHECK (json_valid(changes) AND json_type(changes) = 'array'),
            snapshot TEXT NOT NULL CONSTRAINT roofing_version_snapshot
                CHECK (json_valid(snapshot) AND json_type(snapshot) = 'object'),
            PRIMARY KEY (project_id, number)
        ) STRICT;

        CREATE TABLE roofing_selection (
            id INTEGER PRIMARY KEY CONSTRAINT roofing_selection_single CHECK (id = 1),
            project_id INTEGER NOT NULL REFERENCES roofing_project (id) ON DELETE CASCADE
        ) STRICT;

        CREATE TRIGGER roofing_version_numbered BEFORE INSERT ON roofing_version
        WHEN NEW.number != 1 + (SELECT count(*) FROM roofing_version WHERE project_id = NEW.project_id)
        BEGIN SELECT RAISE(ABORT, 'roofing_version_number: versions are numbered 1, 2, 3 … without gaps'); END;
        CREATE TRIGGER roofing_version_kept BEFORE UPDATE ON roofing_version
        BEGIN SELECT RAISE(ABORT, 'roofing_version_kept: a recorded version never changes'); END;

        CREATE TRIGGER roofing_project_locked BEFORE UPDATE ON roofing_project
        WHEN OLD.status = 'settled' OR (OLD.status = 'submitted' AND NEW.status NOT IN ('revising', 'settled'))
            OR (OLD.status = 'revising' AND NEW.status = 'open') OR (OLD.status = 'open' AND NEW.status = 'settled')
            OR (OLD.status = 'submitted' AND NEW.status = 'revising'
                AND (NEW.version != OLD.version OR NEW.name != OLD.name OR NEW.address != OLD.address
                    OR NEW.name_key != OLD.name_key OR NEW.customer != OLD.customer OR NEW.start_day IS NOT OLD.start_day
                    OR NEW.end_day IS NOT OLD.end_day OR NEW.catalogue != OLD.catalogue
                    OR NEW.currency != OLD.currency OR NEW.guaranteed_rate_ore != OLD.guaranteed_rate_ore))
        BEGIN
            SELECT RAISE(ABORT, 'roofing_project_locked: a submitted account changes only through a new version');
        END;
        CREATE TRIGGER roofing_project_submitted BEFORE UPDATE OF status ON roofing_project
        WHEN NEW.status = 'submitted' AND OLD.status != 'submitted' AND (NEW.version
            != (SELECT count(*) FROM roofing_version WHERE project_id = NEW.id) OR NEW.version != OLD.version + 1)
        BEGIN
            SELECT RAISE(ABORT, 'roofing_project_version: each submission records exactly one new version');
        END;
        CREATE TRIGGER roofing_project_kept BEFORE DELETE ON roofing_project
        WHEN OLD.status IN ('submitted', 'settled')
        BEGIN SELECT RAISE(ABORT, 'roofing_project_kept: a submitted or settled account is not deleted'); END;

        """
    for table in [
        "roofing_roofer", "roofing_line", "roofing_supplement", "roofing_extra_work", "roofing_deduction",
        "roofing_advance", "roofing_split",
    ] {
        for (event, row) in [("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")] {
            sql += """
                CREATE TRIGGER \(table)_locked_\(event.lowercased()) BEFORE \(event) ON \(table)
                WHEN (SELECT status FROM roofing_project WHERE id = \(row).project_id) IN ('submitted', 'settled')
                BEGIN
                    SELECT RAISE(ABORT, 'roofing_project_locked: a submitted account changes only through a new version');
                END;

                """
        }
    }
    return sql
}()
