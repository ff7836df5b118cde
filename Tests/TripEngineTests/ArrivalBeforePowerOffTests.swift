import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// Issue 26, round 28: positions only (GPX), a car waits at a light, loses its fix on the way on into a garage, and the
/// box goes off there. A GPX track logs nothing without a fix, so all that is seen is the stand at the light, a
/// silence, and the power-on's fixes standing hundreds of metres on. Before, the engine took the car for parked at the
/// light (a receiver powered on again may have driven off before its first good fix): the trip ended there, over a
/// minute early and the way short, and the next trip began with that way. No car starting from a stand at the power-on
/// covers it by the first good fix, so it was driven before the box went off (faultsim garage-1hz-32008296 and 20
/// other garage drives of the looked-at splits). Expected figures come from the scenario's construction.
@Suite("Positions only: an arrival the power-on's first fix shows")
struct ArrivalBeforePowerOffTests {
    @Test(arguments: [8.0, 12.0], seeds)
    func aWaitAtALightThenTheWayIntoAGarageUnseen(speed: Double, seed: Int) {
        let garage = GarageAfterALight(seed: seed, unseenSpeed: speed)
        let run = runEngine(garage.fixes)
        #expect(run.trips.count == 2, "trips \(run.trips.count)")
        guard run.trips.count == 2 else { return }
        let (a, b) = (run.trips[0], run.trips[1])
        // Without the rule: the first trip ends when the car stopped at the light, over a minute early and the
        // way from the light (about 440 m, 12 %) short,
        // and the second is as much long.
        #expect(relativeError(a.distance, garage.first) < 0.02, "\(a.distance) m vs \(garage.first) m")
        let ended = a.end.secondsSince1970 - garage.parked
        #expect(abs(ended) <= 30, "ended \(ended) s off")
        #expect(a.estimated == [.end])
        let started = b.start.secondsSince1970 - garage.leaves
        #expect(abs(started) <= 10, "started \(started) s off")
        #expect(relativeError(b.distance, garage.second) < 0.02, "\(b.distance) m vs \(garage.second) m")
    }

    /// The other way round: the car parked at the light's place (the box off there), and at power-on drove off during
    /// the receiver's cold start; the first good fix lies 120 m on, 14 s after the power-on (8 s to 12 m/s, then at it). That
    /// way is the next trip's: the first trip ends where the car parked, as before.
    @Test(arguments: seeds)
    func aDepartureDuringTheColdStartStaysTheNextTrips(seed: Int) {
        var s = ScenarioBuilder(options: Source.positionOnly.options(seed: seed))
        s.stand(60)
        let go = s.accelerate(8, to: 12)  // 48 m
        s.drive(250)  // 3,000 m
        s.accelerate(8, to: 0)  // 48 m
        let parked = s.stand(50)
        s.powerOff(1_200)
        // Power-on while driving off: 8 s to 12 m/s (48 m), the first 12 fixes cold-start garbage.
        let go2 = s.accelerate(8, to: 12)
        s.drive(80)  // 960 m
        s.coldStart(from: go2.fixes.lowerBound, count: 12, eph: 30, metres: 300)
        s.accelerate(8, to: 0)  // 48 m
        let end = s.stand(600)
        let first = parked.startDistance - go.startDistance
        let second = end.startDistance - go2.startDistance
        #expect(abs(first - 3_096) < 1e-6 && abs(second - 1_056) < 1e-6)

        let run = runEngine(s.fixes)
        #expect(run.trips.count == 2, "trips \(run.trips.count)")
        guard run.trips.count == 2 else { return }
        let (a, b) = (run.trips[0], run.trips[1])
        #expect(relativeError(a.distance, first) < 0.02, "\(a.distance) m vs \(first) m")
        let ended = a.end.secondsSince1970 - parked.start
        #expect(abs(ended) <= 10, "ended \(ended) s off")
        #expect(!a.estimated.contains(.end))
        #expect(relativeError(b.distance, second) < 0.02, "\(b.distance) m vs \(second) m")
        let started = b.start.secondsSince1970 - go2.start
        #expect(abs(started) <= 15, "started \(started) s off")
    }
}

/// The drive of `ArrivalBeforePowerOffTests`: 3 km, a wait of 50 s at a light, then about 440 m without a fix (a GPX logs
/// nothing) into a garage at `unseenSpeed`, the box off for 20 minutes; at power-on 30 s standing, the first 12 s of
/// them cold-start garbage, then 1 km and a parking.
private struct GarageAfterALight {
    var fixes: [Fix]
    /// The two trips' lengths (metres), when the first ended and when the second began.
    var first: Double
    var second: Double
    var parked: Double
    var leaves: Double
    /// The way from the light to the parking place, metres.
    var unseen: Double

    init(seed: Int, unseenSpeed v: Double) {
        var s = ScenarioBuilder(options: Source.positionOnly.options(seed: seed))
        s.stand(60)
        let go = s.accelerate(8, to: 12)  // 48 m
        s.drive(250)  // 3,000 m
        s.accelerate(8, to: 0)  // 48 m
        s.stand(50)
        // Unseen: away from the light to `v` in 6 s (3 v metres), on at it for whole seconds, braking to the stand in
        // 6 s (3 v metres): about 440 m.
        let cruise = ((440 - 6 * v) / v).rounded()
        let lost = s.accelerate(6, to: v, reception: .silent)
        s.drive(cruise, reception: .silent)
        s.accelerate(6, to: 0, reception: .silent)
        let off = s.powerOff(1_200)
        let on = s.stand(30)
        s.coldStart(from: on.fixes.lowerBound, count: 12, eph: 30, metres: 300)
        let go2 = s.accelerate(8, to: 12)  // 48 m
        s.drive(80)  // 960 m
        s.accelerate(8, to: 0)  // 48 m
        let end = s.stand(600)
        fixes = s.fixes
        first = off.startDistance - go.startDistance
        second = end.startDistance - go2.startDistance
        parked = off.start
        leaves = go2.start
        unseen = 6 * v + cruise * v
        precondition(abs(off.startDistance - lost.startDistance - unseen) < 1e-6)
        precondition(abs(first - 3_096 - unseen) < 1e-6 && abs(second - 1_056) < 1e-6)
    }
}
