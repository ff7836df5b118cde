import CalendarDays
import Foundation
import Hours
import Hummingbird
import HummingbirdTesting
import LogbookConfiguration
import LogbookServer
import LogbookStore
import Testing

/// The hours pages' and API's payroll state and timesheet (issue 29 §1), in process: each shift's state with the
/// receiver's message and "Retry" for a refused one (pages and `POST /api/v1/hours/shifts/{id}/retry`), and the
/// period's timesheet as PDF and CSV and by e-mail (pages and `…/periods/{day}/timesheet…`). Expected rows and
/// minutes are worked out by hand from the times.
@Suite struct HoursPayrollPageTests {
    typealias Browser = PageTests.Browser

    /// `[hours]` in UTC, monthly, with a payroll endpoint (nothing is sent in process: the router runs no sender),
    /// `[mail]` when `mail`; the log's drivers anna (the web user) and dave (none).
    static func harness(endpoint: Bool = true, mail: Bool = false) throws -> ServerHarness {
        var hours: [String: TOMLValue] = ["timezone": .string("UTC"), "period": .string("monthly")]
        if endpoint { hours["endpoint"] = .string("https://payroll.example.org/api/shifts") }
        var root: [String: TOMLValue] = ["hours": .table(hours)]
        if mail { root["mail"] = .table(["host": .string("127.0.0.1"), "from": .string("logbook@example.org")]) }
        let h = try ServerHarness(configuration: ConfigurationFile(path: nil, root: root))
        try h.database.addDriver("anna")
        try h.database.addDriver("dave")
        return h
    }

    static func addShift(
        _ h: ServerHarness, driver: String = "anna", _ date: String, _ start: String, _ end: String, break minutes: Int,
        message: String = "Tour A"
    ) throws -> Int64 {
        let rules = HoursRules(zone: WorkZone(identifier: "UTC")!)
        let times = try rules.entryTimes(
            day: CalendarDay(parsing: date)!, start: ClockTime(parsing: start)!, end: ClockTime(parsing: end)!)
        let shift = try HoursEntry(
            id: UUID(), driver: driver, rawStart: times.start, rawEnd: times.end, enteredBreakMinutes: minutes,
            message: message, vehicle: driver == "anna" ? "ABC1" : nil, rules: rules)
        return try h.database.addHoursEntry(shift, zone: rules.zone)
    }

    /// The change queued for the shift (each shift here has one).
    static func change(_ h: ServerHarness, shift number: Int64) throws -> HoursChange {
        let uuid = try h.database.hoursEntry(number).entry.id.uuidString.lowercased()
        return try #require(try h.database.hoursChanges().first { $0.entryUUID == uuid })
    }

    /// Shift 1 refused by the payroll system, 2 sent, 3 waiting after a failed try; 4 is dave's, refused.
    static func payrollStates(_ h: ServerHarness) throws -> [Int64] {
        let refused = try addShift(h, "2026-03-10", "07:00", "15:30", break: 30)
        let sent = try addShift(h, "2026-03-11", "07:00", "12:00", break: 0)
        let waiting = try addShift(h, "2026-03-12", "07:00", "12:00", break: 0)
        let daves = try addShift(h, driver: "dave", "2026-03-10", "07:00", "12:00", break: 0, message: "Dave's")
        try h.database.markHoursChangeFailed(
            try change(h, shift: refused).id, error: "HTTP 422: vehicle ABC1 is not on the payroll")
        try h.database.markHoursChangeSent(try change(h, shift: sent).id)
        try h.database.markHoursChangeDeferred(
            try change(h, shift: waiting).id, error: "HTTP 503: maintenance",
            nextAttempt: Moment(Date().addingTimeInterval(3_600)))
        try h.database.markHoursChangeFailed(try change(h, shift: daves).id, error: "HTTP 422: unknown employee")
        return [refused, sent, waiting, daves]
    }

    static func post(
        _ client: some TestClientProtocol, _ browser: Browser, _ uri: String, _ form: [String: String]
    ) async throws -> TestResponse {
        try await client.execute(
            uri: uri, method: .post, headers: browser.header.merging(PageTests.formHeaders), body: Browser.form(form))
    }

    static func page(_ client: some TestClientProtocol, _ browser: Browser, _ uri: String) async throws -> String {
        let response = try await client.execute(uri: uri, method: .get, headers: browser.header)
        #expect(response.status == .ok, "\(uri): \(response.status)")
        return String(buffer: response.body)
    }

    // MARK: Payroll state and Retry

