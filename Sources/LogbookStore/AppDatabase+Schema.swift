import Foundation
public import GRDB
import TrackModel

extension AppDatabase {
    /// Every migration of the logbook database, in order.
    ///
    /// Append-only: once a migration has shipped, never edit, reorder or remove it — add a new one.
    /// Tables are STRICT (a REAL column refuses text), timestamps are REAL seconds since 1970 (UTC),
    /// invariants are CHECK constraints named `<table>_<rule>` so SQLite's message says which rule
    /// a row broke, and ids are AUTOINCREMENT so a deleted row's id is never handed out again.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 vehicles, trips, tracks, checkpoints, imported files") { db in
            try db.execute(sql: schemaV1)
        }
        migrator.registerMigration("v2 mileage log: profile, drivers, classified trips, audit chain, odometer") { db in
            try db.execute(sql: schemaV2)
            // Trips stored before the log kept a history get their creation recorded now, so that
            // `audit verify` holds from here on.
            let now = Timestamp(secondsSince1970: Date().timeIntervalSince1970)
            let session = SQLiteSession(db)
            var audit = try AuditWriter(session, actor: "logbook migration v2", time: now)
            for id in try Int64.fetchAll(db, sql: "SELECT id FROM trip ORDER BY id") {
                try audit.recordCreation(session, trip: id)
            }
        }
        migrator.registerMigration("v3 mail outbox and report deliveries") { db in
            try db.execute(sql: schemaV3)
        }
        migrator.registerMigration("v4 books: per-vehicle imports, import conflicts, odometer reading history") { db in
            try db.execute(sql: schemaV4)
            // Readings taken before they had a history get their creation recorded now, as trips did in v2.
            let now = Timestamp(secondsSince1970: Date().timeIntervalSince1970)
            let session = SQLiteSession(db)
            var audit = try AuditWriter(session, actor: "logbook migration v4", time: now)
            for id in try Int64.fetchAll(db, sql: "SELECT id FROM odometer_reading ORDER BY id") {
                try audit.recordReadingCreation(session, reading: id)
            }
        }
        migrator.registerMigration("v5 odometer chain: whether a trip's odometer was derived from the chain") { db in
            try db.execute(sql: schemaV5)
        }
        migrator.registerMigration("v6 users, their vehicles, API tokens and web sessions") { db in
            try db.execute(sql: schemaV6)
        }
        migrator.registerMigration("v7 an index that covers a trip listing's count and distance") { db in
            try db.execute(sql: schemaV7)
        }
        migrator.registerMigration("v8 work hours: shifts, submitted and locked periods, payroll outbox, links") { db in
            try db.execute(sql: hoursSchemaV8)
        }
        migrator.registerMigration("v9 shift checklists: restaurants, checklist roles, templates, shifts, archive") {
            db in
            try db.execute(sql: checklistsSchemaV9)
        }
        migrator.registerMigration("v10 shift checklists: an ended shift's reminders and template versions archived") {
            db in
            try db.execute(sql: checklistsSchemaV10)
        }
        migrator.registerMigration("v11 value-stream maps: maps, sections, stickers") { db in
            try db.execute(sql: valueStreamsSchemaV11)
        }
        migrator.registerMigration("v12 roofing accounts: catalogues, projects, lines, advances, versions") { db in
            try db.execute(sql: roofingSchemaV12)
        }
        migrator.registerMigration("v13 roofing photos") { db in
            try db.execute(sql: roofingSchemaV13)
        }
        migrator.registerMigration("v14 trips: the ends the engine estimated") { db in
            try db.execute(sql: schemaV14)
        }
        migrator.registerMigration("v15 devices: phones and trackers, their positions and refused fixes") { db in
            try db.execute(sql: devicesSchemaV15)
        }
        migrator.registerMigration(
            "v16 devices: their trips, engine checkpoints and snapshots at trip ends; the box's upload queue"
        ) { db in
            try db.execute(sql: deviceTripsSchemaV16)
        }
        migrator.registerMigration("v17 users: the roofer role") { db in
            try db.execute(sql: usersSchemaV17)
        }
        migrator.registerMigration("v18 requests: changes sent with an idempotency key and their answers") { db in
            try db.execute(sql: requestKeysSchemaV18)
        }
        migrator.registerMigration("v19 users: failed logins, shared by every server on the log") { db in
            try db.execute(sql: loginFailureSchemaV19)
        }
        migrator.registerMigration("v20 servers: device engine leases, outbox claims") { db in
            try db.execute(sql: serverSharingSchemaV20)
        }
        return migrator
    }()

    /// Migrates a database only up to (and including) the named migration: for upgrade tests and tools that
    /// must produce an older schema. `AppDatabase.init` migrates the rest.
    public static func migrate(_ writer: any DatabaseWriter, upTo identifier: String) throws {
        try migrator.migrate(writer, upTo: identifier)
    }

    /// The identifiers of all migrations, oldest first.
    public static var migrationIdentifiers: [String] { migrator.migrations }
}

