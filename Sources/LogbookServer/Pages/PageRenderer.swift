import Foundation
import Hummingbird
import LogbookStore
import Mustache

/// Renders the web pages: swift-mustache templates (HTML-escaped by default) inside one phone-first layout.
///
/// Templates are compiled once at start-up from `PageTemplates`; every domain registers its own under
/// its name (`mileage/trips`, `hours/...`). A page is a dictionary: mustache reads it by key.
package struct PageRenderer: Sendable {
    private let library: MustacheLibrary
    /// The menu entries the domains add for a user (`Hours`, the user's own web links), after the common ones.
    private let menu: @Sendable (AppUser) -> [MenuItem]

    package init(templates: [String: String], menu: @escaping @Sendable (AppUser) -> [MenuItem] = { _ in [] }) throws {
        self.menu = menu
        var library = MustacheLibrary()
        for (name, text) in PageTemplates.common.merging(templates, uniquingKeysWith: { $1 }) {
            try library.register(text, named: name)
        }
        self.library = library
    }

    /// A full page: the template's HTML inside the layout, with the navigation for `user`.
    package func page(
        _ template: String, title: String, _ values: [String: Any], user: AppUser?, csrf: String?,
        status: HTTPResponse.Status = .ok, refresh: Int? = nil
    ) -> Response {
        let content = library.render(values, withTemplate: template) ?? ""
        var layout: [String: Any] = ["title": title, "content": content]
        if let user {
            layout["user"] = ["name": user.name, "role": user.role.rawValue]
            let navigation = Navigation(
                menu(user) + [MenuItem(label: "Account", href: "/account", rank: MenuItem.Rank.account)],
                path: CurrentPage.path)
            layout["tabs"] = navigation.tabs.map(navigation.values)
            layout["more"] = navigation.more.map(navigation.values)
            layout["links"] = navigation.links.map(navigation.values)
            layout["hasMore"] = !navigation.more.isEmpty || !navigation.links.isEmpty
            layout["moreCurrent"] = navigation.more.contains { $0.href == navigation.current }
        }
        if let csrf { layout["csrf"] = csrf }
        if let refresh { layout["refresh"] = refresh }
        let html = library.render(layout, withTemplate: "layout") ?? ""
        return Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// The page for an error: what went wrong and a way back.
    package func errorPage(_ error: APIError, user: AppUser?, csrf: String?) -> Response {
        let title = error.status == .notFound ? "Not found" : "Something went wrong"
        return page(
            "error", title: title,
            ["status": Int(error.status.code), "message": error.message, "notFound": error.status == .notFound],
            user: user, csrf: csrf, status: error.status)
    }

    /// A redirect after a form (303: the browser follows with GET).
    package static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}

/// An entry of the navigation: one of the server's pages, or a web link of the user's own (opened outside).
package struct MenuItem: Sendable, Hashable {
    package var label: String
    package var href: String
    package var external: Bool
    /// How near the front of the menu the entry goes: the lower, the more it is used (`Rank`). On a phone the first
    /// ones are the tab bar's, the others are under "More".
    package var rank: Int

    package init(label: String, href: String, external: Bool = false, rank: Int = Rank.other) {
        self.label = label
        self.href = href
        self.external = external
        self.rank = rank
    }

    /// The menu's order, most used first: the day's work (trips, recording, hours, a restaurant's shift, the roof),
    /// then what is looked at now and then, then what is set up once, the account last.
    package enum Rank {
        package static let trips = 0
        package static let record = 1
        package static let hours = 2
        package static let checklists = 3
        package static let roofing = 4
        package static let reports = 5
        package static let maps = 6
        package static let live = 7
        package static let vehicles = 8
        package static let devices = 9
        package static let people = 10
        package static let other = 50
        package static let account = 100
    }
}

/// The menu of a page: one row of tabs on a phone (a bottom tab bar; a row in the header on a wide screen) with the
/// most used destinations, and "More" with the rest and the user's own web links when they do not all fit.
struct Navigation {
    /// Five targets of 78 px fill a 390 px screen: a role with at most five destinations has them all as tabs,
    /// one with more has its four most used and "More".
    static let tabLimit = 5

    var tabs: [MenuItem]
    var more: [MenuItem]
    var links: [MenuItem]
    /// The entry of the page shown (`/trips` on `/trips/12`): the longest address the page's path starts with.
    var current: String?

    init(_ items: [MenuItem], path: String?) {
        let inside = items.enumerated().filter { !$0.element.external }
            .sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element)
        links = items.filter(\.external)
        if inside.count <= Self.tabLimit && links.isEmpty {
            tabs = inside
            more = []
        } else {
            tabs = Array(inside.prefix(Self.tabLimit - 1))
            more = Array(inside.dropFirst(Self.tabLimit - 1))
        }
        current = path.flatMap { path in
            inside.map(\.href).filter { $0 != "/" && (path == $0 || path.hasPrefix($0 + "/")) }
                .max { $0.count < $1.count }
        }
    }

    func values(_ item: MenuItem) -> [String: Any] {
        ["label": item.label, "href": item.href, "current": !item.external && item.href == current]
    }
}

/// The path of the page being answered, for the menu to mark where the user is; set for the pages' routes by
/// `CurrentPageMiddleware`.
enum CurrentPage {
    @TaskLocal static var path: String?
}

/// Tells the renderer which page it is rendering (`CurrentPage.path`).
struct CurrentPageMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        try await CurrentPage.$path.withValue(request.uri.path) { try await next(request, context) }
    }
}
