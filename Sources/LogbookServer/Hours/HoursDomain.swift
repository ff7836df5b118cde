import Foundation
import Hummingbird
import LogbookConfiguration
import LogbookServices
import LogbookStore
import Hours

/// Work hours' slice of the server: a driver's entries by pay period, the running clock, submitting and locking
/// periods, and the user's own web links in the menu. The use cases and who may do what are `HoursService`'s.
package enum HoursDomain: ServerDomain {
    package static var templates: [String: String] { HoursTemplates.all }

    package static func registerAPI(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        let edge = HoursEdge(environment)
        HoursEntryAPI.register(api, edge)
        HoursAPI.register(api, edge)
    }

    package static func registerPages(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        let edge = HoursEdge(environment)
        HoursPages.register(pages, edge, renderer)
        HoursEntryPages.register(pages, edge, renderer)
    }

    /// `Hours` for the roles that keep or read hours, and the web links the user sees (everyone's and their own).
    package static func menu(for user: AppUser, _ environment: ServerEnvironment) -> [MenuItem] {
        guard user.mayReadHours else { return [] }
        var items = [MenuItem(label: "Hours", href: "/hours", rank: MenuItem.Rank.hours)]
        let access = HoursAccess(caller: .user(user), database: environment.database)
        let own = (try? access.ownDriver()) ?? nil
        for stored in (try? environment.database.links(driver: own)) ?? [] {
            items.append(MenuItem(label: stored.link.name, href: stored.link.url.absoluteString, external: true))
        }
        return items
    }
}

/// What the hours' routes share: the `[hours]` settings read once, and the use cases for the signed-in user.
struct HoursEdge: Sendable {
    var environment: ServerEnvironment
    /// `[hours]` of the configuration; a broken table answers 503 on every hours route (the rest still works).
    var settings: Result<HoursSettings, APIError>

    init(_ environment: ServerEnvironment) {
        self.environment = environment
        do {
            settings = .success(try environment.configuration.decode(HoursSettings.self, table: "hours"))
        } catch {
            settings = .failure(
                APIError(.serviceUnavailable, "misconfigured", "the [hours] settings are invalid: \(error.message)"))
        }
    }

    /// The hours' use cases for `user`: a role without hours is refused (403) before a broken table (503).
    func service(_ user: AppUser) throws -> HoursService {
        try HoursAccess(caller: .user(user), database: environment.database).requireReader()
        let settings = try settings.get()
        let context = ServiceContext(
            database: environment.database, caller: .user(user), clock: LocalClock(identifier: settings.zone.identifier)
        )
        return HoursService(context: context, settings: settings)
    }

    /// A view as the API's JSON (the CLI's `--format json` of the same view).
    static func json(_ view: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        JSONResponse.make(try ServiceJSON.encode(view), status: status)
    }

    /// A JSON (or form) body as a use case's input; a body of the wrong shape is 400 as it always was, a value out
    /// of its rules 422 naming the field.
    static func input<T: Decodable>(_ type: T.Type, _ request: Request, _ context: AppRequestContext) async throws
        -> T
    {
        do {
            return try await RequestInput.decode(T.self, from: request, context: context)
        } catch is DecodingError where !RequestInput.isForm(request) {
            throw APIError.badRequest("the request body is not the JSON this route takes")
        }
    }
}
