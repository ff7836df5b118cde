import Foundation
import PostgresNIO

/// A value bound to a statement's `?`, with the PostgreSQL type it is sent as. The type goes into the statement's
/// text as a cast (`$1::int8`), so that the server prepares it for the binary value that comes, whatever it would
/// have guessed from the column — and a `nil` keeps the type of what it stands for.
public struct SQLValue: Sendable {
    public enum Kind: String, Sendable {
        case int8, float8, text, bytea, bool
    }

    public var kind: Kind
    var data: PostgresData

    public static func int(_ value: Int64?) -> SQLValue {
        SQLValue(kind: .int8, data: value.map { PostgresData(int64: $0) } ?? PostgresData(type: .int8, value: nil))
    }

    public static func int(_ value: Int?) -> SQLValue { int(value.map(Int64.init)) }

    public static func double(_ value: Double?) -> SQLValue {
        SQLValue(
            kind: .float8, data: value.map { PostgresData(double: $0) } ?? PostgresData(type: .float8, value: nil))
    }

    public static func text(_ value: String?) -> SQLValue {
        SQLValue(kind: .text, data: value.map { PostgresData(string: $0) } ?? PostgresData(type: .text, value: nil))
    }

    public static func bytes(_ value: [UInt8]?) -> SQLValue {
        SQLValue(kind: .bytea, data: value.map { PostgresData(bytes: $0) } ?? PostgresData(type: .bytea, value: nil))
    }

    public static func bool(_ value: Bool?) -> SQLValue {
        SQLValue(kind: .bool, data: value.map { PostgresData(bool: $0) } ?? PostgresData(type: .bool, value: nil))
    }
}

extension SQLValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByFloatLiteral {
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
}

/// Statements are written with SQLite's `?` placeholders; PostgreSQL numbers them and takes the binds' types from
/// the casts added here. A `?` inside a quoted literal or identifier is left alone.
enum Placeholders {
    static func numbered(_ sql: String, kinds: [SQLValue.Kind]) throws -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + kinds.count * 8)
        var index = 0
        var quote: Character?
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                result.append(character)
            case "?":
                guard index < kinds.count else { throw PlaceholderError.countMismatch }
                index += 1
                result += "($\(index)::\(kinds[index - 1].rawValue))"
            default:
                result.append(character)
            }
        }
        guard index == kinds.count else { throw PlaceholderError.countMismatch }
        return result
    }
}

/// A statement whose placeholders and binds disagree in number: a programming error, reported without the text.
struct PlaceholderError: Error, CustomStringConvertible {
    static let countMismatch = PlaceholderError()
    var description: String { "a statement's placeholders and values differ in number" }
}
