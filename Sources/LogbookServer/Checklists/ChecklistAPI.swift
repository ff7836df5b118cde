import Foundation
import HTTPTypes
import Hummingbird
import LogbookServices

/// `/api/v1/checklists/…`: adapters over `ChecklistService`, answering the views `logbook checklists … --format json`
/// prints.
enum ChecklistAPI {
    /// A path parameter that is an id.
    static func number(_ context: AppRequestContext, _ name: String) throws -> Int64 {
        guard let text = context.parameters.get(name), let id = Int64(text), id > 0 else {
            throw APIError.invalid("'\(name)' must be a positive number", field: name)
        }
        return id
    }

    /// The `{restaurant}` of the address, percent-decoded ("Main%20Street").
    static func restaurant(_ context: AppRequestContext) throws -> String {
        try RequestText.path(context, "restaurant", missing: "no restaurant named")
    }

    static func json(_ view: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        var data = try ServiceJSON.encode(view)
        data.append(0x0A)
        return JSONResponse.make(data, status: status)
    }

    static func register(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        @Sendable func service(_ context: AppRequestContext) throws -> ChecklistService {
            environment.checklists(try context.requireUser())
        }
        api.get("/checklists/restaurants") { _, context in
            try json(try service(context).restaurants())
        }
        api.get("/checklists/shifts") { _, context in
            try json(try service(context).openShifts())
        }
        api.post("/checklists/shifts") { request, context in
            let input = try await RequestInput.decode(ChecklistShiftStartInput.self, from: request, context: context)
            return try json(try service(context).startShift(input), status: .created)
        }
        api.get("/checklists/shifts/{shift}") { _, context in
            try json(try service(context).shift(try number(context, "shift")))
        }
        api.post("/checklists/shifts/{shift}/marks") { request, context in
            let input = try await RequestInput.decode(ChecklistMarkInput.self, from: request, context: context)
            return try json(try service(context).mark(shift: try number(context, "shift"), input))
        }
        api.get("/checklists/shifts/{shift}/todos") { _, context in
            try json(try service(context).todos(shift: try number(context, "shift")))
        }
        api.get("/checklists/shifts/{shift}/todos/earlier") { _, context in
            try json(try service(context).earlierTodos(shift: try number(context, "shift")))
        }
        api.post("/checklists/shifts/{shift}/todos") { request, context in
            let input = try await RequestInput.decode(ChecklistTodoInput.self, from: request, context: context)
            let checklists = try service(context)
            let shift = try number(context, "shift")
            _ = try checklists.addTodo(shift: shift, input)
            return try json(try checklists.todos(shift: shift), status: .created)
        }
        api.patch("/checklists/shifts/{shift}/todos/{todo}") { request, context in
            let input = try await RequestInput.decode(ChecklistTodoSettleInput.self, from: request, context: context)
            return try json(
                try service(context).settleTodo(
                    shift: try number(context, "shift"), todo: try number(context, "todo"), input))
        }
        api.delete("/checklists/shifts/{shift}/todos/{todo}") { _, context in
            try service(context).deleteTodo(shift: try number(context, "shift"), todo: try number(context, "todo"))
            return Response(status: .noContent)
        }
        api.post("/checklists/shifts/{shift}/todos/mail") { _, context in
            let status = try service(context).mailTodos(
                shift: try number(context, "shift"), mailer: environment.checklistMailer)
            return try json(["mail": status.description])
        }
        api.post("/checklists/shifts/{shift}/reminders/{name}/ack") { _, context in
            let name = try RequestText.path(context, "name", missing: "'name' is missing")
            return try json(try service(context).acknowledge(shift: try number(context, "shift"), reminder: name))
        }
        api.post("/checklists/shifts/{shift}/end") { _, context in
            let ended = try service(context).endShift(
                try number(context, "shift"), mailer: environment.checklistMailer)
            var response = try json(ended)
            response.headers[HTTPField.Name("Logbook-Mail")!] = ended.mail.description
                .replacingOccurrences(of: "\n", with: " ")
            return response
        }
        api.get("/checklists/archive") { request, context in
            let filter = try RequestInput.query(ChecklistArchiveFilter.self, from: request)
            return try json(try service(context).archive(filter))
        }
        api.get("/checklists/stats") { request, context in
            let filter = try RequestInput.query(ChecklistArchiveFilter.self, from: request)
            return try json(try service(context).statistics(filter))
        }
        api.get("/checklists/templates/{restaurant}") { _, context in
            let templates = try service(context).latestTemplates(restaurant: try restaurant(context))
            return JSONResponse.make(try ChecklistTemplateFile.encode(templates, single: false))
        }
        api.put("/checklists/templates/{restaurant}") { request, context in
            let checklists = try service(context)
            let name = try restaurant(context)
            // The rights first: nobody else's body is read.
            _ = try checklists.access.templateEditor(name)
            let data = Data((try await BodyLimit.collect(request)).readableBytesView)
            try RequestText.check(json: data)
            return try json(try checklists.importTemplates(json: data, restaurant: name))
        }
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
                summary: "Mark a to-do done or not, with a note (what was done, or why not); crew mark the kitchen's "
                    + "and the service's to-dos of their restaurants' open shifts",
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
