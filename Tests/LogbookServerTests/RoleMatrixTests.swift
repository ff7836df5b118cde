import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LogbookServer
import LogbookTestSupport
import Testing

/// Every route of the router, for every role (and for no one): the answer the table below expects, with a real
/// request (a bearer token for the API, the session's cookie and CSRF token for the pages) on a log with data in
/// every domain (`RoleFixture`). A route the table does not know fails the test, so a new route needs a decision.
///
/// - allowed: 2xx, a 3xx that is not the login, or a 4xx about the request's values (400, 409, 422): never 401, 403,
///   404 or 5xx;
/// - refused: exactly 403, or 404 where the item is not the user's (so ids and names cannot be probed);
/// - and in every answer to a role, none of the markers of data that role may not see (another vehicle's plate
///   and purposes, another driver's hours, another restaurant's name, the outbox, maps, roofing accounts, ...).
@Suite struct RoleMatrixTests {
    typealias Role = RoleFixture.Role

    enum Outcome: Equatable, Sendable, CustomStringConvertible {
        case allowed, forbidden, notFound
        /// No one signed in: 401 from the API, a redirect to the login from a page.
        case signIn
        /// 303 to exactly this address (the logout's answer).
        case redirect(String)
        /// Exactly 401: only a device's token opens it, never a user's token or session.
        case deviceToken

        var description: String {
            switch self {
            case .allowed: "allowed"
            case .forbidden: "403"
            case .notFound: "404"
            case .signIn: "sign in (401 / login page)"
            case .redirect(let location): "303 → \(location)"
            case .deviceToken: "401 (a device token only)"
            }
        }
    }

    /// A request's body; strings `@name` are the fixture's ids and names (`#name` as a number). The JSON objects are
    /// literals of the table, never changed: sendable in fact.
    enum Body: @unchecked Sendable {
        /// None for GET and DELETE; `{}` for the API; the session's CSRF token alone for a page.
        case standard
        case json([String: Any])
        /// A page's form: the CSRF token is added.
        case form([String: String])
        case bytes([UInt8], contentType: String)
        /// A page's upload (`multipart/form-data`) with the CSRF token.
        case multipart([String: String], file: [UInt8])
    }

    struct Expectation: Sendable {
        var outcomes: [Role: Outcome]
        var anonymous: Outcome = .signIn
        /// 0 reads, 1 changes, 2 changes that close what other routes use (submit, lock, end), 3 the logout.
        var phase: Int?
        /// Path parameters other than the usual ones (see `value(of:in:)`).
        var parameters: [String: String] = [:]
        var query: String = ""
        var body: Body = .standard
    }

    // MARK: Who may

    static func only(_ allowed: Set<Role>, _ exceptions: [Role: Outcome] = [:]) -> [Role: Outcome] {
        Dictionary(
            uniqueKeysWithValues: Role.allCases.map {
                ($0, exceptions[$0] ?? (allowed.contains($0) ? .allowed : .forbidden))
            })
    }

    static let everyone = only(Set(Role.allCases))
    /// The mileage log: lists (a driver without vehicles gets empty ones).
    static let mileage = only([.admin, .accountant, .driver, .driverWithoutVehicles])
    /// An item of ABC1, anna's vehicle (a trip, its report): a driver without vehicles finds none.
    static let abc1 = only([.admin, .accountant, .driver], [.driverWithoutVehicles: .notFound])
    static let abc1Change = only([.admin, .driver], [.driverWithoutVehicles: .notFound])
    static let fleet = only([.admin])
    static let outbox = only([.admin, .accountant])
    static let hours = only([.admin, .accountant, .driver, .driverWithoutVehicles])
    static let ownHoursChange = only([.admin, .driver, .driverWithoutVehicles])
    /// Anna's hours, named (`driver=anna`): another driver is refused.
    static let annasHours = only([.admin, .accountant, .driver])
    static let annasHoursChange = only([.admin, .driver])
    /// One of anna's shifts or links by its id: another driver finds none.
    static let annasItem = only([.admin, .accountant, .driver], [.driverWithoutVehicles: .notFound])
    static let annasItemChange = only([.admin, .driver], [.driverWithoutVehicles: .notFound])
    static let hoursAdmin = only([.admin])
    static let checklists = only([.admin, .crew, .shiftManager, .restaurantManager])
    static let checklistsRun = only([.admin, .shiftManager, .restaurantManager])
    static let checklistsManage = only([.admin, .restaurantManager])
    static let maps = only([.admin, .accountant, .shiftManager, .restaurantManager])
    static let mapsChange = only([.admin, .restaurantManager])
    /// Roofing: the catalogue and the lists (a roofer's holds the projects whose team names them).
    static let roofing = only([.admin, .accountant, .roofer])
    /// The account of Villa Marker, whose team names Ib (the roofer).
    static let roofingChange = only([.admin])
    /// The work on Villa Marker: lines, quantities, photos, hours (the roofer their own).
    static let roofingWork = only([.admin, .roofer])
    /// The firm's side: the payroll file, the final account by e-mail.
    static let roofingPay = only([.admin, .accountant])
    /// Restaurants, people and new checklists from the pages.
    static let people = only([.admin, .restaurantManager])

    static var open: Expectation { Expectation(outcomes: everyone, anonymous: .allowed) }

    /// The ingest endpoints, with a well-formed position: a user's bearer token (sent by the matrix) is no device's.
    static func ingest(query: String = "", body: Body = .standard) -> Expectation {
        Expectation(
            outcomes: only([], Dictionary(uniqueKeysWithValues: Role.allCases.map { ($0, .deviceToken) })),
            anonymous: .deviceToken, query: query, body: body)
    }
    static let osmandQuery = "lat=52.5&lon=13.4&timestamp=1778400000&speed=10"
    static var overlandBody: [String: Any] {
        [
            "locations": [
                [
                    "type": "Feature", "geometry": ["type": "Point", "coordinates": [13.4, 52.5]],
                    "properties": ["timestamp": "2026-05-10T08:00:00Z", "speed": 4],
                ]
            ]
        ]
    }

