import Foundation
import Hummingbird
import LogbookCLI
import LogbookReporting
import LogbookStore
import Checklists

/// The checklist pages, phone first: the restaurant's shifts and a start button; a shift's working screen
/// (three-state buttons of at least 44 px, general tasks marked, child tasks, notes, carry-out flags, the to-do
/// list, due reminders with sound and vibration); archives; statistics with SVG bars; template editing.
enum ChecklistPages {
    static func register(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        let database = environment.database
        @Sendable func actions(_ user: AppUser) -> ChecklistActions {
            ChecklistActions(access: ChecklistAccess(database: database, user: user), environment: environment)
        }
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
            let access = ChecklistAccess(database: database, user: user)
            let restaurants = try access.restaurants()
            let open = try database.openChecklistShifts().filter { user.worksAt($0.restaurant.name) }
            let now = Date().timeIntervalSince1970
            let shifts: [[String: Any]] = open.map { shift in
                let clock = RestaurantClock(shift.restaurant)
                let due = ChecklistActions.due(shift, now: now)
                return [
                    "id": shift.id, "restaurant": shift.restaurant.name, "manager": shift.manager,
                    "dayPart": shift.dayPart.rawValue, "started": clock.text(shift.startedAt),
                    "left": shift.preShift.uncheckedLeaves.count, "due": !due.isEmpty,
                    "escalated": due.filter { $0.occurrence.escalated != nil }.map {
                        ["name": $0.occurrence.name, "time": clock.time($0.occurrence.due)]
                    },
                ]
            }
            // A restaurant manager hears the reminders a shift manager left unanswered (escalated), here.
            let overseer = access.isOverseer
            let escalations = overseer ? Self.escalations(open, now: now) : []
            return renderer.page(
                "checklists/index", title: "Checklists",
                [
                    "shifts": shifts, "none": shifts.isEmpty, "manager": access.isManager, "overseer": overseer,
                    "escalations": escalations, "anyEscalated": !escalations.isEmpty,
                    "restaurants": restaurants.map { ["name": $0.name, "query": PageFlow.queryValue($0.name)] },
                    "editor": overseer, "csrf": session.csrfToken,
                ], user: user, csrf: session.csrfToken)
        }
        pages.post("/checklists/shifts") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let id = try actions(user).start(restaurant: form["restaurant"] ?? "", dayPart: form["day_part"])
            return PageRenderer.redirect("/checklists/shifts/\(id)")
        }
        pages.get("/checklists/shifts/{shift}") { request, context in
            let (user, session) = try requireLogin(request, context)
            let access = ChecklistAccess(database: database, user: user)
            let shift = try access.shift(try ChecklistAPI.number(context, "shift"))
            let editable = !shift.isEnded && (try? access.workingShift(shift.id)) != nil
            var values = view(shift, editable: editable)
            if editable {
                let earlier = try ChecklistActions.earlierTodos(for: shift, database).prefix(20)
                values["earlier"] = earlier.map {
                    [
                        "task": $0.task, "section": $0.section, "area": $0.area.rawValue, "priority": $0.priority,
                        "shift": shift.id,
                    ] as [String: Any]
                }
                values["hasEarlier"] = !earlier.isEmpty
            }
            values["csrf"] = session.csrfToken
            values["message"] = Flash.message(request) ?? ""
            return renderer.page(
                "checklists/shift", title: shift.isEnded ? "Archived shift \(shift.id)" : "Shift \(shift.id)", values,
                user: user, csrf: session.csrfToken)
        }
        pages.get("/checklists/escalations") { request, context in
            let (user, _) = try requireLogin(request, context)
            guard user.managesRestaurants else {
                throw APIError.forbidden("only a restaurant manager is told of escalated reminders")
            }
            let open = try database.openChecklistShifts().filter { user.worksAt($0.restaurant.name) }
            return try JSONResponse.make(encoding: ["due": Self.escalations(open, now: Date().timeIntervalSince1970)])
        }
        pages.get("/checklists/shifts/{shift}/due") { request, context in
            let (user, _) = try requireLogin(request, context)
            let shift = try ChecklistAccess(database: database, user: user).shift(
                try ChecklistAPI.number(context, "shift"))
            let due = ChecklistActions.due(shift, now: Date().timeIntervalSince1970).map(\.occurrence.name)
            return try JSONResponse.make(encoding: ["due": due])
        }
        pages.post("/checklists/shifts/{shift}/mark") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let id = try ChecklistAPI.number(context, "shift")
            _ = try actions(user).mark(
                shift: id, path: form["path"], state: form["state"], note: form["note"], kind: form["kind"])
            return PageRenderer.redirect("/checklists/shifts/\(id)#\(anchor(form["kind"], form["path"]))")
        }
        pages.post("/checklists/shifts/{shift}/todos") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let id = try ChecklistAPI.number(context, "shift")
            let priority = try form.text("priority").map {
                guard let value = Int($0) else { throw APIError.invalid("'priority' must be 1 to 4") }
                return value
            }
            _ = try actions(user).addTodo(
                shift: id, task: form["task"], section: form["section"], area: form["area"], priority: priority)
            return PageRenderer.redirect("/checklists/shifts/\(id)#todos")
        }
        pages.post("/checklists/shifts/{shift}/todos/{todo}") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let id = try ChecklistAPI.number(context, "shift")
            let todo = try ChecklistAPI.number(context, "todo")
            switch form["action"] {
            case "delete": try actions(user).deleteTodo(shift: id, todo: todo)
            case "done": try actions(user).settleTodo(shift: id, todo: todo, done: true, note: form.text("note"))
            default: try actions(user).settleTodo(shift: id, todo: todo, done: false, note: form.text("note"))
            }
            return PageRenderer.redirect("/checklists/shifts/\(id)#todos")
        }
        pages.post("/checklists/shifts/{shift}/mail") { request, context in
            let (user, _, _) = try await submittedForm(request, context)
            let id = try ChecklistAPI.number(context, "shift")
            let status = try actions(user).mailTodos(shift: id)
            return PageRenderer.redirect(Flash.url("/checklists/shifts/\(id)#todos", message: status))
        }
        pages.post("/checklists/shifts/{shift}/ack") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let id = try ChecklistAPI.number(context, "shift")
            _ = try actions(user).acknowledge(shift: id, name: form["name"] ?? "")
            return PageRenderer.redirect("/checklists/shifts/\(id)")
        }
        pages.post("/checklists/shifts/{shift}/end") { request, context in
            let (user, session, _) = try await submittedForm(request, context)
            let id = try ChecklistAPI.number(context, "shift")
            do {
                let (_, mail) = try actions(user).end(shift: id)
                return PageRenderer.redirect(Flash.url("/checklists/shifts/\(id)", message: "Ended; \(mail)"))
            } catch let error as StoreError where error.code == .refused {
                // The working screen again, with what is in the way.
                let shift = try database.checklistShift(id)
                var values = view(shift, editable: true)
                values["csrf"] = session.csrfToken
                values["problems"] = error.detail.split(separator: "\n").dropFirst().map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                values["hasProblems"] = true
                return renderer.page(
                    "checklists/shift", title: "Shift \(id)", values, user: user, csrf: session.csrfToken,
                    status: .conflict)
            }
        }
        pages.get("/checklists/archive") { request, context in
            let (user, session) = try requireLogin(request, context)
            let access = ChecklistAccess(database: database, user: user)
            let (restaurant, manager, from, to) = try ChecklistAPI.filter(request, access)
            let shifts = try access.archive(restaurant: restaurant, manager: manager, from: from, to: to)
            let query = RequestText.query(request)
            return renderer.page(
                "checklists/archive", title: "Archive",
                [
                    "shifts": shifts.prefix(300).map { shift -> [String: Any] in
                        let clock = RestaurantClock(shift.restaurant)
                        return [
                            "id": shift.id, "restaurant": shift.restaurant.name, "manager": shift.manager,
                            "dayPart": shift.dayPart.rawValue, "started": clock.text(shift.startedAt),
                            "notOk": shift.preShift.notOkLeaves.count, "version": shift.versions[.preShift] ?? 0,
                        ]
                    },
                    "none": shifts.isEmpty, "from": query["from"].map(String.init) ?? "",
                    "to": query["to"].map(String.init) ?? "", "manager": manager ?? "",
                    "restaurants": try access.restaurants().map {
                        ["name": $0.name, "chosen": $0.name == restaurant] as [String: Any]
                    },
                ], user: user, csrf: session.csrfToken)
        }
        pages.get("/checklists/stats") { request, context in
            let (user, session) = try requireLogin(request, context)
            let access = ChecklistAccess(database: database, user: user)
            let (restaurant, manager, from, to) = try ChecklistAPI.filter(request, access)
            let settings = environment.checklistSettings
            let stats = ChecklistStatistics.compute(
                try access.archive(restaurant: restaurant, manager: manager, from: from, to: to),
                travelPath: settings.travelPathName, policy: settings.policy)
            return renderer.page(
                "checklists/stats", title: "Statistics",
                [
                    "managers": stats.map { s -> [String: Any] in
                        [
                            "manager": s.manager, "shifts": s.shifts, "completed": s.completed,
                            "median": s.medianMinutes.map { String(format: "%.1f", $0) } ?? "–",
                            "notOk": s.notOkBySection.values.reduce(0, +), "corrected": s.correctiveActions,
                            "onTime": s.travelPaths[.onTime] ?? 0, "late": s.travelPaths[.late] ?? 0,
                            "missed": s.travelPaths[.missed] ?? 0,
                            "hasSections": !s.notOkBySection.isEmpty,
                            "sections": s.notOkBySection.sorted { $0.key < $1.key }.map {
                                ["name": $0.key, "count": $0.value] as [String: Any]
                            },
                        ]
                    },
                    "none": stats.isEmpty, "chart": StatisticsChart.svg(stats),
                ], user: user, csrf: session.csrfToken)
        }
        pages.get("/checklists/templates/{restaurant}") { request, context in
            let (user, session) = try requireLogin(request, context)
            let access = ChecklistAccess(database: database, user: user)
            let restaurant = try access.requireTemplateEditor(restaurantParameter(context))
            let query = RequestText.query(request)
            let dayPart = DayPart(rawValue: query["day_part"].map(String.init) ?? "") ?? .day
            let kind = ChecklistKind(rawValue: query["kind"].map(String.init) ?? "") ?? .preShift
            let current = try database.template(restaurant: restaurant.name, dayPart: dayPart, kind: kind)
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
            return renderer.page(
                "checklists/templates", title: "\(restaurant.name): checklists",
                [
                    "restaurant": restaurant.name, "restaurantQuery": PageFlow.queryValue(restaurant.name),
                    "dayPart": dayPart.rawValue, "kind": kind.rawValue, "version": current?.version ?? 0,
                    "exists": current != nil, "sections": sections, "timed": kind.hasTimes, "csrf": session.csrfToken,
                    "dayParts": DayPart.allCases.map {
                        ["value": $0.rawValue, "chosen": $0 == dayPart] as [String: Any]
                    },
                    "kinds": ChecklistKind.allCases.map {
                        ["value": $0.rawValue, "chosen": $0 == kind] as [String: Any]
                    },
                ], user: user, csrf: session.csrfToken)
        }
        pages.post("/checklists/templates/{restaurant}") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let access = ChecklistAccess(database: database, user: user)
            let restaurant = try access.requireTemplateEditor(restaurantParameter(context))
            let dayPart = try ChecklistActions.dayPart(form["day_part"])
            let kind = try ChecklistActions.kind(form["kind"])
            let path = form["path"] ?? ""
            let name = try ChecklistActions.text(form.text("name"), "name", limit: 120)
            let priority = form.text("priority").flatMap(Int.init)
            let area = form.text("area").flatMap(Area.init(rawValue:))
            let time = form["time"]
            let edit: TemplateEdit
            switch form["action"] {
            case "add-section":
                guard let name else { throw APIError.invalid("'name' is missing") }
                edit = .addSection(name: name, at: nil)
            case "add-task":
                guard let name else { throw APIError.invalid("'name' is missing") }
                edit = .addTask(
                    parent: path,
                    task: TaskTemplate(
                        name: name, priority: priority ?? 3, area: area ?? .manager, general: form["general"] == "on",
                        time: time.flatMap { $0.isEmpty ? nil : $0 }),
                    at: nil)
            case "edit-task":
                edit = .editTask(
                    path: path,
                    change: TaskChange(
                        name: name, priority: priority, area: area, general: form["general"] == "on",
                        time: kind.hasTimes ? time : nil))
            case "move-up", "move-down":
                let template = try database.template(restaurant: restaurant.name, dayPart: dayPart, kind: kind)
                let position = try templatePosition(template?.template, path) + (form["action"] == "move-up" ? -1 : 1)
                edit = .moveTask(path: path, to: max(1, position))
            case "rename-section":
                guard let name else { throw APIError.invalid("'name' is missing") }
                edit = .renameSection(name: path, to: name)
            case "section-up", "section-down":
                let template = try database.template(restaurant: restaurant.name, dayPart: dayPart, kind: kind)
                guard let sections = template?.template.sections,
                    let index = sections.firstIndex(where: { $0.name == path })
                else { throw APIError.notFound("there is no section \(path)") }
                let position = index + 1 + (form["action"] == "section-up" ? -1 : 1)
                edit = .moveSection(name: path, to: min(sections.count, max(1, position)))
            case "delete-task": edit = .removeTask(path: path)
            case "delete-section": edit = .removeSection(name: path)
            default: throw APIError.invalid("'action' is not one of the editor's")
            }
            _ = try access.writer.editTemplate(
                restaurant: restaurant.name, dayPart: dayPart, kind: kind, edit, by: "web:" + user.name)
            return PageRenderer.redirect(
                "/checklists/templates/\(PageFlow.queryValue(restaurant.name))?day_part=\(dayPart.rawValue)"
                    + "&kind=\(kind.rawValue)")
        }
    }

    /// "Main Street: Travel path (shift 3, sam)" for every due reminder of these shifts that was escalated.
    static func escalations(_ shifts: [ChecklistShift], now: Double) -> [String] {
        shifts.flatMap { shift in
            ChecklistActions.due(shift, now: now).filter { $0.occurrence.escalated != nil }.map {
                "\(shift.restaurant.name): \($0.occurrence.name) (shift \(shift.id), \(shift.manager))"
            }
        }
    }

    /// The `{restaurant}` of the address, percent-decoded ("Main%20Street").
    static func restaurantParameter(_ context: AppRequestContext) throws -> String {
        try RequestText.path(context, "restaurant", missing: "no restaurant named")
    }

    static func anchor(_ kind: String?, _ path: String?) -> String {
        "task-"
            + String(
                ((kind ?? "pre-shift") + "-" + (path ?? "")).unicodeScalars.map {
                    CharacterSet.alphanumerics.contains($0) ? Character($0) : "-"
                })
    }

    /// 1-based position of a task (or child) among its siblings.
    static func templatePosition(_ template: ChecklistTemplate?, _ path: String) throws -> Int {
        guard let template, let parsed = TaskPath(parsing: path),
            let section = template.sections.first(where: { $0.name == parsed.section }),
            let index = section.tasks.firstIndex(where: { $0.name == parsed.task })
        else { throw APIError.notFound("there is no task \(path)") }
        guard let child = parsed.child else { return index + 1 }
        guard let childIndex = section.tasks[index].children.firstIndex(where: { $0.name == child }) else {
            throw APIError.notFound("there is no task \(path)")
        }
        return childIndex + 1
    }

    static func templateRow(_ path: String, _ task: TaskTemplate, depth: Int) -> [String: Any] {
        [
            "path": path, "name": task.name, "priority": task.priority, "area": task.area.rawValue,
            "general": task.general, "time": task.time ?? "", "child": depth > 0, "parent": !task.children.isEmpty,
            "areas": Area.allCases.map { ["value": $0.rawValue, "chosen": $0 == task.area] as [String: Any] },
        ]
    }

    /// The working screen's (or archive's) values.
    static func view(_ shift: ChecklistShift, editable: Bool) -> [String: Any] {
        let clock = RestaurantClock(shift.restaurant)
        let now = Date().timeIntervalSince1970
        var checklists: [[String: Any]] = []
        for kind in ChecklistKind.allCases where shift.runs[kind] != nil {
            var sections: [[String: Any]] = []
            for line in shift.lines(kind, now: now) {
                if sections.last?["name"] as? String != line.path.section {
                    sections.append(["name": line.path.section, "tasks": [[String: Any]]()])
                }
                var tasks = sections[sections.count - 1]["tasks"] as? [[String: Any]] ?? []
                tasks.append([
                    "path": line.path.description, "name": line.name, "state": line.state.rawValue,
                    "ok": line.state == .ok, "notOk": line.state == .notOk, "note": line.note ?? "",
                    "general": line.general, "child": line.depth > 0, "parent": line.hasChildren,
                    "time": line.time ?? "", "overdue": line.carryOut == .overdue, "late": line.carryOut == .late,
                    "anchor": anchor(kind.rawValue, line.path.description), "kind": kind.rawValue,
                    "editable": editable && !line.hasChildren,
                ])
                sections[sections.count - 1]["tasks"] = tasks
            }
            checklists.append([
                "title": ChecklistRendering.title(kind), "kind": kind.rawValue, "version": shift.versions[kind] ?? 0,
                "sections": sections,
            ])
        }
        let due = ChecklistActions.due(shift, now: now)
        return [
            "id": shift.id, "restaurant": shift.restaurant.name, "manager": shift.manager,
            "dayPart": shift.dayPart.rawValue, "started": clock.text(shift.startedAt),
            "ended": shift.endedAt.map(clock.text) ?? "", "archived": shift.isEnded, "editable": editable,
            "checklists": checklists,
            "todos": shift.todos.map { todo -> [String: Any] in
                [
                    "id": todo.id, "task": todo.task, "section": todo.section, "area": todo.area.rawValue,
                    "priority": todo.priority, "done": todo.done, "note": todo.note ?? "",
                    "fromTask": todo.source == .notOk, "editable": editable,
                ]
            },
            "hasTodos": !shift.todos.isEmpty,
            "due": due.map { ["name": $0.occurrence.name, "time": clock.time($0.occurrence.due)] },
            "anyDue": !due.isEmpty,
            "reminders": ReminderOutcomes.of(shift, now: now).suffix(12).map { reminder, outcome -> [String: Any] in
                [
                    "name": reminder.occurrence.name, "time": clock.time(reminder.occurrence.due),
                    "outcome": outcome.rawValue,
                    "done": reminder.occurrence.acknowledged.map(clock.time) ?? "",
                ]
            },
            "areas": Area.allCases.map(\.rawValue),
        ]
    }
}

/// Bars per shift manager: the median minutes to complete the pre-shift checklist, and the travel paths on time,
/// late and missed, drawn as SVG by the server (no script).
enum StatisticsChart {
    static func svg(_ stats: [ManagerStatistics]) -> String {
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
            let total = max(1, paths.reduce(0) { $0 + (s.travelPaths[$1.0] ?? 0) })
            var x = labelWidth
            for (outcome, colour) in paths {
                let w = (width - labelWidth - 40) * Double(s.travelPaths[outcome] ?? 0) / Double(total)
                svg +=
                    "<rect x=\"\(Int(x))\" y=\"\(Int(y + 15))\" width=\"\(Int(w))\" height=\"10\" fill=\"\(colour)\">"
                svg += "<title>\(outcome.rawValue): \(s.travelPaths[outcome] ?? 0)</title></rect>"
                x += w
            }
        }
        let legendY = Int(height - 8)
        svg += "<text x=\"0\" y=\"\(legendY)\" font-size=\"10\">blue: median minutes · travel paths: "
        svg += "green on time, amber late, red missed</text></svg>"
        return svg
    }
}
