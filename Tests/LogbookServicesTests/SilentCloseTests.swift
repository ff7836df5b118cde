import Foundation
import Ingest
import LogbookServices
import LogbookStore
import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// A device that falls silent has its trip closed by the server's sweep (`DeviceTracker.closeSilentTrips`) when the
/// silence reaches the gap threshold; a replay of the same positions decides that silence by the first position after
/// it. The close is measured again when that position comes, so live and replay give the same trips, and a close the
/// next position confirms leaves the trip as it was stored.
@Suite("Silent devices: the close measured again")
struct SilentCloseTests {
    static func options(seed: UInt64) -> ScenarioBuilder.Options {
        .init(
            rate: 1, doppler: true, eph: 5, hdop: nil,
            noise: .init(white: 1, drift: 1.5, driftTime: 120, driftBound: 6, speed: 0.1), seed: seed)
    }

    static func positions(_ fixes: [Fix]) -> [IngestPosition] {
        fixes.map { fix in
            IngestPosition(
                time: fix.time!, latitude: fix.latitude!, longitude: fix.longitude!, speed: fix.speed,
                course: fix.track, altitude: fix.altitudeMSL, accuracy: fix.eph)
        }
    }

    /// What a replay of the positions gives with the server's engine (`Reporting.filtered`), as `logbook replay
    /// --source phone` runs it.
    static func replayed(_ positions: [IngestPosition]) -> [Trip] {
        var engine = TripEngine(configuration: EngineConfiguration(), reporting: .filtered)
        var trips: [Trip] = []
        for position in positions {
            for case .tripEnded(let trip) in engine.ingest(position.fix) { trips.append(trip) }
        }
        for case .tripEnded(let trip) in engine.finish() { trips.append(trip) }
        return trips
    }

    /// A phone's point as the car comes to a stand at a light (60 s); the car creeps 35 m on (4 s to 5 m/s, 4 s at
    /// it, 2 s to a stop), stands 227 s and drives off (5 s to 10 m/s, 50 s at it, 5 s to a stop: 550 m), then parks.
    /// The phone's timer fires 300 s after the point at the light, 5 s after the car left, moving: the car stood less
    /// than the parking threshold, one trip (the engine's `stoodLessThanParking`). The sweep runs 0.2 s after that
    /// point's fix, before it reaches the server (a phone's upload takes longer): it closes the trip at the light.
    /// Before, the point then began a second trip, where a replay of the same points makes one.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func aTimerPointThatCameJustAfterTheCloseContinuesTheTrip(seed: UInt64) async throws {
        var s = ScenarioBuilder(options: Self.options(seed: seed))
        let (go, light, _) = s.driveToALight(wait: 60)
        s.creepOn()
        s.stand(227)
        let (go2, park) = s.driveOnAndPark()
        // 25 + 600 + 25 m to the light, 35 m on, 550 m to the parking.
        #expect(abs(park.startDistance - go.startDistance - 1_235) < 1e-6)

        let points = Self.positions(PhoneApp.points(s.fixes, also: [light.fixes.lowerBound + 2]))
        let atLight = s.fixes[light.fixes.lowerBound + 2].time!
        let k = try #require(points.firstIndex { $0.time == atLight })
        let timer = points[k + 1]
        #expect(timer.time.secondsSince1970 - atLight.secondsSince1970 == PhoneApp.timerPeriod)
        #expect((timer.speed ?? 0) >= 1 && timer.time.secondsSince1970 > go2.start)

        let setup = try DeviceTrackingTests.Setup()
        try await setup.send(points[...k], delay: 1)
        let sweep = Timestamp(secondsSince1970: timer.time.secondsSince1970 + 0.2)
        #expect(try setup.service.tracker.closeSilentTrips(now: sweep) == 1)
        let closed = try #require(try setup.trips().first)
        let receipts = try await setup.send(points[(k + 1)...], delay: 1)
        #expect(receipts.first?.recomputed == true)
        #expect(receipts.first?.tripsVoided == 1)
        _ = try setup.service.tracker.closeSilentTrips(
            now: Timestamp(secondsSince1970: park.end + 2 * EngineConfiguration().gapThreshold))

