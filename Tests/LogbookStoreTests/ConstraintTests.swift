import Foundation
import GRDB
import LogbookStore
import Testing

/// Invariants live in the schema: rows written with raw SQL, bypassing `AppDatabase`, are refused.
@Suite struct ConstraintTests {
    /// A valid trip row; each bad case replaces one column.
    static var goodTrip: [String: (any DatabaseValueConvertible)?] {
        [
            "started_at": 1_000.0, "ended_at": 1_900.0, "distance_m": 9_000.0, "idle_s": 120.0, "idle_periods": 2,
            "max_speed_mps": 20.0, "start_lat": 48.1, "start_lon": 11.5, "end_lat": 48.2, "end_lon": 11.6,
            "fixes_used": 900, "source": "gps", "import_key": nil, "created_at": 2_000.0,
        ]
    }

    static func insertTrip(
        vehicleID: Int64, replacing column: String? = nil, with value: (any DatabaseValueConvertible)? = nil,
        _ db: Database
    ) throws {
        var row = goodTrip
        if let column { row[column] = .some(value) }
        let columns = row.keys.sorted()
        let sql = """
            INSERT INTO trip (vehicle_id, \(columns.joined(separator: ", ")))
            VALUES (?, \(Array(repeating: "?", count: columns.count).joined(separator: ", ")))
            """
        var arguments: [(any DatabaseValueConvertible)?] = [vehicleID]
        arguments += columns.map { row[$0]! }
        try db.execute(sql: sql, arguments: StatementArguments(arguments))
    }

    struct BadValue: Sendable, CustomTestStringConvertible {
        let column: String
        let value: (any DatabaseValueConvertible & Sendable)?
        var testDescription: String { "\(column) = \(value.map { "\($0)" } ?? "NULL")" }
    }

    static let badTripValues: [BadValue] = [
        BadValue(column: "ended_at", value: 999.0),  // end < start
        BadValue(column: "start_lat", value: 91.0),
        BadValue(column: "end_lat", value: -90.5),
        BadValue(column: "start_lon", value: 180.5),
        BadValue(column: "end_lon", value: -181.0),
        BadValue(column: "distance_m", value: -1.0),
        BadValue(column: "distance_m", value: Double.infinity),
        BadValue(column: "distance_m", value: nil),
        BadValue(column: "idle_s", value: -0.5),
        BadValue(column: "idle_periods", value: -1),
        BadValue(column: "max_speed_mps", value: -2.0),
        BadValue(column: "fixes_used", value: -1),
        BadValue(column: "source", value: "bicycle"),
        BadValue(column: "started_at", value: "2026-01-01T00:00:00Z"),  // text timestamp: STRICT refuses
        BadValue(column: "created_at", value: nil),
        BadValue(column: "import_key", value: "abc"),  // a gps trip has no import key (and no such file)
        BadValue(column: "estimated", value: "middle"),  // only 'start', 'end' or 'start end'
    ]

    @Test(arguments: DatabaseKind.sqlite)
    func theGoodRowIsAccepted(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let vehicle = try test.database.vehicle(plate: "A")
        try test.writer.write { db in try Self.insertTrip(vehicleID: vehicle.id!, db) }
        #expect(try test.database.count("trip") == 1)
        // The generated columns, checked against hand-computed values.
        let row = try test.writer.read { db in
            try Row.fetchOne(db, sql: "SELECT duration_s, moving_s, avg_speed_mps FROM trip")!
        }
        #expect(row["duration_s"] == 900.0)
        #expect(row["moving_s"] == 780.0)
        #expect(row["avg_speed_mps"] == 10.0)
    }