    // MARK: The table: one entry per route, `METHOD /path` as the router lists it

    static var table: [String: Expectation] {
        var t: [String: Expectation] = [
            // Shared: assets, documents, the account.
            "GET /static/app.css": open,
            // Leaflet (Debian's libjs-leaflet) and the trip page's map script: public files, as the style sheet.
            "GET /static/leaflet/{file}": Expectation(
                outcomes: everyone, anonymous: .allowed, parameters: ["file": "leaflet.js"]),
            "GET /static/leaflet/images/{file}": Expectation(
                outcomes: everyone, anonymous: .allowed, parameters: ["file": "marker-icon.png"]),
            "GET /static/route-map.js": open,
            "GET /api/v1/openapi.json": open,
            "GET /healthz": open,
            "GET /api/v1/me": Expectation(outcomes: everyone),
            "GET /": Expectation(outcomes: everyone),
            "GET /login": open,
            // Without the login form's double-submit cookie a login is refused, whoever posts it.
            "POST /login": Expectation(
                outcomes: only([], [:]), anonymous: .forbidden,
                body: .form(["name": "boss", "password": RoleFixture.password])),
            "POST /logout": Expectation(
                outcomes: only([], Dictionary(uniqueKeysWithValues: Role.allCases.map { ($0, .redirect("/login")) })),
                anonymous: .redirect("/login"), phase: 3),
            "GET /account": Expectation(outcomes: everyone),
            // The installable app's shell (no data of the log), and the session the offline queue sends in.
            "GET /manifest.webmanifest": open,
            "GET /sw.js": open,
            "GET /static/offline.js": open,
            "GET /static/icon.svg": open,
            "GET /static/icon-192.png": open,
            "GET /static/icon-512.png": open,
            "GET /offline": open,
            "GET /session.json": Expectation(outcomes: everyone),

            // Phones and trackers: their device token only.
            "GET /ingest/osmand": ingest(query: osmandQuery),
            "POST /ingest/osmand": ingest(
                body: .bytes(Array(osmandQuery.utf8), contentType: "application/x-www-form-urlencoded")),
            "POST /ingest/owntracks": ingest(
                body: .json(["_type": "location", "lat": 52.5, "lon": 13.4, "tst": 1_778_400_000])),
            "POST /ingest/overland": ingest(body: .json(overlandBody)),
            "GET /ingest/gpslogger": ingest(query: "lat=52.5&lon=13.4&time=2026-05-10T08:00:00Z"),
            "POST /ingest/gpslogger": ingest(
                body: .bytes(
                    Array("lat=52.5&lon=13.4&time=2026-05-10T08:00:00Z".utf8),
                    contentType: "application/x-www-form-urlencoded")),
            "POST /account/password": Expectation(
                outcomes: everyone, body: .form(["current": "not-the-password", "new": "another-pass-2"])),

            // The mileage log's API.
            "GET /api/v1/trips": Expectation(outcomes: mileage, query: "period=all"),
            "POST /api/v1/trips": Expectation(
                outcomes: abc1Change,
                body: .json(["vehicle": "ABC1", "start": "2026-05-10T08:00:00Z", "distance_m": 1_000])),
            "GET /api/v1/trips/{id}": Expectation(outcomes: abc1),
            "PATCH /api/v1/trips/{id}": Expectation(outcomes: abc1Change, body: .json(["notes": "Changed"])),
            "POST /api/v1/trips/{id}/void": Expectation(
                outcomes: abc1Change, parameters: ["id": "@tripVoid"], body: .json(["reason": "entered twice"])),
            "POST /api/v1/trips/merge": Expectation(
                outcomes: abc1Change, body: .json(["first": "#tripMerge1", "second": "#tripMerge2"])),
            "POST /api/v1/trips/{id}/split": Expectation(
                outcomes: abc1Change, parameters: ["id": "@tripSplit"], body: .json(["at": "@tripSplitMiddle"])),
            "POST /api/v1/trips/import": Expectation(
                outcomes: abc1Change, query: "vehicle=ABC1&filename=commute.nmea",
                body: .bytes(trackFile, contentType: "application/octet-stream")),
            "GET /api/v1/vehicles": Expectation(outcomes: mileage),
            "POST /api/v1/vehicles": Expectation(outcomes: fleet, body: .json(["plate": "NEW1"])),
            "GET /api/v1/odometer": Expectation(outcomes: mileage),
            "POST /api/v1/odometer": Expectation(
                outcomes: abc1Change,
                body: .json(["vehicle": "ABC1", "reading": 99_999, "time": "2026-05-31T12:00:00Z"])),
            "GET /api/v1/regular-trips": Expectation(outcomes: mileage),
            "GET /api/v1/places": Expectation(outcomes: mileage),
            "GET /api/v1/rules": Expectation(outcomes: mileage),
            "GET /api/v1/reports/{vehicle}/{month}": Expectation(outcomes: abc1),
            "POST /api/v1/reports/{vehicle}/{month}/email": Expectation(
                outcomes: abc1, body: .json(["to": ["someone@example.org"]])),
            "GET /api/v1/outbox": Expectation(outcomes: outbox),
            "GET /api/v1/status": Expectation(outcomes: mileage),

            // The mileage log's pages.
            "GET /trips": Expectation(outcomes: mileage, query: "from=2026-05-01&to=2026-05-31"),
            "GET /trips/{id}": Expectation(outcomes: abc1),
            "POST /trips/{id}": Expectation(outcomes: abc1Change, body: .form(["notes": "Changed on the page"])),
            // On the road: a trip by hand, a regular trip, voiding, the profile, a track file.
            "GET /trips/new": Expectation(outcomes: only([.admin, .driver, .driverWithoutVehicles])),
            "POST /trips/new": Expectation(
                outcomes: abc1Change,
                body: .form([
                    "vehicle": "ABC1", "date": "2026-05-30", "start": "08:00", "distance": "12", "category": "private",
                ])),
            "POST /trips/{id}/void": Expectation(
                outcomes: abc1Change, phase: 2, body: .form(["reason": "Entered on the page twice"])),
            "POST /trips/{id}/regular": Expectation(
                outcomes: abc1Change, parameters: ["id": "@tripStar"], body: .form(["name": "Page regular"])),
            "GET /regular-trips": Expectation(outcomes: mileage),
            "POST /regular-trips/remove": Expectation(outcomes: fleet, body: .form(["name": "Spare regular"])),
            "GET /profile": Expectation(outcomes: mileage),
            "POST /profile": Expectation(outcomes: fleet, body: .form(["name": "Page profile", "company": "Firm"])),
            "GET /trips/import": Expectation(outcomes: only([.admin, .driver, .driverWithoutVehicles])),
            "POST /trips/import": Expectation(
                outcomes: abc1Change, body: .multipart(["vehicle": "ABC1"], file: trackFile)),
            "GET /live": Expectation(outcomes: mileage),
            "GET /reports": Expectation(outcomes: mileage),
            "GET /reports/download": Expectation(outcomes: abc1, query: "vehicle=ABC1&month=2026-05"),
            "POST /reports/email": Expectation(
                outcomes: abc1, body: .form(["vehicle": "ABC1", "month": "2026-05", "to": "someone@example.org"])),
            "GET /vehicles": Expectation(outcomes: fleet),
            "GET /devices": Expectation(outcomes: fleet),
            "POST /devices": Expectation(outcomes: fleet, body: .form(["name": "new-phone", "vehicle": "ABC1"])),
            "POST /devices/{name}/revoke": Expectation(outcomes: fleet, parameters: ["name": "spare-phone"]),
            "POST /devices/{name}/remove": Expectation(outcomes: fleet, phase: 2, parameters: ["name": "spare-phone"]),
            // Recording a trip in the browser: those who may change trips, for a vehicle they may see.
            "GET /record": Expectation(outcomes: only([.admin, .driver, .driverWithoutVehicles])),
            "POST /record/start": Expectation(
                outcomes: abc1Change, body: .form(["vehicle": "ABC1"])),
            "GET /static/record.js": open,
            "POST /vehicles": Expectation(outcomes: fleet, body: .form(["plate": "NEW2"])),
            "POST /places": Expectation(
                outcomes: fleet, body: .form(["name": "New place", "lat": "59.4", "lon": "24.7"])),
            "POST /places/remove": Expectation(outcomes: fleet, body: .form(["name": "Spare place"])),
            "POST /rules": Expectation(outcomes: fleet, body: .form(["name": "New rule", "category": "private"])),
            "POST /rules/remove": Expectation(outcomes: fleet, body: .form(["name": "Spare rule"])),
            "POST /odometer": Expectation(outcomes: fleet, body: .form(["vehicle": "ABC1", "reading": "99998"])),

            // Work hours' API.
            "GET /api/v1/hours/shifts": Expectation(outcomes: annasHours, query: "driver=anna"),
            "POST /api/v1/hours/shifts": Expectation(
                outcomes: annasHoursChange,
                body: .json(["driver": "anna", "date": "@day5", "start": "09:00", "end": "10:00"])),
            "GET /api/v1/hours/shifts/{id}": Expectation(outcomes: annasItem),
            "PATCH /api/v1/hours/shifts/{id}": Expectation(
                outcomes: annasItemChange, body: .json(["message": "Changed"])),
            "DELETE /api/v1/hours/shifts/{id}": Expectation(outcomes: annasItemChange, parameters: ["id": "@shift2"]),
            "GET /api/v1/hours/clock": Expectation(outcomes: annasHours, query: "driver=anna"),
            "GET /api/v1/hours/links": Expectation(outcomes: hours),
            "POST /api/v1/hours/links": Expectation(
                outcomes: ownHoursChange, body: .json(["name": "New link", "url": "https://example.org/new"])),
            "DELETE /api/v1/hours/links/{id}": Expectation(outcomes: annasItemChange, parameters: ["id": "@link1"]),
            "POST /api/v1/hours/shifts/{id}/retry": Expectation(outcomes: annasItemChange),
            "GET /api/v1/hours/periods/{day}/timesheet.pdf": Expectation(outcomes: annasHours, query: "driver=anna"),
            "GET /api/v1/hours/periods/{day}/timesheet.csv": Expectation(outcomes: annasHours, query: "driver=anna"),
            "POST /api/v1/hours/periods/{day}/timesheet/email": Expectation(
                outcomes: annasHours, query: "driver=anna", body: .json(["to": ["payroll@example.org"]])),

            // Work hours' pages.
            "GET /hours": Expectation(outcomes: annasHours, query: "driver=anna"),
            "POST /hours/drivers": Expectation(outcomes: hoursAdmin, body: .form(["name": "Page driver"])),
            "POST /hours/links": Expectation(
                outcomes: ownHoursChange, body: .form(["name": "Page link", "url": "https://example.org/page"])),
            "POST /hours/links/{id}/delete": Expectation(outcomes: annasItemChange, parameters: ["id": "@link2"]),
            "GET /hours/shifts/new": Expectation(outcomes: annasHoursChange, query: "driver=anna"),
            "POST /hours/shifts/new": Expectation(
                outcomes: annasHoursChange,
                body: .form(["driver": "anna", "date": "@day6", "start": "09:00", "end": "10:00"])),
            "GET /hours/shifts/{id}": Expectation(outcomes: annasItem),
            "POST /hours/shifts/{id}": Expectation(
                outcomes: annasItemChange, body: .form(["date": "@day1", "start": "06:00", "end": "07:30"])),
            "POST /hours/shifts/{id}/delete": Expectation(outcomes: annasItemChange, parameters: ["id": "@shift3"]),
            // The payroll system's refusal sent again: those who change the driver's hours (issue 29 §1).
            "POST /hours/shifts/{id}/retry": Expectation(outcomes: annasItemChange),
            "GET /static/hours.css": open,
            // The period's timesheet: those who read the driver's hours.
            "GET /hours/periods/{day}/timesheet.pdf": Expectation(outcomes: annasHours, query: "driver=anna"),
            "GET /hours/periods/{day}/timesheet.csv": Expectation(outcomes: annasHours, query: "driver=anna"),
            "POST /hours/periods/{day}/timesheet/email": Expectation(
                outcomes: annasHours, body: .form(["driver": "anna", "to": "payroll@example.org"])),

            // Checklists' API.
            "GET /api/v1/checklists/restaurants": Expectation(outcomes: checklists),
            "GET /api/v1/checklists/shifts": Expectation(outcomes: checklists),
            "POST /api/v1/checklists/shifts": Expectation(
                outcomes: checklistsRun, body: .json(["restaurant": "Main Street", "day_part": "evening"])),
            "GET /api/v1/checklists/shifts/{shift}": Expectation(outcomes: checklists),
            "POST /api/v1/checklists/shifts/{shift}/marks": Expectation(
                outcomes: checklistsRun, body: .json(["path": "Kitchen/Floors dry", "state": "ok"])),
            "GET /api/v1/checklists/shifts/{shift}/todos": Expectation(outcomes: checklists),
            "GET /api/v1/checklists/shifts/{shift}/todos/earlier": Expectation(outcomes: checklists),
            "POST /api/v1/checklists/shifts/{shift}/todos": Expectation(
                outcomes: checklistsRun, body: .json(["task": "Call the plumber"])),
            "PATCH /api/v1/checklists/shifts/{shift}/todos/{todo}": Expectation(
                outcomes: checklistsRun, body: .json(["done": true, "note": "fixed"])),
            "DELETE /api/v1/checklists/shifts/{shift}/todos/{todo}": Expectation(
                outcomes: checklistsRun, parameters: ["todo": "@todo2"]),
            "POST /api/v1/checklists/shifts/{shift}/todos/mail": Expectation(outcomes: checklistsRun),
            "POST /api/v1/checklists/shifts/{shift}/reminders/{name}/ack": Expectation(
                outcomes: checklistsRun, parameters: ["name": "Travel path"]),
            "POST /api/v1/checklists/shifts/{shift}/end": Expectation(outcomes: checklistsRun, phase: 2),
            "GET /api/v1/checklists/archive": Expectation(outcomes: checklists),
            "GET /api/v1/checklists/stats": Expectation(outcomes: checklists),
            "GET /api/v1/checklists/templates/{restaurant}": Expectation(outcomes: checklists),
            "PUT /api/v1/checklists/templates/{restaurant}": Expectation(
                outcomes: checklistsManage, body: .bytes(Self.templateFile, contentType: "application/json")),

            // Checklists' pages.
            "GET /static/checklists.js": open,
            "GET /static/checklists.css": open,
            "GET /checklists": Expectation(outcomes: checklists),
            "POST /checklists/shifts": Expectation(
                outcomes: checklistsRun, body: .form(["restaurant": "Main Street", "day_part": "evening"])),
            "GET /checklists/shifts/{shift}": Expectation(outcomes: checklists),
            "GET /checklists/escalations": Expectation(outcomes: checklistsManage),
            "GET /checklists/shifts/{shift}/due": Expectation(outcomes: checklists),
            "POST /checklists/shifts/{shift}/mark": Expectation(
                outcomes: checklistsRun, body: .form(["path": "Kitchen/Floors dry", "state": "not-ok"])),
            "POST /checklists/shifts/{shift}/todos": Expectation(
                outcomes: checklistsRun, body: .form(["task": "Mop the floor"])),
            // The kitchen's to-do: crew mark it done too (issue 29 §2).
            "POST /checklists/shifts/{shift}/todos/{todo}": Expectation(
                outcomes: checklists, parameters: ["todo": "@todo3"], body: .form(["action": "done", "note": "done"])),
            "POST /checklists/restaurants": Expectation(
                outcomes: people, body: .form(["name": "Page restaurant", "timezone": "Europe/Berlin"])),
            "POST /checklists/templates/{restaurant}/new": Expectation(
                outcomes: checklistsManage,
                body: .form(["day_part": "day", "kind": "before", "section": "Opening"])),

            // People (issue 29 §1–2): admins add anyone, restaurant managers their restaurants' staff.
            "GET /static/people.css": open,
            "GET /users": Expectation(outcomes: people),
            "POST /users": Expectation(
                outcomes: people,
                body: .form([
                    "name": "page-person", "role": "crew", "password": "secret-pass-9", "restaurant_0": "Main Street",
                ])),
            "POST /checklists/shifts/{shift}/mail": Expectation(outcomes: checklistsRun),
            "POST /checklists/shifts/{shift}/ack": Expectation(
                outcomes: checklistsRun, body: .form(["name": "Travel path"])),
            "POST /checklists/shifts/{shift}/end": Expectation(outcomes: checklistsRun, phase: 2),
            "GET /checklists/archive": Expectation(outcomes: checklists),
            "GET /checklists/stats": Expectation(outcomes: checklists),
            "GET /checklists/templates/{restaurant}": Expectation(outcomes: checklistsManage),
            "POST /checklists/templates/{restaurant}": Expectation(
                outcomes: checklistsManage,
                body: .form(["day_part": "day", "kind": "pre-shift", "action": "add-section", "name": "Page section"])),

            // Value-stream maps' API.
            "GET /api/v1/vsm/maps": Expectation(outcomes: maps),
            "POST /api/v1/vsm/maps": Expectation(outcomes: mapsChange, body: .json(["name": "New map"])),
            "GET /api/v1/vsm/maps/{name}": Expectation(outcomes: maps),
            "PATCH /api/v1/vsm/maps/{name}": Expectation(outcomes: mapsChange, body: .json(["description": "x"])),
            "DELETE /api/v1/vsm/maps/{name}": Expectation(outcomes: mapsChange, parameters: ["name": "Doomed map API"]),
            "POST /api/v1/vsm/maps/{name}/duplicate": Expectation(
                outcomes: mapsChange, body: .json(["name": "Copy map"])),
            "POST /api/v1/vsm/maps/{name}/sections": Expectation(
                outcomes: mapsChange, body: .json(["name": "New section"])),
            "PATCH /api/v1/vsm/maps/{name}/sections/{section}": Expectation(
                outcomes: mapsChange, parameters: ["section": "Kitchen"], body: .json(["position": 1])),
            "DELETE /api/v1/vsm/maps/{name}/sections/{section}": Expectation(
                outcomes: mapsChange, parameters: ["section": "SpareA"]),
            "POST /api/v1/vsm/maps/{name}/stickers": Expectation(
                outcomes: mapsChange, body: .json(["text": "New sticker", "kind": "value"])),
            "PATCH /api/v1/vsm/maps/{name}/stickers/{id}": Expectation(
                outcomes: mapsChange, body: .json(["text": "Changed"])),
            "POST /api/v1/vsm/maps/{name}/stickers/{id}/move": Expectation(
                outcomes: mapsChange, body: .json(["position": 1])),
            "DELETE /api/v1/vsm/maps/{name}/stickers/{id}": Expectation(outcomes: mapsChange, parameters: ["id": "3"]),
            "GET /api/v1/vsm/search": Expectation(outcomes: maps, query: "q=order"),
            "POST /api/v1/vsm/import": Expectation(outcomes: mapsChange),

            // Value-stream maps' pages.
            "GET /static/vsm.css": open,
            "GET /vsm": Expectation(outcomes: maps),
            "POST /vsm/maps": Expectation(outcomes: mapsChange, body: .form(["name": "Page map"])),
            "GET /vsm/search": Expectation(outcomes: maps, query: "q=order"),
            "GET /vsm/maps/{name}": Expectation(outcomes: maps),
            "GET /vsm/maps/{name}/stickers.css": Expectation(outcomes: maps),
            "POST /vsm/maps/{name}/settings": Expectation(outcomes: mapsChange, body: .form(["description": "y"])),
            "POST /vsm/maps/{name}/duplicate": Expectation(outcomes: mapsChange, body: .form(["name": "Page copy"])),
            "POST /vsm/maps/{name}/delete": Expectation(outcomes: mapsChange, parameters: ["name": "Doomed map page"]),
            "POST /vsm/maps/{name}/sections": Expectation(outcomes: mapsChange, body: .form(["name": "Page section"])),
            "POST /vsm/maps/{name}/sections/rename": Expectation(
                outcomes: mapsChange, body: .form(["section": "SpareB", "name": "SpareC"])),
            "POST /vsm/maps/{name}/sections/move": Expectation(
                outcomes: mapsChange, body: .form(["section": "Kitchen", "to": "2"])),
            "POST /vsm/maps/{name}/sections/delete": Expectation(
                outcomes: mapsChange, body: .form(["section": "SpareD"])),
            "POST /vsm/maps/{name}/stickers": Expectation(
                outcomes: mapsChange, body: .form(["text": "Page sticker", "kind": "waste"])),
            "GET /vsm/maps/{name}/stickers/{id}": Expectation(outcomes: maps),
            "POST /vsm/maps/{name}/stickers/{id}": Expectation(
                outcomes: mapsChange, parameters: ["id": "2"], body: .form(["text": "Edited"])),
            "POST /vsm/maps/{name}/stickers/{id}/move": Expectation(
                outcomes: mapsChange, parameters: ["id": "2"], body: .form(["position": "1"])),
            "POST /vsm/maps/{name}/stickers/{id}/delete": Expectation(outcomes: mapsChange, parameters: ["id": "4"]),
            "POST /vsm/maps/{name}/stickers/{id}/kind": Expectation(
                outcomes: mapsChange, parameters: ["id": "2"], body: .form(["kind": "waste"])),
            "GET /static/vsm.js": open,

            // Roofing accounts' API.
            "GET /api/v1/roofing/catalogues": Expectation(outcomes: roofing),
            "GET /api/v1/roofing/catalogues/{name}/search": Expectation(
                outcomes: roofing, parameters: ["name": "Tagdækning 2026"], query: "q=tag"),
            "GET /api/v1/roofing/projects": Expectation(outcomes: roofing),
            "POST /api/v1/roofing/projects": Expectation(
                outcomes: roofingChange, body: .json(["name": "New villa", "catalogue": "Tagdækning 2026"])),
            "GET /api/v1/roofing/projects/{name}": Expectation(outcomes: roofing),
            "POST /api/v1/roofing/projects/{name}/lines": Expectation(
                outcomes: roofingWork, body: .json(["pos": "12.3.4", "quantity": "2"])),
            "PATCH /api/v1/roofing/projects/{name}/lines/{line}": Expectation(
                outcomes: roofingWork, body: .json(["quantity": "3"])),
            "DELETE /api/v1/roofing/projects/{name}/lines/{line}": Expectation(
                outcomes: roofingWork, parameters: ["name": "Villa Spare"]),
            "POST /api/v1/roofing/projects/{name}/supplements": Expectation(
                outcomes: roofingChange, body: .json(["pos": "90.1"])),
            "POST /api/v1/roofing/projects/{name}/split": Expectation(
                outcomes: roofingChange, body: .json(["percentages": ["Ib": "60", "Bo": "40"]])),
            "POST /api/v1/roofing/projects/{name}/revise": Expectation(
                outcomes: roofingChange, body: .json(["reason": "A line was missing"])),
            "POST /api/v1/roofing/projects/{name}/settle": Expectation(outcomes: roofingChange),
            "GET /api/v1/roofing/projects/{name}/history": Expectation(outcomes: roofing),
            "POST /api/v1/roofing/projects/{name}/email": Expectation(
                outcomes: roofingPay, body: .json(["to": ["akkord@example.org"]])),
            "DELETE /api/v1/roofing/projects/{name}": Expectation(
                outcomes: roofingChange, parameters: ["name": "Villa Doomed API"]),
            "DELETE /api/v1/roofing/projects/{name}/photos/{id}": Expectation(
                outcomes: roofingWork, parameters: ["id": "@photoDelete"]),
            "POST /api/v1/roofing/projects/{name}/extra-work": Expectation(
                outcomes: roofingChange, body: .json(["text": "Chimney", "amount": "100.00"])),
            "POST /api/v1/roofing/projects/{name}/deductions": Expectation(outcomes: roofingChange),
            "POST /api/v1/roofing/projects/{name}/advances": Expectation(
                outcomes: roofingChange, body: .json(["amount": "50.00", "date": "2026-05-04"])),
            // The roofer records their own hours (Ib's); an admin anyone's.
            "POST /api/v1/roofing/projects/{name}/hours": Expectation(
                outcomes: roofingWork, body: .json(["roofer": "Ib", "hours": "5"])),
            "POST /api/v1/roofing/projects/{name}/submit": Expectation(outcomes: roofingChange, phase: 2),
            "GET /api/v1/roofing/projects/{name}/photos": Expectation(outcomes: roofing),
            "POST /api/v1/roofing/projects/{name}/photos": Expectation(
                outcomes: roofingWork, body: .bytes(RoofingRouteTests.jpeg, contentType: "image/jpeg")),
            "GET /api/v1/roofing/projects/{name}/photos/{id}": Expectation(outcomes: roofing),
            "GET /api/v1/roofing/projects/{name}/photos/{id}/thumbnail": Expectation(outcomes: roofing),

            // Roofing accounts' pages.
            "GET /static/roofing.css": open,
            "GET /roofing": Expectation(outcomes: roofing),
            "POST /roofing/projects": Expectation(outcomes: roofingChange, body: .form(["name": "Page villa"])),
            "GET /roofing/catalogue": Expectation(outcomes: roofing, query: "q=tag"),
            "POST /roofing/add": Expectation(
                outcomes: roofingWork,
                body: .form(["project": "Villa Marker", "pos": "12.1.1", "quantity": "1", "q": "tag"])),
            "GET /roofing/projects/{name}": Expectation(outcomes: roofing),
            "POST /roofing/projects/{name}/lines": Expectation(
                outcomes: roofingWork, body: .form(["pos": "12.1.1", "quantity": "2"])),
            "POST /roofing/projects/{name}/lines/{line}": Expectation(
                outcomes: roofingWork, body: .form(["quantity": "4"])),
            "POST /roofing/projects/{name}/lines/{line}/delete": Expectation(
                outcomes: roofingWork, parameters: ["name": "Villa Spare"]),
            "POST /roofing/projects/{name}/supplements": Expectation(
                outcomes: roofingChange, body: .form(["pos": "90.1"])),
            "POST /roofing/projects/{name}/split": Expectation(
                outcomes: roofingChange, body: .form(["mode": "percentages", "share_0": "50", "share_1": "50"])),
            "POST /roofing/projects/{name}/revise": Expectation(
                outcomes: roofingChange, body: .form(["reason": "A line was missing"])),
            "POST /roofing/projects/{name}/settle": Expectation(outcomes: roofingChange),
            "POST /roofing/projects/{name}/email": Expectation(
                outcomes: roofingPay, body: .form(["to": "akkord@example.org"])),
            "POST /roofing/projects/{name}/delete": Expectation(
                outcomes: roofingChange, parameters: ["name": "Villa Doomed page"]),
            "POST /roofing/projects/{name}/photos/{id}/delete": Expectation(
                outcomes: roofingWork, parameters: ["id": "@photoDeletePage"]),
            "POST /roofing/projects/{name}/extra-work": Expectation(
                outcomes: roofingChange, body: .form(["text": "Gutter", "amount": "20.00"])),
            "POST /roofing/projects/{name}/deductions": Expectation(outcomes: roofingChange),
            "POST /roofing/projects/{name}/advances": Expectation(
                outcomes: roofingChange, body: .form(["amount": "10.00", "date": "2026-05-05"])),
            "POST /roofing/projects/{name}/hours": Expectation(
                outcomes: roofingWork, body: .form(["roofer": "Ib", "hours": "2"])),
            "POST /roofing/projects/{name}/submit": Expectation(outcomes: roofingChange, phase: 2),
            "GET /roofing/projects/{name}/photos/{id}": Expectation(outcomes: roofing),
            "GET /roofing/projects/{name}/photos/{id}/thumbnail": Expectation(outcomes: roofing),
            "POST /roofing/projects/{name}/photos": Expectation(
                outcomes: roofingWork, body: .multipart(["caption": "Page photo"], file: RoofingRouteTests.jpeg)),
        ]
        for action in ["start", "pause", "resume", "stop"] {
            t["POST /api/v1/hours/clock/\(action)"] = Expectation(outcomes: annasHoursChange, query: "driver=anna")
            t["POST /hours/clock/\(action)"] = Expectation(outcomes: annasHoursChange, body: .form(["driver": "anna"]))
        }
        // Submitting is the driver's own (and an admin's); reopening and locking an admin's. Last: they close the
        // period to the other changes.
        for (action, outcomes) in [("submit", annasHoursChange), ("reopen", hoursAdmin), ("lock", hoursAdmin)] {
            t["POST /api/v1/hours/periods/{day}/\(action)"] = Expectation(
                outcomes: outcomes, phase: 2, query: "driver=anna")
            t["POST /hours/periods/{day}/\(action)"] = Expectation(
                outcomes: outcomes, phase: 2, body: .form(["driver": "anna"]))
        }
        for format in ["json", "pdf", "svg", "png"] {
            t["GET /api/v1/vsm/maps/{name}/export.\(format)"] = Expectation(outcomes: maps)
            t["GET /vsm/maps/{name}/export.\(format)"] = Expectation(outcomes: maps)
        }
        for download in ["account.pdf", "account.csv"] {
            t["GET /api/v1/roofing/projects/{name}/\(download)"] = Expectation(outcomes: roofing)
            t["GET /roofing/projects/{name}/\(download)"] = Expectation(outcomes: roofing)
        }
        // The payroll file is the firm's: not a roofer's.
        t["GET /api/v1/roofing/projects/{name}/payroll.csv"] = Expectation(outcomes: roofingPay)
        t["GET /roofing/projects/{name}/payroll.csv"] = Expectation(outcomes: roofingPay)
        return t
    }