private let schemaV1 = """
    CREATE TABLE vehicle (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        plate TEXT NOT NULL COLLATE NOCASE UNIQUE,
        created_at REAL NOT NULL,
        CONSTRAINT vehicle_plate CHECK (length(plate) > 0 AND plate = trim(plate))
    ) STRICT;

    CREATE TABLE imported_file (
        fingerprint TEXT NOT NULL PRIMARY KEY,
        vehicle_id INTEGER NOT NULL REFERENCES vehicle(id) ON DELETE RESTRICT,
        path TEXT NOT NULL,
        imported_at REAL NOT NULL,
        trips INTEGER NOT NULL,
        CONSTRAINT imported_file_fingerprint CHECK (length(fingerprint) > 0),
        CONSTRAINT imported_file_trips CHECK (trips >= 0)
    ) STRICT;
    CREATE INDEX imported_file_vehicle ON imported_file(vehicle_id);

    CREATE TABLE trip (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        vehicle_id INTEGER NOT NULL REFERENCES vehicle(id) ON DELETE RESTRICT,
        started_at REAL NOT NULL,
        ended_at REAL NOT NULL,
        distance_m REAL NOT NULL,
        idle_s REAL NOT NULL,
        idle_periods INTEGER NOT NULL,
        max_speed_mps REAL NOT NULL,
        start_lat REAL NOT NULL,
        start_lon REAL NOT NULL,
        end_lat REAL NOT NULL,
        end_lon REAL NOT NULL,
        fixes_used INTEGER NOT NULL,
        source TEXT NOT NULL,
        import_key TEXT REFERENCES imported_file(fingerprint) ON DELETE SET NULL,
        created_at REAL NOT NULL,
        duration_s REAL GENERATED ALWAYS AS (ended_at - started_at) VIRTUAL,
        moving_s REAL GENERATED ALWAYS AS (max(0.0, ended_at - started_at - idle_s)) VIRTUAL,
        avg_speed_mps REAL GENERATED ALWAYS AS (
            CASE WHEN ended_at > started_at THEN distance_m / (ended_at - started_at) ELSE 0.0 END) VIRTUAL,
        CONSTRAINT trip_times CHECK (started_at > -1e12 AND ended_at < 1e12 AND ended_at >= started_at),
        CONSTRAINT trip_distance CHECK (distance_m BETWEEN 0 AND 1e9),
        CONSTRAINT trip_idle CHECK (idle_s BETWEEN 0 AND 1e12 AND idle_periods >= 0),
        CONSTRAINT trip_max_speed CHECK (max_speed_mps BETWEEN 0 AND 1e6),
        CONSTRAINT trip_latitude CHECK (start_lat BETWEEN -90 AND 90 AND end_lat BETWEEN -90 AND 90),
        CONSTRAINT trip_longitude CHECK (start_lon BETWEEN -180 AND 180 AND end_lon BETWEEN -180 AND 180),
        CONSTRAINT trip_fixes_used CHECK (fixes_used >= 0),
        CONSTRAINT trip_source CHECK (source IN ('gps', 'import')),
        CONSTRAINT trip_import_key CHECK (import_key IS NULL OR source = 'import'),
        CONSTRAINT trip_once UNIQUE (vehicle_id, started_at)
    ) STRICT;
    CREATE INDEX trip_started_at ON trip(started_at);
    CREATE INDEX trip_import_key ON trip(import_key);

    CREATE TABLE trip_track (
        trip_id INTEGER NOT NULL PRIMARY KEY REFERENCES trip(id) ON DELETE CASCADE,
        point_count INTEGER NOT NULL,
        points BLOB NOT NULL,
        CONSTRAINT trip_track_points CHECK (point_count > 0 AND length(points) >= 3)
    ) STRICT;

    CREATE TABLE engine_checkpoint (
        vehicle_id INTEGER NOT NULL PRIMARY KEY REFERENCES vehicle(id) ON DELETE CASCADE,
        saved_at REAL NOT NULL,
        last_fix_time REAL,
        state BLOB NOT NULL,
        CONSTRAINT engine_checkpoint_state CHECK (length(state) > 0)
    ) STRICT;
    """

