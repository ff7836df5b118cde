import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// Position-only (GPX-like) distance at crawl speed. Found by these tests; re-enable once the
/// engine handles it.
///
/// Scenario: `Source.positionOnly` receiver (white jitter 1.5 m per axis, wander 2 m), 2.5 m/s.
/// Truth 50 m and 150 m (by hand, below); expected within 10 %. Measured at commit b2e0a77:
/// 55.6 m (+11 %) and 170.7 m (+14 %). Over 3 km at 2.5 m/s the inflation stays ≈ +11 %
/// (+330 m), at 14 m/s ≈ +1 %/km plus ≈ 12 m per trip; without white jitter the error is ≈ 1 m
/// per trip. The Kalman filter (process noise 2 (m/s²)²/Hz at 1 Hz) passes most of the
/// epoch-to-epoch jitter into the filtered track, whose zig-zag is summed as distance.
@Suite()
struct PositionOnlyCrawlAccuracyTests {
    @Test(arguments: [(18.0, 50.0), (58.0, 150.0)])
    func crawlDistance(cruiseSeconds: Double, truth: Double) {
        var s = ScenarioBuilder(options: Source.positionOnly.options())
        s.stand(60)
        // 2 s to 2.5 m/s (2.5 m) + cruise × 2.5 m/s + 2 s to 0 (2.5 m).
        let go = s.accelerate(2, to: 2.5)
        s.drive(cruiseSeconds)
        s.accelerate(2, to: 0)
        let park = s.stand(400)
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)
        let run = runEngine(s.fixes)
        let measured = (run.trips + run.discarded).map(\.distance)
        #expect(measured.count == 1)
        // 10 %: the whole crawl is 20–60 epochs; the positions' own wander (σ 2 m, slowly varying)
        // can shift the ends by a metre or two, the rest is jitter that a smoother should remove.
        if let d = measured.first { #expect(relativeError(d, truth) < 0.10, "\(d) m vs \(truth) m") }
    }
}

/// Position-only (GPX-like) stop moments. Found by these tests; re-enable once the engine handles it.
///
/// Scenario (per seed): stand 60 s; three legs of 6 s to 14 m/s, 200 s at 14 m/s, 7 s to 0,
/// separated by a 60 s traffic stop and a 600 s parking stop; stand 400 s. `Source.positionOnly`
/// receiver (white jitter 1.5 m/axis, wander 2 m). Expected: two trips, each ending within ±5 s of
/// the moment the vehicle stopped, the traffic stop's idle time 60 ± 5 s.
/// Measured at commit b2e0a77 over 40 seeds: trip ends 1…18 s late (12 of 80 beyond 5 s: 6, 7 ×9,
/// 11, 18 s); idle −13…+1 s (5 of 40 beyond 5 s); departures −1…+2 s. Doppler sources are
/// exact (0 s) on the same scenario. Likely cause: a stop candidate begins only at
/// the first point whose filtered speed is below `stopped_speed` (0.8 m/s); with position jitter
/// the filter's speed of a vehicle that has just stopped stays above that for several seconds.
/// Departures are much better, but not always: over 300 seeds of a plain departure, offsets were
/// +1/+2 s (285), 0 (9), −1…−3 (5) and once −6 s (jitter made the filter's speed pass 0.8 m/s a
/// few seconds early, and the departure candidate then ran into the real departure).
@Suite(
    .disabled(
        "engine: position-only stop moments up to 18 s late in ~20 % of stops (±5 s expected; the issue allows 60 s)"))
struct PositionOnlyStopTimingTests {
    @Test func departureMoments() {
        for seed in 0..<300 {
            var s = ScenarioBuilder(options: Source.positionOnly.options(seed: seed))
            s.stand(60)
            let go = s.accelerate(6, to: 14)
            s.drive(100)
            s.accelerate(7, to: 0)
            s.stand(30)
            let starts = runEngine(s.fixes).starts
            #expect(starts.count == 1)
            for t in starts {
                #expect(abs(t.secondsSince1970 - go.start) <= 5, "seed \(seed): \(t.secondsSince1970 - go.start) s")
            }
        }
    }

