import Foundation
import Logging
import NIOCore
import PostgresNIO
public import LogbookStore

/// One connection inside one transaction, as a store's method sees it: statements written with `?` placeholders
/// and `SQLValue`s, each prepared once per connection and reused after.
public struct PostgresSession: SQLSession {
    let pooled: PooledConnection
    let logger: Logger
    /// Statements kept prepared on one connection at most.
    static let preparedLimit = 256

    /// The rows of a query.
    public func rows(_ sql: String, _ binds: [SQLValue] = []) throws -> [SQLRow] {
        let statement = try prepared(sql, binds)
        return try statement.execute(binds.map(\.data)).wait().map(Self.row)
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

extension PostgresSession {
    public var dialect: SQLDialect { .postgresql }

    public func fetchRows(_ sql: String, values: [SQLValue]) throws -> [SQLRow] { try rows(sql, values) }

    public func run(_ sql: String, values: [SQLValue]) throws {
        if values.isEmpty && sql.contains(";") {
            try simple(sql)
        } else {
            try execute(sql, values)
        }
    }

    public func runCounting(_ sql: String, values: [SQLValue]) throws -> Int {
        try rows(sql + " RETURNING 1", values).count
    }

    /// A row in the cells both databases give: PostgreSQL's types mapped onto SQLite's storage classes.
    static func row(_ row: PostgresRow) throws -> SQLRow {
        var columns: [String] = []
        var cells: [SQLCell] = []
        columns.reserveCapacity(8)
        cells.reserveCapacity(8)
        for var cell in row {
            // Prepared statements' answers always come in binary (the Bind asks for it); PostgresNIO labels their
            // columns with the format of the statement's description (text), so the label is set right here.
            cell.format = .binary
            columns.append(cell.columnName)
            cells.append(try Self.cell(cell))
        }
        return SQLRow(columns: columns, cells: cells)
    }

    static func cell(_ cell: PostgresCell) throws -> SQLCell {
        guard var bytes = cell.bytes else { return .null }
        do {
            switch cell.dataType {
            case .int2, .int4, .int8, .oid:
                return .integer(try cell.decode(Int64.self, context: .default))
            case .float4, .float8:
                return .real(try cell.decode(Double.self, context: .default))
            case .bool:
                return .integer(try cell.decode(Bool.self, context: .default) ? 1 : 0)
            case .bytea:
                return .bytes(bytes.readBytes(length: bytes.readableBytes) ?? [])
            case .numeric:
                // Sums of integers: whole numbers come back as integers, as SQLite's sums do.
                let text = "\(try cell.decode(Decimal.self, context: .default))"
                if let integer = Int64(text) { return .integer(integer) }
                guard let real = Double(text) else {
                    throw SQLRowError(column: cell.columnName, found: "numeric", expected: "a number")
                }
                return .real(real)
            default:
                return .text(try cell.decode(String.self, context: .default))
            }
        } catch let error as SQLRowError {
            throw error
        } catch {
            throw SQLRowError(column: cell.columnName, found: "\(cell.dataType)", expected: "a value of its type")
        }
    }
}
