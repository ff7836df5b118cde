import Foundation
import LogbookConfiguration
import LogbookPostgres
import LogbookStore
import Logging
import PostgresNIO
import Testing

/// The throwaway cluster `scripts/test-postgres` starts for the tests (`scripts/test` starts and removes it):
/// `LOGBOOK_TEST_POSTGRES_URL` and `LOGBOOK_TEST_POSTGRES_PASSWORD_FILE`. Each test works in a database of its own,
/// made for it and dropped afterwards.
enum TestCluster {
    static let environment = ProcessInfo.processInfo.environment
    static var isAvailable: Bool { environment["LOGBOOK_TEST_POSTGRES_URL"] != nil }
    /// `scripts/test` asks for the PostgreSQL tests: then a missing cluster fails them rather than skipping them.
    static var isRequired: Bool { environment["LOGBOOK_REQUIRE_POSTGRES"] == "1" }
    static let logger = Logger(label: "logbook.postgres.tests")

    static func admin() throws -> (address: PostgresAddress, password: String) {
        guard let url = environment["LOGBOOK_TEST_POSTGRES_URL"],
            let file = environment["LOGBOOK_TEST_POSTGRES_PASSWORD_FILE"],
            case .postgresql(let address) = try DatabaseLocation.parse(url)
        else { throw TestClusterError("LOGBOOK_TEST_POSTGRES_URL is not a postgresql:// address") }
        return (address, try SecretFile.load(file))
    }

    /// Runs `body` on a new, empty database, dropped afterwards.
    static func withDatabase<T: Sendable>(
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

    static func drop(_ name: String, admin: PostgresAddress, password: String) async throws {
        try await PostgresLog.with(admin, password: password, logger: logger) { log in
            try await log.client.query(
                PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: logger)
        }
    }
}

struct TestClusterError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// `scripts/test` asks for the PostgreSQL tests (`LOGBOOK_REQUIRE_POSTGRES=1`): then a missing cluster is a failure,
/// not a skip.
@Suite struct TestClusterPresence {
    @Test func theClusterIsThereWhenAskedFor() {
        if TestCluster.environment["LOGBOOK_REQUIRE_POSTGRES"] == "1" {
            #expect(TestCluster.isAvailable, "scripts/test-postgres did not start a cluster")
        }
    }
}
