import Foundation

/// A `Codable` row type stored in one table, written and read through its coding keys as column names — as GRDB's
/// records are, but on either database. Dates and timestamps are stored by the record itself as numbers (a record
/// keeps `Double` seconds), so the coders here handle SQL's own types only.
protocol SQLRecord: Codable {
    static var databaseTableName: String { get }
}

extension SQLRecord {
    /// The record's columns and values, in its coding order; a `nil` optional is a typed `NULL`.
    func sqlColumns() throws -> [(name: String, value: SQLValue)] {
        let encoder = ColumnEncoder()
        try encode(to: encoder)
        return encoder.storage.columns
    }

    /// Inserts the record as it is (its `id`, when it has one, included).
    func insert(_ db: any SQLSession) throws {
        let columns = try sqlColumns()
        try db.execute(sql: Self.insertSQL(columns), arguments: SQLArguments(columns.map(\.value)))
    }

    /// Inserts the record without its `id` column and returns the id the database gave it.
    func insertReturningID(_ db: any SQLSession) throws -> Int64 {
        let columns = try sqlColumns().filter { $0.name != "id" }
        return try db.insertReturningID(sql: Self.insertSQL(columns), arguments: SQLArguments(columns.map(\.value)))
    }

    /// Updates the row whose `key` columns hold the record's values, writing `columns` (all others than the key
    /// when nil). Returns whether a row was there.
    @discardableResult
    func update(_ db: any SQLSession, key: [String] = ["id"], columns: [String]? = nil) throws -> Bool {
        let all = try sqlColumns()
        let keyed = all.filter { key.contains($0.name) }
        let written = all.filter { !key.contains($0.name) && (columns?.contains($0.name) ?? true) }
        guard keyed.count == key.count, !written.isEmpty else {
            throw StoreError(.other, operation: "update", detail: "no key or no column to write")
        }
        let sql =
            "UPDATE \(Self.databaseTableName) SET " + written.map { "\($0.name) = ?" }.joined(separator: ", ")
            + " WHERE " + keyed.map { "\($0.name) = ?" }.joined(separator: " AND ")
        return try db.executeCounting(sql: sql, arguments: SQLArguments(written.map(\.value) + keyed.map(\.value))) > 0
    }

    static func insertSQL(_ columns: [(name: String, value: SQLValue)]) -> String {
        "INSERT INTO \(databaseTableName) (" + columns.map(\.name).joined(separator: ", ") + ") VALUES ("
            + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
    }

    /// The record read from a row that has its columns (`SELECT *`).
    init(row: SQLRow) throws {
        try self.init(from: RowDecoder(row: row))
    }

    /// The records of `SELECT * FROM table` with an optional `WHERE` clause (with `?`) and `ORDER BY`.
    static func fetchAll(
        _ db: any SQLSession, where condition: String? = nil, _ arguments: SQLArguments = [], orderBy: String? = nil
    ) throws -> [Self] {
        var sql = "SELECT * FROM \(databaseTableName)"
        if let condition { sql += " WHERE \(condition)" }
        if let orderBy { sql += " ORDER BY \(orderBy)" }
        return try SQLRow.fetchAll(db, sql: sql, arguments: arguments).map(Self.init(row:))
    }

    /// The first record of `SELECT * FROM table WHERE condition`, if any.
    static func fetchOne(_ db: any SQLSession, where condition: String, _ arguments: SQLArguments = []) throws -> Self?
    {
        try SQLRow.fetchOne(
            db, sql: "SELECT * FROM \(databaseTableName) WHERE \(condition) LIMIT 1", arguments: arguments
        )
        .map(Self.init(row:))
    }
}

extension SQLRow {
    /// A `Decodable` value read from the row's columns by its coding keys (a summary a query puts together).
    func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try T(from: RowDecoder(row: self))
    }
}

// MARK: Encoding a record into columns

private final class ColumnStorage {
    var columns: [(name: String, value: SQLValue)] = []
}

private struct ColumnEncoder: Encoder {
    let storage = ColumnStorage()
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ColumnContainer<Key>(storage: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { preconditionFailure("a record is a keyed container") }
    func singleValueContainer() -> any SingleValueEncodingContainer {
        preconditionFailure("a record is a keyed container")
    }
}

private struct ColumnContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: ColumnStorage
    var codingPath: [any CodingKey] = []

    func add(_ key: Key, _ value: SQLValue) { storage.columns.append((key.stringValue, value)) }

    mutating func encodeNil(forKey key: Key) throws { add(key, .text(nil)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { add(key, value.sqlValue) }
    mutating func encode(_ value: String, forKey key: Key) throws { add(key, .text(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { add(key, .double(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { add(key, .double(Double(value))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(key, .int(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { add(key, .int(Int(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { add(key, .int(Int(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { add(key, .int(Int(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { add(key, .int(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { add(key, .int(Int64(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { add(key, .int(Int(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { add(key, .int(Int(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { add(key, .int(Int(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { add(key, .int(Int64(value))) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        switch value {
        case let data as Data: add(key, .bytes([UInt8](data)))
        case let bytes as [UInt8]: add(key, .bytes(bytes))
        case let bindable as any SQLBindable: add(key, bindable.sqlValue)
        default:
            throw EncodingError.invalidValue(
                value, .init(codingPath: [key], debugDescription: "a column holds SQL values only"))
        }
    }

    // A nil optional: the column's type is not known here; text NULL converts to any column on both databases
    // only in INSERT … VALUES, so the typed encoders below are used for the optionals records have.
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { add(key, .int(value)) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { add(key, .int(value)) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { add(key, .double(value)) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { add(key, .text(value)) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        add(key, value.map(\.sqlValue) ?? .int(Int64?.none))
    }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else if let bindable = T.self as? any SQLBindable.Type {
            add(key, bindable.sqlNull)
        } else {
            add(key, .text(nil))
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    { preconditionFailure("a column holds SQL values only") }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        preconditionFailure("a column holds SQL values only")
    }
    mutating func superEncoder() -> any Encoder { preconditionFailure("a column holds SQL values only") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { preconditionFailure("a column holds SQL values only") }
}

// MARK: Decoding a record from a row

private struct RowDecoder: Decoder {
    let row: SQLRow
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowContainer<Key>(row: row))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(SQLRow.self, .init(codingPath: [], debugDescription: "a row is keyed"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(SQLRow.self, .init(codingPath: [], debugDescription: "a row is keyed"))
    }
}

private struct RowContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: SQLRow
    var codingPath: [any CodingKey] = []
    var allKeys: [Key] { row.columns.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { row.has(key.stringValue) }

    func decodeNil(forKey key: Key) throws -> Bool { try row.cell(key.stringValue) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if let decodable = T.self as? any SQLDecodable.Type {
            let cell = try row.cell(key.stringValue)
            guard let value = decodable.decode(cell) as? T else {
                throw SQLRowError(column: key.stringValue, found: cell.kindName, expected: "\(T.self)")
            }
            return value
        }
        throw SQLRowError(column: key.stringValue, found: "a column", expected: "\(T.self)")
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try row.double(key.stringValue)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        guard let value = Int16(exactly: try row.int(key.stringValue)) else {
            throw SQLRowError(column: key.stringValue, found: "a larger integer", expected: "Int16")
        }
        return value
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    { throw SQLRowError(column: key.stringValue, found: "a column", expected: "a nested value") }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw SQLRowError(column: key.stringValue, found: "a column", expected: "a nested value")
    }
    func superDecoder() throws -> any Decoder { RowDecoder(row: row) }
    func superDecoder(forKey key: Key) throws -> any Decoder { RowDecoder(row: row) }
}