    @Test("each shift shows its payroll state and the receiver's message; Retry puts a refused one back in line")
    func syncStateAndRetry() async throws {
        let h = try Self.harness()
        let shifts = try Self.payrollStates(h)
        let (refused, sent, waiting) = (shifts[0], shifts[1], shifts[2])
        try await h.application().test(.router) { client in
            let (anna, _) = try await PageTests.logIn(client)
            let html = try await Self.page(client, anna, "/hours?period=2026-03-10")
            #expect(html.contains("id=\"sync-state-\(refused)\">payroll: failed<"))
            #expect(html.contains("id=\"sync-state-\(sent)\">payroll: sent<"))
            #expect(html.contains("id=\"sync-state-\(waiting)\">payroll: pending<"))
            #expect(html.contains("<span class=\"sync-error\">HTTP 422: vehicle ABC1 is not on the payroll</span>"))
            #expect(html.contains("last try: HTTP 503: maintenance"), "a waiting shift's last problem is not shown")
            #expect(html.contains("action=\"/hours/shifts/\(refused)/retry\""))
            #expect(html.contains("id=\"retry-\(refused)\"") && !html.contains("id=\"retry-\(sent)\""))
            #expect(!html.contains("id=\"retry-\(waiting)\""), "a shift that is tried again anyway offers Retry")
            #expect(!html.contains("unknown employee"), "dave's refusal on anna's page")
            let token = try #require(Browser.hidden("csrf", in: html))

            // The shift's own page: the state, the message and Retry back to it.
            let shiftPage = try await Self.page(client, anna, "/hours/shifts/\(refused)")
            #expect(shiftPage.contains("id=\"sync-state\">failed<"))
            #expect(shiftPage.contains("vehicle ABC1 is not on the payroll"))
            #expect(shiftPage.contains("name=\"from\" value=\"shift\""))

            // Retry from the period's page: back to the shift's row, the change due now and pending.
            let before = Date().timeIntervalSince1970
            let retried = try await Self.post(
                client, anna, "/hours/shifts/\(refused)/retry", ["csrf": token, "from": "period"])
            #expect(retried.status == .seeOther)
            #expect(retried.headers[.location] == "/hours?period=2026-03-10#shift-\(refused)")
            let change = try Self.change(h, shift: refused)
            #expect(change.status == .pending && change.nextAttemptAt.seconds >= before - 1)
            #expect(change.nextAttemptAt.seconds <= Date().timeIntervalSince1970 + 1, "not due now")
            #expect(try h.database.hoursChangesToSend(dueOnly: true).contains { $0.id == change.id })
            let after = try await Self.page(client, anna, "/hours?period=2026-03-10")
            #expect(after.contains("id=\"sync-state-\(refused)\">payroll: pending<"))
            #expect(!after.contains("id=\"retry-\(refused)\""))

            // Nothing refused any more: said on the shift's page it came from, nothing changed.
            let again = try await Self.post(
                client, anna, "/hours/shifts/\(refused)/retry", ["csrf": token, "from": "shift"])
            #expect(again.status == .seeOther)
            let location = try #require(again.headers[.location])
            #expect(location.hasPrefix("/hours/shifts/\(refused)?flash="))
            let said = try await Self.page(client, anna, location)
            #expect(said.contains("id=\"form-problem\">shift \(refused) has no change the payroll system refused"))

            // Without the session's token nothing happens; dave's shift does not exist for anna.
            try h.database.markHoursChangeFailed(change.id, error: "HTTP 422: still refused")
            let forged = try await Self.post(client, anna, "/hours/shifts/\(refused)/retry", ["csrf": "forged"])
            #expect(forged.status == .forbidden)
            #expect(try Self.change(h, shift: refused).status == .failed)
            let daves = try await Self.post(client, anna, "/hours/shifts/\(shifts[3])/retry", ["csrf": token])
            #expect(daves.status == .notFound)
            #expect(try Self.change(h, shift: shifts[3]).status == .failed)

            // An accountant reads the states, but is offered no Retry and may not.
            let (carl, _) = try await PageTests.logIn(client, name: "carl")
            let read = try await Self.page(client, carl, "/hours?period=2026-03-10&driver=anna")
            #expect(read.contains("id=\"sync-state-\(refused)\">payroll: failed<"))
            #expect(!read.contains("id=\"retry-\(refused)\""))
            let carlsToken = try #require(Browser.hidden("csrf", in: read))
            let refusedRetry = try await Self.post(
                client, carl, "/hours/shifts/\(refused)/retry", ["csrf": carlsToken])
            #expect(refusedRetry.status == .forbidden)
            #expect(try Self.change(h, shift: refused).status == .failed)

            // An admin sends dave's again.
            let (boss, _) = try await PageTests.logIn(client, name: "boss")
            let davesPage = try await Self.page(client, boss, "/hours?period=2026-03-10&driver=dave")
            #expect(davesPage.contains("id=\"retry-\(shifts[3])\""))
            let bossToken = try #require(Browser.hidden("csrf", in: davesPage))
            let adminRetry = try await Self.post(
                client, boss, "/hours/shifts/\(shifts[3])/retry", ["csrf": bossToken])
            #expect(adminRetry.headers[.location] == "/hours?period=2026-03-10&driver=dave#shift-\(shifts[3])")
            #expect(try Self.change(h, shift: shifts[3]).status == .pending)
        }
    }

