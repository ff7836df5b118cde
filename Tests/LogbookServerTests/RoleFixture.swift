import Foundation
import Hummingbird
import HummingbirdTesting
import LogbookConfiguration
import LogbookDaemon
import LogbookServer
import LogbookStore
import LogbookTestSupport
import MileageLog
import Roofing
import Checklists
import Hours
import Testing
import TrackModel
import TripEngine
import ValueStreams
import LogbookServices

/// A log on disk with data in every domain and a user of every role, each with a bearer token and a live web
/// session (made in the store, so no login and no bcrypt per user).
///
/// - Mileage log: ABC1 (anna's) with six trips and a regular trip, XYZ9 (no one's) with one driven by quentin, a regular trip, a
///   rule and an odometer reading of XYZ9, places, an outbox message, and the daemon's status file for ABC1.
/// - Work hours (`[hours]` in UTC, monthly): the log's drivers anna, nova and quentin; three shifts and two links of
///   anna's, one of each of quentin's; the payroll system refused anna's first shift and quentin's.
/// - Checklists: Main Street (cole: crew, sam: shift manager, rita: restaurant manager) with sam's open shift and
///   three to-dos (two the manager's, one the kitchen's); Elm Street with eve's open shift.
/// - Value-stream maps: "Marker map" (sections Counter, Kitchen, SpareA, SpareB, SpareD; stickers 1–4) and two
///   maps to delete.
/// - Roofing: the catalogue "Tagdækning 2026", "Villa Marker" (a line and two photos) and "Villa Spare" (three
///   lines), both with the team Ib and Bo (Ib is the roofer user); "Villa Hidden" and the two "Villa Doomed …" to
///   delete, whose team is Ole's alone.
///
/// Every piece of data carries a marker (`Purpose-of-XYZ9`, `Hours-of-quentin`, `Elm Street`, ...) that the roles
/// which may not see it must never find in an answer.
final class RoleFixture: @unchecked Sendable {
    /// The roles the matrix knows: every `UserRole`, a driver with and without vehicles.
    enum Role: String, CaseIterable, Sendable, CustomStringConvertible {
        case admin, accountant, driver
        case driverWithoutVehicles = "driver-without-vehicles"
        case crew
        case shiftManager = "shift-manager"
        case restaurantManager = "restaurant-manager"
        case roofer

        var description: String { rawValue }

        /// The user of the role: name, stored role, vehicles, restaurants.
        var user: (name: String, role: UserRole, vehicles: [String], restaurants: [String]) {
            switch self {
            case .admin: ("boss", .admin, [], [])
            case .accountant: ("carl", .accountant, [], [])
            case .driver: ("anna", .driver, ["ABC1"], [])
            case .driverWithoutVehicles: ("nova", .driver, [], [])
            case .crew: ("cole", .crew, [], ["Main Street"])
            case .shiftManager: ("sam", .shiftManager, [], ["Main Street"])
            case .restaurantManager: ("rita", .restaurantManager, [], ["Main Street"])
            case .roofer: ("Ib", .roofer, [], [])
            }
        }
    }

    static let password = "secret-pass-1"

    let directory: TemporaryDirectory
    let database: AppDatabase
    let environment: ServerEnvironment
    private(set) var tokens: [Role: String] = [:]
    private(set) var sessions: [Role: (id: String, csrf: String)] = [:]
    /// Ids and names the routes are called with (`trip`, `shift1`, `checklistShift`, ...), filled in as made.
    private(set) var symbols: [String: String] = [:]

    /// The month of the trips (May 2026) and today's date in UTC (the hours' period).
    static let month = "2026-05"
    static var today: String { String(ISO8601DateFormatter().string(from: Date()).prefix(10)) }

