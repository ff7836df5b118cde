import CalendarDays
import Foundation
import Hummingbird
import LogbookCLI
import LogbookDaemon
import LogbookStore
import Hours

/// `/hours/shifts/new` and `/hours/shifts/{id}`: a shift's form (date, start, end, break, message, vehicle) made
/// for a phone, with a delete button; what the rules refuse is shown beside the field it concerns.
enum ShiftPages {
    static func register(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer,
        _ settings: Result<HoursSettings, APIError>
    ) {
        pages.get("/hours/shifts/new") { request, context in
            let (user, session) = try requireLogin(request, context)
            let access = try HoursAccess(environment, user, settings)
            try access.requireEditor()
            let query = RequestText.query(request)
            let driver = try access.driver(query["driver"].map(String.init))
            let day = try query["date"].map { try HoursAccess.day(String($0), field: "date") } ?? access.today
            var values = try formValues(nil, driver: driver, access: access)
            values["date"] = day.description
            values["csrf"] = session.csrfToken
            return renderer.page("hours/shift", title: "New shift", values, user: user, csrf: session.csrfToken)
        }
        pages.post("/hours/shifts/new") { request, context in
            let (user, session, form) = try await submittedForm(request, context)
            let access = try HoursAccess(environment, user, settings)
            try access.requireEditor()
            let driver = try access.driver(form.text("driver"))
            do {
                let shift = try ShiftInput(form: form).shift(editing: nil, driver: driver, access: access)
                let number = try access.database.addShift(shift, zone: access.zone)
                return PageRenderer.redirect(backURL(shift.day, driver: driver, access: access) + "#shift-\(number)")
            } catch {
                guard let problem = FormProblem(error) else { throw error }
                var values = try formValues(nil, driver: driver, access: access, form: form, problem: problem)
                values["csrf"] = session.csrfToken
                return renderer.page(
                    "hours/shift", title: "New shift", values, user: user, csrf: session.csrfToken,
                    status: problem.status)
            }
        }
        pages.get("/hours/shifts/{id}") { request, context in
            let (user, session) = try requireLogin(request, context)
            let access = try HoursAccess(environment, user, settings)
            let entry = try access.entry(context.parameters.get("id"))
            var values = try formValues(entry, driver: entry.shift.driver, access: access)
            values["csrf"] = session.csrfToken
            return renderer.page(
                "hours/shift", title: "Shift \(entry.number)", values, user: user, csrf: session.csrfToken)
        }
        pages.post("/hours/shifts/{id}") { request, context in
            let (user, session, form) = try await submittedForm(request, context)
            let access = try HoursAccess(environment, user, settings)
            let entry = try access.editableEntry(context.parameters.get("id"))
            do {
                let shift = try ShiftInput(form: form).shift(
                    editing: entry, driver: entry.shift.driver, access: access)
                try access.database.replaceShift(entry.number, with: shift, zone: access.zone)
                return PageRenderer.redirect(
                    backURL(shift.day, driver: shift.driver, access: access) + "#shift-\(entry.number)")
            } catch {
                guard let problem = FormProblem(error) else { throw error }
                var values = try formValues(
                    entry, driver: entry.shift.driver, access: access, form: form, problem: problem)
                values["csrf"] = session.csrfToken
                return renderer.page(
                    "hours/shift", title: "Shift \(entry.number)", values, user: user, csrf: session.csrfToken,
                    status: problem.status)
            }
        }
        pages.post("/hours/shifts/{id}/delete") { request, context in
            let (user, session, _) = try await submittedForm(request, context)
            let access = try HoursAccess(environment, user, settings)
            let entry = try access.editableEntry(context.parameters.get("id"))
            do {
                try access.database.deleteShift(entry.number)
                return PageRenderer.redirect(backURL(entry.shift.day, driver: entry.shift.driver, access: access))
            } catch {
                guard let problem = FormProblem(error) else { throw error }
                var values = try formValues(entry, driver: entry.shift.driver, access: access, problem: problem)
                values["csrf"] = session.csrfToken
                return renderer.page(
                    "hours/shift", title: "Shift \(entry.number)", values, user: user, csrf: session.csrfToken,
                    status: problem.status)
            }
        }
    }