    @Test("without a payroll endpoint no shift shows a payroll state")
    func noEndpointNoState() async throws {
        let h = try Self.harness(endpoint: false)
        let shifts = try Self.payrollStates(h)
        try await h.application().test(.router) { client in
            let (anna, _) = try await PageTests.logIn(client)
            let html = try await Self.page(client, anna, "/hours?period=2026-03-10")
            #expect(html.contains("id=\"shift-\(shifts[0])\""))
            #expect(!html.contains("payroll:") && !html.contains("id=\"retry-"))
            let shiftPage = try await Self.page(client, anna, "/hours/shifts/\(shifts[0])")
            #expect(!shiftPage.contains("id=\"sync-state\""))
        }
    }

    @Test("POST /api/v1/hours/shifts/{id}/retry: the shift, pending again; 409 with nothing refused; roles")
    func retryAPI() async throws {
        let h = try Self.harness(endpoint: false)
        let shifts = try Self.payrollStates(h)
        try await h.application().test(.router) { client in
            let listed = try await h.call(client, "/api/v1/hours/shifts?period=2026-03-10", .get, as: "anna")
            let rows = try #require(ServerHarness.json(listed.body)["shifts"] as? [[String: Any]])
            let first = try #require(rows.first { $0["number"] as? Int == Int(shifts[0]) })
            #expect(first["sync"] as? String == "failed")
            #expect(first["sync_error"] as? String == "HTTP 422: vehicle ABC1 is not on the payroll")
            let second = try #require(rows.first { $0["number"] as? Int == Int(shifts[1]) })
            #expect(second["sync"] as? String == "sent" && second["sync_error"] is NSNull)
            let uuid = try #require(first["id"] as? String)

            // An accountant may not; another driver's shift does not exist for anna.
            let accountant = try await h.call(client, "/api/v1/hours/shifts/\(uuid)/retry", .post, as: "carl")
            #expect(accountant.status == .forbidden)
            let daves = try await h.call(client, "/api/v1/hours/shifts/\(shifts[3])/retry", .post, as: "anna")
            #expect(daves.status == .notFound)
            #expect(try Self.change(h, shift: shifts[0]).status == .failed)

            // By the shift's id (UUID): pending now, the last message kept as what the last try met.
            let retried = try await h.call(client, "/api/v1/hours/shifts/\(uuid)/retry", .post, as: "anna")
            #expect(retried.status == .ok, "\(String(buffer: retried.body))")
            let shift = ServerHarness.json(retried.body)
            #expect(shift["number"] as? Int == Int(shifts[0]) && shift["sync"] as? String == "pending")
            #expect(shift["sync_error"] as? String == "HTTP 422: vehicle ABC1 is not on the payroll")
            #expect(try Self.change(h, shift: shifts[0]).status == .pending)

            let again = try await h.call(client, "/api/v1/hours/shifts/\(shifts[0])/retry", .post, as: "anna")
            #expect(again.status == .conflict)
            #expect(ServerHarness.error(again.body)["code"] == "refused")
            let sent = try await h.call(client, "/api/v1/hours/shifts/\(shifts[1])/retry", .post, as: "boss")
            #expect(sent.status == .conflict)
            #expect(ServerHarness.error(sent.body)["message"]?.contains("(it is sent)") == true)
            let admin = try await h.call(client, "/api/v1/hours/shifts/\(shifts[3])/retry", .post, as: "boss")
            #expect(admin.status == .ok && ServerHarness.json(admin.body)["driver"] as? String == "dave")
        }
    }

    // MARK: The timesheet

