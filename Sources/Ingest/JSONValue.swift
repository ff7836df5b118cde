import Foundation
import TrackModel

/// A JSON document as plain values, read with Foundation's `JSONDecoder` (which bounds the nesting depth and
/// refuses malformed text without crashing). Booleans and numbers stay apart: `true` is never the number 1.
enum JSONValue: Sendable, Hashable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The document in `bytes`, or an error naming the body.
    static func parse(_ bytes: [UInt8]) throws(IngestError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            throw IngestError(.malformedBody, field: "body", "is not well-formed JSON")
        }
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
