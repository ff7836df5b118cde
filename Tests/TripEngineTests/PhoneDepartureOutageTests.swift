import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// Issue 26, round 18: a phone whose car leaves, loses the fix a few seconds later (an underpass), and stands in a
/// queue when it comes back, 400 m on (drivesim mixed-0.2hz-14248890). The phone's one point of the departure drove
/// (Doppler); its first point after the outage stands. The engine took that point for the stop's scatter, 400 m off,
/// and the trip started when the car left the queue, minutes late and 400 m short. Expected figures come from the
/// scenario's construction (speeds × times, by hand in the comments), never from the engine.
@Suite("A phone's departure into an outage")
struct PhoneDepartureOutageTests {
    /// Parked 30 s (the phone's first point, precise), then 36 m accelerating and 48 m at 12 m/s (a point after
    /// 75 m), the fix lost for 240 m at 12 m/s and 36 m braking, 150 s standing in a queue (its first point after the
    /// outage), then 36 m, 1,200 m and 36 m; parked 15 minutes.
    static func scenario(seed: Int) -> (points: [Fix], parked: ScenarioBuilder.Segment, park: ScenarioBuilder.Segment) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.drive(0, heading: 120)
        let parked = s.stand(30)
        s.accelerate(6, to: 12)  // 36 m
        s.drive(4)  // 48 m
        s.outage(20)  // 240 m
        s.accelerate(6, to: 0, reception: .noFix)  // 36 m
        s.stand(150)
        s.accelerate(6, to: 12)  // 36 m
        s.drive(100)  // 1,200 m
        s.accelerate(6, to: 0)  // 36 m
        let park = s.stand(900)
        #expect(abs(park.startDistance - parked.endDistance - Self.driven) < 1e-6)
        return (PhoneReportingTests.phonePoints(s.fixes), parked, park)
    }

    static let driven = 36.0 + 48 + 240 + 36 + 36 + 1_200 + 36

    /// One trip from when the car left, with the way to the queue. (Before: it started when the car left the queue,
    /// 3 minutes late, and 380 m short.)
    @Test(arguments: seeds)
    func theTripStartsWhenTheCarLeftNotWhenItLeftTheQueue(seed: Int) {
        let (points, parked, park) = Self.scenario(seed: seed)
        // The scenario has the pattern: one point drives between the parking place and the queue, whose first point
        // stands.
        let during = points.filter {
            $0.time!.secondsSince1970 > parked.end && $0.time!.secondsSince1970 < parked.end + 30
        }
        #expect(during.count == 1 && (during.first?.speed ?? 0) > 5, "\(during.count) points")
        let inQueue = points.first { $0.time!.secondsSince1970 > parked.end + 30 }
        #expect((inQueue?.speed ?? 9) < 1.5)

        guard let trip = PhoneReportingTests.oneTrip(points) else { return }
        #expect(
            abs(trip.start.secondsSince1970 - parked.end) <= 60,
            "started \(trip.start.secondsSince1970 - parked.end) s off")
        #expect(
            abs(trip.end.secondsSince1970 - park.start) <= 60, "ended \(trip.end.secondsSince1970 - park.start) s off")
        #expect(relativeError(trip.distance, Self.driven) < 0.02, "\(trip.distance) m vs \(Self.driven) m")
    }
}

/// Issue 26, round 18: a phone's last point before it falls silent is the first of a departure from a light (Doppler:
/// driving, out of the stop's radius), and the car parks round the corner (drivesim mixed-1hz-16320948, where the
/// points after it were refused). The engine ended the trip where the car had stopped at the light: 100 s early
/// and 100 m and more short.
@Suite("A phone falls silent after leaving a light")
struct PhoneSilentAfterALightTests {
    /// 1,200 m at 12 m/s and 36 m braking to a light (the phone sends two points there), 90 s at the light, then 30 m
    /// accelerating and 60 m at 10 m/s (a point after 75 m), 30 m and 20 m braking into a parking place; the phone is
    /// switched off there.
    static func scenario(seed: Int) -> (points: [Fix], left: ScenarioBuilder.Segment, parked: Double) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.drive(0, heading: 250)
        let start = s.stand(60)
        s.accelerate(6, to: 12)  // 36 m
        s.drive(100)  // 1,200 m
        s.accelerate(6, to: 0)  // 36 m
        let light = s.stand(90)
        let left = s.accelerate(6, to: 10)  // 30 m
        s.drive(9)  // 90 m
        let arriving = s.accelerate(4, to: 0)  // 20 m
        #expect(abs(arriving.endDistance - start.endDistance - Self.driven) < 1e-6)
        // At the light the app sends a point now and then (its timer, or a position that wandered off).
        let atLight: Set = [light.fixes.lowerBound + 5, light.fixes.lowerBound + 60]
        return (PhoneReportingTests.phonePoints(s.fixes, also: atLight), left, arriving.end)
    }

    static let driven = 36.0 + 1_200 + 36 + 30 + 90 + 20

    /// The trip ends after the departure from the light, when braking from the last point's speed and parking would
    /// have ended it (estimated), with the way from the light. (Before: at the light, 103 s early, on two of the three
    /// seeds.)
    @Test(arguments: seeds)
    func theTripEndsAfterTheLight(seed: Int) {
        let (points, left, parked) = Self.scenario(seed: seed)
        // The scenario has the pattern: the last point drives, after the light, and nothing comes after it.
        #expect(points.last.map { $0.time!.secondsSince1970 > left.start && ($0.speed ?? 0) > 5 } == true)

        guard let trip = PhoneReportingTests.oneTrip(points) else { return }
        #expect(abs(trip.end.secondsSince1970 - parked) <= 60, "ended \(trip.end.secondsSince1970 - parked) s off")
        #expect(trip.estimated.contains(.end))
        // The last 75 m at most (the app's filter) are not seen.
        #expect(abs(trip.distance - Self.driven) < 75, "\(trip.distance) m vs \(Self.driven) m")
    }
}
