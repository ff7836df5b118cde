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

        let trips = PhoneReportingTests.run(points, reporting: .filtered).trips
        #expect(trips.count == 1, "trips \(trips.count)")
        guard let trip = trips.first else { return }
        #expect(
            abs(trip.start.secondsSince1970 - parked.end) <= 60,
            "started \(trip.start.secondsSince1970 - parked.end) s off")
        #expect(
            abs(trip.end.secondsSince1970 - park.start) <= 60, "ended \(trip.end.secondsSince1970 - park.start) s off")
        #expect(relativeError(trip.distance, Self.driven) < 0.02, "\(trip.distance) m vs \(Self.driven) m")
    }
}
