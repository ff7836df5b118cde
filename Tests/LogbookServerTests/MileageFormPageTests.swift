import Foundation
import Hummingbird
import HummingbirdTesting
import LogbookConfiguration
import LogbookServer
import LogbookStore
import LogbookTestSupport
import MileageLog
import Testing
import TrackModel

/// Issue 29 §1, the mileage log on the road: a trip added by hand, regular trips starred and reused, a void with its
/// reason, the profile, an "All" period and the month's report on the trip list, a report e-mailed with a category,
/// and a track file uploaded — each page and action as each role may use it, with its refusals beside the field.
@Suite struct MileageFormPageTests {
    typealias Role = RoleFixture.Role

    // MARK: Requests

    static func get(_ client: some TestClientProtocol, _ f: RoleFixture, _ role: Role, _ uri: String) async throws
        -> (status: HTTPResponse.Status, html: String, location: String)
    {
        let response = try await client.execute(uri: uri, method: .get, headers: f.cookie(role), body: nil)
        return (response.status, String(buffer: response.body), response.headers[.location] ?? "")
    }

    /// A page's form posted as `role`, with the session's CSRF token.
    static func post(
        _ client: some TestClientProtocol, _ f: RoleFixture, _ role: Role, _ uri: String, _ form: [String: String]
    ) async throws -> (status: HTTPResponse.Status, html: String, location: String) {
        var headers = f.cookie(role)
        headers[.contentType] = "application/x-www-form-urlencoded"
        let response = try await client.execute(
            uri: uri, method: .post, headers: headers,
            body: PageTests.Browser.form(form.merging(["csrf": f.csrf(role)]) { $1 }))
        return (response.status, String(buffer: response.body), response.headers[.location] ?? "")
    }

