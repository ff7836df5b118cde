import Foundation
import GRDB
import LogbookStore
import Testing
import TrackModel
import TripEngine

/// The ends of a GPS trip the engine estimated (issue 26) are stored with the trip and read back.
@Suite struct EstimatedEndsTests {
    @Test(arguments: DatabaseKind.sqlite)
    func estimatedEndsAreStoredAndReadBack(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let vehicle = try test.database.vehicle(plate: "A")
        let cases: [EstimatedEnds] = [[], [.end], [.start], [.start, .end]]
        for (k, estimated) in cases.enumerated() {
            let start = 1_760_000_000 + Double(k) * 3_600
            let trip = Trip(
                start: Timestamp(secondsSince1970: start), end: Timestamp(secondsSince1970: start + 600),
                distance: 5_000, idleSeconds: 0, idlePeriods: 0, maximumSpeed: 15,
                startCoordinate: Coordinate(latitude: 48.1, longitude: 11.5),
                endCoordinate: Coordinate(latitude: 48.2, longitude: 11.6), fixesUsed: 600, estimated: estimated)
            let stored = try #require(try test.database.insertTrip(trip, vehicle: vehicle))
            #expect(stored.estimated == estimated)
            #expect(stored.trip?.estimated == estimated)
        }
        let raw = try test.writer.read { db in
            try String?.fetchAll(db, sql: "SELECT estimated FROM trip ORDER BY started_at")
        }
        #expect(raw == [nil, "end", "start", "start end"])
    }
}
