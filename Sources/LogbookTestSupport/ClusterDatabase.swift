import Foundation
public import LogbookStore
import LogbookPostgres
public import TrackModel
import Synchronization

/// A database of its own on the test cluster for a test that runs `logbook` on it (issue 30): its `postgresql://`
/// address, the password for an owner-only `[database] password_file`, and logs opened on it in the test process.
/// The database is dropped (and the pools closed) when the value is released.
public final class ClusterDatabase: Sendable {
    /// `postgresql://USER@HOST:PORT/DB?sslmode=…`, as `--database` takes it.
    public let url: String
    /// The database's name on the cluster.
    public let name: String
    private let address: PostgresAddress
    private let password: String
    private let pools = Mutex<[PostgresPool]>([])

    /// A new database; with `icuLocale` (`"en-US"`) it sorts texts by that ICU locale, as a database made on a server
    /// whose system locale is en_US.UTF-8 does, instead of the test cluster's code-point order (C.UTF-8).
    public init(icuLocale: String? = nil) throws {
        let (admin, password) = try TestCluster.admin()
        let name = "logbook_t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        let pool = PostgresPool(address: admin, password: password, maxConnections: 1, logger: TestCluster.logger)
        defer { pool.close() }
        try pool.runOutsideTransaction(
            "CREATE DATABASE \(name)"
                + (icuLocale.map { " TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE '\($0)' LOCALE 'C.UTF-8'" } ?? "")
        )
        var address = admin
        address.database = String(name)
        self.address = address
        self.password = password
        self.name = String(name)
        url = address.description
    }

    deinit {
        for pool in pools.withLock({ $0 }) { pool.close() }
        try? TestCluster.dropDatabase(name)
    }

    /// Writes the password to `file` readable by its owner only (as `[database] password_file` must be); the path.
    @discardableResult
    public func writePasswordFile(_ file: String) throws -> String {
        _ = FileManager.default.createFile(atPath: file, contents: nil, attributes: [.posixPermissions: 0o600])
        try Data((password + "\n").utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// The log on this database as a command opens it (the schema brought up to date first), over a pool of its own
    /// closed with this value.
    public func open(
        policy: LogPolicy = LogPolicy(),
        clock: @escaping @Sendable () -> Timestamp = { Timestamp(secondsSince1970: Date().timeIntervalSince1970) }
    ) throws -> AppDatabase {
        let pool = PostgresPool(address: address, password: password, maxConnections: 4, logger: TestCluster.logger)
        pools.withLock { $0.append(pool) }
        try PostgresMigrator.migrate(pool)
        return AppDatabase(migrated: pool, policy: policy, clock: clock)
    }
}
