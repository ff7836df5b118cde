import Foundation
import HTTPTypes
import Hummingbird
import LogbookServices

/// The flow every domain's form pages share: do what the form asks, then go on to the next page; what the log's
/// rules or the input's refuse goes back to `url` with the words said there (a signed flash, `Flash`), so the form
/// shows it. Errors of another kind (403, 404, a failure) go to the error middleware as they are.
package enum PageFlow {
    /// Does `body` and goes to the address it returns, or to `url`; a refusal (422, 409) goes to `url` with its
    /// message.
    package static func redirecting(to url: String, _ body: () throws -> String?) throws -> Response {
        do {
            return PageRenderer.redirect(try body() ?? url)
        } catch {
            guard let message = refusal(error) else { throw error }
            return PageRenderer.redirect(Flash.url(url, message: message))
        }
    }

    /// The same for work that awaits.
    package static func redirecting(to url: String, _ body: () async throws -> String?) async throws -> Response {
        do {
            return PageRenderer.redirect(try await body() ?? url)
        } catch {
            guard let message = refusal(error) else { throw error }
            return PageRenderer.redirect(Flash.url(url, message: message))
        }
    }

    /// What a form says to its user for `error`: the words of a refusal or of a value out of its rules, nil for
    /// everything else (which the error middleware maps).
    package static func refusal(_ error: any Error) -> String? {
        guard let mapped = APIError.from(error),
            mapped.status == .conflict || mapped.status == .unprocessableContent
        else { return nil }
        return mapped.message
    }

    /// `url` with a message for its page, signed: no link made elsewhere can put text there.
    package static func withMessage(_ url: String, _ message: String) -> String { Flash.url(url, message: message) }

    /// The message the page was sent with (`Flash`), or `false` for a template's section.
    package static func message(_ request: Request) -> Any {
        guard let text = Flash.message(request), !text.isEmpty else { return false }
        return text
    }

    /// A value in a query string or a path segment of a link the server makes: everything but letters, digits and
    /// `-_.:` percent-encoded.
    package static func queryValue(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-_.:"))) ?? ""
    }
}
