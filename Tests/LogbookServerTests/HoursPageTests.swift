import CalendarDays
import Foundation
import Hummingbird
import HummingbirdTesting
import LogbookServer
import LogbookStore
import Testing
import Hours

/// The work-hours pages in process: the period's days and shifts, the shift form with its field errors, the clock
/// buttons, and the CSRF token every form carries.
@Suite struct HoursPageTests {
    typealias Browser = PageTests.Browser

    static func addShift(_ h: ServerHarness, _ date: String, _ start: String, _ end: String, break minutes: Int)
        throws -> Int64
    {
        let rules = HoursRules(zone: WorkZone(identifier: "UTC")!)
        let day = CalendarDay(parsing: date)!
        let times = try rules.entryTimes(
            day: day, start: ClockTime(parsing: start)!, end: ClockTime(parsing: end)!)
        let shift = try HoursEntry(
            id: UUID(), driver: "anna", rawStart: times.start, rawEnd: times.end, enteredBreakMinutes: minutes,
            message: "Tour A", vehicle: "ABC1", rules: rules)
        return try h.database.addHoursEntry(shift, zone: rules.zone)
    }

    @Test("the period page lists the days with their shifts and totals, and the period before and after")
    func periodPage() async throws {
        let h = try HoursAPITests.harness()
        let first = try Self.addShift(h, "2026-03-10", "07:00", "15:30", break: 30)
        let second = try Self.addShift(h, "2026-03-12", "22:00", "06:00", break: 0)
        try await h.application().test(.router) { client in
            let (browser, _) = try await PageTests.logIn(client)
            try await client.execute(uri: "/hours?period=2026-03-10", method: .get, headers: browser.header) {
                response in
                #expect(response.status == .ok)
                let html = String(buffer: response.body)
                #expect(html.contains("id=\"shift-\(first)\" href=\"/hours/shifts/\(first)\""))
                #expect(html.contains("id=\"shift-\(second)\""))
                #expect(html.contains("07:00–15:30"))
                // The night shift ends on the next day.
                #expect(html.contains("22:00–06:00 (+1)"))
                // 480 net minutes is 8:00 a day; both days together 16:00.
                #expect(html.contains("id=\"day-2026-03-10\""))
                #expect(html.contains("net 8:00 · break 30 min"))
                #expect(html.contains("<dd id=\"total-net\">16:00</dd>"))
                #expect(html.contains("<dd id=\"total-shifts\">2</dd>"))
                // Every day of March, and links to February and April.
                #expect(html.contains("id=\"day-2026-03-31\"") && !html.contains("id=\"day-2026-04-01\""))
                #expect(html.contains("href=\"/hours?period=2026-02-01\" id=\"previous-period\""))
                #expect(html.contains("href=\"/hours?period=2026-04-01\" id=\"next-period\""))
                #expect(html.contains("id=\"clock-start\"") && html.contains("id=\"period-submit\""))
                #expect(!html.contains("id=\"period-lock\""), "a driver is offered the lock")
            }
            try await client.execute(uri: "/hours?period=2026-04-10", method: .get, headers: browser.header) {
                response in
                let html = String(buffer: response.body)
                #expect(!html.contains("id=\"shift-\(first)\""))
                #expect(html.contains("<dd id=\"total-net\">0:00</dd>"))
            }
        }
    }

