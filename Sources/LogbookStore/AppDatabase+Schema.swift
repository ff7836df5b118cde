import GRDB

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
        return migrator
    }()

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
