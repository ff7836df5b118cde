import CalendarDays
import Foundation
import Hummingbird
import LogbookStore
import Roofing

/// Roofing piecework accounts' slice of the server (issue 16 §6): the catalogues and projects under
/// `/api/v1/roofing/…` and the phone pages under `/roofing`.
package enum RoofingDomain: ServerDomain {
    package static var templates: [String: String] { RoofingTemplates.all }

    package static func registerAPI(_ api: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment) {
        RoofingAPI.register(api, environment)
        RoofingPhotos.registerAPI(api, environment)
    }

    package static func registerPages(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        RoofingPages.register(pages, environment, renderer)
        RoofingPhotos.registerPages(pages, environment)
    }

    /// `Roofing` for the roles that read the accounts.
    package static func menu(for user: AppUser, _ environment: ServerEnvironment) -> [MenuItem] {
        user.mayReadRoofing ? [MenuItem(label: "Roofing", href: "/roofing")] : []
    }
}

/// Who may read and change roofing accounts, in one place for the API and the pages.
///
/// The log has no roofer role: the accounts are the firm's bookkeeping of its teams' piecework. Admins (who run
/// the firm's log) keep the accounts — projects, lines, hours, submission; accountants read every account and
/// download it for payroll. Drivers, crew and the restaurants' managers have no roofing (403, no menu link).
struct RoofingAccess {
    var database: AppDatabase
    var user: AppUser

    /// The user's access; `editing`: to change accounts, refused (403) before the request is read any further.
    init(_ environment: ServerEnvironment, _ user: AppUser, editing: Bool = false) throws {
        guard user.mayReadRoofing else {
            throw APIError.forbidden("roofing accounts are for admins and accountants")
        }
        database = environment.database
        self.user = user
        if editing { try requireEditor() }
    }

    var canEdit: Bool { user.mayChangeRoofing }

    func requireEditor() throws {
        guard canEdit else { throw APIError.forbidden("only an admin changes roofing accounts") }
    }

    var writer: AppDatabase { database.acting(as: "web:" + user.name) }

    /// The project named (any case), or 404.
    func project(_ name: String) throws -> StoredRoofingProject { try database.roofingProject(named: name) }

    /// Runs `change` on the project named and saves it. The model's refusals keep their meaning at the edge: a
    /// value out of its rules is 422 naming the field, an operation refused or a locked account is 409, what does
    /// not exist is 404.
    @discardableResult
    func change(_ name: String, _ body: (inout Project) throws(RoofingError) -> Void) throws -> Project {
        try requireEditor()
        var failure: RoofingError?
        do {
            return try writer.updateRoofingProject(named: name) { project throws(RoofingError) in
                do throws(RoofingError) {
                    try body(&project)
                } catch {
                    failure = error
                    throw error
                }
            }
        } catch let error as StoreError {
            if let failure { throw Self.apiError(failure) }
            throw error
        }
    }

    /// The activity at `position` in the project's catalogue, at the price in force on its first day (today
    /// without one); a position the catalogue does not have is an invalid value of `pos` (422).
    func activity(_ position: String, project: Project) throws -> Activity {
        guard !project.catalogue.isEmpty else {
            throw APIError.invalid("pos: \(project.name) has no catalogue to price lines from", field: "pos")
        }
        let catalogue = try database.roofingCatalogue(named: project.catalogue)
        guard let activity = catalogue.activity(position, on: project.start ?? Self.today()) else {
            throw APIError.invalid("pos: \(position) is not in \(catalogue.name)", field: "pos")
        }
        guard !activity.isSupplement else {
            throw APIError.invalid(
                "pos: \(position) is a supplement (a % of a base), not a line with a quantity", field: "pos")
        }
        return activity
    }

