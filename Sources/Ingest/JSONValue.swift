import TrackModel

/// A JSON document as plain values (RFC 8259), read by `JSONReader` straight from the bytes: batches of a thousand
/// positions are read for every request, and Foundation's decoder spends most of a request's time trying each type in
/// turn. Booleans and numbers stay apart: `true` is never the number 1.
enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The document in `bytes`, or an error naming the body.
    static func parse(_ bytes: [UInt8]) throws(IngestError) -> JSONValue {
        guard let value = JSONReader.read(bytes) else {
            throw IngestError(.malformedBody, field: "body", "is not well-formed JSON")
        }
        return value
    }

    /// What the value is, in the words of an error message.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as attribute text: strings as they are, numbers without a needless `.0`, booleans as
    /// `true`/`false`; `nil` for null, arrays and objects.
    var attributeText: String? {
        switch self {
        case .string(let text): text
        case .number(let value): NumberText.format(value)
        case .bool(let value): value ? "true" : "false"
        case .null, .array, .object: nil
        }
    }
}

/// The members of one JSON object, each read as the field `path.key`.
struct JSONFields {
    let members: [String: JSONValue]
    let path: String

    init(_ members: [String: JSONValue], path: String) {
        self.members = members
        self.path = path
    }

    /// The object `value` at `path`, or an error saying it must be one.
    init(_ value: JSONValue, path: String) throws(IngestError) {
        guard case .object(let members) = value else {
            throw IngestError(.invalid, field: path.isEmpty ? "body" : path, "must be a JSON object")
        }
        self.init(members, path: path)
    }

    func field(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The member, `nil` when absent or null.
    func value(_ key: String) -> JSONValue? {
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    /// A number, or a string that reads as one (some app versions send numbers as strings); `nil` when absent,
    /// null or an empty string.
    func number(_ key: String) throws(IngestError) -> Double? {
        switch value(key) {
        case nil: return nil
        case .number(let number): return number
        case .string(let text):
            if text.trimmingSpaces.isEmpty { return nil }
            if let number = NumberText.parse(text) { return number }
            throw IngestError(.invalid, field: field(key), "must be a number")
        case .some(let other):
            throw IngestError(.invalid, field: field(key), "must be a number, not \(other.kind)")
        }
    }

    func requiredNumber(_ key: String) throws(IngestError) -> Double {
        guard let number = try number(key) else { throw IngestError.missing(field(key)) }
        return number
    }

    /// A string (numbers and booleans are read as their text); `nil` when absent or null.
    func string(_ key: String) throws(IngestError) -> String? {
        switch value(key) {
        case nil: return nil
        case .some(let value):
            guard let text = value.attributeText else {
                throw IngestError(.invalid, field: field(key), "must be a string, not \(value.kind)")
            }
            return text
        }
    }

    /// `true`/`false`, 1/0 or their text; `nil` when absent or null.
    func bool(_ key: String) throws(IngestError) -> Bool? {
        switch value(key) {
        case nil: return nil
        case .bool(let flag): return flag
        case .number(let number) where number == 0 || number == 1: return number == 1
        case .string(let text):
            if text.trimmingSpaces.isEmpty { return nil }
            if let flag = BoolText.parse(text) { return flag }
            throw IngestError(.invalid, field: field(key), "must be true or false")
        case .some:
            throw IngestError(.invalid, field: field(key), "must be true or false")
        }
    }

    /// A point in time: epoch seconds, epoch milliseconds or ISO 8601 (see `TimeText`); `nil` when absent.
    func time(_ key: String) throws(IngestError) -> Timestamp? {
        switch value(key) {
        case nil: return nil
        case .number(let number):
            guard let time = TimeText.epoch(number) else { throw TimeText.invalid(field(key)) }
            return time
        case .string(let text):
            guard let time = TimeText.parse(text) else { throw TimeText.invalid(field(key)) }
            return time
        case .some:
            throw TimeText.invalid(field(key))
        }
    }

    func requiredTime(_ key: String) throws(IngestError) -> Timestamp {
        guard let time = try time(key) else { throw IngestError.missing(field(key)) }
        return time
    }

    /// A nested object, `nil` when absent or null.
    func object(_ key: String) throws(IngestError) -> JSONFields? {
        guard let value = value(key) else { return nil }
        return try JSONFields(value, path: field(key))
    }
}

/// A strict JSON reader over bytes: one value, surrounded by white space only; nesting at most `maximumDepth` deep;
/// strings without raw control characters, with every escape of RFC 8259 (surrogate pairs joined, a lone surrogate
/// read as U+FFFD); numbers in JSON's grammar and finite. Any departure is `nil`: the caller says "not well-formed".
struct JSONReader {
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    static func read(_ bytes: [UInt8]) -> JSONValue? {
        var reader = JSONReader(bytes)
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.index == bytes.count ? value : nil
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) -> JSONValue? {
        guard depth <= Self.maximumDepth else { return nil }
        skipSpace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return nil }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
        index += count
        return value
    }

    private mutating func object(depth: Int) -> JSONValue? {
        index += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let member = value(depth: depth + 1) else { return nil }
            members[key] = member
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { return nil }
            index += 1
            return .object(members)
        }
    }

    private mutating func array(depth: Int) -> JSONValue? {
        index += 1
        var elements: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            guard let element = value(depth: depth + 1) else { return nil }
            elements.append(element)
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { return nil }
            index += 1
            return .array(elements)
        }
    }

    /// A string starting at the opening quote.
    private mutating func string() -> String? {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { return nil }
            index += 1
        }
        var out = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4() else { return nil }
                    if (0xD800...0xDBFF).contains(scalar), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    {
                        let saved = index
                        index += 2
                        if let low = hex4(), (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            index = saved
                        }
                    }
                    out.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
                default: return nil
                }
            default:
                if byte < 0x20 { return nil }
                out.append(byte)
                index += 1
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// A number in JSON's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, finite.
    private mutating func number() -> JSONValue? {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits() > 0 else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { return nil }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return .number(value)
    }
}
