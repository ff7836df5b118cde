import Foundation
import Hummingbird
import LogbookStore
import Logging
import TrackModel

/// Login, logout and the password: shared by every domain.
///
/// The login form is protected against cross-site posting by a double-submit token (a cookie and the
/// same value in the form); every form after the login carries the session's CSRF token.
enum AccountPages {
    static let loginCookie = "logbook_login"

    static func register(
        _ pages: RouterGroup<AppRequestContext>, _ environment: ServerEnvironment, _ renderer: PageRenderer
    ) {
        pages.get("/") { _, context in
            guard let user = context.user else { return PageRenderer.redirect("/login") }
            // Each role starts where its work is: the mileage log, else restaurant staff at their checklists, a roofer
            // at their projects.
            if user.mayReadMileageLog { return PageRenderer.redirect("/trips") }
            if user.mayUseChecklists { return PageRenderer.redirect("/checklists") }
            return PageRenderer.redirect(user.mayReadRoofing ? "/roofing" : "/account")
        }
        pages.get("/login") { request, context in
            if context.user != nil { return PageRenderer.redirect("/") }
            return loginPage(renderer, environment, next: RequestText.query(request)["next"].map(String.init))
        }
        pages.post("/login") { request, context in
            let form = try await FormData.read(request)
            guard let cookie = request.cookies[loginCookie]?.value, let sent = form["csrf"],
                Secrets.equal(cookie, sent)
            else {
                return loginPage(
                    renderer, environment, message: "The form had expired; please log in again.", status: .forbidden)
            }
            let name = form.text("name") ?? ""
            let password = form["password"] ?? ""
            let next = safeNext(form["next"])
            let now = Date().timeIntervalSince1970
            if let wait = try await environment.throttle.retryAfter(
                user: name, address: context.remoteAddress, now: now)
            {
                var response = loginPage(
                    renderer, environment, name: name,
                    message: "Too many failed logins; try again in \(Int(wait / 60) + 1) minutes.",
                    status: .tooManyRequests)
                response.headers[.retryAfter] = String(Int(wait.rounded(.up)))
                return response
            }
            // An unknown name (or a user without a password) costs the same bcrypt work as a wrong password.
            let stored = try environment.database.passwordHash(user: name)
            let verified =
                if let stored { environment.passwords.verify(password, hash: stored.hash) } else {
                    environment.passwords.verifyWithoutHash(password)
                }
            guard let user = stored?.user, verified else {
                try await environment.throttle.recordFailure(user: name, address: context.remoteAddress, now: now)
                context.logger.notice("Failed login", metadata: ["http.client": "\(context.remoteAddress)"])
                return loginPage(
                    renderer, environment, name: name, message: "Unknown user or wrong password.",
                    status: .unauthorized)
            }
            try await environment.throttle.recordSuccess(user: name)
            let (session, _) = try startSession(user, environment)
            context.logger.info("Logged in", metadata: ["user.name": "\(user.name)"])
            var response = PageRenderer.redirect(next)
            response.setCookie(session)
            response.setCookie(
                Cookie(
                    name: loginCookie, value: "", maxAge: 0, path: "/login", secure: environment.settings.secureCookies,
                    httpOnly: true, sameSite: .strict))
            return response
        }
        pages.post("/logout") { request, context in
            let form = try await FormData.read(request)
            if let session = context.session, let hash = context.sessionHash {
                try requireCSRF(form, session)
                try environment.database.endSession(idHash: hash)
            }
            var response = PageRenderer.redirect("/login")
            response.setCookie(sessionCookie("", maxAge: 0, environment))
            return response
        }
        pages.get("/account") { request, context in
            let (user, session) = try requireLogin(request, context)
            return renderer.page(
                "account", title: "Account",
                ["name": user.name, "role": user.role.rawValue, "vehicles": user.vehicles, "csrf": session.csrfToken],
                user: user, csrf: session.csrfToken)
        }
        pages.post("/account/password") { request, context in
            let (user, session, form) = try await submittedForm(request, context)
            func answer(_ message: String, ok: Bool, csrf: String) -> Response {
                renderer.page(
                    "account", title: "Account",
                    [
                        "name": user.name, "role": user.role.rawValue, "vehicles": user.vehicles,
                        "csrf": csrf, "message": message, "kind": ok ? "ok" : "problem",
                    ], user: user, csrf: csrf, status: ok ? .ok : .unprocessableContent)
            }
            let current = form["current"] ?? ""
            let verified =
                if let (_, hash) = try environment.database.passwordHash(user: user.name) {
                    environment.passwords.verify(current, hash: hash)
                } else {
                    environment.passwords.verifyWithoutHash(current)
                }
            guard verified else { return answer("The current password is wrong.", ok: false, csrf: session.csrfToken) }
            let new = form["new"] ?? ""
            if let problem = PasswordHasher.problem(with: new) {
                return answer("Not changed: \(problem).", ok: false, csrf: session.csrfToken)
            }
            // Every session ends, this one too: the browser goes on in a new session (a new id and CSRF token), so
            // a session id someone else may have learnt is worth nothing after the change.
            try environment.database.setPasswordHash(user: user.name, environment.passwords.hash(new))
            let (cookie, csrf) = try startSession(user, environment)
            var response = answer("Password changed. Other sessions were logged out.", ok: true, csrf: csrf)
            response.setCookie(cookie)
            return response
        }
    }

