import Foundation
public import GRDB

/// `SQLSession` over one of GRDB's connections, inside the transaction GRDB opened.
public struct SQLiteSession: SQLSession {
    public let db: Database

    public init(_ db: Database) { self.db = db }

    public var dialect: SQLDialect { .sqlite }

    public func fetchRows(_ sql: String, values: [SQLValue]) throws -> [SQLRow] {
        let statement = try db.cachedStatement(sql: sql)
        let arguments = StatementArguments(values.map(\.databaseValue))
        let columns = statement.columnNames
        return try Row.fetchAll(statement, arguments: arguments).map { row in
            SQLRow(columns: columns, cells: row.databaseValues.map(\.sqlCell))
        }
    }

    public func run(_ sql: String, values: [SQLValue]) throws {
        if values.isEmpty {
            try db.execute(sql: sql)
        } else {
            try db.cachedStatement(sql: sql).execute(arguments: StatementArguments(values.map(\.databaseValue)))
        }
    }

    public func runCounting(_ sql: String, values: [SQLValue]) throws -> Int {
        try db.cachedStatement(sql: sql).execute(arguments: StatementArguments(values.map(\.databaseValue)))
        return db.changesCount
    }
}

/// A log on SQLite: GRDB's writer (a WAL pool on disk, a queue in memory), whose writes already take turns.
public struct SQLiteBackend: SQLBackend {
    public let writer: any DatabaseWriter

    public init(_ writer: any DatabaseWriter) { self.writer = writer }

    public var dialect: SQLDialect { .sqlite }

    public func write<T>(_ operation: String, _ body: (any SQLSession) throws -> T) throws -> T {
        do {
            return try writer.write { db in try body(SQLiteSession(db)) }
        } catch {
            throw StoreError.wrap(error, operation: operation)
        }
    }

    public func read<T>(_ operation: String, _ body: (any SQLSession) throws -> T) throws -> T {
        do {
            return try writer.read { db in try body(SQLiteSession(db)) }
        } catch {
            throw StoreError.wrap(error, operation: operation)
        }
    }
}

extension SQLValue {
    var databaseValue: DatabaseValue {
        switch content {
        case .null: .null
        case .integer(let value): value.databaseValue
        case .real(let value): value.databaseValue
        case .text(let value): value.databaseValue
        case .bytes(let value): Data(value).databaseValue
        case .boolean(let value): (value ? 1 : 0).databaseValue
        }
    }
}

extension DatabaseValue {
    var sqlCell: SQLCell {
        switch storage {
        case .null: .null
        case .int64(let value): .integer(value)
        case .double(let value): .real(value)
        case .string(let value): .text(value)
        case .blob(let value): .bytes([UInt8](value))
        }
    }
}