    /// Creates a project priced from `catalogue` (the only one when none is named).
    func create(
        name: String, address: String, customer: String, catalogue: String?, start: CalendarDay?, end: CalendarDay?,
        rate: Money, roofers: [Roofer]
    ) throws -> Project {
        try requireEditor()
        let catalogues = try database.roofingCatalogues()
        let chosen: RoofingCatalogueSummary?
        if let catalogue {
            chosen = catalogues.first { $0.name.caseInsensitiveCompare(catalogue) == .orderedSame }
            guard chosen != nil else {
                throw APIError.invalid("catalogue: there is no catalogue named \"\(catalogue)\"", field: "catalogue")
            }
        } else {
            guard catalogues.count <= 1 else {
                throw APIError.invalid(
                    "catalogue: there are \(catalogues.count) catalogues; name the one to use", field: "catalogue")
            }
            chosen = catalogues.first
        }
        guard !rate.isNegative else {
            throw APIError.invalid("guaranteed_rate: cannot be negative", field: "guaranteed_rate")
        }
        let project: Project
        do throws(RoofingError) {
            project = try Project(
                name: name.trimmingCharacters(in: .whitespaces), address: address, customer: customer, start: start,
                end: end, catalogue: chosen?.name ?? "", currency: chosen?.currency ?? "DKK",
                guaranteedHourlyRate: rate, roofers: roofers)
        } catch {
            throw Self.apiError(error)
        }
        try writer.createRoofingProject(project)
        return project
    }

    /// Locks the account as its next version.
    func submit(_ name: String) throws -> ProjectVersion {
        try requireEditor()
        return try writer.submitRoofingProject(named: name)
    }

    /// The model's error as the API's (`--quantity` is the request's `quantity`).
    static func apiError(_ error: RoofingError) -> APIError {
        let field = fieldName(error.path)
        switch error.code {
        case .invalid: return .invalid("\(field): \(error.message)", field: field)
        case .refused, .locked: return .refused(field.isEmpty ? error.message : "\(field): \(error.message)")
        case .notFound: return .notFound(error.message)
        }
    }

    static func fieldName(_ path: String) -> String {
        path.hasPrefix("--") ? String(path.dropFirst(2)).replacingOccurrences(of: "-", with: "_") : path
    }

    // MARK: Values from requests

    static func money(_ text: String?, _ field: String) throws -> Money? {
        guard let text else { return nil }
        do throws(RoofingError) {
            return try Money(parsing: text, field: field)
        } catch {
            throw APIError.invalid(
                "\(field): '\(text.prefix(40))' is not an amount such as 1234.50 (\(error.message))", field: field)
        }
    }

    static func quantity(_ text: String?, _ field: String) throws -> Quantity? {
        guard let text else { return nil }
        do throws(RoofingError) {
            return try Quantity(parsing: text, field: field)
        } catch {
            throw APIError.invalid(
                "\(field): '\(text.prefix(40))' is not a number with at most 3 decimals (\(error.message))",
                field: field)
        }
    }

    static func hours(_ text: String?, _ field: String) throws -> Quantity? {
        guard let hours = try quantity(text, field) else { return nil }
        guard hours.thousandths >= 0 else { throw APIError.invalid("\(field): hours cannot be negative", field: field) }
        return hours
    }

    static func day(_ text: String?, _ field: String) throws -> CalendarDay? {
        guard let text else { return nil }
        guard let day = CalendarDay(parsing: text) else {
            throw APIError.invalid("\(field): '\(text.prefix(40))' is not a date YYYY-MM-DD", field: field)
        }
        return day
    }

    /// A 1-based line number in the address; anything else is a line that does not exist.
    static func line(_ text: String?, in project: String) throws -> Int {
        guard let text, let number = Int(text), number >= 1 else {
            throw APIError.notFound("\(project) has no line \(text ?? "")")
        }
        return number
    }

    /// A name in an address (percent-decoded).
    static func name(_ context: AppRequestContext, _ parameter: String = "name") throws -> String {
        try RequestText.path(context, parameter, missing: "no project named")
    }

    static func pathComponent(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(
                charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? ""
    }

    /// The local date today.
    static func today() -> CalendarDay {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: .current, from: Date())
        return CalendarDay(year: parts.year ?? 2000, month: parts.month ?? 1, day: parts.day ?? 1)
            ?? CalendarDay(dayNumber: 0)
    }
}
