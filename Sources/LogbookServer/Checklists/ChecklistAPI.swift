import Foundation
import HTTPTypes
import Hummingbird
import LogbookCLI
import LogbookStore
import Checklists
import TrackModel

/// `/api/v1/checklists/…`: the same shapes as `logbook checklists … --format json`.
enum ChecklistAPI {
    struct StartBody: Decodable {
        var restaurant: String
        var dayPart: String
        enum CodingKeys: String, CodingKey {
            case restaurant
            case dayPart = "day_part"
        }
    }

    struct MarkBody: Decodable {
        var path: String
        var state: String
        var note: String?
        var kind: String?
    }

    struct TodoBody: Decodable {
        var task: String
        var section: String?
        var area: String?
        var priority: Int?
    }

    struct TodoPatch: Decodable {
        var done: Bool
        var note: String?
    }

    static func number(_ context: AppRequestContext, _ name: String) throws -> Int64 {
        guard let text = context.parameters.get(name), let id = Int64(text), id > 0 else {
            throw APIError.invalid("'\(name)' must be a positive number")
        }
        return id
    }

    static func shiftJSON(_ shift: ChecklistShift, status: HTTPResponse.Status = .ok) -> Response {
        var j = JSONText()
        ChecklistJSON.shift(shift, now: Date().timeIntervalSince1970, into: &j)
        return JSONResponse.make(j.text + "\n", status: status)
    }

