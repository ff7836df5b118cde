import Foundation
import Hummingbird
import LogbookStore
import ValueStreams

/// Value-stream maps' slice of the server (issue 15 §5): the maps under `/api/v1/vsm/…` and the phone pages
/// under `/vsm`.
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
        user.mayReadValueStreams ? [MenuItem(label: "Maps", href: "/vsm")] : []
    }
}

/// Who may read and change value-stream maps, in one place for the API and the pages.
///
/// Maps describe how the business works, not one person's data: admins, accountants, restaurant managers and
/// shift managers read every map; admins and restaurant managers (who own their restaurants' processes) change
/// them. Drivers and crew have no maps (403).
struct VSMAccess {
    var database: AppDatabase
    var user: AppUser

    /// The user's access; `editing`: to change maps, refused (403) before the request is read any further.
    init(_ environment: ServerEnvironment, _ user: AppUser, editing: Bool = false) throws {
        guard user.mayReadValueStreams else {
            throw APIError.forbidden(
                "value-stream maps are for admins, accountants, restaurant managers and shift managers")
        }
        database = environment.database
        self.user = user
        if editing { try requireEditor() }
    }

    var canEdit: Bool { user.mayChangeValueStreams }

    func requireEditor() throws {
        guard canEdit else { throw APIError.forbidden("only an admin or a restaurant manager changes maps") }
    }

    /// The map named (any case), or 404.
    func map(_ name: String) throws -> ValueStreamMap { try database.valueStreamMap(named: name) }

    /// The current map a future map improves, for its comparison (none when it is gone).
    func current(of map: ValueStreamMap) -> ValueStreamMap? {
        map.futureOf.flatMap { try? database.valueStreamMap(named: $0) }
    }

    /// A map a new or changed map may name as the one it improves: it exists and is a current state.
    func checkFutureOf(_ name: String, field: String = "future_of") throws -> String {
        let current: ValueStreamMap
        do {
            current = try database.valueStreamMap(named: name)
        } catch let error as StoreError where error.code == .notFound {
            throw APIError.invalid("\(field): there is no map named \"\(name)\"", field: field)
        }
        guard current.state == .current else {
            throw APIError.invalid(
                "\(field): \(current.name) is a future state itself; name a current map", field: field)
        }
        return current.name
    }

    /// Runs `change` on the map named and saves it (checked whole before the store sees it). The model's
    /// refusals keep their meaning at the edge: a value out of its rules is 422 naming the field (`fields` renames
    /// the model's paths to the request's), an operation refused is 409, what does not exist is 404.
    @discardableResult
    func change(
        _ name: String, fields: [String: String] = [:],
        _ body: (inout ValueStreamMap) throws(ValueStreamError) -> Void
    ) throws -> ValueStreamMap {
        try requireEditor()
        var failure: ValueStreamError?
        do {
            return try database.acting(as: "web:" + user.name).updateValueStreamMap(named: name) {
                map throws(ValueStreamError) in
                do throws(ValueStreamError) {
                    try body(&map)
                    try map.validate()
                } catch {
                    failure = error
                    throw error
                }
            }
        } catch let error as StoreError {
            if let failure { throw Self.apiError(failure, fields: fields) }
            throw error
        }
    }

    /// Stores a new map, refusing invalid values with 422 naming the field and a name taken with 409.
    func create(_ map: ValueStreamMap) throws {
        try requireEditor()
        do throws(ValueStreamError) {
            try map.validate()
        } catch {
            throw Self.apiError(error)
        }
        try database.acting(as: "web:" + user.name).createValueStreamMap(map)
    }

    func delete(_ name: String) throws {
        try requireEditor()
        try database.acting(as: "web:" + user.name).deleteValueStreamMap(named: name)
    }

    /// The model's error as the API's.
    static func apiError(_ error: ValueStreamError, fields: [String: String] = [:]) -> APIError {
        switch error.code {
        case .invalid:
            let field = fieldName(error.path, fields)
            return .invalid("\(field): \(error.message)", field: field)
        case .refused:
            let field = fieldName(error.path, fields)
            return .refused(error.path.hasPrefix("--") ? "\(field): \(error.message)" : error.description)
        case .notFound: return .notFound(error.description)
        }
    }

    /// `--at` and `--to` (the CLI's options) are the request's `position`.
    static func fieldName(_ path: String, _ fields: [String: String]) -> String {
        if let renamed = fields[path] { return renamed }
        switch path {
        case "--at", "--to": return "position"
        default: return path
        }
    }

    /// The section named in a request's body: a name the map does not have is an invalid value (422), not a
    /// missing resource.
    static func section(_ name: String, in map: ValueStreamMap, field: String = "section") throws(ValueStreamError)
        -> String
    {
        do throws(ValueStreamError) {
            return map.sections[try map.sectionIndex(name)].name
        } catch {
            throw ValueStreamError(.invalid, path: field, error.message)
        }
    }

    /// A sticker by the number in the address; anything else is a sticker that does not exist.
    static func stickerID(_ text: String?, in map: String) throws -> Int {
        let digits = text.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 } ?? ""
        guard let id = Int(digits), id > 0 else {
            throw APIError.notFound("there is no sticker \(text ?? "") in \(map)")
        }
        return id
    }

    /// The map's name in an address (percent-decoded).
    static func name(_ context: AppRequestContext, _ parameter: String = "name") throws -> String {
        try RequestText.path(context, parameter, missing: "no map named")
    }

    /// A name for an address: every character outside A–Z, a–z, 0–9 and `-._~` percent-encoded (so addresses and
    /// the `Location` header stay ASCII).
    static func pathComponent(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Now, to the second (the store keeps whole seconds).
    static var now: Date { Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)) }
}
