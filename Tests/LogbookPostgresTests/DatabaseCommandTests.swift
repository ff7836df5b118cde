import Foundation
import LogbookPostgres
import LogbookStore
import LogbookTestSupport
import Testing

/// `logbook database status|migrate` (issue 30 §2) at the terminal, on an SQLite file and on the test cluster.
@Suite struct DatabaseCommandTests {
    static func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }

    @Test("SQLite: status reads without creating anything; migrate creates the log with every migration")
    func sqlite() throws {
        let dir = try TemporaryDirectory()
        let config = dir.path("empty.toml")
        try "".write(toFile: config, atomically: true, encoding: .utf8)
        let path = dir.path("log.sqlite")
        let environment = ["LOGBOOK_CONFIG": config]
        let before = try CLIRunner.run(
            ["database", "status", "--database", path, "--format", "json"], environment: environment)
        #expect(before.status == 0, "\(before.stderr)")
        let pending = Self.json(before.stdout)
        #expect(pending["pending"] as? Int == AppDatabase.migrationIdentifiers.count)
        #expect(pending["kind"] as? String == "sqlite" && pending["up_to_date"] as? Bool == false)
        #expect(!FileManager.default.fileExists(atPath: path), "status created the log")
        let migrated = try CLIRunner.run(
            ["database", "migrate", "--database", path, "--format", "json"], environment: environment)
        #expect(migrated.status == 0, "\(migrated.stderr)")
        let after = Self.json(migrated.stdout)
        #expect(after["up_to_date"] as? Bool == true)
        #expect((after["applied_now"] as? [Int])?.count == AppDatabase.migrationIdentifiers.count)
        let again = Self.json(
            try CLIRunner.run(
                ["database", "migrate", "--database", path, "--format", "json"], environment: environment
            )
            .stdout)
        #expect((again["applied_now"] as? [Int]) == [])
    }

    @Test(
        "PostgreSQL: [database] url and password_file; migrate, then status up to date; a readable password file refused",
        .enabled(if: TestCluster.isAvailable, "no test cluster"))
    func postgres() async throws {
        try await TestCluster.withDatabase { address, password in
            let dir = try TemporaryDirectory()
            let secret = dir.path("pg-password")
            try (password + "\n").write(toFile: secret, atomically: true, encoding: .utf8)
            chmod(secret, 0o600)
            let config = dir.path("logbook.toml")
            try "[database]\nurl = \"\(address)\"\npassword_file = \"\(secret)\"\n".write(
                toFile: config, atomically: true, encoding: .utf8)
            let migrated = try CLIRunner.run(["database", "migrate", "--config", config, "--format", "json"])
            #expect(migrated.status == 0, "\(migrated.stderr)")
            let view = Self.json(migrated.stdout)
            #expect(view["kind"] as? String == "postgresql" && view["up_to_date"] as? Bool == true, "\(view)")
            #expect((view["applied_now"] as? [Int]) == PostgresSchema.migrations.map(\.version))
            #expect(!migrated.stdout.contains(password) && !migrated.stderr.contains(password))
            let status = try CLIRunner.run(["database", "status", "--config", config])
            #expect(status.status == 0 && status.stdout.contains("Up to date."), "\(status.stdout)")
            chmod(secret, 0o644)
            let exposed = try CLIRunner.run(["database", "status", "--config", config])
            #expect(exposed.status == 78, "\(exposed.stderr)")
            #expect(exposed.stderr.contains("password_file") && !exposed.stderr.contains(password))
            // The log's other commands work on it as on an SQLite file, and make no file.
            chmod(secret, 0o600)
            let added = try CLIRunner.run(
                ["vehicles", "add", "--plate", "PG-1", "--config", config], currentDirectory: dir.url)
            #expect(added.status == 0, "\(added.stderr)")
            let trips = try CLIRunner.run(
                ["vehicles", "list", "--config", config, "--format", "json"], currentDirectory: dir.url)
            #expect(trips.status == 0 && trips.stdout.contains("PG-1"), "\(trips.stderr)")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == [
                    "logbook.toml", "pg-password",
                ])
        }
    }
}
