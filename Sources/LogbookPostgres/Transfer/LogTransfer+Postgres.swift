import Foundation
import LogbookStore
import Logging
import PostgresNIO

/// A PostgreSQL log as the source of a copy: read on one connection, in one repeatable-read transaction, so that
/// every table is read as of the same moment even while servers keep writing.
struct PostgresSource: TransferSource {
    let connection: PostgresConnection
    let logger: Logger
    let schema: LogSchema
    var hasRowID: Bool { false }

    func rows(_ sql: String) async throws -> [[TransferValue]] {
        try await PostgresEnd.rows(connection, sql, logger: logger)
    }

    func lastIDs() async throws -> [String: Int64] {
        var ids: [String: Int64] = [:]
        let rows = try await connection.query(
            """
            SELECT c.relname::text,
                pg_sequence_last_value(pg_get_serial_sequence(quote_ident(c.relname), 'id')::regclass)
            FROM pg_class c
            JOIN pg_namespace n ON n.oid = c.relnamespace
            JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'id' AND a.attidentity <> ''
            WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
            """, logger: logger)
        for try await (table, last) in rows.decode((String, Int64?).self) {
            if let last { ids[table] = last }
        }
        return ids
    }

    func audit() async throws -> AuditReport {
        try await PostgresEnd.audit(connection, logger: logger)
    }
}

