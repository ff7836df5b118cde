import Hours
import Hummingbird
import LogbookServices

/// `/api/v1/hours/clock` (start, pause, resume, stop), `/api/v1/hours/periods/{day}/submit|reopen|lock`, the
/// period's timesheet (`…/timesheet.pdf|csv`, `…/timesheet/email`) and `/api/v1/hours/links`: adapters of
/// `HoursService`.
enum HoursAPI {
    static func register(_ api: RouterGroup<AppRequestContext>, _ edge: HoursEdge) {
        api.get("/hours/clock") { request, context in
            let service = try edge.service(try context.requireUser())
            let query = try RequestInput.query(HoursQuery.self, from: request)
            return try HoursEdge.json(try service.clock(driver: query.driver))
        }
        for action in HoursClockAction.allCases {
            api.post("/hours/clock/\(action.rawValue)") { request, context in
                let service = try edge.service(try context.requireUser())
                let query = try RequestInput.query(HoursQuery.self, from: request)
                var input = try await HoursEdge.input(HoursClockInput.self, request, context)
                input.driver = query.driver ?? input.driver
                let entry = try service.clock(action, input)
                return try HoursEdge.json(try service.clock(driver: entry.driver))
            }
        }
        for action in HoursPeriodAction.allCases {
            api.post("/hours/periods/{day}/\(action.rawValue)") { request, context in
                let service = try edge.service(try context.requireUser())
                let query = try RequestInput.query(HoursQuery.self, from: request)
                let period = try service.period(named: try RequestText.path(context, "day"), field: "day")
                return try HoursEdge.json(try action.perform(period, driver: query.driver, service: service))
            }
        }
        for file in HoursTimesheet.allCases {
            api.get("/hours/periods/{day}/\(file.rawValue)") { request, context in
                let service = try edge.service(try context.requireUser())
                return try file.response(service, period: try RequestText.path(context, "day"), request: request)
            }
        }
        api.post("/hours/periods/{day}/timesheet/email") { request, context in
            let service = try edge.service(try context.requireUser())
            let query = try RequestInput.query(HoursQuery.self, from: request)
            let input = try await HoursEdge.input(HoursTimesheetMailInput.self, request, context)
            let id = try HoursTimesheet.queue(
                service, period: try RequestText.path(context, "day"), driver: query.driver, input,
                environment: edge.environment)
            return try HoursEdge.json(HoursTimesheetQueuedView(queued: id), status: .accepted)
        }
        api.get("/hours/links") { _, context in
            let service = try edge.service(try context.requireUser())
            return try HoursEdge.json(HoursLinksView(links: try service.links()))
        }
        api.post("/hours/links") { request, context in
            let service = try edge.service(try context.requireUser())
            let input = try await HoursEdge.input(HoursLinkInput.self, request, context)
            return try HoursEdge.json(try service.addLink(input), status: .created)
        }
        api.delete("/hours/links/{id}") { _, context in
            let service = try edge.service(try context.requireUser())
            try service.removeLink(id: try RequestText.path(context, "id"))
            return Response(status: .noContent)
        }
    }
}

/// What the hours' routes read from the query string: whose hours, which period.
struct HoursQuery: Decodable {
    var driver: String?
    var period: String?
    var date: String?
}

/// What a period can be asked to do.
enum HoursPeriodAction: String, CaseIterable {
    case submit, reopen, lock

    func perform(_ period: PayPeriod, driver: String?, service: HoursService) throws -> HoursPeriodStatusView {
        switch self {
        case .submit: try service.submit(period, driver: driver)
        case .reopen: try service.reopen(period, driver: driver)
        case .lock: try service.lock(period, driver: driver)
        }
    }
}
