import Foundation
import Hummingbird
import LogbookServices
import LogbookStore
import Mailer
import NIOCore
import NIOHTTP1

/// An error as the server's clients see it: an HTTP status, a stable code, a message for people.
///
/// Every error leaves the server through this type, mapped at the edge (`ErrorMiddleware`): API requests
/// get `{"error": {"code": "...", "message": "..."}}`, pages an error page. Messages never carry SQL,
/// stack traces or coordinates; an unexpected error is logged at error level and answered with a
/// generic 500.
package struct APIError: Error, Sendable, Hashable {
    package var status: HTTPResponse.Status
    /// Stable, for programs: `unauthorized`, `not-found`, `refused`, `invalid-request`, ...
    package var code: String
    package var message: String
    /// The request's field the error is about (`start`, `break_minutes`), when there is one: forms show the
    /// message beside it.
    package var field: String?

    package init(_ status: HTTPResponse.Status, _ code: String, _ message: String, field: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
    }

    package static func unauthorized(_ message: String = "a valid bearer token is required") -> APIError {
        APIError(.unauthorized, "unauthorized", message)
    }
    package static func forbidden(_ message: String) -> APIError { APIError(.forbidden, "forbidden", message) }
    package static func notFound(_ what: String = "no such resource") -> APIError {
        APIError(.notFound, "not-found", what)
    }
    package static func invalid(_ message: String, field: String? = nil) -> APIError {
        APIError(.unprocessableContent, "invalid-request", message, field: field)
    }
    package static func badRequest(_ message: String) -> APIError { APIError(.badRequest, "bad-request", message) }
    package static func refused(_ message: String) -> APIError { APIError(.conflict, "refused", message) }
    package static let internalError = APIError(
        .internalServerError, "internal", "the server failed; the details are in its log")

    /// The client's view of any error thrown by a handler; `nil` for errors that must be logged as bugs.
    package static func from(_ error: any Error) -> APIError? {
        switch error {
        case let error as APIError:
            return error
        case let error as any ServiceErrorConvertible:
            return from(error.serviceError)
        case let error as MailError where error.code == .invalidMessage:
            return .invalid(error.message)
        case let error as HTTPError:
            let code: String =
                switch error.status {
                case .notFound: "not-found"
                case .methodNotAllowed: "method-not-allowed"
                case .contentTooLarge: "too-large"
                case .unsupportedMediaType: "unsupported-media-type"
                default: error.status.code < 500 ? "bad-request" : "internal"
                }
            // Hummingbird's own messages for decoding failures name the field; keep them.
            let message = error.body ?? error.status.reasonPhrase
            return APIError(error.status, code, message)
        case is HTTPParserError:
            // The request broke off (the client went, or was closed for being too slow) or is not HTTP.
            return .badRequest("the request is incomplete or not well-formed HTTP")
        case let error as NIOTooManyBytesError:
            // Hummingbird's `decode(as:context:)` over `maxUploadSize`.
            return BodyLimit.tooLarge(error.maxBytes ?? BodyLimit.standard)
        case let error as any HTTPResponseError where error.status.code < 500:
            return APIError(
                error.status, error.status == .contentTooLarge ? "too-large" : "bad-request",
                error.status.reasonPhrase)
        case is DecodingError:
            return .badRequest("the request body is not the JSON this route takes")
        default:
            return nil
        }
    }

    /// A use case's refusal as the client sees it (`ServiceError`, mapped here once); a storage failure is nil: a
    /// bug or an outage to log, answered with the generic 500.
    package static func from(_ error: ServiceError) -> APIError? {
        switch error.kind {
        case .invalid: return .invalid(error.description, field: error.field)
        case .notFound: return .notFound(error.description)
        case .refused: return APIError(.conflict, "refused", error.description, field: error.field)
        case .forbidden: return .forbidden(error.description)
        case .unavailable: return APIError(.serviceUnavailable, "busy", error.message)
        case .failed: return nil
        }
    }

    package struct Body: Encodable {
        struct Detail: Encodable {
            var code: String
            var message: String
            var field: String?
        }
        var error: Detail
    }

    package var jsonBody: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(Body(error: .init(code: code, message: message, field: field)))) ?? Data()
    }
}