/// The mileage log (issue 5). The trip table is rebuilt (SQLite cannot change a CHECK in place): trips get a
/// driver, odometer readings, a category and its origin, purpose, partner, destination, notes, place labels, a
/// lock and a void; `import` becomes `gps` (an imported trip is a GPS trip with an `import_key`), coordinates
/// become optional (manual entries have none). Triggers keep locked and voided trips unchanged, never let a
/// trip be deleted, and keep the audit chain append-only and gap-free.
private let schemaV2 = """
    CREATE TABLE profile (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL DEFAULT '',
        company TEXT NOT NULL DEFAULT '',
        employee_id TEXT NOT NULL DEFAULT '',
        updated_at REAL NOT NULL,
        CONSTRAINT profile_single CHECK (id = 1)
    ) STRICT;

    CREATE TABLE driver (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE,
        created_at REAL NOT NULL,
        CONSTRAINT driver_name CHECK (length(name) > 0 AND name = trim(name))
    ) STRICT;

    ALTER TABLE vehicle ADD COLUMN make_model TEXT;
    ALTER TABLE vehicle ADD COLUMN odometer_unit TEXT NOT NULL DEFAULT 'km'
        CONSTRAINT vehicle_odometer_unit CHECK (odometer_unit IN ('km', 'mi'));
    ALTER TABLE vehicle ADD COLUMN initial_odometer REAL
        CONSTRAINT vehicle_initial_odometer CHECK (initial_odometer IS NULL OR initial_odometer BETWEEN 0 AND 1e9);
    ALTER TABLE vehicle ADD COLUMN driver_id INTEGER REFERENCES driver(id) ON DELETE SET NULL;

    CREATE TABLE regular_trip (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE,
        vehicle_id INTEGER REFERENCES vehicle(id) ON DELETE CASCADE,
        driver_id INTEGER REFERENCES driver(id) ON DELETE SET NULL,
        category TEXT NOT NULL,
        purpose TEXT,
        partner TEXT,
        destination TEXT,
        notes TEXT,
        start_label TEXT,
        end_label TEXT,
        start_lat REAL,
        start_lon REAL,
        end_lat REAL,
        end_lon REAL,
        distance_m REAL NOT NULL,
        start_minute INTEGER NOT NULL,
        duration_s REAL NOT NULL,
        created_at REAL NOT NULL,
        CONSTRAINT regular_trip_name CHECK (length(name) > 0 AND name = trim(name)),
        CONSTRAINT regular_trip_category CHECK (category IN ('business', 'private', 'commute')),
        CONSTRAINT regular_trip_purpose CHECK (category <> 'business' OR length(trim(coalesce(purpose, ''))) > 0),
        CONSTRAINT regular_trip_distance CHECK (distance_m BETWEEN 0 AND 1e9),
        CONSTRAINT regular_trip_start_minute CHECK (start_minute BETWEEN 0 AND 1439),
        CONSTRAINT regular_trip_duration CHECK (duration_s BETWEEN 0 AND 1e7)
    ) STRICT;

    CREATE TABLE new_trip (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        vehicle_id INTEGER NOT NULL REFERENCES vehicle(id) ON DELETE RESTRICT,
        driver_id INTEGER REFERENCES driver(id) ON DELETE RESTRICT,
        started_at REAL NOT NULL,
        ended_at REAL NOT NULL,
        distance_m REAL NOT NULL,
        idle_s REAL NOT NULL DEFAULT 0,
        idle_periods INTEGER NOT NULL DEFAULT 0,
        max_speed_mps REAL NOT NULL DEFAULT 0,
        start_lat REAL,
        start_lon REAL,
        end_lat REAL,
        end_lon REAL,
        fixes_used INTEGER NOT NULL DEFAULT 0,
        source TEXT NOT NULL,
        import_key TEXT REFERENCES imported_file(fingerprint) ON DELETE SET NULL,
        created_at REAL NOT NULL,
        start_odometer REAL,
        end_odometer REAL,
        category TEXT,
        category_origin TEXT,
        purpose TEXT,
        partner TEXT,
        destination TEXT,
        notes TEXT,
        start_label TEXT,
        end_label TEXT,
        regular_id INTEGER REFERENCES regular_trip(id) ON DELETE SET NULL,
        locked INTEGER NOT NULL DEFAULT 0,
        voided_at REAL,
        void_reason TEXT,
        duration_s REAL GENERATED ALWAYS AS (ended_at - started_at) VIRTUAL,
        moving_s REAL GENERATED ALWAYS AS (max(0.0, ended_at - started_at - idle_s)) VIRTUAL,
        avg_speed_mps REAL GENERATED ALWAYS AS (
            CASE WHEN ended_at > started_at THEN distance_m / (ended_at - started_at) ELSE 0.0 END) VIRTUAL,
        CONSTRAINT trip_times CHECK (started_at > -1e12 AND ended_at < 1e12 AND ended_at >= started_at),
        CONSTRAINT trip_distance CHECK (distance_m BETWEEN 0 AND 1e9),
        CONSTRAINT trip_idle CHECK (idle_s BETWEEN 0 AND 1e12 AND idle_periods >= 0),
        CONSTRAINT trip_max_speed CHECK (max_speed_mps BETWEEN 0 AND 1e6),
        CONSTRAINT trip_latitude CHECK (
            coalesce(start_lat, 0) BETWEEN -90 AND 90 AND coalesce(end_lat, 0) BETWEEN -90 AND 90),
        CONSTRAINT trip_longitude CHECK (
            coalesce(start_lon, 0) BETWEEN -180 AND 180 AND coalesce(end_lon, 0) BETWEEN -180 AND 180),
        CONSTRAINT trip_coordinates CHECK (
            (start_lat IS NULL) = (start_lon IS NULL) AND (end_lat IS NULL) = (end_lon IS NULL)),
        CONSTRAINT trip_fixes_used CHECK (fixes_used >= 0),
        CONSTRAINT trip_source CHECK (source IN ('gps', 'manual', 'regular')),
        CONSTRAINT trip_import_key CHECK (import_key IS NULL OR source = 'gps'),
        CONSTRAINT trip_odometer CHECK (
            coalesce(start_odometer, 0) BETWEEN 0 AND 1e9 AND coalesce(end_odometer, 0) BETWEEN 0 AND 1e9
            AND (start_odometer IS NULL OR end_odometer IS NULL OR end_odometer >= start_odometer)),
        CONSTRAINT trip_category CHECK (category IS NULL OR category IN ('business', 'private', 'commute')),
        CONSTRAINT trip_category_origin CHECK (
            (category IS NULL) = (category_origin IS NULL)
            AND (category_origin IS NULL OR category_origin IN ('manual', 'rule', 'regular', 'default'))),
        CONSTRAINT trip_business_purpose CHECK (
            category IS NOT 'business' OR length(trim(coalesce(purpose, ''))) > 0),
        CONSTRAINT trip_locked CHECK (locked IN (0, 1)),
        CONSTRAINT trip_void CHECK (
            (voided_at IS NULL) = (void_reason IS NULL) AND (void_reason IS NULL OR length(trim(void_reason)) > 0))
    ) STRICT;

    INSERT INTO new_trip (
        id, vehicle_id, started_at, ended_at, distance_m, idle_s, idle_periods, max_speed_mps,
        start_lat, start_lon, end_lat, end_lon, fixes_used, source, import_key, created_at)
    SELECT id, vehicle_id, started_at, ended_at, distance_m, idle_s, idle_periods, max_speed_mps,
        start_lat, start_lon, end_lat, end_lon, fixes_used, 'gps', import_key, created_at
    FROM trip;
    DROP TABLE trip;
    ALTER TABLE new_trip RENAME TO trip;
    CREATE UNIQUE INDEX trip_once ON trip(vehicle_id, started_at) WHERE voided_at IS NULL;
    CREATE INDEX trip_started_at ON trip(started_at);
    CREATE INDEX trip_import_key ON trip(import_key);
    CREATE INDEX trip_driver ON trip(driver_id);

    CREATE TRIGGER trip_locked_unchanged BEFORE UPDATE ON trip WHEN OLD.locked = 1
    BEGIN SELECT RAISE(ABORT, 'trip_locked: the trip is locked and cannot be changed'); END;
    CREATE TRIGGER trip_voided_unchanged BEFORE UPDATE ON trip WHEN OLD.voided_at IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'trip_voided: a voided trip cannot be changed'); END;
    CREATE TRIGGER trip_never_deleted BEFORE DELETE ON trip
    BEGIN SELECT RAISE(ABORT, 'trip_never_deleted: trips are voided, never deleted'); END;

    CREATE TABLE audit_entry (
        sequence INTEGER PRIMARY KEY,
        recorded_at REAL NOT NULL,
        actor TEXT NOT NULL,
        entity TEXT NOT NULL,
        entity_id TEXT NOT NULL,
        action TEXT NOT NULL,
        field TEXT,
        old_value TEXT,
        new_value TEXT,
        previous_hash TEXT NOT NULL,
        hash TEXT NOT NULL UNIQUE,
        CONSTRAINT audit_entry_sequence CHECK (sequence > 0),
        CONSTRAINT audit_entry_action CHECK (action IN ('create', 'edit', 'void', 'merge', 'split')),
        CONSTRAINT audit_entry_hashes CHECK (length(hash) = 64 AND length(previous_hash) = 64)
    ) STRICT;
    CREATE INDEX audit_entry_entity ON audit_entry(entity, entity_id);
    CREATE TRIGGER audit_entry_in_order BEFORE INSERT ON audit_entry
    WHEN NEW.sequence <> (SELECT coalesce(max(sequence), 0) + 1 FROM audit_entry)
        OR NEW.previous_hash <> coalesce(
            (SELECT hash FROM audit_entry ORDER BY sequence DESC LIMIT 1), printf('%.64d', 0))
    BEGIN SELECT RAISE(ABORT, 'audit_entry_in_order: an audit entry must link to the last one'); END;
    CREATE TRIGGER audit_entry_never_updated BEFORE UPDATE ON audit_entry
    BEGIN SELECT RAISE(ABORT, 'audit_entry_append_only: audit entries are never changed'); END;
    CREATE TRIGGER audit_entry_never_deleted BEFORE DELETE ON audit_entry
    BEGIN SELECT RAISE(ABORT, 'audit_entry_append_only: audit entries are never deleted'); END;

    CREATE TABLE odometer_reading (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        vehicle_id INTEGER NOT NULL REFERENCES vehicle(id) ON DELETE RESTRICT,
        read_at REAL NOT NULL,
        reading REAL NOT NULL,
        note TEXT,
        created_at REAL NOT NULL,
        CONSTRAINT odometer_reading_value CHECK (reading BETWEEN 0 AND 1e9),
        CONSTRAINT odometer_reading_once UNIQUE (vehicle_id, read_at)
    ) STRICT;

    CREATE TABLE place (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE,
        lat REAL NOT NULL,
        lon REAL NOT NULL,
        radius_m REAL NOT NULL,
        created_at REAL NOT NULL,
        CONSTRAINT place_name CHECK (length(name) > 0 AND name = trim(name)),
        CONSTRAINT place_position CHECK (lat BETWEEN -90 AND 90 AND lon BETWEEN -180 AND 180),
        CONSTRAINT place_radius CHECK (radius_m > 0 AND radius_m <= 100000)
    ) STRICT;

    CREATE TABLE rule (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE,
        priority INTEGER NOT NULL DEFAULT 0,
        weekdays TEXT NOT NULL DEFAULT '',
        time_window TEXT,
        start_place_id INTEGER REFERENCES place(id) ON DELETE RESTRICT,
        end_place_id INTEGER REFERENCES place(id) ON DELETE RESTRICT,
        vehicle_id INTEGER REFERENCES vehicle(id) ON DELETE CASCADE,
        category TEXT NOT NULL,
        purpose TEXT,
        created_at REAL NOT NULL,
        CONSTRAINT rule_name CHECK (length(name) > 0 AND name = trim(name)),
        CONSTRAINT rule_category CHECK (category IN ('business', 'private', 'commute')),
        CONSTRAINT rule_purpose CHECK (category <> 'business' OR length(trim(coalesce(purpose, ''))) > 0)
    ) STRICT;
    """