    static func register(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        let database = environment.database
        @Sendable func actions(_ context: AppRequestContext) throws -> ChecklistActions {
            ChecklistActions(
                access: ChecklistAccess(database: database, user: try context.requireUser()), environment: environment)
        }
        api.get("/checklists/restaurants") { _, context in
            let access = ChecklistAccess(database: database, user: try context.requireUser())
            let restaurants = try access.restaurants().map {
                ["name": $0.name, "email": $0.email ?? "", "timezone": $0.timezone]
            }
            return try JSONResponse.make(encoding: ["restaurants": restaurants])
        }
        api.get("/checklists/shifts") { _, context in
            let access = ChecklistAccess(database: database, user: try context.requireUser())
            try access.requireStaff()
            let open = try database.openChecklistShifts().filter { access.user.worksAt($0.restaurant.name) }
            return JSONResponse.make(ChecklistJSON.shifts(open, now: Date().timeIntervalSince1970))
        }
        api.post("/checklists/shifts") { request, context in
            let body = try await request.decode(as: StartBody.self, context: context)
            let id = try actions(context).start(restaurant: body.restaurant, dayPart: body.dayPart)
            return JSONResponse.make("{\"id\": \(id)}\n", status: .created)
        }
        api.get("/checklists/shifts/{shift}") { _, context in
            let access = ChecklistAccess(database: database, user: try context.requireUser())
            return shiftJSON(try access.shift(try number(context, "shift")))
        }
        api.post("/checklists/shifts/{shift}/marks") { request, context in
            let body = try await request.decode(as: MarkBody.self, context: context)
            let shift = try actions(context).mark(
                shift: try number(context, "shift"), path: body.path, state: body.state, note: body.note,
                kind: body.kind)
            return shiftJSON(shift)
        }
        api.get("/checklists/shifts/{shift}/todos") { _, context in
            let access = ChecklistAccess(database: database, user: try context.requireUser())
            return JSONResponse.make(ChecklistJSON.todos(try access.shift(try number(context, "shift")).todos))
        }
        api.get("/checklists/shifts/{shift}/todos/earlier") { _, context in
            let access = ChecklistAccess(database: database, user: try context.requireUser())
            let shift = try access.shift(try number(context, "shift"))
            return JSONResponse.make(ChecklistJSON.todos(try ChecklistActions.earlierTodos(for: shift, database)))
        }
        api.post("/checklists/shifts/{shift}/todos") { request, context in
            let body = try await request.decode(as: TodoBody.self, context: context)
            let id = try number(context, "shift")
            _ = try actions(context).addTodo(
                shift: id, task: body.task, section: body.section, area: body.area, priority: body.priority)
            return JSONResponse.make(ChecklistJSON.todos(try database.checklistShift(id).todos), status: .created)
        }
        api.patch("/checklists/shifts/{shift}/todos/{todo}") { request, context in
            let body = try await request.decode(as: TodoPatch.self, context: context)
            let id = try number(context, "shift")
            try actions(context).settleTodo(
                shift: id, todo: try number(context, "todo"), done: body.done, note: body.note)
            return JSONResponse.make(ChecklistJSON.todos(try database.checklistShift(id).todos))
        }
        api.delete("/checklists/shifts/{shift}/todos/{todo}") { _, context in
            try actions(context).deleteTodo(shift: try number(context, "shift"), todo: try number(context, "todo"))
            return Response(status: .noContent)
        }
        api.post("/checklists/shifts/{shift}/todos/mail") { _, context in
            let status = try actions(context).mailTodos(shift: try number(context, "shift"))
            return try JSONResponse.make(encoding: ["mail": status])
        }
        api.post("/checklists/shifts/{shift}/reminders/{name}/ack") { _, context in
            let name = try RequestText.path(context, "name", missing: "'name' is missing")
            let done = try actions(context).acknowledge(shift: try number(context, "shift"), name: name)
            return try JSONResponse.make(encoding: [
                "name": done.occurrence.name, "due": Timestamp(secondsSince1970: done.occurrence.due).iso8601,
                "acknowledged": Timestamp(secondsSince1970: done.occurrence.acknowledged ?? 0).iso8601,
            ])
        }
        api.post("/checklists/shifts/{shift}/end") { _, context in
            let (ended, mail) = try actions(context).end(shift: try number(context, "shift"))
            var response = shiftJSON(ended)
            response.headers[HTTPField.Name("Logbook-Mail")!] = mail.replacingOccurrences(of: "\n", with: " ")
            return response
        }
        api.get("/checklists/archive") { request, context in
            let access = ChecklistAccess(database: database, user: try context.requireUser())
            let (restaurant, manager, from, to) = try filter(request, access)
            let shifts = try access.archive(restaurant: restaurant, manager: manager, from: from, to: to)
            return JSONResponse.make(ChecklistJSON.shifts(shifts, now: Date().timeIntervalSince1970))
        }
        api.get("/checklists/stats") { request, context in
            let access = ChecklistAccess(database: database, user: try context.requireUser())
            let (restaurant, manager, from, to) = try filter(request, access)
            let shifts = try access.archive(restaurant: restaurant, manager: manager, from: from, to: to)
            let settings = environment.checklistSettings
            return JSONResponse.make(
                ChecklistStatistics.json(
                    ChecklistStatistics.compute(
                        shifts, travelPath: settings.travelPathName,
                        policy: settings.policy)))
        }
        api.get("/checklists/templates/{restaurant}") { _, context in
            let access = ChecklistAccess(database: database, user: try context.requireUser())
            let restaurant = try access.restaurant(ChecklistPages.restaurantParameter(context))
            let templates = try database.templates(restaurant: restaurant.name).map(\.template)
            return JSONResponse.make(try ChecklistTemplateFile.json(templates, single: false))
        }
        api.put("/checklists/templates/{restaurant}") { request, context in
            let access = ChecklistAccess(database: database, user: try context.requireUser())
            let restaurant = try access.requireTemplateEditor(ChecklistPages.restaurantParameter(context))
            let buffer = try await BodyLimit.collect(request)
            try RequestText.check(json: Data(buffer.readableBytesView))
            let templates: [ChecklistTemplate]
            do {
                templates = try ChecklistTemplateFile.parse(Data(buffer.readableBytesView), name: "body")
            } catch let error as ChecklistTemplateFile.TemplateFileError {
                throw APIError.invalid(error.message)
            }
            var versions: [[String: String]] = []
            for template in templates {
                guard template.restaurant.caseInsensitiveCompare(restaurant.name) == .orderedSame else {
                    throw APIError.invalid("'restaurant' must be \(restaurant.name), as in the address")
                }
                let stored = try access.writer.saveTemplate(template, by: "web:" + access.user.name)
                versions.append([
                    "day_part": template.dayPart.rawValue, "kind": template.kind.rawValue,
                    "version": String(stored.version),
                ])
            }
            return try JSONResponse.make(encoding: ["versions": versions])
        }
    }