    /// The March timesheet of anna's two shifts, row by row, worked out from the times: 07:00–15:30 less 30 min is
    /// 510 worked, 480 net; 22:00–06:00 the next day is 480 worked and net.
    static let marchCSV =
        [
            "kind,number,date,start,end,break_minutes,worked_minutes,net_minutes,overtime_minutes,message,vehicle,sync",
            "shift,1,2026-03-10,2026-03-10T07:00:00+00:00,2026-03-10T15:30:00+00:00,30,510,480,0,\"Tour A, Tallinn\",ABC1,pending",
            "shift,2,2026-03-12,2026-03-12T22:00:00+00:00,2026-03-13T06:00:00+00:00,0,480,480,0,'=cmd,ABC1,pending",
            "day,,2026-03-10,,,30,510,480,0,,,",
            "day,,2026-03-12,,,0,480,480,0,,,",
            "period,,2026-03-01..2026-03-31,,,30,990,960,0,,,",
        ].joined(separator: "\r\n") + "\r\n"

    static func march(_ h: ServerHarness) throws {
        _ = try addShift(h, "2026-03-10", "07:00", "15:30", break: 30, message: "Tour A, Tallinn")
        _ = try addShift(h, "2026-03-12", "22:00", "06:00", break: 0, message: "=cmd")
    }

