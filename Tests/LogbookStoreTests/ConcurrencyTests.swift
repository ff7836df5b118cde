import Dispatch
import Foundation
import GRDB
import LogbookStore
import TrackModel
import TripEngine
import Testing

@Suite struct ConcurrencyTests {
    /// While one thread stores trips (each with its track and the checkpoint that follows it), a
    /// reader of the WAL pool only ever sees whole transactions: as many tracks as trips, and the
    /// checkpoint at the end of the last trip.
    @Test func aConcurrentReaderSeesWholeTransactions() throws {
        let test = try DatabaseKind.walPool.make()
        defer { test.remove() }
        let db = test.database
        let vehicle = try db.vehicle(plate: "A")
        let total = 40
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            for i in 0..<total {
                var trip = sampleTrip(start: 10_000 + Double(i) * 1_000, trackPoints: 30)
                trip.end = trip.start + 900
                let checkpoint = EngineCheckpoint(
                    vehicleID: vehicle.id!, savedAt: Double(i), lastFixTime: trip.end.secondsSince1970,
                    state: Data("{\"i\":\(i)}".utf8))
                _ = try? db.insertTrip(trip, vehicle: vehicle, source: .gps, checkpoint: checkpoint)
            }
        }
        var reads = 0
        var done = false
        while !done {
            done = group.wait(timeout: .now()) == .success
            let snapshot = try db.reader.read { db in
                try Row.fetchOne(
                    db,
                    sql: """
                        SELECT (SELECT count(*) FROM trip) AS trips,
                            (SELECT count(*) FROM trip_track) AS tracks,
                            (SELECT max(ended_at) FROM trip) AS lastEnd,
                            (SELECT last_fix_time FROM engine_checkpoint) AS checkpoint
                        """)!
            }
            let trips: Int = snapshot["trips"]
            #expect(snapshot["tracks"] == trips)
            #expect(snapshot["lastEnd"] as Double? == snapshot["checkpoint"] as Double?)
            reads += 1
        }
        #expect(try db.count("trip") == total)
        #expect(reads > 1)
    }
}
