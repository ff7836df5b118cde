import Geodesy
import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// Issue 26, §3–4: a phone app's points (Traccar Client's filter: a point after 75 m or 300 s, nothing without a
/// fix), with the phone's accuracy as `eph`, through the engine as the server runs it (`Reporting.filtered`).
@Suite("Phone points")
struct PhoneReportingTests {
    /// What a phone app sends of a receiver's output (`PhoneApp.points`).
    static func phonePoints(_ fixes: [Fix], also: Set<Int> = []) -> [Fix] { PhoneApp.points(fixes, also: also) }

    /// The phone's points through the engine (`.filtered`), and the two trips they must make.
    static func twoTrips(
        _ points: [Fix], sourceLocation: SourceLocation = #_sourceLocation
    ) -> (first: Trip, second: Trip)? {
        let trips = run(points, reporting: .filtered).trips
        #expect(trips.count == 2, "trips \(trips.count)", sourceLocation: sourceLocation)
        return trips.count == 2 ? (trips[0], trips[1]) : nil
    }

    /// The phone's points through the engine (`.filtered`), and the one trip they must make.
    static func oneTrip(_ points: [Fix], sourceLocation: SourceLocation = #_sourceLocation) -> Trip? {
        let trips = run(points, reporting: .filtered).trips
        #expect(trips.count == 1, "trips \(trips.count)", sourceLocation: sourceLocation)
        return trips.count == 1 ? trips[0] : nil
    }

    static func run(_ fixes: [Fix], reporting: Reporting) -> EngineRun {
        var engine = TripEngine(reporting: reporting)
        var run = EngineRun()
        for (i, fix) in fixes.enumerated() {
            for e in engine.ingest(fix) { run.events.append((e, i)) }
        }
        for e in engine.finish() { run.events.append((e, fixes.count)) }
        run.counts = engine.counts
        return run
    }

    /// A day of errands with the phone: three drives, parked 20 and 40 minutes between them (the phone standing
    /// sends a point every 300 s). A silence of a phone is no power-off: the point that arrives after one is kept,
    /// not refused as a receiver's cold start, so the trips end and start where and when the car stopped and left.
    @Test(arguments: seeds)
    func errandsDay(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(120)
        var truths: [(start: Double, end: Double, distance: Double)] = []
        for (index, minutes) in [20.0, 40.0, 0].enumerated() {
            let go = s.accelerate(6, to: 12)
            s.drive(100 + 40 * Double(index), heading: 60 + 70 * Double(index))
            s.accelerate(6, to: 0)
            let parked = s.stand(minutes > 0 ? minutes * 60 : 600)
            truths.append((go.start, parked.start, parked.startDistance - go.startDistance))
        }
        let points = Self.phonePoints(s.fixes)
        #expect(points.count < s.fixes.count / 5)

        let run = Self.run(points, reporting: .filtered)
        #expect(run.trips.count == truths.count, "trips \(run.trips.count)")
        guard run.trips.count == truths.count else { return }
        for (trip, truth) in zip(run.trips, truths) {
            #expect(relativeError(trip.distance, truth.distance) < 0.02, "\(trip.distance) m vs \(truth.distance) m")
            #expect(abs(trip.start.secondsSince1970 - truth.start) <= 60)
            #expect(abs(trip.end.secondsSince1970 - truth.end) <= 60)
        }
        #expect(run.rejected(.coldStart) == 0)
    }

    /// The first point after a silence is held until the next confirms it. Here the phone had no fix for ten
    /// minutes while parked, and its first point back is 600 m off while claiming 4 m (a receiver that has not
    /// settled); the points after it agree with each other and with their speeds. The wrong point is refused,
    /// and the trip before the silence does not stretch to it.
    @Test(arguments: seeds)
    func wrongFirstPointAfterASilenceIsRefused(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(120)
        let go = s.accelerate(6, to: 12)
        s.drive(150)
        s.accelerate(6, to: 0)
        let parked = s.stand(600, reception: .noFix)
        let back = s.stand(120)
        s.fixes[back.fixes.lowerBound].latitude! += 600 / 111_320
        s.fixes[back.fixes.lowerBound].eph = 4
        s.accelerate(6, to: 12)
        s.drive(100)
        s.accelerate(6, to: 0)
        s.stand(600)
        let first = parked.startDistance - go.startDistance
        let points = Self.phonePoints(s.fixes)

        let run = Self.run(points, reporting: .filtered)
        #expect(run.trips.count == 2, "trips \(run.trips.count)")
        guard run.trips.count == 2 else { return }
        #expect(relativeError(run.trips[0].distance, first) < 0.02, "\(run.trips[0].distance) m vs \(first) m")
        #expect(abs(run.trips[0].end.secondsSince1970 - parked.start) <= 60)
        #expect(run.rejected(.unconfirmed) >= 1)
    }

    /// Points seconds apart on a straight street with speed bumps: between two points sent at 12 m/s the car slows
    /// to 2 m/s and speeds up again, so the trapezoid of the points' speeds says more than the road, while the line
    /// between them, bent by their courses (here: straight), is the road. The distance is the road's.
    @Test(arguments: seeds)
    func sparsePointsWithSpeedBumps(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(120)
        let go = s.accelerate(6, to: 12)
        for _ in 0..<12 {
            s.drive(6)
            // 4 s from 12 to 2 m/s (28 m), 2 s at 2 m/s (4 m), 4 s back to 12 (28 m).
            s.accelerate(4, to: 2)
            s.drive(2)
            s.accelerate(4, to: 12)
        }
        s.drive(6)
        s.accelerate(6, to: 0)
        let park = s.stand(600)
        // 36 m, twelve times 72 m + 60 m, 72 m, 36 m.
        let truth = 36.0 + 12 * (72 + 60) + 72 + 36
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)
        let points = Self.phonePoints(s.fixes)
        // The trapezoid of the points' speeds, as the engine took it before, is more than 2 % long.
        let moving = points.filter {
            ($0.time?.secondsSince1970 ?? 0) >= go.start && ($0.time?.secondsSince1970 ?? 0) <= park.start
        }
        let trapezoid = zip(moving, moving.dropFirst()).reduce(0.0) { sum, pair in
            let dt = pair.1.time!.secondsSince1970 - pair.0.time!.secondsSince1970
            return sum + ((pair.0.speed ?? 0) + (pair.1.speed ?? 0)) / 2 * dt
        }
        #expect(relativeError(trapezoid, truth) > 0.02, "trapezoid \(trapezoid) m vs \(truth) m")

        let run = Self.run(points, reporting: .filtered)
        #expect(run.trips.count == 1)
        guard let trip = run.trips.first else { return }
        #expect(relativeError(trip.distance, truth) < 0.02, "\(trip.distance) m vs \(truth) m")
    }
}
