/// The SQL both databases speak differently: the few places where a store's statement names its database.
public enum SQLDialect: String, Sendable, Hashable {
    case sqlite
    case postgresql

    /// The larger of two values, `NULL` when either is: SQLite's scalar `max(a, b)`. PostgreSQL's `GREATEST` skips
    /// `NULL`s, so there the two go through a `VALUES` list, each written once (a `?` among them stays one placeholder).
    public func greatest(_ first: String, _ second: String) -> String {
        switch self {
        case .sqlite: "max(\(first), \(second))"
        case .postgresql:
            "(SELECT CASE WHEN count(v) < 2 THEN NULL ELSE max(v) END FROM (VALUES (\(first)), (\(second))) AS pair(v))"
        }
    }

    /// The smaller of two values, `NULL` when either is: SQLite's scalar `min(a, b)`.
    public func least(_ first: String, _ second: String) -> String {
        switch self {
        case .sqlite: "min(\(first), \(second))"
        case .postgresql:
            "(SELECT CASE WHEN count(v) < 2 THEN NULL ELSE min(v) END FROM (VALUES (\(first)), (\(second))) AS pair(v))"
        }
    }

    /// A text with its ASCII letters in lower case and every other character as it is — the fold of SQLite's
    /// `NOCASE` and `lower()`; on PostgreSQL `logbook_fold` (migration v10), since its `lower` folds every letter.
    public func fold(_ expression: String) -> String {
        switch self {
        case .sqlite: "lower(\(expression))"
        case .postgresql: "logbook_fold(\(expression))"
        }
    }

    /// `column = ?` for a name compared without regard to ASCII case: SQLite's `NOCASE` columns do that themselves
    /// (and use their index); PostgreSQL compares the folded texts (its unique indexes are on `logbook_fold(column)`).
    public func sameName(_ column: String, _ placeholder: String = "?") -> String {
        switch self {
        case .sqlite: "\(column) = \(placeholder)"
        case .postgresql: "\(fold(column)) = \(fold(placeholder))"
        }
    }

    /// `column IN (?, …)` for `count` names (`count` > 0) compared as `sameName` compares one.
    public func sameNameIn(_ column: String, count: Int) -> String {
        switch self {
        case .sqlite: "\(column) IN (" + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
        case .postgresql:
            "\(fold(column)) IN (" + Array(repeating: fold("?"), count: count).joined(separator: ", ") + ")"
        }
    }

    /// An `ORDER BY` term sorting names without regard to case, as SQLite's `NOCASE` columns sort: ASCII letters
    /// folded to lower case, then code points. On PostgreSQL neither `lower` (which folds every letter: `É` before `é`
    /// would change places) nor the database's collation (a locale's order: `ébène` before `jaan`) may decide.
    public func nameOrder(_ column: String) -> String {
        switch self {
        case .sqlite: "\(column) COLLATE NOCASE"
        case .postgresql:
            "\(fold(column)) COLLATE \"C\", \(column) COLLATE \"C\""
        }
    }

    /// The texts of a group joined by `separator` (a literal without quotes).
    public func joined(_ expression: String, separator: String) -> String {
        switch self {
        case .sqlite: "group_concat(\(expression), '\(separator)')"
        case .postgresql: "string_agg(\(expression), '\(separator)')"
        }
    }
}

/// One connection inside one transaction, as a store's method sees it, on either database: statements written
/// with SQLite's `?` placeholders and `SQLValue`s, answers as `SQLRow`s.
///
/// The spellings follow GRDB's (`execute(sql:arguments:)`, `SQLRow.fetchAll(db, sql:)`, `Int64.fetchOne(db, sql:)`),
/// so one store method runs on SQLite and on PostgreSQL alike.
public protocol SQLSession {
    var dialect: SQLDialect { get }
    /// The rows of a query.
    func fetchRows(_ sql: String, values: [SQLValue]) throws -> [SQLRow]
    /// Runs one statement (or, without values, several separated by `;`); its answer is dropped.
    func run(_ sql: String, values: [SQLValue]) throws
    /// Runs one `INSERT`, `UPDATE` or `DELETE`; how many rows it changed.
    func runCounting(_ sql: String, values: [SQLValue]) throws -> Int
}

extension SQLSession {
    /// Runs a statement; what it returns is dropped.
    public func execute(sql: String, arguments: SQLArguments = []) throws {
        try run(sql, values: arguments.values)
    }

    /// Runs one `INSERT`, `UPDATE` or `DELETE` and returns how many rows it changed.
    @discardableResult
    public func executeCounting(sql: String, arguments: SQLArguments = []) throws -> Int {
        try runCounting(sql, values: arguments.values)
    }

    /// Runs one `INSERT … ` and returns the new row's `id` (the statement must not have a `RETURNING` of its own).
    public func insertReturningID(sql: String, arguments: SQLArguments = []) throws -> Int64 {
        guard let id = try fetchRows(sql + " RETURNING id", values: arguments.values).first else {
            throw StoreError(.other, operation: "insert", detail: "no id came back")
        }
        return try id.value(at: 0)
    }
}

extension SQLRow {
    public static func fetchAll(_ db: any SQLSession, sql: String, arguments: SQLArguments = []) throws -> [SQLRow] {
        try db.fetchRows(sql, values: arguments.values)
    }

    public static func fetchOne(_ db: any SQLSession, sql: String, arguments: SQLArguments = []) throws -> SQLRow? {
        try db.fetchRows(sql, values: arguments.values).first
    }
}

extension SQLDecodable {
    /// The first column of every row.
    public static func fetchAll(_ db: any SQLSession, sql: String, arguments: SQLArguments = []) throws -> [Self] {
        try db.fetchRows(sql, values: arguments.values).map { try $0.value(at: 0) }
    }

    /// The first column of the first row; nil when there is no row or the value is `NULL`.
    public static func fetchOne(_ db: any SQLSession, sql: String, arguments: SQLArguments = []) throws -> Self? {
        guard let row = try db.fetchRows(sql, values: arguments.values).first else { return nil }
        let value: Self? = try row.value(at: 0)
        return value
    }

    /// The first column of every row, without duplicates.
    public static func fetchSet(_ db: any SQLSession, sql: String, arguments: SQLArguments = []) throws -> Set<Self>
    where Self: Hashable {
        Set(try fetchAll(db, sql: sql, arguments: arguments))
    }
}

/// Where a log's transactions run: SQLite through GRDB, or PostgreSQL through its pool. Both wrap every error as a
/// `StoreError` for the operation named.
public protocol SQLBackend: Sendable {
    var dialect: SQLDialect { get }
    /// Runs `body` in one write transaction: committed when it returns, rolled back when it throws. Writers take
    /// turns, as on SQLite: one log, one writer at a time.
    func write<T>(_ operation: String, _ body: (any SQLSession) throws -> T) throws -> T
    /// Runs `body` in a read-only transaction that sees one snapshot of the log.
    func read<T>(_ operation: String, _ body: (any SQLSession) throws -> T) throws -> T
}
