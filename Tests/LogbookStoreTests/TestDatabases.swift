import Foundation
import GRDB
import LogbookPostgres
import LogbookStore
import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// The kinds of database every storage test runs against: SQLite's three (GRDB's recommended practice) and
/// PostgreSQL (the throwaway cluster of `scripts/test-postgres`; without it that kind is left out, unless
/// `LOGBOOK_REQUIRE_POSTGRES=1` asks for it).
enum DatabaseKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `DatabaseQueue` in memory.
    case memory
    /// `DatabaseQueue` on a file in a temporary directory (rollback journal).
    case diskQueue
    /// `AppDatabase.open(path:)`: a `DatabasePool` in WAL mode, in a directory it has to create.
    case walPool
    /// A database of its own on the test cluster, migrated by `PostgresMigrator`, the log on `PostgresPool`.
    case postgres

    var testDescription: String { rawValue }

    /// The kinds this run has: PostgreSQL only where its cluster is (or is required).
    static var allCases: [DatabaseKind] { sqlite + (TestCluster.runs ? [.postgres] : []) }

    /// SQLite's kinds, for tests of what only SQLite has (its file, GRDB's raw access).
    static let sqlite: [DatabaseKind] = [.memory, .diskQueue, .walPool]

    /// The fixed wall clock of the tests.
    static let now = Timestamp(secondsSince1970: 1_800_000_000.5)

    func make() throws -> TestDatabase {
        switch self {
        case .memory:
            let queue = try DatabaseQueue(configuration: AppDatabase.configuration())
            return TestDatabase(database: try AppDatabase(queue, clock: { Self.now }), directory: nil)
        case .diskQueue:
            let directory = try TestDatabase.makeDirectory()
            let queue = try DatabaseQueue(
                path: directory.appendingPathComponent("logbook.sqlite").path,
                configuration: AppDatabase.configuration())
            return TestDatabase(database: try AppDatabase(queue, clock: { Self.now }), directory: directory)
        case .walPool:
            let directory = try TestDatabase.makeDirectory()
            let path = directory.appendingPathComponent("nested/deeper/logbook.sqlite").path
            let opened = try AppDatabase.open(path: path)
            // Same pool, fixed clock.
            return TestDatabase(database: try AppDatabase(opened.writer, clock: { Self.now }), directory: directory)
        case .postgres:
            let log = try TestCluster.makeLog(clock: { Self.now })
            return TestDatabase(database: log.database, directory: nil, postgres: (log.pool, log.name))
        }
    }
}

/// A database under test and the directory to remove afterwards.
struct TestDatabase {
    let database: AppDatabase
    let directory: URL?
    /// The pool and the database's name on the test cluster, for a log on PostgreSQL.
    var postgres: (pool: PostgresPool, name: String)?

    /// SQLite's writer, for raw access in tests of SQLite's own behaviour (those run on `DatabaseKind.sqlite`).
    /// On PostgreSQL it is an empty database of its own, so that a test that reaches for it fails instead of crashing.
    var writer: any DatabaseWriter { database.sqliteWriter ?? Self.noSQLite }

    private static let noSQLite: DatabaseQueue = {
        do { return try DatabaseQueue() } catch { preconditionFailure("an empty SQLite database in memory: \(error)") }
    }()

    static func makeDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("logbook-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func remove() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        if let postgres {
            postgres.pool.close()
            try? TestCluster.dropDatabase(postgres.name)
        }
    }
}

/// A trip with fractional times and every field set to a distinct value; its track (if any) holds
/// values exactly at the storage resolution, so it must read back unchanged.
func sampleTrip(start: Double = 1_763_710_200.25, trackPoints: Int = 0) -> Trip {
    var track: [TrackPoint] = []
    for i in 0..<trackPoints {
        // 1 s apart; 7-decimal degrees; 2-decimal speeds; every 5th point without speed.
        track.append(
            TrackPoint(
                time: Timestamp(secondsSince1970: start + Double(i)),
                latitude: Double(481_234_567 + 97 * i) / 10_000_000,
                longitude: Double(115_765_432 - 131 * i) / 10_000_000,
                speed: i % 5 == 4 ? nil : Double(1_234 + 7 * i) / 100))
    }
    return Trip(
        start: Timestamp(secondsSince1970: start), end: Timestamp(secondsSince1970: start + 900.75),
        distance: 9_876.5, idleSeconds: 120.5, idlePeriods: 3, maximumSpeed: 27.25,
        startCoordinate: Coordinate(latitude: 48.1234567, longitude: 11.5765432),
        endCoordinate: Coordinate(latitude: -33.8688197, longitude: -151.2092955), fixesUsed: 901, track: track)
}

extension AppDatabase {
    /// Row count of a table, read on whichever database the log is.
    func count(_ table: String) throws -> Int {
        try backend.read("count") { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? -1 }
    }
}
