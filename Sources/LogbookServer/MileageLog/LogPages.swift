import Foundation
import Hummingbird
import LogbookServices
import LogbookStore
import TrackModel
import MileageLog

/// Reports (choose, download, e-mail, the outbox) and, for admins, vehicles and odometer readings.
enum LogPages {
    static func register(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        let clock = environment.clock
        @Sendable func serviceContext(_ user: AppUser) -> ServiceContext {
            ServiceContext(database: environment.database, caller: .user(user), clock: clock)
        }
        @Sendable func reportsPage(
            _ user: AppUser, _ session: WebSession, message: String? = nil, chosen: ReportPageQuery = ReportPageQuery(),
            typed: FormData? = nil, problem: MileageFormProblem? = nil
        ) throws -> Response {
            let vehicles = try VehicleService(serviceContext(user)).list().map(\.details.plate)
            let lastMonth = clock.today.startOfMonth.adding(months: -1)
            let vehicle = typed?["vehicle"] ?? chosen.vehicle
            let category = typed?["category"] ?? chosen.category ?? "all"
            var values: [String: Any] = [
                "vehicles": vehicles,
                "month": typed?["month"] ?? chosen.month ?? String(lastMonth.description.prefix(7)),
                "csrf": session.csrfToken, "hasVehicles": !vehicles.isEmpty, "fleet": user.managesFleet,
                "choices": vehicles.map { ["plate": $0, "selected": $0 == vehicle] as [String: Any] },
                "mailCategories": ["all", "business", "private", "commute"].map {
                    ["value": $0, "label": $0 == "all" ? "All" : $0.capitalized, "selected": $0 == category]
                        as [String: Any]
                },
                "to": typed?["to"] ?? "",
            ]
            if user.mayReadOutbox {
                let outbox = try OutboxService(serviceContext(user)).list().prefix(50).map { view -> [String: Any] in
                    let m = view.message
                    return [
                        "id": m.id, "subject": m.subject, "to": m.recipients.joined(separator: ", "),
                        "status": m.status.rawValue, "created": clock.dateTime(m.createdAt),
                    ]
                }
                values["outbox"] = outbox
                values["hasOutbox"] = !outbox.isEmpty
            }
            if let message { values["message"] = message }
            problem?.apply(to: &values)
            return renderer.page(
                "mileage/reports", title: "Reports", values, user: user, csrf: session.csrfToken,
                status: problem?.status ?? .ok)
        }
        pages.get("/reports") { request, context in
            let (user, session) = try requireLogin(request, context)
            return try reportsPage(user, session, chosen: try RequestInput.query(ReportPageQuery.self, from: request))
        }
        pages.get("/reports/download") { request, context in
            let (user, _) = try requireLogin(request, context)
            let query = try RequestInput.query(ReportPageQuery.self, from: request)
            guard let plate = query.vehicle, let month = query.month else {
                throw ServiceError(.invalid, "choose a vehicle and a month")
            }
            let report = try MonthlyReport(
                ReportInput(vehicle: plate, month: month, driver: query.driver, category: query.category),
                context: serviceContext(user), environment: environment)
            return try report.download(format: query.format == "pdf" ? "pdf" : "csv")
        }
        pages.post("/reports/email") { request, context in
            let (user, session, form) = try await submittedForm(request, context)
            do {
                guard let plate = form.text("vehicle") else {
                    throw ServiceError(.invalid, field: "vehicle", "choose a vehicle")
                }
                guard let month = form.text("month") else {
                    throw ServiceError(.invalid, field: "month", "choose a month")
                }
                guard let to = form.text("to") else {
                    throw ServiceError(.invalid, field: "to", "give an address to send to")
                }
                let report = try MonthlyReport(
                    ReportInput(vehicle: plate, month: month, category: form.text("category")),
                    context: serviceContext(user), environment: environment)
                let recipients = to.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
                let id = try report.queue(to: recipients, environment: environment)
                return try reportsPage(user, session, message: "The report is queued for sending (message \(id)).")
            } catch {
                guard let problem = MileageFormProblem(error, fields: ["vehicle", "month", "category", "to"]) else {
                    throw error
                }
                return try reportsPage(user, session, typed: form, problem: problem)
            }
        }
        pages.get("/vehicles") { request, context in
            let (user, session) = try requireLogin(request, context)
            try MileageLogAccess(serviceContext(user)).requireAdmin()
            return try vehiclesPage(user, session, message: Flash.message(request))
        }
        @Sendable func vehiclesPage(_ user: AppUser, _ session: WebSession, message: String? = nil) throws -> Response {
            let vehicles = try VehicleService(serviceContext(user)).list().map { view -> [String: Any] in
                let v = view.details
                return ["plate": v.plate, "model": v.makeModel ?? "", "unit": v.odometerUnit.rawValue]
            }
            let readings = try OdometerService(serviceContext(user)).list().suffix(30).reversed().map {
                view -> [String: Any] in
                let r = view.reading
                return [
                    "vehicle": r.vehicle, "time": clock.dateTime(r.time), "reading": String(format: "%.1f", r.reading),
                    "unit": r.unit.rawValue, "note": r.note ?? "", "voided": r.voided,
                ]
            }
            let places = try PlaceService(serviceContext(user)).list().map(\.place)
            var values: [String: Any] = [
                "vehicles": vehicles, "readings": readings, "csrf": session.csrfToken,
                "places": places.map { ["name": $0.name, "radius": Int($0.radiusMetres.rounded())] },
                "rules": try RuleService(serviceContext(user)).list().map { view -> [String: Any] in
                    let r = view.stored.rule
                    var rule: [String: Any] = ["name": r.name, "category": r.category.rawValue, "priority": r.priority]
                    if let purpose = r.purpose { rule["purpose"] = purpose }
                    if let start = r.startPlace?.name { rule["from"] = start }
                    if let end = r.endPlace?.name { rule["to"] = end }
                    return rule
                },
                "placeNames": places.map(\.name),
            ]
            if let message, !message.isEmpty { values["message"] = message }
            return renderer.page("mileage/vehicles", title: "Vehicles", values, user: user, csrf: session.csrfToken)
        }
        // Vehicles, readings, places and classification rules, as `logbook vehicles`, `odometer record`, `places`
        // and `rules` keep them (weekdays and time windows of a rule stay with the CLI). A value out of its rules is
        // 422, what the log refuses 409, as in the API.
        pages.post("/vehicles") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try VehicleService(serviceContext(user))
            try service.access.requireAdmin()
            _ = try service.add(try form.decoded(NewVehicleInput.self))
            return PageRenderer.redirect("/vehicles")
        }
        pages.post("/places") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try PlaceService(serviceContext(user))
            try service.access.requireAdmin()
            _ = try service.add(try form.decoded(PlaceInput.self))
            return PageRenderer.redirect("/vehicles")
        }
        pages.post("/places/remove") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            try PlaceService(serviceContext(user)).remove(named: form.text("name") ?? "")
            return PageRenderer.redirect("/vehicles")
        }
        pages.post("/rules") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try RuleService(serviceContext(user))
            try service.access.requireAdmin()
            try service.add(try form.decoded(RuleInput.self))
            return PageRenderer.redirect("/vehicles")
        }
        pages.post("/rules/remove") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            try RuleService(serviceContext(user)).remove(named: form.text("name") ?? "")
            return PageRenderer.redirect("/vehicles")
        }
        pages.post("/odometer") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try OdometerService(serviceContext(user))
            try service.access.requireAdmin()
            _ = try service.record(try form.decoded(OdometerReadingInput.self))
            return PageRenderer.redirect("/vehicles")
        }
    }
}

/// The reports page's download: `?vehicle=…&month=YYYY-MM&category=…&format=csv|pdf`.
struct ReportPageQuery: Decodable {
    init() {}

    var vehicle: String?
    var month: String?
    var category: String?
    var driver: String?
    var format: String?
}
