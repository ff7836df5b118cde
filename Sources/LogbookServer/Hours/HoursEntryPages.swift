import CalendarDays
import Hours
import Hummingbird
import LogbookServices
import LogbookStore

/// `/hours/shifts/new` and `/hours/shifts/{id}`: an entry's form (date, start, end, break, message, vehicle) made
/// for a phone, with a delete button; what the rules refuse is shown beside the field it concerns.
enum HoursEntryPages {
    static func register(_ pages: RouterGroup<AppRequestContext>, _ edge: HoursEdge, _ renderer: PageRenderer) {
        pages.get("/hours/shifts/new") { request, context in
            let (user, session) = try requireLogin(request, context)
            let service = try edge.service(user)
            try service.access.requireEditor()
            let query = try RequestInput.query(HoursQuery.self, from: request)
            let driver = try service.access.driver(query.driver)
            let day = try query.date.map { try HoursEntryPages.day($0) } ?? service.today
            var values = try formValues(nil, driver: driver, service: service, day: day)
            values["csrf"] = session.csrfToken
            return renderer.page("hours/shift", title: "New shift", values, user: user, csrf: session.csrfToken)
        }
        pages.post("/hours/shifts/new") { request, context in
            let (user, session, form) = try await submittedForm(request, context)
            let service = try edge.service(user)
            try service.access.requireEditor()
            let driver = try service.access.driver(form.text("driver"))
            do {
                var input = try HoursForm.input(HoursEntryInput.self, form)
                input.driver = driver
                let entry = try service.addEntry(input)
                return PageRenderer.redirect(
                    backURL(entry.date, driver: driver, service: service) + "#shift-\(entry.number)")
            } catch {
                guard let problem = HoursFormProblem(error) else { throw error }
                var values = try formValues(nil, driver: driver, service: service, form: form, problem: problem)
                values["csrf"] = session.csrfToken
                return renderer.page(
                    "hours/shift", title: "New shift", values, user: user, csrf: session.csrfToken,
                    status: problem.status)
            }
        }
        pages.get("/hours/shifts/{id}") { request, context in
            let (user, session) = try requireLogin(request, context)
            let service = try edge.service(user)
            let entry = try service.entry(try RequestText.path(context, "id"))
            var values = try formValues(entry, driver: entry.driver, service: service)
            values["csrf"] = session.csrfToken
            if let message = Flash.message(request), !message.isEmpty { values["problem"] = message }
            return renderer.page(
                "hours/shift", title: "Shift \(entry.number)", values, user: user, csrf: session.csrfToken)
        }
        // "Retry" beside a shift the payroll system refused: its changes go again at the next sync. Back to the shift's
        // page (`from=shift`) or to its row on the period's page; a shift with nothing refused is said there.
        pages.post("/hours/shifts/{id}/retry") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try edge.service(user)
            let key = try RequestText.path(context, "id")
            let entry = try service.entry(key)
            let back =
                form.text("from") == "shift"
                ? "/hours/shifts/\(entry.number)"
                : backURL(entry.date, driver: entry.driver, service: service) + "#shift-\(entry.number)"
            return try PageFlow.redirecting(to: back) {
                try service.retrySync(key)
                return nil
            }
        }
        pages.post("/hours/shifts/{id}") { request, context in
            let (user, session, form) = try await submittedForm(request, context)
            let service = try edge.service(user)
            let key = try RequestText.path(context, "id")
            _ = try service.editableEntry(key)
            let entry = try service.entry(key)
            do {
                var input = try HoursForm.input(HoursEntryInput.self, form)
                input.driver = nil
                let changed = try service.changeEntry(key, input)
                return PageRenderer.redirect(
                    backURL(changed.date, driver: changed.driver, service: service) + "#shift-\(changed.number)")
            } catch {
                guard let problem = HoursFormProblem(error) else { throw error }
                var values = try formValues(entry, driver: entry.driver, service: service, form: form, problem: problem)
                values["csrf"] = session.csrfToken
                return renderer.page(
                    "hours/shift", title: "Shift \(entry.number)", values, user: user, csrf: session.csrfToken,
                    status: problem.status)
            }
        }
        pages.post("/hours/shifts/{id}/delete") { request, context in
            let (user, session, _) = try await submittedForm(request, context)
            let service = try edge.service(user)
            let key = try RequestText.path(context, "id")
            _ = try service.editableEntry(key)
            let entry = try service.entry(key)
            do {
                try service.deleteEntry(key)
                return PageRenderer.redirect(backURL(entry.date, driver: entry.driver, service: service))
            } catch {
                guard let problem = HoursFormProblem(error) else { throw error }
                var values = try formValues(entry, driver: entry.driver, service: service, problem: problem)
                values["csrf"] = session.csrfToken
                return renderer.page(
                    "hours/shift", title: "Shift \(entry.number)", values, user: user, csrf: session.csrfToken,
                    status: problem.status)
            }
        }
    }

    /// A date `YYYY-MM-DD` from 1970 on.
    static func day(_ text: String) throws -> CalendarDay {
        guard let day = CalendarDay(parsing: text), (1970...9999).contains(day.year) else {
            throw ServiceError(.invalid, field: "date", "expected a date YYYY-MM-DD, got '\(text.prefix(40))'")
        }
        return day
    }

    static func backURL(_ date: String, driver: String, service: HoursService) -> String {
        "/hours?period=\(date)" + HoursPages.driverQuery(driver, service: service)
    }

    /// The form's values: the stored entry's, or what was typed (when it comes back with a problem).
    static func formValues(
        _ entry: HoursEntryView?, driver: String, service: HoursService, day: CalendarDay? = nil,
        form: FormData? = nil, problem: HoursFormProblem? = nil
    ) throws -> [String: Any] {
        let access = service.access
        var values: [String: Any] = [
            "driver": driver, "action": entry.map { "/hours/shifts/\($0.number)" } ?? "/hours/shifts/new",
        ]
        if let day { values["date"] = day.description }
        var selected: String?
        if let entry {
            let own = try access.ownDriver().map { $0 == entry.driver } ?? false
            values.merge(
                HoursPages.syncValues(
                    entry,
                    HoursPages.SyncDisplay(
                        shown: service.settings.endpoint != nil, retry: access.isAdmin || (access.mayChange && own)))
            ) { $1 }
            values["number"] = entry.number
            values["date"] = entry.date
            values["start"] = HoursEntryView.clock(entry.rawStart)
            values["end"] = entry.rawEnd.map(HoursEntryView.clock) ?? ""
            values["breakMinutes"] = String(entry.enteredBreakMinutes)
            values["message"] = entry.message
            values["repeated"] = entry.repeatedTimes.map(\.note)
            selected = entry.vehicle
            if let end = entry.endClock {
                values["summary"] =
                    "Counted \(entry.startClock)–\(end): worked \(MinutesText.clock(entry.workedMinutes)), break "
                    + "\(entry.breakMinutes) min, net \(MinutesText.clock(entry.netMinutes))"
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

        // Whether the entry may be changed: the user may edit, the clock is not running, the period is open.
        let shown =
            entry.flatMap { CalendarDay(parsing: $0.date) }
            ?? (values["date"] as? String).flatMap { CalendarDay(parsing: $0) } ?? service.today
        let period = service.rules.periods.period(containing: shown)
        let status = try service.status(period, driver: driver).status
        var writable = access.mayChange
        if entry != nil && status == "locked" {
            values["readOnly"] = "The pay period \(period) is locked: its shifts cannot change."
            writable = false
        } else if entry != nil && status == "submitted" {
            values["readOnly"] =
                "The pay period \(period) was submitted: it is read-only until an admin reopens it."
            writable = false
        } else if entry?.running == true {
            values["readOnly"] = "The clock is running on this shift; stop it on the hours page first."
            writable = false
        }
        values["writable"] = writable
        values["deletable"] = writable && entry != nil
        values["back"] = backURL(shown.description, driver: driver, service: service)
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
struct HoursFormProblem: Error {
    var status: HTTPResponse.Status
    var message: String
    var field: String?

    static let formFields: Set<String> = ["date", "start", "end", "break_minutes", "message", "vehicle"]

    /// The problem the user can fix on the form (whose fields are `fields`); nil for errors the error page answers
    /// (403, 404, a failure).
    init?(_ error: any Error, fields: Set<String> = Self.formFields) {
        guard let mapped = APIError.from(error),
            mapped.status == .unprocessableContent || mapped.status == .conflict
        else { return nil }
        status = mapped.status
        message = mapped.message
        field = mapped.field.flatMap { fields.contains($0) ? $0 : nil }
    }
}
