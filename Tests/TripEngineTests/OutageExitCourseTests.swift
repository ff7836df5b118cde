import Foundation
import Geodesy
import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// Issue 26, round 4: positions only, an outage through a bend. The road across it turns from the course held on
/// entering to the course held on leaving; a position source shows the latter only once the fixes after the outage
/// have moved on. Expected figures come from the scenario's construction (speeds × times, by hand in the comments).
@Suite("Outages through bends, positions only")
struct OutageExitCourseTests {
    /// Three outages of 29 s at 10 m/s, each through a quarter turn at a steady rate (a circular arc of 290 m,
    /// alternately left and right), with 300 m of straight road around them. The chord of each arc is
    /// 2 · (290 / (π/2)) · sin 45° = 261 m, 10 % short; bent to the entry course only (the engine before) the
    /// bridge is an arc of 45° on that chord, 268 m; bent to both courses, the arc of 90°, 290 m.
    @Test(arguments: seeds)
    func outageThroughABendIsBentToTheCourseOnLeaving(seed: Int) {
        var s = ScenarioBuilder(options: Source.positionOnly.options(seed: seed))
        s.stand(60)
        let go = s.accelerate(10, to: 10)
        s.drive(30)
        for turn in [1.0, -1.0, 1.0] {
            let bend = s.drive(29, turnRate: turn * 90 / 29, reception: .silent)
            #expect(abs(bend.length - 290) < 1e-6)
            s.drive(30)
        }
        s.accelerate(10, to: 0)
        let park = s.stand(400)
        // 50 m + 300 m + 3 × (290 m + 300 m) + 50 m.
        let truth = 50.0 + 300 + 3 * (290 + 300) + 50
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)
        // Each bend bent to the entry course only: 3 × 22 m short, 3 % of the trip.
        let chord = 2 * (290 / (Double.pi / 2)) * sin(Double.pi / 4)
        let entryOnly = chord * (Double.pi / 8) / sin(Double.pi / 8)
        #expect(3 * (290 - entryOnly) / truth > 0.025, "entry-only bridge \(entryOnly) m")

        let run = runEngine(s.fixes)
        #expect(run.trips.count == 1)
        guard let trip = run.trips.first else { return }
        #expect(relativeError(trip.distance, truth) < 0.012, "\(trip.distance) m vs \(truth) m")
    }

    /// The guard: a vehicle that stops right after an outage (the fixes after it stay together) shows no course on
    /// leaving; the bridge stays bent to the entry course and nothing is added later. A straight street, 40 s
    /// without fixes at 10 m/s (400 m), then braking to a stop 10 s later: the bridge is the chord.
    @Test(arguments: seeds)
    func outageEndingAtAStopKeepsTheChord(seed: Int) {
        var s = ScenarioBuilder(options: Source.positionOnly.options(seed: seed))
        s.stand(60)
        let go = s.accelerate(10, to: 10)
        s.drive(60)
        s.drive(40, reception: .silent)
        s.accelerate(10, to: 0)
        let park = s.stand(400)
        // 50 m + 600 m + 400 m + 50 m.
        let truth = 50.0 + 600 + 400 + 50
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)

        let run = runEngine(s.fixes)
        #expect(run.trips.count == 1)
        guard let trip = run.trips.first else { return }
        #expect(relativeError(trip.distance, truth) < 0.02, "\(trip.distance) m vs \(truth) m")
    }
}
