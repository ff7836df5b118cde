/// What an HTTP handler hands a decoder, whatever the method: the query's items, the body's bytes and its content
/// type, and the `Authorization` header. Nothing else of the request matters to any of the protocols.
public struct IngestRequest: Sendable, Hashable {
    /// One `name=value` pair of a query or form body, percent-decoded (`+` read as a space).
    public struct Item: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The query's items in the order sent, already percent-decoded.
    public var query: [Item]
    /// The body as received (empty for a GET).
    public var body: [UInt8]
    /// The `Content-Type` header, parameters included (`application/json; charset=utf-8`).
    public var contentType: String?
    /// The `Authorization` header as sent.
    public var authorization: String?

    public init(query: [Item] = [], body: [UInt8] = [], contentType: String? = nil, authorization: String? = nil) {
        self.query = query
        self.body = body
        self.contentType = contentType
        self.authorization = authorization
    }

    /// A request whose query is given as the raw text after `?` (as an app writes it into the URL).
    public init(
        queryString: String, body: [UInt8] = [], contentType: String? = nil, authorization: String? = nil
    ) {
        self.init(
            query: FormEncoding.items(Array(queryString.utf8)), body: body, contentType: contentType,
            authorization: authorization)
    }

    /// The media type of the body, lowercased, without parameters (`application/json`).
    var mediaType: String? {
        guard let contentType else { return nil }
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.trimmingSpaces.lowercased()
    }

    /// Whether the body is JSON: by its content type, or, when the type says neither JSON nor a form, by its
    /// first non-blank byte (`{` or `[`). A blank body is no JSON, whatever the type (a GET with a stray header).
    var bodyIsJSON: Bool {
        if bodyIsBlank { return false }
        if let type = mediaType {
            if type == "application/json" || type.hasSuffix("+json") { return true }
            if type == "application/x-www-form-urlencoded" { return false }
        }
        guard let first = body.first(where: { !FormEncoding.isBlank($0) }) else { return false }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// Whether the body holds nothing but blanks.
    var bodyIsBlank: Bool { body.allSatisfy(FormEncoding.isBlank) }

    /// The query's items followed by the form body's (when the body is not JSON): a later item wins.
    var queryAndFormItems: [Item] {
        guard !body.isEmpty, !bodyIsJSON else { return query }
        return query + FormEncoding.items(body)
    }
}

/// `application/x-www-form-urlencoded`, as browsers and Android's `Uri` write it.
enum FormEncoding {
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\t")
    }

    /// The items of a query or form body: pairs split at `&`, names and values percent-decoded with `+`
    /// as a space. A pair without `=` is a name with an empty value; empty pairs are skipped. Invalid
    /// percent-escapes are kept as they are; invalid UTF-8 becomes U+FFFD.
    static func items(_ bytes: [UInt8]) -> [IngestRequest.Item] {
        var items: [IngestRequest.Item] = []
        for pair in bytes.split(separator: UInt8(ascii: "&")) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            if name.isEmpty && value.isEmpty { continue }
            items.append(IngestRequest.Item(name, value))
        }
        return items
    }

    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            if byte == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), i + 2 < bytes.endIndex, let high = hex(bytes[i + 1]),
                let low = hex(bytes[i + 2])
            {
                out.append(high << 4 | low)
                i += 2
            } else {
                out.append(byte)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
