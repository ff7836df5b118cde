import Foundation
import Logging
import LogbookStore
import PostgresNIO

/// A migration as the log has it: applied (when), pending, changed since it was applied, or unknown to this program.
public struct MigrationState: Sendable, Hashable, Encodable {
    public enum State: String, Sendable, Hashable, Encodable {
        case applied, pending, changed, unknown
    }

    public var version: Int
    public var name: String
    public var state: State
    /// ISO 8601, UTC; nil while pending.
    public var appliedAt: String?

    public init(version: Int, name: String, state: State, appliedAt: String? = nil) {
        self.version = version
        self.name = name
        self.state = state
        self.appliedAt = appliedAt
    }

    enum CodingKeys: String, CodingKey {
        case version, name, state
        case appliedAt = "applied_at"
    }
}

/// Brings a PostgreSQL log's schema up to this program's (`PostgresSchema.migrations`), in one transaction under an
/// advisory lock, so that several servers starting at once migrate it once. A migration changed after it was applied,
/// or one the program does not know (made by a newer program), stops it before anything is changed.
public enum PostgresMigrator {
    /// The advisory lock every migrating process takes (an arbitrary constant: "LOGBOOK1" in ASCII).
    static let lockKey: Int64 = 0x4C4F_4742_4F4F_4B31

    /// Every migration's state, without changing anything.
    public static func status(
        _ log: PostgresLog, migrations: [PostgresMigration] = PostgresSchema.migrations
    ) async throws -> [MigrationState] {
        try await log.client.withConnection { connection in
            try await states(connection, migrations: migrations, logger: log.logger)
        }
    }

    /// Applies the pending migrations; returns those it applied (none when the schema is up to date).
    @discardableResult
    public static func migrate(
        _ log: PostgresLog, migrations: [PostgresMigration] = PostgresSchema.migrations
    ) async throws -> [PostgresMigration] {
        do {
            return try await apply(log, migrations: migrations)
        } catch {
            throw PostgresLogError(error, address: log.address)
        }
    }

