import Foundation
import Geodesy
import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// Issue 26, round 4: positions only, an outage through a bend (the road across it turns from the course held on
/// entering to the course held on leaving; a position source shows the latter only once the fixes after the outage
/// have moved on), and one into a garage. Expected figures come from the scenarios' construction (speeds × times, by
/// hand in the comments).
@Suite("Positions only: outages through bends and into garages")
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

    /// Positions only, the fix lost on the way into a garage (a GPX log shows it as a silence, as it shows the box
    /// switched off there): 30 s at 8 m/s and 4 s braking without a fix (256 m, straight on), 20 minutes off, and at
    /// power-on fixes at once where the car stands. It cannot have driven the 256 m in the 2 s from power-on to the
    /// first fix the engine takes (the first two are a cold start's), so it drove them before: the first trip ends
    /// there (estimated), not at the last fix, and the way is not lost. (The engine before ended it at the last fix
    /// and, the way being too long to start the next trip with, dropped it: the first trip 20 % short.)
    @Test(arguments: seeds)
    func arrivalBeforeTheBoxWentOffIsCounted(seed: Int) {
        var s = ScenarioBuilder(options: Source.positionOnly.options(seed: seed))
        s.stand(60)
        let go = s.accelerate(8, to: 8)
        s.drive(120)
        s.drive(30, reception: .silent)
        let arrival = s.accelerate(4, to: 0, reception: .silent)
        s.powerOff(1_200)
        let standing = s.stand(60)
        s.accelerate(8, to: 8)
        s.drive(120)
        s.accelerate(4, to: 0)
        let park = s.stand(400)
        // 32 m + 960 m + 240 m + 16 m; then 32 m + 960 m + 16 m.
        let first = 32.0 + 960 + 240 + 16
        let second = 32.0 + 960 + 16
        #expect(abs(arrival.endDistance - go.startDistance - first) < 1e-6)
        #expect(abs(park.startDistance - standing.endDistance - second) < 1e-6)

        let run = runEngine(s.fixes)
        #expect(run.trips.count == 2)
        guard run.trips.count == 2 else { return }
        let (a, b) = (run.trips[0], run.trips[1])
        #expect(relativeError(a.distance, first) < 0.02, "first trip \(a.distance) m vs \(first) m")
        #expect(
            abs(a.end.secondsSince1970 - arrival.end) <= 60,
            "first trip ends \(a.end.secondsSince1970 - arrival.end) s off")
        #expect(a.estimated.contains(.end))
        #expect(relativeError(b.distance, second) < 0.02, "second trip \(b.distance) m vs \(second) m")
        #expect(abs(b.start.secondsSince1970 - standing.end) <= 60)
        #expect(abs(b.end.secondsSince1970 - park.start) <= 60)
    }

    /// Positions only: the box comes on as the car leaves a parking place; for 40 s the receiver gives a cold start's
    /// positions (refused), then a few good ones, and the car enters a tunnel of 140 s (a silence in a GPX log, as long
    /// as a power cycle); after 50 s of fixes another tunnel of 130 s, then 2 minutes of fixes to the next parking
    /// place. The fixes before each tunnel are a departure not yet confirmed; after it the positions are still far
    /// away: they did not come back, so they were no scatter of the parking place. (The engine before took them for
    /// its scatter, which then covered everything after.)
    @Test(arguments: seeds)
    func departureCutByTunnelsIsNotTheStopsScatter(seed: Int) {
        var s = ScenarioBuilder(options: Source.positionOnly.options(seed: seed))
        s.stand(60)
        s.accelerate(8, to: 10)
        s.drive(60)
        s.accelerate(5, to: 0)
        s.stand(60)
        s.powerOff(3_600)
        let out = s.accelerate(6, to: 15)
        let away = s.drive(40)
        s.coldStart(from: out.fixes.lowerBound, count: out.fixes.count + away.fixes.count - 4, eph: 30, metres: 300)
        s.drive(140, reception: .silent)
        s.drive(50)
        s.drive(130, reception: .silent)
        let after = s.drive(120)
        s.accelerate(6, to: 0)
        let park = s.stand(400)
        // After the second tunnel: 1800 m + 45 m.
        let afterTunnels = 1_800.0 + 45
        #expect(abs(park.startDistance - after.startDistance - afterTunnels) < 1e-6)

        let run = runEngine(s.fixes)
        #expect(run.trips.count == 2, "\(run.trips.map(\.distance))")
        guard run.trips.count == 2 else { return }
        let second = run.trips[1]
        #expect(second.distance >= 0.98 * afterTunnels, "\(second.distance) m")
        #expect(abs(second.end.secondsSince1970 - park.start) <= 60)
    }
}
