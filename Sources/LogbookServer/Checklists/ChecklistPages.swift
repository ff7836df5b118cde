import Checklists
import Foundation
import Hummingbird
import LogbookServices
import LogbookStore

/// The checklist pages, phone first: the restaurant's shifts and a start button; a shift's working screen
/// (three-state buttons of at least 44 px, general tasks marked, child tasks, notes, carry-out flags, the to-do
/// list, due reminders with sound and vibration); archives; statistics with SVG bars; template editing. Adapters over
/// `ChecklistService`: a form is read into the use case's input, a refusal goes back to the page it came from.
enum ChecklistPages {
    static func register(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        pages.get("/static/checklists.js") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "public, max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(string: ChecklistPageTemplates.script)))
        }
        pages.get("/static/checklists.css") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(string: ChecklistPageTemplates.stylesheet)))
        }
        pages.get("/checklists") { request, context in
            let (user, session) = try requireLogin(request, context)
            return try indexPage(
                environment.checklists(user), user: user, session: session, message: PageFlow.message(request),
                renderer: renderer)
        }
        pages.post("/checklists/shifts") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            return try PageFlow.redirecting(to: "/checklists") {
                let started = try environment.checklists(user).startShift(
                    try Self.input(ChecklistShiftStartInput.self, form))
                return "/checklists/shifts/\(started.id)"
            }
        }
        pages.get("/checklists/shifts/{shift}") { request, context in
            let (user, session) = try requireLogin(request, context)
            let checklists = environment.checklists(user)
            let shift = try checklists.shift(try ChecklistAPI.number(context, "shift"))
            let editable = !shift.isEnded && checklists.mayWork(on: shift.id)
            let area = RequestText.query(request)["area"].flatMap { Area(rawValue: String($0)) }
            var values = view(
                shift, editable: editable, now: checklists.now(), area: area,
                maySettle: { !shift.isEnded && checklists.access.maySettle(area: $0) })
            if editable {
                let earlier = try checklists.earlierTodos(shift: shift.id).todos.prefix(20)
                values["earlier"] = earlier.map {
                    [
                        "task": $0.task, "section": $0.section, "area": $0.area.rawValue, "priority": $0.priority,
                        "shift": shift.id,
                    ] as [String: Any]
                }
                values["hasEarlier"] = !earlier.isEmpty
            }
            values["csrf"] = session.csrfToken
            values["message"] = PageFlow.message(request)
            return renderer.page(
                "checklists/shift", title: shift.isEnded ? "Archived shift \(shift.id)" : "Shift \(shift.id)", values,
                user: user, csrf: session.csrfToken)
        }
        pages.get("/checklists/escalations") { request, context in
            let (user, _) = try requireLogin(request, context)
            let checklists = environment.checklists(user)
            guard user.managesRestaurants else {
                throw APIError.forbidden("only a restaurant manager is told of escalated reminders")
            }
            let escalations = Self.escalations(try checklists.openShifts().shifts, now: checklists.now())
            return try JSONResponse.make(encoding: ["due": escalations])
        }
        pages.get("/checklists/shifts/{shift}/due") { request, context in
            let (user, _) = try requireLogin(request, context)
            let checklists = environment.checklists(user)
            let shift = try checklists.shift(try ChecklistAPI.number(context, "shift"))
            return try JSONResponse.make(encoding: ["due": shift.due(at: checklists.now()).map(\.name)])
        }
        pages.post("/checklists/shifts/{shift}/mark") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let id = try ChecklistAPI.number(context, "shift")
            return try PageFlow.redirecting(to: "/checklists/shifts/\(id)") {
                let marked = try environment.checklists(user).mark(
                    shift: id, try Self.input(ChecklistMarkInput.self, form))
                return "/checklists/shifts/\(id)#\(anchor(marked.kind.rawValue, marked.path))"
            }
        }
        pages.post("/checklists/shifts/{shift}/todos") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let id = try ChecklistAPI.number(context, "shift")
            return try PageFlow.redirecting(to: "/checklists/shifts/\(id)#todos") {
                _ = try environment.checklists(user).addTodo(shift: id, try Self.input(ChecklistTodoInput.self, form))
                return nil
            }
        }
        pages.post("/checklists/shifts/{shift}/todos/{todo}") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let id = try ChecklistAPI.number(context, "shift")
            let todo = try ChecklistAPI.number(context, "todo")
            let checklists = environment.checklists(user)
            // Back to the to-do list's view the tap came from (the kitchen's, the service's, ...).
            let view = Area(rawValue: form["view"] ?? "").map { "?area=" + $0.rawValue } ?? ""
            return try PageFlow.redirecting(to: "/checklists/shifts/\(id)\(view)#todos") {
                if form["action"] == "delete" {
                    try checklists.deleteTodo(shift: id, todo: todo)
                } else {
                    _ = try checklists.settleTodo(
                        shift: id, todo: todo,
                        ChecklistTodoSettleInput(done: form["action"] == "done", note: form.text("note")))
                }
                return nil
            }
        }
        pages.post("/checklists/shifts/{shift}/mail") { request, context in
            let (user, _, _) = try await submittedForm(request, context)
            let id = try ChecklistAPI.number(context, "shift")
            let back = "/checklists/shifts/\(id)#todos"
            return try PageFlow.redirecting(to: back) {
                let status = try environment.checklists(user).mailTodos(
                    shift: id, mailer: environment.checklistMailer)
                return PageFlow.withMessage(back, status.description)
            }
        }
        pages.post("/checklists/shifts/{shift}/ack") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let id = try ChecklistAPI.number(context, "shift")
            return try PageFlow.redirecting(to: "/checklists/shifts/\(id)") {
                _ = try environment.checklists(user).acknowledge(shift: id, reminder: form["name"] ?? "")
                return nil
            }
        }
        pages.post("/checklists/shifts/{shift}/end") { request, context in
            let (user, session, _) = try await submittedForm(request, context)
            let id = try ChecklistAPI.number(context, "shift")
            let checklists = environment.checklists(user)
            let shift = try checklists.shift(id)
            if !shift.endProblems.isEmpty, checklists.mayWork(on: id) {
                // The working screen again, with what is in the way.
                var values = view(shift, editable: true, now: checklists.now())
                values["csrf"] = session.csrfToken
                values["problems"] = shift.endProblems
                values["hasProblems"] = true
                return renderer.page(
                    "checklists/shift", title: "Shift \(id)", values, user: user, csrf: session.csrfToken,
                    status: .conflict)
            }
            let back = "/checklists/shifts/\(id)"
            return try PageFlow.redirecting(to: back) {
                let ended = try checklists.endShift(id, mailer: environment.checklistMailer)
                return PageFlow.withMessage(back, "Ended; \(ended.mail)")
            }
        }
        pages.get("/checklists/archive") { request, context in
            let (user, session) = try requireLogin(request, context)
            let checklists = environment.checklists(user)
            let filter = try RequestInput.query(ChecklistArchiveFilter.self, from: request)
            let shifts = try checklists.archive(filter).shifts
            return renderer.page(
                "checklists/archive", title: "Archive",
                [
                    "shifts": shifts.prefix(300).map { shift -> [String: Any] in
                        [
                            "id": shift.id, "restaurant": shift.restaurant, "manager": shift.manager,
                            "dayPart": shift.dayPart.rawValue, "started": shift.clock.text(shift.startedAt),
                            "notOk": shift.notOkCount, "version": shift.templateVersion ?? 0,
                        ]
                    },
                    "none": shifts.isEmpty, "from": filter.from ?? "", "to": filter.to ?? "",
                    "manager": filter.manager ?? "",
                    "restaurants": try checklists.restaurants().restaurants.map {
                        ["name": $0.name, "chosen": $0.name == filter.restaurant] as [String: Any]
                    },
                ], user: user, csrf: session.csrfToken)
        }
        pages.get("/checklists/stats") { request, context in
            let (user, session) = try requireLogin(request, context)
            let filter = try RequestInput.query(ChecklistArchiveFilter.self, from: request)
            let stats = try environment.checklists(user).statistics(filter).managers
            return renderer.page(
                "checklists/stats", title: "Statistics",
                [
                    "managers": stats.map { s -> [String: Any] in
                        [
                            "manager": s.manager, "shifts": s.shifts, "completed": s.completed,
                            "median": s.medianMinutes.map { String(format: "%.1f", $0) } ?? "–",
                            "notOk": s.notOk, "corrected": s.correctiveActions,
                            "onTime": s.travelPaths(.onTime), "late": s.travelPaths(.late),
                            "missed": s.travelPaths(.missed), "hasSections": !s.notOkBySection.isEmpty,
                            "sections": s.notOkBySection.sorted { $0.key < $1.key }.map {
                                ["name": $0.key, "count": $0.value] as [String: Any]
                            },
                        ]
                    },
                    "none": stats.isEmpty, "chart": StatisticsChart.svg(stats),
                ], user: user, csrf: session.csrfToken)
        }
        pages.post("/checklists/restaurants") { request, context in
            let (user, session, form) = try await submittedForm(request, context)
            let checklists = environment.checklists(user)
            do {
                let added = try checklists.addRestaurant(
                    ChecklistRestaurantInput(
                        name: form["name"] ?? "", email: form.text("email"), timezone: form.text("timezone")))
                return PageRenderer.redirect(
                    PageFlow.withMessage(
                        "/checklists/templates/\(PageFlow.queryValue(added.name))",
                        "Added \(added.name): create its checklists here, and give its staff their users under People"))
            } catch {
                guard let problem = FormProblem(error, form: "restaurant", fields: ["name", "email", "timezone"])
                else { throw error }
                return try indexPage(
                    checklists, user: user, session: session, problem: problem, typed: form, renderer: renderer)
            }
        }
        pages.post("/checklists/templates/{restaurant}/new") { request, context in
            let (user, session, form) = try await submittedForm(request, context)
            let checklists = environment.checklists(user)
            let restaurant = try checklists.access.templateEditor(try ChecklistAPI.restaurant(context))
            let input = try Self.input(ChecklistTemplateCreateInput.self, form)
            do {
                let created = try checklists.createTemplate(restaurant: restaurant.name, input)
                return PageRenderer.redirect(
                    "/checklists/templates/\(PageFlow.queryValue(restaurant.name))?day_part="
                        + created.dayPart.rawValue + "&kind=" + created.kind.rawValue)
            } catch {
                guard let problem = FormProblem(error, form: "create", fields: ["section", "kind", "day_part"]) else {
                    throw error
                }
                return try templatesPage(
                    checklists, restaurant: restaurant.name, dayPart: DayPart(rawValue: input.dayPart) ?? .day,
                    kind: ChecklistKind(rawValue: input.kind ?? "") ?? .preShift, user: user, session: session,
                    problem: problem, typed: form, renderer: renderer)
            }
        }
        pages.get("/checklists/templates/{restaurant}") { request, context in
            let (user, session) = try requireLogin(request, context)
            let checklists = environment.checklists(user)
            let restaurant = try checklists.access.templateEditor(try ChecklistAPI.restaurant(context))
            let query = RequestText.query(request)
            return try templatesPage(
                checklists, restaurant: restaurant.name,
                dayPart: DayPart(rawValue: query["day_part"].map(String.init) ?? "") ?? .day,
                kind: ChecklistKind(rawValue: query["kind"].map(String.init) ?? "") ?? .preShift, user: user,
                session: session, message: PageFlow.message(request), renderer: renderer)
        }
        pages.post("/checklists/templates/{restaurant}") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let checklists = environment.checklists(user)
            let restaurant = try checklists.access.templateEditor(try ChecklistAPI.restaurant(context))
            var input = try Self.input(ChecklistTemplateEditInput.self, form)
            if input.action == ChecklistTemplateEditInput.Action.editTask.rawValue {
                // An unticked box is not sent; a cleared time is sent empty (and dropped with the blank fields).
                input.general = input.general ?? false
                let timed = ChecklistKind(rawValue: input.kind ?? "")?.hasTimes ?? false
                input.time = timed ? input.time ?? "" : nil
                // A description emptied on the form is cleared.
                input.description = input.description ?? ""
            }
            let back =
                "/checklists/templates/\(PageFlow.queryValue(restaurant.name))?day_part="
                + PageFlow.queryValue(input.dayPart) + "&kind=" + PageFlow.queryValue(input.kind ?? "pre-shift")
            return try PageFlow.redirecting(to: back) {
                _ = try checklists.editTemplate(restaurant: restaurant.name, input)
                return nil
            }
        }
    }

    /// The restaurants' open shifts and a start button; for those who add them, a form to add a restaurant (with a
    /// refusal beside its field, and what was typed).
    static func indexPage(
        _ checklists: ChecklistService, user: AppUser, session: WebSession, message: Any = false,
        problem: FormProblem? = nil, typed: FormData? = nil, renderer: PageRenderer
    ) throws -> Response {
        let restaurants = try checklists.restaurants().restaurants
        let open = try checklists.openShifts().shifts
        let now = checklists.now()
        let shifts: [[String: Any]] = open.map { shift in
            let due = shift.due(at: now)
            return [
                "id": shift.id, "restaurant": shift.restaurant, "manager": shift.manager,
                "dayPart": shift.dayPart.rawValue, "started": shift.clock.text(shift.startedAt),
                "left": shift.uncheckedCount, "due": !due.isEmpty,
                "escalated": due.filter { $0.escalatedAt != nil }.map {
                    ["name": $0.name, "time": shift.clock.time($0.dueAt)]
                },
            ]
        }
        // A restaurant manager hears the reminders a shift manager left unanswered (escalated), here.
        let overseer = checklists.access.isOverseer
        let escalations = overseer ? Self.escalations(open, now: now) : []
        var values: [String: Any] = [
            "shifts": shifts, "none": shifts.isEmpty, "manager": checklists.access.isManager,
            "overseer": overseer, "escalations": escalations, "anyEscalated": !escalations.isEmpty,
            "restaurants": restaurants.map { ["name": $0.name, "query": PageFlow.queryValue($0.name)] },
            "editor": overseer, "csrf": session.csrfToken, "message": message,
            "hasRestaurants": !restaurants.isEmpty, "admin": user.role == .admin,
            "addsRestaurants": user.managesPeople, "timezone": checklists.context.clock.name,
        ]
        if let problem, let typed { values.merge(problem.values(typed: typed)) { $1 } }
        return renderer.page(
            "checklists/index", title: "Checklists", values, user: user, csrf: session.csrfToken,
            status: problem?.status ?? .ok)
    }

    /// A restaurant's checklist of a day part and kind to edit, or — when it has none yet — a form that creates it.
    static func templatesPage(
        _ checklists: ChecklistService, restaurant: String, dayPart: DayPart, kind: ChecklistKind, user: AppUser,
        session: WebSession, message: Any = false, problem: FormProblem? = nil, typed: FormData? = nil,
        renderer: PageRenderer
    ) throws -> Response {
        let current = try checklists.template(restaurant: restaurant, dayPart: dayPart, kind: kind)
        var sections: [[String: Any]] = []
        for section in current?.template.sections ?? [] {
            sections.append([
                "name": section.name,
                "tasks": section.tasks.flatMap { task in
                    [templateRow(section.name + "/" + task.name, task, depth: 0)]
                        + task.children.map {
                            templateRow(section.name + "/" + task.name + "/" + $0.name, $0, depth: 1)
                        }
                },
            ])
        }
        var values: [String: Any] = [
            "restaurant": restaurant, "restaurantQuery": PageFlow.queryValue(restaurant),
            "dayPart": dayPart.rawValue, "kind": kind.rawValue, "version": current?.version ?? 0,
            "exists": current != nil, "sections": sections, "timed": kind.hasTimes, "csrf": session.csrfToken,
            "message": message, "kindTitle": kind.title,
            "dayParts": DayPart.allCases.map {
                ["value": $0.rawValue, "chosen": $0 == dayPart] as [String: Any]
            },
            "kinds": ChecklistKind.allCases.map {
                ["value": $0.rawValue, "chosen": $0 == kind] as [String: Any]
            },
        ]
        if let problem, current != nil {
            // The checklist exists (made meanwhile): no form to create it, the words at the top of its editor.
            values["message"] = problem.message
        } else if let problem, let typed {
            values.merge(problem.values(typed: typed)) { $1 }
        }
        return renderer.page(
            "checklists/templates", title: "\(restaurant): checklists", values, user: user, csrf: session.csrfToken,
            status: problem?.status ?? .ok)
    }

    /// A form's fields as a use case's input, blank fields left out (an input left blank is an input not given).
    static func input<T: Decodable>(_ type: T.Type, _ form: FormData) throws -> T {
        try FormDecoder().decode(
            T.self, from: form.values.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        )
    }

    /// "Main Street: Travel path (shift 3, sam)" for every due reminder of these shifts that was escalated.
    static func escalations(_ shifts: [ChecklistShiftView], now: Double) -> [String] {
        shifts.flatMap { shift in
            shift.due(at: now).filter { $0.escalatedAt != nil }.map {
                "\(shift.restaurant): \($0.name) (shift \(shift.id), \(shift.manager))"
            }
        }
    }

    static func anchor(_ kind: String?, _ path: String?) -> String {
        "task-"
            + String(
                ((kind ?? "pre-shift") + "-" + (path ?? "")).unicodeScalars.map {
                    CharacterSet.alphanumerics.contains($0) ? Character($0) : "-"
                })
    }

    static func templateRow(_ path: String, _ task: TaskTemplate, depth: Int) -> [String: Any] {
        [
            "path": path, "name": task.name, "priority": task.priority, "area": task.area.rawValue,
            "general": task.general, "time": task.time ?? "", "child": depth > 0, "parent": !task.children.isEmpty,
            "description": task.description ?? "",
            "areas": Area.allCases.map { ["value": $0.rawValue, "chosen": $0 == task.area] as [String: Any] },
        ]
    }

    /// The working screen's (or archive's) values: the to-do list in one area's view when `area` is given (the
    /// kitchen's, the service's, the manager's), each to-do with the buttons of those who may mark it (`maySettle`:
    /// crew the kitchen's and the service's).
    static func view(
        _ shift: ChecklistShiftView, editable: Bool, now: Double, area: Area? = nil,
        maySettle: (Area) -> Bool = { _ in false }
    ) -> [String: Any] {
        let clock = shift.clock
        var checklists: [[String: Any]] = []
        for checklist in shift.checklists {
            var sections: [[String: Any]] = []
            for line in checklist.tasks {
                if sections.last?["name"] as? String != line.path.section {
                    sections.append(["name": line.path.section, "tasks": [[String: Any]]()])
                }
                var tasks = sections[sections.count - 1]["tasks"] as? [[String: Any]] ?? []
                tasks.append([
                    "path": line.path.description, "name": line.name, "state": line.state.rawValue,
                    "ok": line.state == .ok, "notOk": line.state == .notOk, "note": line.note ?? "",
                    "general": line.general, "child": line.depth > 0, "parent": line.hasChildren,
                    "time": line.time ?? "", "overdue": line.carryOut == .overdue, "late": line.carryOut == .late,
                    "anchor": anchor(checklist.kind.rawValue, line.path.description), "kind": checklist.kind.rawValue,
                    "editable": editable && line.isLeaf, "description": Self.section(line.description),
                ])
                sections[sections.count - 1]["tasks"] = tasks
            }
            checklists.append([
                "title": checklist.kind.title, "kind": checklist.kind.rawValue,
                "version": checklist.templateVersion ?? 0, "sections": sections,
            ])
        }
        let due = shift.due(at: now)
        return [
            "id": shift.id, "restaurant": shift.restaurant, "manager": shift.manager,
            "dayPart": shift.dayPart.rawValue, "started": clock.text(shift.startedAt),
            "ended": shift.endedAt.map(clock.text) ?? "", "archived": shift.isEnded, "editable": editable,
            "checklists": checklists,
            "todos": shift.todos.filter { area == nil || $0.area == area }.map { todo -> [String: Any] in
                [
                    "id": todo.id, "shift": shift.id, "task": todo.task, "section": todo.section,
                    "area": todo.area.rawValue, "priority": todo.priority, "done": todo.done,
                    "note": Self.section(todo.note),
                    "fromTask": todo.source == .notOk, "editable": editable,
                    "settle": editable || maySettle(todo.area), "view": area?.rawValue ?? "",
                ]
            },
            "hasTodos": shift.todos.contains { area == nil || $0.area == area },
            "areaViews": areaViews(shift, chosen: area),
            "due": due.map { ["name": $0.name, "time": clock.time($0.dueAt)] },
            "anyDue": !due.isEmpty,
            "reminders": shift.reminders.suffix(12).map { reminder -> [String: Any] in
                [
                    "name": reminder.name, "time": clock.time(reminder.dueAt), "outcome": reminder.outcome.rawValue,
                    "done": reminder.acknowledgedAt.map(clock.time) ?? "",
                ]
            },
            "areas": Area.allCases.map(\.rawValue),
        ]
    }
}

