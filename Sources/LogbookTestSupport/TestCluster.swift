import Foundation
import LogbookConfiguration
public import LogbookPostgres
public import LogbookStore
public import TrackModel
public import Logging
import PostgresNIO

/// The throwaway cluster `scripts/test-postgres` starts for the tests (`scripts/test` starts and removes it):
/// `LOGBOOK_TEST_POSTGRES_URL` and `LOGBOOK_TEST_POSTGRES_PASSWORD_FILE`. Each test works in a database of its own,
/// made for it and dropped afterwards.
public enum TestCluster {
    public static let environment = ProcessInfo.processInfo.environment
    public static var isAvailable: Bool { environment["LOGBOOK_TEST_POSTGRES_URL"] != nil }
    /// `scripts/test` asks for the PostgreSQL tests: then a missing cluster fails them rather than skipping them.
    public static var isRequired: Bool { environment["LOGBOOK_REQUIRE_POSTGRES"] == "1" }
    public static let logger = Logger(label: "logbook.postgres.tests")

    public static func admin() throws -> (address: PostgresAddress, password: String) {
        guard let url = environment["LOGBOOK_TEST_POSTGRES_URL"],
            let file = environment["LOGBOOK_TEST_POSTGRES_PASSWORD_FILE"],
            case .postgresql(let address) = try DatabaseLocation.parse(url)
        else { throw TestClusterError("LOGBOOK_TEST_POSTGRES_URL is not a postgresql:// address") }
        return (address, try SecretFile.load(file))
    }

    /// Runs `body` on a new, empty database, dropped afterwards.
    public static func withDatabase<T: Sendable>(
        _ body: @Sendable (PostgresAddress, String) async throws -> T
    ) async throws -> T {
        let (admin, password) = try admin()
        let name = "logbook_t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        try await PostgresLog.with(admin, password: password, logger: logger) { log in
            try await log.client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
        }
        var address = admin
        address.database = String(name)
        do {
            let result = try await body(address, password)
            try await drop(String(name), admin: admin, password: password)
            return result
        } catch {
            try? await drop(String(name), admin: admin, password: password)
            throw error
        }
    }

    /// Whether the PostgreSQL variants of the store tests run: where the cluster is, or where it is required (and
    /// its absence then fails them).
    public static var runs: Bool { isAvailable || isRequired }

    /// A new, empty database on the cluster, made without Swift's concurrency (for synchronous tests): its address,
    /// the password and its name, for `dropDatabase`.
    public static func createDatabase() throws -> (address: PostgresAddress, password: String, name: String) {
        let (admin, password) = try admin()
        let name = "logbook_t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        let pool = PostgresPool(address: admin, password: password, maxConnections: 1, logger: logger)
        defer { pool.close() }
        try pool.runOutsideTransaction("CREATE DATABASE \(name)")
        var address = admin
        address.database = String(name)
        return (address, password, String(name))
    }

    /// Drops a database `createDatabase` made.
    public static func dropDatabase(_ name: String) throws {
        let (admin, password) = try admin()
        let pool = PostgresPool(address: admin, password: password, maxConnections: 1, logger: logger)
        defer { pool.close() }
        try pool.runOutsideTransaction("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// A new log on its own database, migrated, over a pool of `connections`; remove it with `dropDatabase(name)`
    /// after closing the pool.
    public static func makeLog(
        policy: LogPolicy = LogPolicy(), connections: Int = 4, clock: @escaping @Sendable () -> Timestamp
    ) throws -> (database: AppDatabase, pool: PostgresPool, name: String) {
        let (address, password, name) = try createDatabase()
        let pool = PostgresPool(address: address, password: password, maxConnections: connections, logger: logger)
        do {
            try PostgresMigrator.migrate(pool)
        } catch {
            pool.close()
            try? dropDatabase(name)
            throw error
        }
        return (AppDatabase(migrated: pool, policy: policy, clock: clock), pool, name)
    }

    public static func drop(_ name: String, admin: PostgresAddress, password: String) async throws {
        try await PostgresLog.with(admin, password: password, logger: logger) { log in
            try await log.client.query(
                PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: logger)
        }
    }
}

public struct TestClusterError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