    /// `mail`: the configuration has a `[mail]` table (messages go to the outbox; nothing delivers them here) and
    /// `[roofing] employer_email`.
    init(throttle: LoginThrottle = LoginThrottle(), passwords: Bool = false, mail: Bool = false) throws {
        directory = try TemporaryDirectory()
        let path = directory.path("log.sqlite")
        database = try AppDatabase.open(path: path, policy: LogPolicy(actor: "test", lockAfterDays: nil))
        var settings = ServerSettings()
        settings.passwordCost = PasswordHasher.minimumCost
        let hours: [String: TOMLValue] = ["timezone": .string("UTC"), "period": .string("monthly")]
        var root: [String: TOMLValue] = ["hours": .table(hours)]
        if mail {
            root["mail"] = .table([
                "host": .string("127.0.0.1"), "port": .integer(2525), "tls": .string("none"),
                "from": .string("logbook@example.org"),
            ])
            root["roofing"] = .table(["employer_email": .string("akkord@example.org")])
        }
        environment = ServerEnvironment(
            database: database, databasePath: path, clock: LocalClock(identifier: "UTC"), settings: settings,
            configuration: ConfigurationFile(path: nil, root: root), throttle: throttle)
        try mileageLog()
        try checklists()
        try valueStreams()
        try roofing()
        let hash = passwords ? environment.passwords.hash(Self.password) : nil
        for role in Role.allCases {
            let user = role.user
            let stored = try database.addUser(
                name: user.name, role: user.role, vehicles: user.vehicles, passwordHash: hash,
                restaurants: user.restaurants)
            let token = Secrets.randomToken(prefix: "lbk_")
            _ = try database.addToken(user: user.name, tokenHash: Secrets.hash(token), expiresAt: nil)
            tokens[role] = token
            let session = Secrets.randomToken()
            let csrf = Secrets.randomToken()
            try database.startSession(
                user: stored.id, idHash: Secrets.hash(session), csrfToken: csrf,
                expiresAt: Timestamp(secondsSince1970: Date().timeIntervalSince1970 + 3_600))
            sessions[role] = (session, csrf)
        }
        // Elm Street's shift manager, whose shift Main Street's staff must not see.
        _ = try database.addUser(
            name: "eve", role: .shiftManager, vehicles: [], passwordHash: nil, restaurants: ["Elm Street"])
        _ = try database.startChecklistShift(
            restaurant: "Elm Street", dayPart: .day, manager: "eve", at: Date().timeIntervalSince1970 - 600)
        try writeDaemonStatus()
    }

    // MARK: The domains' data

    private func mileageLog() throws {
        for plate in ["ABC1", "XYZ9"] { _ = try database.vehicle(plate: plate) }
        for driver in ["anna", "nova", "quentin"] { try database.addDriver(driver) }
        // A phone of XYZ9's, which only those who see XYZ9 may see.
        _ = try database.addDevice(
            name: "Phone-of-XYZ9", plate: "XYZ9", tokenHash: String(repeating: "a", count: 64), speedUnit: "knots")
        _ = try database.addDevice(
            name: "spare-phone", plate: "XYZ9", tokenHash: String(repeating: "b", count: 64), speedUnit: "knots")
        let start = 1_780_000_000.0  // 2026-05-28
        let abc = [
            ("trip", 0.0, "Purpose-of-ABC1"), ("tripVoid", 20_000, "Void me"), ("tripMerge1", 40_000, "Merge A"),
            ("tripMerge2", 41_500, "Merge B"), ("tripSplit", 60_000, "Split me"),
        ]
        for (symbol, offset, purpose) in abc {
            let id = try insertTrip(plate: "ABC1", start: start + offset)
            _ = try database.editTrip(id: id, TripChanges(purpose: purpose, driver: "anna"))
            symbols[symbol] = String(id)
            symbols[symbol + "Middle"] = Timestamp(secondsSince1970: start + offset + 600).iso8601
        }
        // A business trip of anna's to save as a regular trip, and a regular trip of hers to remove.
        let star = try insertTrip(plate: "ABC1", start: start + 80_000)
        _ = try database.editTrip(id: star, TripChanges(category: .business, purpose: "Star me", driver: "anna"))
        symbols["tripStar"] = String(star)
        _ = try database.addRegular(name: "Spare regular", fromTrip: star)
        let other = try insertTrip(plate: "XYZ9", start: start + 10_000)
        _ = try database.editTrip(
            id: other, TripChanges(category: .business, purpose: "Purpose-of-XYZ9", driver: "quentin"))
        symbols["otherTrip"] = String(other)
        let today = Self.today
        symbols["today"] = today
        for day in 1...6 { symbols["day\(day)"] = String(today.prefix(8)) + "0\(day)" }
        _ = try database.addRegular(name: "Regular-of-XYZ9", fromTrip: other)
        for name in ["Depot", "Spare place"] {
            _ = try database.addPlace(
                Place(name: name, centre: Coordinate(latitude: 59.43, longitude: 24.75), radiusMetres: 150))
        }
        try database.addRule(name: "Rule-of-XYZ9", vehicle: "XYZ9", category: .business, purpose: "Rule-purpose-XYZ9")
        try database.addRule(name: "Spare rule", category: .private)
        _ = try database.recordOdometer(
            vehicle: "XYZ9", reading: 5_000, at: Timestamp(secondsSince1970: start + 20_000), note: "Odometer-of-XYZ9")
        _ = try database.enqueueMail(
            sender: "logbook@example.org", recipients: ["outbox-marker@example.org"], subject: "Outbox-Subject-Marker",
            message: Array("Subject: Outbox-Subject-Marker\r\n\r\nA report.\r\n".utf8))
    }

