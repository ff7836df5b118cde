public import Foundation

/// One value of an answer, as both databases give it: SQLite's storage classes, and PostgreSQL's types mapped onto
/// them (booleans as 0 or 1, `numeric` sums as integers when whole).
public enum SQLCell: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case bytes([UInt8])
}

/// A row of a query's answer, read by column name (without regard to case, as PostgreSQL folds unquoted names) or by
/// position. A value of another type than asked, or a `NULL` where a value must be, is `StoreError.invalidData` naming
/// the column, never the value.
public struct SQLRow: Sendable, Hashable {
    public let columns: [String]
    public let cells: [SQLCell]

    public init(columns: [String], cells: [SQLCell]) {
        self.columns = columns
        self.cells = cells
    }

    public var count: Int { cells.count }

    func index(of column: String) -> Int? {
        if let exact = columns.firstIndex(of: column) { return exact }
        let lowered = column.lowercased()
        return columns.firstIndex { $0.lowercased() == lowered }
    }

    /// Whether the answer has this column.
    public func has(_ column: String) -> Bool { index(of: column) != nil }

    /// The raw cell of a column (`.null` when the answer has no such column is never assumed: that throws).
    public func cell(_ column: String) throws -> SQLCell {
        guard let index = index(of: column) else { throw SQLRowError(column: column) }
        return cells[index]
    }

    public func value<T: SQLDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        let cell = try cell(column)
        guard let value = T.decode(cell) else {
            throw SQLRowError(column: column, found: cell.kindName, expected: "\(T.self)")
        }
        return value
    }

    public func value<T: SQLDecodable>(at index: Int, as type: T.Type = T.self) throws -> T {
        guard cells.indices.contains(index) else { throw SQLRowError(column: "#\(index)") }
        guard let value = T.decode(cells[index]) else {
            throw SQLRowError(column: columns[index], found: cells[index].kindName, expected: "\(T.self)")
        }
        return value
    }

    /// `try row["plate"]`: the column's value as the type the context asks for.
    public subscript<T: SQLDecodable>(_ column: String) -> T {
        get throws { try value(column) }
    }

    public subscript<T: SQLDecodable>(_ index: Int) -> T {
        get throws { try value(at: index) }
    }

    public func int(_ column: String) throws -> Int64 { try value(column) }
    public func double(_ column: String) throws -> Double { try value(column) }
    public func text(_ column: String) throws -> String { try value(column) }
    public func bool(_ column: String) throws -> Bool { try value(column) }
    public func optionalInt(_ column: String) throws -> Int64? { try value(column) }
    public func optionalDouble(_ column: String) throws -> Double? { try value(column) }
    public func optionalText(_ column: String) throws -> String? { try value(column) }
    public func optionalBytes(_ column: String) throws -> [UInt8]? { try value(column) }
}

extension SQLCell {
    var kindName: String {
        switch self {
        case .null: "NULL"
        case .integer: "an integer"
        case .real: "a real number"
        case .text: "text"
        case .bytes: "bytes"
        }
    }
}

/// A column missing from an answer, or of another type than the store expects; never quotes the value.
public struct SQLRowError: Error, CustomStringConvertible {
    public var column: String
    /// The column's type as the database sent it, never its value.
    public var found: String?
    public var expected: String?

    public init(column: String, found: String? = nil, expected: String? = nil) {
        self.column = column
        self.found = found
        self.expected = expected
    }

    public var description: String {
        guard let found, let expected else { return "the answer has no column \(column)" }
        return "the column \(column) is \(found), not \(expected)"
    }
}

/// A Swift type a cell can be read as. Integers and real numbers convert into each other where nothing is lost
/// (SQLite keeps `2.0` in a REAL column as the integer 2 on disk); nothing else converts.
public protocol SQLDecodable {
    /// The value of `cell`, or nil when the cell holds another type (or `NULL`, for a type that cannot be empty).
    static func decode(_ cell: SQLCell) -> Self?
}

extension Int64: SQLDecodable {
    public static func decode(_ cell: SQLCell) -> Int64? {
        switch cell {
        case .integer(let value): value
        case .real(let value): value.rounded() == value && abs(value) < 9.2e18 ? Int64(value) : nil
        default: nil
        }
    }
}

extension Int: SQLDecodable {
    public static func decode(_ cell: SQLCell) -> Int? { Int64.decode(cell).map(Int.init) }
}

extension Int32: SQLDecodable {
    public static func decode(_ cell: SQLCell) -> Int32? { Int64.decode(cell).flatMap(Int32.init(exactly:)) }
}

extension Double: SQLDecodable {
    public static func decode(_ cell: SQLCell) -> Double? {
        switch cell {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }
}

extension String: SQLDecodable {
    public static func decode(_ cell: SQLCell) -> String? {
        if case .text(let value) = cell { return value }
        return nil
    }
}

extension Bool: SQLDecodable {
    public static func decode(_ cell: SQLCell) -> Bool? {
        switch cell {
        case .integer(let value): value != 0
        case .real(let value): value != 0
        default: nil
        }
    }
}

extension Array: SQLDecodable where Element == UInt8 {
    public static func decode(_ cell: SQLCell) -> [UInt8]? {
        switch cell {
        case .bytes(let value): value
        case .text(let value): Array(value.utf8)
        default: nil
        }
    }
}

extension Data: SQLDecodable {
    public static func decode(_ cell: SQLCell) -> Data? { [UInt8].decode(cell).map { Data($0) } }
}

extension Optional: SQLDecodable where Wrapped: SQLDecodable {
    public static func decode(_ cell: SQLCell) -> Wrapped?? {
        if case .null = cell { return .some(nil) }
        return Wrapped.decode(cell).map { .some($0) }
    }
}