    /// Starts a web session for `user` with a new random id and CSRF token: the session's cookie, and the token.
    static func startSession(_ user: AppUser, _ environment: ServerEnvironment) throws -> (Cookie, String) {
        let id = Secrets.randomToken()
        let csrf = Secrets.randomToken()
        let days = environment.settings.sessionDays
        try environment.database.startSession(
            user: user.id, idHash: Secrets.hash(id), csrfToken: csrf,
            expiresAt: Timestamp(secondsSince1970: Date().timeIntervalSince1970 + Double(days) * 86_400))
        return (sessionCookie(id, maxAge: days * 86_400, environment), csrf)
    }

    static func loginPage(
        _ renderer: PageRenderer, _ environment: ServerEnvironment, name: String = "", next: String? = nil,
        message: String? = nil, status: HTTPResponse.Status = .ok
    ) -> Response {
        let token = Secrets.randomToken()
        var values: [String: Any] = ["loginCSRF": token, "name": name, "next": safeNext(next)]
        if let message { values["message"] = message }
        var response = renderer.page("login", title: "Log in", values, user: nil, csrf: nil, status: status)
        response.setCookie(
            Cookie(
                name: loginCookie, value: token, maxAge: 3_600, path: "/login",
                secure: environment.settings.secureCookies, httpOnly: true, sameSite: .strict))
        return response
    }

    static func sessionCookie(_ value: String, maxAge: Int, _ environment: ServerEnvironment) -> Cookie {
        Cookie(
            name: SessionAuthenticator.cookieName, value: value, maxAge: maxAge, path: "/",
            secure: environment.settings.secureCookies, httpOnly: true, sameSite: .lax)
    }

    /// Only a path on this server (no `//host`): a login cannot send the browser elsewhere.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\") else { return "/" }
        return next
    }
}

/// A page that needs a user: the session's, or a redirect to the login (thrown, so handlers stay short).
func requireLogin(_ request: Request, _ context: AppRequestContext) throws -> (AppUser, WebSession) {
    guard let user = context.user, let session = context.session else {
        throw LoginRequired(next: request.uri.path)
    }
    return (user, session)
}

/// A form posted in a session: the user, the session and the form, once the form's CSRF token matched.
func submittedForm(_ request: Request, _ context: AppRequestContext) async throws -> (AppUser, WebSession, FormData) {
    let (user, session) = try requireLogin(request, context)
    let form = try await FormData.read(request)
    try requireCSRF(form, session)
    // Every free-text field of every form, held to the plain-text rule (no control characters).
    try RequestText.check(form: form.values)
    return (user, session, form)
}

/// Every form of a session carries the session's CSRF token.
func requireCSRF(_ form: FormData, _ session: WebSession) throws {
    guard let sent = form["csrf"], Secrets.equal(sent, session.csrfToken) else {
        throw APIError(
            .forbidden, "csrf", "the form's security token is missing or stale; reload the page and try again")
    }
}

/// Thrown by a page that needs a login: becomes a redirect to `/login?next=...`.
struct LoginRequired: Error, HTTPResponseError {
    var next: String
    var status: HTTPResponse.Status { .seeOther }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoded =
            next.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "/-_"))) ?? "/"
        return PageRenderer.redirect("/login?next=" + encoded)
    }
}
