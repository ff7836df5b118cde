import GRDB
import Logging
import PostgresNIO

/// The tables and columns of a log as its database describes them (SQLite's `table_xinfo`, PostgreSQL's catalog), to
/// compare the two schemas and to copy a log between them.
public struct LogSchema: Sendable, Hashable {
    public struct Column: Sendable, Hashable {
        public var name: String
        /// As the database spells it: `INTEGER`, `REAL`, `TEXT`, `BLOB`; `bigint`, `double precision`, `text`, `bytea`.
        public var type: String
        public var notNull: Bool
        /// Computed from other columns (not copied).
        public var generated: Bool
        /// Its place in the primary key (1, 2, …), 0 when not in it.
        public var primaryKey: Int
    }

    /// By table name; columns in the table's order. SQLite's own tables, GRDB's and `logbook_migration` are left
    /// out, and so are PostgreSQL's partitions (their parent table stands for them).
    public var tables: [String: [Column]]

    /// The columns a copy writes (all but the generated ones).
    func stored(_ table: String) -> [Column] { (tables[table] ?? []).filter { !$0.generated } }

    /// The primary key's columns, in order.
    func primaryKey(_ table: String) -> [String] {
        (tables[table] ?? []).filter { $0.primaryKey > 0 }.sorted { $0.primaryKey < $1.primaryKey }.map(\.name)
    }

    public static func read(_ db: Database) throws -> LogSchema {
        var tables: [String: [Column]] = [:]
        let names = try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                AND name <> 'grdb_migrations' ORDER BY name
                """)
        for name in names {
            // hidden: 0 a column, 2 or 3 a generated one.
            tables[name] = try Row.fetchAll(db, sql: "SELECT * FROM pragma_table_xinfo(?)", arguments: [name]).map {
                row in
                let hidden: Int = row["hidden"]
                let notNull: Bool = row["notnull"]
                return Column(
                    name: row["name"], type: row["type"], notNull: notNull, generated: hidden == 2 || hidden == 3,
                    primaryKey: row["pk"])
            }
        }
        return LogSchema(tables: tables)
    }

    public static func read(_ connection: PostgresConnection, logger: Logger) async throws -> LogSchema {
        var tables: [String: [Column]] = [:]
        let rows = try await connection.query(
            """
            SELECT c.relname::text, a.attname::text, format_type(a.atttypid, a.atttypmod), a.attnotnull,
                a.attgenerated <> '', coalesce(array_position(k.indkey::int2[], a.attnum), 0)::int8
            FROM pg_class c
            JOIN pg_namespace n ON n.oid = c.relnamespace
            JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
            LEFT JOIN pg_index k ON k.indrelid = c.oid AND k.indisprimary
            WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
                AND c.relname <> 'logbook_migration'
            ORDER BY c.relname, a.attnum
            """, logger: logger)
        for try await (table, name, type, notNull, generated, key) in rows.decode(
            (String, String, String, Bool, Bool, Int64).self)
        {
            tables[table, default: []].append(
                Column(name: name, type: type, notNull: notNull, generated: generated, primaryKey: Int(key)))
        }
        return LogSchema(tables: tables)
    }
}
