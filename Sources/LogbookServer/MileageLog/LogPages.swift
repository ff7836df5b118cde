import Foundation
import Hummingbird
import LogbookCLI
import LogbookDaemon
import LogbookReporting
import LogbookStore
import MileageLog
import Reports
import TrackModel
import LogbookServices

/// Reports (choose, download, e-mail, the outbox) and, for admins, vehicles and odometer readings.
enum LogPages {
    static func register(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        let database = environment.database
        let clock = environment.clock
        @Sendable func reportsPage(_ user: AppUser, _ session: WebSession, message: String? = nil) throws -> Response {
            _ = try TripAccess(database: database, user: user)
            let vehicles = try database.allVehicleDetails().filter { user.canSee(plate: $0.plate) }.map(\.plate)
            let lastMonth = clock.today.startOfMonth.adding(months: -1)
            var values: [String: Any] = [
                "vehicles": vehicles, "month": String(lastMonth.description.prefix(7)), "csrf": session.csrfToken,
            ]
            if user.mayReadOutbox {
                let outbox = try database.outbox().prefix(50).map { m -> [String: Any] in
                    [
                        "id": m.id, "subject": m.subject, "to": m.recipients.joined(separator: ", "),
                        "status": m.status.rawValue, "created": clock.dateTime(m.createdAt),
                    ]
                }
                values["outbox"] = outbox
                values["hasOutbox"] = !outbox.isEmpty
            }
            if let message { values["message"] = message }
            return renderer.page("mileage/reports", title: "Reports", values, user: user, csrf: session.csrfToken)
        }
        pages.get("/reports") { request, context in
            let (user, session) = try requireLogin(request, context)
            return try reportsPage(user, session)
        }
        pages.get("/reports/download") { request, context in
            let (user, _) = try requireLogin(request, context)
            let query = RequestText.query(request)
            guard let plate = query["vehicle"].map(String.init), let month = query["month"].map(String.init) else {
                throw APIError.invalid("choose a vehicle and a month")
            }
            let report = try Report(
                plate: plate, month: month, query: query, access: try TripAccess(database: database, user: user),
                environment: environment)
            return try report.download(format: query["format"] == "pdf" ? "pdf" : "csv")
        }
        pages.post("/reports/email") { request, context in
            let (user, session, form) = try await submittedForm(request, context)
            guard let plate = form.text("vehicle"), let month = form.text("month"), let to = form.text("to") else {
                return try reportsPage(user, session, message: "Choose a vehicle and a month, and give an address.")
            }
            let report = try Report(
                plate: plate, month: month, query: Parameters(), access: try TripAccess(database: database, user: user),
                environment: environment)
            let recipients = to.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
            let id = try report.queue(to: recipients, environment: environment, actor: user.name)
            return try reportsPage(user, session, message: "The report is queued for sending (message \(id)).")
        }
        pages.get("/vehicles") { request, context in
            let (user, session) = try requireLogin(request, context)
            try TripAccess(database: database, user: user).requireAdmin()
            return try vehiclesPage(user, session)
        }
        @Sendable func vehiclesPage(_ user: AppUser, _ session: WebSession, message: String? = nil) throws -> Response {
            let vehicles = try database.allVehicleDetails().map { v -> [String: Any] in
                ["plate": v.plate, "model": v.makeModel ?? "", "unit": v.odometerUnit.rawValue]
            }
            let readings = try database.odometerReadings().suffix(30).reversed().map { r -> [String: Any] in
                [
                    "vehicle": r.vehicle, "time": clock.dateTime(r.time), "reading": String(format: "%.1f", r.reading),
                    "unit": r.unit.rawValue, "note": r.note ?? "", "voided": r.voided,
                ]
            }
            var values: [String: Any] = [
                "vehicles": vehicles, "readings": readings, "csrf": session.csrfToken,
                "places": try database.places().map { ["name": $0.name, "radius": Int($0.radiusMetres.rounded())] },
                "rules": try database.rules().map { r -> [String: Any] in
                    var rule: [String: Any] = [
                        "name": r.rule.name, "category": r.rule.category.rawValue, "priority": r.rule.priority,
                    ]
                    if let purpose = r.rule.purpose { rule["purpose"] = purpose }
                    if let start = r.rule.startPlace?.name { rule["from"] = start }
                    if let end = r.rule.endPlace?.name { rule["to"] = end }
                    return rule
                },
                "placeNames": try database.places().map(\.name),
            ]
            if let message { values["message"] = message }
            return renderer.page("mileage/vehicles", title: "Vehicles", values, user: user, csrf: session.csrfToken)
        }
        pages.post("/vehicles") { request, context in
            let (user, session, form) = try await submittedForm(request, context)
            let access = try TripAccess(database: database, user: user)
            try access.requireAdmin()
            guard let plate = form.text("plate"), plate.count <= 20 else {
                return try vehiclesPage(user, session, message: "A plate needs 1 to 20 characters.")
            }
            _ = try access.writer.addVehicle(
                VehicleDetails(
                    plate: plate, makeModel: form.text("model"), odometerUnit: form["unit"] == "mi" ? .mi : .km,
                    initialOdometer: form.text("initial").flatMap(Double.init), driver: nil))
            return PageRenderer.redirect("/vehicles")
        }
        // Places and classification rules, as `logbook places` and `logbook rules` keep them (weekdays and time
        // windows of a rule stay with the CLI).
        pages.post("/places") { request, context in
            let (user, session, form) = try await submittedForm(request, context)
            let access = try TripAccess(database: database, user: user)
            try access.requireAdmin()
            guard let name = form.text("name"), name.count <= 100,
                let latitude = form.text("lat").flatMap(Double.init), (-90...90).contains(latitude),
                let longitude = form.text("lon").flatMap(Double.init), (-180...180).contains(longitude)
            else {
                return try vehiclesPage(user, session, message: "A place needs a name, a latitude and a longitude.")
            }
            let radius = form.text("radius").flatMap(Double.init) ?? 150
            guard radius.isFinite, (10...10_000).contains(radius) else {
                return try vehiclesPage(user, session, message: "The radius must be 10 to 10,000 m.")
            }
            try access.writer.addPlace(
                Place(name: name, centre: Coordinate(latitude: latitude, longitude: longitude), radiusMetres: radius))
            return PageRenderer.redirect("/vehicles")
        }
        pages.post("/places/remove") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let access = try TripAccess(database: database, user: user)
            try access.requireAdmin()
            try access.writer.removePlace(named: form.text("name") ?? "")
            return PageRenderer.redirect("/vehicles")
        }
        pages.post("/rules") { request, context in
            let (user, session, form) = try await submittedForm(request, context)
            let access = try TripAccess(database: database, user: user)
            try access.requireAdmin()
            guard let name = form.text("name"), name.count <= 100, let categoryText = form.text("category") else {
                return try vehiclesPage(user, session, message: "A rule needs a name and a category.")
            }
            guard let category = try TripArguments.category(categoryText).category else {
                return try vehiclesPage(user, session, message: "Choose business, private or commute.")
            }
            try access.writer.addRule(
                name: name, priority: form.text("priority").flatMap { Int($0) } ?? 0, startPlace: form.text("from"),
                endPlace: form.text("to"), category: category,
                purpose: try TripPatch.text(form.text("purpose"), "purpose"))
            return PageRenderer.redirect("/vehicles")
        }
        pages.post("/rules/remove") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let access = try TripAccess(database: database, user: user)
            try access.requireAdmin()
            try access.writer.removeRule(named: form.text("name") ?? "")
            return PageRenderer.redirect("/vehicles")
        }
        pages.post("/odometer") { request, context in
            let (user, session, form) = try await submittedForm(request, context)
            let access = try TripAccess(database: database, user: user)
            try access.requireAdmin()
            guard let plate = form.text("vehicle"), let reading = form.text("reading").flatMap(Double.init),
                reading.isFinite, reading >= 0
            else { return try vehiclesPage(user, session, message: "Choose a vehicle and give the reading.") }
            try access.requireVehicle(plate)
            _ = try access.writer.recordOdometer(
                vehicle: plate, reading: reading, at: Timestamp(secondsSince1970: Date().timeIntervalSince1970),
                note: try TripPatch.text(form.text("note"), "note"))
            return PageRenderer.redirect("/vehicles")
        }
    }
}
