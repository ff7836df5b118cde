import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LogbookConfiguration
import LogbookServer
import LogbookServices
import LogbookStore
import LogbookTestSupport
import Roofing
import Testing
import TrackModel

/// Issue 29 §2: every link of each role's menu answers 200 — on an empty log (a fresh install: the users and only
/// what a user cannot exist without) and on a log with data in every domain (`RoleFixture`) — and where there is
/// nothing yet, the page says what to do next instead of an error.
@Suite struct MenuWalkTests {
    typealias Role = RoleFixture.Role

    /// A fresh log: no `[hours]` table, no drivers, no trips. A driver's vehicle exists (without trips) and the
    /// restaurant staff's restaurant (without templates or shifts), since those users cannot exist without them;
    /// a `bare` log has neither, and only the users who need none of them.
    final class EmptyLog: @unchecked Sendable {
        static let bareRoles: [Role] = [.admin, .accountant, .driverWithoutVehicles]
        let directory: TemporaryDirectory
        let database: AppDatabase
        let environment: ServerEnvironment
        private(set) var sessions: [Role: (id: String, csrf: String)] = [:]

        let roles: [Role]

        init(bare: Bool = false) throws {
            roles = bare ? Self.bareRoles : Role.allCases
            directory = try TemporaryDirectory()
            let path = directory.path("log.sqlite")
            database = try AppDatabase.open(path: path, policy: LogPolicy(actor: "test", lockAfterDays: nil))
            var settings = ServerSettings()
            settings.passwordCost = PasswordHasher.minimumCost
            environment = ServerEnvironment(
                database: database, databasePath: path, clock: LocalClock(identifier: "UTC"), settings: settings,
                configuration: ConfigurationFile(path: nil, root: [:]))
            if !bare {
                _ = try database.vehicle(plate: "ABC1")
                _ = try database.addRestaurant(name: "Main Street", email: nil, timezone: "Europe/Berlin")
            }
            for role in roles {
                let user = role.user
                let stored = try database.addUser(
                    name: user.name, role: user.role, vehicles: user.vehicles, passwordHash: nil,
                    restaurants: user.restaurants)
                let session = Secrets.randomToken()
                let csrf = Secrets.randomToken()
                try database.startSession(
                    user: stored.id, idHash: Secrets.hash(session), csrfToken: csrf,
                    expiresAt: Timestamp(secondsSince1970: Date().timeIntervalSince1970 + 3_600))
                sessions[role] = (session, csrf)
            }
        }

        func cookie(_ role: Role) -> HTTPFields { [.cookie: "logbook_session=\(sessions[role]!.id)"] }

        /// A page's form posted as `role`, with the session's CSRF token.
        func post(_ client: some TestClientProtocol, _ path: String, _ form: [String: String], as role: Role)
            async throws -> TestResponse
        {
            var headers = cookie(role)
            headers[.contentType] = "application/x-www-form-urlencoded"
            return try await client.execute(
                uri: path, method: .post, headers: headers,
                body: PageTests.Browser.form(form.merging(["csrf": sessions[role]!.csrf]) { $1 }))
        }
    }

    /// A page answered: its address after the site's own redirects, the status and the HTML.
    struct Page {
        var path: String
        var status: Int
        var html: String

        /// The internal links of the page's menu (`<nav class="menu">`: its tabs and "More"), the brand's `/` first;
        /// the user's own web links (opened outside) are not the server's.
        var menu: [String] {
            guard let start = html.range(of: "<nav class=\"menu\""),
                let end = html.range(of: "</nav>", range: start.upperBound..<html.endIndex)
            else { return [] }
            var links = ["/"]
            var rest = html[start.upperBound..<end.lowerBound]
            while let tag = rest.range(of: "<a ") {
                let close = rest[tag.upperBound...].firstIndex(of: ">") ?? rest.endIndex
                let attributes = rest[tag.upperBound..<close]
                rest = rest[close...]
                guard !attributes.contains("external"), let href = attributes.range(of: "href=\"") else { continue }
                let value = String(attributes[href.upperBound...].prefix { $0 != "\"" })
                if value.hasPrefix("/") && !links.contains(value) { links.append(value) }
            }
            return links
        }

        /// The text of `<main>`, tags dropped: what the page says.
        var text: String {
            guard let main = html.range(of: "<main>") else { return html }
            var out = ""
            var inTag = false
            for character in html[main.upperBound...] {
                if character == "<" {
                    inTag = true
                    out.append(" ")
                } else if character == ">" {
                    inTag = false
                } else if !inTag {
                    out.append(character)
                }
            }
            return out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }

