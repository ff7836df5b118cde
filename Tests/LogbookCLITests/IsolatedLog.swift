import Foundation
import LogbookTestSupport
import Testing

/// A log in a temporary directory with an empty configuration, run in UTC: for CLI tests of the mileage log.
struct IsolatedLog {
    let dir: TemporaryDirectory
    var database: String { dir.path("log.sqlite") }

    init() throws {
        dir = try TemporaryDirectory()
        _ = try dir.write("none.toml", Array("".utf8))
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
