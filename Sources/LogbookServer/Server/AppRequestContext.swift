import Foundation
import Hummingbird
import LogbookStore
import NIOCore

/// What a request carries through the middleware: who made it, their session, where from.
package struct AppRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The authenticated user (bearer token or session cookie), once a middleware has found one.
    package var user: AppUser?
    /// The web session, for pages.
    package var session: WebSession?
    /// The SHA-256 of the session id, to end the session.
    package var sessionHash: String?
    /// The peer's address without its port (for the login rate limit).
    package let remoteAddress: String

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    /// JSON bodies of at most 1 MiB (`BodyLimit`).
    package var maxUploadSize: Int { BodyLimit.standard }

    /// JSON bodies are held to the plain-text rule before they are decoded.
    package var requestDecoder: CheckedJSONDecoder { CheckedJSONDecoder() }

    /// The user, or 401.
    package func requireUser() throws -> AppUser {
        guard let user else { throw APIError.unauthorized() }
        return user
    }
}

/// JSON responses from encoded bytes or from `Encodable` values (keys sorted, so the output is stable).
package enum JSONResponse {
    package static func make(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        make(Data(text.utf8), status: status)
    }

    package static func make(_ data: Data, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    package static func make(encoding value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return make(try encoder.encode(value), status: status)
    }
}
