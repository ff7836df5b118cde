import Foundation
import HTTPTypes
import Hummingbird
import LogbookStore
import Logging

/// Maps every error to what the client may see, at the edge only: JSON for `/api/`, an error page
/// otherwise. Errors the client cannot have caused are logged (type only: no values) and become a 500.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let pages: PageRenderer

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let redirect as LoginRequired {
            return try redirect.response(from: request, context: context)
        } catch {
            let mapped = APIError.from(error)
            if mapped == nil {
                context.logger.error(
                    "Request failed",
                    metadata: [
                        "http.method": "\(request.method)", "http.route": "\(context.endpointPath ?? "-")",
                        "error.type": "\(type(of: error))",
                    ])
            }
            let failure = mapped ?? .internalError
            if request.uri.path.hasPrefix("/api/") || request.uri.path.hasPrefix("/ingest/") {
                var response = JSONResponse.make(failure.jsonBody, status: failure.status)
                if failure.status == .unauthorized {
                    response.headers[.wwwAuthenticate] = "Bearer realm=\"logbook\""
                }
                return response
            }
            return pages.errorPage(failure, user: context.user, csrf: context.session?.csrfToken)
        }
    }
}

/// API requests: a bearer token from `logbook users token`, else 401.
struct BearerAuthenticator: RouterMiddleware {
    typealias Context = AppRequestContext
    let database: AppDatabase

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let header = request.headers[.authorization] else { throw APIError.unauthorized() }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw APIError.unauthorized("the Authorization header must be 'Bearer TOKEN'")
        }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty, token.utf8.count <= 200, let user = try database.user(tokenHash: Secrets.hash(token))
        else { throw APIError.unauthorized("the token is unknown, expired or revoked") }
        var context = context
        context.user = user
        return try await next(request, context)
    }
}

/// Pages: the session cookie, when there is a live session. Pages that need a user redirect to the login.
struct SessionAuthenticator: RouterMiddleware {
    typealias Context = AppRequestContext
    static let cookieName = "logbook_session"
    let database: AppDatabase

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        if let id = request.cookies[Self.cookieName]?.value, !id.isEmpty, id.utf8.count <= 200 {
            let hash = Secrets.hash(id)
            if let session = try database.session(idHash: hash) {
                context.session = session
                context.sessionHash = hash
                context.user = session.user
            }
        }
        return try await next(request, context)
    }
}

/// Security headers on every response: pages may not be framed, scripts and styles only from the server. A page that
/// sets its own policy or referrer policy keeps it (a trip's map loads OpenStreetMap's tiles: `RouteMap`).
struct SecurityHeaders: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        let referrer = HTTPField.Name("Referrer-Policy")!
        if response.headers[referrer] == nil { response.headers[referrer] = "same-origin" }
        if response.headers[.contentSecurityPolicy] == nil {
            response.headers[.contentSecurityPolicy] =
                "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'"
        }
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