    /// `restaurant`, `manager`, `from`, `to` (days on the restaurant's clock, or the server's).
    static func filter(_ request: Request, _ access: ChecklistAccess) throws -> (String?, String?, Double?, Double?) {
        let query = RequestText.query(request)
        func value(_ name: String) -> String? {
            query[Substring(name)].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        }
        let restaurant = value("restaurant")
        let zone = try restaurant.map { RestaurantClock(try access.restaurant($0)).zone } ?? .current
        // Calendar days on the restaurant's clock: `to` ends at the next midnight there (23 or 25 hours on the
        // days the clocks change).
        func day(_ name: String, next: Bool = false) throws -> Double? {
            guard let text = value(name) else { return nil }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = zone
            formatter.dateFormat = "yyyy-MM-dd"
            guard text.count == 10, let date = formatter.date(from: text) else {
                throw APIError.invalid("'\(name)' must be a date YYYY-MM-DD")
            }
            guard next else { return date.timeIntervalSince1970 }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            return (calendar.date(byAdding: .day, value: 1, to: date) ?? date.addingTimeInterval(86_400))
                .timeIntervalSince1970
        }
        let from = try day("from")
        let to = try day("to", next: true)
        return (restaurant, value("manager"), from, to)
    }
}

extension ChecklistAPI {
    typealias Operation = OpenAPIDocument.Operation

    static var shiftPath: (String, [String: Any], String) { ("shift", ["type": "integer", "minimum": 1], "path") }
    static var todoPath: (String, [String: Any], String) { ("todo", ["type": "integer", "minimum": 1], "path") }
    static var filterQuery: [(String, [String: Any], String)] {
        [
            ("restaurant", ["type": "string", "maxLength": 80], "query"),
            ("manager", ["type": "string", "maxLength": 64], "query"),
            ("from", ["type": "string", "format": "date"], "query"),
            ("to", ["type": "string", "format": "date"], "query"),
        ]
    }

