import ArgumentParser
import Foundation
import LogbookStore
import Synchronization

/// `--database PATH|URL`, else `$LOGBOOK_DATABASE`, else `[database] url`, else the XDG data directory (DESIGN.md §4).
package struct DatabaseOptions: ParsableArguments {
    package init() {}

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The log: an SQLite file or postgresql://USER@HOST[:PORT]/DB (default $LOGBOOK_DATABASE, [database] url "
                + "or ~/.local/share/logbook/logbook.sqlite)."))
    package var database: String?

    /// The database's address and where it came from, for messages: `--database`, `$LOGBOOK_DATABASE`, the
    /// configuration's `[database] url` (`configured`) or the default.
    package func address(configured: String? = nil) throws -> (text: String, source: String) {
        if let database {
            guard !database.isEmpty else { throw usageError("--database must not be empty") }
            return (database, "--database")
        }
        let environment = ProcessInfo.processInfo.environment
        if let value = environment["LOGBOOK_DATABASE"] {
            guard !value.isEmpty else {
                throw usageError("LOGBOOK_DATABASE is set but empty; unset it or give the database's path")
            }
            return (value, "LOGBOOK_DATABASE")
        }
        if let configured, !configured.trimmingCharacters(in: .whitespaces).isEmpty {
            return (configured, "[database] url")
        }
        return (AppDatabase.defaultPath(environment: environment), "the default database")
    }

    /// Where the log is (`DatabaseLocation`): an address that is neither a path nor a PostgreSQL address is a usage
    /// error naming where it came from (64).
    package func resolved(configured: String? = nil) throws -> (location: DatabaseLocation, source: String) {
        let (text, source) = try address(configured: configured)
        do {
            return (try DatabaseLocation.parse(text), source)
        } catch {
            throw usageError("\(source): \(error.message)")
        }
    }

    /// The SQLite file's path and where it came from. A PostgreSQL address ends a command that works on an SQLite
    /// file only, saying so (69).
    package func location(configured: String? = nil) throws -> (path: String, source: String) {
        let (location, source) = try resolved(configured: configured)
        switch location {
        case .sqlite(let path):
            return (path, source)
        case .postgresql(let address):
            Diagnostics.error(
                "\(source) names the PostgreSQL database \(address); this command works on an SQLite log only "
                    + "in this version (`logbook database status|migrate` work on both)")
            throw ExitCode(69)
        }
    }

    /// The SQLite file's path, or nil for a log on PostgreSQL (for what lives beside an SQLite file: the daemon's
    /// status).
    package func sqlitePath(configured: String? = nil) throws -> String? {
        if case .sqlite(let path) = try resolved(configured: configured).location { return path }
        return nil
    }

    /// The path, for commands that have already opened the database (or that only name it to a child process).
    package var path: String {
        (try? address().text) ?? AppDatabase.defaultPath(environment: ProcessInfo.processInfo.environment)
    }

    /// Opens (and migrates) the database for a command that writes, creating it and its folder when missing.
    /// Failures end the command with one line: 64 for an empty path, 74 for everything the file system refuses.
    package func open(
        policy: LogPolicy = LogPolicy(), configured: String? = nil, passwordFile: String? = nil, connections: Int = 10
    ) throws -> AppDatabase {
        if let log = try openPostgres(
            policy: policy, configured: configured, passwordFile: passwordFile, connections: connections, reading: false
        ) {
            return log
        }
        let (path, source) = try location(configured: configured)
        try refuseFolder(path, source: source)
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, FileManager.default.fileExists(atPath: folder) {
            // A log owned by another user (the daemon's): say so, instead of SQLite's "unable to open".
            let fileExists = FileManager.default.fileExists(atPath: path)
            let writable =
                fileExists
                ? access(path, W_OK) == 0
                    && (access(folder, W_OK) == 0 || FileManager.default.fileExists(atPath: path + "-wal"))
                : access(folder, W_OK) == 0
            if !writable {
                Diagnostics.error(
                    "\(path): the database is read-only for this user (\(Self.userName)); commands that change the "
                        + "log must run as its owner")
                throw ExitCode(74)
            }
        }
        do {
            return try AppDatabase.open(path: path, policy: policy)
        } catch let error as StoreError where error.code == .io && error.operation == "open" {
            Diagnostics.error("\(source) \(path): \(error.detail)")
            throw ExitCode(74)
        } catch {
            Diagnostics.error("\(path): cannot open the database: \(error)")
            throw ExitCode(74)
        }
    }

    /// Opens the existing database for a command that only reads: read-only, nothing created (no folder, no empty
    /// log, no `-wal` or `-shm` file), so it works on a log the user may read but not write.
    package func openForReading(
        policy: LogPolicy = LogPolicy(), configured: String? = nil, passwordFile: String? = nil, connections: Int = 10
    ) throws -> AppDatabase {
        if let log = try openPostgres(
            policy: policy, configured: configured, passwordFile: passwordFile, connections: connections, reading: true)
        {
            return log
        }
        let (path, source) = try location(configured: configured)
        try refuseFolder(path, source: source)
        let folder = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        if !folder.isEmpty,
            !(FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue)
        {
            Diagnostics.error("\(source) \(path): there is no folder \(folder)")
            throw ExitCode(74)
        }
        guard FileManager.default.fileExists(atPath: path) else {
            Diagnostics.error(
                "\(source) \(path): there is no log there yet (`logbook vehicles add` or `logbook import` creates it)")
            throw ExitCode(74)
        }
        guard access(path, R_OK) == 0 else {
            Diagnostics.error("\(path): cannot read the database: permission denied for \(Self.userName)")
            throw ExitCode(74)
        }
        do {
            return try AppDatabase.openForReading(path: path, policy: policy)
        } catch {
            Diagnostics.error("\(path): cannot open the database: \(error)")
            throw ExitCode(74)
        }
    }

    /// The log on PostgreSQL when the address names one and this program can open it (`PostgresOpening`); nil for
    /// an SQLite file.
    private func openPostgres(
        policy: LogPolicy, configured: String?, passwordFile: String?, connections: Int, reading: Bool
    ) throws -> AppDatabase? {
        let (location, source) = try resolved(configured: configured)
        guard case .postgresql(let address) = location, let opener = PostgresOpening.opener else { return nil }
        return try opener(
            PostgresOpening.Request(
                address: address, source: source, passwordFile: passwordFile, policy: policy, connections: connections,
                reading: reading))
    }

    private func refuseFolder(_ path: String, source: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            Diagnostics.error("\(source) \(path): is a folder; name the database file inside it (e.g. logbook.sqlite)")
            throw ExitCode(74)
        }
    }

    /// The user this process runs as, for messages.
    package static var userName: String {
        let uid = getuid()
        if let entry = getpwuid(uid), let name = entry.pointee.pw_name { return String(cString: name) }
        return "uid \(uid)"
    }
}

/// How a program opens a log on PostgreSQL. `logbook` registers it at start (its `LogbookPostgres`); the daemon of a
/// vehicle box registers none and keeps its log in an SQLite file, saying so for a PostgreSQL address (69).
package enum PostgresOpening {
    /// What the opener is asked for.
    package struct Request: Sendable {
        package var address: PostgresAddress
        /// Where the address came from (`--database`, `$LOGBOOK_DATABASE`, `[database] url`), for messages.
        package var source: String
        /// `[database] password_file`.
        package var passwordFile: String?
        package var policy: LogPolicy
        /// The most connections this process keeps (`[database] connections`).
        package var connections: Int
        /// A reading command: nothing is migrated.
        package var reading: Bool
    }

    package typealias Opener = @Sendable (Request) throws -> AppDatabase

    private static let registered = Mutex<Opener?>(nil)

    package static var opener: Opener? { registered.withLock { $0 } }

    package static func register(_ opener: @escaping Opener) { registered.withLock { $0 = opener } }
}
