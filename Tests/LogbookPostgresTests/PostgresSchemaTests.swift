import Foundation
import GRDB
import LogbookPostgres
import LogbookStore
import PostgresNIO
import LogbookTestSupport
import Testing

/// The PostgreSQL schema beside the SQLite one (issue 30 §2): every table and column of a fresh SQLite log exists on
/// a migrated PostgreSQL log, with a compatible type and the same nullability, and nothing more.
@Suite(.enabled(if: TestCluster.isAvailable, "no test cluster"))
struct PostgresSchemaTests {
    /// What each SQLite column type becomes on PostgreSQL.
    static let compatible: [String: Set<String>] = [
        "INTEGER": ["bigint", "integer"], "REAL": ["double precision"], "TEXT": ["text"], "BLOB": ["bytea"],
    ]

    /// Every difference between the two schemas, in words; empty when they agree.
    static func differences(sqlite: LogSchema, postgres: LogSchema) -> [String] {
        var found: [String] = []
        for table in Set(sqlite.tables.keys).subtracting(postgres.tables.keys).sorted() {
            found.append("table \(table) is on SQLite only")
        }
        for table in Set(postgres.tables.keys).subtracting(sqlite.tables.keys).sorted() {
            found.append("table \(table) is on PostgreSQL only")
        }
        for (table, columns) in sqlite.tables.sorted(by: { $0.key < $1.key }) {
            guard let other = postgres.tables[table] else { continue }
            let theirs = Dictionary(other.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for column in columns {
                guard let match = theirs[column.name] else {
                    found.append("\(table).\(column.name) is on SQLite only")
                    continue
                }
                if !(compatible[column.type.uppercased()] ?? []).contains(match.type) {
                    found.append("\(table).\(column.name) is \(column.type) on SQLite but \(match.type) on PostgreSQL")
                }
                // SQLite's primary-key columns are never NULL in practice (an INTEGER PRIMARY KEY is the rowid).
                let notNull = column.notNull || column.primaryKey > 0
                if notNull != match.notNull {
                    found.append("\(table).\(column.name) is \(notNull ? "" : "not ")NOT NULL on SQLite only")
                }
                if column.generated != match.generated {
                    found.append("\(table).\(column.name) is generated on one side only")
                }
            }
            let ours = Set(columns.map(\.name))
            for column in other where !ours.contains(column.name) {
                found.append("\(table).\(column.name) is on PostgreSQL only")
            }
        }
        return found
    }

    static func migratedSchema() async throws -> LogSchema {
        try await TestCluster.withDatabase { address, password in
            try await PostgresLog.with(address, password: password, logger: TestCluster.logger) { log in
                try await PostgresMigrator.migrate(log)
                return try await log.client.withConnection { connection in
                    try await LogSchema.read(connection, logger: TestCluster.logger)
                }
            }
        }
    }

    @Test("every SQLite table and column is on PostgreSQL after migrating, and nothing else")
    func theSchemasAgree() async throws {
        let sqlite = try await AppDatabase.inMemory().reader.read { db in try LogSchema.read(db) }
        let postgres = try await Self.migratedSchema()
        #expect(sqlite.tables.count >= 58, "\(sqlite.tables.keys.sorted())")
        #expect(Self.differences(sqlite: sqlite, postgres: postgres) == [])
        // Spot checks of what the comparison reads: a generated column, a bytea, a partitioned table's columns.
        #expect(postgres.tables["trip"]?.first { $0.name == "duration_s" }?.generated == true)
        #expect(postgres.tables["trip_track"]?.first { $0.name == "points" }?.type == "bytea")
        #expect(postgres.tables["device_position"]?.map(\.name).contains("fixed_at") == true)
        #expect(postgres.tables["device_position_default"] == nil, "a partition is not a table of the log")
    }

    @Test("a column or table added to SQLite alone is reported")
    func aMissingMigrationIsFound() async throws {
        let database = try AppDatabase.inMemory()
        try await database.writer.write { db in
            try db.execute(sql: "ALTER TABLE trip ADD COLUMN fuel_l REAL")
            try db.execute(sql: "CREATE TABLE trailer (id INTEGER PRIMARY KEY, plate TEXT NOT NULL) STRICT")
        }
        let sqlite = try await database.reader.read { db in try LogSchema.read(db) }
        let postgres = try await Self.migratedSchema()
        #expect(
            Self.differences(sqlite: sqlite, postgres: postgres) == [
                "table trailer is on SQLite only", "trip.fuel_l is on SQLite only",
            ])
    }

    @Test("versions go 1, 2, 3 … without gaps, names unique")
    func migrationsAreNumbered() {
        let versions = PostgresSchema.migrations.map(\.version)
        #expect(versions == Array(1...versions.count))
        #expect(Set(PostgresSchema.migrations.map(\.name)).count == versions.count)
    }
}
