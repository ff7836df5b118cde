import Hummingbird
import LogbookServices
import LogbookStore
import MileageLog

/// `/regular-trips`: the regular trips (the original app's favourites) of the vehicles the user may see, each with a
/// button that fills the add form with it; an admin removes one. A trip becomes one with the star on its page.
enum RegularTripPages {
    static func register(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        @Sendable func service(_ user: AppUser) throws -> RegularTripService {
            try RegularTripService(
                ServiceContext(database: environment.database, caller: .user(user), clock: environment.clock))
        }
        pages.get("/regular-trips") { request, context in
            let (user, session) = try requireLogin(request, context)
            let service = try service(user)
            let regulars = try service.list().map { view -> [String: Any] in
                let r = view.regular
                var row: [String: Any] = [
                    "name": r.name, "anchor": PageFlow.queryValue(r.name), "category": r.category.rawValue,
                    "distance": TripPages.kilometres(r.distance), "startTime": view.startTime,
                ]
                let texts: [(String, String?)] = [
                    ("vehicle", r.vehicle), ("purpose", r.purpose), ("from", r.startLabel), ("to", r.endLabel),
                ]
                for (key, value) in texts {
                    if let value, !value.isEmpty { row[key] = value }
                }
                return row
            }
            var values: [String: Any] = [
                "regulars": regulars, "csrf": session.csrfToken, "editor": service.access.mayEditTrips,
                "admin": service.access.managesFleet, "message": PageFlow.message(request),
            ]
            values["empty"] = regulars.isEmpty
            return renderer.page(
                "mileage/regular-trips", title: "Regular trips", values, user: user, csrf: session.csrfToken)
        }
        pages.post("/regular-trips/remove") { request, context in
            let (user, _, form) = try await submittedForm(request, context)
            let service = try service(user)
            try service.access.requireAdmin()
            let name = form.text("name") ?? ""
            return try PageFlow.redirecting(to: "/regular-trips") {
                try service.remove(named: name)
                return PageFlow.withMessage("/regular-trips", "The regular trip '\(name)' is removed.")
            }
        }
    }
}
