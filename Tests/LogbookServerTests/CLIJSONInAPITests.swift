import Foundation
import HTTPTypes
import HummingbirdTesting
import LogbookServer
import LogbookTestSupport
import NIOCore
import Testing

/// One JSON shape per entity (issue 27): what `logbook … --format json` prints of a trip list, a pay period, a
/// roofing project and a value-stream map is contained in what the API answers for the same log — every key the
/// CLI gives, the API gives with the same value (the API may add keys, such as paging; never change one).
@Suite struct CLIJSONInAPITests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// Where `cli` is not contained in `api`, as JSON paths with both values; empty when it is.
    static func differences(_ cli: Any, in api: Any, at path: String = "$") -> [String] {
        switch (cli, api) {
        case (let cli as [String: Any], let api as [String: Any]):
            return cli.keys.sorted().flatMap { key -> [String] in
                guard let value = api[key] else { return ["\(path).\(key): missing from the API's"] }
                return differences(cli[key]!, in: value, at: "\(path).\(key)")
            }
        case (let cli as [Any], let api as [Any]):
            guard cli.count == api.count else { return ["\(path): \(cli.count) items, the API's \(api.count)"] }
            return zip(cli, api).enumerated().flatMap { differences($1.0, in: $1.1, at: "\(path)[\($0)]") }
        case (let cli as NSNumber, let api as NSNumber):
            return cli == api ? [] : ["\(path): \(cli) ≠ the API's \(api)"]
        case (let cli as String, let api as String):
            return cli == api ? [] : ["\(path): \"\(cli)\" ≠ the API's \"\(api)\""]
        case (is NSNull, is NSNull):
            return []
        default:
            return ["\(path): \(cli) (\(type(of: cli))) ≠ the API's \(api) (\(type(of: api)))"]
        }
    }

    @Test("the containment check itself: extra API keys pass; a changed, missing or retyped value fails")
    func theCheckCanFail() {
        let cli: [String: Any] = ["a": 1, "b": ["x", "y"], "c": ["d": NSNull()]]
        #expect(
            Self.differences(cli, in: ["a": 1, "b": ["x", "y"], "c": ["d": NSNull(), "e": 2], "page": 1]).isEmpty)
        #expect(
            Self.differences(cli, in: ["a": 2, "b": ["x", "y"], "c": ["d": NSNull()]]) == ["$.a: 1 ≠ the API's 2"])
        #expect(Self.differences(cli, in: ["a": 1, "b": ["x"], "c": ["d": NSNull()]]).count == 1)
        #expect(Self.differences(cli, in: ["a": 1, "b": ["x", "y"]]) == ["$.c: missing from the API's"])
        #expect(Self.differences(["a": 1], in: ["a": "1"]).count == 1)
        #expect(Self.differences(["lines": 2], in: ["lines": [["pos": "1"], ["pos": "2"]]]).count == 1)
    }

    /// The harness's log, written through the real `logbook` binary; the CLI's JSON of `arguments`.
    static func cli(_ h: ServerHarness, _ arguments: [String], config: String) throws -> Any {
        let result = try CLIRunner.run(
            arguments + ["--database", h.environment.databasePath!, "--timezone", "UTC"],
            environment: ["LOGBOOK_CONFIG": config, "LOGBOOK_ACTOR": "units"])
        guard result.status == 0 else { throw TestFailure("\(arguments): \(result.status) \(result.stderr)") }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    static func api(_ client: any TestClientProtocol, _ h: ServerHarness, _ uri: String) async throws -> Any {
        let response = try await client.execute(uri: uri, method: .get, headers: h.bearer("boss"))
        guard response.status == .ok else { throw TestFailure("\(uri): \(response.status)") }
        return try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))
    }

    @Test("a trip list, a pay period, a roofing project and a value-stream map: the CLI's JSON is in the API's")
    func cliJSONIsInTheAPIs() async throws {
        let h = try ServerHarness()
        let config = try h.directory.write("none.toml", Array("".utf8))
        func run(_ arguments: [String]) throws {
            let result = try CLIRunner.run(
                arguments + ["--database", h.environment.databasePath!, "--timezone", "UTC"],
                environment: ["LOGBOOK_CONFIG": config, "LOGBOOK_ACTOR": "units"])
            guard result.status == 0 else { throw TestFailure("\(arguments): \(result.status) \(result.stderr)") }
        }
        // Something in every list: a classified trip beside the harness's two, hours, a project with lines, a map.
        try run([
            "trips", "add", "--vehicle", "ABC1", "--date", "2026-05-04", "--start", "08:00", "--end", "09:00",
            "--distance", "42", "--category", "business", "--purpose", "Customer visit", "--partner", "Tag A/S",
        ])
        try run(["drivers", "add", "anna"])
        try run(["hours", "add", "--driver", "anna", "--date", "2026-05-04", "--start", "07:00", "--end", "15:30"])
        try run(["hours", "add", "--driver", "anna", "--date", "2026-05-05", "--start", "06:45", "--end", "14:00"])
        try run([
            "roofing", "catalogue", "import", Self.fixtures.appendingPathComponent("roofing/tagdaekning-2026.csv").path,
            "--name", "Tagdækning 2026",
        ])
        try run(["roofing", "project", "add", "Skolegade 4", "--customer", "Tag A/S", "--roofer", "Jens:30"])
        try run(["roofing", "add", "Skolegade 4", "--pos", "12.1", "--quantity", "33,333"])
        try run(["roofing", "add", "Skolegade 4", "--pos", "12.2", "--quantity", "10.5", "--note", "hjørner"])
        try run(["vsm", "create", "Order to cash", "--demand", "40", "--available", "7h30m"])
        try run(["vsm", "section", "add", "Order to cash", "Sales"])
        try run([
            "vsm", "add", "Order to cash", "--text", "Take order", "--kind", "value", "--process", "5m",
            "--wait", "1h", "--ca", "95",
        ])

        let pairs: [(cli: [String], api: String)] = [
            (["trips", "list", "--format", "json"], "/api/v1/trips"),
            (
                ["hours", "list", "--driver", "anna", "--period", "2026-05-04", "--format", "json"],
                "/api/v1/hours/shifts?period=2026-05-04&driver=anna"
            ),
            (
                ["roofing", "project", "show", "Skolegade 4", "--format", "json"],
                "/api/v1/roofing/projects/Skolegade%204"
            ),
            (["vsm", "show", "Order to cash", "--format", "json"], "/api/v1/vsm/maps/Order%20to%20cash"),
        ]
        let app = try h.application()
        try await app.test(.router) { client in
            for pair in pairs {
                let cli = try Self.cli(h, pair.cli, config: config)
                let api = try await Self.api(client, h, pair.api)
                // Not empty: each document has the entity in it (so containment is not vacuous).
                let text = String(decoding: try JSONSerialization.data(withJSONObject: cli), as: UTF8.self)
                #expect(text.count > 60, "\(pair.cli): \(text)")
                let differences = Self.differences(cli, in: api)
                #expect(
                    differences.isEmpty, "\(pair.cli.prefix(2)) vs \(pair.api):\n\(differences.joined(separator: "\n"))"
                )
            }
        }
    }
}