    @Test("the period page links its timesheet; PDF and CSV download as `hours report` makes them")
    func timesheetDownloads() async throws {
        let h = try Self.harness(endpoint: false)
        try Self.march(h)
        try await h.application().test(.router) { client in
            let (anna, _) = try await PageTests.logIn(client)
            let html = try await Self.page(client, anna, "/hours?period=2026-03-10")
            #expect(html.contains("id=\"timesheet-pdf\" href=\"/hours/periods/2026-03-01/timesheet.pdf\""))
            #expect(html.contains("id=\"timesheet-csv\" href=\"/hours/periods/2026-03-01/timesheet.csv\""))
            #expect(html.contains("action=\"/hours/periods/2026-03-01/timesheet/email\""))

            let csv = try await client.execute(
                uri: "/hours/periods/2026-03-01/timesheet.csv", method: .get, headers: anna.header)
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.headers[.contentDisposition] == "attachment; filename=\"timesheet-anna-2026-03-01.csv\"")
            #expect(String(buffer: csv.body) == Self.marchCSV)
            // Any day of the period names it.
            let sameCSV = try await client.execute(
                uri: "/hours/periods/2026-03-31/timesheet.csv", method: .get, headers: anna.header)
            #expect(String(buffer: sameCSV.body) == Self.marchCSV)

            let pdf = try await client.execute(
                uri: "/hours/periods/2026-03-01/timesheet.pdf?paper=letter", method: .get, headers: anna.header)
            #expect(pdf.status == .ok && pdf.headers[.contentType] == "application/pdf")
            let bytes = Array(pdf.body.readableBytesView)
            #expect(bytes.starts(with: Array("%PDF-".utf8)))
            // Letter is 612 × 792 points.
            #expect(String(decoding: bytes, as: UTF8.self).contains("0 0 612 792"))
            let badPaper = try await client.execute(
                uri: "/hours/periods/2026-03-01/timesheet.pdf?paper=a3", method: .get, headers: anna.header)
            #expect(badPaper.status == .unprocessableContent)
            let badDay = try await client.execute(
                uri: "/hours/periods/2026-02-30/timesheet.csv", method: .get, headers: anna.header)
            #expect(badDay.status == .unprocessableContent)

            // Another driver's timesheet is not anna's to read; an accountant reads anna's; the API gives the same.
            let daves = try await client.execute(
                uri: "/hours/periods/2026-03-01/timesheet.csv?driver=dave", method: .get, headers: anna.header)
            #expect(daves.status == .forbidden)
            let (carl, _) = try await PageTests.logIn(client, name: "carl")
            let carlsPage = try await Self.page(client, carl, "/hours?period=2026-03-10&driver=anna")
            #expect(carlsPage.contains("href=\"/hours/periods/2026-03-01/timesheet.csv?driver=anna\""))
            let read = try await client.execute(
                uri: "/hours/periods/2026-03-01/timesheet.csv?driver=anna", method: .get, headers: carl.header)
            #expect(String(buffer: read.body) == Self.marchCSV)
            let api = try await h.call(client, "/api/v1/hours/periods/2026-03-05/timesheet.csv", .get, as: "anna")
            #expect(api.status == .ok && String(buffer: api.body) == Self.marchCSV)
            let apiPDF = try await h.call(
                client, "/api/v1/hours/periods/2026-03-05/timesheet.pdf?driver=anna", .get, as: "boss")
            #expect(apiPDF.status == .ok && apiPDF.headers[.contentType] == "application/pdf")
        }
    }

    @Test("the timesheet by e-mail: a bad address said beside the field, a good one queued with the PDF and CSV")
    func timesheetEmail() async throws {
        let h = try Self.harness(endpoint: false, mail: true)
        try Self.march(h)
        try await h.application().test(.router) { client in
            let (anna, _) = try await PageTests.logIn(client)
            let html = try await Self.page(client, anna, "/hours?period=2026-03-10")
            let token = try #require(Browser.hidden("csrf", in: html))
            let uri = "/hours/periods/2026-03-01/timesheet/email"

            let bad = try await Self.post(
                client, anna, uri, ["csrf": token, "driver": "anna", "to": "payroll@localhost"])
            #expect(bad.status == .unprocessableContent)
            let badHTML = String(buffer: bad.body)
            #expect(
                badHTML.contains(
                    "<p class=\"problem field-error\" id=\"timesheet-to-error\">to: payroll@localhost is not an e-mail")
            )
            #expect(badHTML.contains("value=\"payroll@localhost\" aria-invalid=\"true\""), "the typed address is lost")
            #expect(badHTML.contains("id=\"shift-1\""), "the period's page is not shown again")
            let none = try await Self.post(client, anna, uri, ["csrf": token, "driver": "anna", "to": ""])
            #expect(String(buffer: none.body).contains("id=\"timesheet-to-error\">to: give the e-mail address"))
            #expect(try h.database.outbox().isEmpty)

            let sent = try await Self.post(
                client, anna, uri, ["csrf": token, "driver": "anna", "to": "payroll@example.org, boss@example.org"])
            #expect(sent.status == .ok)
            #expect(String(buffer: sent.body).contains("id=\"timesheet-queued\">The timesheet is queued for sending"))
            let message = try #require(try h.database.outbox().first)
            #expect(message.recipients == ["payroll@example.org", "boss@example.org"])
            #expect(message.subject == "Timesheet anna, 2026-03-01 to 2026-03-31")
            let csv = try #require(
                MileageFormPageTests.attachment("timesheet-anna-2026-03-01.csv", in: message.message))
            #expect(csv == Self.marchCSV)
            let pdf = try #require(
                MileageFormPageTests.attachment("timesheet-anna-2026-03-01.pdf", in: message.message))
            #expect(pdf.hasPrefix("%PDF-"))
            let text = String(decoding: message.message, as: UTF8.self)
            #expect(text.contains("Net working time: 16:00"), "the message's text lacks the period's net time")

            // Another driver's: refused before anything is queued; the API queues too (202).
            let daves = try await Self.post(
                client, anna, uri, ["csrf": token, "driver": "dave", "to": "a@example.org"])
            #expect(daves.status == .forbidden)
            let api = try await h.call(
                client, "/api/v1/hours/periods/2026-03-10/timesheet/email", .post, ["to": ["a@example.org"]],
                as: "anna")
            #expect(api.status == .accepted)
            #expect(ServerHarness.json(api.body)["queued"] as? Int != nil)
            let badAPI = try await h.call(
                client, "/api/v1/hours/periods/2026-03-10/timesheet/email", .post, ["to": ["nobody"]], as: "anna")
            #expect(badAPI.status == .unprocessableContent && ServerHarness.error(badAPI.body)["field"] == "to")
            #expect(try h.database.outbox().count == 2)
        }
    }

    @Test("without [mail] the timesheet's e-mail is refused on the page (409) and in the API")
    func timesheetEmailWithoutMail() async throws {
        let h = try Self.harness(endpoint: false)
        try Self.march(h)
        try await h.application().test(.router) { client in
            let (anna, _) = try await PageTests.logIn(client)
            let html = try await Self.page(client, anna, "/hours?period=2026-03-10")
            let token = try #require(Browser.hidden("csrf", in: html))
            let refused = try await Self.post(
                client, anna, "/hours/periods/2026-03-01/timesheet/email", ["csrf": token, "to": "a@example.org"])
            #expect(refused.status == .conflict)
            #expect(String(buffer: refused.body).contains("id=\"timesheet-problem\">the server has no [mail] settings"))
            let api = try await h.call(
                client, "/api/v1/hours/periods/2026-03-10/timesheet/email", .post, ["to": ["a@example.org"]],
                as: "anna")
            #expect(api.status == .conflict && ServerHarness.error(api.body)["code"] == "mail-not-configured")
            #expect(try h.database.outbox().isEmpty)
        }
    }
}
