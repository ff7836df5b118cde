import Foundation
import HTTPTypes
import HummingbirdTesting
import LogbookStore
import LogbookTestSupport
import MileageLog
import Testing

/// One entity, one JSON (issue 27 §3): what `logbook trips list --format json` and `trips show` print is contained in
/// what `GET /api/v1/trips` and `GET /api/v1/trips/{id}` answer for the same log. The API may add fields (paging, the
/// track), never change or drop one.
@Suite("trip JSON: the CLI's is contained in the API's")
struct TripJSONContainmentTests {
    @Test("trips list and trips show print what the API answers, field for field")
    func listAndShow() async throws {
        let h = try ServerHarness()
        // Values in every kind of field: texts, a category, an edit in the history, a voided trip.
        _ = try h.database.acting(as: "web:boss").editTrip(
            id: h.annasTrip,
            TripChanges(category: .business, purpose: "Client visit", partner: "ACME", startLabel: "Home"))
        _ = try h.database.voidTrip(id: h.othersTrip, reason: "duplicate")
        let config = try h.directory.write("none.toml", Array("".utf8))
        let database = h.directory.path("log.sqlite")
        try await h.application().test(.router) { client in
            let listed = try #require(
                try Self.cli(["trips", "list", "--include-voided"], database: database, config: config)
                    as? [String: Any])
            let page = ServerHarness.json(
                try await h.call(client, "/api/v1/trips?include_voided=true", .get).body)
            #expect((listed["trips"] as? [Any])?.count == 2)
            Self.expectContained(listed, in: page, path: "trips list")
            #expect(page["total"] as? Int == 2, "the API adds its paging")

            let shown = try #require(
                try Self.cli(["trips", "show", String(h.annasTrip)], database: database, config: config)
                    as? [String: Any])
            let answered = ServerHarness.json(try await h.call(client, "/api/v1/trips/\(h.annasTrip)", .get).body)
            #expect((shown["history"] as? [Any])?.isEmpty == false)
            Self.expectContained(shown, in: answered, path: "trips show")
        }
    }

    /// What `logbook ARGUMENTS --format json` prints for the log at `database`, read as JSON.
    static func cli(_ arguments: [String], database: String, config: String) throws -> Any {
        let result = try CLIRunner.run(
            arguments + ["--format", "json", "--database", database, "--timezone", "UTC"],
            environment: ["LOGBOOK_CONFIG": config])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// Every key of `cli` is in `api` with the same value; objects inside are compared the same way, arrays element
    /// by element and of the same length.
    static func expectContained(_ cli: Any, in api: Any?, path: String) {
        switch cli {
        case let object as [String: Any]:
            guard let other = api as? [String: Any] else {
                Issue.record("\(path): the API has no object here")
                return
            }
            for (key, value) in object {
                guard let answered = other[key] else {
                    Issue.record("\(path).\(key): missing from the API's JSON")
                    continue
                }
                expectContained(value, in: answered, path: path + "." + key)
            }
        case let array as [Any]:
            guard let other = api as? [Any], other.count == array.count else {
                Issue.record("\(path): the API's array differs in length")
                return
            }
            for (index, value) in array.enumerated() {
                expectContained(value, in: other[index], path: "\(path)[\(index)]")
            }
        default:
            #expect(
                (cli as? NSObject) == (api as? NSObject), "\(path): \(cli) in the CLI, \(api ?? "nothing") in the API")
        }
    }
}