    /// GET `path` with the session's cookie, following the site's own redirects (at most five).
    static func open(_ client: some TestClientProtocol, _ path: String, _ cookie: HTTPFields) async throws -> Page {
        var path = path
        for _ in 0..<5 {
            let response = try await client.execute(uri: path, method: .get, headers: cookie, body: nil)
            let status = Int(response.status.code)
            if (300..<400).contains(status), let location = response.headers[.location], location.hasPrefix("/"),
                !location.hasPrefix("/login")
            {
                path = location
                continue
            }
            return Page(path: path, status: status, html: String(buffer: response.body))
        }
        return Page(path: path, status: 0, html: "too many redirects")
    }

    /// Opens the role's start page and every link of its menu: each must answer 200 with a page, not an error.
    /// Returns the pages by the menu's link.
    @discardableResult
    static func walk(_ client: some TestClientProtocol, _ role: Role, _ cookie: HTTPFields, log: String) async throws
        -> [String: Page]
    {
        let start = try await open(client, "/", cookie)
        #expect(start.status == 200, "\(log), \(role): / answered \(start.status): \(start.text.prefix(300))")
        let menu = start.menu
        #expect(menu.count >= 3, "\(log), \(role): the menu has only \(menu)")
        var pages: [String: Page] = [:]
        for link in menu {
            let page = try await open(client, link, cookie)
            pages[link] = page
            #expect(
                page.status == 200 && !page.html.contains("id=\"error-message\""),
                "\(log), \(role): \(link) → \(page.path) answered \(page.status): \(page.text.prefix(300))")
        }
        return pages
    }

    /// What the pages of a log without vehicles, restaurants or catalogues say instead of an empty form: the id of
    /// the empty state each role finds on each page.
    static let bareStates: [Role: [String: String]] = [
        .admin: [
            "/trips": "no-vehicles", "/reports": "no-vehicles", "/record": "no-vehicles", "/devices": "no-vehicles",
            "/hours": "hours-empty", "/checklists": "no-restaurants", "/roofing": "no-catalogue",
        ],
        .accountant: ["/trips": "no-vehicles", "/reports": "no-vehicles", "/hours": "hours-empty"],
        .driverWithoutVehicles: [
            "/trips": "no-vehicles", "/reports": "no-vehicles", "/record": "no-vehicles", "/hours": "hours-empty",
        ],
    ]

