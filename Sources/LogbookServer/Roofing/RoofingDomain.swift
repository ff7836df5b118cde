import Foundation
import Hummingbird
import LogbookServices
import LogbookStore

/// Roofing piecework accounts' slice of the server (issue 16 §6): the catalogues and projects under
/// `/api/v1/roofing/…` and the phone pages under `/roofing`. Every handler reads its input, calls
/// `RoofingService` for the request's user (who may read and who may change is decided there) and answers its
/// view or renders its page.
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
        RoofingPhotos.registerPages(pages, environment, renderer)
    }

    /// `Roofing` for the roles that read the accounts.
    package static func menu(for user: AppUser, _ environment: ServerEnvironment) -> [MenuItem] {
        RoofingAccess(.user(user)).mayRead
            ? [MenuItem(label: "Roofing", href: "/roofing", rank: MenuItem.Rank.roofing)] : []
    }
}

/// What the roofing handlers share: the service for the request's user, the names and numbers in the address,
/// request bodies and forms read as the service's inputs, and views answered as JSON.
enum RoofingRequests {
    /// The use cases for `user`, refused (403) unless they may read the accounts; `editing`: unless they may change
    /// them, before anything of the request is read.
    static func service(_ environment: ServerEnvironment, _ user: AppUser, editing: Bool = false) throws
        -> RoofingService
    {
        try service(environment, user, level: editing ? .account : .read)
    }

    /// The use cases for `user`, refused (403) unless they may do what `level` names (a roofer records the work).
    static func service(_ environment: ServerEnvironment, _ user: AppUser, level: RoofingAccess.Level) throws
        -> RoofingService
    {
        try RoofingService(
            ServiceContext(database: environment.database, caller: .user(user), clock: environment.clock),
            level: level)
    }

    /// The project (or catalogue) named in the address (percent-decoded).
    static func name(_ context: AppRequestContext) throws -> String {
        try RequestText.path(context, "name", missing: "no project named")
    }

    /// The line numbered in the address (from 1); anything else is a line that does not exist (404).
    static func line(_ context: AppRequestContext, project: String) throws -> Int {
        let text = try RequestText.path(context, "line", missing: "no such line")
        guard let number = RoofingService.lineNumber(text) else {
            throw ServiceError(.notFound, "\(project) has no line \(text.prefix(20))")
        }
        return number
    }

    /// A request's JSON body as `Input`, a field the route does not take refused naming it (422).
    static func body<Input: RoofingInput>(_ type: Input.Type, _ request: Request, _ context: AppRequestContext)
        async throws -> Input
    {
        try await RequestInput.decode(StrictBody<Input>.self, from: request, context: context).input
    }

    /// A page's form (its CSRF token checked already) as `Input`: blank fields are fields not given.
    static func form<Input: Decodable>(_ type: Input.Type, _ form: FormData) throws -> Input {
        let fields = form.values.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return try FormDecoder().decode(Input.self, from: fields)
    }

    /// A view as the API's JSON (pretty, keys sorted, a final line feed).
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        JSONResponse.make(try ServiceJSON.encode(value, pretty: true) + Data("\n".utf8), status: status)
    }

    /// A name as one segment of an address the server makes (`Villa Ørsted` → `Villa%20%C3%98rsted`).
    static func pathComponent(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

/// A JSON body read strictly: a field `Input` does not take is refused naming it, before the input is read.
struct StrictBody<Input: RoofingInput>: Decodable {
    var input: Input

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: Key.self).allKeys.map(\.stringValue)
        if let unknown = keys.sorted().first(where: { !Input.fields.contains($0) }) {
            throw ServiceError(
                .invalid, field: unknown,
                "unknown field (this route takes \(Input.fields.sorted().joined(separator: ", ")))")
        }
        input = try Input(from: decoder)
    }
}
