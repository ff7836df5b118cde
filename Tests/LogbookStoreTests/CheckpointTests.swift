import Foundation
import LogbookStore
import Testing
import TrackModel
import TripEngine

@Suite struct CheckpointTests {
    @Test(arguments: DatabaseKind.allCases)
    func saveLoadReplaceDelete(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let db = test.database
        let a = try db.vehicle(plate: "A")
        let b = try db.vehicle(plate: "B")
        #expect(try db.checkpoint(vehicle: a) == nil)
        let first = EngineCheckpoint(
            vehicleID: a.id!, savedAt: 100.5, lastFixTime: 99.25, state: Data("{\"x\":1}".utf8))
        try db.saveCheckpoint(first)
        #expect(try db.checkpoint(vehicle: a) == first)
        #expect(try db.checkpoint(vehicle: b) == nil)
        let second = EngineCheckpoint(vehicleID: a.id!, savedAt: 200, lastFixTime: nil, state: Data("{\"x\":2}".utf8))
        try db.saveCheckpoint(second)
        #expect(try db.checkpoint(vehicle: a) == second)
        #expect(try db.count("engine_checkpoint") == 1)
        try db.deleteCheckpoint(vehicle: a)
        #expect(try db.checkpoint(vehicle: a) == nil)
        try db.deleteCheckpoint(vehicle: a)  // nothing to delete is fine
    }

    @Test(arguments: DatabaseKind.allCases)
    func aCheckpointIsSavedAtomicallyWithItsTrip(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let db = test.database
        let vehicle = try db.vehicle(plate: "A")
        let id = vehicle.id!
        let old = EngineCheckpoint(vehicleID: id, savedAt: 1, lastFixTime: 1, state: Data("old".utf8))
        try db.saveCheckpoint(old)

        // Both land.
        let next = EngineCheckpoint(vehicleID: id, savedAt: 2, lastFixTime: 2, state: Data("next".utf8))
        #expect(try db.insertTrip(sampleTrip(start: 1_000), vehicle: vehicle, source: .gps, checkpoint: next) != nil)
        #expect(try db.checkpoint(vehicle: vehicle) == next)

        // A refused trip takes its checkpoint down with it.
        var bad = sampleTrip(start: 2_000)
        bad.startCoordinate.longitude = 200
        let lost = EngineCheckpoint(vehicleID: id, savedAt: 3, lastFixTime: 3, state: Data("lost".utf8))
        #expect(throws: StoreError.self) {
            try db.insertTrip(bad, vehicle: vehicle, source: .gps, checkpoint: lost)
        }
        #expect(try db.checkpoint(vehicle: vehicle) == next)

        // A refused checkpoint (no such vehicle) takes its trip down with it.
        let orphan = EngineCheckpoint(vehicleID: 9_999, savedAt: 4, lastFixTime: 4, state: Data("orphan".utf8))
        let error = #expect(throws: StoreError.self) {
            try db.insertTrip(
                sampleTrip(start: 3_000, trackPoints: 5), vehicle: vehicle, source: .gps, checkpoint: orphan)
        }
        #expect(error?.code == .constraint)
        #expect(try db.trips().map(\.start.secondsSince1970) == [1_000])
        #expect(try db.count("trip_track") == 0)

        // A trip stored before (e.g. the daemon crashed after committing, then replayed the same
        // fixes): not stored again, but the checkpoint still advances.
        let later = EngineCheckpoint(vehicleID: id, savedAt: 5, lastFixTime: 5, state: Data("later".utf8))
        #expect(try db.insertTrip(sampleTrip(start: 1_000), vehicle: vehicle, source: .gps, checkpoint: later) == nil)
        #expect(try db.checkpoint(vehicle: vehicle) == later)
        #expect(try db.count("trip") == 1)
    }

    /// Fixes of a simple drive at 1 Hz: parked, east at 12 m/s, parked again.
    static func drive(seconds: Int) -> [Fix] {
        (0..<seconds).map { s in
            let t = Double(s)
            let moving = s >= 60 && s < 360
            let metresEast = min(max(t - 60, 0), 300) * 12
            return Fix(
                time: Timestamp(secondsSince1970: 1_763_710_200 + t), mode: .threeD, quality: .gps,
                latitude: 48.137, longitude: 11.575 + metresEast / 74_400, speed: moving ? 12 : 0, track: 90,
                eph: 5, hdop: 0.9, satellitesUsed: 9)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func anEngineResumesFromItsCheckpoint(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let db = test.database
        let vehicle = try db.vehicle(plate: "A")
        var configuration = EngineConfiguration()
        configuration.collectTrack = true
        let fixes = Self.drive(seconds: 900)
        let cut = 200  // in the middle of the drive

        var uninterrupted = TripEngine(configuration: configuration)
        var expected: [TripEvent] = []
        for fix in fixes { expected += uninterrupted.ingest(fix) }
        expected += uninterrupted.finish()
        let ended = expected.compactMap { event -> Trip? in
            if case .tripEnded(let trip) = event { return trip } else { return nil }
        }
        #expect(ended.count == 1)

        var engine = TripEngine(configuration: configuration)
        var events: [TripEvent] = []
        for fix in fixes[..<cut] { events += engine.ingest(fix) }
        try db.saveCheckpoint(
            EngineCheckpoint(
                vehicle: vehicle, engine: engine, savedAt: DatabaseKind.now.secondsSince1970,
                lastFixTime: fixes[cut - 1].time?.secondsSince1970))

        // "Restart": only the database survives.
        let saved = try #require(try db.checkpoint(vehicle: vehicle))
        #expect(saved.lastFixTime == 1_763_710_200 + Double(cut - 1))
        var resumed = try saved.engine()
        for fix in fixes[cut...] { events += resumed.ingest(fix) }
        events += resumed.finish()
        #expect(events == expected)
        #expect(resumed.counts == uninterrupted.counts)
    }
}
