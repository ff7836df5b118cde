import Foundation
import Hummingbird
import LogbookServices
import LogbookStore
import MileageLog

/// `/trips/new`: a trip typed in by hand on the road (`trips add`) — the date (today unless changed), the odometer
/// after the trip or the distance, purpose, category, places — or made from a regular trip picked at the top, which
/// fills the form. What the rules refuse comes back beside its field with what was typed.
enum TripFormPages {
    /// The form's fields, as `NewTripInput` names them.
    static let fields: Set<String> = [
        "vehicle", "date", "start", "end", "end_date", "odometer_end", "distance", "category", "purpose", "partner",
        "from", "to", "regular", "allow_future",
    ]

    static func register(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        let clock = environment.clock
        @Sendable func context(_ user: AppUser) -> ServiceContext {
            ServiceContext(database: environment.database, caller: .user(user), clock: clock)
        }
        pages.get("/trips/new") { request, requestContext in
            let (user, session) = try requireLogin(request, requestContext)
            let service = try TripService(context(user))
            try service.access.requireEditor()
            let query = try RequestInput.query(NewTripPageQuery.self, from: request)
            var typed: [String: String] = [:]
            if let vehicle = query.vehicle { typed["vehicle"] = vehicle }
            if let date = query.date { typed["date"] = date }
            var values = try formValues(service, typed: typed, regular: query.regular)
            values["csrf"] = session.csrfToken
            return renderer.page("mileage/trip-new", title: "Add a trip", values, user: user, csrf: session.csrfToken)
        }
        pages.post("/trips/new") { request, requestContext in
            let (user, session, form) = try await submittedForm(request, requestContext)
            let service = try TripService(context(user))
            try service.access.requireEditor()
            do {
                var input = try form.decoded(NewTripInput.self)
                if let name = input.regular, let category = input.category,
                    let regular = try RegularTripService(service.context).list().first(where: {
                        $0.regular.name == name
                    }), category.lowercased() == regular.regular.category.rawValue
                {
                    // The regular trip's own category, left as it was filled in: no change to record.
                    input.category = nil
                }
                let added = try service.add(input)
                let trip = added.trip.trip
                let day = clock.date(trip.start)
                var message = "Trip \(trip.id) added: \(clock.time(trip.start))–\(clock.time(trip.end)), "
                message += TripPages.kilometres(trip.distance)
                if !added.assumed.isEmpty { message += "; assumed " + added.assumed.joined(separator: ", ") }
                return PageRenderer.redirect(
                    PageFlow.withMessage("/trips?from=\(day)&to=\(day)#trip-\(trip.id)", message + "."))
            } catch {
                guard let problem = MileageFormProblem(error, fields: fields) else { throw error }
                var values = try formValues(
                    service, typed: form.values.filter { $0.key != "csrf" }, regular: form.text("regular"))
                problem.apply(to: &values)
                values["csrf"] = session.csrfToken
                return renderer.page(
                    "mileage/trip-new", title: "Add a trip", values, user: user, csrf: session.csrfToken,
                    status: problem.status)
            }
        }
        // Voiding, with its reason: the trip leaves totals and reports and stays in its history.
        pages.post("/trips/{id}/void") { request, requestContext in
            let (user, session, form) = try await submittedForm(request, requestContext)
            let service = try TripService(context(user))
            let id = try TripAPI.tripID(requestContext)
            _ = try service.access.editableTrip(id)
            do {
                _ = try service.void(id, TripVoidInput(reason: form["reason"]))
                return PageRenderer.redirect(PageFlow.withMessage("/trips/\(id)", "Trip \(id) voided."))
            } catch {
                // The form has one field: whatever is refused is said beside it.
                guard var problem = MileageFormProblem(error, fields: ["reason"]) else { throw error }
                problem.field = "reason"
                var values: [String: Any] = ["reason": form["reason"] ?? ""]
                problem.apply(to: &values)
                return try TripPages.tripPage(
                    service, id: id, values, renderer: renderer, user: user, session: session,
                    leaflet: environment.settings.leafletDirectory, status: problem.status)
            }
        }
        // Starring: the trip becomes a regular trip under a name, to be picked on `/trips/new`.
        pages.post("/trips/{id}/regular") { request, requestContext in
            let (user, session, form) = try await submittedForm(request, requestContext)
            let service = try RegularTripService(context(user))
            let id = try TripAPI.tripID(requestContext)
            let trips = try TripService(service.context)
            _ = try trips.access.editableTrip(id)
            do {
                let regular = try service.add(name: form["name"] ?? "", fromTrip: id)
                let name = regular.regular.name
                return PageRenderer.redirect(
                    PageFlow.withMessage(
                        "/regular-trips#regular-\(PageFlow.queryValue(name))",
                        "Trip \(id) is the regular trip '\(name)' now: pick it when you add a trip."))
            } catch {
                guard var problem = MileageFormProblem(error, fields: ["name"]) else { throw error }
                problem.field = "regular_name"
                var values: [String: Any] = ["regularName": form["name"] ?? ""]
                problem.apply(to: &values)
                return try TripPages.tripPage(
                    trips, id: id, values, renderer: renderer, user: user, session: session,
                    leaflet: environment.settings.leafletDirectory, status: problem.status)
            }
        }
    }

