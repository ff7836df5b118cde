import Foundation
import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// Issue 26, round 17: positions only at 0.2 Hz with noisy fixes (a GPX log in town, HDOP 2, positions off by metres
/// fix to fix). The filter's courses come from those positions, so they turn by the noise; bending every 30 m step by
/// them (as the arc that leaves and reaches its ends along their courses) added length on a straight road, as the
/// line between noisy positions already does. Steps are bent only where the line is well above the noise.
@Suite("Positions only: steps within the noise are not bent by the filter's courses")
struct NoisyCourseTests {
    /// A straight street at 6 m/s for 15 min (5.4 km), a fix every 5 s, twelve noise realisations. Truth from the
    /// scenario's construction. The issue's target for positions only is 2 %; the engine before made it 2.18 % on
    /// average over these seeds (7 of 12 beyond 2 %), 1.71 % since (2 of 12).
    @Test func aNoisyStraightStreetAtOneFixInFiveSeconds() {
        var errors: [Double] = []
        for seed in 0..<12 {
            let options = ScenarioBuilder.Options(
                rate: 0.2, doppler: false, eph: nil, hdop: 2,
                noise: .init(white: 4, drift: 6, driftTime: 60, driftBound: 15), seed: UInt64(100 + seed))
            var s = ScenarioBuilder(options: options)
            s.stand(60)
            // 5 s to 6 m/s (15 m), 900 s at 6 m/s (5400 m), 5 s to 0 (15 m).
            let go = s.accelerate(5, to: 6)
            s.drive(900)
            s.accelerate(5, to: 0)
            let park = s.stand(400)
            let truth = 15.0 + 5_400 + 15
            #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)
            let run = runEngine(s.fixes)
            #expect(run.trips.count == 1, "seed \(seed)")
            let total = run.trips.reduce(0) { $0 + $1.distance }
            errors.append((total - truth) / truth)
        }
        let mean = errors.reduce(0, +) / Double(errors.count)
        let median = errors.sorted()[errors.count / 2]
        #expect(mean < 0.02 && median < 0.02, "errors \(errors.map { String(format: "%.2f %%", 100 * $0) })")
        // The line between noisy positions is longer than the road, never shorter by much: the steps are measured.
        #expect(errors.allSatisfy { $0 > -0.01 }, "errors \(errors)")
    }
}