    @Test(arguments: 0..<40)
    func stopMoments(seed: Int) {
        var s = ScenarioBuilder(options: Source.positionOnly.options(seed: seed))
        s.stand(60)
        s.accelerate(6, to: 14)
        s.drive(200)
        s.accelerate(7, to: 0)
        s.stand(60)
        s.accelerate(6, to: 14)
        s.drive(200)
        s.accelerate(7, to: 0)
        let park = s.stand(600)
        s.accelerate(6, to: 14)
        s.drive(200)
        s.accelerate(7, to: 0)
        let end = s.stand(400)
        let run = runEngine(s.fixes)
        #expect(run.trips.count == 2)
        guard run.trips.count == 2 else { return }
        #expect(abs(run.trips[0].idleSeconds - 60) <= 5, "idle \(run.trips[0].idleSeconds) s")
        #expect(abs(run.trips[0].end.secondsSince1970 - park.start) <= 5)
        #expect(abs(run.trips[1].end.secondsSince1970 - end.start) <= 5)
    }
}

/// Outage bridges on curved roads. Found by these tests; re-enable once the engine handles it.
///
/// `OutageBridge` documents that its Hermite curve (tangents as long as the chord) is "within
/// 0.1 % of the arc for turns up to 90°". It is not: for a circular arc of turn θ the curve with
/// tangent length = chord is flatter than the arc — by hand (numerical integration of the same
/// cubic): −0.03 % at 30°, −0.46 % at 60°, −2.14 % at 90°, −6.0 % at 120°. (Tangents of length
/// chord / cos²(θ/4), the circle's Bézier handles, would match the arc to < 0.1 % up to 90°.)
/// Measured at commit b2e0a77, noise-free Doppler, 60 s tunnel at 15 m/s (900 m of arc + 15 m):
/// −0.62 m at 30°, −5.6 m at 60°, −22.6 m at 90° (expected within 0.1 % = 0.9 m).
/// Position-only sources are worse (−1.8 m, −22.3 m, −58.9 m): after the outage the filter restarts
/// without velocity, so the exit course is unknown and that end follows the chord.
@Suite(
    .disabled(
        "engine: bridges now scale their tangents (Doppler +0.15 % at 60°, +0.33 % at 90°: the scenario is arc plus straight, not a pure arc); position-only exits have no course after the filter restarts (−2.2 % at 90°)"
    ))
struct OutageBridgeAccuracyTests {
    static func curvedTunnel(turn: Double, options: ScenarioBuilder.Options) -> (ScenarioBuilder, truth: Double) {
        var s = ScenarioBuilder(options: options)
        s.stand(60)
        let go = s.accelerate(6, to: 15)
        s.drive(60)
        s.outage(60, turnRate: turn / 60)
        s.drive(60, turnRate: 0)
        s.accelerate(6, to: 0)
        let park = s.stand(400)
        // 45 m + 900 m + 900 m (arc) + 900 m + 45 m, whatever the turn.
        #expect(abs(park.startDistance - go.startDistance - 2_790) < 1e-6)
        return (s, 2_790)
    }

    /// Noise-free Doppler: outside the outage the trapezoid of exact speeds is exact, so the whole
    /// error is the bridge's, which must meet its documented 0.1 % of the 915 m bridged.
    @Test(arguments: [30.0, 60, 90])
    func dopplerBridgeMatchesTheArc(turn: Double) {
        let (s, truth) = Self.curvedTunnel(turn: turn, options: .init(doppler: true, noise: .none))
        let run = runEngine(s.fixes)
        #expect(run.trips.count == 1)
        if let trip = run.trips.first {
            #expect(abs(trip.distance - truth) <= 0.001 * 915, "\(trip.distance - truth) m at \(turn)°")
        }
    }

    /// Noise-free positions only: the same drive with a straight tunnel comes out at +4.7 m (the
    /// filter's lag at departure and stop), so 0.5 % (14 m) leaves room for that and for the bridge's
    /// documented 0.1 %. Measured: −1.8 m at 30°, −22.3 m at 60°, −58.9 m (−2.1 %) at 90°. With the
    /// usual noise the 90° case lands at −0.9 … −2.1 % (measured over 45 seeds), so the general 2 %
    /// is missed too, now and then.
    @Test(arguments: [30.0, 60, 90])
    func positionOnlyBridgeMatchesTheArc(turn: Double) {
        let (s, truth) = Self.curvedTunnel(
            turn: turn, options: .init(doppler: false, eph: nil, hdop: 0.9, noise: .none))
        let run = runEngine(s.fixes)
        #expect(run.trips.count == 1)
        if let trip = run.trips.first {
            #expect(relativeError(trip.distance, truth) < 0.005, "\(trip.distance - truth) m at \(turn)°")
        }
    }
}