    /// The form: the vehicles the user may add trips to, the regular trips to pick from, and the values typed (or
    /// filled from the regular trip named).
    static func formValues(_ service: TripService, typed: [String: String], regular name: String?) throws
        -> [String: Any]
    {
        let clock = service.context.clock
        let vehicles = try VehicleService(service.context).list().map(\.details)
        let regulars = try RegularTripService(service.context).list()
        var chosen = typed
        var values: [String: Any] = [:]
        if let name, let regular = regulars.first(where: { $0.regular.name == name }) {
            let r = regular.regular
            values["regular"] = r.name
            var summary = [
                r.vehicle, TripPages.kilometres(r.distance), r.category.rawValue,
                [r.startLabel, r.endLabel].compactMap { $0 }.joined(separator: " → "),
                "usually at \(regular.startTime)",
            ].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
            if let purpose = r.purpose, !purpose.isEmpty { summary += " · " + purpose }
            values["regularSummary"] = summary
            // What the regular trip fills in; what was typed over it stays.
            let filled: [(String, String?)] = [
                ("vehicle", r.vehicle), ("start", regular.startTime), ("category", r.category.rawValue),
                ("purpose", r.purpose),
            ]
            for (key, value) in filled where chosen[key] == nil {
                if let value, !value.isEmpty { chosen[key] = value }
            }
        }
        let plate = chosen["vehicle"] ?? vehicles.first?.plate
        values["vehicles"] = vehicles.map { v -> [String: Any] in
            ["plate": v.plate, "unit": v.odometerUnit.rawValue, "selected": v.plate == plate]
        }
        values["hasVehicles"] = !vehicles.isEmpty
        values["regulars"] = regulars.map { ["name": $0.regular.name, "selected": $0.regular.name == name] }
        values["hasRegulars"] = !regulars.isEmpty
        values["suggestions"] = try service.purposeSuggestions()
        values["today"] = clock.today.description
        values["date"] = chosen["date"] ?? clock.today.description
        for key in ["start", "end", "odometer_end", "distance", "purpose", "partner", "from", "to"] {
            values[key] = chosen[key] ?? ""
        }
        let category = chosen["category"]?.lowercased()
        values["categories"] = TripCategory.allCases.map { c -> [String: Any] in
            ["value": c.rawValue, "label": c.rawValue.capitalized, "selected": c.rawValue == category]
        }
        return values
    }
}

/// `/trips/new?regular=NAME&vehicle=PLATE&date=YYYY-MM-DD`: the form filled from a regular trip, or for a vehicle and a
/// day.
struct NewTripPageQuery: Decodable {
    var regular: String?
    var vehicle: String?
    var date: String?
}
