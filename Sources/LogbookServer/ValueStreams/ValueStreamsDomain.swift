import Hummingbird
import LogbookServices
import LogbookStore

/// Value-stream maps' slice of the server (issue 15 §5): the maps under `/api/v1/vsm/…` and the phone pages
/// under `/vsm`, both adapters over `ValueStreamService`.
package enum ValueStreamsDomain: ServerDomain {
    package static var templates: [String: String] { ValueStreamTemplates.all }

    package static func registerAPI(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        ValueStreamAPI.register(api, environment)
    }

    package static func registerPages(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        ValueStreamPages.register(pages, environment, renderer)
    }

    /// `Maps` for the roles that read value-stream maps.
    package static func menu(for user: AppUser, _ environment: ServerEnvironment) -> [MenuItem] {
        ValueStreamAccess(.user(user)).mayRead ? [MenuItem(label: "Maps", href: "/vsm", rank: MenuItem.Rank.maps)] : []
    }

    /// The maps' use cases for the signed-in user of a request; refused (403) unless they may read maps, or with
    /// `editing` change them — before the request's body is read.
    static func service(_ environment: ServerEnvironment, _ user: AppUser, editing: Bool = false) throws
        -> ValueStreamService
    {
        try ValueStreamService(
            ServiceContext(database: environment.database, caller: .user(user), clock: environment.clock),
            editing: editing)
    }
}