    private func insertTrip(plate: String, start: Double) throws -> Int64 {
        let trip = Trip(
            start: Timestamp(secondsSince1970: start), end: Timestamp(secondsSince1970: start + 1_200),
            distance: 12_345, idleSeconds: 60, idlePeriods: 1, maximumSpeed: 20,
            startCoordinate: Coordinate(latitude: 59.43, longitude: 24.75),
            endCoordinate: Coordinate(latitude: 59.38, longitude: 24.92), fixesUsed: 1_200,
            track: [
                TrackPoint(time: Timestamp(secondsSince1970: start), latitude: 59.43, longitude: 24.75, speed: 0),
                TrackPoint(
                    time: Timestamp(secondsSince1970: start + 600), latitude: 59.40, longitude: 24.85, speed: 15),
                TrackPoint(
                    time: Timestamp(secondsSince1970: start + 1_200), latitude: 59.38, longitude: 24.92, speed: 0),
            ])
        guard let stored = try database.insertTrip(trip, vehicle: try database.existingVehicle(plate: plate)) else {
            throw TestFailure("trip not stored")
        }
        return stored.id
    }

    /// The daemon's status beside the log: running (this process's pid), on ABC1, with a gpsd address that only
    /// those who may see ABC1 may read. Updated "an hour from now", so that it stays fresh (a status older than 15 s
    /// is a stopped daemon) however slowly a loaded machine runs the tests.
    func writeDaemonStatus() throws {
        let now = Date().timeIntervalSince1970
        let status = """
            {"pid": \(getpid()), "vehicle": "ABC1", "updated_at": \(now + 3_600), "gpsd": "gpsd-marker-host:2947",
             "connected": true, "reconnects": 0, "last_fix_time": \(now - 1), "last_fix_received_at": \(now - 1),
             "speed_mps": 12.5, "trip": {"start": \(now - 900), "distance": 4321.0}}
            """
        try Data(status.utf8).write(
            to: URL(fileURLWithPath: DaemonStatus.path(forDatabase: environment.databasePath!)), options: .atomic)
    }

    private func checklists() throws {
        let fixture = try JSONDecoder().decode(
            ChecklistTemplate.self, from: Data(contentsOf: Fixtures.url("checklists/main-street-day-pre-shift.json")))
        for name in ["Main Street", "Elm Street"] {
            try database.addRestaurant(name: name, email: nil, timezone: "Europe/Berlin")
            for dayPart in DayPart.allCases {
                var template = fixture
                template.restaurant = name
                template.dayPart = dayPart
                try database.saveTemplate(template, by: "test")
            }
        }
    }

    /// Sam's open shift at Main Street and its two to-dos (made after the users exist).
    func checklistShift() throws {
        let now = Date().timeIntervalSince1970
        let shift = try database.startChecklistShift(
            restaurant: "Main Street", dayPart: .day, manager: "sam", at: now - 600)
        symbols["checklistShift"] = String(shift)
        for (symbol, task, area) in [
            ("todo1", "Fix the tap", Area.manager), ("todo2", "Order napkins", .manager),
            ("todo3", "Descale the coffee machine", .kitchen),
        ] {
            let todo = try database.addTodo(
                shift: shift, task: task, section: "Other", area: area, priority: 3, at: now - 300)
            symbols[symbol] = String(todo.id)
        }
    }

    private func valueStreams() throws {
        for name in ["Marker map", "Doomed map API", "Doomed map page"] {
            try database.createValueStreamMap(
                ValueStreamMap(name: name, created: Date(timeIntervalSince1970: 1_780_000_000)))
        }
        try database.updateValueStreamMap(named: "Marker map") { map throws(ValueStreamError) in
            for section in ["Counter", "Kitchen", "SpareA", "SpareB", "SpareD"] { try map.addSection(section) }
            for (text, section) in [
                ("Take the order", "Counter"), ("Brew", "Counter"), ("Search the cups", "Kitchen"), ("Wipe", "Kitchen"),
            ] {
                try map.addSticker(
                    Sticker(id: 0, text: text, kind: .value, processSeconds: 60), section: section)
            }
        }
    }

