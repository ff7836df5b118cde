public import Foundation
public import GRDB
public import TrackModel
import Synchronization

/// The logbook database: owns every access and the schema.
///
/// On disk it is a `DatabasePool` in WAL mode (readers never wait for the writer) with
/// `synchronous = FULL`, so a committed trip survives a power cut on a vehicle box; in memory it
/// is a `DatabaseQueue`. Foreign keys are on and invariants live in the schema (see
/// `AppDatabase+Schema.swift`). Every method throws `StoreError`.
public final class AppDatabase: Sendable {
    /// Where the transactions run: SQLite or PostgreSQL. Every store method goes through it.
    public let backend: any SQLBackend
    /// The SQLite file's GRDB writer; nil on PostgreSQL.
    public let sqliteWriter: (any DatabaseWriter)?
    /// The SQLite writer, for what only SQLite has (its migrator, raw access in tests). Not on PostgreSQL.
    public var writer: any DatabaseWriter {
        guard let sqliteWriter else { preconditionFailure("a log on PostgreSQL has no SQLite writer") }
        return sqliteWriter
    }
    /// Reads go through the writer's reader connections (concurrent in a pool).
    public var reader: any DatabaseReader { writer }
    /// The database's SQL, where the two differ.
    public var dialect: SQLDialect { backend.dialect }
    /// The wall clock for `created_at` and `imported_at` columns (tests inject a fixed one).
    let clock: @Sendable () -> Timestamp
    /// The log's wall clock now (the injected one in tests).
    public var now: Timestamp { clock() }
    /// The rules of the log: who is writing, when trips lock, what unclassified trips become.
    public let policy: LogPolicy
    /// The months whose position partition this process has made or found (PostgreSQL), shared by `acting(as:)`.
    let partitionMonths: PartitionMonths