/// Reports by e-mail: every message goes into the outbox first (its exact bytes, so what is retried is what was
/// queued) and a sender delivers it with backoff; `report_delivery` remembers which period was sent for which
/// vehicle so the daemon's monthly report never goes out twice.
private let schemaV3 = """
    CREATE TABLE mail_outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at REAL NOT NULL,
        sender TEXT NOT NULL,
        recipients TEXT NOT NULL,
        message_id TEXT NOT NULL,
        subject TEXT NOT NULL,
        message BLOB NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending',
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at REAL NOT NULL,
        last_error TEXT,
        sent_at REAL,
        CONSTRAINT mail_outbox_status CHECK (status IN ('pending', 'sent', 'failed')),
        CONSTRAINT mail_outbox_sent CHECK ((status = 'sent') = (sent_at IS NOT NULL)),
        CONSTRAINT mail_outbox_attempts CHECK (attempts >= 0),
        CONSTRAINT mail_outbox_message CHECK (length(message) > 0 AND length(recipients) > 0)
    ) STRICT;
    CREATE INDEX mail_outbox_due ON mail_outbox(status, next_attempt_at);

    CREATE TABLE report_delivery (
        vehicle_id INTEGER NOT NULL REFERENCES vehicle(id) ON DELETE CASCADE,
        period TEXT NOT NULL,
        mail_id INTEGER NOT NULL REFERENCES mail_outbox(id) ON DELETE RESTRICT,
        created_at REAL NOT NULL,
        PRIMARY KEY (vehicle_id, period)
    ) STRICT;
    """