    @Test("the shift form: a bad time comes back with the field's error and nothing stored; a good one is saved")
    func shiftForm() async throws {
        let h = try HoursAPITests.harness()
        try await h.application().test(.router) { client in
            let (browser, _) = try await PageTests.logIn(client)
            let page = try await client.execute(
                uri: "/hours/shifts/new?date=2026-03-10", method: .get, headers: browser.header, body: nil)
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            #expect(html.contains("value=\"2026-03-10\""))
            #expect(
                html.contains("<option>ABC1</option>") && !html.contains("XYZ9"), "another driver's vehicle offered")
            let token = try #require(Browser.hidden("csrf", in: html))
            var form = [
                "csrf": token, "date": "2026-03-10", "start": "25:00", "end": "15:30", "break_minutes": "30",
                "message": "Tour A", "vehicle": "ABC1",
            ]
            try await client.execute(
                uri: "/hours/shifts/new", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: Browser.form(form)
            ) { response in
                #expect(response.status == .unprocessableContent)
                let html = String(buffer: response.body)
                #expect(html.contains("<p class=\"problem field-error\" id=\"start-error\">start: expected a time"))
                #expect(html.contains("aria-describedby=\"start-error\""))
                #expect(html.contains("value=\"25:00\""), "the typed value is lost")
                #expect(!html.contains("id=\"end-error\""))
            }
            // Without the session's token nothing is stored either.
            form["start"] = "07:00"
            var forged = form
            forged["csrf"] = "forged"
            try await client.execute(
                uri: "/hours/shifts/new", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: Browser.form(forged)
            ) { response in
                #expect(response.status == .forbidden)
            }
            let march = (CalendarDay(parsing: "2026-03-01")!, CalendarDay(parsing: "2026-03-31")!)
            #expect(try h.database.hoursEntries(driver: "anna", from: march.0, through: march.1).isEmpty)

            try await client.execute(
                uri: "/hours/shifts/new", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: Browser.form(form)
            ) { response in
                #expect(response.status == .seeOther, "\(String(buffer: response.body).prefix(500))")
                #expect(response.headers[.location]?.hasPrefix("/hours?period=2026-03-10#shift-") == true)
            }
            let stored = try h.database.hoursEntries(driver: "anna", from: march.0, through: march.1)
            #expect(stored.count == 1)
            #expect(stored.first?.entry.netMinutes == 480 && stored.first?.entry.vehicle == "ABC1")
            let number = try #require(stored.first?.number)

            // An overlapping one: the form says why (409), naming the other shift.
            form["start"] = "15:00"
            form["end"] = "17:00"
            try await client.execute(
                uri: "/hours/shifts/new", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: Browser.form(form)
            ) { response in
                #expect(response.status == .conflict)
                #expect(String(buffer: response.body).contains("overlaps shift \(number)"))
            }

            // Tap to edit: the form shows the shift; the end moves to 16:00 (540 worked, 510 net).
            let edit = try await client.execute(
                uri: "/hours/shifts/\(number)", method: .get, headers: browser.header, body: nil)
            let editHTML = String(buffer: edit.body)
            #expect(editHTML.contains("id=\"start\" name=\"start\" type=\"time\" value=\"07:00\""))
            #expect(editHTML.contains("id=\"delete-shift\""))
            try await client.execute(
                uri: "/hours/shifts/\(number)", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: Browser.form([
                    "csrf": token, "date": "2026-03-10", "start": "07:00", "end": "16:00", "break_minutes": "30",
                    "message": "Tour A", "vehicle": "ABC1",
                ])
            ) { response in
                #expect(response.status == .seeOther)
            }
            #expect(try h.database.hoursEntry(number).entry.netMinutes == 510)
            try await client.execute(
                uri: "/hours/shifts/\(number)/delete", method: .post,
                headers: browser.header.merging(PageTests.formHeaders), body: Browser.form(["csrf": token])
            ) { response in
                #expect(response.status == .seeOther)
            }
            #expect(try h.database.hoursEntries(driver: "anna", from: march.0, through: march.1).isEmpty)
        }
    }

    @Test("a submitted period's shift is shown read-only; the clock buttons start and stop the clock")
    func submittedAndClock() async throws {
        let h = try HoursAPITests.harness()
        let number = try Self.addShift(h, "2026-03-10", "07:00", "15:30", break: 30)
        try await h.application().test(.router) { client in
            let (browser, _) = try await PageTests.logIn(client)
            let page = try await client.execute(
                uri: "/hours?period=2026-03-10", method: .get, headers: browser.header, body: nil)
            let token = try #require(Browser.hidden("csrf", in: String(buffer: page.body)))
            try await client.execute(
                uri: "/hours/periods/2026-03-01/submit", method: .post,
                headers: browser.header.merging(PageTests.formHeaders), body: Browser.form(["csrf": token])
            ) { response in
                #expect(response.status == .seeOther)
            }
            try await client.execute(uri: "/hours/shifts/\(number)", method: .get, headers: browser.header) {
                response in
                let html = String(buffer: response.body)
                #expect(html.contains("id=\"read-only\""))
                #expect(!html.contains("id=\"save-shift\"") && !html.contains("id=\"delete-shift\""))
            }
            try await client.execute(uri: "/hours?period=2026-03-10", method: .get, headers: browser.header) {
                response in
                let html = String(buffer: response.body)
                #expect(html.contains("id=\"period-status\">submitted<"))
                #expect(!html.contains("id=\"add-shift\""))
            }
            // The clock of today's period.
            try await client.execute(
                uri: "/hours/clock/start", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: Browser.form(["csrf": token, "message": "On the road", "vehicle": "ABC1"])
            ) { response in
                #expect(response.status == .seeOther)
            }
            #expect(try h.database.runningHoursEntry(driver: "anna")?.entry.message == "On the road")
            try await client.execute(uri: "/hours", method: .get, headers: browser.header) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("id=\"clock-stop\"") && html.contains("id=\"clock-pause\""))
            }
        }
    }

    @Test("an admin sees the first driver's period with a driver picker, and locks it from the page")
    func adminPage() async throws {
        let h = try HoursAPITests.harness()
        let number = try Self.addShift(h, "2026-03-10", "07:00", "15:30", break: 30)
        try await h.application().test(.router) { client in
            let (admin, _) = try await PageTests.logIn(client, name: "boss")
            let page = try await client.execute(
                uri: "/hours?period=2026-03-10", method: .get, headers: admin.header, body: nil)
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            #expect(html.contains("id=\"driver-choice\""))
            #expect(html.contains("<option selected>anna</option>") && html.contains("<option>dave</option>"))
            #expect(html.contains("id=\"shift-\(number)\""))
            #expect(html.contains("id=\"period-lock\""))
            let token = try #require(Browser.hidden("csrf", in: html))
            try await client.execute(
                uri: "/hours/periods/2026-03-01/lock", method: .post,
                headers: admin.header.merging(PageTests.formHeaders),
                body: Browser.form(["csrf": token, "driver": "anna"])
            ) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/hours?period=2026-03-01&driver=anna")
            }
            try await client.execute(uri: "/hours?period=2026-03-10&driver=dave", method: .get, headers: admin.header) {
                response in
                let html = String(buffer: response.body)
                #expect(html.contains("id=\"period-status\">locked<"), "a lock is every driver's")
                #expect(!html.contains("id=\"shift-\(number)\""), "anna's shift on dave's page")
            }
        }
        let march = PayPeriod(
            kind: .monthly, start: CalendarDay(parsing: "2026-03-01")!, end: CalendarDay(parsing: "2026-03-31")!)
        #expect(try h.database.periodStatus(march, driver: "dave").isLocked)
    }
}
