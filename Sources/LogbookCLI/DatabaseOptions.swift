import ArgumentParser
import Foundation
import LogbookStore

/// `--database PATH`, else `$LOGBOOK_DATABASE`, else the XDG data directory (DESIGN.md §4).
package struct DatabaseOptions: ParsableArguments {
    package init() {}

    @Option(
        name: .long,
        help: "The log's SQLite database (default $LOGBOOK_DATABASE or ~/.local/share/logbook/logbook.sqlite).")
    package var database: String?

    package var path: String {
        database ?? AppDatabase.defaultPath(environment: ProcessInfo.processInfo.environment)
    }

    /// Opens (and migrates) the database, reporting failures as one line with exit 74.
    package func open(policy: LogPolicy = LogPolicy()) throws -> AppDatabase {
        do {
            return try AppDatabase.open(path: path, policy: policy)
        } catch {
            Diagnostics.error("\(path): cannot open the database: \(error)")
            throw ExitCode(74)
        }
    }
}
