import Foundation
import GRDB
public import LogbookStore
public import Logging
import MileageLog
import PostgresNIO

/// `logbook database export|import` (issue 30 §5): copies a whole log between SQLite and PostgreSQL (either way, or
/// between two of a kind), rows exactly, ids kept, in one transaction on the destination.
///
/// The destination is migrated to this program's schema and must hold no data. The source's audit history must
/// verify before anything is copied, and the destination's must verify after, to the same last entry, before the
/// transaction commits: a copy cannot be a way to rewrite history. The schema's triggers stay on for every row
/// (`TransferPlan` orders the rows so that they allow a faithful copy).
public enum LogTransfer {
    /// One end of a copy: where it is and, for PostgreSQL, the password.
    public struct End: Sendable {
        public var location: DatabaseLocation
        public var password: String?

        public init(_ location: DatabaseLocation, password: String? = nil) {
            self.location = location
            self.password = password
        }
    }

    public static func copy(from source: End, to destination: End, logger: Logger) async throws -> TransferReport {
        switch source.location {
        case .sqlite(let path):
            return try await SQLiteEnd.withSource(path) { reader in
                try await copy(from: reader, describedAs: path, to: destination, logger: logger)
            }
        case .postgresql(let address):
            return try await PostgresLog.with(address, password: source.password, logger: logger) { log in
                try await PostgresEnd.withSource(log) { reader in
                    try await copy(from: reader, describedAs: address.description, to: destination, logger: logger)
                }
            }
        }
    }

    static func copy(
        from source: some TransferSource, describedAs sourceName: String, to destination: End, logger: Logger
    ) async throws -> TransferReport {
        let sourceAudit = try await source.audit()
        guard sourceAudit.isIntact else {
            let first = sourceAudit.problems.first.map { ": \($0.message)" } ?? ""
            throw TransferError(
                kind: .auditBroken,
                message: "\(sourceName): the audit history does not verify (\(sourceAudit.problems.count) problem(s))"
                    + "\(first); nothing was copied")
        }
        var start = TransferReport(
            source: sourceName, destination: "", tables: [],
            audit: TransferReport.Audit(
                entries: sourceAudit.entries, lastSequence: sourceAudit.head.sequence, lastHash: sourceAudit.head.hash,
                sourceIntact: true, destinationIntact: false))
        switch destination.location {
        case .sqlite(let path):
            start.destination = path
            return try await SQLiteEnd.write(source, to: path, expecting: sourceAudit, report: start)
        case .postgresql(let address):
            start.destination = address.description
            let report = start
            return try await PostgresLog.with(address, password: destination.password, logger: logger) { log in
                try await PostgresEnd.write(source, to: log, expecting: sourceAudit, report: report)
            }
        }
    }

    /// The tables of both ends must be the plan's, with the same stored columns.
    static func compare(_ source: LogSchema, _ destination: LogSchema, sourceName: String) throws {
        let planned = Set(TransferPlan.tables)
        for (schema, side) in [(source, sourceName), (destination, "the destination")] {
            let tables = Set(schema.tables.keys)
            if let extra = tables.subtracting(planned).sorted().first {
                throw TransferError(
                    kind: .schema, message: "\(side) has a table this program does not know (\(extra))")
            }
            if let missing = planned.subtracting(tables).sorted().first {
                throw TransferError(kind: .schema, message: "\(side) has no table \(missing)")
            }
        }
        for table in TransferPlan.tables {
            let from = Set(source.stored(table).map(\.name))
            let into = Set(destination.stored(table).map(\.name))
            guard from == into else {
                let differing = from.symmetricDifference(into).sorted().joined(separator: ", ")
                throw TransferError(
                    kind: .schema, message: "the two logs' table \(table) differ in their columns (\(differing))")
            }
        }
    }

    static func quoted(_ name: String) -> String { "\"" + name + "\"" }

    /// The rows of a table in primary-key order (the order the triggers need: audit entries by sequence, versions by
    /// number).
    static func selectSQL(_ table: String, columns: [String], orderBy key: [String], rowid: Bool) -> String {
        var sql = "SELECT \(columns.map(quoted).joined(separator: ", ")) FROM \(quoted(table))"
        if !key.isEmpty {
            sql += " ORDER BY \(key.map(quoted).joined(separator: ", "))"
        } else if rowid {
            sql += " ORDER BY rowid"
        }
        return sql
    }

    /// Rows read and written at a time.
    static let chunkRows = 5_000

    /// The rows of a table in primary-key order, chunk by chunk when the key is made of numbers (read after the last
    /// key of the chunk before, so a big table — the positions — never sits in memory whole); other tables at once.
    static func forEachChunk(
        _ source: some TransferSource, table: String, columns: [String],
        _ body: ([[TransferValue]]) async throws -> Void
    ) async throws {
        let key = source.schema.primaryKey(table)
        let numeric = ["INTEGER", "REAL", "bigint", "integer", "double precision"]
        let keyColumns = source.schema.tables[table]?.filter { key.contains($0.name) } ?? []
        let indices = key.compactMap { columns.firstIndex(of: $0) }
        guard !key.isEmpty, indices.count == key.count, keyColumns.allSatisfy({ numeric.contains($0.type) }) else {
            try await body(
                try await source.rows(selectSQL(table, columns: columns, orderBy: key, rowid: source.hasRowID)))
            return
        }
        let list = key.map(quoted).joined(separator: ", ")
        var after: [TransferValue]?
        while true {
            var sql = "SELECT \(columns.map(quoted).joined(separator: ", ")) FROM \(quoted(table))"
            if let after {
                sql += " WHERE (\(list)) > (\(after.map(literal).joined(separator: ", ")))"
            }
            sql += " ORDER BY \(list) LIMIT \(chunkRows)"
            let rows = try await source.rows(sql)
            if !rows.isEmpty { try await body(rows) }
            guard rows.count == chunkRows, let last = rows.last else { return }
            after = indices.map { last[$0] }
        }
    }

    /// A key value as SQL text, read back as the same number (Swift writes the shortest text that does).
    static func literal(_ value: TransferValue) -> String {
        switch value {
        case .integer(let integer): "\(integer)"
        case .real(let real): "\(real)"
        default: "NULL"
        }
    }

    /// Checks that the copy's audit history is the source's, to the same last entry.
    static func checkCopied(_ copied: AuditReport, expecting source: AuditReport) throws {
        guard copied.isIntact, copied.entries == source.entries, copied.head == source.head else {
            throw TransferError(
                kind: .failed,
                message: "the copy's audit history does not verify as the source's "
                    + "(\(copied.entries) entries to \(copied.head.sequence), \(copied.problems.count) problem(s)); "
                    + "nothing was kept")
        }
    }
}

/// What a copy reads from: the schema, rows, identity counters and the audit history of a log.
protocol TransferSource: Sendable {
    var schema: LogSchema { get }
    /// Whether `ORDER BY rowid` is the table order where there is no primary key (SQLite).
    var hasRowID: Bool { get }
    func rows(_ sql: String) async throws -> [[TransferValue]]
    /// The last id each table with one handed out (SQLite's `sqlite_sequence`, PostgreSQL's identity sequences).
    func lastIDs() async throws -> [String: Int64]
    func audit() async throws -> AuditReport
}