enum PostgresEnd {
    static func rows(_ connection: PostgresConnection, _ sql: String, logger: Logger) async throws -> [[TransferValue]]
    {
        var rows: [[TransferValue]] = []
        for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) {
            rows.append(try row.map { try TransferValue($0) })
        }
        return rows
    }

    static func audit(_ connection: PostgresConnection, logger: Logger) async throws -> AuditReport {
        TransferAudit.report(
            entries: try await rows(connection, TransferAudit.entriesSQL, logger: logger),
            trips: try await rows(connection, TransferAudit.tripsSQL, logger: logger),
            readings: try await rows(connection, TransferAudit.readingsSQL, logger: logger))
    }

    /// Reads the source on one connection in a repeatable-read, read-only transaction.
    static func withSource<T: Sendable>(
        _ log: PostgresLog, _ body: @Sendable (PostgresSource) async throws -> T
    ) async throws -> T {
        try await log.client.withConnection { connection in
            let states = try await PostgresMigrator.states(
                connection, migrations: PostgresSchema.migrations, logger: log.logger)
            let unusable = states.filter { $0.state != .applied }
            guard unusable.isEmpty else {
                throw TransferError(
                    kind: .schema,
                    message: "\(log.address): the schema is not this program's (\(unusable.count) migration(s) "
                        + "\(Set(unusable.map(\.state.rawValue)).sorted().joined(separator: "/"))); run `logbook "
                        + "database migrate` on it first")
            }
            try await connection.query(
                "START TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: log.logger)
            let schema = try await LogSchema.read(connection, logger: log.logger)
            let result = try await body(PostgresSource(connection: connection, logger: log.logger, schema: schema))
            try await connection.query("COMMIT", logger: log.logger)
            return result
        }
    }

    /// Migrates the PostgreSQL log to this program's schema and copies the source into it in one transaction.
    static func write(
        _ source: some TransferSource, to log: PostgresLog, expecting audit: AuditReport, report: TransferReport
    ) async throws -> TransferReport {
        try await PostgresMigrator.migrate(log)
        let logger = log.logger
        return try await log.client.withTransaction(logger: logger) { connection in
            var report = report
            let schema = try await LogSchema.read(connection, logger: logger)
            try LogTransfer.compare(source.schema, schema, sourceName: "the source")
            for table in TransferPlan.tables {
                let rows = try await connection.query(
                    PostgresQuery(unsafeSQL: "SELECT EXISTS (SELECT 1 FROM \(LogTransfer.quoted(table)))"),
                    logger: logger)
                for try await occupied in rows.decode(Bool.self) where occupied {
                    throw TransferError(
                        kind: .notEmpty,
                        message: "\(log.address) already holds data (table \(table)); export and import write only "
                            + "into an empty log")
                }
            }
            let lastIDs = try await source.lastIDs()
            var highest: [String: Int64] = [:]
            var pending: [TransferPlan.FollowUp] = []
            for table in TransferPlan.tables {
                let columns = schema.stored(table)
                let names = columns.map(\.name)
                let id = names.firstIndex(of: "id")
                let fixed = table == "device_position" ? names.firstIndex(of: "fixed_at") : nil
                var count = 0
                do {
                    try await LogTransfer.forEachChunk(source, table: table, columns: names) { rows in
                        if let fixed {
                            try await PostgresPositions.preparePartitions(
                                connection, for: rows.compactMap { $0[fixed].real }, logger: logger)
                        }
                        var firsts: [[TransferValue]] = []
                        firsts.reserveCapacity(rows.count)
                        for row in rows {
                            let (first, followUps) = try TransferPlan.split(table: table, columns: names, row: row)
                            firsts.append(first)
                            pending += followUps
                        }
                        try await insert(firsts, into: table, columns: columns, connection, logger: logger)
                        if let id, let top = rows.compactMap({ $0[id].integer }).max() {
                            highest[table] = max(highest[table] ?? 0, top)
                        }
                        count += rows.count
                    }
                    for followUp in pending where followUp.after == table {
                        try await update(followUp, types: types(of: followUp.table, in: schema), connection, logger)
                    }
                    pending.removeAll { $0.after == table }
                } catch let error as PSQLError {
                    let said = error.serverInfo?[.message] ?? "\(error.code)"
                    throw TransferError(
                        kind: .failed,
                        message: "table \(table): the destination refused a row (\(said)); nothing was kept")
                }
                report.tables.append(TransferReport.Table(table: table, rows: count))
            }
            // Identity sequences go on after the highest id either log handed out.
            let identities = try await connection.query(
                """
                SELECT c.relname::text FROM pg_class c
                JOIN pg_namespace n ON n.oid = c.relnamespace
                JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'id' AND a.attidentity <> ''
                WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
                """, logger: logger)
            var tables: [String] = []
            for try await table in identities.decode(String.self) { tables.append(table) }
            for table in tables.sorted() {
                let next = max(highest[table] ?? 0, lastIDs[table] ?? 0)
                guard next > 0 else { continue }
                try await connection.query(
                    "SELECT setval(pg_get_serial_sequence(\(LogTransfer.quoted(table)), 'id'), \(next))",
                    logger: logger)
            }
            try LogTransfer.checkCopied(try await Self.audit(connection, logger: logger), expecting: audit)
            report.audit.destinationIntact = true
            return report
        }
    }

    static func types(of table: String, in schema: LogSchema) -> [String: String] {
        Dictionary(schema.stored(table).map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
    }

    static func insert(
        _ rows: [[TransferValue]], into table: String, columns: [LogSchema.Column], _ connection: PostgresConnection,
        logger: Logger
    ) async throws {
        guard !columns.isEmpty else { return }
        let perStatement = max(1, 20_000 / columns.count)
        let head =
            "INSERT INTO \(LogTransfer.quoted(table)) (\(columns.map { LogTransfer.quoted($0.name) }.joined(separator: ", "))) VALUES "
        var start = 0
        while start < rows.count {
            let batch = rows[start..<min(rows.count, start + perStatement)]
            var bindings = PostgresBindings(capacity: batch.count * columns.count)
            var tuples: [String] = []
            tuples.reserveCapacity(batch.count)
            for row in batch {
                var placeholders: [String] = []
                for (offset, column) in columns.enumerated() {
                    try bind(row[offset], as: column.type, into: &bindings, table: table, column: column.name)
                    placeholders.append("$\(bindings.count)::\(column.type)")
                }
                tuples.append("(" + placeholders.joined(separator: ", ") + ")")
            }
            try await connection.query(
                PostgresQuery(unsafeSQL: head + tuples.joined(separator: ", "), binds: bindings), logger: logger)
            start += batch.count
        }
    }

    static func update(
        _ followUp: TransferPlan.FollowUp, types: [String: String], _ connection: PostgresConnection, _ logger: Logger
    ) async throws {
        var bindings = PostgresBindings()
        var assignments: [String] = []
        for (column, value) in followUp.set {
            let type = types[column] ?? "text"
            try bind(value, as: type, into: &bindings, table: followUp.table, column: column)
            assignments.append("\(LogTransfer.quoted(column)) = $\(bindings.count)::\(type)")
        }
        let keyType = types[followUp.key.0] ?? "bigint"
        try bind(followUp.key.1, as: keyType, into: &bindings, table: followUp.table, column: followUp.key.0)
        let sql =
            "UPDATE \(LogTransfer.quoted(followUp.table)) SET \(assignments.joined(separator: ", ")) "
            + "WHERE \(LogTransfer.quoted(followUp.key.0)) = $\(bindings.count)::\(keyType)"
        try await connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger)
    }

    /// Binds a value as its column's type; a value of another kind is an error naming the table and column (never
    /// the value).
    static func bind(
        _ value: TransferValue, as type: String, into bindings: inout PostgresBindings, table: String, column: String
    ) throws {
        switch (value, type) {
        case (.null, _):
            bindings.appendNull()
        case (.integer(let integer), "bigint"), (.integer(let integer), "integer"), (.integer(let integer), "smallint"):
            bindings.append(integer)
        case (.real(let real), "bigint"), (.real(let real), "integer"), (.real(let real), "smallint"):
            guard let integer = Int64(exactly: real) else {
                throw TransferError(
                    kind: .failed, message: "table \(table): column \(column) holds a fraction where \(type) is kept")
            }
            bindings.append(integer)
        case (.integer(let integer), "double precision"):
            bindings.append(Double(integer))
        case (.real(let real), "double precision"):
            bindings.append(real)
        case (.text(let text), "text"):
            bindings.append(text)
        case (.blob(let bytes), "bytea"):
            try bindings.append(Data(bytes))
        default:
            throw TransferError(
                kind: .failed, message: "table \(table): column \(column) holds a value that is not of its type \(type)"
            )
        }
    }
}