    private func roofing() throws {
        try database.importRoofingCatalogue(
            try CatalogueCSV.decode(text: RoofingRouteTests.catalogueCSV, name: "Tagdækning 2026"))
        let catalogue = try database.roofingCatalogue(named: "Tagdækning 2026")
        let teams = [
            ("Villa Marker", 1, ["Ib", "Bo"]), ("Villa Spare", 3, ["Ib", "Bo"]), ("Villa Hidden", 1, ["Ole"]),
            ("Villa Doomed API", 0, ["Ole"]), ("Villa Doomed page", 0, ["Ole"]),
        ]
        for (name, lines, team) in teams {
            var project = try Project(
                name: name, catalogue: catalogue.name,
                roofers: team.map { Roofer(name: $0, hours: $0 == "Ib" ? 10 : 0) })
            guard let activity = catalogue.activity("12.1.1") else { throw TestFailure("no activity 12.1.1") }
            for _ in 0..<lines { try project.add(activity, quantity: 10) }
            try database.createRoofingProject(project)
        }
    }

    // MARK: Through the API (as the admin)

    /// What is easier made through the routes: anna's and quentin's shifts and links, the photo.
    func seed(_ client: some TestClientProtocol) async throws {
        let json: HTTPFields = [.contentType: "application/json"]
        let boss = bearer(.admin).merging(json)
        let month = String(Self.today.prefix(8))
        let shifts = [
            ("shift1", "anna", "01", "Hours-of-anna"), ("shift2", "anna", "02", "Shift to delete"),
            ("shift3", "anna", "03", "Shift to delete on the page"),
            ("quentinsShift", "quentin", "01", "Hours-of-quentin"),
        ]
        for (symbol, driver, day, message) in shifts {
            let response = try await client.execute(
                uri: "/api/v1/hours/shifts", method: .post, headers: boss,
                body: ServerHarness.body([
                    "driver": driver, "date": month + day, "start": "06:00", "end": "07:00", "message": message,
                ]))
            guard response.status == .created, let number = ServerHarness.json(response.body)["number"] as? Int else {
                throw TestFailure("shift not added: \(String(buffer: response.body))")
            }
            symbols[symbol] = String(number)
        }
        // The payroll system refused anna's first shift and quentin's: "Retry" sends them again.
        for (symbol, marker) in [
            ("shift1", "Payroll-refusal-of-anna"), ("quentinsShift", "Payroll-refusal-of-quentin"),
        ] {
            let uuid = try database.hoursEntry(Int64(symbols[symbol]!)!).entry.id.uuidString.lowercased()
            guard let change = try database.hoursChanges().first(where: { $0.entryUUID == uuid }) else {
                throw TestFailure("no change queued for \(symbol)")
            }
            try database.markHoursChangeFailed(change.id, error: "HTTP 422: " + marker)
        }
        let links = [
            ("link1", "anna", "Link-of-anna"), ("link2", "anna", "Other link"),
            ("quentinsLink", "quentin", "Link-of-quentin"),
        ]
        for (symbol, driver, name) in links {
            let response = try await client.execute(
                uri: "/api/v1/hours/links", method: .post, headers: boss,
                body: ServerHarness.body(["name": name, "url": "https://example.org/\(symbol)", "driver": driver]))
            guard response.status == .created, let id = ServerHarness.json(response.body)["id"] as? Int else {
                throw TestFailure("link not added: \(String(buffer: response.body))")
            }
            symbols[symbol] = String(id)
        }
        // Two photos: one to read, one to delete from the API and one from the page (different bytes each).
        for (symbol, bytes) in [
            ("photo", RoofingRouteTests.jpeg), ("photoDelete", RoofingRouteTests.jpeg(variant: 1)),
            ("photoDeletePage", RoofingRouteTests.jpeg(variant: 2)),
        ] {
            let photo = try await client.execute(
                uri: "/api/v1/roofing/projects/Villa%20Marker/photos?caption=Roof", method: .post,
                headers: bearer(.admin), body: ByteBuffer(bytes: bytes))
            guard photo.status == .created, let id = ServerHarness.json(photo.body)["id"] as? Int else {
                throw TestFailure("photo not added: \(String(buffer: photo.body))")
            }
            symbols[symbol] = String(id)
        }
        try checklistShift()
    }

    // MARK: Requests

    func bearer(_ role: Role) -> HTTPFields { [.authorization: "Bearer \(tokens[role]!)"] }

    /// The session cookie of the role's browser.
    func cookie(_ role: Role) -> HTTPFields {
        [.cookie: "logbook_session=\(sessions[role]!.id)"]
    }

    func csrf(_ role: Role) -> String { sessions[role]!.csrf }

    func application() throws -> some ApplicationProtocol {
        Application(router: try LogbookWebServer.router(environment))
    }
}
