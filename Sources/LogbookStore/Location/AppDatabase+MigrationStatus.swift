import Foundation
import GRDB

extension AppDatabase {
    /// The SQLite log's migrations at `path`, oldest first, each with whether it was applied — read without changing
    /// anything (no file made, none upgraded). A missing file has every migration pending.
    public static func migrationStatus(path: String) throws -> [(identifier: String, applied: Bool)] {
        guard FileManager.default.fileExists(atPath: path) else {
            return migrationIdentifiers.map { ($0, false) }
        }
        var configuration = configuration()
        configuration.readonly = true
        do {
            let queue =
                FileManager.default.fileExists(atPath: path + "-wal")
                ? try DatabaseQueue(path: path, configuration: configuration)
                : try DatabaseQueue(path: immutableURI(path), configuration: configuration)
            let applied = try queue.read { db in Set(try migrator.appliedMigrations(db)) }
            return migrationIdentifiers.map { ($0, applied.contains($0)) }
        } catch {
            throw StoreError.wrap(error, operation: "open")
        }
    }
}
