import Foundation
import LogbookTestSupport
import Testing

/// The database a CLI test's log lives in: an SQLite file, or a database of its own on the test cluster (issue 30).
enum LogKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue }

    /// The kinds this run has: PostgreSQL where its cluster is (or is required, and its absence then fails).
    static var available: [LogKind] { [.sqlite] + (TestCluster.runs ? [.postgres] : []) }
}

/// A log in a temporary directory with an empty configuration, run in UTC: for CLI tests of the mileage log. On
/// PostgreSQL, `database` is the `postgresql://` address of a database of its own on the test cluster (dropped with
/// the value) and the configuration holds only `[database] password_file`.
struct IsolatedLog {
    let dir: TemporaryDirectory
    let kind: LogKind
    let cluster: ClusterDatabase?
    var database: String { cluster?.url ?? dir.path("log.sqlite") }

    /// What every configuration file of this log must hold: `[database] password_file` on PostgreSQL, else nothing.
    /// Tests that write their own configuration start it with this.
    let databaseSection: String

    /// A log of `kind` whose configuration file (`$LOGBOOK_CONFIG`) holds `configuration` after the database section.
    /// On PostgreSQL, `icuLocale` sorts the database's texts by that locale (`ClusterDatabase`).
    init(_ kind: LogKind = .sqlite, configuration: String = "", icuLocale: String? = nil) throws {
        dir = try TemporaryDirectory()
        self.kind = kind
        switch kind {
        case .sqlite:
            cluster = nil
            databaseSection = ""
        case .postgres:
            let cluster = try ClusterDatabase(icuLocale: icuLocale)
            self.cluster = cluster
            let secret = try cluster.writePasswordFile(dir.path("pg-password"))
            databaseSection = "[database]\npassword_file = \"\(secret)\"\n\n"
        }
        _ = try dir.write("none.toml", Array((databaseSection + configuration).utf8))
    }

    @discardableResult
    func run(
        _ arguments: [String], expect status: Int32 = 0, environment: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CLIRunner.Result {
        var env = ["LOGBOOK_CONFIG": dir.path("none.toml"), "LOGBOOK_ACTOR": "units"]
        for (k, v) in environment { env[k] = v }
        let result = try CLIRunner.run(
            arguments + ["--database", database, "--timezone", "UTC"], environment: env)
        #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
        return result
    }

    func json(_ arguments: [String], expect status: Int32 = 0, environment: [String: String] = [:]) throws -> Any {
        try JSONSerialization.jsonObject(
            with: Data(try run(arguments + ["--format", "json"], expect: status, environment: environment).stdout.utf8))
    }
}
