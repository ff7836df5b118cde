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
            if user.managesFleet { layout["admin"] = true }
            if user.mayReadMileageLog { layout["mileage"] = true }
            if user.canEditTrips { layout["recorder"] = true }
            let items = menu(user)
            layout["menu"] = items.filter { !$0.external }.map(\.values)
            layout["links"] = items.filter(\.external).map(\.values)
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

    package init(label: String, href: String, external: Bool = false) {
        self.label = label
        self.href = href
        self.external = external
    }

    var values: [String: String] { ["label": label, "href": href] }
}
