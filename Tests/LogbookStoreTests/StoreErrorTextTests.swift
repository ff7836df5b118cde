import GRDB
import Testing

@testable import LogbookStore

/// A store error never carries SQLite's text (it names tables, columns and constraints): a constraint's refusal
/// names the field in plain words, a trigger's message loses its rule's name, anything else keeps only its code.
@Suite struct StoreErrorTextTests {
    static let sqlWords = [
        "CHECK constraint", "UNIQUE constraint", "NOT NULL constraint", "FOREIGN KEY", "constraint failed", "SELEC",
        "vehicle_initial_odometer", "vehicle.", "INSERT", "syntax", "no such",
    ]

    /// The StoreError for what SQLite answers to `sql` on a small schema like the log's.
    static func error(_ sql: String) throws -> StoreError {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE vehicle (id INTEGER PRIMARY KEY, plate TEXT NOT NULL UNIQUE, initial_odometer REAL,
                        CONSTRAINT vehicle_initial_odometer CHECK (initial_odometer BETWEEN 0 AND 1e9));
                    CREATE TABLE trip (id INTEGER PRIMARY KEY, vehicle_id INTEGER NOT NULL REFERENCES vehicle(id));
                    CREATE TRIGGER trip_locked BEFORE DELETE ON trip
                    BEGIN SELECT RAISE(ABORT, 'trip_locked: the trip is locked and cannot be changed'); END;
                    INSERT INTO vehicle (plate) VALUES ('ABC1');
                    INSERT INTO trip (vehicle_id) VALUES (1);
                    PRAGMA foreign_keys = ON;
                    """)
        }
        do {
            try queue.write { db in try db.execute(sql: sql) }
        } catch {
            return StoreError.wrap(error, operation: "test")
        }
        throw StoreErrorTextTestsFailure()
    }

    struct StoreErrorTextTestsFailure: Error {}

    @Test(arguments: [
        (
            "INSERT INTO vehicle (plate, initial_odometer) VALUES ('Q1', 1e300)", StoreError.Code.constraint,
            "initial_odometer must be between 0 and 1000000000", "initial_odometer" as String?
        ),
        (
            "INSERT INTO vehicle (plate) VALUES ('ABC1')", .constraint,
            "plate: there is already an entry with this value", "plate"
        ),
        ("INSERT INTO vehicle (plate) VALUES (NULL)", .constraint, "plate is required", "plate"),
        (
            "INSERT INTO trip (vehicle_id) VALUES (99)", .constraint,
            "the entry refers to something that does not exist, or is still referred to", nil
        ),
        ("DELETE FROM trip", .constraint, "the trip is locked and cannot be changed", nil),
        ("SELEC plate FROM vehicle", .other, "SQLite error 1", nil),
    ])
    func plainWords(sql: String, code: StoreError.Code, detail: String, field: String?) throws {
        let error = try Self.error(sql)
        #expect(error.code == code)
        #expect(error.detail == detail)
        #expect(error.field == field)
        for word in Self.sqlWords { #expect(!error.description.contains(word), "\(word): \(error.description)") }
    }
}
