import Foundation
import Hummingbird
import LogbookServices
import LogbookStore

/// `/profile`: the person keeping the log as the reports print them — name, company, employee id (`logbook profile`).
/// Everyone who reads the log sees it; an admin changes it. A field left empty is cleared.
enum ProfilePages {
    static let fields: Set<String> = ["name", "company", "employee_id"]

    static func register(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        @Sendable func service(_ user: AppUser) throws -> ProfileService {
            try ProfileService(
                ServiceContext(database: environment.database, caller: .user(user), clock: environment.clock))
        }
        @Sendable func page(
            _ service: ProfileService, user: AppUser, session: WebSession, typed: [String: String]? = nil,
            problem: MileageFormProblem? = nil, message: Any = false
        ) throws -> Response {
            let profile = try service.show().profile
            var values: [String: Any] = [
                "name": typed?["name"] ?? profile.name, "company": typed?["company"] ?? profile.company,
                "employee_id": typed?["employee_id"] ?? profile.employeeID, "csrf": session.csrfToken,
                "admin": service.access.managesFleet, "message": message,
            ]
            // What the page shows (the form keeps the values as they are): a field not set says so.
            values["shown"] = [
                "name": profile.name, "company": profile.company, "employee_id": profile.employeeID,
            ].mapValues { $0.isEmpty ? "not set" : $0 }
            problem?.apply(to: &values)
            return renderer.page(
                "mileage/profile", title: "Profile", values, user: user, csrf: session.csrfToken,
                status: problem?.status ?? .ok)
        }
        pages.get("/profile") { request, context in
            let (user, session) = try requireLogin(request, context)
            return try page(try service(user), user: user, session: session, message: PageFlow.message(request))
        }
        pages.post("/profile") { request, context in
            let (user, session, form) = try await submittedForm(request, context)
            let service = try service(user)
            try service.access.requireAdmin()
            // Every field as typed: an empty one clears it.
            func value(_ name: String) -> String {
                (form[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            }
            do {
                _ = try service.set(
                    ProfileInput(name: value("name"), company: value("company"), employeeID: value("employee_id")))
                return PageRenderer.redirect(PageFlow.withMessage("/profile", "The profile is saved."))
            } catch {
                guard let problem = MileageFormProblem(error, fields: fields) else { throw error }
                return try page(
                    service, user: user, session: session,
                    typed: Dictionary(uniqueKeysWithValues: fields.map { ($0, form[$0] ?? "") }), problem: problem)
            }
        }
    }
}
