import Foundation
import GRDB
import LogbookStore

/// An SQLite log as the source of a copy: read-only, at this program's schema, every table read in one read
/// transaction so that the copy is the log as of one moment even while the daemon writes.
struct SQLiteSource: TransferSource {
    let queue: DatabaseQueue
    let schema: LogSchema
    var hasRowID: Bool { true }

    func rows(_ sql: String) async throws -> [[TransferValue]] {
        try await queue.writeWithoutTransaction { db in try SQLiteEnd.rows(db, sql) }
    }

    func lastIDs() async throws -> [String: Int64] {
        try await queue.writeWithoutTransaction { db in try SQLiteEnd.lastIDs(db) }
    }

    func audit() async throws -> AuditReport {
        try await queue.writeWithoutTransaction { db in try SQLiteEnd.audit(db) }
    }
}

enum SQLiteEnd {
    /// A connection that may keep its transaction open between accesses: one transaction spans the whole copy.
    static func queue(_ path: String, readOnly: Bool) throws -> DatabaseQueue {
        var configuration = AppDatabase.configuration()
        configuration.readonly = readOnly
        configuration.allowsUnsafeTransactions = true
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    /// Runs `body` with the source open in a read transaction (deferred: its snapshot is taken at the first read).
    static func withSource<T: Sendable>(_ path: String, _ body: (SQLiteSource) async throws -> T) async throws -> T {
        guard FileManager.default.fileExists(atPath: path) else {
            throw TransferError(kind: .noSource, message: "\(path): there is no log there")
        }
        let pending = try AppDatabase.migrationStatus(path: path).filter { !$0.applied }.count
        guard pending == 0 else {
            throw TransferError(
                kind: .schema,
                message: "\(path): \(pending) schema migration(s) pending; run `logbook database migrate` on it first")
        }
        let queue: DatabaseQueue
        do {
            queue = try Self.queue(path, readOnly: true)
        } catch {
            throw TransferError(kind: .noSource, message: "\(path): cannot open the log (\(Self.said(error)))")
        }
        let schema = try await queue.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN DEFERRED")
            return try LogSchema.read(db)
        }
        do {
            let result = try await body(SQLiteSource(queue: queue, schema: schema))
            try await queue.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
            return result
        } catch {
            try? await queue.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
            throw error
        }
    }

    /// SQLite's own words for an error (never the statement).
    static func said(_ error: any Error) -> String {
        (error as? DatabaseError)?.message ?? "\(type(of: error))"
    }

    static func rows(_ db: Database, _ sql: String) throws -> [[TransferValue]] {
        try Row.fetchAll(db, sql: sql).map { $0.databaseValues.map(TransferValue.init) }
    }

    static func lastIDs(_ db: Database) throws -> [String: Int64] {
        var ids: [String: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT name, seq FROM sqlite_sequence") {
            ids[row["name"]] = row["seq"]
        }
        return ids
    }

    static func audit(_ db: Database) throws -> AuditReport {
        TransferAudit.report(
            entries: try rows(db, TransferAudit.entriesSQL), trips: try rows(db, TransferAudit.tripsSQL),
            readings: try rows(db, TransferAudit.readingsSQL))
    }

    /// Creates (or migrates) the SQLite log at `path` and copies the source into it in one transaction. A file this
    /// copy created is removed again when the copy fails.
    static func write(
        _ source: some TransferSource, to path: String, expecting audit: AuditReport, report: TransferReport
    ) async throws -> TransferReport {
        let existed = FileManager.default.fileExists(atPath: path)
        do {
            return try await fill(source, path: path, existed: existed, expecting: audit, report: report)
        } catch {
            if !existed {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            }
            throw error
        }
    }

