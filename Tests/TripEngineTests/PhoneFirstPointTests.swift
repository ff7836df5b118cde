import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// Issue 26, round 18: a phone whose app starts while the car is parked. Its first points are a cold start's, standing
/// (Doppler) and imprecise (eph 25: refused); the first point the engine takes is already driving, 75 m on (the app's
/// filter), and the next comes only after a light. The engine took that first point for where the car stood and dated
/// the departure from the point after the light: the trip started a minute and more late, its first 75 m lost. On
/// drivesim's phone renderings this was the largest class of late starts (about five drives in each split of 171).
/// Expected figures come from the scenario's construction (speeds × times, by hand in the comments), never from the
/// engine.
@Suite("A phone's first point used drives")
struct PhoneFirstPointTests {
    /// Parked 40 s while the phone's positions converge from 60 m off (eph 25), then 48 m accelerating and 60 m at
    /// 12 m/s, 36 m braking to a light, 60 s there, 48 m accelerating, 1,440 m and 36 m braking; parked 15 minutes.
    static func scenario(seed: Int) -> (points: [Fix], parked: ScenarioBuilder.Segment, park: ScenarioBuilder.Segment) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.drive(0, heading: 70)
        let parked = s.stand(40)
        s.coldStart(from: parked.fixes.lowerBound, count: parked.fixes.count, eph: 25, metres: 60)
        s.accelerate(8, to: 12)  // 48 m
        s.drive(5)  // 60 m
        s.accelerate(6, to: 0)  // 36 m
        s.stand(60)
        s.accelerate(8, to: 12)  // 48 m
        s.drive(120)  // 1,440 m
        s.accelerate(6, to: 0)  // 36 m
        let park = s.stand(900)
        #expect(abs(park.startDistance - parked.startDistance - Self.driven) < 1e-6)
        // Standing, the app sends a point now and then (its timer, or a cold start's position that wandered off).
        let standing: Set = [parked.fixes.lowerBound + 20, parked.fixes.lowerBound + 38]
        return (PhoneReportingTests.phonePoints(s.fixes, also: standing), parked, park)
    }

    static let driven = 48.0 + 60 + 36 + 48 + 1_440 + 36

    /// One trip, from when the car left (within the 60 s target) to when it parked, with the way from the parking
    /// place to the first point used. (Before: it started when the point after the light came, 70 s and more late,
    /// and 4 % short.)
    @Test(arguments: seeds)
    func theTripStartsWhenTheCarLeftThePhonesStandingPoints(seed: Int) {
        let (points, parked, park) = Self.scenario(seed: seed)
        // The scenario has the pattern: the points while parked stand and are imprecise; the first precise one
        // drives; the one after it comes after the light.
        let firstPrecise = points.firstIndex { ($0.eph ?? 99) < 12 }
        #expect(firstPrecise.map { points[..<$0].allSatisfy { ($0.speed ?? 9) < 1.5 } } == true)
        #expect(firstPrecise.map { $0 >= 2 && (points[$0].speed ?? 0) > 5 } == true)
        #expect(
            firstPrecise.map {
                points[$0 + 1].time!.secondsSince1970 - points[$0].time!.secondsSince1970 > 60
            } == true)

        let trips = PhoneReportingTests.run(points, reporting: .filtered).trips
        #expect(trips.count == 1, "trips \(trips.count)")
        guard let trip = trips.first else { return }
        #expect(
            abs(trip.start.secondsSince1970 - parked.end) <= 60,
            "started \(trip.start.secondsSince1970 - parked.end) s off")
        #expect(trip.estimated.contains(.start))
        #expect(
            abs(trip.end.secondsSince1970 - park.start) <= 60, "ended \(trip.end.secondsSince1970 - park.start) s off")
        #expect(relativeError(trip.distance, Self.driven) < 0.02, "\(trip.distance) m vs \(Self.driven) m")
    }

    /// Parked after a drive, the phone off for an hour. At power-on the car stands 10 s and leaves: 30 m accelerating,
    /// 120 m at 10 m/s, 25 m braking to a light, 80 s there, then 36 m, 1,200 m at 12 m/s and 36 m braking; parked
    /// 15 minutes. The phone's positions converge from 300 m off until the light turns green (eph 25: refused), their
    /// speeds right; its first precise points come after the light.
    static func afterANight(seed: Int) -> (
        points: [Fix], parked: ScenarioBuilder.Segment, on: ScenarioBuilder.Segment, park: ScenarioBuilder.Segment
    ) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.drive(0, heading: 30)
        let parked = PowerOnDepartureTests.driveAndPark(&s)
        s.powerOff(3_600)
        let on = s.stand(10)
        s.accelerate(6, to: 10)  // 30 m
        s.drive(12)  // 120 m
        s.accelerate(5, to: 0)  // 25 m
        let light = s.stand(80)
        s.accelerate(6, to: 12)  // 36 m
        s.drive(100)  // 1,200 m
        s.accelerate(6, to: 0)  // 36 m
        let park = s.stand(900)
        s.coldStart(
            from: on.fixes.lowerBound, count: light.fixes.upperBound - on.fixes.lowerBound, eph: 25, metres: 300)
        #expect(abs(park.startDistance - on.startDistance - Self.morning) < 1e-6)
        return (PhoneReportingTests.phonePoints(s.fixes), parked, on, park)
    }

    static let morning = 30.0 + 120 + 25 + 36 + 1_200 + 36

    /// The morning's trip starts when the car left, as the refused points' speeds show (within the 60 s target), not
    /// when the first precise point, after the light, came. (Before: 85 s late.)
    @Test(arguments: seeds)
    func afterANightTheTripStartsWhenTheColdStartsSpeedsDrove(seed: Int) {
        let (points, parked, on, park) = Self.afterANight(seed: seed)
        // The scenario has the pattern: after the silence, imprecise points stand, then drive, before the first
        // precise point, which comes after the light.
        let back = points.firstIndex { $0.time!.secondsSince1970 >= on.start }
        let firstPrecise = points.firstIndex { $0.time!.secondsSince1970 >= on.start && ($0.eph ?? 99) < 12 }
        if let back, let firstPrecise {
            #expect((points[back].speed ?? 9) < 1.5)
            #expect(points[back..<firstPrecise].contains { ($0.speed ?? 0) > 5 })
            #expect(points[firstPrecise].time!.secondsSince1970 - on.end > 100)
        } else {
            Issue.record("no point after the power-on, or no precise one")
        }

        guard let (a, b) = PhoneReportingTests.twoTrips(points) else { return }
        #expect(
            abs(a.end.secondsSince1970 - parked.start) <= 60, "ended \(a.end.secondsSince1970 - parked.start) s off")
        #expect(abs(b.start.secondsSince1970 - on.end) <= 60, "started \(b.start.secondsSince1970 - on.end) s off")
        #expect(b.estimated.contains(.start))
        #expect(abs(b.end.secondsSince1970 - park.start) <= 60, "ended \(b.end.secondsSince1970 - park.start) s off")
        // Where the car parked is known only within the app's filter: its last point on the way in is up to 75 m short
        // of the parking place, and the line from there to the morning's first points counts that way in the morning's
        // trip. The day's distance is kept.
        #expect(abs(b.distance - Self.morning) < 75 + 0.02 * Self.morning, "\(b.distance) m vs \(Self.morning) m")
        let day = PowerOnDepartureTests.first + Self.morning
        #expect(relativeError(a.distance + b.distance, day) < 0.02, "\(a.distance + b.distance) m vs \(day) m")
    }
}
