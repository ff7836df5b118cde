import CalendarDays
import Hours
import Hummingbird
import LogbookServices
import LogbookStore

/// `/hours`: the pay period's days with their entries and totals (and, with a payroll system set, each shift's
/// standing there and "Retry" for a refused one), the period before and after, the running clock with its buttons,
/// the period's timesheet (PDF, CSV, e-mail), submitting (and, for an admin, reopening and locking) the period, and
/// the menu's links. A user with no hours to see yet (no driver in the log, none with their name) is told what is
/// missing; an admin adds the first driver there (`POST /hours/drivers`).
enum HoursPages {
    static func register(_ pages: RouterGroup<AppRequestContext>, _ edge: HoursEdge, _ renderer: PageRenderer) {
        pages.get("/static/hours.css") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(string: HoursTemplates.stylesheet)))
        }
        pages.get("/hours") { request, context in
            let (user, session) = try requireLogin(request, context)
            let service = try edge.service(user)
            let query = try RequestInput.query(HoursQuery.self, from: request)
            let message = Flash.message(request).flatMap { $0.isEmpty ? nil : $0 }
            if (query.driver ?? "").allSatisfy(\.isWhitespace), let missing = try service.missingDriver() {
                // Nothing to show yet: what is missing and who adds it, rather than an error.
                var values = emptyValues(missing, service: service)
                values["csrf"] = session.csrfToken
                if let message { values["message"] = message }
                return renderer.page("hours/empty", title: "Hours", values, user: user, csrf: session.csrfToken)
            }
            let sheet = try service.sheet(period: query.period, driver: query.driver, orFirst: true)
            return try periodPage(sheet, service: service, user: user, session: session, message: message, renderer)
        }
        for action in HoursClockAction.allCases {
            pages.post("/hours/clock/\(action.rawValue)") { request, context in
                let (user, _, form) = try await submittedForm(request, context)
                let service = try edge.service(user)
                try service.access.requireEditor()
                let input = try HoursForm.input(HoursClockInput.self, form)
                let driver = try service.access.driver(input.driver)
                return try PageFlow.redirecting(to: periodURL(nil, driver: driver, service: service)) {
                    // The buttons clock now; a tap kept by the offline queue says when it was (`at`).
                    _ = try service.clock(
                        action,
                        HoursClockInput(
                            driver: driver, at: input.at, message: input.message, vehicle: input.vehicle))
                    return nil
                }
            }
        }
        for action in HoursPeriodAction.allCases {
            pages.post("/hours/periods/{day}/\(action.rawValue)") { request, context in
                let (user, _, form) = try await submittedForm(request, context)
                let service = try edge.service(user)
                let period = try service.period(named: try RequestText.path(context, "day"), field: "day")
                let back = periodURL(period, driver: form.text("driver"), service: service)
                return try PageFlow.redirecting(to: back) {
                    _ = try action.perform(period, driver: form.text("driver"), service: service)
                    return nil
                }
            }
        }
        // The period's timesheet: the same files as `logbook hours report`, and by e-mail through the outbox.
        for file in HoursTimesheet.allCases {
            pages.get("/hours/periods/{day}/\(file.rawValue)") { request, context in
                let (user, _) = try requireLogin(request, context)
                let service = try edge.service(user)
                return try file.response(service, period: try RequestText.path(context, "day"), request: request)
            }
        }
        pages.post("/hours/periods/{day}/timesheet/email") { request, context in
            let (user, session, form) = try await submittedForm(request, context)
            let service = try edge.service(user)
            let day = try RequestText.path(context, "day")
            let period = try service.period(named: day, field: "day")
            let driver = form.text("driver")
            // The period's page again, as the mileage report's e-mail answers: what was queued, or the typed address
            // with the refusal beside it.
            let sheet = try service.sheet(period: period.start.description, driver: driver, orFirst: true)
            do {
                let id = try HoursTimesheet.queue(
                    service, period: day, driver: driver,
                    HoursTimesheetMailInput(to: HoursTimesheetMailInput.addresses(form["to"] ?? "")),
                    environment: edge.environment)
                return try periodPage(
                    sheet, service: service, user: user, session: session, renderer,
                    mail: .queued("The timesheet is queued for sending (message \(id))."))
            } catch {
                guard let problem = HoursFormProblem(error, fields: ["to"]) else { throw error }
                return try periodPage(
                    sheet, service: service, user: user, session: session, renderer,
                    mail: .refused(to: form["to"] ?? "", problem))
            }
        }
        pages.post("/hours/drivers") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try edge.service(user)
            try service.access.requireAdmin()
            return try PageFlow.redirecting(to: "/hours") {
                let name = try service.addDriver(form["name"] ?? "")
                return "/hours?driver=" + PageFlow.queryValue(name)
            }
        }
        pages.post("/hours/links") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try edge.service(user)
            return try PageFlow.redirecting(to: "/hours#links") {
                // The same answer as the API's: another driver's name is refused (403), not taken as the user's own.
                _ = try service.addLink(
                    HoursLinkInput(name: form["name"] ?? "", url: form.text("url") ?? "", driver: form.text("driver")))
                return nil
            }
        }
        pages.post("/hours/links/{id}/delete") { request, context in
            let (user, _, _) = try await submittedForm(request, context)
            let service = try edge.service(user)
            return try PageFlow.redirecting(to: "/hours#links") {
                try service.removeLink(id: try RequestText.path(context, "id"))
                return nil
            }
        }
    }

    /// What became of the timesheet's e-mail form.
    enum MailOutcome {
        case queued(String)
        case refused(to: String, HoursFormProblem)
    }

    /// The period's page; after the timesheet's e-mail form, with what became of it (`mail`).
    static func periodPage(
        _ sheet: HoursSheetView, service: HoursService, user: AppUser, session: WebSession, message: String? = nil,
        _ renderer: PageRenderer, mail: MailOutcome? = nil
    ) throws -> Response {
        var values = try periodValues(sheet, service: service)
        values["csrf"] = session.csrfToken
        if let message { values["message"] = message }
        var status = HTTPResponse.Status.ok
        switch mail {
        case .queued(let text): values["mailQueued"] = text
        case .refused(let to, let problem):
            values["mailTo"] = to
            values[problem.field == "to" ? "error_to" : "mailProblem"] = problem.message
            status = problem.status
        case nil: break
        }
        return renderer.page(
            "hours/period", title: "Hours", values, user: user, csrf: session.csrfToken, status: status)
    }

    /// `/hours?period=DAY&driver=NAME` (the driver only for those who choose one).
    static func periodURL(_ period: PayPeriod?, driver: String?, service: HoursService) -> String {
        "/hours?period=" + (period.map { $0.start.description } ?? "current") + driverQuery(driver, service: service)
    }

    static func driverQuery(_ driver: String?, service: HoursService) -> String {
        guard let driver, service.access.readsEveryone else { return "" }
        return "&driver=" + PageFlow.queryValue(driver)
    }

    /// The page of a user with no hours to see yet: the log has no driver (an admin adds one here), or none with
    /// the user's name.
    static func emptyValues(_ missing: HoursMissingDriver, service: HoursService) -> [String: Any] {
        switch missing {
        case .noDrivers: return ["noDrivers": true, "admin": service.access.isAdmin]
        case .notADriver(let name): return ["notADriver": true, "name": name]
        }
    }

    static func periodValues(_ sheet: HoursSheetView, service: HoursService) throws -> [String: Any] {
        let access = service.access
        let driver = sheet.driver ?? ""
        let periods = service.rules.periods
        let period = periods.period(containing: CalendarDay(parsing: sheet.period.start)!)
        let own = try access.ownDriver().map { $0 == driver } ?? false
        let editable = access.isAdmin || (access.mayChange && own)
        let open = sheet.status == "open"
        let today = service.today
        var values: [String: Any] = [
            "driver": driver, "start": sheet.period.start,
            "periodText": "\(Self.dayLabel(period.start, year: true)) – \(Self.dayLabel(period.end, year: true))",
            "status": sheet.status,
            "previous": periods.period(-1, from: period).start.description,
            "next": periods.period(1, from: period).start.description,
            "isCurrent": period == periods.period(containing: today),
            "driverQuery": driverQuery(driver, service: service),
            "editable": editable && open,
            "newDate": (period.contains(today) ? today : period.start).description,
            "addDriver": access.isAdmin,
            "timesheetQuery": access.readsEveryone ? "?driver=" + PageFlow.queryValue(driver) : "",
        ]
        let t = sheet.totals
        values["totals"] = [
            "shifts": t.entries, "net": MinutesText.clock(t.netMinutes), "worked": MinutesText.clock(t.workedMinutes),
            "breaks": MinutesText.clock(t.breakMinutes), "overtime": MinutesText.clock(t.overtimeMinutes),
        ]
        if access.readsEveryone {
            let drivers = try service.drivers()
            if drivers.count > 1 {
                values["chooseDriver"] = true
                values["drivers"] = drivers.map { ["name": $0, "chosen": $0 == driver] as [String: Any] }
            }
        }
        // Each shift's standing with the payroll system, where there is one; those who change the driver's hours
        // send a refused shift again.
        let sync = SyncDisplay(
            shown: service.settings.endpoint != nil, retry: access.isAdmin || (access.mayChange && own))
        let byDay = Dictionary(grouping: sheet.entries, by: \.date)
        let dayTotals = Dictionary(sheet.days.map { ($0.date, $0.totals) }, uniquingKeysWith: { a, _ in a })
        values["days"] = period.days.map { day -> [String: Any] in
            let entries = byDay[day.description] ?? []
            return [
                "date": day.description, "label": Self.dayLabel(day), "empty": entries.isEmpty,
                "total": dayTotals[day.description].map { MinutesText.clock($0.netMinutes) as Any } ?? false,
                "shifts": entries.map { entryRow($0, sync: sync) },
            ]
        }
        if editable {
            let running = try service.clock(driver: driver)
            var clock: [String: Any] = ["running": running.running, "paused": running.paused]
            if let entry = running.entry {
                clock["since"] = entry.startClock
                if let paused = running.pausedSince { clock["pausedSince"] = HoursEntryView.clock(paused) }
            }
            values["clock"] = clock
            values["vehicles"] = try access.vehicles()
            var actions: [[String: Any]] = []
            if open { actions.append(["action": "submit", "label": "Submit the period"]) }
            if access.isAdmin && sheet.status == "submitted" {
                actions.append(["action": "reopen", "label": "Reopen the period"])
            }
            if access.isAdmin && sheet.status != "locked" {
                actions.append(["action": "lock", "label": "Lock the period"])
            }
            values["actions"] = actions
            values["hasActions"] = !actions.isEmpty
            values["links"] = try service.links().map { link -> [String: Any] in
                [
                    "id": link.id, "name": link.name, "url": link.url,
                    "removable": access.isAdmin || link.driver != nil,
                ]
            }
        }
        return values
    }

    /// Whether shifts show their payroll state (`[hours] endpoint` is set), and whether the user may send a refused
    /// one again.
    struct SyncDisplay {
        var shown: Bool
        var retry: Bool
    }

    /// `sync` (pending, sent or failed), `syncError` (the receiver's message) and `retry` of a closed shift, when
    /// shown.
    static func syncValues(_ entry: HoursEntryView, _ display: SyncDisplay) -> [String: Any] {
        guard display.shown, !entry.running else { return ["sync": false] }
        return [
            "sync": entry.sync.rawValue, "syncError": entry.syncError.map { $0 as Any } ?? false,
            "syncFailed": entry.sync == .failed, "retry": entry.sync == .failed && display.retry,
        ]
    }

    static func entryRow(_ entry: HoursEntryView, sync: SyncDisplay) -> [String: Any] {
        var end = "…"
        if let clock = entry.endClock, let endDate = entry.endDate {
            let days = CalendarDay(parsing: endDate)!.dayNumber - CalendarDay(parsing: entry.date)!.dayNumber
            end = clock + (days == 0 ? "" : " (+\(days))")
        }
        return [
            "number": entry.number, "start": entry.startClock, "end": end,
            "net": MinutesText.clock(entry.netMinutes), "breakMinutes": entry.breakMinutes, "running": entry.running,
            "message": entry.message.isEmpty ? false : entry.message as Any,
            "vehicle": entry.vehicle.map { $0 as Any } ?? false,
            "repeated": entry.repeatedTimes.map(\.note),
        ].merging(syncValues(entry, sync)) { $1 }
    }

    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Mon 2 Nov` (with the year: `2 Nov 2026`).
    static func dayLabel(_ day: CalendarDay, year: Bool = false) -> String {
        let f = day.fields
        if year { return "\(f.day) \(months[f.month - 1]) \(f.year)" }
        return "\(weekdays[day.isoWeekday - 1]) \(f.day) \(months[f.month - 1])"
    }
}

/// A submitted form's fields as a use case's input, blank fields kept (a blank message clears it).
enum HoursForm {
    static func input<T: Decodable>(_ type: T.Type, _ form: FormData) throws -> T {
        try FormDecoder().decode(T.self, from: form.values.filter { $0.key != "csrf" }.map { ($0.key, $0.value) })
    }
}
