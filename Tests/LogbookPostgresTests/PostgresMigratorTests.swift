import Foundation
import LogbookPostgres
import LogbookStore
import PostgresNIO
import LogbookTestSupport
import Testing

/// The PostgreSQL schema's migrations (issue 30 §2) against a real server: applied once, in order, under a lock that
/// lets two processes start at once; append-only (a changed or unknown migration stops the migration); the schema's
/// invariants hold in the schema itself.
@Suite(.enabled(if: TestCluster.isAvailable, "no test cluster (scripts/test-postgres start)"))
struct PostgresMigratorTests {
    @Test("an empty database is migrated to the program's schema once; the second run applies nothing")
    func migratesOnce() async throws {
        try await TestCluster.withDatabase { address, password in
            try await PostgresLog.with(address, password: password, logger: TestCluster.logger) { log in
                let before = try await PostgresMigrator.status(log)
                #expect(before.map(\.state) == PostgresSchema.migrations.map { _ in .pending })
                let applied = try await PostgresMigrator.migrate(log)
                #expect(applied.map(\.version) == PostgresSchema.migrations.map(\.version))
                let after = try await PostgresMigrator.status(log)
                #expect(after.allSatisfy { $0.state == .applied && $0.appliedAt != nil }, "\(after)")
                #expect(try await PostgresMigrator.migrate(log).isEmpty)
            }
        }
    }

    @Test("two processes migrating at once: both succeed, each migration is applied once")
    func concurrentMigrations() async throws {
        try await TestCluster.withDatabase { address, password in
            let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        try await PostgresLog.with(address, password: password, logger: TestCluster.logger) { log in
                            try await PostgresMigrator.migrate(log).count
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(counts.sorted() == [0, PostgresSchema.migrations.count], "\(counts)")
            try await PostgresLog.with(address, password: password, logger: TestCluster.logger) { log in
                let rows = try await log.client.query("SELECT count(*) FROM logbook_migration")
                for try await count in rows.decode(Int.self) { #expect(count == PostgresSchema.migrations.count) }
            }
        }
    }

    @Test("append-only: a migration changed after it was applied, or one the program does not know, stops migrating")
    func appendOnly() async throws {
        try await TestCluster.withDatabase { address, password in
            try await PostgresLog.with(address, password: password, logger: TestCluster.logger) { log in
                try await PostgresMigrator.migrate(log)
                // The program's first migration, edited after the fact.
                var edited = PostgresSchema.migrations
                edited[0].statements.append("CREATE TABLE sneaked_in (id integer)")
                let states = try await PostgresMigrator.status(log, migrations: edited)
                #expect(states.first?.state == .changed)
                await #expect(throws: PostgresLogError.self) {
                    try await PostgresMigrator.migrate(log, migrations: edited)
                }
                let sneaked = try await log.client.query("SELECT to_regclass('sneaked_in') IS NULL")
                for try await absent in sneaked.decode(Bool.self) { #expect(absent, "the edited migration ran") }
                // A newer program's migration 99 in the log: this program refuses to work on it.
                try await log.client.query(
                    "INSERT INTO logbook_migration (version, name, checksum) VALUES (99, 'future', \(String(repeating: "a", count: 64)))"
                )
                let unknown = try await PostgresMigrator.status(log)
                #expect(unknown.last?.version == 99 && unknown.last?.state == .unknown)
                do {
                    try await PostgresMigrator.migrate(log)
                    Issue.record("a log with an unknown migration was migrated")
                } catch let error as PostgresLogError {
                    #expect(error.kind == .schema && error.message.contains("99"), "\(error.message)")
                }
            }
        }
    }

    @Test("the schema holds the rules: a role outside the list, a name twice in other case, a bad hash are refused")
    func invariantsInTheSchema() async throws {
        try await TestCluster.withDatabase { address, password in
            try await PostgresLog.with(address, password: password, logger: TestCluster.logger) { log in
                try await PostgresMigrator.migrate(log)
                try await log.client.query(
                    "INSERT INTO app_user (name, role, created_at) VALUES ('Anna', 'driver', 1780000000)")
                for (statement, constraint) in [
                    ("INSERT INTO app_user (name, role, created_at) VALUES ('boss', 'superuser', 1)", "app_user_role"),
                    (
                        "INSERT INTO app_user (name, role, created_at) VALUES ('ANNA', 'admin', 1)",
                        "app_user_name_unique"
                    ),
                    ("INSERT INTO app_user (name, role, created_at) VALUES (' padded', 'admin', 1)", "app_user_name"),
                    (
                        "INSERT INTO app_user (name, role, password_hash, created_at) VALUES ('x', 'admin', 'plain', 1)",
                        "app_user_password"
                    ),
                    (
                        "INSERT INTO web_session (id_hash, user_id, csrf_token, created_at, expires_at) "
                            + "VALUES ('\(String(repeating: "b", count: 64))', 4242, 'c', 1, 2)",
                        "web_session_user_id_fkey"
                    ),
                ] {
                    do {
                        try await log.client.query(PostgresQuery(unsafeSQL: statement))
                        Issue.record("accepted: \(statement)")
                    } catch let error as PSQLError {
                        #expect(error.serverInfo?[.constraintName] == constraint, "\(String(reflecting: error))")
                    }
                }
                // Deleting a user deletes their sessions (ON DELETE CASCADE), as on SQLite.
                try await log.client.query(
                    """
                    INSERT INTO web_session (id_hash, user_id, csrf_token, created_at, expires_at)
                    SELECT \(String(repeating: "d", count: 64)), id, 'c', 1, 2 FROM app_user WHERE name = 'Anna'
                    """)
                try await log.client.query("DELETE FROM app_user WHERE name = 'Anna'")
                let left = try await log.client.query("SELECT count(*) FROM web_session")
                for try await count in left.decode(Int.self) { #expect(count == 0) }
            }
        }
    }

    @Test("a wrong password and an unreachable server are told apart, without the password")
    func connectionErrors() async throws {
        let (admin, password) = try TestCluster.admin()
        do {
            _ = try await PostgresLog.with(admin, password: "not-" + password, logger: TestCluster.logger) { log in
                try await PostgresMigrator.status(log)
            }
            Issue.record("a wrong password was accepted")
        } catch let error as PostgresLogError {
            #expect(error.kind == .refused, "\(error.message)")
            #expect(!error.message.contains(password))
        }
        var closed = admin
        closed.port = 1
        do {
            _ = try await PostgresLog.with(closed, password: password, logger: TestCluster.logger) { log in
                try await PostgresMigrator.status(log)
            }
            Issue.record("port 1 answered")
        } catch let error as PostgresLogError {
            #expect(error.kind == .unavailable, "\(error.message)")
        }
    }
}
