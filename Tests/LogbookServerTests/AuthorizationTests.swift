import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LogbookServer
import LogbookStore
import Synchronization
import Testing
import Hours

/// Issue 25's findings about who sees what, each as it was found: restaurant staff reading the mileage log, crew
/// reading the outbox, other vehicles' purposes in the suggestions, a link made for the wrong driver, user names
/// told apart by the login's time, a session id kept over a password change.
@Suite struct AuthorizationTests {
    typealias Role = RoleFixture.Role
    typealias Browser = PageTests.Browser

    static func get(_ client: some TestClientProtocol, _ uri: String, _ headers: HTTPFields) async throws
        -> (HTTPResponse.Status, String)
    {
        let response = try await client.execute(uri: uri, method: .get, headers: headers)
        return (response.status, String(buffer: response.body))
    }

    @Test("crew and managers (no vehicle) get no trips: the list, the driver filter, the page, the log's lists")
    func restaurantStaffHaveNoMileageLog() async throws {
        let f = try RoleFixture()
        try await f.application().test(.router) { client in
            for role in [Role.crew, .shiftManager, .restaurantManager] {
                for uri in [
                    "/api/v1/trips?period=all", "/api/v1/trips?period=all&driver=quentin", "/api/v1/places",
                    "/api/v1/rules", "/api/v1/regular-trips", "/api/v1/status", "/api/v1/vehicles",
                    "/api/v1/odometer",
                ] {
                    let (status, body) = try await Self.get(client, uri, f.bearer(role))
                    #expect(status == .forbidden, "\(role) \(uri)")
                    #expect(!body.contains("XYZ9") && !body.contains("Purpose-of"), "\(role) \(uri): \(body)")
                }
                for uri in ["/trips?period=all", "/live", "/reports"] {
                    let (status, body) = try await Self.get(client, uri, f.cookie(role))
                    #expect(status == .forbidden, "\(role) \(uri)")
                    #expect(!body.contains("ABC1") && !body.contains("XYZ9"), "\(role) \(uri)")
                }
                // They start at their checklists, and their menu has no trips.
                let start = try await client.execute(uri: "/", method: .get, headers: f.cookie(role))
                #expect(start.headers[.location] == "/checklists")
                let (_, page) = try await Self.get(client, "/checklists", f.cookie(role))
                #expect(page.contains("href=\"/checklists\"") && !page.contains("href=\"/trips\""))
            }
            // The roles granted the log still get it: the accountant every vehicle, the driver their own.
            let (_, all) = try await Self.get(client, "/api/v1/trips?period=all&driver=quentin", f.bearer(.accountant))
            #expect(all.contains("Purpose-of-XYZ9"))
            let (_, own) = try await Self.get(client, "/api/v1/trips?period=all", f.bearer(.driver))
            #expect(own.contains("Purpose-of-ABC1") && !own.contains("XYZ9"))
            let (_, none) = try await Self.get(client, "/api/v1/trips?period=all", f.bearer(.driverWithoutVehicles))
            #expect(ServerHarness.json(ByteBuffer(string: none))["total"] as? Int == 0)
        }
    }

    @Test("the outbox (recipients, subjects, the mail server's error) is for admins and accountants only")
    func outbox() async throws {
        let f = try RoleFixture()
        try await f.application().test(.router) { client in
            for role in Role.allCases {
                let (status, body) = try await Self.get(client, "/api/v1/outbox", f.bearer(role))
                let reads = role == .admin || role == .accountant
                #expect(status == (reads ? .ok : .forbidden), "\(role)")
                #expect(body.contains("outbox-marker@example.org") == reads, "\(role)")
            }
            for role in [Role.admin, .accountant, .driver] {
                let (status, page) = try await Self.get(client, "/reports", f.cookie(role))
                #expect(status == .ok)
                #expect(page.contains("Outbox-Subject-Marker") == (role != .driver), "\(role)")
            }
        }
    }

    @Test("the purpose suggestions list only purposes of the user's vehicles' trips and regular trips")
    func purposeSuggestions() async throws {
        let f = try RoleFixture()
        try await f.application().test(.router) { client in
            let trip = f.symbols["trip"]!
            for uri in ["/trips?from=2026-05-01&to=2026-05-31", "/trips/\(trip)"] {
                let (_, annas) = try await Self.get(client, uri, f.cookie(.driver))
                let suggestions = Self.datalist(annas)
                #expect(suggestions.contains("Purpose-of-ABC1"), "\(uri): \(suggestions)")
                #expect(!suggestions.contains("Purpose-of-XYZ9"), "\(uri): another vehicle's purpose")
                let (_, admins) = try await Self.get(client, uri, f.cookie(.admin))
                #expect(Self.datalist(admins).isSuperset(of: ["Purpose-of-ABC1", "Purpose-of-XYZ9"]), "\(uri)")
            }
            // A driver without vehicles has no trips, so no purposes to be suggested.
            let (_, novas) = try await Self.get(
                client, "/trips?from=2026-05-01&to=2026-05-31", f.cookie(.driverWithoutVehicles))
            #expect(Self.datalist(novas).isEmpty)
        }
    }

