import Foundation
import Hummingbird
import NIOCore
import PlainText

/// Text as it arrives in a request, read one way for every domain: query strings by the form-urlencoded rules
/// (`+` is a space, `%xx` a byte of UTF-8), path parameters percent-decoded, and every free-text value of a JSON
/// body or form held to `PlainText`'s rule (no control characters; line feeds only in multi-line fields).
package enum RequestText {
    /// The query's parameters decoded as a form does (`?vehicle=AB+12` is `AB 12`); a pair that is not valid
    /// percent-encoded UTF-8 is left out.
    package static func query(_ request: Request) -> Parameters {
        query(request.uri.query ?? "")
    }

    package static func query(_ text: String) -> Parameters {
        var pairs: [(key: Substring, value: Substring)] = []
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = formDecode(parts[0]), let value = parts.count > 1 ? formDecode(parts[1]) : "" else {
                continue
            }
            pairs.append((key: Substring(name), value: Substring(value)))
        }
        return Parameters(pairs)
    }

    /// One name or value of `application/x-www-form-urlencoded` text: `+` is a space, then percent-decoding; `nil`
    /// when that is not UTF-8.
    package static func formDecode(_ part: Substring) -> String? {
        String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// The path parameter `name`, percent-decoded (`/reports/AB%2012/…` is `AB 12`); 404 when it is missing or
    /// empty, 400 when it is not percent-encoded UTF-8, 422 when it holds a control character.
    package static func path(_ context: AppRequestContext, _ name: String, missing: String = "no such resource")
        throws -> String
    {
        guard let raw = context.parameters.get(name), !raw.isEmpty else { throw APIError.notFound(missing) }
        return try pathSegment(raw, field: name)
    }

    package static func pathSegment(_ raw: String, field: String) throws -> String {
        guard let text = raw.removingPercentEncoding else {
            throw APIError.badRequest("the address's \(field) is not valid percent-encoded UTF-8")
        }
        try check(text, field: field, lines: .single)
        return text
    }

    /// Refuses `text` when `PlainText`'s rule does (422 naming the field).
    package static func check(_ text: String?, field: String, lines: PlainText.Lines? = nil) throws {
        guard let text else { return }
        do {
            try PlainText.check(text, field: field, lines: lines)
        } catch {
            throw APIError.invalid(error.message, field: error.field)
        }
    }

    /// Form fields that are never shown or stored as text (passwords go to bcrypt as they are).
    static let secretFields: Set<String> = ["password", "current", "new"]

    /// Every value of a submitted form, except passwords.
    package static func check(form values: [String: String]) throws {
        for key in values.keys.sorted() where !secretFields.contains(key) {
            try check(key, field: "a field's name", lines: .single)
            try check(values[key], field: key)
        }
    }

    /// Every string (and key) in a JSON body, its field named by its path (`stickers[2].text`). A body that is not
    /// JSON is left to the decoder that reads it.
    package static func check(json data: Data) throws {
        do {
            try PlainJSON.check(data)
        } catch {
            throw APIError.invalid(error.message, field: error.field)
        }
    }
}

/// The JSON decoder of every API route: the body's text held to `PlainText`'s rule first, then `JSONDecoder`.
package struct CheckedJSONDecoder: RequestDecoder {
    package func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext)
        async throws -> T
    {
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        let data = Data(buffer.readableBytesView)
        try RequestText.check(json: data)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(T.self, from: data)
    }
}