/// Books kept straight (issue 11). A file's content is recorded once in `imported_file` (trips point at it), and
/// which vehicles it was imported to in `vehicle_import`, so the duplicate-file check is per vehicle.
/// `trip_conflict` keeps an imported GPS trip that overlaps a trip of the log aside (with its track) until someone
/// chooses which stays. Odometer readings are rebuilt to be voided rather than overwritten or deleted, with a
/// `forced` flag for readings recorded against the chain.
private let schemaV4 = """
    CREATE TABLE vehicle_import (
        fingerprint TEXT NOT NULL REFERENCES imported_file(fingerprint) ON DELETE CASCADE,
        vehicle_id INTEGER NOT NULL REFERENCES vehicle(id) ON DELETE RESTRICT,
        path TEXT NOT NULL,
        imported_at REAL NOT NULL,
        trips INTEGER NOT NULL,
        conflicts INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (fingerprint, vehicle_id),
        CONSTRAINT vehicle_import_counts CHECK (trips >= 0 AND conflicts >= 0)
    ) STRICT;
    INSERT INTO vehicle_import (fingerprint, vehicle_id, path, imported_at, trips)
    SELECT fingerprint, vehicle_id, path, imported_at, trips FROM imported_file;
    CREATE INDEX vehicle_import_vehicle ON vehicle_import(vehicle_id);

    CREATE TABLE trip_conflict (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        vehicle_id INTEGER NOT NULL REFERENCES vehicle(id) ON DELETE RESTRICT,
        existing_trip_id INTEGER NOT NULL REFERENCES trip(id) ON DELETE RESTRICT,
        import_key TEXT REFERENCES imported_file(fingerprint) ON DELETE SET NULL,
        started_at REAL NOT NULL,
        ended_at REAL NOT NULL,
        distance_m REAL NOT NULL,
        idle_s REAL NOT NULL,
        idle_periods INTEGER NOT NULL,
        max_speed_mps REAL NOT NULL,
        start_lat REAL NOT NULL,
        start_lon REAL NOT NULL,
        end_lat REAL NOT NULL,
        end_lon REAL NOT NULL,
        fixes_used INTEGER NOT NULL,
        point_count INTEGER NOT NULL DEFAULT 0,
        points BLOB,
        created_at REAL NOT NULL,
        resolution TEXT,
        resolved_at REAL,
        kept_trip_id INTEGER REFERENCES trip(id) ON DELETE RESTRICT,
        CONSTRAINT trip_conflict_times CHECK (started_at > -1e12 AND ended_at < 1e12 AND ended_at >= started_at),
        CONSTRAINT trip_conflict_distance CHECK (distance_m BETWEEN 0 AND 1e9),
        CONSTRAINT trip_conflict_measures CHECK (
            idle_s >= 0 AND idle_periods >= 0 AND max_speed_mps >= 0 AND fixes_used >= 0 AND point_count >= 0),
        CONSTRAINT trip_conflict_track CHECK ((points IS NULL) = (point_count = 0)),
        CONSTRAINT trip_conflict_resolution CHECK (
            (resolution IS NULL AND resolved_at IS NULL AND kept_trip_id IS NULL)
            OR (resolution IN ('existing', 'imported') AND resolved_at IS NOT NULL AND kept_trip_id IS NOT NULL))
    ) STRICT;
    CREATE INDEX trip_conflict_vehicle ON trip_conflict(vehicle_id, started_at);
    CREATE TRIGGER trip_conflict_resolved_unchanged BEFORE UPDATE ON trip_conflict WHEN OLD.resolution IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'trip_conflict_resolved: a resolved conflict cannot be changed'); END;
    CREATE TRIGGER trip_conflict_never_deleted BEFORE DELETE ON trip_conflict
    BEGIN SELECT RAISE(ABORT, 'trip_conflict_never_deleted: conflicts are resolved, never deleted'); END;

    CREATE TABLE new_odometer_reading (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        vehicle_id INTEGER NOT NULL REFERENCES vehicle(id) ON DELETE RESTRICT,
        read_at REAL NOT NULL,
        reading REAL NOT NULL,
        note TEXT,
        created_at REAL NOT NULL,
        forced INTEGER NOT NULL DEFAULT 0,
        voided_at REAL,
        void_reason TEXT,
        CONSTRAINT odometer_reading_value CHECK (reading BETWEEN 0 AND 1e9),
        CONSTRAINT odometer_reading_forced CHECK (forced IN (0, 1)),
        CONSTRAINT odometer_reading_void CHECK (
            (voided_at IS NULL) = (void_reason IS NULL) AND (void_reason IS NULL OR length(trim(void_reason)) > 0))
    ) STRICT;
    INSERT INTO new_odometer_reading (id, vehicle_id, read_at, reading, note, created_at)
    SELECT id, vehicle_id, read_at, reading, note, created_at FROM odometer_reading;
    DROP TABLE odometer_reading;
    ALTER TABLE new_odometer_reading RENAME TO odometer_reading;
    CREATE UNIQUE INDEX odometer_reading_once ON odometer_reading(vehicle_id, read_at) WHERE voided_at IS NULL;
    CREATE TRIGGER odometer_reading_voided_unchanged BEFORE UPDATE ON odometer_reading WHEN OLD.voided_at IS NOT NULL
    BEGIN SELECT RAISE(ABORT, 'odometer_reading_voided: a voided reading cannot be changed'); END;
    CREATE TRIGGER odometer_reading_never_deleted BEFORE DELETE ON odometer_reading
    BEGIN SELECT RAISE(ABORT, 'odometer_reading_never_deleted: readings are voided, never deleted'); END;
    """