    /// The options of the page's `<datalist id="purposes">`.
    static func datalist(_ html: String) -> Set<String> {
        guard let start = html.range(of: "<datalist id=\"purposes\">"),
            let end = html.range(of: "</datalist>", range: start.upperBound..<html.endIndex)
        else { return [] }
        return Set(
            html[start.upperBound..<end.lowerBound].components(separatedBy: "<option value=\"").dropFirst().map {
                String($0.prefix { $0 != "\"" })
            })
    }

    @Test("a driver's rules, regular trips and odometer readings leave out other vehicles'")
    func otherVehiclesLists() async throws {
        let f = try RoleFixture()
        try await f.application().test(.router) { client in
            for uri in ["/api/v1/rules", "/api/v1/regular-trips", "/api/v1/odometer", "/api/v1/vehicles"] {
                let (status, annas) = try await Self.get(client, uri, f.bearer(.driver))
                #expect(status == .ok && !annas.contains("XYZ9"), "\(uri): \(annas)")
                let (_, carls) = try await Self.get(client, uri, f.bearer(.accountant))
                #expect(carls.contains("XYZ9"), "\(uri): \(carls)")
            }
        }
    }

    @Test("the daemon's status and the live page show its vehicle only to those who may see that vehicle")
    func status() async throws {
        let f = try RoleFixture()
        try f.writeDaemonStatus()
        try await f.application().test(.router) { client in
            let (_, annas) = try await Self.get(client, "/api/v1/status", f.bearer(.driver))
            let status = ServerHarness.json(ByteBuffer(string: annas))
            #expect(status["running"] as? Bool == true && status["vehicle"] as? String == "ABC1")
            #expect(status["gpsd"] as? String == "gpsd-marker-host:2947")
            let (_, novas) = try await Self.get(client, "/api/v1/status", f.bearer(.driverWithoutVehicles))
            #expect(ServerHarness.json(ByteBuffer(string: novas)).keys.sorted() == ["running"], "\(novas)")
            let (_, live) = try await Self.get(client, "/live", f.cookie(.driver))
            #expect(live.contains("ABC1") && live.contains(">45<"), "12.5 m/s is 45 km/h")
            let (_, other) = try await Self.get(client, "/live", f.cookie(.driverWithoutVehicles))
            #expect(!other.contains("ABC1") && other.contains("a vehicle that is not yours"))
        }
    }

    @Test("a link for another driver is refused on the page as in the API (403), and none is made")
    func linkForAnotherDriver() async throws {
        let f = try RoleFixture()
        try await f.application().test(.router) { client in
            let before = try f.database.links(driver: "anna").count
            let page = try await client.execute(
                uri: "/hours/links", method: .post,
                headers: f.cookie(.driver).merging([.contentType: "application/x-www-form-urlencoded"]),
                body: Browser.form([
                    "csrf": f.csrf(.driver), "name": "Sneaky", "url": "https://example.org/x", "driver": "quentin",
                ]))
            #expect(page.status == .forbidden)
            let api = try await client.execute(
                uri: "/api/v1/hours/links", method: .post,
                headers: f.bearer(.driver).merging([.contentType: "application/json"]),
                body: ServerHarness.body(["name": "Sneaky", "url": "https://example.org/x", "driver": "quentin"]))
            #expect(api.status == .forbidden)
            #expect(try f.database.links(driver: "anna").count == before)
            #expect(try f.database.links(driver: "quentin").allSatisfy { $0.link.name != "Sneaky" })
            // Her own name, on the page, is her own link.
            let own = try await client.execute(
                uri: "/hours/links", method: .post,
                headers: f.cookie(.driver).merging([.contentType: "application/x-www-form-urlencoded"]),
                body: Browser.form([
                    "csrf": f.csrf(.driver), "name": "Mine", "url": "https://example.org/m", "driver": "anna",
                ]))
            #expect(own.status == .seeOther)
            #expect(try f.database.links(driver: "anna").contains { $0.link.name == "Mine" && $0.driver == "anna" })
        }
    }

