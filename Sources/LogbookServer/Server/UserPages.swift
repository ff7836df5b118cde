import Foundation
import Hummingbird
import LogbookServices
import LogbookStore
import Logging
import NIOCore

/// `/users` ("People", issue 29 §1–2): an admin adds anyone with any role — a roofer too —, a restaurant manager the
/// crew, shift and restaurant managers of their own restaurants; each sees the people they may add to. The first
/// password is set here (bcrypt, as `logbook users add`); what the rules refuse is said beside the field, with what
/// was typed kept (the password excepted).
enum UserPages {
    static func register(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        pages.get("/static/people.css") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(string: UserTemplates.stylesheet)))
        }
        pages.get("/users") { request, context in
            let (user, session) = try requireLogin(request, context)
            return try page(
                try service(environment, user), user: user, session: session, message: PageFlow.message(request),
                renderer: renderer)
        }
        pages.post("/users") { request, context in
            let (user, session, form) = try await submittedForm(request, context)
            let service = try service(environment, user)
            do {
                let input = UserInput(
                    name: form["name"], role: form.text("role"), password: form["password"],
                    vehicle: checked(form, "vehicle_"), restaurant: checked(form, "restaurant_"))
                let password = input.password ?? ""
                if let problem = PasswordHasher.problem(with: password) {
                    throw ServiceError(.invalid, field: "password", problem)
                }
                // The rules first (a taken name, a restaurant that is not the manager's), the bcrypt work after.
                try service.check(input)
                let added = try service.add(input, passwordHash: environment.passwords.hash(password))
                context.logger.info(
                    "User added", metadata: ["user.name": "\(added.name)", "user.role": "\(added.role)"])
                return PageRenderer.redirect(
                    PageFlow.withMessage("/users", "Added \(added.role.rawValue) \(added.name)") + "#people")
            } catch {
                guard
                    let problem = FormProblem(
                        error, form: "user", fields: ["name", "role", "password", "vehicle", "restaurant"])
                else { throw error }
                return try page(
                    service, user: user, session: session, problem: problem, typed: form, renderer: renderer)
            }
        }
    }

    /// `People` in the menu of those who add people.
    static func menu(for user: AppUser) -> [MenuItem] {
        user.managesPeople ? [MenuItem(label: "People", href: "/users", rank: MenuItem.Rank.people)] : []
    }

    static func service(_ environment: ServerEnvironment, _ user: AppUser) throws -> UserService {
        try UserService(ServiceContext(database: environment.database, caller: .user(user), clock: environment.clock))
    }

    /// The values of the boxes ticked among the fields named `prefix` and a number (`restaurant_1`).
    static func checked(_ form: FormData, _ prefix: String) -> [String] {
        form.values.filter { $0.key.hasPrefix(prefix) && !$0.value.isEmpty }.sorted { $0.key < $1.key }.map(\.value)
    }

    static func page(
        _ service: UserService, user: AppUser, session: WebSession, message: Any = false,
        problem: FormProblem? = nil, typed: FormData? = nil, renderer: PageRenderer
    ) throws -> Response {
        let ticked = Set(typed.map { checked($0, "vehicle_") + checked($0, "restaurant_") } ?? [])
        let chosenRole = typed?["role"] ?? "crew"
        var values: [String: Any] = [
            "csrf": session.csrfToken, "message": message,
            "people": try service.people().map { person -> [String: Any] in
                [
                    "name": person.name, "role": person.role.rawValue,
                    "where": (person.vehicles + person.restaurants + (try service.projects(of: person)))
                        .joined(separator: ", "),
                ]
            },
            "roles": service.roles.map {
                ["value": $0.rawValue, "chosen": $0.rawValue == chosenRole] as [String: Any]
            },
            "vehicles": try service.vehicles().enumerated().map {
                ["index": $0.offset, "plate": $0.element, "checked": ticked.contains($0.element)] as [String: Any]
            },
            "restaurants": try service.restaurants().enumerated().map {
                ["index": $0.offset, "name": $0.element, "checked": ticked.contains($0.element)] as [String: Any]
            },
        ]
        values["everyone"] = service.roles.count == UserRole.allCases.count
        values["hasVehicles"] = !(values["vehicles"] as? [Any] ?? []).isEmpty
        values["hasRestaurants"] = !(values["restaurants"] as? [Any] ?? []).isEmpty
        if let problem, let typed {
            var shown = problem.values(typed: typed)
            if var typedValues = shown["typed"] as? [String: String] {
                typedValues["user_password"] = nil
                shown["typed"] = typedValues
            }
            values.merge(shown) { $1 }
        }
        return renderer.page(
            "users", title: "People", values, user: user, csrf: session.csrfToken, status: problem?.status ?? .ok)
    }
}
