import Foundation
import GRDB
import LogbookStore

/// An SQLite log as the source of a copy: opened read-only, at this program's schema.
struct SQLiteSource: TransferSource {
    let database: AppDatabase
    let schema: LogSchema
    var hasRowID: Bool { true }

    func rows(_ sql: String) async throws -> [[TransferValue]] {
        try await database.reader.read { db in
            try Row.fetchAll(db, sql: sql).map { $0.databaseValues.map(TransferValue.init) }
        }
    }

    func lastIDs() async throws -> [String: Int64] {
        try await database.reader.read { db in try SQLiteEnd.lastIDs(db) }
    }

    func audit() async throws -> AuditReport {
        try await database.reader.read { db in try SQLiteEnd.audit(db) }
    }
}

enum SQLiteEnd {
    static func openSource(_ path: String) throws -> SQLiteSource {
        guard FileManager.default.fileExists(atPath: path) else {
            throw TransferError(kind: .noSource, message: "\(path): there is no log there")
        }
        let pending = try AppDatabase.migrationStatus(path: path).filter { !$0.applied }.count
        guard pending == 0 else {
            throw TransferError(
                kind: .schema,
                message: "\(path): \(pending) schema migration(s) pending; run `logbook database migrate` on it first")
        }
        let database = try AppDatabase.openForReading(path: path)
        let schema = try database.reader.read { db in try LogSchema.read(db) }
        return SQLiteSource(database: database, schema: schema)
    }

    static func lastIDs(_ db: Database) throws -> [String: Int64] {
        var ids: [String: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT name, seq FROM sqlite_sequence") {
            ids[row["name"]] = row["seq"]
        }
        return ids
    }

    static func audit(_ db: Database) throws -> AuditReport {
        func rows(_ sql: String) throws -> [[TransferValue]] {
            try Row.fetchAll(db, sql: sql).map { $0.databaseValues.map(TransferValue.init) }
        }
        return TransferAudit.report(
            entries: try rows(TransferAudit.entriesSQL), trips: try rows(TransferAudit.tripsSQL),
            readings: try rows(TransferAudit.readingsSQL))
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
        let database: AppDatabase
        do {
            database = try AppDatabase.open(path: path)
        } catch let error as StoreError {
            throw TransferError(kind: existed ? .schema : .cannotCreate, message: "\(path): \(error.detail)")
        }
        let schema = try await database.writer.read { db in try LogSchema.read(db) }
        try LogTransfer.compare(source.schema, schema, sourceName: "the source")
        let occupied = try await database.writer.read { db in
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
        var tables: [(name: String, columns: [String], rows: [[TransferValue]])] = []
        for table in TransferPlan.tables {
            let columns = schema.stored(table).map(\.name)
            let sql = LogTransfer.selectSQL(
                table, columns: columns, orderBy: source.schema.primaryKey(table), rowid: source.hasRowID)
            tables.append((table, columns, try await source.rows(sql)))
        }
        let lastIDs = try await source.lastIDs()
        let copied = tables
        return try await database.writer.write { db in
            var report = report
            var pending: [TransferPlan.FollowUp] = []
            for table in copied {
                do {
                    let statement = try db.makeStatement(
                        sql: "INSERT INTO \(LogTransfer.quoted(table.name)) "
                            + "(\(table.columns.map(LogTransfer.quoted).joined(separator: ", "))) VALUES ("
                            + Array(repeating: "?", count: table.columns.count).joined(separator: ", ") + ")")
                    for row in table.rows {
                        let (first, followUps) = try TransferPlan.split(
                            table: table.name, columns: table.columns, row: row)
                        try statement.execute(arguments: StatementArguments(first.map(\.databaseValue)))
                        pending += followUps
                    }
                    for followUp in pending where followUp.after == table.name {
                        try db.execute(
                            sql: "UPDATE \(LogTransfer.quoted(followUp.table)) SET "
                                + followUp.set.map { "\(LogTransfer.quoted($0.0)) = ?" }.joined(separator: ", ")
                                + " WHERE \(LogTransfer.quoted(followUp.key.0)) = ?",
                            arguments: StatementArguments(
                                followUp.set.map(\.1.databaseValue) + [followUp.key.1.databaseValue]))
                    }
                    pending.removeAll { $0.after == table.name }
                } catch let error as DatabaseError {
                    let said = error.message ?? "SQLite error \(error.resultCode.rawValue)"
                    throw TransferError(
                        kind: .failed,
                        message: "table \(table.name): the destination refused a row (\(said)); nothing was kept")
                }
                report.tables.append(TransferReport.Table(table: table.name, rows: table.rows.count))
            }
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
            report.audit.destinationIntact = true
            return report
        }
    }
}
