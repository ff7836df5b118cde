import Hummingbird
import LogbookServices

/// `/api/v1/hours/shifts`: a pay period's entries (the `hours list --format json` contract), one entry, adding,
/// changing and deleting, and sending a refused entry to the payroll system again: adapters of `HoursService`. The log's refusals (an overlap, a submitted or locked period)
/// are 409.
enum HoursEntryAPI {
    static func register(_ api: RouterGroup<AppRequestContext>, _ edge: HoursEdge) {
        api.get("/hours/shifts") { request, context in
            let service = try edge.service(try context.requireUser())
            let query = try RequestInput.query(HoursQuery.self, from: request)
            return try HoursEdge.json(try service.sheet(period: query.period, driver: query.driver))
        }
        api.post("/hours/shifts") { request, context in
            let service = try edge.service(try context.requireUser())
            let query = try RequestInput.query(HoursQuery.self, from: request)
            var input = try await HoursEdge.input(HoursEntryInput.self, request, context)
            input.driver = input.driver ?? query.driver
            return try HoursEdge.json(try service.addEntry(input), status: .created)
        }
        api.get("/hours/shifts/{id}") { _, context in
            let service = try edge.service(try context.requireUser())
            return try HoursEdge.json(try service.entry(try RequestText.path(context, "id")))
        }
        api.patch("/hours/shifts/{id}") { request, context in
            let service = try edge.service(try context.requireUser())
            let key = try RequestText.path(context, "id")
            _ = try service.editableEntry(key)
            let input = try await HoursEdge.input(HoursEntryInput.self, request, context)
            return try HoursEdge.json(try service.changeEntry(key, input))
        }
        api.delete("/hours/shifts/{id}") { _, context in
            let service = try edge.service(try context.requireUser())
            try service.deleteEntry(try RequestText.path(context, "id"))
            return Response(status: .noContent)
        }
        // A shift's changes the payroll system refused go again at the next sync.
        api.post("/hours/shifts/{id}/retry") { _, context in
            let service = try edge.service(try context.requireUser())
            return try HoursEdge.json(try service.retrySync(try RequestText.path(context, "id")))
        }
    }
}
