import Foundation
import Hummingbird
import LogbookServer
import LogbookTestSupport
import Testing

/// The OpenAPI document: committed, served, and naming every API route the router has.
@Suite struct OpenAPITests {
    static let committed = Fixtures.packageRoot.appendingPathComponent("docs/openapi.json")

    @Test("the committed docs/openapi.json is the document the server serves")
    func committedDocument() throws {
        let text = try String(contentsOf: Self.committed, encoding: .utf8)
        #expect(text == OpenAPIDocument.json, "regenerate with: logbook serve --print-openapi > docs/openapi.json")
    }

    @Test("every API route is in the document, and every documented operation is a route")
    func routesMatchTheDocument() throws {
        let h = try ServerHarness()
        let router = try LogbookWebServer.router(h.environment)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var documented = Set<String>()
        for (path, operations) in paths {
            for method in operations.keys { documented.insert("\(method.uppercased()) \(path)") }
        }
        let routed = Set(
            router.routes.map { "\($0.method) \($0.path)" }
                .filter { $0.contains(" /api/v1/") && !$0.hasSuffix("/openapi.json") })
        #expect(
            routed == documented,
            "only routed: \(routed.subtracting(documented)); only documented: \(documented.subtracting(routed))")
        #expect(document["openapi"] as? String == "3.1.0")
    }
}
