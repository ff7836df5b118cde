import Foundation
import Logging
import NIOCore
public import PostgresNIO

/// One connection inside one transaction, as a store's method sees it: statements written with `?` placeholders
/// and `SQLValue`s, each prepared once per connection and reused after.
public struct PostgresSession {
    let pooled: PooledConnection
    let logger: Logger
    /// Statements kept prepared on one connection at most.
    static let preparedLimit = 256

    /// The rows of a query.
    public func rows(_ sql: String, _ binds: [SQLValue] = []) throws -> [SQLRow] {
        let statement = try prepared(sql, binds)
        return try statement.execute(binds.map(\.data)).wait().map { SQLRow(row: $0.makeRandomAccess()) }
    }

    /// The first row of a query, if any.
    public func row(_ sql: String, _ binds: [SQLValue] = []) throws -> SQLRow? {
        try rows(sql, binds).first
    }

    /// Runs a statement; what it returns is dropped (add `RETURNING` and use `rows` to count what it changed).
    public func execute(_ sql: String, _ binds: [SQLValue] = []) throws {
        let statement = try prepared(sql, binds)
        try statement.execute(binds.map(\.data)) { _ in }.wait()
    }

    /// A statement without values and without preparing it (transaction control, locks, DDL).
    func simple(_ sql: String) throws {
        do {
            _ = try pooled.connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait()
        } catch {
            pooled.broken = pooled.broken || sql == "COMMIT" || sql == "ROLLBACK"
            throw error
        }
    }

    func prepared(_ sql: String, _ binds: [SQLValue]) throws -> PreparedQuery {
        let text = try Placeholders.numbered(sql, kinds: binds.map(\.kind))
        if let statement = pooled.prepared[text] { return statement }
        if pooled.prepared.count >= Self.preparedLimit {
            // Statements whose text varies (`IN (?, ?, …)` of any length) would otherwise pile up on the server.
            try simple("DEALLOCATE ALL")
            pooled.prepared.removeAll()
        }
        let statement = try pooled.connection.prepare(query: text).wait()
        pooled.prepared[text] = statement
        return statement
    }
}

/// A row of a query's answer, read by column name; a value of an unexpected type is `StoreError.invalidData`.
public struct SQLRow {
    let row: PostgresRandomAccessRow

    public func value<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        guard row.contains(column) else { throw SQLRowError(column: column) }
        // Prepared statements' answers always come in binary (the Bind asks for it); PostgresNIO labels their
        // columns with the format of the statement's description (text), so the label is set right here.
        var cell = row[column]
        cell.format = .binary
        do {
            return try cell.decode(T.self, context: .default)
        } catch {
            throw SQLRowError(column: column, found: "\(cell.dataType) (\(cell.format))", expected: "\(T.self)")
        }
    }

    public func int(_ column: String) throws -> Int64 { try value(column) }
    public func double(_ column: String) throws -> Double { try value(column) }
    public func text(_ column: String) throws -> String { try value(column) }
    public func bool(_ column: String) throws -> Bool { try value(column) }
    public func optionalInt(_ column: String) throws -> Int64? { try value(column) }
    public func optionalDouble(_ column: String) throws -> Double? { try value(column) }
    public func optionalText(_ column: String) throws -> String? { try value(column) }

    public func optionalBytes(_ column: String) throws -> [UInt8]? {
        guard row.contains(column) else { throw SQLRowError(column: column) }
        guard var buffer = row[column].bytes else { return nil }
        return buffer.readBytes(length: buffer.readableBytes)
    }
}

/// A column missing from an answer, or of another type than the store expects.
struct SQLRowError: Error, CustomStringConvertible {
    var column: String
    /// The column's type as the server sent it, never its value.
    var found: String?
    var expected: String?
    var description: String {
        guard let found, let expected else { return "the answer has no column \(column)" }
        return "the column \(column) is \(found), not \(expected)"
    }
}
