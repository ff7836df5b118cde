import Foundation
import GRDB
import LogbookStore
import Testing

@Suite struct SchemaTests {
    @Test(arguments: DatabaseKind.sqlite)
    func migrationsCreateTheSchema(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        try test.writer.read { db in
            for table in ["vehicle", "trip", "trip_track", "engine_checkpoint", "imported_file"] {
                #expect(try db.tableExists(table), "\(table)")
            }
            let tripColumns = try Set(db.columns(in: "trip").map(\.name))
            let expected: Set = [
                "id", "vehicle_id", "started_at", "ended_at", "distance_m", "duration_s", "moving_s", "idle_s",
                "idle_periods", "max_speed_mps", "avg_speed_mps", "start_lat", "start_lon", "end_lat", "end_lon",
                "fixes_used", "source", "import_key", "created_at",
            ]
            #expect(expected.isSubset(of: tripColumns), "missing: \(expected.subtracting(tripColumns))")
            // Every table is STRICT, so a REAL column can never hold a text timestamp.
            let strict = try Row.fetchAll(db, sql: "PRAGMA table_list").filter { ($0["strict"] as Int?) == 1 }
                .map { $0["name"] as String }
            #expect(
                Set(strict).isSuperset(of: [
                    "vehicle", "trip", "trip_track", "engine_checkpoint", "imported_file", "profile", "driver",
                    "regular_trip", "audit_entry", "odometer_reading", "place", "rule",
                ]))
            #expect(try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") == true)
            // The foreign keys are declared (and point where they should).
            let tripKeys = try db.foreignKeys(on: "trip").map { $0.destinationTable }
            #expect(Set(tripKeys) == ["vehicle", "imported_file", "driver", "regular_trip"])
            #expect(try db.foreignKeys(on: "trip_track").map(\.destinationTable) == ["trip"])
            #expect(try db.foreignKeys(on: "engine_checkpoint").map(\.destinationTable) == ["vehicle"])
            // Nothing inconsistent after migration.
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
        }
    }

    @Test func migrationsAreAppendOnly() {
        // Shipped migrations, in order. Editing this list (rather than appending) means an
        // installed database would not get the change: add a new migration instead.
        let shipped = [
            "v1 vehicles, trips, tracks, checkpoints, imported files",
            "v2 mileage log: profile, drivers, classified trips, audit chain, odometer",
        ]
        #expect(Array(AppDatabase.migrationIdentifiers.prefix(shipped.count)) == shipped)
    }

    @Test(arguments: DatabaseKind.sqlite)
    func connectionSettings(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        try test.writer.writeWithoutTransaction { db in
            // FULL (2): a committed trip survives a power cut, also in WAL mode.
            #expect(try Int.fetchOne(db, sql: "PRAGMA synchronous") == 2)
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode")
            switch kind {
            case .memory: #expect(mode == "memory")
            case .diskQueue: #expect(mode == "delete")
            case .walPool: #expect(mode == "wal")
            case .postgres: Issue.record("SQLite only")
            }
        }
        #expect(kind == .walPool ? test.writer is DatabasePool : test.writer is DatabaseQueue)
        // Readers (separate connections in a pool) enforce foreign keys too.
        let readerForeignKeys = try test.database.reader.read { db in
            try Bool.fetchOne(db, sql: "PRAGMA foreign_keys")
        }
        #expect(readerForeignKeys == true)
    }

    @Test func refusesAWriterWithoutForeignKeys() throws {
        var configuration = AppDatabase.configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(configuration: configuration)
        #expect(throws: StoreError.self) { try AppDatabase(queue) }
    }

    @Test(arguments: [DatabaseKind.diskQueue, .walPool])
    func reopeningKeepsDataAndDoesNotMigrateAgain(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let vehicle = try test.database.vehicle(plate: "M-LB 42")
        try test.database.insertTrip(sampleTrip(trackPoints: 3), vehicle: vehicle, source: .gps)
        let path = test.writer.path
        let applied = try test.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations")
        }
        #expect(applied == AppDatabase.migrationIdentifiers.count)

        let reopened = try AppDatabase.open(path: path)
        #expect(try reopened.trips().map(\.trip) == [sampleTrip(trackPoints: 3)])
        #expect(try reopened.vehicles().map(\.plate) == ["M-LB 42"])
        let reapplied = try reopened.reader.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations")
        }
        #expect(reapplied == applied)
    }

    @Test func defaultPath() {
        let cases: [([String: String], String)] = [
            (["LOGBOOK_DATABASE": "/srv/db.sqlite", "XDG_DATA_HOME": "/x", "HOME": "/home/a"], "/srv/db.sqlite"),
            (["XDG_DATA_HOME": "/x/data", "HOME": "/home/a"], "/x/data/logbook/logbook.sqlite"),
            (["XDG_DATA_HOME": "/x/data/", "HOME": "/home/a"], "/x/data/logbook/logbook.sqlite"),
            // The XDG spec says a relative XDG_DATA_HOME is to be ignored; empty values too.
            (["XDG_DATA_HOME": "data", "HOME": "/home/a"], "/home/a/.local/share/logbook/logbook.sqlite"),
            (
                ["LOGBOOK_DATABASE": "", "XDG_DATA_HOME": "", "HOME": "/home/a"],
                "/home/a/.local/share/logbook/logbook.sqlite"
            ),
            (["HOME": "/root"], "/root/.local/share/logbook/logbook.sqlite"),
        ]
        for (environment, expected) in cases {
            #expect(AppDatabase.defaultPath(environment: environment) == expected, "\(environment)")
        }
    }

    @Test func openCreatesParentDirectories() throws {
        let directory = try TestDatabase.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("a/b/c/logbook.sqlite").path
        let database = try AppDatabase.open(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try database.vehicles().isEmpty)
    }

    @Test func openFailsWithAnIOErrorWhereNoDirectoryCanBeMade() throws {
        let directory = try TestDatabase.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A regular file where a directory should be.
        let blocker = directory.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let error = #expect(throws: StoreError.self) {
            try AppDatabase.open(path: blocker.appendingPathComponent("logbook.sqlite").path)
        }
        #expect(error?.code == .io)
    }

    @Test func aFileThatIsNotADatabaseIsReportedAsCorrupt() throws {
        let directory = try TestDatabase.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("logbook.sqlite")
        try Data(repeating: 0x5A, count: 4_096).write(to: path)
        let error = #expect(throws: StoreError.self) { try AppDatabase.open(path: path.path) }
        #expect(error?.code == .corrupt)
    }
}