    /// A drive of 25 minutes as NMEA 0183 (`SampleTracks/commute.nmea`, 2026-11-16): one trip.
    static var trackFile: [UInt8] {
        (try? Array(Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("SampleTracks/commute.nmea")))) ?? []
    }

    static var templateFile: [UInt8] {
        (try? Array(Data(contentsOf: Fixtures.url("checklists/main-street-day-pre-shift.json")))) ?? []
    }

    /// The usual value of a path parameter: anna's trip, Main Street's open shift, the marker map, ...
    static func value(of parameter: String, in path: String) -> String {
        switch parameter {
        case "id":
            if path.contains("/trips/") { return "@trip" }
            if path.contains("/hours/shifts/") { return "@shift1" }
            if path.contains("/hours/links/") { return "@link1" }
            if path.contains("/photos/") { return "@photo" }
            return "1"  // a sticker
        case "name":
            if path.contains("/vsm/") { return "Marker map" }
            if path.contains("/reminders/") { return "Travel path" }
            return "Villa Marker"
        case "section": return "Counter"
        case "line": return "1"
        case "shift": return "@checklistShift"
        case "todo": return "@todo1"
        case "restaurant": return "Main Street"
        case "vehicle": return "ABC1"
        case "month": return RoleFixture.month
        case "day": return "@today"
        default: return "unknown-parameter-\(parameter)"
        }
    }

    // MARK: What each role must never read

    static let annasData = ["Purpose-of-ABC1", "Hours-of-anna", "Link-of-anna", "Payroll-refusal-of-anna"]
    static let othersData = [
        "XYZ9", "Purpose-of-XYZ9", "Odometer-of-XYZ9", "Regular-of-XYZ9", "Rule-of-XYZ9", "quentin",
        "Hours-of-quentin", "Link-of-quentin", "Phone-of-XYZ9", "Payroll-refusal-of-quentin",
    ]
    static let outboxData = ["Outbox-Subject-Marker", "outbox-marker@example.org"]
    static let daemonData = ["gpsd-marker-host"]
    static let mapData = ["Marker map"]
    static let roofingData = ["Villa Marker", "Villa Hidden"]
    /// The projects whose team does not name Ib, the roofer.
    static let othersRoofing = ["Villa Hidden", "Villa Doomed"]

    /// Markers of data the role may not see (in any answer, error pages too).
    static func markers(_ role: Role?) -> [String] {
        let restaurantStaff = ["ABC1"] + annasData + othersData + outboxData + daemonData + ["Elm Street"] + roofingData
        switch role {
        case .admin: return []
        case .accountant: return ["Main Street", "Elm Street"]
        case .driver: return othersData + outboxData + ["Main Street", "Elm Street"] + mapData + roofingData
        case .driverWithoutVehicles:
            return annasData + othersData + outboxData + daemonData + ["Main Street", "Elm Street"] + mapData
                + roofingData
        case .crew: return restaurantStaff + mapData
        case .shiftManager, .restaurantManager: return restaurantStaff
        case .roofer:
            return ["ABC1"] + annasData + othersData + outboxData + daemonData + ["Main Street", "Elm Street"]
                + mapData + othersRoofing
        case nil:
            return ["ABC1", "Main Street", "Elm Street"] + annasData + othersData + outboxData + daemonData + mapData
                + roofingData
        }
    }

    // MARK: The tests

    @Test("every route of the router has an expectation in the table, and every expectation a route")
    func everyRouteIsDecided() throws {
        let fixture = try RoleFixture()
        let routes = Set(try LogbookWebServer.router(fixture.environment).routes.map(\.description))
        let table = Self.table
        for route in routes.sorted() where table[route] == nil {
            Issue.record("\(route) has no entry in RoleMatrixTests.table: decide who may use it")
        }
        for route in table.keys.sorted() where !routes.contains(route) {
            Issue.record("\(route) is in RoleMatrixTests.table but not a route of the router")
        }
        #expect(routes.count > 100, "the router lists \(routes.count) routes")
    }

    @Test(
        "every role gets from every route what the table says, and never data it may not see",
        arguments: Role.allCases.map(Optional.some) + [nil])
    func matrix(_ role: Role?) async throws {
        let fixture = try RoleFixture()
        let router = try LogbookWebServer.router(fixture.environment)
        let table = Self.table
        let routes = router.routes.enumerated().compactMap { index, route -> (Int, Int, String, String)? in
            guard let expectation = table[route.description] else { return nil }
            let phase = expectation.phase ?? (route.method == .get ? 0 : 1)
            return (phase, index, route.method.rawValue, route.path.description)
        }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        let markers = Self.markers(role)
        let caller = role.map(\.description) ?? "anonymous"
        try await Application(router: router).test(.router) { client in
            try await fixture.seed(client)
            try fixture.writeDaemonStatus()
            var checked = 0
            for (_, _, method, path) in routes {
                let key = "\(method) \(path)"
                guard let expectation = table[key] else { continue }
                let expected = role.map { expectation.outcomes[$0] ?? .forbidden } ?? expectation.anonymous
                let request = Self.request(method, path, expectation, role: role, fixture)
                let response = try await client.execute(
                    uri: request.uri, method: HTTPRequest.Method(method)!, headers: request.headers,
                    body: request.body)
                if let problem = Self.problem(response, expected: expected, api: Self.isAPI(path)) {
                    Issue.record("\(caller): \(method) \(request.uri): expected \(expected), \(problem)")
                }
                let headers = response.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
                let text = headers + "\n" + String(decoding: response.body.readableBytesView, as: UTF8.self)
                for marker in markers where text.contains(marker) {
                    Issue.record("\(caller): \(method) \(request.uri) answers with '\(marker)', which is not theirs")
                }
                checked += 1
            }
            #expect(checked == table.count, "\(checked) of \(table.count) routes checked for \(caller)")
        }
    }

    // MARK: Requests and answers

    /// What is wrong with the answer, or nil.
    static func problem(_ response: TestResponse, expected: Outcome, api: Bool) -> String? {
        let status = Int(response.status.code)
        let location = response.headers[.location] ?? ""
        let got = "got \(status)\(location.isEmpty ? "" : " → \(location)"): \(Self.excerpt(response))"
        switch expected {
        case .allowed:
            if [401, 403, 404].contains(status) || status >= 500 || location.hasPrefix("/login") { return got }
            return nil
        case .forbidden: return status == 403 ? nil : got
        case .notFound: return status == 404 ? nil : got
        case .signIn:
            if api { return status == 401 ? nil : got }
            return status == 303 && location.hasPrefix("/login") ? nil : got
        case .redirect(let expected): return status == 303 && location == expected ? nil : got
        case .deviceToken: return status == 401 ? nil : got
        }
    }

    /// Routes that answer in JSON and take a bearer token (the matrix sends the role's).
    static func isAPI(_ path: String) -> Bool { path.hasPrefix("/api/") || path.hasPrefix("/ingest/") }

    static func excerpt(_ response: TestResponse) -> String {
        let text = String(decoding: response.body.readableBytesView.prefix(2_000), as: UTF8.self)
        if let range = text.range(of: "<main>") { return String(text[range.upperBound...].prefix(200)) }
        return String(text.prefix(200))
    }

    static func request(_ method: String, _ path: String, _ e: Expectation, role: Role?, _ fixture: RoleFixture)
        -> (uri: String, headers: HTTPFields, body: ByteBuffer?)
    {
        func resolved(_ text: String) -> String {
            guard text.hasPrefix("@") else { return text }
            return fixture.symbols[String(text.dropFirst())] ?? text
        }
        var uri = ""
        for component in path.split(separator: "/") {
            var part = String(component)
            if part.hasPrefix("{"), let close = part.firstIndex(of: "}") {
                let name = String(part[part.index(after: part.startIndex)..<close])
                let value = resolved(e.parameters[name] ?? value(of: name, in: path))
                part = encoded(value) + part[part.index(after: close)...]
            }
            uri += "/" + part
        }
        if uri.isEmpty { uri = "/" }
        if !e.query.isEmpty { uri += "?" + e.query }
        let api = isAPI(path)
        var headers = HTTPFields()
        if let role { headers.append(contentsOf: api ? fixture.bearer(role) : fixture.cookie(role)) }
        let csrf = role.map(fixture.csrf) ?? ""
        var body: ByteBuffer?
        switch e.body {
        case .standard:
            if method == "GET" || method == "DELETE" { break }
            if api {
                headers[.contentType] = "application/json"
                body = ByteBuffer(string: "{}")
            } else {
                headers[.contentType] = "application/x-www-form-urlencoded"
                body = PageTests.Browser.form(["csrf": csrf])
            }
        case .json(let object):
            headers[.contentType] = "application/json"
            body = ServerHarness.body(
                object.mapValues { value -> Any in
                    guard let text = value as? String else { return value }
                    if text.hasPrefix("#") { return Int(fixture.symbols[String(text.dropFirst())] ?? "") ?? 0 }
                    return resolved(text)
                })
        case .form(let values):
            headers[.contentType] = "application/x-www-form-urlencoded"
            body = PageTests.Browser.form(values.mapValues(resolved).merging(["csrf": csrf]) { $1 })
        case .bytes(let bytes, let type):
            headers[.contentType] = type
            body = ByteBuffer(bytes: bytes)
        case .multipart(let fields, let file):
            headers[.contentType] = "multipart/form-data; boundary=XyZ"
            var bytes: [UInt8] = []
            for (name, value) in fields.merging(["csrf": csrf], uniquingKeysWith: { $1 }) {
                bytes += Array("--XyZ\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
            }
            bytes += Array(
                "--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"p.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
                    .utf8)
            bytes += file + Array("\r\n--XyZ--\r\n".utf8)
            body = ByteBuffer(bytes: bytes)
        }
        return (uri, headers, body)
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(
                charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? text
    }
}
