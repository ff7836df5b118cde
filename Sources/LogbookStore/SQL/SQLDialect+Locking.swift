extension SQLDialect {
    /// What ends a `SELECT` of rows the transaction changes next (read, then write): nothing on SQLite, whose one
    /// writer at a time keeps them as read; ` FOR UPDATE` on PostgreSQL, where writers outside the log's writer lock
    /// (LogbookPostgres' delivery stores) could otherwise change them in between.
    public var lockingRows: String {
        switch self {
        case .sqlite: ""
        case .postgresql: " FOR UPDATE"
        }
    }

    /// What ends a `SELECT` of rows to claim: nothing on SQLite (claims take turns with its one writer);
    /// ` FOR UPDATE SKIP LOCKED` on PostgreSQL, so a server claiming at the same time passes over the rows another
    /// is taking, as LogbookPostgres' delivery stores do. `table` names the alias to lock in a query that reads
    /// several (`FOR UPDATE OF o`).
    public func claimingRows(of table: String? = nil) -> String {
        switch self {
        case .sqlite: ""
        case .postgresql: " FOR UPDATE" + (table.map { " OF \($0)" } ?? "") + " SKIP LOCKED"
        }
    }
}