    /// A `multipart/form-data` body with `fields` and one file.
    static func multipart(_ fields: [String: String], file name: String, _ bytes: [UInt8]) -> (HTTPFields, ByteBuffer) {
        var body: [UInt8] = []
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            body += Array("--Bnd7\r\nContent-Disposition: form-data; name=\"\(key)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Array(
            "--Bnd7\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                .utf8)
        body += bytes + Array("\r\n--Bnd7--\r\n".utf8)
        return ([.contentType: "multipart/form-data; boundary=Bnd7"], ByteBuffer(bytes: body))
    }

    static func upload(
        _ client: some TestClientProtocol, _ f: RoleFixture, _ role: Role, vehicle: String = "ABC1", name: String,
        _ bytes: [UInt8]
    ) async throws -> (status: HTTPResponse.Status, html: String, location: String) {
        let (headers, body) = multipart(["csrf": f.csrf(role), "vehicle": vehicle], file: name, bytes)
        let response = try await client.execute(
            uri: "/trips/import", method: .post, headers: f.cookie(role).merging(headers), body: body)
        return (response.status, String(buffer: response.body), response.headers[.location] ?? "")
    }

    static func abc1Trips(_ f: RoleFixture, includeVoided: Bool = false) throws -> [StoredTrip] {
        try f.database.trips(TripFilter(vehicle: "ABC1", includeVoided: includeVoided))
    }

    static let commute = RoleMatrixTests.trackFile
    /// The first kilobytes of the sample GPX with the first track point's latitude made unreadable.
    static var brokenGPX: [UInt8] {
        let text =
            (try? String(
                contentsOf: Fixtures.packageRoot.appendingPathComponent("SampleTracks/commute.gpx"), encoding: .utf8))
            ?? ""
        guard let range = text.range(of: #"<trkpt lat="[^"]*""#, options: .regularExpression) else { return [] }
        return Array(text.replacingCharacters(in: range, with: #"<trkpt lat="north""#).prefix(4_000).utf8)
    }

    // MARK: A trip by hand

    @Test("a driver adds a trip by hand: today by default, refusals beside their field, the trip in the day's list")
    func addTripByHand() async throws {
        let f = try RoleFixture()
        try await f.application().test(.router) { client in
            let form = try await Self.get(client, f, .driver, "/trips/new")
            #expect(form.status == .ok)
            let today = RoleFixture.today
            #expect(form.html.contains("id=\"date\" name=\"date\" value=\"\(today)\""), "the date is not today")
            #expect(form.html.contains("<option value=\"ABC1\" selected>ABC1 (km)</option>"))
            #expect(!form.html.contains("XYZ9"), "another vehicle offered to a driver")
            #expect(form.html.contains("<option>Spare regular</option>") && !form.html.contains("Regular-of-XYZ9"))
            let before = try Self.abc1Trips(f).count

            // A business trip needs a purpose: said beside the purpose, what was typed kept, nothing stored.
            var values = [
                "vehicle": "ABC1", "date": "2026-05-20", "start": "07:15", "distance": "12.5", "category": "business",
                "from": "Depot", "to": "Harbour",
            ]
            let noPurpose = try await Self.post(client, f, .driver, "/trips/new", values)
            #expect(noPurpose.status == .conflict)
            #expect(noPurpose.html.contains("<p class=\"problem field-error\" id=\"purpose-error\">"))
            #expect(noPurpose.html.contains("aria-describedby=\"purpose-error\""))
            #expect(noPurpose.html.contains("value=\"12.5\"") && noPurpose.html.contains("value=\"Harbour\""))
            #expect(noPurpose.html.contains("<option value=\"business\" selected>"))
            // A distance that is no number, and both distance and odometer: each beside its field.
            values["purpose"] = "Client visit"
            values["distance"] = "twelve"
            let notANumber = try await Self.post(client, f, .driver, "/trips/new", values)
            #expect(notANumber.status == .unprocessableContent)
            #expect(notANumber.html.contains("id=\"distance-error\">distance: expected a number</p>"))
            values["distance"] = "12.5"
            values["odometer_end"] = "1000"
            let both = try await Self.post(client, f, .driver, "/trips/new", values)
            #expect(both.status == .unprocessableContent)
            #expect(both.html.contains("id=\"odometer_end-error\">odometer_end: give either the odometer"))
            #expect(try Self.abc1Trips(f).count == before, "a refused form stored a trip")

            values["odometer_end"] = nil
            let added = try await Self.post(client, f, .driver, "/trips/new", values)
            #expect(added.status == .seeOther, "\(added.html.prefix(600))")
            let trip = try #require(try Self.abc1Trips(f).first { $0.purpose == "Client visit" })
            #expect(added.location.hasPrefix("/trips?from=2026-05-20&to=2026-05-20&flash="))
            #expect(added.location.hasSuffix("#trip-\(trip.id)"))
            #expect(trip.source == .manual && trip.category == .business)
            #expect(abs(trip.distance - 12_500) < 0.5 && trip.startLabel == "Depot" && trip.endLabel == "Harbour")
            #expect(trip.start == Timestamp(iso8601: "2026-05-20T07:15:00Z"))
            #expect(try f.database.auditEntries(trip: trip.id).first?.change.actor == "web:anna")
            let list = try await Self.get(client, f, .driver, added.location)
            #expect(list.html.contains("id=\"trip-\(trip.id)\""))
            #expect(list.html.contains("id=\"message\">Trip \(trip.id) added: 07:15–07:27, 12.5 km"))

            // The odometer after the trip, today (the date left as it was): without a known odometer before it the
            // log's rule is said above the form; with a reading at midnight the trip is stored and its distance
            // follows.
            let byOdometer = ["vehicle": "ABC1", "start": "00:30", "odometer_end": "600", "category": "private"]
            let unknown = try await Self.post(client, f, .driver, "/trips/new", byOdometer)
            #expect(unknown.status == .conflict)
            #expect(unknown.html.contains("id=\"form-problem\">no odometer is known before this trip"))
            let midnight = (Date().timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
            _ = try f.database.recordOdometer(
                vehicle: "ABC1", reading: 500, at: Timestamp(secondsSince1970: midnight), note: nil)
            let todays = try await Self.post(client, f, .driver, "/trips/new", byOdometer)
            #expect(todays.location.hasPrefix("/trips?from=\(today)&to=\(today)"), "\(todays.html.prefix(2000))")
            let byReading = try #require(try Self.abc1Trips(f).first { $0.endOdometer == 600 })
            #expect(abs(byReading.distance - 100_000) < 1 && byReading.startOdometer == 500)

            // Another vehicle is not there for a driver; an accountant adds nothing; staff see no mileage log.
            values["vehicle"] = "XYZ9"
            #expect(try await Self.post(client, f, .driver, "/trips/new", values).status == .notFound)
            values["vehicle"] = "ABC1"
            #expect(try await Self.post(client, f, .driverWithoutVehicles, "/trips/new", values).status == .notFound)
            #expect(try await Self.post(client, f, .accountant, "/trips/new", values).status == .forbidden)
            #expect(try await Self.get(client, f, .accountant, "/trips/new").status == .forbidden)
            #expect(try await Self.get(client, f, .crew, "/trips/new").status == .forbidden)
            let empty = try await Self.get(client, f, .driverWithoutVehicles, "/trips/new")
            #expect(empty.status == .ok && empty.html.contains("id=\"no-vehicles\""))
        }
    }

    // MARK: Regular trips

    @Test("a trip starred as regular fills the add form and is reused as it is; refusals beside the name")
    func regularTrips() async throws {
        let f = try RoleFixture()
        let star = try #require(f.symbols["tripStar"])
        let unclassified = try #require(f.symbols["trip"])
        try await f.application().test(.router) { client in
            // An unclassified trip is not offered the star; its page says why. A classified one is.
            let plain = try await Self.get(client, f, .driver, "/trips/\(unclassified)")
            #expect(plain.html.contains("id=\"star-hint\"") && !plain.html.contains("id=\"star-form\""))
            let page = try await Self.get(client, f, .driver, "/trips/\(star)")
            #expect(page.html.contains("<form class=\"card\" method=\"post\" action=\"/trips/\(star)/regular\""))

            let starred = try await Self.post(client, f, .driver, "/trips/\(star)/regular", ["name": "Office run"])
            #expect(starred.status == .seeOther && starred.location.hasPrefix("/regular-trips?flash="))
            #expect(try f.database.regular(named: "Office run").distance == 12_345)
            // The same name again, and no name: refused beside the name field, on the trip's page.
            for (name, words) in [("Office run", "already a regular trip"), ("", "needs a name")] {
                let again = try await Self.post(client, f, .driver, "/trips/\(star)/regular", ["name": name])
                #expect(again.status == .conflict, "\(name)")
                #expect(again.html.contains("id=\"regular_name-error\">") && again.html.contains(words), "\(name)")
                #expect(again.html.contains("<h1>Trip \(star)</h1>"))
            }
            let refused = try await Self.post(client, f, .driver, "/trips/\(unclassified)/regular", ["name": "Plain"])
            #expect(refused.status == .conflict && refused.html.contains("id=\"regular_name-error\">"))
            #expect(
                try await Self.post(client, f, .accountant, "/trips/\(star)/regular", ["name": "A"]).status
                    == .forbidden)
            #expect(
                try await Self.post(client, f, .driver, "/trips/\(f.symbols["otherTrip"]!)/regular", ["name": "B"])
                    .status
                    == .notFound)

            // The list: anna's regular trips, not XYZ9's; a button that fills the form.
            let list = try await Self.get(client, f, .driver, "/regular-trips")
            #expect(list.html.contains("★ Office run") && list.html.contains("★ Spare regular"))
            #expect(!list.html.contains("Regular-of-XYZ9"))
            #expect(list.html.contains("href=\"/trips/new?regular=Office%20run\""))
            #expect(!list.html.contains("/regular-trips/remove"), "a driver is offered the removal")
            let all = try await Self.get(client, f, .accountant, "/regular-trips")
            #expect(all.html.contains("Regular-of-XYZ9") && !all.html.contains("/trips/new?regular="))

            let filled = try await Self.get(client, f, .driver, "/trips/new?regular=Office%20run")
            #expect(filled.html.contains("<input type=\"hidden\" name=\"regular\" value=\"Office run\">"))
            #expect(filled.html.contains("<option selected>Office run</option>"))
            #expect(filled.html.contains("name=\"purpose\" value=\"Star me\""))
            #expect(filled.html.contains("<option value=\"business\" selected>"))
            #expect(!filled.html.contains("name=\"distance\""), "a regular trip's distance is its own")
            let usual = try f.database.regular(named: "Office run").startMinute
            let usualText = String(format: "%02d:%02d", usual / 60, usual % 60)
            #expect(filled.html.contains("name=\"start\" value=\"\(usualText)\""))

            let reused = try await Self.post(
                client, f, .driver, "/trips/new",
                [
                    "regular": "Office run", "vehicle": "ABC1", "date": "2026-05-21", "start": usualText,
                    "category": "business", "purpose": "Star me",
                ])
            #expect(reused.status == .seeOther, "\(reused.html.prefix(500))")
            let made = try #require(try Self.abc1Trips(f).first { $0.source == .regular })
            #expect(made.category == .business && made.purpose == "Star me" && made.distance == 12_345)
            #expect(made.duration == 1_200, "the regular trip's duration")
            // Its category as filled in is no change: the history holds the creation only.
            #expect(try f.database.auditEntries(trip: made.id).map(\.change.action) == [.create])

            // Removing is an admin's.
            let removal = ["name": "Office run"]
            #expect(try await Self.post(client, f, .driver, "/regular-trips/remove", removal).status == .forbidden)
            let removed = try await Self.post(client, f, .admin, "/regular-trips/remove", removal)
            #expect(removed.status == .seeOther)
            #expect(throws: (any Error).self) { try f.database.regular(named: "Office run") }
        }
    }

    // MARK: Voiding

    @Test("a trip is voided with a reason; without one the form says so beside the field and nothing changes")
    func voidTrip() async throws {
        let f = try RoleFixture()
        let id = try #require(f.symbols["tripVoid"])
        try await f.application().test(.router) { client in
            let page = try await Self.get(client, f, .driver, "/trips/\(id)")
            #expect(page.html.contains("action=\"/trips/\(id)/void\""))
            let blank = try await Self.post(client, f, .driver, "/trips/\(id)/void", ["reason": "  "])
            #expect(blank.status == .unprocessableContent)
            #expect(
                blank.html.contains(
                    "<p class=\"problem field-error\" id=\"reason-error\">reason: a void needs a reason"))
            #expect(try !f.database.trip(id: Int64(id)!).voided)

            #expect(
                try await Self.post(client, f, .accountant, "/trips/\(id)/void", ["reason": "x"]).status == .forbidden)
            #expect(
                try await Self.post(client, f, .driverWithoutVehicles, "/trips/\(id)/void", ["reason": "x"]).status
                    == .notFound)
            #expect(
                try await Self.post(client, f, .driver, "/trips/\(f.symbols["otherTrip"]!)/void", ["reason": "x"])
                    .status == .notFound)

            let voided = try await Self.post(client, f, .driver, "/trips/\(id)/void", ["reason": "Entered twice"])
            #expect(voided.status == .seeOther && voided.location.hasPrefix("/trips/\(id)?flash="))
            let trip = try f.database.trip(id: Int64(id)!)
            #expect(trip.voided && trip.voidReason == "Entered twice")
            let after = try await Self.get(client, f, .driver, voided.location)
            #expect(after.html.contains("id=\"message\">Trip \(id) voided.</p>"))
            #expect(
                after.html.contains("<span class=\"tag\">voided</span>") && !after.html.contains("id=\"void-form\""))
        }
    }

    // MARK: The profile

    @Test("an admin keeps the profile (a field too long is refused beside it); the others read it")
    func profile() async throws {
        let f = try RoleFixture()
        try await f.application().test(.router) { client in
            let form = try await Self.get(client, f, .admin, "/profile")
            #expect(form.status == .ok && form.html.contains("id=\"profile-form\""))
            let long = String(repeating: "x", count: 201)
            let refused = try await Self.post(
                client, f, .admin, "/profile", ["name": "Mari Maasikas", "company": long, "employee_id": "E-7"])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.html.contains("id=\"company-error\">company: may have at most 200 characters"))
            #expect(refused.html.contains("value=\"Mari Maasikas\""), "the typed name is lost")
            #expect(try f.database.profile().name.isEmpty)

            let saved = try await Self.post(
                client, f, .admin, "/profile", ["name": "Mari Maasikas", "company": "Õun OÜ", "employee_id": "E-7"])
            #expect(saved.status == .seeOther)
            #expect(try f.database.profile() == Profile(name: "Mari Maasikas", company: "Õun OÜ", employeeID: "E-7"))
            // An empty field clears it.
            _ = try await Self.post(
                client, f, .admin, "/profile", ["name": "Mari Maasikas", "company": "", "employee_id": "E-7"])
            #expect(try f.database.profile().company.isEmpty)

            for role in [Role.driver, .accountant] {
                let read = try await Self.get(client, f, role, "/profile")
                #expect(read.status == .ok && read.html.contains("<dd>Mari Maasikas</dd>"), "\(role)")
                #expect(!read.html.contains("id=\"profile-form\""), "\(role) is offered the form")
                #expect(try await Self.post(client, f, role, "/profile", ["name": "Me"]).status == .forbidden)
            }
            #expect(try await Self.get(client, f, .crew, "/profile").status == .forbidden)
            #expect(try f.database.profile().name == "Mari Maasikas")
        }
    }

    // MARK: The trip list

    @Test("the trip list has an All period and links the month's report of each vehicle")
    func allPeriodAndReport() async throws {
        let f = try RoleFixture()
        try await f.application().test(.router) { client in
            let all = try await Self.get(client, f, .driver, "/trips?period=all")
            #expect(all.html.contains("<a href=\"/trips?period=all\" class=\"current\">All</a>"))
            for trip in try Self.abc1Trips(f) {
                #expect(all.html.contains("id=\"trip-\(trip.id)\""), "trip \(trip.id) is not in All")
            }
            #expect(!all.html.contains("Purpose-of-XYZ9"))
            #expect(all.html.contains("id=\"add-trip-link\"") && all.html.contains("id=\"import-link\""))
            let thisMonth = String(RoleFixture.today.prefix(7))
            #expect(all.html.contains("<h2>Report of \(thisMonth)</h2>"))

            let may = try await Self.get(client, f, .driver, "/trips?from=2026-05-01&to=2026-05-31")
            let pdf = "/reports/download?vehicle=ABC1&amp;month=2026-05&amp;format=pdf"
            #expect(may.html.contains("<h2>Report of 2026-05</h2>") && may.html.contains("href=\"\(pdf)\""))
            #expect(may.html.contains("href=\"/reports?vehicle=ABC1&amp;month=2026-05#email\""))
            #expect(!may.html.contains("vehicle=XYZ9"))
            let download = try await client.execute(
                uri: pdf.replacingOccurrences(of: "&amp;", with: "&"), method: .get, headers: f.cookie(.driver))
            #expect(download.status == .ok && String(buffer: download.body).hasPrefix("%PDF-"))
            let reports = try await Self.get(client, f, .driver, "/reports?vehicle=ABC1&month=2026-05")
            #expect(reports.html.contains("id=\"mail-month\" name=\"month\" type=\"month\" value=\"2026-05\""))

            // An accountant reads and reports, but is not offered to add or import trips.
            let accountant = try await Self.get(client, f, .accountant, "/trips?period=all")
            #expect(accountant.html.contains("vehicle=XYZ9") && !accountant.html.contains("id=\"add-trip-link\""))
        }
    }

    // MARK: A report by e-mail

    @Test("a month's report is e-mailed with the category chosen; a bad address or month is said beside the field")
    func emailWithCategory() async throws {
        let mail: [String: TOMLValue] = ["host": .string("127.0.0.1"), "from": .string("logbook@example.org")]
        let h = try ServerHarness(configuration: ConfigurationFile(path: nil, root: ["mail": .table(mail)]))
        _ = try h.database.editTrip(id: h.annasTrip, TripChanges(category: .business, purpose: "Business-marker"))
        let privateTrip = try h.insertTrip(plate: "ABC1", start: 1_780_100_000)
        _ = try h.database.editTrip(id: privateTrip, TripChanges(category: .private, purpose: "Private-marker"))
        try await h.application().test(.router) { client in
            let (browser, _) = try await PageTests.logIn(client, name: "carl")
            let page = try await client.execute(uri: "/reports", method: .get, headers: browser.header)
            let token = try #require(PageTests.Browser.hidden("csrf", in: String(buffer: page.body)))
            #expect(String(buffer: page.body).contains("<option value=\"business\">Business</option>"))
            func send(_ values: [String: String]) async throws -> TestResponse {
                try await client.execute(
                    uri: "/reports/email", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                    body: PageTests.Browser.form(values.merging(["csrf": token]) { $1 }))
            }
            var values = ["vehicle": "ABC1", "month": "2026-05", "category": "business", "to": "not an address"]
            let badAddress = try await send(values)
            #expect(badAddress.status == .unprocessableContent)
            #expect(String(buffer: badAddress.body).contains("<p class=\"problem field-error\" id=\"to-error\">to: "))
            values["to"] = "accounts@example.org"
            values["month"] = "2026-13"
            let badMonth = try await send(values)
            #expect(String(buffer: badMonth.body).contains("id=\"month-error\">month"))
            values["month"] = "2026-05"
            values["category"] = "fuel"
            let badCategory = try await send(values)
            #expect(String(buffer: badCategory.body).contains("id=\"category-error\">category: Unknown category"))
            #expect(try h.database.outbox().isEmpty)

            values["category"] = "business"
            let sent = try await send(values)
            #expect(sent.status == .ok)
            #expect(String(buffer: sent.body).contains("The report is queued for sending"))
            let message = try #require(try h.database.outbox().first)
            #expect(message.recipients == ["accounts@example.org"])
            let csv = try #require(Self.attachment(".csv", in: message.message))
            #expect(csv.contains("Business-marker") && !csv.contains("Private-marker"), "\(csv)")
        }
    }

    /// The decoded attachment of a MIME message whose file name ends with `suffix`.
    static func attachment(_ suffix: String, in message: [UInt8]) -> String? {
        let text = String(decoding: message, as: UTF8.self)
        guard let name = text.range(of: suffix + "\""),
            let start = text.range(of: "\r\n\r\n", range: name.upperBound..<text.endIndex),
            let end = text.range(of: "\r\n--", range: start.upperBound..<text.endIndex),
            let data = Data(
                base64Encoded: String(text[start.upperBound..<end.lowerBound]), options: .ignoreUnknownCharacters)
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: Importing a track file

    @Test("a track file uploaded on the page is imported once; a broken one is refused naming file, line and field")
    func importPage() async throws {
        let f = try RoleFixture()
        try await f.application().test(.router) { client in
            let page = try await Self.get(client, f, .driver, "/trips/import")
            #expect(page.status == .ok && page.html.contains("enctype=\"multipart/form-data\""))
            #expect(!page.html.contains("XYZ9"))
            let before = try Self.abc1Trips(f).count

            let broken = try await Self.upload(client, f, .driver, name: "drive.gpx", Self.brokenGPX)
            #expect(broken.status == .unprocessableContent)
            let error = try #require(
                broken.html.range(of: #"id="file-error">[^<]*"#, options: .regularExpression).map { broken.html[$0] })
            #expect(error.contains("file: drive.gpx:") && error.contains("(field &#39;lat&#39;)"), "\(error)")
            #expect(error.range(of: #"drive\.gpx:\d+:\d+: "#, options: .regularExpression) != nil, "\(error)")
            #expect(!broken.html.contains("59.4") && !broken.html.contains("24.7"), "a coordinate in the answer")
            let none = try await Self.upload(client, f, .driver, name: "", [])
            #expect(
                none.status == .unprocessableContent && none.html.contains("id=\"file-error\">file: choose a track"))
            let empty = try await Self.upload(client, f, .driver, name: "empty.nmea", [])
            #expect(empty.html.contains("id=\"file-error\">file: empty.nmea: file is empty"))
            #expect(try Self.abc1Trips(f).count == before)

            let imported = try await Self.upload(client, f, .driver, name: "C:\\phone\\commute.nmea", Self.commute)
            #expect(imported.status == .seeOther, "\(imported.html.prefix(600))")
            #expect(imported.location.hasPrefix("/trips?from=2026-11-16&to=2026-11-16&flash="))
            let trips = try Self.abc1Trips(f)
            #expect(trips.count == before + 1)
            let gps = try #require(trips.first { $0.source == .gps && $0.start.iso8601.hasPrefix("2026-11-16") })
            #expect(try f.database.auditEntries(trip: gps.id).first?.change.actor == "web:anna")
            let list = try await Self.get(client, f, .driver, imported.location)
            #expect(list.html.contains("id=\"message\">commute.nmea: 1 trip added, 12.4 km."))
            #expect(list.html.contains("id=\"trip-\(gps.id)\""))

            let again = try await Self.upload(client, f, .driver, name: "commute.nmea", Self.commute)
            #expect(again.location.hasPrefix("/trips/import?flash="))
            let said = try await Self.get(client, f, .driver, again.location)
            #expect(said.html.contains("commute.nmea: already imported, nothing added"))
            #expect(try Self.abc1Trips(f).count == before + 1)

            #expect(try await Self.upload(client, f, .accountant, name: "c.nmea", Self.commute).status == .forbidden)
            #expect(try await Self.get(client, f, .accountant, "/trips/import").status == .forbidden)
            #expect(
                try await Self.upload(client, f, .driver, vehicle: "XYZ9", name: "c.nmea", Self.commute).status
                    == .notFound)
            #expect(
                try await Self.upload(client, f, .driverWithoutVehicles, name: "c.nmea", Self.commute).status
                    == .notFound)
            // Without the session's token nothing is read.
            let (headers, body) = Self.multipart(["csrf": "forged", "vehicle": "ABC1"], file: "x.nmea", Self.commute)
            let forged = try await client.execute(
                uri: "/trips/import", method: .post, headers: f.cookie(.admin).merging(headers), body: body)
            #expect(forged.status == .forbidden)
        }
    }

    @Test("POST /api/v1/trips/import takes the file as the body or a form: 201, then 200; refusals name the field")
    func importAPI() async throws {
        let f = try RoleFixture()
        try await f.application().test(.router) { client in
            func send(_ role: Role, _ query: String, _ bytes: [UInt8], type: String = "application/octet-stream")
                async throws -> TestResponse
            {
                try await client.execute(
                    uri: "/api/v1/trips/import" + query, method: .post,
                    headers: f.bearer(role).merging([.contentType: type]), body: ByteBuffer(bytes: bytes))
            }
            let first = try await send(.driver, "?vehicle=ABC1&filename=commute.nmea", Self.commute)
            #expect(first.status == .created)
            let json = ServerHarness.json(first.body)
            #expect(json["file"] as? String == "commute.nmea" && json["vehicle"] as? String == "ABC1")
            #expect(json["added"] as? Int == 1 && json["trips"] as? Int == 1 && json["format"] as? String == "nmea")
            #expect((json["distance_m"] as? Double).map { abs($0 - 12_447) < 5 } == true, "\(json)")
            #expect(json["first_start"] as? String == "2026-11-16T06:30:18.000Z")
            // The same file again, as a form this time: nothing added.
            let (headers, body) = Self.multipart(["vehicle": "ABC1"], file: "again.nmea", Self.commute)
            let again = try await client.execute(
                uri: "/api/v1/trips/import", method: .post, headers: f.bearer(.admin).merging(headers), body: body)
            #expect(again.status == .ok)
            #expect(ServerHarness.json(again.body)["already_imported"] as? Bool == true)

            let broken = try await send(.driver, "?vehicle=ABC1&filename=drive.gpx", Self.brokenGPX)
            #expect(broken.status == .unprocessableContent)
            let error = ServerHarness.error(broken.body)
            #expect(error["field"] == "file" && error["code"] == "invalid-request")
            #expect(
                error["message"]?.range(
                    of: #"^file: drive\.gpx:\d+:\d+: .*\(field 'lat'\)$"#, options: .regularExpression) != nil,
                "\(error)")
            let empty = try await send(.driver, "?vehicle=ABC1", [])
            #expect(ServerHarness.error(empty.body)["message"] == "file: upload: file is empty")
            let text = try await send(.driver, "?vehicle=ABC1&filename=notes.txt", Array("Dear diary\n".utf8))
            #expect(text.status == .unprocessableContent)
            #expect(ServerHarness.error(text.body)["message"]?.hasPrefix("file: notes.txt:1: not a track file") == true)

            #expect(try await send(.accountant, "?vehicle=ABC1", Self.commute).status == .forbidden)
            #expect(try await send(.driver, "?vehicle=XYZ9", Self.commute).status == .notFound)
            #expect(try await send(.crew, "?vehicle=ABC1", Self.commute).status == .forbidden)
            // A driver with one vehicle need not name it; an admin of two must.
            let unnamed = try await send(.driver, "", Self.brokenGPX)
            #expect(ServerHarness.error(unnamed.body)["field"] == "file")
            let ambiguous = try await send(.admin, "", Self.commute)
            #expect(ServerHarness.error(ambiguous.body)["field"] == "vehicle")
            // Over the one body limit: 413, as every body.
            let large = try await send(.driver, "?vehicle=ABC1", [UInt8](repeating: 0x24, count: (1 << 20) + 1))
            #expect(large.status == .contentTooLarge)
        }
    }
}