    static func apply(_ log: PostgresLog, migrations: [PostgresMigration]) async throws -> [PostgresMigration] {
        try await log.client.withTransaction(logger: log.logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: log.logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS logbook_migration (
                    version integer PRIMARY KEY CHECK (version > 0),
                    name text NOT NULL,
                    checksum text NOT NULL CHECK (length(checksum) = 64),
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """, logger: log.logger)
            let known = try await states(connection, migrations: migrations, logger: log.logger)
            try refuseUnusable(known)
            var applied: [PostgresMigration] = []
            for migration in migrations.sorted(by: { $0.version < $1.version })
            where known.contains(where: { $0.version == migration.version && $0.state == .pending }) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: log.logger)
                }
                try await connection.query(
                    """
                    INSERT INTO logbook_migration (version, name, checksum)
                    VALUES (\(migration.version), \(migration.name), \(migration.checksum))
                    """, logger: log.logger)
                applied.append(migration)
            }
            return applied
        }
    }

    /// A schema this program may work on: no migration changed, none unknown.
    static func refuseUnusable(_ states: [MigrationState]) throws {
        if let changed = states.first(where: { $0.state == .changed }) {
            throw PostgresLogError(
                kind: .schema,
                message: "migration \(changed.version) (\(changed.name)) differs from the one applied to this "
                    + "database; migrations are append-only: restore the program that applied it")
        }
        let unknown = states.filter { $0.state == .unknown }.map { String($0.version) }
        if !unknown.isEmpty {
            throw PostgresLogError(
                kind: .schema,
                message: "the database has migrations this program does not know (\(unknown.joined(separator: ", "))): "
                    + "a newer logbook made them; use that one")
        }
    }

    static func states(
        _ connection: PostgresConnection, migrations: [PostgresMigration], logger: Logger
    ) async throws -> [MigrationState] {
        var recorded: [Int: (name: String, checksum: String, appliedAt: Date)] = [:]
        let exists = try await connection.query(
            "SELECT to_regclass('logbook_migration') IS NOT NULL", logger: logger)
        var tableExists = false
        for try await value in exists.decode(Bool.self) { tableExists = value }
        if tableExists {
            let rows = try await connection.query(
                "SELECT version, name, checksum, applied_at FROM logbook_migration ORDER BY version", logger: logger)
            for try await (version, name, checksum, appliedAt) in rows.decode((Int, String, String, Date).self) {
                recorded[version] = (name, checksum, appliedAt)
            }
        }
        return states(recorded: recorded, migrations: migrations)
    }

    /// Every migration's state from the rows of `logbook_migration`.
    static func states(
        recorded: [Int: (name: String, checksum: String, appliedAt: Date)], migrations: [PostgresMigration]
    ) -> [MigrationState] {
        let formatter = ISO8601DateFormatter()
        var result: [MigrationState] = migrations.sorted(by: { $0.version < $1.version }).map { migration in
            guard let row = recorded[migration.version] else {
                return MigrationState(version: migration.version, name: migration.name, state: .pending)
            }
            return MigrationState(
                version: migration.version, name: migration.name,
                state: row.checksum == migration.checksum ? .applied : .changed,
                appliedAt: formatter.string(from: row.appliedAt))
        }
        let knownVersions = Set(migrations.map(\.version))
        for (version, row) in recorded.sorted(by: { $0.key < $1.key }) where !knownVersions.contains(version) {
            result.append(
                MigrationState(
                    version: version, name: row.name, state: .unknown, appliedAt: formatter.string(from: row.appliedAt))
            )
        }
        return result
    }
}

// MARK: The same over the stores' pool (synchronous: opening a log for a command or the server)

extension PostgresMigrator {
    static let migrationTable = """
        CREATE TABLE IF NOT EXISTS logbook_migration (
            version integer PRIMARY KEY CHECK (version > 0),
            name text NOT NULL,
            checksum text NOT NULL CHECK (length(checksum) = 64),
            applied_at timestamptz NOT NULL DEFAULT now()
        )
        """

    /// Every migration's state, read through the pool.
    public static func status(
        _ pool: PostgresPool, migrations: [PostgresMigration] = PostgresSchema.migrations
    ) throws -> [MigrationState] {
        try pool.read("migration status") { (session: PostgresSession) in try states(session, migrations: migrations) }
    }

    /// Applies the pending migrations through the pool, under the same advisory lock as `migrate(_:)`.
    @discardableResult
    public static func migrate(
        _ pool: PostgresPool, migrations: [PostgresMigration] = PostgresSchema.migrations
    ) throws -> [PostgresMigration] {
        try pool.transaction("migrate", begin: "BEGIN") { session in
            try session.simple("SELECT pg_advisory_xact_lock(\(lockKey))")
            try session.simple(migrationTable)
            let known = try states(session, migrations: migrations)
            try refuseUnusable(known)
            var applied: [PostgresMigration] = []
            for migration in migrations.sorted(by: { $0.version < $1.version })
            where known.contains(where: { $0.version == migration.version && $0.state == .pending }) {
                for statement in migration.statements { try session.simple(statement) }
                try session.execute(
                    "INSERT INTO logbook_migration (version, name, checksum) VALUES (?, ?, ?)",
                    [.int(migration.version), .text(migration.name), .text(migration.checksum)])
                applied.append(migration)
            }
            return applied
        }
    }

    static func states(_ session: PostgresSession, migrations: [PostgresMigration]) throws -> [MigrationState] {
        var recorded: [Int: (name: String, checksum: String, appliedAt: Date)] = [:]
        let exists = try session.row("SELECT to_regclass('logbook_migration') IS NOT NULL AS present")
        if try exists?.bool("present") == true {
            for row in try session.rows(
                """
                SELECT version, name, checksum, extract(epoch FROM applied_at)::float8 AS applied_at
                FROM logbook_migration ORDER BY version
                """)
            {
                recorded[Int(try row.int("version"))] = (
                    try row.text("name"), try row.text("checksum"),
                    Date(timeIntervalSince1970: try row.double("applied_at"))
                )
            }
        }
        return states(recorded: recorded, migrations: migrations)
    }
}
