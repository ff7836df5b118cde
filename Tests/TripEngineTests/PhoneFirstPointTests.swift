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
    /// place to the first point used. (Before: it started when the point after the light came, 73 s late, and 4–5 %
    /// short.)
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

        guard let trip = PhoneReportingTests.oneTrip(points) else { return }
        #expect(
            abs(trip.start.secondsSince1970 - parked.end) <= 60,
            "started \(trip.start.secondsSince1970 - parked.end) s off")
        #expect(trip.estimated.contains(.start))
        #expect(
            abs(trip.end.secondsSince1970 - park.start) <= 60, "ended \(trip.end.secondsSince1970 - park.start) s off")
        #expect(relativeError(trip.distance, Self.driven) < 0.02, "\(trip.distance) m vs \(Self.driven) m")
    }

    /// The same start, but the phone's positions converge from 200 m off until the car leaves a light 204 m on (eph 25:
    /// refused while it drives there, their speeds right): 48 m accelerating, 120 m at 12 m/s, 36 m braking, 90 s at
    /// the light, then 48 m, 7,200 m and 36 m; parked 15 minutes.
    static func coldUntilTheLight(seed: Int) -> (
        points: [Fix], parked: ScenarioBuilder.Segment, light: ScenarioBuilder.Segment, park: ScenarioBuilder.Segment
    ) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.drive(0, heading: 160)
        let parked = s.stand(40)
        s.accelerate(8, to: 12)  // 48 m
        s.drive(10)  // 120 m
        s.accelerate(6, to: 0)  // 36 m
        let light = s.stand(90)
        s.accelerate(8, to: 12)  // 48 m
        s.drive(600)  // 7,200 m
        s.accelerate(6, to: 0)  // 36 m
        let park = s.stand(900)
        s.coldStart(
            from: parked.fixes.lowerBound, count: light.fixes.upperBound - parked.fixes.lowerBound, eph: 25, metres: 200
        )
        #expect(abs(park.startDistance - parked.startDistance - Self.drivenFromCold) < 1e-6)
        return (PhoneReportingTests.phonePoints(s.fixes), parked, light, park)
    }

    static let drivenFromCold = 48.0 + 120 + 36 + 48 + 7_200 + 36

    /// The trip starts when the refused points' speeds drove, not as late as the line from the last standing point to
    /// the first point used (after the light) allows; its way there is what those speeds measure, or that line: about
    /// 100 m short, the speeds having gaps at the start and at the light (within the 2 % target on this 7.5 km trip).
    /// (Before: 94 s late.)
    @Test(arguments: seeds)
    func theTripStartsWhenTheRefusedPointsDrove(seed: Int) {
        let (points, parked, light, park) = Self.coldUntilTheLight(seed: seed)
        // The scenario has the pattern: imprecise points stand, then drive, and the first precise one comes after the
        // light.
        let firstPrecise = points.firstIndex { ($0.eph ?? 99) < 12 }
        #expect(firstPrecise.map { points[$0].time!.secondsSince1970 > light.end } == true)
        #expect(firstPrecise.map { points[..<$0].contains { ($0.speed ?? 0) > 5 } } == true)
        #expect((points.first?.speed ?? 9) < 1.5)

        guard let trip = PhoneReportingTests.oneTrip(points) else { return }
        #expect(
            abs(trip.start.secondsSince1970 - parked.end) <= 60,
            "started \(trip.start.secondsSince1970 - parked.end) s off")
        #expect(
            abs(trip.end.secondsSince1970 - park.start) <= 60, "ended \(trip.end.secondsSince1970 - park.start) s off")
        #expect(
            relativeError(trip.distance, Self.drivenFromCold) < 0.02,
            "\(trip.distance) m vs \(Self.drivenFromCold) m")
    }

    /// Parked after a drive, the phone off for an hour. At power-on the car stands 10 s and leaves: 30 m accelerating,
    /// 120 m at 10 m/s, 25 m braking to a light, 80 s there, then 36 m, 1,200 m at 12 m/s and 36 m braking; parked
    /// 15 minutes. The phone's positions converge from 300 m off until the light turns green (eph 25: refused), their
    /// speeds right; its first precise points come after the light. `leavingSilently`: the car leaves in the silence's
    /// last 2 s (2 m), and the phone's first point drives (then 24 m accelerating to 10 m/s, and on as above).
    static func afterANight(seed: Int, leavingSilently: Bool = false) -> (
        points: [Fix], parked: ScenarioBuilder.Segment, on: ScenarioBuilder.Segment, park: ScenarioBuilder.Segment,
        left: Double, morning: Double
    ) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.drive(0, heading: 30)
        let parked = PowerOnDepartureTests.driveAndPark(&s)
        s.powerOff(3_600)
        let on: ScenarioBuilder.Segment
        if leavingSilently {
            on = s.accelerate(2, to: 2, reception: .silent)  // 2 m
            s.accelerate(4, to: 10)  // 24 m
        } else {
            on = s.stand(10)
            s.accelerate(6, to: 10)  // 30 m
        }
        s.drive(12)  // 120 m
        s.accelerate(5, to: 0)  // 25 m
        let light = s.stand(80)
        s.accelerate(6, to: 12)  // 36 m
        s.drive(100)  // 1,200 m
        s.accelerate(6, to: 0)  // 36 m
        let park = s.stand(900)
        s.coldStart(
            from: on.fixes.lowerBound, count: light.fixes.upperBound - on.fixes.lowerBound, eph: 25, metres: 300)
        let morning = (leavingSilently ? 2.0 + 24 : 30) + 120 + 25 + 36 + 1_200 + 36
        #expect(abs(park.startDistance - on.startDistance - morning) < 1e-6)
        return (
            PhoneReportingTests.phonePoints(s.fixes), parked, on, park, leavingSilently ? on.start : on.end, morning
        )
    }

    /// The morning's trip starts when the car left, as the refused points' speeds show (within the 60 s target), not
    /// when the first precise point, after the light, came. (Before: 85 s late.)
    @Test(arguments: seeds)
    func afterANightTheTripStartsWhenTheColdStartsSpeedsDrove(seed: Int) {
        let (points, parked, on, park, left, morning) = Self.afterANight(seed: seed)
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

        Self.expectTheMorning(points, parked: parked, left: left, park: park, morning: morning)
    }

    /// The same when the car left in the silence's last seconds: the phone's first point after it drives already (at
    /// 2–4 m/s), and the trip starts when reaching that speed from a stand would have begun. (Before: 63 and 76 s late
    /// on two of the three seeds.)
    @Test(arguments: seeds)
    func afterANightTheTripStartsWhenTheFirstPointAfterTheSilenceDrove(seed: Int) {
        let (points, parked, on, park, left, morning) = Self.afterANight(seed: seed, leavingSilently: true)
        // The scenario has the pattern: the first point after the silence drives; the first precise one comes after
        // the light.
        let back = points.firstIndex { $0.time!.secondsSince1970 >= on.start }
        let firstPrecise = points.firstIndex { $0.time!.secondsSince1970 >= on.start && ($0.eph ?? 99) < 12 }
        #expect(back.map { (points[$0].speed ?? 0) > 1.5 } == true)
        #expect(firstPrecise.map { points[$0].time!.secondsSince1970 - on.end > 100 } == true)
        Self.expectTheMorning(points, parked: parked, left: left, park: park, morning: morning)
    }

    static func expectTheMorning(
        _ points: [Fix], parked: ScenarioBuilder.Segment, left: Double, park: ScenarioBuilder.Segment, morning: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let (a, b) = PhoneReportingTests.twoTrips(points, sourceLocation: sourceLocation) else { return }
        #expect(
            abs(a.end.secondsSince1970 - parked.start) <= 60, "ended \(a.end.secondsSince1970 - parked.start) s off",
            sourceLocation: sourceLocation)
        #expect(
            abs(b.start.secondsSince1970 - left) <= 60, "started \(b.start.secondsSince1970 - left) s off",
            sourceLocation: sourceLocation)
        #expect(b.estimated.contains(.start), sourceLocation: sourceLocation)
        #expect(
            abs(b.end.secondsSince1970 - park.start) <= 60, "ended \(b.end.secondsSince1970 - park.start) s off",
            sourceLocation: sourceLocation)
        // Where the car parked is known only within the app's filter: its last point on the way in is up to 75 m short
        // of the parking place, and the line from there to the morning's first points counts that way in the morning's
        // trip. The day's distance is kept.
        #expect(
            abs(b.distance - morning) < 75 + 0.02 * morning, "\(b.distance) m vs \(morning) m",
            sourceLocation: sourceLocation)
        let day = PowerOnDepartureTests.first + morning
        #expect(
            relativeError(a.distance + b.distance, day) < 0.02, "\(a.distance + b.distance) m vs \(day) m",
            sourceLocation: sourceLocation)
    }
}
