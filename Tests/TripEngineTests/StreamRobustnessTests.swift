import Foundation
import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// Duplicated, stale and swapped epochs; checkpoints (DESIGN.md §5: every rejection counted by
/// reason; the engine state is Codable so the daemon can checkpoint it).
@Suite("Stream robustness")
struct StreamRobustnessTests {
    /// A drive with a traffic light and a parking stop, and where its phases begin in `fixes`.
    static func trafficScenario(_ source: Source) -> (ScenarioBuilder, cruise: [Range<Int>], stands: [Range<Int>]) {
        var s = ScenarioBuilder(options: source.options())
        let a = s.stand(60)
        s.accelerate(6, to: 14)
        let b = s.drive(150)
        s.accelerate(7, to: 0)
        let c = s.stand(60)
        s.accelerate(6, to: 14)
        let d = s.drive(150)
        s.accelerate(7, to: 0)
        let e = s.stand(400)
        return (s, [b.fixes, d.fixes], [a.fixes, c.fixes, e.fixes])
    }

    static func sameTrips(_ a: [Trip], _ b: [Trip], distance tolerance: Double = 1e-6) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { x, y in
                x.start == y.start && x.end == y.end && abs(x.distance - y.distance) <= tolerance
                    && x.idlePeriods == y.idlePeriods && abs(x.idleSeconds - y.idleSeconds) <= 1e-6
            }
    }

    @Test(arguments: Source.allCases)
    func duplicatesAreCountedAndChangeNothing(source: Source) {
        let (clean, cruise, stands) = Self.trafficScenario(source)
        let reference = runEngine(clean.fixes)
        #expect(reference.trips.count == 1)
        var s = clean
        // Highest index first so the earlier indices stay valid.
        let at = [
            stands[2].lowerBound + 20, cruise[1].lowerBound + 50, stands[1].lowerBound + 30,
            cruise[0].lowerBound + 10, stands[0].lowerBound + 40,
        ]
        for i in at { s.duplicate(at: i) }
        let run = runEngine(s.fixes)
        #expect(run.rejected(.duplicate) == 5)
        #expect(run.counts.read == reference.counts.read + 5)
        #expect(run.counts.used == reference.counts.used)
        #expect(run.trips == reference.trips, "duplicates must leave the trips exactly as they were")
    }

    @Test(arguments: Source.allCases)
    func staleEpochsAreCountedAndChangeNothing(source: Source) {
        let (clean, cruise, stands) = Self.trafficScenario(source)
        let reference = runEngine(clean.fixes)
        var s = clean
        // Each time an epoch 3 s old arrives late, after the current one.
        let at = [
            stands[2].lowerBound + 20, cruise[1].lowerBound + 50, stands[1].lowerBound + 30,
            cruise[0].lowerBound + 10, stands[0].lowerBound + 40,
        ]
        for i in at { s.resend(i - 3, after: i) }
        let run = runEngine(s.fixes)
        #expect(run.rejected(.outOfOrder) == 5)
        #expect(run.counts.used == reference.counts.used)
        #expect(run.trips == reference.trips, "stale epochs must leave the trips exactly as they were")
    }

    @Test(arguments: Source.allCases)
    func swappedEpochsAreCountedAndBarelyChangeTheDistance(source: Source) {
        let (clean, cruise, _) = Self.trafficScenario(source)
        let reference = runEngine(clean.fixes)
        var s = clean
        // Swap three neighbouring pairs while cruising: the later of each pair arrives first, so the
        // earlier is refused as out of order and one epoch is lost each time.
        for i in [cruise[1].lowerBound + 70, cruise[0].lowerBound + 90, cruise[0].lowerBound + 30] { s.swap(at: i) }
        let run = runEngine(s.fixes)
        #expect(run.rejected(.outOfOrder) == 3)
        #expect(run.counts.used == reference.counts.used - 3)
        // Losing one epoch at constant 14 m/s changes the Doppler trapezoid only by the speed noise
        // (σ 0.1 m/s × 1 s) and the position path by a chord-vs-two-sides difference of millimetres;
        // three of them: < 1 m. Start and end are far from the swaps and must not move.
        #expect(Self.sameTrips(run.trips, reference.trips, distance: 1), "\(run.trips) vs \(reference.trips)")
    }

    // MARK: 10. Checkpoints

    /// Every phase of the engine: departure, traffic stop, tunnel, parking, power-off with cold
    /// start, multipath spike, and a stream that ends during a stop.
    static func eventfulScenario(_ source: Source) -> ScenarioBuilder {
        var s = ScenarioBuilder(options: source.options())
        s.stand(60)
        s.accelerate(6, to: 14)
        let cruise = s.drive(100)
        s.accelerate(7, to: 0)
        s.stand(30)
        s.accelerate(6, to: 14)
        s.drive(60)
        s.outage(30, turnRate: 1)
        s.drive(60)
        s.accelerate(7, to: 0)
        s.stand(400)
        s.powerOff(1_800)
        let go = s.accelerate(6, to: 14)
        s.drive(100, turnRate: -0.5)
        s.accelerate(7, to: 0)
        s.stand(100)
        s.spike(at: cruise.fixes.lowerBound + 40, metres: 300)
        s.coldStart(from: go.fixes.lowerBound, count: 20, eph: 30, metres: 400)
        return s
    }

    static func roundTrip(_ engine: TripEngine) throws -> TripEngine {
        try JSONDecoder().decode(TripEngine.self, from: JSONEncoder().encode(engine))
    }

    static func sameEvents(_ a: [TripEvent], _ b: [TripEvent]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            switch (x, y) {
            case (.tripEnded(let p), .tripEnded(let q)), (.tripDiscarded(let p), .tripDiscarded(let q)):
                guard sameTrips([p], [q]), p.fixesUsed == q.fixesUsed, p.track == q.track,
                    p.startCoordinate == q.startCoordinate, p.endCoordinate == q.endCoordinate
                else { return false }
            default:
                guard x == y else { return false }
            }
        }
        return true
    }

    @Test(arguments: Source.allCases, [false, true])
    func checkpointAfterEveryFixChangesNothing(source: Source, collectTrack: Bool) throws {
        let s = Self.eventfulScenario(source)
        var configuration = EngineConfiguration()
        configuration.collectTrack = collectTrack
        let reference = runEngine(s.fixes, configuration)
        // The scenario must exercise what it claims to: two trips (the parking stop and the power-off end
        // the first), an idle stop, a cold start.
        #expect(reference.trips.count == 2)
        #expect(reference.trips.first?.idlePeriods == 1)
        #expect(reference.rejected(.coldStart) > 10)

        var engine = TripEngine(configuration: configuration)
        var events: [TripEvent] = []
        for fix in s.fixes {
            engine = try Self.roundTrip(engine)
            events += engine.ingest(fix)
        }
        engine = try Self.roundTrip(engine)
        events += engine.finish()
        #expect(Self.sameEvents(events, reference.events.map(\.event)))
        #expect(engine.counts == reference.counts)
    }

    @Test(arguments: Source.allCases)
    func checkpointInTheMiddleOfEveryPhase(source: Source) throws {
        let s = Self.eventfulScenario(source)
        let reference = runEngine(s.fixes)
        // One checkpoint, at each of 40 places spread over the stream.
        for split in stride(from: 1, to: s.fixes.count, by: s.fixes.count / 40) {
            var engine = TripEngine()
            var events: [TripEvent] = []
            for fix in s.fixes[..<split] { events += engine.ingest(fix) }
            engine = try Self.roundTrip(engine)
            for fix in s.fixes[split...] { events += engine.ingest(fix) }
            events += engine.finish()
            #expect(Self.sameEvents(events, reference.events.map(\.event)), "checkpoint at fix \(split)")
        }
    }
}