    static func backURL(_ day: CalendarDay, driver: String, access: HoursAccess) -> String {
        "/hours?period=\(day)" + HoursPages.driverQuery(driver, access: access)
    }

    /// The form's values: the stored shift's, or what was typed (when it comes back with a problem).
    static func formValues(
        _ entry: HoursEntry?, driver: String, access: HoursAccess, form: FormData? = nil, problem: FormProblem? = nil
    ) throws -> [String: Any] {
        let zone = access.zone
        var values: [String: Any] = [
            "driver": driver, "action": entry.map { "/hours/shifts/\($0.number)" } ?? "/hours/shifts/new",
        ]
        var selected: String?
        if let entry {
            let s = entry.shift
            values["number"] = entry.number
            values["date"] = s.day.description
            values["start"] = zone.clockText(s.rawStart.date)
            values["end"] = s.rawEnd.map { zone.clockText($0.date) } ?? ""
            values["breakMinutes"] = String(s.enteredBreakMinutes)
            values["message"] = s.message
            selected = s.vehicle
            if let end = s.end {
                values["summary"] =
                    "Counted \(zone.clockText(s.start.date))–\(zone.clockText(end.date)): worked "
                    + "\(MinutesText.clock(s.workedMinutes)), break \(s.breakMinutes) min, net "
                    + "\(MinutesText.clock(s.netMinutes))"
            }
        }
        if let form {
            for (key, name) in [
                ("date", "date"), ("start", "start"), ("end", "end"), ("breakMinutes", "break_minutes"),
                ("message", "message"),
            ] {
                if let value = form[name] { values[key] = value }
            }
            if let vehicle = form["vehicle"] { selected = vehicle.isEmpty ? nil : vehicle }
        }
        var plates = try access.vehicles()
        if let selected, !plates.contains(selected) { plates.append(selected) }
        values["vehicles"] = plates.map { ["plate": $0, "selected": $0 == selected] as [String: Any] }

        // Whether the shift may be changed: the user may edit, the clock is not running, the period is open.
        let day = entry?.shift.day ?? (values["date"] as? String).flatMap { CalendarDay(parsing: $0) } ?? access.today
        let period = access.rules.periods.period(containing: day)
        let status = try access.database.periodStatus(period, driver: driver)
        var writable = access.canEdit
        if entry != nil && status.isLocked {
            values["readOnly"] = "The pay period \(period) is locked: its shifts cannot change."
            writable = false
        } else if entry != nil && status.isSubmitted {
            values["readOnly"] =
                "The pay period \(period) was submitted: it is read-only until an admin reopens it."
            writable = false
        } else if entry?.shift.isRunning == true {
            values["readOnly"] = "The clock is running on this shift; stop it on the hours page first."
            writable = false
        }
        values["writable"] = writable
        values["deletable"] = writable && entry != nil
        values["back"] = backURL(day, driver: driver, access: access)
        if let problem {
            if let field = problem.field {
                values["error_" + field] = problem.message
            } else {
                values["problem"] = problem.message
            }
        }
        return values
    }
}

/// What the form's post was refused for: a field's value (422) or the log's rules (409).
struct FormProblem: Error {
    var status: HTTPResponse.Status
    var message: String
    var field: String?

    static let formFields: Set<String> = ["date", "start", "end", "break_minutes", "message", "vehicle"]

    /// The problem the user can fix on the form; nil for errors the error page answers (403, 404, a failure).
    init?(_ error: any Error) {
        switch error {
        case let error as APIError where error.status == .unprocessableContent || error.status == .conflict:
            status = error.status
            message = error.message
            field = error.field.flatMap { Self.formFields.contains($0) ? $0 : nil }
        case let error as StoreError where error.code == .refused:
            status = .conflict
            message = error.detail
        case let error as StoreError where error.code == .invalidArgument || error.code == .constraint:
            status = .unprocessableContent
            message = error.detail
        default:
            return nil
        }
    }
}
