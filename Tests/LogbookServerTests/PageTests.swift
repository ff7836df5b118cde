import Foundation
import Hummingbird
import HummingbirdTesting
import LogbookServer
import LogbookStore
import MileageLog
import Testing

/// The pages in process: login with its double-submit token, sessions, CSRF on every form, the rate limit.
@Suite struct PageTests {
    /// A browser's cookie jar, enough for one server.
    struct Browser {
        var cookies: [String: String] = [:]

        mutating func take(_ response: TestResponse) {
            for field in response.headers where field.name == .setCookie {
                let pair = field.value.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
                let name = String(pair[0])
                let value = pair.count > 1 ? String(pair[1]) : ""
                cookies[name] = value.isEmpty ? nil : value
            }
        }

        var header: HTTPFields {
            var fields = HTTPFields()
            if !cookies.isEmpty {
                fields[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            }
            return fields
        }

        static func form(_ values: [String: String]) -> ByteBuffer {
            let allowed = CharacterSet.alphanumerics.union(.init(charactersIn: "-._~"))
            return ByteBuffer(
                string: values.map {
                    "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed)!)"
                }.joined(separator: "&"))
        }

        static func hidden(_ name: String, in html: String) -> String? {
            guard let range = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
            return String(html[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    static let formHeaders: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    /// Logs in and returns the browser with its session cookie and the session's CSRF token.
    static func logIn(
        _ client: some TestClientProtocol, name: String = "anna", password: String = ServerHarness.password
    ) async throws -> (Browser, TestResponse) {
        var browser = Browser()
        let page = try await client.execute(uri: "/login", method: .get, headers: [:], body: nil)
        browser.take(page)
        let token = try #require(Browser.hidden("csrf", in: String(buffer: page.body)))
        let response = try await client.execute(
            uri: "/login", method: .post, headers: browser.header.merging(formHeaders),
            body: Browser.form(["csrf": token, "name": name, "password": password, "next": "/trips"]))
        browser.take(response)
        return (browser, response)
    }

    @Test("a page that needs a login sends the browser to it, and back afterwards")
    func loginRedirect() async throws {
        let h = try ServerHarness()
        try await h.application().test(.router) { client in
            try await client.execute(uri: "/trips", method: .get) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/login?next=/trips")
            }
            let (browser, response) = try await Self.logIn(client)
            #expect(response.status == .seeOther && response.headers[.location] == "/trips")
            let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("logbook_session=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && !cookie.contains("Secure"))
            try await client.execute(uri: "/trips?period=all", method: .get, headers: browser.header) { response in
                #expect(response.status == .ok)
                let html = String(buffer: response.body)
                #expect(html.contains("id=\"trip-\(h.annasTrip)\""))
                #expect(!html.contains("id=\"trip-\(h.othersTrip)\""), "another vehicle's trip on a driver's page")
            }
        }
    }

    @Test("a wrong password or a missing login token is refused")
    func badLogins() async throws {
        let h = try ServerHarness()
        try await h.application().test(.router) { client in
            let (_, wrong) = try await Self.logIn(client, password: "not-the-password")
            #expect(wrong.status == .unauthorized)
            #expect(wrong.headers[values: .setCookie].allSatisfy { !$0.hasPrefix("logbook_session=") })
            // A cross-site post has no login cookie to match.
            try await client.execute(
                uri: "/login", method: .post, headers: Self.formHeaders,
                body: Browser.form(["csrf": "forged", "name": "anna", "password": ServerHarness.password])
            ) { response in
                #expect(response.status == .forbidden)
            }
        }
    }

    @Test("a form without the session's CSRF token changes nothing; with it, the tap classifies the trip")
    func csrf() async throws {
        let h = try ServerHarness()
        try await h.application().test(.router) { client in
            let (browser, _) = try await Self.logIn(client)
            let page = try await client.execute(
                uri: "/trips?period=all", method: .get, headers: browser.header, body: nil)
            let token = try #require(Browser.hidden("csrf", in: String(buffer: page.body)))
            for forged in [nil, "forged"] as [String?] {
                var values = ["category": "business", "purpose": "Forged"]
                values["csrf"] = forged
                try await client.execute(
                    uri: "/trips/\(h.annasTrip)", method: .post, headers: browser.header.merging(Self.formHeaders),
                    body: Browser.form(values)
                ) { response in
                    #expect(response.status == .forbidden)
                }
            }
            #expect(try h.database.trip(id: h.annasTrip).category == nil)
            try await client.execute(
                uri: "/trips/\(h.annasTrip)", method: .post, headers: browser.header.merging(Self.formHeaders),
                body: Browser.form(["csrf": token, "category": "business", "purpose": "Site visit"])
            ) { response in
                #expect(response.status == .seeOther)
            }
            let trip = try h.database.trip(id: h.annasTrip)
            #expect(trip.category == .business && trip.purpose == "Site visit")
            #expect(try h.database.auditEntries(trip: h.annasTrip).contains { $0.change.actor == "web:anna" })
            // Another vehicle's trip through the page: not found, as in the API.
            try await client.execute(
                uri: "/trips/\(h.othersTrip)", method: .post, headers: browser.header.merging(Self.formHeaders),
                body: Browser.form(["csrf": token, "category": "private"])
            ) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test("logins are rate-limited per user: after five failures even the right password waits")
    func rateLimit() async throws {
        let h = try ServerHarness(throttle: LoginThrottle(limits: .init(perUser: 5, perAddress: 50, window: 600)))
        try await h.application().test(.router) { client in
            for _ in 0..<5 {
                let (_, response) = try await Self.logIn(client, password: "wrong-password")
                #expect(response.status == .unauthorized)
            }
            let (_, blocked) = try await Self.logIn(client)
            #expect(blocked.status == .tooManyRequests)
            #expect(blocked.headers[.retryAfter] != nil)
            // Another user is not blocked by anna's failures.
            let (_, other) = try await Self.logIn(client, name: "carl")
            #expect(other.status == .seeOther)
        }
    }

    @Test("two servers on one log count the same failed logins; the log keeps hashes, not names or addresses")
    func sharedRateLimit() async throws {
        let h = try ServerHarness()
        let limits = LoginThrottle.Limits(perUser: 5, perAddress: 50, window: 600)
        func server(shared: Bool) throws -> Application<RouterResponder<AppRequestContext>> {
            var environment = h.environment
            environment.throttle = LoginThrottle(limits: limits, store: shared ? h.database : nil)
            return Application(router: try LogbookWebServer.router(environment))
        }
        // Counted in each server's memory, three failures on one and two on the other block no one.
        let (memoryA, memoryB) = (try server(shared: false), try server(shared: false))
        try await Self.fail(3, on: memoryA, name: "carl")
        try await Self.fail(2, on: memoryB, name: "carl")
        try await memoryA.test(.router) { client in
            let (_, response) = try await Self.logIn(client, name: "carl")
            #expect(response.status == .seeOther)
        }
        // Counted in the log, the same spread reaches the limit on both.
        let (a, b) = (try server(shared: true), try server(shared: true))
        try await Self.fail(3, on: a, name: "anna")
        try await Self.fail(2, on: b, name: "anna")
        for app in [a, b] {
            try await app.test(.router) { client in
                let (_, blocked) = try await Self.logIn(client)
                #expect(blocked.status == .tooManyRequests)
            }
        }
        // Five failures of anna's in the log, under a hash (the same for any case of the name), not the name.
        let key = LoginThrottleKeys.user("anna")
        #expect(key == LoginThrottleKeys.user("ANNA") && key.count == 64 && !key.contains("anna"))
        #expect(try h.database.loginFailures(keys: [key], since: 0)[key]?.count == 5)
        // A successful login of another user on either server forgets only that user's count.
        try await b.test(.router) { client in
            let (_, response) = try await Self.logIn(client, name: "boss")
            #expect(response.status == .seeOther)
        }
        try await a.test(.router) { client in
            let (_, response) = try await Self.logIn(client)
            #expect(response.status == .tooManyRequests)
        }
    }

    static func fail(_ times: Int, on app: some ApplicationProtocol, name: String) async throws {
        try await app.test(.router) { client in
            for _ in 0..<times {
                let (_, response) = try await Self.logIn(client, name: name, password: "wrong-password")
                #expect(response.status == .unauthorized)
            }
        }
    }

    @Test("logging out ends the session on the server")
    func logout() async throws {
        let h = try ServerHarness()
        try await h.application().test(.router) { client in
            let (browser, _) = try await Self.logIn(client)
            let page = try await client.execute(uri: "/account", method: .get, headers: browser.header, body: nil)
            let token = try #require(Browser.hidden("csrf", in: String(buffer: page.body)))
            try await client.execute(
                uri: "/logout", method: .post, headers: browser.header.merging(Self.formHeaders),
                body: Browser.form(["csrf": token])
            ) { response in
                #expect(response.status == .seeOther)
            }
            // The old cookie, replayed, is worth nothing.
            try await client.execute(uri: "/account", method: .get, headers: browser.header) { response in
                #expect(response.status == .seeOther)
            }
        }
    }

    @Test("an unknown page is a clear 404 page; a trip page draws the route from the track")
    func pages() async throws {
        let h = try ServerHarness()
        try await h.application().test(.router) { client in
            let (browser, _) = try await Self.logIn(client)
            try await client.execute(uri: "/no/such/page", method: .get, headers: browser.header) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains("Not found"))
            }
            try await client.execute(uri: "/trips/\(h.annasTrip)", method: .get, headers: browser.header) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("<svg class=\"route\""))
                #expect(html.contains("<polyline points=\""))
            }
            for page in ["/live", "/reports", "/account"] {
                try await client.execute(uri: page, method: .get, headers: browser.header) { response in
                    #expect(response.status == .ok, "\(page)")
                }
            }
            // Vehicles are for admins.
            try await client.execute(uri: "/vehicles", method: .get, headers: browser.header) { response in
                #expect(response.status == .forbidden)
            }
        }
    }

    @Test("an admin adds and removes places and rules on the vehicles page; a driver may not")
    func placesAndRules() async throws {
        let h = try ServerHarness()
        try await h.application().test(.router) { client in
            let (admin, _) = try await Self.logIn(client, name: "boss")
            let page = try await client.execute(uri: "/vehicles", method: .get, headers: admin.header, body: nil)
            let token = try #require(Browser.hidden("csrf", in: String(buffer: page.body)))
            let posts: [(String, [String: String])] = [
                ("/places", ["name": "Office", "lat": "59.437", "lon": "24.7536", "radius": "200"]),
                ("/rules", ["name": "To work", "to": "Office", "category": "commute"]),
            ]
            for (path, values) in posts {
                var form = values
                form["csrf"] = token
                try await client.execute(
                    uri: path, method: .post, headers: admin.header.merging(Self.formHeaders), body: Browser.form(form)
                ) { response in
                    #expect(response.status == .seeOther, "\(path): \(String(buffer: response.body).prefix(300))")
                }
            }
            #expect(try h.database.places().map(\.name) == ["Office"])
            #expect(try h.database.places().first?.radiusMetres == 200)
            let rules = try h.database.rules()
            #expect(rules.map(\.rule.name) == ["To work"] && rules.first?.rule.endPlace?.name == "Office")
            // A business rule without a purpose: refused with the reason, nothing stored.
            try await client.execute(
                uri: "/rules", method: .post, headers: admin.header.merging(Self.formHeaders),
                body: Browser.form(["csrf": token, "name": "Clients", "category": "business"])
            ) { response in
                #expect(response.status == .conflict)
            }
            let (driver, _) = try await Self.logIn(client)
            let driverPage = try await client.execute(uri: "/account", method: .get, headers: driver.header, body: nil)
            let driverToken = try #require(Browser.hidden("csrf", in: String(buffer: driverPage.body)))
            try await client.execute(
                uri: "/rules/remove", method: .post, headers: driver.header.merging(Self.formHeaders),
                body: Browser.form(["csrf": driverToken, "name": "To work"])
            ) { response in
                #expect(response.status == .forbidden)
            }
            for (path, name) in [("/rules/remove", "To work"), ("/places/remove", "Office")] {
                try await client.execute(
                    uri: path, method: .post, headers: admin.header.merging(Self.formHeaders),
                    body: Browser.form(["csrf": token, "name": name])
                ) { response in
                    #expect(response.status == .seeOther)
                }
            }
        }
        #expect(try h.database.places().isEmpty && h.database.rules().isEmpty)
    }

    @Test("passwords are stored as salted bcrypt hashes at the configured cost")
    func passwordHashes() throws {
        let hasher = PasswordHasher()
        let a = hasher.hash("secret-pass-1")
        let b = hasher.hash("secret-pass-1")
        #expect(a != b, "salted: the same password hashes differently")
        #expect(a.hasPrefix("$2b$\(PasswordHasher.defaultCost)$") || a.hasPrefix("$2a$\(PasswordHasher.defaultCost)$"))
        #expect(hasher.verify("secret-pass-1", hash: a))
        #expect(!hasher.verify("secret-pass-2", hash: a))
        #expect(PasswordHasher(cost: 4).cost == PasswordHasher.minimumCost)
    }
}
