import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LogbookServer
import LogbookTestSupport
import Testing

/// Issue 29 §4: the menu on a phone (the role's most used pages as tabs, the rest under "More", the page shown
/// marked) and a trip's map (Leaflet served by the program, OpenStreetMap's tiles allowed on the map's page only, the
/// drawn route kept for when there is no map).
@Suite struct MapAndMenuTests {
    typealias Role = RoleFixture.Role

    static let leaflet = "/usr/share/javascript/leaflet"
    static let defaultPolicy =
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'"
    static let referrer = HTTPField.Name("Referrer-Policy")!

    static func get(_ client: some TestClientProtocol, _ path: String, _ headers: HTTPFields = [:]) async throws
        -> TestResponse
    {
        try await client.execute(uri: path, method: .get, headers: headers, body: nil)
    }

    @Test("Leaflet's script, style sheet and images are served from Debian's libjs-leaflet, and the map's script")
    func leafletServed() async throws {
        try #require(
            FileManager.default.fileExists(atPath: Self.leaflet + "/leaflet.js"),
            "libjs-leaflet is not installed: scripts/install-deps installs it")
        let fixture = try RoleFixture()
        try await fixture.application().test(.router) { client in
            for (path, type, text) in [
                ("/static/leaflet/leaflet.js", "text/javascript; charset=utf-8", "exports.map = createMap"),
                ("/static/leaflet/leaflet.css", "text/css; charset=utf-8", ".leaflet-container"),
                (
                    "/static/route-map.js", "text/javascript; charset=utf-8",
                    "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
                ),
            ] {
                let response = try await Self.get(client, path)
                #expect(response.status == .ok, "\(path)")
                #expect(response.headers[.contentType] == type, "\(path): \(response.headers[.contentType] ?? "-")")
                #expect(String(buffer: response.body).contains(text), "\(path) is not what it should be")
            }
            for image in ["marker-icon.png", "layers-2x.png"] {
                let response = try await Self.get(client, "/static/leaflet/images/\(image)")
                #expect(response.status == .ok && response.headers[.contentType] == "image/png", "\(image)")
                #expect(Array(response.body.readableBytesView.prefix(4)) == [0x89, 0x50, 0x4E, 0x47], "\(image)")
            }
            // Only Leaflet's own files, by name: nothing else of the folder, nothing outside it.
            for path in [
                "/static/leaflet/leaflet.esm.js", "/static/leaflet/leaflet.js.map",
                "/static/leaflet/%2E%2E%2Fleaflet.js",
                "/static/leaflet/images/..%2F..%2Fleaflet.js", "/static/leaflet/images/layers.gif",
                "/static/leaflet/images/.png", "/static/leaflet/images/%2E%2E%2Fleaflet.png",
            ] {
                let response = try await Self.get(client, path)
                #expect(response.status == .notFound, "\(path) answered \(response.status)")
            }
        }
    }

    @Test("without Leaflet its addresses are 404 (never 500) and a trip's page keeps the drawn route alone")
    func leafletMissing() async throws {
        let fixture = try RoleFixture()
        var environment = fixture.environment
        environment.settings.leafletDirectory = fixture.directory.path("no-leaflet")
        try await Application(router: try LogbookWebServer.router(environment)).test(.router) { client in
            for path in [
                "/static/leaflet/leaflet.js", "/static/leaflet/leaflet.css", "/static/leaflet/images/marker-icon.png",
            ] {
                let response = try await Self.get(client, path)
                #expect(response.status == .notFound, "\(path) answered \(response.status)")
            }
            let trip = try await Self.get(client, "/trips/\(fixture.symbols["trip"]!)", fixture.cookie(.driver))
            let html = String(buffer: trip.body)
            #expect(trip.status == .ok)
            #expect(html.contains("<svg class=\"route\""), "the drawn route is missing")
            #expect(!html.contains("data-route") && !html.contains("/static/leaflet/"), "a map without Leaflet")
            #expect(trip.headers[.contentSecurityPolicy] == Self.defaultPolicy)
            #expect(trip.headers[Self.referrer] == "same-origin")
        }
    }

    @Test("a trip's page carries its route for the map and lets the browser load OpenStreetMap's tiles; no other does")
    func mapPage() async throws {
        try #require(FileManager.default.fileExists(atPath: Self.leaflet + "/leaflet.js"), "libjs-leaflet")
        let fixture = try RoleFixture()
        try await fixture.application().test(.router) { client in
            let trip = try await Self.get(client, "/trips/\(fixture.symbols["trip"]!)", fixture.cookie(.driver))
            let html = String(buffer: trip.body)
            #expect(trip.status == .ok)
            #expect(html.contains("<svg class=\"route\""), "the drawn route is gone")
            #expect(
                html.contains(
                    "data-route=\"[[59.430000,24.750000],[59.400000,24.850000],[59.380000,24.920000]]\""),
                "the route's points are not on the page")
            for script in ["/static/leaflet/leaflet.js", "/static/route-map.js"] {
                #expect(html.contains("<script src=\"\(script)\" defer></script>"), "\(script)")
            }
            #expect(html.contains("<link rel=\"stylesheet\" href=\"/static/leaflet/leaflet.css\">"))
            #expect(
                trip.headers[.contentSecurityPolicy]
                    == "default-src 'self'; img-src 'self' data: https://tile.openstreetmap.org; style-src 'self'; "
                    + "script-src 'self'; frame-ancestors 'none'")
            #expect(trip.headers[Self.referrer] == "strict-origin-when-cross-origin")
            // Pages without a map keep the policy that loads nothing from elsewhere.
            for path in ["/trips?period=all", "/live", "/account"] {
                let page = try await Self.get(client, path, fixture.cookie(.driver))
                #expect(page.status == .ok, "\(path)")
                #expect(page.headers[.contentSecurityPolicy] == Self.defaultPolicy, "\(path)")
                #expect(page.headers[Self.referrer] == "same-origin", "\(path)")
            }
            // Another vehicle's trip: 404, with neither its route nor the tiles' policy.
            let other = try await Self.get(client, "/trips/\(fixture.symbols["otherTrip"]!)", fixture.cookie(.driver))
            #expect(other.status == .notFound && !String(buffer: other.body).contains("data-route"))
            #expect(other.headers[.contentSecurityPolicy] == Self.defaultPolicy)
        }
    }

    /// The menu of a page: its tabs, what is under "More" (internal links), and the links marked as the page shown.
    struct Menu {
        var tabs: [String] = []
        var more: [String] = []
        var current: [String] = []
        var moreMarked = false

        init(_ html: String) {
            guard let start = html.range(of: "<nav class=\"menu\""),
                let end = html.range(of: "</nav>", range: start.upperBound..<html.endIndex)
            else { return }
            let nav = html[start.upperBound..<end.lowerBound]
            let split = nav.range(of: "<details")
            for part in nav.components(separatedBy: "<a ").dropFirst() {
                guard let href = part.range(of: "href=\""), !part.hasPrefix("class=\"external\"") else { continue }
                let value = String(part[href.upperBound...].prefix { $0 != "\"" })
                let inMore = split.map { nav.range(of: "<a " + part)!.lowerBound > $0.lowerBound } ?? false
                if inMore { more.append(value) } else { tabs.append(value) }
                if part.prefix(while: { $0 != ">" }).contains("aria-current=\"page\"") { current.append(value) }
            }
            moreMarked = nav.contains("<summary class=\"current\">")
        }
    }

    @Test("each role's menu is one row of at most five tabs, the rest under More, with the page shown marked")
    func menus() async throws {
        let fixture = try RoleFixture()
        try await fixture.application().test(.router) { client in
            try await fixture.seed(client)  // anna's web links, among the rest
            var menus: [Role: Menu] = [:]
            for role in Role.allCases {
                let page = try await Self.get(client, "/account", fixture.cookie(role))
                let menu = Menu(String(buffer: page.body))
                menus[role] = menu
                #expect(page.status == .ok && !menu.tabs.isEmpty, "\(role)")
                #expect(menu.tabs.count <= 5, "\(role): \(menu.tabs.count) tabs: \(menu.tabs)")
                #expect(menu.more.isEmpty || menu.tabs.count == 4, "\(role): \(menu.tabs) and More \(menu.more)")
                #expect(menu.current == ["/account"], "\(role): marked \(menu.current)")
                #expect(menu.moreMarked == menu.more.contains("/account"), "\(role): More marked \(menu.moreMarked)")
            }
            #expect(menus[.admin]?.tabs == ["/trips", "/record", "/hours", "/checklists"])
            #expect(
                menus[.admin]?.more == [
                    "/roofing", "/reports", "/vsm", "/live", "/vehicles", "/devices", "/users", "/account",
                ])
            #expect(menus[.driver]?.tabs == ["/trips", "/record", "/hours", "/reports"])
            #expect(menus[.driver]?.more == ["/live", "/account"])
            #expect(menus[.accountant]?.tabs == ["/trips", "/hours", "/roofing", "/reports"])
            #expect(menus[.roofer]?.tabs == ["/roofing", "/account"] && menus[.roofer]?.more == [])
            #expect(menus[.crew]?.tabs == ["/checklists", "/account"])
            #expect(menus[.shiftManager]?.tabs == ["/checklists", "/vsm", "/account"])
            #expect(menus[.restaurantManager]?.tabs == ["/checklists", "/vsm", "/users", "/account"])
            // The driver's own web links are under More, opened outside.
            let hours = String(buffer: try await Self.get(client, "/hours", fixture.cookie(.driver)).body)
            #expect(hours.contains("<a class=\"external\""), "the driver's links are not in the menu")
            // Deeper pages mark their section: a trip marks Trips, a project Roofing.
            let trip = try await Self.get(client, "/trips/\(fixture.symbols["trip"]!)", fixture.cookie(.driver))
            #expect(Menu(String(buffer: trip.body)).current == ["/trips"])
            let roofing = try await Self.get(client, "/roofing/projects/Villa%20Marker", fixture.cookie(.roofer))
            #expect(Menu(String(buffer: roofing.body)).current == ["/roofing"])
            let vehicles = try await Self.get(client, "/vehicles", fixture.cookie(.admin))
            let admins = Menu(String(buffer: vehicles.body))
            #expect(admins.current == ["/vehicles"] && admins.moreMarked, "\(admins)")
        }
    }
}
