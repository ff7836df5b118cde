import Foundation
import GRDB
import LogbookStore
import Testing
import TrackModel
import TripEngine

/// The three kinds of database every storage test runs against (GRDB's recommended practice).
enum DatabaseKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `DatabaseQueue` in memory.
    case memory
    /// `DatabaseQueue` on a file in a temporary directory (rollback journal).
    case diskQueue
    /// `AppDatabase.open(path:)`: a `DatabasePool` in WAL mode, in a directory it has to create.
    case walPool

    var testDescription: String { rawValue }

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
        }
    }
}

/// A database under test and the directory to remove afterwards.
struct TestDatabase {
    let database: AppDatabase
    let directory: URL?

    var writer: any DatabaseWriter { database.writer }

    static func makeDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("logbook-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func remove() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
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
    /// Row count of a table, read through the database's reader.
    func count(_ table: String) throws -> Int {
        try reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? -1 }
    }
}