    /// The checklist operations of the OpenAPI document.
    static var operations: [Operation] {
        let text: [String: Any] = ["type": "string", "maxLength": 1_000]
        return [
            Operation(
                method: "get", path: "/api/v1/checklists/restaurants", summary: "The user's restaurants",
                errors: [401, 403]),
            Operation(
                method: "get", path: "/api/v1/checklists/shifts", summary: "Open shifts of the user's restaurants",
                errors: [401, 403]),
            Operation(
                method: "post", path: "/api/v1/checklists/shifts",
                summary: "Start a shift (the user is its manager): a working copy of the restaurant's checklists",
                body: [
                    "type": "object", "required": ["restaurant", "day_part"],
                    "properties": [
                        "restaurant": ["type": "string", "maxLength": 80],
                        "day_part": ["type": "string", "enum": ["day", "evening"]],
                    ],
                ], success: 201, errors: [400, 401, 403, 404, 409, 422]),
            Operation(
                method: "get", path: "/api/v1/checklists/shifts/{shift}",
                summary: "A shift: checklists with states, notes and carry-out flags, to-dos, reminders",
                query: [shiftPath], errors: [401, 403, 404, 422]),
            Operation(
                method: "post", path: "/api/v1/checklists/shifts/{shift}/marks",
                summary: "Mark a task ok, not-ok or unchecked (a not-ok pre-shift task makes a to-do)",
                query: [shiftPath],
                body: [
                    "type": "object", "required": ["path", "state"],
                    "properties": [
                        "path": ["type": "string", "maxLength": 400],
                        "state": ["type": "string", "enum": ["ok", "not-ok", "unchecked"]], "note": text,
                        "kind": ["type": "string", "enum": ["pre-shift", "before", "during", "after"]],
                    ],
                ], errors: [400, 401, 403, 404, 409, 422]),
            Operation(
                method: "get", path: "/api/v1/checklists/shifts/{shift}/todos",
                summary: "The to-do list in its order", query: [shiftPath], errors: [401, 403, 404, 422]),
            Operation(
                method: "get", path: "/api/v1/checklists/shifts/{shift}/todos/earlier",
                summary: "To-dos added on the restaurant's earlier shifts, to pick from (newest first, once each)",
                query: [shiftPath], errors: [401, 403, 404, 422]),
            Operation(
                method: "post", path: "/api/v1/checklists/shifts/{shift}/todos", summary: "Add a to-do",
                query: [shiftPath],
                body: [
                    "type": "object", "required": ["task"],
                    "properties": [
                        "task": ["type": "string", "maxLength": 200], "section": ["type": "string", "maxLength": 120],
                        "area": ["type": "string", "enum": ["manager", "kitchen", "service"]],
                        "priority": ["type": "integer", "minimum": 1, "maximum": 4],
                    ],
                ], success: 201, errors: [400, 401, 403, 404, 409, 422]),
            Operation(
                method: "patch", path: "/api/v1/checklists/shifts/{shift}/todos/{todo}",
                summary: "Mark a to-do done or not, with a note (what was done, or why not)",
                query: [shiftPath, todoPath],
                body: [
                    "type": "object", "required": ["done"],
                    "properties": ["done": ["type": "boolean"], "note": text],
                ], errors: [400, 401, 403, 404, 409, 422]),
            Operation(
                method: "delete", path: "/api/v1/checklists/shifts/{shift}/todos/{todo}",
                summary: "Delete a to-do the manager added", query: [shiftPath, todoPath], success: 204,
                errors: [401, 403, 404, 409, 422]),
            Operation(
                method: "post", path: "/api/v1/checklists/shifts/{shift}/todos/mail",
                summary: "Mail the to-do list (manager, kitchen, service) to the restaurant through the outbox",
                query: [shiftPath], errors: [401, 403, 404, 409, 422]),
            Operation(
                method: "post", path: "/api/v1/checklists/shifts/{shift}/reminders/{name}/ack",
                summary: "The reminder (travel path) done now: answers the newest due occurrence",
                query: [shiftPath, ("name", ["type": "string", "maxLength": 60], "path")],
                errors: [401, 403, 404, 409, 422]),
            Operation(
                method: "post", path: "/api/v1/checklists/shifts/{shift}/end",
                summary: "End the shift (409 naming what is in the way); its checklists become its archive",
                query: [shiftPath], errors: [401, 403, 404, 409, 422]),
            Operation(
                method: "get", path: "/api/v1/checklists/archive",
                summary: "Ended shifts as they were, newest first", query: filterQuery, errors: [401, 403, 404, 422]),
            Operation(
                method: "get", path: "/api/v1/checklists/stats", summary: "Statistics per shift manager",
                query: filterQuery, errors: [401, 403, 404, 422]),
            Operation(
                method: "get", path: "/api/v1/checklists/templates/{restaurant}",
                summary: "The restaurant's latest templates (the template JSON format)",
                query: [("restaurant", ["type": "string", "maxLength": 80], "path")], errors: [401, 403, 404]),
            Operation(
                method: "put", path: "/api/v1/checklists/templates/{restaurant}",
                summary: "Import templates (one or an array): each changed one becomes the next version",
                query: [("restaurant", ["type": "string", "maxLength": 80], "path")],
                body: ["type": ["object", "array"]], errors: [400, 401, 403, 404, 422]),
        ]
    }
}