/// Whether a trip's odometer was derived from the chain (a trip typed in by distance: its readings follow the trip
/// before it and move when a trip is back-filled before it) rather than given or measured. Trips stored before this
/// migration count as anchored (0): nothing moves them.
private let schemaV5 = """
    ALTER TABLE trip ADD COLUMN odometer_derived INTEGER NOT NULL DEFAULT 0
        CONSTRAINT trip_odometer_derived CHECK (odometer_derived IN (0, 1));
    """

/// Users of `logbook serve`, shared by every domain. Passwords and tokens are stored only as hashes:
/// a salted bcrypt hash for passwords, SHA-256 of the 256-bit random token (and session id), so a copy
/// of the file does not let anyone in.
private let schemaV6 = """
    CREATE TABLE app_user (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE
            CONSTRAINT app_user_name CHECK (length(name) BETWEEN 1 AND 64 AND name = trim(name)),
        role TEXT NOT NULL CONSTRAINT app_user_role CHECK (role IN ('admin', 'accountant', 'driver')),
        password_hash TEXT CONSTRAINT app_user_password CHECK (password_hash IS NULL OR password_hash LIKE '$2%'),
        created_at REAL NOT NULL
    );
    CREATE TABLE app_user_vehicle (
        user_id INTEGER NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        vehicle_id INTEGER NOT NULL REFERENCES vehicle (id),
        PRIMARY KEY (user_id, vehicle_id)
    );
    CREATE TABLE api_token (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        token_hash TEXT NOT NULL UNIQUE CONSTRAINT api_token_hash CHECK (length(token_hash) = 64),
        created_at REAL NOT NULL,
        expires_at REAL,
        revoked_at REAL,
        last_used_at REAL
    );
    CREATE TABLE web_session (
        id_hash TEXT PRIMARY KEY CONSTRAINT web_session_hash CHECK (length(id_hash) = 64),
        user_id INTEGER NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL,
        created_at REAL NOT NULL,
        expires_at REAL NOT NULL
    );
    CREATE INDEX web_session_expiry ON web_session (expires_at);
    """