    private static func fill(
        _ source: some TransferSource, path: String, existed: Bool, expecting audit: AuditReport,
        report: TransferReport
    ) async throws -> TransferReport {
        // Created and migrated as every command does, then written on a connection of its own.
        do {
            _ = try AppDatabase.open(path: path)
        } catch let error as StoreError {
            throw TransferError(kind: existed ? .schema : .cannotCreate, message: "\(path): \(error.detail)")
        }
        let queue: DatabaseQueue
        do {
            queue = try Self.queue(path, readOnly: false)
        } catch {
            throw TransferError(kind: .cannotCreate, message: "\(path): cannot open the log (\(Self.said(error)))")
        }
        let schema = try await queue.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            return try LogSchema.read(db)
        }
        do {
            let result = try await copy(
                source, into: queue, schema: schema, path: path, expecting: audit, report: report)
            try await queue.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
            return result
        } catch {
            try? await queue.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
            throw error
        }
    }

    private static func copy(
        _ source: some TransferSource, into queue: DatabaseQueue, schema: LogSchema, path: String,
        expecting audit: AuditReport, report: TransferReport
    ) async throws -> TransferReport {
        var report = report
        try LogTransfer.compare(source.schema, schema, sourceName: "the source")
        let occupied = try await queue.writeWithoutTransaction { db in
            try TransferPlan.tables.first { table in
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(LogTransfer.quoted(table)))") ?? false
            }
        }
        if let occupied {
            throw TransferError(
                kind: .notEmpty,
                message: "\(path) already holds data (table \(occupied)); export and import write only into an empty "
                    + "log")
        }
        var pending: [TransferPlan.FollowUp] = []
        for table in TransferPlan.tables {
            let columns = schema.stored(table).map(\.name)
            let insert =
                "INSERT INTO \(LogTransfer.quoted(table)) (\(columns.map(LogTransfer.quoted).joined(separator: ", ")))"
                + " VALUES (" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
            var count = 0
            do {
                try await LogTransfer.forEachChunk(source, table: table, columns: columns) { rows in
                    let followUps = try await queue.writeWithoutTransaction { db in
                        let statement = try db.cachedStatement(sql: insert)
                        var followUps: [TransferPlan.FollowUp] = []
                        for row in rows {
                            let (first, more) = try TransferPlan.split(table: table, columns: columns, row: row)
                            try statement.execute(arguments: StatementArguments(first.map(\.databaseValue)))
                            followUps += more
                        }
                        return followUps
                    }
                    pending += followUps
                    count += rows.count
                }
                let due = pending.filter { $0.after == table }
                pending.removeAll { $0.after == table }
                try await queue.writeWithoutTransaction { db in
                    for followUp in due {
                        try db.execute(
                            sql: "UPDATE \(LogTransfer.quoted(followUp.table)) SET "
                                + followUp.set.map { "\(LogTransfer.quoted($0.0)) = ?" }.joined(separator: ", ")
                                + " WHERE \(LogTransfer.quoted(followUp.key.0)) = ?",
                            arguments: StatementArguments(
                                followUp.set.map(\.1.databaseValue) + [followUp.key.1.databaseValue]))
                    }
                }
            } catch let error as DatabaseError {
                let said = error.message ?? "SQLite error \(error.resultCode.rawValue)"
                throw TransferError(
                    kind: .failed, message: "table \(table): the destination refused a row (\(said)); nothing was kept")
            }
            report.tables.append(TransferReport.Table(table: table, rows: count))
        }
        let lastIDs = try await source.lastIDs()
        try await queue.writeWithoutTransaction { db in
            // A deleted row's id is never handed out again: the counters follow the source's.
            let counted = Set(
                try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%'"))
            let current = try Self.lastIDs(db)
            for (table, last) in lastIDs.sorted(by: { $0.key < $1.key }) where counted.contains(table) && last > 0 {
                if let now = current[table] {
                    if last > now {
                        try db.execute(
                            sql: "UPDATE sqlite_sequence SET seq = ? WHERE name = ?", arguments: [last, table])
                    }
                } else {
                    try db.execute(
                        sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", arguments: [table, last])
                }
            }
            try LogTransfer.checkCopied(try Self.audit(db), expecting: audit)
        }
        report.audit.destinationIntact = true
        return report
    }
}