    /// Migrates `writer`'s database to the current schema. The writer must have foreign keys on
    /// (use `AppDatabase.configuration()`).
    public init(
        _ writer: any DatabaseWriter, policy: LogPolicy = LogPolicy(),
        clock: @escaping @Sendable () -> Timestamp = { Timestamp(secondsSince1970: Date().timeIntervalSince1970) }
    ) throws {
        backend = SQLiteBackend(writer)
        sqliteWriter = writer
        partitionMonths = PartitionMonths()
        self.policy = policy
        self.clock = clock
        do {
            try writer.writeWithoutTransaction { db in
                guard try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") == true else {
                    throw StoreError(.invalidArgument, operation: "open", detail: "foreign keys are off")
                }
                // WAL pools come with NORMAL, which may lose the last commits on power loss.
                try db.execute(sql: "PRAGMA synchronous = FULL")
            }
            try Self.migrator.migrate(writer)
        } catch {
            throw StoreError.wrap(error, operation: "migrate")
        }
    }

    /// The connection settings of every logbook database: foreign keys on, statement arguments
    /// kept out of error messages, and a busy timeout so the CLI and the daemon can share a file.
    public static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.publicStatementArguments = false
        configuration.busyMode = .timeout(10)
        configuration.label = "logbook"
        // A vehicle box has little memory and the log is small: a 512 KiB page cache per
        // connection (SQLite's default is 2 MiB) and at most two readers.
        configuration.maximumReaderCount = 2
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -512")
        }
        return configuration
    }

    /// Opens (or creates) the database at `path` as a WAL pool, creating missing parent
    /// directories.
    public static func open(path: String, policy: LogPolicy = LogPolicy()) throws -> AppDatabase {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw StoreError(.io, operation: "open", detail: "cannot create the folder \(directory.path)")
        }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration())
        } catch {
            throw StoreError.wrap(error, operation: "open")
        }
        return try AppDatabase(pool, policy: policy)
    }

    /// Opens the existing database at `path` for reading only, as the reading commands do: nothing is migrated,
    /// created or written, and no `-wal` or `-shm` file is left behind.
    ///
    /// A log in WAL mode needs its `-shm` file to be read safely while another process writes. When a `-wal` file
    /// is present (a writer is at work, or the last one could not clean up), the connection uses the files that are
    /// there; SQLite reads them even when it may not write them. When there is none, no writer holds the log open
    /// and the file alone is the whole log: it is opened `immutable`, which creates no file — a reader owned by
    /// another user (say root) would otherwise leave a `-shm` the daemon's user could not write, and a reader without
    /// write access to the folder could not open the log at all. A writer that starts during that read is not seen.
    public static func openForReading(path: String, policy: LogPolicy = LogPolicy()) throws -> AppDatabase {
        var configuration = configuration()
        configuration.readonly = true
        let queue: DatabaseQueue
        do {
            if FileManager.default.fileExists(atPath: path + "-wal") {
                queue = try DatabaseQueue(path: path, configuration: configuration)
            } else {
                queue = try DatabaseQueue(path: immutableURI(path), configuration: configuration)
            }
        } catch {
            throw StoreError.wrap(error, operation: "open")
        }
        return try AppDatabase(readOnly: queue, policy: policy)
    }

    /// The same database, writing audit entries under another actor (the web server's user of a request).
    public func acting(as actor: String) -> AppDatabase {
        var policy = self.policy
        policy.actor = actor
        return AppDatabase(
            backend: backend, sqliteWriter: sqliteWriter, partitionMonths: partitionMonths, policy: policy, clock: clock
        )
    }

    /// A log on a backend whose schema is already current (PostgreSQL's migrator runs before this).
    public convenience init(
        migrated backend: any SQLBackend, policy: LogPolicy = LogPolicy(),
        clock: @escaping @Sendable () -> Timestamp = { Timestamp(secondsSince1970: Date().timeIntervalSince1970) }
    ) {
        self.init(
            backend: backend, sqliteWriter: (backend as? SQLiteBackend)?.writer, partitionMonths: PartitionMonths(),
            policy: policy, clock: clock)
    }

    private init(
        backend: any SQLBackend, sqliteWriter: (any DatabaseWriter)?, partitionMonths: PartitionMonths,
        policy: LogPolicy, clock: @escaping @Sendable () -> Timestamp
    ) {
        self.backend = backend
        self.sqliteWriter = sqliteWriter
        self.partitionMonths = partitionMonths
        self.policy = policy
        self.clock = clock
    }

    /// A read-only database: the schema must be current, since a reader cannot migrate it.
    private init(readOnly queue: DatabaseQueue, policy: LogPolicy) throws {
        backend = SQLiteBackend(queue)
        sqliteWriter = queue
        partitionMonths = PartitionMonths()
        self.policy = policy
        clock = { Timestamp(secondsSince1970: Date().timeIntervalSince1970) }
        let current: Bool
        do {
            current = try queue.read { db in try Self.migrator.hasCompletedMigrations(db) }
        } catch {
            throw StoreError.wrap(error, operation: "open")
        }
        guard current else {
            throw StoreError(
                .io, operation: "open",
                detail: "the database is empty or from an older logbook; a writing command run by its owner "
                    + "creates or upgrades it")
        }
    }

    /// `file:` URI for SQLite (built with SQLITE_USE_URI on Debian) of a read-only, immutable file.
    static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let encoded = absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute
        return "file:" + encoded + "?mode=ro&immutable=1"
    }

    /// A fresh database in memory.
    public static func inMemory(
        policy: LogPolicy = LogPolicy(),
        clock: @escaping @Sendable () -> Timestamp = { Timestamp(secondsSince1970: Date().timeIntervalSince1970) }
    ) throws -> AppDatabase {
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(configuration: configuration())
        } catch {
            throw StoreError.wrap(error, operation: "open")
        }
        return try AppDatabase(queue, policy: policy, clock: clock)
    }

    /// Where the database lives when no `--database` is given: `$LOGBOOK_DATABASE`, else
    /// `$XDG_DATA_HOME/logbook/logbook.sqlite` (when absolute, as the XDG spec requires), else
    /// `~/.local/share/logbook/logbook.sqlite`.
    public static func defaultPath(environment: [String: String]) -> String {
        if let path = environment["LOGBOOK_DATABASE"], !path.isEmpty { return path }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return join(data, "logbook/logbook.sqlite")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return join(home, ".local/share/logbook/logbook.sqlite")
    }

    private static func join(_ directory: String, _ rest: String) -> String {
        directory.hasSuffix("/") ? directory + rest : directory + "/" + rest
    }

    // MARK: Access with wrapped errors

    /// One write transaction, on whichever database the log is.
    func write<T>(_ operation: String, _ updates: (any SQLSession) throws -> T) throws -> T {
        try backend.write(operation, updates)
    }

    /// One read-only transaction, on whichever database the log is.
    func read<T>(_ operation: String, _ value: (any SQLSession) throws -> T) throws -> T {
        try backend.read(operation, value)
    }

    /// A write through GRDB: SQLite only (what has not moved to `write` yet, and SQLite's own upkeep).
    func grdbWrite<T>(_ operation: String, _ updates: (Database) throws -> T) throws -> T {
        guard let sqliteWriter else { throw Self.sqliteOnly(operation) }
        do {
            return try sqliteWriter.write(updates)
        } catch {
            throw StoreError.wrap(error, operation: operation)
        }
    }

    /// A read through GRDB: SQLite only.
    func grdbRead<T>(_ operation: String, _ value: (Database) throws -> T) throws -> T {
        guard let sqliteWriter else { throw Self.sqliteOnly(operation) }
        do {
            return try sqliteWriter.read(value)
        } catch {
            throw StoreError.wrap(error, operation: operation)
        }
    }

    static func sqliteOnly(_ operation: String) -> StoreError {
        StoreError(.other, operation: operation, detail: "not available on PostgreSQL")
    }

    static func requireID(_ vehicle: Vehicle, operation: String) throws -> Int64 {
        guard let id = vehicle.id else {
            throw StoreError(.invalidArgument, operation: operation, detail: "vehicle is not stored")
        }
        return id
    }
}

/// The months whose position partition is known to exist, so that storing positions asks for it once per process.
final class PartitionMonths: Sendable {
    private let months = Mutex<Set<Double>>([])

    /// Those of `wanted` not known yet.
    func missing(_ wanted: [Double]) -> [Double] { months.withLock { known in wanted.filter { !known.contains($0) } } }

    /// Records months whose partition a committed transaction made or found.
    func add(_ made: [Double]) {
        guard !made.isEmpty else { return }
        months.withLock { $0.formUnion(made) }
    }
}