    @Test(arguments: DatabaseKind.sqlite, badTripValues)
    func badTripRowsAreRefused(kind: DatabaseKind, bad: BadValue) throws {
        let test = try kind.make()
        defer { test.remove() }
        let vehicle = try test.database.vehicle(plate: "A")
        let error = #expect(throws: DatabaseError.self) {
            try test.writer.write { db in
                try Self.insertTrip(vehicleID: vehicle.id!, replacing: bad.column, with: bad.value, db)
            }
        }
        #expect(error?.resultCode == .SQLITE_CONSTRAINT)
        #expect(try test.database.count("trip") == 0)
    }

    @Test(arguments: DatabaseKind.sqlite)
    func otherTablesRefuseBadRows(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let vehicle = try test.database.vehicle(plate: "A")
        let id = vehicle.id!
        try test.writer.write { db in try ConstraintTests.insertTrip(vehicleID: id, db) }
        let statements: [(String, StatementArguments)] = [
            ("INSERT INTO vehicle (plate, created_at) VALUES ('', 1.0)", []),
            ("INSERT INTO vehicle (plate, created_at) VALUES (' B ', 1.0)", []),  // untrimmed
            ("INSERT INTO vehicle (plate, created_at) VALUES ('a', 1.0)", []),  // same plate as 'A'
            ("INSERT INTO vehicle (plate, created_at) VALUES ('C', 'yesterday')", []),
            ("INSERT INTO trip_track (trip_id, point_count, points) VALUES (1, 0, x'010000')", []),
            ("INSERT INTO engine_checkpoint (vehicle_id, saved_at, state) VALUES (?, 1.0, x'')", [id]),
            (
                "INSERT INTO imported_file (fingerprint, vehicle_id, path, imported_at, trips) VALUES ('', ?, 'p', 1, 0)",
                [id]
            ),
            (
                "INSERT INTO imported_file (fingerprint, vehicle_id, path, imported_at, trips) VALUES ('f', ?, 'p', 1, -1)",
                [id]
            ),
        ]
        for (sql, arguments) in statements {
            let error = #expect(throws: DatabaseError.self, "\(sql)") {
                try test.writer.write { db in try db.execute(sql: sql, arguments: arguments) }
            }
            #expect(error?.resultCode == .SQLITE_CONSTRAINT, "\(sql)")
        }
    }

    @Test(arguments: DatabaseKind.sqlite)
    func foreignKeysAreEnforced(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let vehicle = try test.database.vehicle(plate: "A")
        let id = vehicle.id!

        // No such vehicle, trip or file.
        for (sql, arguments) in [
            ("INSERT INTO engine_checkpoint (vehicle_id, saved_at, state) VALUES (999, 1.0, x'7b7d')", []),
            ("INSERT INTO trip_track (trip_id, point_count, points) VALUES (999, 1, x'01010000000000')", []),
            (
                "INSERT INTO imported_file (fingerprint, vehicle_id, path, imported_at, trips) VALUES ('f', 999, 'p', 1, 0)",
                []
            ),
        ] as [(String, StatementArguments)] {
            let error = #expect(throws: DatabaseError.self, "\(sql)") {
                try test.writer.write { db in try db.execute(sql: sql, arguments: arguments) }
            }
            #expect(error?.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY, "\(sql)")
        }
        let error = #expect(throws: DatabaseError.self) {
            try test.writer.write { db in try ConstraintTests.insertTrip(vehicleID: 999, db) }
        }
        #expect(error?.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY)

        // A vehicle with trips cannot be deleted; a trip is never deleted (it is voided) so its track
        // stays; deleting a vehicle deletes its checkpoint.
        let stored = try #require(
            try test.database.insertTrip(sampleTrip(trackPoints: 4), vehicle: vehicle, source: .gps))
        #expect(try test.database.count("trip_track") == 1)
        #expect(throws: DatabaseError.self) {
            try test.writer.write { db in try db.execute(sql: "DELETE FROM vehicle WHERE id = ?", arguments: [id]) }
        }
        let refused = #expect(throws: DatabaseError.self) {
            try test.writer.write { db in
                try db.execute(sql: "DELETE FROM trip WHERE id = ?", arguments: [stored.id])
            }
        }
        #expect(refused?.message?.contains("trip_never_deleted") == true)
        #expect(try test.database.count("trip_track") == 1)

        let other = try test.database.vehicle(plate: "B")
        try test.database.saveCheckpoint(
            EngineCheckpoint(vehicleID: other.id!, savedAt: 1, lastFixTime: nil, state: Data("{}".utf8)))
        try test.writer.write { db in
            try db.execute(sql: "DELETE FROM vehicle WHERE id = ?", arguments: [other.id!])
        }
        #expect(try test.database.count("engine_checkpoint") == 0)
    }

    @Test(arguments: DatabaseKind.sqlite)
    func errorsDoNotQuoteArguments(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let vehicle = try test.database.vehicle(plate: "A")
        let error = #expect(throws: DatabaseError.self) {
            try test.writer.write { db in
                try Self.insertTrip(vehicleID: vehicle.id!, replacing: "start_lat", with: 91.2345678, db)
            }
        }
        let text = try #require(error).description
        #expect(text.contains("trip_latitude"))
        #expect(!text.contains("91.2345678"))
        #expect(!text.contains("48.1"))
    }
}
