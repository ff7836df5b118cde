import Foundation
import LogbookStore
import PostgresNIO

extension SQLValue {
    /// The value as PostgresNIO sends it: in binary, of the type the statement's cast names.
    var data: PostgresData {
        switch content {
        case .null:
            switch kind {
            case .int8: PostgresData(type: .int8, value: nil)
            case .float8: PostgresData(type: .float8, value: nil)
            case .text: PostgresData(type: .text, value: nil)
            case .bytea: PostgresData(type: .bytea, value: nil)
            case .bool: PostgresData(type: .bool, value: nil)
            }
        case .integer(let value): PostgresData(int64: value)
        case .real(let value): PostgresData(double: value)
        case .text(let value): PostgresData(string: value)
        case .bytes(let value): PostgresData(bytes: value)
        case .boolean(let value): PostgresData(bool: value)
        }
    }
}

/// Statements are written with SQLite's placeholders, `?` or numbered `?N`; PostgreSQL numbers them and takes the
/// binds' types from the casts added here. A `?` inside a quoted literal or identifier is left alone. A statement
/// uses one style or the other, never both.
enum Placeholders {
    static func numbered(_ sql: String, kinds: [SQLValue.Kind]) throws -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + kinds.count * 8)
        var next = 0
        var used = Set<Int>()
        var quote: Character?
        var characters = sql.makeIterator()
        var pending: Character? = characters.next()
        while let character = pending {
            pending = characters.next()
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
                var digits = ""
                while let digit = pending, digit.isASCII, digit.isNumber {
                    digits.append(digit)
                    pending = characters.next()
                }
                let number: Int
                if digits.isEmpty {
                    next += 1
                    number = next
                } else {
                    guard let explicit = Int(digits), explicit >= 1 else { throw PlaceholderError.countMismatch }
                    number = explicit
                }
                guard number <= kinds.count else { throw PlaceholderError.countMismatch }
                used.insert(number)
                result += "($\(number)::\(kinds[number - 1].rawValue))"
            default:
                result.append(character)
            }
        }
        guard used.count == kinds.count else { throw PlaceholderError.countMismatch }
        return result
    }
}

/// A statement whose placeholders and binds disagree in number: a programming error, reported without the text.
struct PlaceholderError: Error, CustomStringConvertible {
    static let countMismatch = PlaceholderError()
    var description: String { "a statement's placeholders and values differ in number" }
}