extension ChecklistPages {
    /// A text a template shows inside `{{#name}}…{{/name}}`: false when there is none (an empty text is a value to
    /// mustache, which would show the section's frame around nothing).
    static func section(_ text: String?) -> Any {
        guard let text, !text.isEmpty else { return false }
        return text
    }

    /// The to-do list's views: all, and each area's (the manager's, the kitchen's, the service's), with how many of
    /// its to-dos are not done yet.
    static func areaViews(_ shift: ChecklistShiftView, chosen: Area?) -> [[String: Any]] {
        let choices: [Area?] = [nil] + Area.allCases.map { Optional($0) }
        return choices.map { choice in
            let label = choice.map { $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst() } ?? "All"
            let query = choice.map { "?area=" + $0.rawValue } ?? ""
            let open = shift.todos.filter { todo in (choice == nil || todo.area == choice) && !todo.done }.count
            return [
                "label": label, "href": "/checklists/shifts/\(shift.id)\(query)#todos", "current": choice == chosen,
                "open": open,
            ]
        }
    }
}

/// Bars per shift manager: the median minutes to complete the pre-shift checklist, and the travel paths on time,
/// late and missed, drawn as SVG by the server (no script).
enum StatisticsChart {
    static func svg(_ stats: [ChecklistStatisticsView.Manager]) -> String {
        guard !stats.isEmpty else { return "" }
        let rowHeight = 34.0
        let width = 340.0
        let labelWidth = 90.0
        let height = Double(stats.count) * rowHeight + 30
        let longest = max(1, stats.compactMap(\.medianMinutes).max() ?? 1)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" \
            aria-label="Median minutes and travel paths per shift manager" class="chart">
            """
        for (index, s) in stats.enumerated() {
            let y = Double(index) * rowHeight + 4
            let name = ChecklistMail.escape(String(s.manager.prefix(12)))
            svg += "<text x=\"0\" y=\"\(Int(y + 12))\" font-size=\"12\">\(name)</text>"
            let minutes = s.medianMinutes ?? 0
            let bar = (width - labelWidth - 40) * minutes / longest
            svg +=
                "<rect x=\"\(Int(labelWidth))\" y=\"\(Int(y))\" width=\"\(Int(bar))\" height=\"12\" fill=\"#4a7bd0\"/>"
            svg += "<text x=\"\(Int(labelWidth + bar + 4))\" y=\"\(Int(y + 11))\" font-size=\"11\">"
            svg += "\(s.medianMinutes.map { String(format: "%.0f min", $0) } ?? "–")</text>"
            let paths: [(ReminderOccurrence.Outcome, String)] = [
                (.onTime, "#2e8b57"), (.late, "#e0a000"), (.missed, "#c0392b"),
            ]
            let total = max(1, paths.reduce(0) { $0 + s.travelPaths($1.0) })
            var x = labelWidth
            for (outcome, colour) in paths {
                let w = (width - labelWidth - 40) * Double(s.travelPaths(outcome)) / Double(total)
                svg +=
                    "<rect x=\"\(Int(x))\" y=\"\(Int(y + 15))\" width=\"\(Int(w))\" height=\"10\" fill=\"\(colour)\">"
                svg += "<title>\(outcome.rawValue): \(s.travelPaths(outcome))</title></rect>"
                x += w
            }
        }
        let legendY = Int(height - 8)
        svg += "<text x=\"0\" y=\"\(legendY)\" font-size=\"10\">blue: median minutes · travel paths: "
        svg += "green on time, amber late, red missed</text></svg>"
        return svg
    }
}
