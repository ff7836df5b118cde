import Geodesy
import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// Issue 26, round 2: trips that a parked vehicle never drove. On the statistical benchmark's tuning drives every
/// phantom trip on a parked night (GPX) was a multipath burst: for 6–30 s the receiver reported a consistent
/// position 80–150 m away with a large HDOP (5–8, so the gates and the filter let it through), then came back. The
/// "trip" lasted 9–30 s, counted 107–353 m and ended 2–8 m from where it started.
@Suite("Phantom trips")
struct PhantomTripTests {
    /// Parked for 40 minutes; a burst of six fixes 80 m away with HDOP 6 (σ 18 m, so the jump is within the
    /// gates' allowance and the filter's outlier gate) and then back. Nothing was driven.
    @Test(arguments: Source.allCases, seeds)
    func aMultipathBurstWhileParkedIsNoTrip(source: Source, seed: Int) {
        var s = ScenarioBuilder(options: source.options(seed: seed))
        let parked = s.stand(2_400)
        let from = parked.fixes.lowerBound + 1_200
        s.burst(from: from, count: 6, metres: 80, bearing: 20)
        for i in from..<(from + 6) { s.fixes[i].hdop = 6 }
        let run = runEngine(s.fixes)
        // Without the rule (positions only): a trip of about 160 m (out and back), 2–8 m from end to start.
        #expect(run.trips.isEmpty, "\(run.trips.map(\.distance)) m counted while parked")
        #expect(run.trips.reduce(0) { $0 + $1.distance } <= 20)
    }

    /// The rule must not drop a real trip that comes back to where it started: a 2-minute circle at 10 m/s
    /// (1,200 m, radius 191 m) that parks where it left.
    @Test(arguments: Source.allCases, seeds)
    func aRoundTripBackToTheSamePlaceIsKept(source: Source, seed: Int) {
        var s = ScenarioBuilder(options: source.options(seed: seed))
        s.stand(120)
        let go = s.accelerate(5, to: 10)
        s.drive(115, turnRate: 3)
        s.accelerate(5, to: 0)
        let park = s.stand(600)
        let truth = park.startDistance - go.startDistance
        let run = runEngine(s.fixes)
        #expect(run.trips.count == 1)
        guard let trip = run.trips.first else { return }
        #expect(relativeError(trip.distance, truth) < 0.03, "\(trip.distance) m vs \(truth) m")
    }
}

/// Issue 26, round 2: the phone rendering (a point after 75 m or 300 s, accuracy in metres as `eph`). Every
/// silence of a minute or more looked like a power cycle, and the first fix after it was dropped as a cold start's;
/// at a trip's end that fix is the arrival, after a slow last stretch (a car park, a queue).
@Suite("Phone points")
struct PhonePointTests {
    /// The points a phone app sends: the first fix, then a fix once 75 m from the last one sent or 300 s after it.
    static func phonePoints(_ fixes: [Fix]) -> [Fix] {
        var kept: [Fix] = []
        for fix in fixes {
            guard let last = kept.last, let lat = last.latitude, let lon = last.longitude,
                let t0 = last.time?.secondsSince1970
            else {
                kept.append(fix)
                continue
            }
            guard let la = fix.latitude, let lo = fix.longitude, let t = fix.time?.secondsSince1970 else { continue }
            let moved = Geodesic.wgs84.distance(latitude1: lat, longitude1: lon, latitude2: la, longitude2: lo)
            if moved >= 75 || t - t0 >= 300 { kept.append(fix) }
        }
        return kept
    }

    /// Five minutes at 12 m/s, then 10 s braking to 1.2 m/s and two minutes at walking pace into a car park
    /// (a point every 62 s), parked 15 minutes. The trip ends when the car stopped, with all its distance.
    @Test(arguments: seeds)
    func aSlowArrivalIsKept(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(600)
        let go = s.accelerate(6, to: 12)
        s.drive(300)
        s.accelerate(10, to: 1.2)
        s.drive(120)
        s.accelerate(2, to: 0)
        let park = s.stand(900)
        // 36 m + 3600 m + 66 m + 144 m + 1.2 m.
        let truth = 36.0 + 3_600 + 66 + 144 + 1.2
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)

        let points = Self.phonePoints(s.fixes)
        let run = runEngine(points)
        #expect(run.trips.count == 1)
        guard let trip = run.trips.first else { return }
        // Without the rule the points of the slow stretch after a minute's silence were dropped as a cold start's:
        // the trip ended at the first slow point, two minutes early.
        let ended = trip.end.secondsSince1970 - park.start
        #expect(abs(ended) <= 30, "ended \(ended) s off")
        withKnownIssue(
            "engine: 4.6–5.0 % short (about 180 m): the phone's sparse points lose the way before the first point and after the last"
        ) {
            #expect(relativeError(trip.distance, truth) < 0.02, "\(trip.distance) m vs \(truth) m")
        }
    }
}
