public import Foundation

/// A value bound to a statement's `?`, with the type it stands for even when it is `nil`: PostgreSQL prepares a
/// statement for typed parameters, and a `NULL` compared with an integer column must be an integer `NULL`.
///
/// Flags are stored as the integers 0 and 1 on both databases (SQLite has no boolean), so a Swift `Bool` binds as
/// an integer; `.bool` is for PostgreSQL's own boolean expressions only.
public struct SQLValue: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case int8, float8, text, bytea, bool
    }

    public enum Content: Sendable, Hashable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case bytes([UInt8])
        case boolean(Bool)
    }

    public var kind: Kind
    public var content: Content

    public init(kind: Kind, content: Content) {
        self.kind = kind
        self.content = content
    }

    public static func int(_ value: Int64?) -> SQLValue {
        SQLValue(kind: .int8, content: value.map { .integer($0) } ?? .null)
    }

    public static func int(_ value: Int?) -> SQLValue { int(value.map(Int64.init)) }

    public static func double(_ value: Double?) -> SQLValue {
        SQLValue(kind: .float8, content: value.map { .real($0) } ?? .null)
    }

    public static func text(_ value: String?) -> SQLValue {
        SQLValue(kind: .text, content: value.map { .text($0) } ?? .null)
    }

    public static func bytes(_ value: [UInt8]?) -> SQLValue {
        SQLValue(kind: .bytea, content: value.map { .bytes($0) } ?? .null)
    }

    public static func bool(_ value: Bool?) -> SQLValue {
        SQLValue(kind: .bool, content: value.map { .boolean($0) } ?? .null)
    }
}

/// What a statement's `?` can take: each Swift type binds as one SQL type, and its `nil` as a `NULL` of that type.
public protocol SQLBindable: Sendable {
    var sqlValue: SQLValue { get }
    /// The `NULL` of this type.
    static var sqlNull: SQLValue { get }
}

extension SQLValue: SQLBindable {
    public var sqlValue: SQLValue { self }
    /// A `NULL` of unknown type is bound as text; write `.int(nil)` and the like where the column is not text.
    public static var sqlNull: SQLValue { .text(nil) }
}

extension Int64: SQLBindable {
    public var sqlValue: SQLValue { .int(self) }
    public static var sqlNull: SQLValue { .int(Int64?.none) }
}

extension Int: SQLBindable {
    public var sqlValue: SQLValue { .int(Int64(self)) }
    public static var sqlNull: SQLValue { .int(Int64?.none) }
}

extension Int32: SQLBindable {
    public var sqlValue: SQLValue { .int(Int64(self)) }
    public static var sqlNull: SQLValue { .int(Int64?.none) }
}

extension Double: SQLBindable {
    public var sqlValue: SQLValue { .double(self) }
    public static var sqlNull: SQLValue { .double(nil) }
}

extension String: SQLBindable {
    public var sqlValue: SQLValue { .text(self) }
    public static var sqlNull: SQLValue { .text(nil) }
}

extension Substring: SQLBindable {
    public var sqlValue: SQLValue { .text(String(self)) }
    public static var sqlNull: SQLValue { .text(nil) }
}

/// A flag: 0 or 1, as the schema stores flags on both databases.
extension Bool: SQLBindable {
    public var sqlValue: SQLValue { .int(Int64(self ? 1 : 0)) }
    public static var sqlNull: SQLValue { .int(Int64?.none) }
}

extension Data: SQLBindable {
    public var sqlValue: SQLValue { .bytes([UInt8](self)) }
    public static var sqlNull: SQLValue { .bytes(nil) }
}

extension Array: SQLBindable where Element == UInt8 {
    public var sqlValue: SQLValue { .bytes(self) }
    public static var sqlNull: SQLValue { .bytes(nil) }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue { self?.sqlValue ?? Wrapped.sqlNull }
    public static var sqlNull: SQLValue { Wrapped.sqlNull }
}

/// The values of a statement's placeholders, written as an array of Swift values: `[plate, vehicleID, nil as
/// Double?]`.
public struct SQLArguments: Sendable, ExpressibleByArrayLiteral {
    public var values: [SQLValue]

    public init(_ values: [SQLValue] = []) { self.values = values }

    public init(_ bindables: [any SQLBindable]) { values = bindables.map(\.sqlValue) }

    public init(arrayLiteral elements: any SQLBindable...) { values = elements.map(\.sqlValue) }

    public static func += (left: inout SQLArguments, right: SQLArguments) { left.values += right.values }

    public static func += (left: inout SQLArguments, right: [any SQLBindable]) {
        left.values += right.map(\.sqlValue)
    }

    public mutating func append(_ value: any SQLBindable) { values.append(value.sqlValue) }

    public var isEmpty: Bool { values.isEmpty }
    public var count: Int { values.count }
}