/// The API's trip pages count the trips a filter matches and sum their distance on every request: this index holds
/// every column those queries read, so they search it (a driver's vehicles) or scan it (everything) alone, not the
/// trip rows.
/// Which ends of a GPS trip the engine estimated (issue 26): `start`, `end` or `start end`; NULL when it saw both.
private let schemaV14 = """
    ALTER TABLE trip ADD COLUMN estimated TEXT
        CONSTRAINT trip_estimated CHECK (estimated IS NULL OR estimated IN ('start', 'end', 'start end'));
    """

private let devicesSchemaV15 = """
    CREATE TABLE device (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE,
        vehicle_id INTEGER NOT NULL REFERENCES vehicle(id) ON DELETE RESTRICT,
        token_hash TEXT NOT NULL UNIQUE,
        speed_unit TEXT NOT NULL,
        revoked_at REAL,
        created_at REAL NOT NULL,
        last_seen_at REAL,
        last_battery REAL,
        CONSTRAINT device_name CHECK (length(name) > 0 AND name = trim(name)),
        CONSTRAINT device_token_hash CHECK (length(token_hash) = 64),
        CONSTRAINT device_speed_unit CHECK (length(speed_unit) > 0),
        CONSTRAINT device_battery CHECK (last_battery IS NULL OR last_battery BETWEEN 0 AND 100)
    ) STRICT;
    CREATE INDEX device_vehicle ON device(vehicle_id);

    CREATE TABLE device_position (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        device_id INTEGER NOT NULL REFERENCES device(id) ON DELETE CASCADE,
        fixed_at REAL NOT NULL,
        lat REAL NOT NULL,
        lon REAL NOT NULL,
        speed_mps REAL,
        course_deg REAL,
        altitude_m REAL,
        accuracy_m REAL,
        hdop REAL,
        battery REAL,
        attributes TEXT,
        received_at REAL NOT NULL,
        CONSTRAINT device_position_latitude CHECK (lat BETWEEN -90 AND 90),
        CONSTRAINT device_position_longitude CHECK (lon BETWEEN -180 AND 180),
        CONSTRAINT device_position_attributes CHECK (attributes IS NULL OR json_valid(attributes)),
        CONSTRAINT device_position_once UNIQUE (device_id, fixed_at)
    ) STRICT;

    CREATE TABLE device_refusal (
        device_id INTEGER NOT NULL REFERENCES device(id) ON DELETE CASCADE,
        reason TEXT NOT NULL,
        count INTEGER NOT NULL,
        CONSTRAINT device_refusal_reason CHECK (length(reason) > 0),
        CONSTRAINT device_refusal_count CHECK (count >= 0),
        PRIMARY KEY (device_id, reason)
    ) STRICT;
    """