    @Test(
        "on an empty log every link of every role's menu answers 200 with a page that says what to do next",
        arguments: [false, true])
    func emptyLog(bare: Bool) async throws {
        let log = try EmptyLog(bare: bare)
        try await Application(router: try LogbookWebServer.router(log.environment)).test(.router) { client in
            for role in log.roles {
                let pages = try await Self.walk(client, role, log.cookie(role), log: bare ? "bare log" : "empty log")
                if bare {
                    for (link, id) in Self.bareStates[role] ?? [:] {
                        #expect(
                            pages[link]?.html.contains("id=\"\(id)\"") == true,
                            "\(role): \(link) without its empty state: \(pages[link]?.text.prefix(400) ?? "not in the menu")"
                        )
                    }
                }
                if role == .crew {
                    #expect(pages["/checklists"]?.text.contains("A shift manager starts the shift") == true)
                }
                // Each role's menu holds only what it may use: a roofer's is their projects (issue 29 §2); those
                // who add people have People.
                let menu = try await Self.open(client, "/", log.cookie(role)).menu
                if role == .roofer {
                    #expect(menu == ["/", "/roofing", "/account"], "the roofer's menu: \(menu)")
                    #expect(pages["/roofing"]?.text.contains("A project shows here when its team names you") == true)
                }
                #expect(menu.contains("/users") == [.admin, .restaurantManager].contains(role), "\(role): \(menu)")
                guard let hours = pages["/hours"] else {
                    #expect(
                        ![.admin, .accountant, .driver, .driverWithoutVehicles].contains(role), "\(role): no Hours")
                    continue
                }
                switch role {
                case .admin:
                    // How to add a driver, at the terminal or right here.
                    #expect(hours.text.contains("logbook drivers add"), "\(hours.text.prefix(500))")
                    #expect(hours.html.contains("action=\"/hours/drivers\""), "\(hours.text.prefix(500))")
                case .accountant:
                    #expect(hours.text.contains("no driver yet"), "\(hours.text.prefix(500))")
                    #expect(!hours.html.contains("action=\"/hours/drivers\""), "an accountant adds no drivers")
                default:
                    // A driver without a driver record: what is missing, and who can fix it.
                    let name = role.user.name
                    #expect(hours.text.contains("no driver named ‘\(name)’"), "\(hours.text.prefix(500))")
                    #expect(hours.text.contains("admin"), "\(hours.text.prefix(500))")
                    #expect(!hours.html.contains("action=\"/hours/drivers\""), "a driver adds no drivers")
                }
            }
        }
    }

    @Test("an admin adds the first driver from the hours page; the driver of that name then sees their own period")
    func firstDriverFromTheHoursPage() async throws {
        let log = try EmptyLog(bare: true)
        try await Application(router: try LogbookWebServer.router(log.environment)).test(.router) { client in
            let name = Role.driverWithoutVehicles.user.name
            // Only an admin adds drivers; a blank name comes back to the page with the reason.
            let refused = try await log.post(client, "/hours/drivers", ["name": name], as: .accountant)
            #expect(refused.status == .forbidden)
            let blank = try await log.post(client, "/hours/drivers", ["name": "  "], as: .admin)
            let back = try #require(blank.headers[.location])
            #expect(blank.status == .seeOther && back.hasPrefix("/hours?flash="), "\(back)")
            let shown = try await Self.open(client, back, log.cookie(.admin))
            #expect(shown.status == 200 && shown.text.contains("a driver needs a name"), "\(shown.text.prefix(300))")
            #expect(try log.database.drivers().isEmpty)

            let added = try await log.post(client, "/hours/drivers", ["name": name], as: .admin)
            #expect(added.status == .seeOther && added.headers[.location] == "/hours?driver=\(name)")
            #expect(try log.database.drivers() == [name])
            let admins = try await Self.open(client, "/hours", log.cookie(.admin))
            #expect(admins.status == 200 && admins.html.contains("id=\"period-summary\""), "\(admins.text.prefix(300))")
            #expect(admins.text.contains(name))
            let drivers = try await Self.open(client, "/hours", log.cookie(.driverWithoutVehicles))
            #expect(drivers.status == 200 && drivers.html.contains("id=\"add-shift\""), "\(drivers.text.prefix(300))")
            #expect(!drivers.html.contains("id=\"hours-empty\""))
            // The same name again is the log's refusal, said on the page.
            let again = try await log.post(client, "/hours/drivers", ["name": name], as: .admin)
            let location = try #require(again.headers[.location])
            let page = try await Self.open(client, location, log.cookie(.admin))
            #expect(page.status == 200 && page.text.contains("already a driver"), "\(page.text.prefix(300))")
        }
    }

    @Test("on a log with data every link of every role's menu answers 200")
    func logWithData() async throws {
        let fixture = try RoleFixture()
        try await fixture.application().test(.router) { client in
            try await fixture.seed(client)
            for role in Role.allCases {
                let pages = try await Self.walk(client, role, fixture.cookie(role), log: "log with data")
                if role == .roofer {
                    #expect(Set(pages.keys) == ["/", "/roofing", "/account"], "the roofer's menu: \(pages.keys)")
                    #expect(pages["/roofing"]?.text.contains("Villa Marker") == true)
                }
            }
        }
    }

    @Test("a fresh log's roofing search finds the sample catalogue, its prices marked; a project is priced from it")
    func sampleCatalogueOnAFreshLog() async throws {
        let log = try EmptyLog(bare: true)
        try await Application(router: try LogbookWebServer.router(log.environment)).test(.router) { client in
            let search = try await Self.open(client, "/roofing/catalogue?q=tagrende", log.cookie(.accountant))
            #expect(
                search.status == 200 && search.text.contains("Tagrende, zink, halvrund"), "\(search.text.prefix(400))")
            #expect(search.html.contains("id=\"example-prices\"") && search.text.contains("example price"))
            let index = try await Self.open(client, "/roofing", log.cookie(.admin))
            #expect(index.html.contains("<option>Sample catalogue (example prices)</option>"))
            let created = try await log.post(
                client, "/roofing/projects",
                ["name": "Prøvetag", "catalogue": "Sample catalogue (example prices)", "roofers": "Jens, Ole:8"],
                as: .admin)
            #expect(created.status == .seeOther)
            let project = try log.database.roofingProject(named: "Prøvetag").project
            #expect(project.catalogue == "Sample catalogue (example prices)")
            #expect(project.roofers.map(\.name) == ["Jens", "Ole"])
            let page = try await Self.open(client, try #require(created.headers[.location]), log.cookie(.admin))
            #expect(page.html.contains("id=\"example-prices\""))
            #expect(try log.database.roofingCatalogues().map(\.name) == ["Sample catalogue (example prices)"])
        }
    }
}
