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
        let garage = Self.garageAfterALight(seed: seed, unseenSpeed: speed)
        // Without the rule: the first trip ends when the car stopped at the light, over a minute early and the
        // way from the light (about 440 m, 12 %) short, and the second starts at the power-on with that way.
        let trips = expectParkedAndLeft(
            runEngine(garage.fixes), first: garage.first, parked: garage.parked, second: garage.second,
            left: garage.left, within: 30, startWithin: 10, tolerance: 0.02)
        #expect(trips?.first.estimated == [.end])
    }

    /// The other way round: the car parked at the light's place (the box off there), and at power-on drove off during
    /// the receiver's cold start; the first good fix lies 120 m on, 14 s after the power-on (8 s to 12 m/s, then at
    /// it). That way is the next trip's: the first trip ends where the car parked, as before.
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

        let trips = expectParkedAndLeft(
            runEngine(s.fixes), first: first, parked: parked.start, second: second, left: go2.start, within: 10,
            startWithin: 15, tolerance: 0.02)
        #expect(trips.map { !$0.first.estimated.contains(.end) } == true)
    }

    /// 3 km, a wait of 50 s at a light, then about 440 m without a fix (a GPX logs nothing) into a garage at `v`, the
    /// box off for 20 minutes; at power-on 30 s standing, the first 12 s of them cold-start garbage, then 1 km and a
    /// parking. With the two trips' lengths (metres), when the car parked and when it left again.
    private static func garageAfterALight(
        seed: Int, unseenSpeed v: Double
    ) -> (fixes: [Fix], first: Double, parked: Double, second: Double, left: Double) {
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
        let unseen = 6 * v + cruise * v
        let first = off.startDistance - go.startDistance
        let second = end.startDistance - go2.startDistance
        precondition(abs(off.startDistance - lost.startDistance - unseen) < 1e-6)
        precondition(abs(first - 3_096 - unseen) < 1e-6 && abs(second - 1_056) < 1e-6)
        return (s.fixes, first, off.start, second, go2.start)
    }
}
