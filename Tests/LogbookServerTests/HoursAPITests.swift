import CalendarDays
import Foundation
import Hummingbird
import HummingbirdTesting
import LogbookConfiguration
import LogbookServer
import LogbookStore
import Testing
import Hours

/// The work-hours API in process: shifts by pay period, overlaps, submitted and locked periods, roles, the clock
/// and the menu's links. Expected minutes are worked out by hand from the times, not read back from the output.
@Suite struct HoursAPITests {
    static let jsonType: HTTPFields = [.contentType: "application/json"]

    /// The server harness with `[hours]` in UTC, monthly periods, no rounding, and the log's drivers `anna`
    /// (the web user of that name) and `dave` (no web user).
    static func harness() throws -> ServerHarness {
        let hours: [String: TOMLValue] = ["timezone": .string("UTC"), "period": .string("monthly")]
        let h = try ServerHarness(configuration: ConfigurationFile(path: nil, root: ["hours": .table(hours)]))
        try h.database.addDriver("anna")
        try h.database.addDriver("dave")
        return h
    }

    static func post(
        _ client: some TestClientProtocol, _ uri: String, _ headers: HTTPFields, _ body: [String: Any]
    ) async throws -> TestResponse {
        try await client.execute(
            uri: uri, method: .post, headers: headers.merging(jsonType), body: ServerHarness.body(body))
    }

    static func shift(_ date: String, _ start: String, _ end: String, break minutes: Int = 0) -> [String: Any] {
        ["date": date, "start": start, "end": end, "break_minutes": minutes, "message": "Tour A"]
    }