    @Test("a roofing reader posting to the photo form is refused (403) before the upload is read")
    func photoFormRefusesReaders() async throws {
        let f = try RoleFixture()
        try await f.application().test(.router) { client in
            // Not multipart at all: an editor would get 400 for the form; a reader must get 403 first.
            let response = try await client.execute(
                uri: "/roofing/projects/Villa%20Marker/photos", method: .post,
                headers: f.cookie(.accountant).merging([.contentType: "text/plain"]),
                body: ByteBuffer(string: "not a form"))
            #expect(response.status == .forbidden)
            let editor = try await client.execute(
                uri: "/roofing/projects/Villa%20Marker/photos", method: .post,
                headers: f.cookie(.admin).merging([.contentType: "text/plain"]),
                body: ByteBuffer(string: "not a form"))
            #expect(editor.status == .badRequest)
        }
    }

    @Test("a wrong password costs the same bcrypt check for a name that does not exist as for one that does")
    func loginWork() async throws {
        let f = try RoleFixture(
            throttle: LoginThrottle(limits: .init(perUser: 1_000, perAddress: 1_000, window: 600)), passwords: true)
        // The work each login spends, counted (not timed: the suite's load makes times useless here).
        let checks = Mutex<[Int]>([])
        var environment = f.environment
        environment.passwords.checked = { cost in checks.withLock { $0.append(cost) } }
        let cost = environment.passwords.cost
        try await Application(router: try LogbookWebServer.router(environment)).test(.router) { client in
            func attempt(_ name: String) async throws -> [Int] {
                var browser = Browser()
                let form = try await client.execute(uri: "/login", method: .get, headers: [:])
                browser.take(form)
                let token = try #require(Browser.hidden("csrf", in: String(buffer: form.body)))
                checks.withLock { $0 = [] }
                let response = try await client.execute(
                    uri: "/login", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                    body: Browser.form(["csrf": token, "name": name, "password": "wrong-password"]))
                #expect(response.status == .unauthorized)
                return checks.withLock { $0 }
            }
            // anna has a password; nobody does not exist; eve exists without a password.
            for name in ["anna", "nobody", "eve"] {
                let spent = try await attempt(name)
                #expect(spent == [cost], "\(name): one bcrypt check at the server's cost")
            }
        }
        // The stand-in is a real bcrypt hash of that cost, so its check is the same work as a stored one's.
        #expect(PasswordHasher.cost(of: environment.passwords.hash("x")) == cost)
        #expect(PasswordHasher.cost(of: "$2b$12$abcdefghijklmnopqrstuv") == 12)
        #expect(PasswordHasher.cost(of: "plain") == nil)
    }

    @Test("a password change gives the browser a new session id; the old one no longer works")
    func passwordChangeRotatesTheSession() async throws {
        let f = try RoleFixture(passwords: true)
        try await f.application().test(.router) { client in
            var browser = try await PageTests.logIn(client, name: "anna", password: RoleFixture.password).0
            let old = try #require(browser.cookies["logbook_session"])
            let account = try await client.execute(uri: "/account", method: .get, headers: browser.header)
            let csrf = try #require(Browser.hidden("csrf", in: String(buffer: account.body)))
            let changed = try await client.execute(
                uri: "/account/password", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: Browser.form(["csrf": csrf, "current": RoleFixture.password, "new": "a-new-password-2"]))
            #expect(changed.status == .ok)
            browser.take(changed)
            let new = try #require(browser.cookies["logbook_session"])
            #expect(new != old)
            let newCSRF = try #require(Browser.hidden("csrf", in: String(buffer: changed.body)))
            #expect(newCSRF != csrf)
            // The old id is worth nothing; the new one carries on, with the new page's CSRF token.
            let replayed = try await client.execute(
                uri: "/account", method: .get, headers: [.cookie: "logbook_session=\(old)"])
            #expect(replayed.status == .seeOther && replayed.headers[.location]?.hasPrefix("/login") == true)
            let current = try await client.execute(uri: "/account", method: .get, headers: browser.header)
            #expect(current.status == .ok)
            let form = try await client.execute(
                uri: "/trips/\(f.symbols["trip"]!)", method: .post,
                headers: browser.header.merging(PageTests.formHeaders),
                body: Browser.form(["csrf": newCSRF, "notes": "after the change"]))
            #expect(form.status == .seeOther)
            // And the new password is the one that logs in.
            let (_, again) = try await PageTests.logIn(client, name: "anna", password: "a-new-password-2")
            #expect(again.status == .seeOther)
        }
    }
}
