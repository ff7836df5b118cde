import Foundation
import HTTPTypes
import Hummingbird
import LogbookServices

/// A request's body as a use case's `Decodable` input, read one way for the API and the pages: JSON
/// (`application/json`) or a form (`application/x-www-form-urlencoded`, through Hummingbird's
/// `URLEncodedFormDecoder`), at most the one body limit (`BodyLimit`), every text held to the plain-text rule. A field
/// that does not decode is a `DecodingError`, which the error middleware answers with 422 naming the field (its
/// coding path, `roofers[2].hours`).
///
/// A form's empty fields are left out before decoding: an input left blank is an input not given (an optional
/// number stays nil instead of failing to read "").
package enum RequestInput {
    package static func decode<T: Decodable>(_ type: T.Type, from request: Request, context: AppRequestContext)
        async throws -> T
    {
        let buffer = try await BodyLimit.collect(request, upTo: context.maxUploadSize)
        let data = Data(buffer.readableBytesView)
        if isForm(request) {
            return try form(T.self, from: String(decoding: data, as: UTF8.self))
        }
        guard isJSON(request) || data.isEmpty else {
            throw APIError(
                .unsupportedMediaType, "unsupported-media-type",
                "send the body as application/json or application/x-www-form-urlencoded")
        }
        try RequestText.check(json: data.isEmpty ? Data("{}".utf8) : data)
        do {
            return try ServiceJSON.decode(T.self, from: data.isEmpty ? Data("{}".utf8) : data)
        } catch DecodingError.dataCorrupted(let failure)
            where failure.codingPath.isEmpty
            && (try? ServiceJSON.decode(AnyJSON.self, from: data.isEmpty ? Data("{}".utf8) : data)) == nil
        {
            // Not JSON at all: a malformed request (400), not a value out of its rules (422).
            throw APIError.badRequest("the request body is not valid JSON")
        }
    }

    /// A form's text as `T` (its fields held to the plain-text rule; blank fields left out; a text area's CR LF
    /// read as LF).
    package static func form<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        var fields: [(String, String)] = []
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = RequestText.formDecode(parts[0]), parts.count == 2,
                let value = RequestText.formDecode(parts[1]), !value.isEmpty
            else { continue }
            fields.append((name, value.replacingOccurrences(of: "\r\n", with: "\n")))
        }
        try RequestText.check(form: Dictionary(fields, uniquingKeysWith: { $1 }))
        for (name, value) in fields where !RequestText.secretFields.contains(name) {
            try RequestText.check(value, field: name)
        }
        return try FormDecoder().decode(T.self, from: fields)
    }

    /// The query string as `T` (list filters, paging), by the same rules as a form.
    package static func query<T: Decodable>(_ type: T.Type, from request: Request) throws -> T {
        try form(T.self, from: request.uri.query ?? "")
    }

    static func isForm(_ request: Request) -> Bool {
        request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
    }

    static func isJSON(_ request: Request) -> Bool {
        guard let type = request.headers[.contentType]?.lowercased() else { return true }
        return type.hasPrefix("application/json") || type.hasSuffix("+json")
    }
}

/// Any JSON value, read without a look inside: whether a body is JSON at all.
private struct AnyJSON: Decodable {
    init(from decoder: any Decoder) throws {}
}