    @Test("a shift is added, listed with its day and period totals, changed and deleted")
    func shiftLifecycle() async throws {
        let h = try Self.harness()
        try await h.application().test(.router) { client in
            // 07:00–15:30 is 8 h 30 min = 510 minutes; less a 30-minute break, 480 net.
            let created = try await Self.post(
                client, "/api/v1/hours/shifts", h.bearer("anna"),
                Self.shift("2026-03-10", "07:00", "15:30", break: 30).merging(["vehicle": "ABC1"]) { $1 })
            #expect(created.status == .created, "\(String(buffer: created.body))")
            let shift = ServerHarness.json(created.body)
            #expect(shift["worked_minutes"] as? Int == 510)
            #expect(shift["net_minutes"] as? Int == 480)
            #expect(shift["break_minutes"] as? Int == 30)
            #expect(shift["start"] as? String == "2026-03-10T07:00:00+00:00")
            #expect(shift["end"] as? String == "2026-03-10T15:30:00+00:00")
            #expect(shift["vehicle"] as? String == "ABC1" && shift["message"] as? String == "Tour A")
            let id = try #require(shift["id"] as? String)
            let number = try #require(shift["number"] as? Int)
            #expect(UUID(uuidString: id) != nil)

            // A night shift: 22:00 to 06:00 ends the next day, 8 h = 480 minutes.
            let night = try await Self.post(
                client, "/api/v1/hours/shifts", h.bearer("anna"), Self.shift("2026-03-11", "22:00", "06:00"))
            #expect(night.status == .created)
            #expect(ServerHarness.json(night.body)["end"] as? String == "2026-03-12T06:00:00+00:00")
            #expect(ServerHarness.json(night.body)["net_minutes"] as? Int == 480)

            try await client.execute(
                uri: "/api/v1/hours/shifts?period=2026-03-20", method: .get, headers: h.bearer("anna")
            ) { response in
                #expect(response.status == .ok)
                let sheet = ServerHarness.json(response.body)
                let period = sheet["period"] as? [String: Any]
                #expect(period?["start"] as? String == "2026-03-01" && period?["end"] as? String == "2026-03-31")
                #expect(period?["kind"] as? String == "monthly")
                #expect(sheet["driver"] as? String == "anna" && sheet["status"] as? String == "open")
                let shifts = sheet["shifts"] as? [[String: Any]] ?? []
                #expect(shifts.map { $0["id"] as? String } == [id, ServerHarness.json(night.body)["id"] as? String])
                let totals = sheet["totals"] as? [String: Any]
                #expect(totals?["shifts"] as? Int == 2)
                #expect(totals?["net_minutes"] as? Int == 480 + 480)
                #expect(totals?["worked_minutes"] as? Int == 510 + 480)
                #expect(totals?["break_minutes"] as? Int == 30)
                let days = sheet["days"] as? [[String: Any]] ?? []
                #expect(days.map { $0["date"] as? String } == ["2026-03-10", "2026-03-11"])
            }
            // Another period has none of them.
            try await client.execute(
                uri: "/api/v1/hours/shifts?period=2026-04-01", method: .get, headers: h.bearer("anna")
            ) { response in
                #expect((ServerHarness.json(response.body)["shifts"] as? [Any])?.isEmpty == true)
            }

            // By id or by number; then the end moves to 16:00: 540 worked, 510 net.
            for key in [id, String(number)] {
                try await client.execute(uri: "/api/v1/hours/shifts/\(key)", method: .get, headers: h.bearer("anna")) {
                    response in
                    #expect(response.status == .ok)
                    #expect(ServerHarness.json(response.body)["id"] as? String == id)
                }
            }
            try await client.execute(
                uri: "/api/v1/hours/shifts/\(id)", method: .patch, headers: h.bearer("anna").merging(Self.jsonType),
                body: ServerHarness.body(["end": "16:00", "message": "Tour B"])
            ) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let changed = ServerHarness.json(response.body)
                #expect(changed["id"] as? String == id)
                #expect(changed["net_minutes"] as? Int == 510)
                #expect(changed["start"] as? String == "2026-03-10T07:00:00+00:00")
                #expect(changed["break_minutes"] as? Int == 30)
                #expect(changed["message"] as? String == "Tour B")
            }
            try await client.execute(uri: "/api/v1/hours/shifts/\(id)", method: .delete, headers: h.bearer("anna")) {
                response in
                #expect(response.status == .noContent)
            }
            try await client.execute(uri: "/api/v1/hours/shifts/\(id)", method: .get, headers: h.bearer("anna")) {
                response in
                #expect(response.status == .notFound)
            }
        }
        let left = try h.database.hoursEntries(
            driver: "anna", from: CalendarDay(parsing: "2026-03-01")!, through: CalendarDay(parsing: "2026-03-31")!)
        #expect(left.count == 1 && left.first?.entry.netMinutes == 480)
    }

    /// Berlin on the night the clocks go back (25 October 2026: 03:00 CEST, 01:00Z, became 02:00 CET): 02:30 was
    /// 00:30Z and again 01:30Z; 05:00 CET is 04:00Z. On 29 March 2026 02:00–03:00 did not happen.
    @Test("the night the clocks go back, through the API and the shift form: the first 02:30 unless an offset says")
    func clocksGoBack() async throws {
        let hours: [String: TOMLValue] = ["timezone": .string("Europe/Berlin"), "period": .string("monthly")]
        let h = try ServerHarness(configuration: ConfigurationFile(path: nil, root: ["hours": .table(hours)]))
        try h.database.addDriver("anna")
        try await h.application().test(.router) { client in
            let created = try await Self.post(
                client, "/api/v1/hours/shifts", h.bearer("anna"), Self.shift("2026-10-25", "02:30", "05:00"))
            #expect(created.status == .created, "\(String(buffer: created.body))")
            let shift = ServerHarness.json(created.body)
            #expect(shift["worked_minutes"] as? Int == 210)
            #expect(shift["raw_start"] as? String == "2026-10-25T02:30:00+02:00")
            let taken = (shift["repeated_times"] as? [[String: Any]]) ?? []
            #expect(taken.count == 1 && taken.first?["field"] as? String == "start")
            #expect(taken.first?["occurrence"] as? String == "first" && taken.first?["offset"] as? String == "+02:00")
            let number = try #require(shift["number"] as? Int)

            let patched = try await client.execute(
                uri: "/api/v1/hours/shifts/\(number)", method: .patch, headers: h.bearer("anna").merging(Self.jsonType),
                body: ServerHarness.body(["start": "02:30+01:00"]))
            #expect(patched.status == .ok, "\(String(buffer: patched.body))")
            #expect(ServerHarness.json(patched.body)["worked_minutes"] as? Int == 150)

            // The form shows which 02:30 the shift has; saved as it is, it keeps the second.
            let (browser, _) = try await PageTests.logIn(client)
            let page = try await client.execute(
                uri: "/hours/shifts/\(number)", method: .get, headers: browser.header, body: nil)
            let html = String(buffer: page.body)
            #expect(html.contains("start 02:30 taken as the second 02:30 (+01:00)"), "\(html)")
            let token = try #require(PageTests.Browser.hidden("csrf", in: html))
            var form = [
                "csrf": token, "date": "2026-10-25", "start": "02:30", "end": "05:00", "break_minutes": "0",
                "message": "Tour A", "vehicle": "",
            ]
            for (start, worked) in [("02:30", 150), ("02:40", 200)] {
                form["start"] = start
                let saved = try await client.execute(
                    uri: "/hours/shifts/\(number)", method: .post,
                    headers: browser.header.merging(PageTests.formHeaders), body: PageTests.Browser.form(form))
                #expect(saved.status == .seeOther, "\(String(buffer: saved.body).prefix(500))")
                #expect(try h.database.hoursEntry(Int64(number)).entry.workedMinutes == worked, "\(start)")
            }
            let period = try await client.execute(
                uri: "/hours?period=2026-10-25", method: .get, headers: browser.header, body: nil)
            #expect(String(buffer: period.body).contains("start 02:40 taken as the first 02:40 (+02:00)"))

            // 02:30 did not happen on 29 March: 422 naming the field.
            let skipped = try await Self.post(
                client, "/api/v1/hours/shifts", h.bearer("anna"), Self.shift("2026-03-29", "02:30", "05:00"))
            #expect(skipped.status == .unprocessableContent)
            #expect(ServerHarness.error(skipped.body)["field"] == "start", "\(String(buffer: skipped.body))")
        }
    }

    @Test("a shift overlapping another of the driver's is 409; one that only touches it is accepted")
    func overlap() async throws {
        let h = try Self.harness()
        try await h.application().test(.router) { client in
            let first = try await Self.post(
                client, "/api/v1/hours/shifts", h.bearer("anna"), Self.shift("2026-03-10", "07:00", "15:30"))
            #expect(first.status == .created)
            let overlapping = try await Self.post(
                client, "/api/v1/hours/shifts", h.bearer("anna"), Self.shift("2026-03-10", "15:00", "18:00"))
            #expect(overlapping.status == .conflict)
            #expect(ServerHarness.error(overlapping.body)["code"] == "refused")
            #expect(ServerHarness.error(overlapping.body)["message"]?.contains("overlaps") == true)
            // A night shift from the day before reaching into it overlaps too.
            let night = try await Self.post(
                client, "/api/v1/hours/shifts", h.bearer("anna"), Self.shift("2026-03-09", "23:00", "07:30"))
            #expect(night.status == .conflict)
            let touching = try await Self.post(
                client, "/api/v1/hours/shifts", h.bearer("anna"), Self.shift("2026-03-10", "15:30", "18:00"))
            #expect(touching.status == .created)
            // Another driver's shift at the same time is theirs: no overlap.
            let daves = try await Self.post(
                client, "/api/v1/hours/shifts?driver=dave", h.bearer("boss"),
                Self.shift("2026-03-10", "08:00", "12:00").merging(["driver": "dave"]) { $1 })
            #expect(daves.status == .created, "\(String(buffer: daves.body))")
        }
    }

    @Test("values the rules refuse are 422 naming the field; a missing field too")
    func invalidValues() async throws {
        let h = try Self.harness()
        try await h.application().test(.router) { client in
            let cases: [([String: Any], String)] = [
                (Self.shift("2026-03-10", "25:00", "15:30"), "start"),
                (Self.shift("2026-03-10", "07:00", "7pm"), "end"),
                (Self.shift("2026-13-10", "07:00", "15:30"), "date"),
                (Self.shift("2026-03-10", "07:00", "08:00", break: 90), "break_minutes"),
                (Self.shift("2026-03-10", "07:00", "08:00", break: -5), "break_minutes"),
                (["date": "2026-03-10", "end": "15:30"], "start"),
                (Self.shift("2026-03-10", "07:00", "15:30").merging(["vehicle": "XYZ9"]) { $1 }, "vehicle"),
            ]
            for (body, field) in cases {
                let response = try await Self.post(client, "/api/v1/hours/shifts", h.bearer("anna"), body)
                #expect(response.status == .unprocessableContent, "\(body)")
                let error = ServerHarness.json(response.body)["error"] as? [String: Any]
                #expect(error?["field"] as? String == field, "\(body): \(String(buffer: response.body))")
                #expect((error?["message"] as? String)?.hasPrefix(field) == true)
            }
            // Not JSON of the right types: 400.
            let wrongType = try await Self.post(
                client, "/api/v1/hours/shifts", h.bearer("anna"),
                ["start": "07:00", "end": "08:00", "break_minutes": "x"])
            #expect(wrongType.status == .badRequest)
        }
        let stored = try h.database.hoursEntries(
            driver: "anna", from: CalendarDay(parsing: "2026-03-01")!, through: CalendarDay(parsing: "2026-03-31")!)
        #expect(stored.isEmpty)
    }

    @Test("a submitted period is read-only for the driver until an admin reopens it")
    func submittedPeriod() async throws {
        let h = try Self.harness()
        try await h.application().test(.router) { client in
            let created = try await Self.post(
                client, "/api/v1/hours/shifts", h.bearer("anna"), Self.shift("2026-03-10", "07:00", "15:30"))
            let id = try #require(ServerHarness.json(created.body)["id"] as? String)
            let submitted = try await Self.post(
                client, "/api/v1/hours/periods/2026-03-15/submit", h.bearer("anna"), [:])
            #expect(submitted.status == .ok, "\(String(buffer: submitted.body))")
            #expect(ServerHarness.json(submitted.body)["status"] as? String == "submitted")
            #expect(
                (ServerHarness.json(submitted.body)["period"] as? [String: Any])?["start"] as? String == "2026-03-01")

            let added = try await Self.post(
                client, "/api/v1/hours/shifts", h.bearer("anna"), Self.shift("2026-03-12", "07:00", "15:30"))
            #expect(added.status == .conflict)
            #expect(ServerHarness.error(added.body)["message"]?.contains("submitted") == true)
            try await client.execute(
                uri: "/api/v1/hours/shifts/\(id)", method: .patch, headers: h.bearer("anna").merging(Self.jsonType),
                body: ServerHarness.body(["end": "16:00"])
            ) { response in
                #expect(response.status == .conflict)
            }
            try await client.execute(uri: "/api/v1/hours/shifts/\(id)", method: .delete, headers: h.bearer("anna")) {
                response in
                #expect(response.status == .conflict)
            }
            // April is another period: still open.
            let april = try await Self.post(
                client, "/api/v1/hours/shifts", h.bearer("anna"), Self.shift("2026-04-01", "07:00", "15:30"))
            #expect(april.status == .created)
            try await client.execute(
                uri: "/api/v1/hours/shifts?period=2026-03-01", method: .get, headers: h.bearer("anna")
            ) { response in
                #expect(ServerHarness.json(response.body)["status"] as? String == "submitted")
            }
            // Only an admin reopens; then the driver can change it again.
            let driverReopens = try await Self.post(
                client, "/api/v1/hours/periods/2026-03-15/reopen", h.bearer("anna"), [:])
            #expect(driverReopens.status == .forbidden)
            let reopened = try await Self.post(
                client, "/api/v1/hours/periods/2026-03-15/reopen?driver=anna", h.bearer("boss"), [:])
            #expect(reopened.status == .ok)
            #expect(ServerHarness.json(reopened.body)["status"] as? String == "open")
            try await client.execute(
                uri: "/api/v1/hours/shifts/\(id)", method: .patch, headers: h.bearer("anna").merging(Self.jsonType),
                body: ServerHarness.body(["end": "16:00"])
            ) { response in
                #expect(response.status == .ok)
                #expect(ServerHarness.json(response.body)["net_minutes"] as? Int == 540)
            }
        }
    }

    @Test("a locked period refuses every change, the admin's too; only an admin locks")
    func lockedPeriod() async throws {
        let h = try Self.harness()
        try await h.application().test(.router) { client in
            let created = try await Self.post(
                client, "/api/v1/hours/shifts", h.bearer("anna"), Self.shift("2026-03-10", "07:00", "15:30"))
            let id = try #require(ServerHarness.json(created.body)["id"] as? String)
            for user in ["anna", "carl"] {
                let refused = try await Self.post(client, "/api/v1/hours/periods/2026-03-10/lock", h.bearer(user), [:])
                #expect(refused.status == .forbidden, "\(user)")
                #expect(ServerHarness.error(refused.body)["code"] == "forbidden")
            }
            #expect(
                try h.database.periodStatus(
                    PayPeriod(kind: .monthly, start: .init(parsing: "2026-03-01")!, end: .init(parsing: "2026-03-31")!),
                    driver: "anna"
                ).isLocked == false)
            let locked = try await Self.post(client, "/api/v1/hours/periods/2026-03-10/lock", h.bearer("boss"), [:])
            #expect(locked.status == .ok, "\(String(buffer: locked.body))")
            #expect(ServerHarness.json(locked.body)["status"] as? String == "locked")
            for user in ["anna", "boss"] {
                let added = try await Self.post(
                    client, "/api/v1/hours/shifts?driver=anna", h.bearer(user),
                    Self.shift("2026-03-20", "07:00", "15:30"))
                #expect(added.status == .conflict, "\(user)")
                #expect(ServerHarness.error(added.body)["message"]?.contains("locked") == true)
                try await client.execute(
                    uri: "/api/v1/hours/shifts/\(id)", method: .patch, headers: h.bearer(user).merging(Self.jsonType),
                    body: ServerHarness.body(["break_minutes": 15])
                ) { response in
                    #expect(response.status == .conflict, "\(user)")
                }
            }
            let again = try await Self.post(
                client, "/api/v1/hours/periods/2026-03-10/reopen?driver=anna", h.bearer("boss"), [:])
            #expect(again.status == .conflict)
        }
        #expect(try h.database.hoursEntry(1).entry.breakMinutes == 0)
    }

    @Test("a driver sees only their own hours; an accountant reads but does not change")
    func roles() async throws {
        let h = try Self.harness()
        try await h.application().test(.router) { client in
            let daves = try await Self.post(
                client, "/api/v1/hours/shifts", h.bearer("boss"),
                Self.shift("2026-03-10", "08:00", "12:00").merging(["driver": "dave"]) { $1 })
            #expect(daves.status == .created)
            let id = try #require(ServerHarness.json(daves.body)["id"] as? String)
            try await client.execute(
                uri: "/api/v1/hours/shifts?driver=dave&period=2026-03-10", method: .get, headers: h.bearer("anna")
            ) { response in
                #expect(response.status == .forbidden)
            }
            // Another driver's shift does not exist for a driver, to read or to change.
            for method in [HTTPRequest.Method.get, .delete] {
                try await client.execute(uri: "/api/v1/hours/shifts/\(id)", method: method, headers: h.bearer("anna")) {
                    response in
                    #expect(response.status == .notFound)
                }
            }
            try await client.execute(
                uri: "/api/v1/hours/shifts?driver=dave&period=2026-03-10", method: .get, headers: h.bearer("carl")
            ) { response in
                #expect(response.status == .ok)
                #expect((ServerHarness.json(response.body)["totals"] as? [String: Any])?["net_minutes"] as? Int == 240)
            }
            let accountantAdds = try await Self.post(
                client, "/api/v1/hours/shifts?driver=dave", h.bearer("carl"),
                Self.shift("2026-03-11", "08:00", "12:00").merging(["driver": "dave"]) { $1 })
            #expect(accountantAdds.status == .forbidden)
            try await client.execute(uri: "/api/v1/hours/shifts/\(id)", method: .delete, headers: h.bearer("carl")) {
                response in
                #expect(response.status == .forbidden)
            }
        }
        #expect(try h.database.hoursEntry(1).entry.driver == "dave")
    }

    @Test("the clock: start, pause, resume and stop make one shift, the pause counted as break")
    func clock() async throws {
        let h = try Self.harness()
        try await h.application().test(.router) { client in
            try await client.execute(uri: "/api/v1/hours/clock", method: .get, headers: h.bearer("anna")) { response in
                #expect(response.status == .ok)
                #expect(ServerHarness.json(response.body)["running"] as? Bool == false)
            }
            let started = try await Self.post(
                client, "/api/v1/hours/clock/start", h.bearer("anna"),
                ["at": "07:00", "message": "Clocked", "vehicle": "ABC1"])
            #expect(started.status == .ok, "\(String(buffer: started.body))")
            let running = ServerHarness.json(started.body)
            #expect(running["running"] as? Bool == true)
            #expect((running["shift"] as? [String: Any])?["end"] is NSNull)
            let twice = try await Self.post(client, "/api/v1/hours/clock/start", h.bearer("anna"), ["at": "07:05"])
            #expect(twice.status == .conflict)
            let paused = try await Self.post(client, "/api/v1/hours/clock/pause", h.bearer("anna"), ["at": "10:00"])
            #expect(ServerHarness.json(paused.body)["paused"] as? Bool == true)
            _ = try await Self.post(client, "/api/v1/hours/clock/resume", h.bearer("anna"), ["at": "10:30"])
            let stopped = try await Self.post(client, "/api/v1/hours/clock/stop", h.bearer("anna"), ["at": "15:30"])
            #expect(stopped.status == .ok, "\(String(buffer: stopped.body))")
            #expect(ServerHarness.json(stopped.body)["running"] as? Bool == false)
            // 07:00–15:30 is 510 minutes; the 30-minute pause is the break: 480 net.
            try await client.execute(uri: "/api/v1/hours/shifts", method: .get, headers: h.bearer("anna")) { response in
                let sheet = ServerHarness.json(response.body)
                let shifts = sheet["shifts"] as? [[String: Any]] ?? []
                #expect(shifts.count == 1)
                #expect(shifts.first?["worked_minutes"] as? Int == 510)
                #expect(shifts.first?["break_minutes"] as? Int == 30)
                #expect(shifts.first?["net_minutes"] as? Int == 480)
                #expect(shifts.first?["message"] as? String == "Clocked")
                #expect(shifts.first?["vehicle"] as? String == "ABC1")
            }
            let notRunning = try await Self.post(client, "/api/v1/hours/clock/stop", h.bearer("anna"), [:])
            #expect(notRunning.status == .conflict)
            // A clock without a body starts now.
            try await client.execute(
                uri: "/api/v1/hours/clock/start?driver=dave", method: .post, headers: h.bearer("boss")
            ) {
                response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                #expect(ServerHarness.json(response.body)["driver"] as? String == "dave")
            }
        }
    }

    @Test("a driver's own web links: added, listed, shown in the menu, removed; everyone's only by an admin")
    func links() async throws {
        let h = try Self.harness()
        try await h.application().test(.router) { client in
            let everyone = try await Self.post(
                client, "/api/v1/hours/links", h.bearer("boss"),
                ["name": "Roster", "url": "https://roster.example.com/"])
            #expect(everyone.status == .created)
            let everyoneID = try #require(ServerHarness.json(everyone.body)["id"] as? Int)
            let own = try await Self.post(
                client, "/api/v1/hours/links", h.bearer("anna"),
                ["name": "Payroll", "url": "https://exim.example.com/me"])
            #expect(own.status == .created, "\(String(buffer: own.body))")
            #expect(ServerHarness.json(own.body)["driver"] as? String == "anna")
            let ownID = try #require(ServerHarness.json(own.body)["id"] as? Int)
            let bad = try await Self.post(
                client, "/api/v1/hours/links", h.bearer("anna"), ["name": "Evil", "url": "javascript:alert(1)"])
            #expect(bad.status == .unprocessableContent)
            #expect(ServerHarness.error(bad.body)["field"] == "url")
            try await client.execute(uri: "/api/v1/hours/links", method: .get, headers: h.bearer("anna")) { response in
                let links = ServerHarness.json(response.body)["links"] as? [[String: Any]] ?? []
                #expect(links.compactMap { $0["name"] as? String } == ["Roster", "Payroll"])
            }
            try await client.execute(uri: "/api/v1/hours/links", method: .get, headers: h.bearer("carl")) { response in
                let links = ServerHarness.json(response.body)["links"] as? [[String: Any]] ?? []
                #expect(links.compactMap { $0["name"] as? String } == ["Roster"], "another driver's link leaked")
            }
            let (browser, _) = try await PageTests.logIn(client)
            try await client.execute(uri: "/trips", method: .get, headers: browser.header) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("href=\"https://exim.example.com/me\""), "the link is not in the menu")
                #expect(html.contains(">Payroll</a>") && html.contains(">Roster</a>"))
                #expect(html.contains("<a href=\"/hours\">Hours</a>"))
            }
            try await client.execute(
                uri: "/api/v1/hours/links/\(everyoneID)", method: .delete, headers: h.bearer("anna")
            ) { response in
                #expect(response.status == .forbidden)
            }
            try await client.execute(uri: "/api/v1/hours/links/\(ownID)", method: .delete, headers: h.bearer("anna")) {
                response in
                #expect(response.status == .noContent)
            }
        }
        #expect(try h.database.links(driver: "anna").map(\.link.name) == ["Roster"])
    }
}
