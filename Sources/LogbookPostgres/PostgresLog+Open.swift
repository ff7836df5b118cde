import Foundation
public import LogbookStore
public import Logging
import NIOCore
import PostgresNIO

extension PostgresLog {
    /// The log on PostgreSQL as the commands and the server use it: `AppDatabase` over this process's pool of at most
    /// `maxConnections` connections, every store method on the same code as on SQLite.
    ///
    /// A writing command brings the schema up to date first, as opening an SQLite file does (under the migrator's
    /// advisory lock, so servers starting together migrate once); a reading command only checks that the schema is
    /// current and usable. Failures are `PostgresLogError`s: unreachable, refused, or a schema this program cannot use.
    public static func openLog(
        _ address: PostgresAddress, password: String?, policy: LogPolicy, migrate: Bool, maxConnections: Int = 10,
        logger: Logger
    ) throws -> AppDatabase {
        let pool = PostgresPool(
            address: address, password: password, maxConnections: maxConnections, logger: logger)
        // One connection first: a refused password or an unreachable server is told with the server's own reason.
        do {
            try pool.connect(id: 0).flatMap { $0.close() }.wait()
        } catch {
            pool.close()
            throw PostgresLogError(error, address: address)
        }
        do {
            if migrate {
                try PostgresMigrator.migrate(pool)
                try analyzeSmallTables(pool)
            } else {
                let states = try PostgresMigrator.status(pool)
                try PostgresMigrator.refuseUnusable(states)
                if states.contains(where: { $0.state == .pending }) {
                    throw PostgresLogError(
                        kind: .schema,
                        message: "the database's schema is older than this program's; a writing command or "
                            + "`logbook database migrate` brings it up to date")
                }
            }
        } catch let error as PostgresLogError {
            pool.close()
            throw error
        } catch {
            pool.close()
            throw PostgresLogError(error, address: address)
        }
        return AppDatabase(migrated: pool, policy: policy)
    }

    /// Gives the planner statistics on the small tables autovacuum leaves alone: it analyzes a table only after 50
    /// changed rows (plus a tenth of it), so a fleet's few vehicles, drivers and users would never be counted, and the
    /// trips' listing would join every trip before choosing its page (measured: 11–19 ms a query before an `ANALYZE`,
    /// 0.5 ms after). Tables never analyzed, small ones changed since their last analysis, and those autovacuum is due
    /// to analyze (an import's trips) are analyzed at a writing open (a command's or a server's start).
    static func analyzeSmallTables(_ pool: PostgresPool) throws {
        try pool.write("analyze") { (session: PostgresSession) in
            let tables = try session.rows(
                """
                SELECT relname FROM pg_stat_user_tables
                WHERE schemaname = current_schema()
                AND ((last_analyze IS NULL AND last_autoanalyze IS NULL)
                    OR (n_mod_since_analyze > 0 AND n_live_tup + n_dead_tup < 10000)
                    OR n_mod_since_analyze > 50 + n_live_tup / 10)
                ORDER BY relname
                """
            ).map { try $0.text("relname") }
            for table in tables {
                try session.simple("ANALYZE \"\(table.replacingOccurrences(of: "\"", with: "\"\""))\"")
            }
        }
    }
}