private let deviceTripsSchemaV16 = """
    ALTER TABLE device ADD COLUMN position_count INTEGER NOT NULL DEFAULT 0;
    UPDATE device SET position_count = (SELECT count(*) FROM device_position WHERE device_id = device.id);

    CREATE TABLE device_trip (
        trip_id INTEGER PRIMARY KEY REFERENCES trip(id) ON DELETE CASCADE,
        device_id INTEGER NOT NULL REFERENCES device(id) ON DELETE CASCADE
    ) STRICT;
    CREATE INDEX device_trip_device ON device_trip(device_id);

    CREATE TABLE device_engine (
        device_id INTEGER PRIMARY KEY REFERENCES device(id) ON DELETE CASCADE,
        last_fix_time REAL,
        closed_silently REAL,
        saved_at REAL NOT NULL,
        state BLOB NOT NULL
    ) STRICT;

    CREATE TABLE upload_queue (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        fixed_at REAL NOT NULL UNIQUE,
        lat REAL NOT NULL,
        lon REAL NOT NULL,
        speed_mps REAL,
        course_deg REAL,
        altitude_m REAL,
        eph_m REAL,
        hdop REAL,
        CONSTRAINT upload_queue_latitude CHECK (lat BETWEEN -90 AND 90),
        CONSTRAINT upload_queue_longitude CHECK (lon BETWEEN -180 AND 180)
    ) STRICT;

    CREATE TABLE device_snapshot (
        device_id INTEGER NOT NULL REFERENCES device(id) ON DELETE CASCADE,
        last_fix_time REAL NOT NULL,
        trip_end REAL NOT NULL,
        state BLOB NOT NULL,
        PRIMARY KEY (device_id, last_fix_time)
    ) STRICT;
    """

private let schemaV7 = """
    CREATE INDEX trip_listing ON trip(vehicle_id, voided_at, started_at, distance_m, category, driver_id);
    """
