import CalendarDays
import Foundation
import Hummingbird
import LogbookCLI
import LogbookDaemon
import LogbookStore
import Hours

/// `/hours`: the pay period's days with their shifts and totals, the period before and after, the running clock
/// with its buttons, submitting (and, for an admin, reopening and locking) the period, and the menu's links.
enum HoursPages {
    static func register(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer,
        _ settings: Result<HoursSettings, APIError>
    ) {
        pages.get("/hours") { request, context in
            let (user, session) = try requireLogin(request, context)
            let access = try HoursAccess(environment, user, settings)
            let query = RequestText.query(request)
            let driver = try access.driver(query["driver"].map(String.init), orFirst: true)
            let period = try access.period(query["period"].map(String.init))
            var values = try periodValues(period, driver: driver, access: access)
            values["csrf"] = session.csrfToken
            if let message = Flash.message(request), !message.isEmpty { values["message"] = message }
            return renderer.page("hours/period", title: "Hours", values, user: user, csrf: session.csrfToken)
        }
        for action in HoursAPI.ClockAction.allCases {
            pages.post("/hours/clock/\(action.rawValue)") { request, context in
                let (user, _, form) = try await submittedForm(request, context)
                let access = try HoursAccess(environment, user, settings)
                try access.requireEditor()
                let driver = try access.driver(form.text("driver"))
                let back = periodURL(nil, driver: driver, access: access)
                return try PageFlow.redirecting(to: back) {
                    try action.perform(
                        driver: driver, at: access.now, message: try ShiftInput.message(form.text("message")) ?? "",
                        vehicle: try form.text("vehicle").map { try access.vehicle($0) }, access: access)
                    return nil
                }
            }
        }
        for action in HoursAPI.PeriodAction.allCases {
            pages.post("/hours/periods/{day}/\(action.rawValue)") { request, context in
                let (user, _, form) = try await submittedForm(request, context)
                let access = try HoursAccess(environment, user, settings)
                let period = try access.period(context.parameters.get("day"), field: "day")
                let back = periodURL(period, driver: form.text("driver"), access: access)
                return try PageFlow.redirecting(to: back) {
                    _ = try action.perform(period, driver: form.text("driver"), access: access)
                    return nil
                }
            }
        }
        pages.post("/hours/links") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let access = try HoursAccess(environment, user, settings)
            return try PageFlow.redirecting(to: "/hours#links") {
                // The same answer as the API's: another driver's name is refused (403), not taken as the user's own.
                try HoursAPI.addLink(
                    name: form["name"] ?? "", url: form.text("url") ?? "", driver: form.text("driver"), access: access)
                return nil
            }
        }
        pages.post("/hours/links/{id}/delete") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            _ = form
            let access = try HoursAccess(environment, user, settings)
            return try PageFlow.redirecting(to: "/hours#links") {
                try HoursAPI.removeLink(context.parameters.get("id"), access: access)
                return nil
            }
        }
    }

    /// `/hours?period=DAY&driver=NAME` (the driver only for those who choose one).
    static func periodURL(_ period: PayPeriod?, driver: String?, access: HoursAccess) -> String {
        var url = "/hours?period=" + (period.map { $0.start.description } ?? "current")
        url += driverQuery(driver, access: access)
        return url
    }

    static func driverQuery(_ driver: String?, access: HoursAccess) -> String {
        guard let driver, access.readsEveryone else { return "" }
        return "&driver=" + PageFlow.queryValue(driver)
    }

    static func periodValues(_ period: PayPeriod, driver: String, access: HoursAccess) throws -> [String: Any] {
        let zone = access.zone
        let (sheet, entries) = try access.timesheet(period, driver: driver)
        let status = try access.database.periodStatus(period, driver: driver)
        let own = try access.ownDriver().map { $0 == driver } ?? false
        let editable = access.isAdmin || (access.canEdit && own)
        let open = !status.isSubmitted && !status.isLocked
        let current = access.rules.periods.period(containing: access.today)
        var values: [String: Any] = [
            "driver": driver, "start": period.start.description,
            "periodText": "\(Self.dayLabel(period.start, year: true)) – \(Self.dayLabel(period.end, year: true))",
            "status": status.isLocked ? "locked" : status.isSubmitted ? "submitted" : "open",
            "previous": access.rules.periods.period(-1, from: period).start.description,
            "next": access.rules.periods.period(1, from: period).start.description,
            "isCurrent": period == current, "driverQuery": driverQuery(driver, access: access),
            "editable": editable && open,
            "newDate": (period.contains(access.today) ? access.today : period.start).description,
        ]
        let t = sheet.totals
        values["totals"] = [
            "shifts": t.shifts, "net": MinutesText.clock(t.netMinutes), "worked": MinutesText.clock(t.workedMinutes),
            "breaks": MinutesText.clock(t.breakMinutes), "overtime": MinutesText.clock(t.overtimeMinutes),
        ]
        if access.readsEveryone {
            let drivers = try access.database.drivers()
            if drivers.count > 1 {
                values["chooseDriver"] = true
                values["drivers"] = drivers.map { ["name": $0, "chosen": $0 == driver] as [String: Any] }
            }
        }
        var byDay: [CalendarDay: [HoursEntry]] = [:]
        for entry in entries { byDay[entry.shift.day, default: []].append(entry) }
        values["days"] = period.days.map { day -> [String: Any] in
            let shifts = byDay[day] ?? []
            return [
                "date": day.description, "label": Self.dayLabel(day), "empty": shifts.isEmpty,
                "total": sheet.days[day].map { MinutesText.clock($0.netMinutes) as Any } ?? false,
                "shifts": shifts.map { shiftRow($0, zone: zone) },
            ]
        }
        if editable {
            let running = try access.database.runningShift(driver: driver)
            var clock: [String: Any] = ["running": running != nil, "paused": running?.pausedAt != nil]
            if let running {
                clock["since"] = zone.clockText(running.shift.start.date)
                if let paused = running.pausedAt { clock["pausedSince"] = zone.clockText(paused.date) }
            }
            values["clock"] = clock
            values["vehicles"] = try access.vehicles()
            var actions: [[String: Any]] = []
            if open { actions.append(["action": "submit", "label": "Submit the period"]) }
            if access.isAdmin && status.isSubmitted && !status.isLocked {
                actions.append(["action": "reopen", "label": "Reopen the period"])
            }
            if access.isAdmin && !status.isLocked { actions.append(["action": "lock", "label": "Lock the period"]) }
            values["actions"] = actions
            values["hasActions"] = !actions.isEmpty
            let links = try access.database.links(driver: try access.ownDriver())
            values["links"] = links.map { stored -> [String: Any] in
                [
                    "id": stored.id, "name": stored.link.name, "url": stored.link.url.absoluteString,
                    "removable": access.isAdmin || stored.driver != nil,
                ]
            }
        }
        return values
    }

    static func shiftRow(_ entry: HoursEntry, zone: WorkZone) -> [String: Any] {
        let s = entry.shift
        var end = "…"
        if let moment = s.end {
            let day = zone.day(of: moment.date)
            end = zone.clockText(moment.date) + (day == s.day ? "" : " (+\(day.dayNumber - s.day.dayNumber))")
        }
        return [
            "number": entry.number, "start": zone.clockText(s.start.date), "end": end,
            "net": MinutesText.clock(s.netMinutes), "breakMinutes": s.breakMinutes, "running": s.isRunning,
            "message": s.message.isEmpty ? false : s.message as Any, "vehicle": s.vehicle.map { $0 as Any } ?? false,
        ]
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