        let stored = try setup.trips()
        DeviceTrackingTests.expectSame(stored, Self.replayed(points), "live and replay")
        #expect(stored.count == 1, "trips \(stored.count)")
        if let trip = stored.first {
            #expect(abs(trip.start.secondsSince1970 - go.start) <= 60)
            #expect(abs(trip.end.secondsSince1970 - park.start) <= 60)
            #expect(abs(trip.distance - 1_235) <= 0.02 * 1_235, "\(trip.distance) m")
        }
        #expect(try setup.database.trip(id: closed.id).voided)
        #expect(try setup.database.verifyAudit().isIntact)
    }

    /// A phone that stops sending when the car parks (15 min) and starts again when it drives off: the sweep closes
    /// the first trip 301 s into the silence, and the first position after it (the next departure, 900 s after the
    /// last) shows nothing else, so measuring the close again gives the trip as stored: it keeps its id and history,
    /// nothing is voided, and the trips are the replay's and the drive's. The snapshot the close left (the engine
    /// before it, the trip's track and all) is spent by the recomputation.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func aParkingTheNextPointConfirmsStaysAsStored(seed: UInt64) async throws {
        try await Self.parkingConfirmed(seed: seed, on: try DeviceTrackingTests.Setup())
    }

    /// The same on PostgreSQL: the figures the engine measured again equal those it stored to the last bit.
    @Test(.enabled(if: TestCluster.runs, "no test cluster"), arguments: [4] as [UInt64])
    func aParkingTheNextPointConfirmsStaysAsStoredOnPostgreSQL(seed: UInt64) async throws {
        try await Self.parkingConfirmed(seed: seed, on: try DeviceTrackingTests.Setup(onCluster: true))
    }

    static func parkingConfirmed(seed: UInt64, on setup: DeviceTrackingTests.Setup) async throws {
        let drive = DeviceTrackingTests.drive(seed: seed)
        let first = drive.trips[0]
        let second = drive.trips[1]
        let sent = drive.positions.filter {
            $0.time.secondsSince1970 <= first.end || $0.time.secondsSince1970 >= second.start - 20
        }
        let k = try #require(sent.lastIndex { $0.time.secondsSince1970 <= first.end })
        #expect(sent[k + 1].time.secondsSince1970 - sent[k].time.secondsSince1970 > 800)

        try await setup.send(sent[...k])
        let sweep = Timestamp(secondsSince1970: sent[k].time.secondsSince1970 + 301)
        #expect(try setup.service.tracker.closeSilentTrips(now: sweep) == 1)
        let closed = try #require(try setup.trips().first)
        let history = try setup.database.auditEntries(trip: closed.id).count
        // The close left the engine as it was before it; the recomputation spends it.
        let silence = sent[k].time.secondsSince1970
        let left = { try setup.database.deviceSnapshot(deviceID: setup.deviceID, before: silence + 0.001) }
        #expect(try left()?.lastFixTime == silence)
        let receipts = try await setup.send(sent[(k + 1)...])
        #expect(try left().map { $0.lastFixTime < silence } ?? true)
        #expect(receipts.first?.recomputed == true)
        #expect(receipts.first?.tripsKept == 1)
        #expect(receipts.map(\.tripsVoided).reduce(0, +) == 0)
        _ = try setup.service.tracker.closeSilentTrips(
            now: Timestamp(secondsSince1970: sent.last!.time.secondsSince1970 + 600))

        let stored = try setup.trips()
        #expect(stored.first?.id == closed.id)
        #expect(try setup.database.auditEntries(trip: closed.id).count == history)
        DeviceTrackingTests.expectSame(stored, Self.replayed(Array(sent)), "live and replay")
        DeviceTrackingTests.expectTruth(stored, drive, "truth")
        #expect(try setup.database.verifyAudit().isIntact)
    }

    /// The positions of `DeviceTrackingTests.drive(seed:)` without the 400 s from 300 s into its first trip (the car
    /// drives on at 14 m/s), and the index of the last one before that silence.
    static func throughATunnel(seed: UInt64) throws -> (sent: [IngestPosition], lastBefore: Int) {
        let drive = DeviceTrackingTests.drive(seed: seed)
        let lost = drive.trips[0].start + 300
        let sent = drive.positions.filter { $0.time.secondsSince1970 < lost || $0.time.secondsSince1970 >= lost + 400 }
        return (sent, try #require(sent.lastIndex { $0.time.secondsSince1970 < lost }))
    }

    /// A phone without a fix for 400 s while the car drives on (a long tunnel), its first point after that 5.6 km on (14 m/s),
    /// moving: the sweep closes the trip 301 s into the silence. A replay of the same points takes the silence for an
    /// outage the car drove through (it could not have parked on the way), one trip; the close, measured again when
    /// the point comes, gives the same. Before, the server kept the close and began a second trip at the point.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func aPhoneThatReappearsDrivingFarOnIsBridgedAsInAReplay(seed: UInt64) async throws {
        let (sent, k) = try Self.throughATunnel(seed: seed)
        let setup = try DeviceTrackingTests.Setup()
        try await setup.send(sent[...k])
        let sweep = Timestamp(secondsSince1970: sent[k].time.secondsSince1970 + 301)
        #expect(try setup.service.tracker.closeSilentTrips(now: sweep) == 1)
        let receipts = try await setup.send(sent[(k + 1)...])
        #expect(receipts.first?.recomputed == true)
        _ = try setup.service.tracker.closeSilentTrips(
            now: Timestamp(secondsSince1970: sent.last!.time.secondsSince1970 + 600))

        let stored = try setup.trips()
        let replayed = Self.replayed(Array(sent))
        #expect(replayed.count == 2, "replayed \(replayed.count)")
        DeviceTrackingTests.expectSame(stored, replayed, "live and replay")
        #expect(try setup.database.verifyAudit().isIntact)
    }
}
