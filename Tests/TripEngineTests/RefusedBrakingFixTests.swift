import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// Issue 26, round 14: a box logging at 0.2 Hz whose last fix before it was switched off showed the car braking hard
/// (24 → 17 → 4 m/s), but was refused for its position — it lay well behind where the filter, going on at 17 m/s,
/// expected it. The braking went unseen: the fixes used slowed by only 1.3 m/s², and the first fix after the power-on,
/// kilometres on at the next trip's start (the fix lost again after the cold start), was taken for where the car
/// went (drivesim mixed-0.2hz-16073248: +3,007 m, the end 347 s late). A fix refused for its position still reports
/// its speed. Expected figures come from the scenario's construction (speeds × times, by hand in the comments).
@Suite("A braking fix refused for its position")
struct RefusedBrakingFixTests {
    @Test(arguments: seeds)
    func itsSpeedStillSaysTheCarStopped(seed: Int) {
        var options = Source.doppler.options(seed: seed)
        options.rate = 0.2
        var s = ScenarioBuilder(options: options)
        s.stand(60)
        s.drive(0, heading: 30)
        // 10 s to 24 m/s (120 m), 200 s at 24 m/s (4,800 m), 5 s to 17 m/s (102.5 m), 5 s to 4 m/s (52.5 m).
        let go = s.accelerate(10, to: 24)
        s.drive(200)
        s.accelerate(5, to: 17)
        let braking = s.accelerate(5, to: 4)
        // The last fix, at 4 m/s, is off by 60 m back along the road (multipath): refused for its position.
        s.spike(at: braking.fixes.upperBound - 1, metres: 60, bearing: 210)
        // 5 s to a stop (10 m), unseen: 5,085 m in all. The box goes off for two hours.
        s.accelerate(5, to: 0, reception: .silent)
        let parked = s.powerOff(7_200)
        // At power-on the fix is lost again at once: 10 s to 20 m/s (100 m) and 120 s at 20 m/s (2,400 m) without
        // one (an underpass), then 60 s at 20 m/s (1,200 m) and 10 s to a stop (100 m): 3,800 m.
        let go2 = s.accelerate(10, to: 20, reception: .noFix)
        s.drive(120, reception: .noFix)
        s.drive(60)
        s.accelerate(10, to: 0)
        let end = s.stand(900)
        let first = 120.0 + 4_800 + 102.5 + 52.5 + 10
        let second = 100.0 + 2_400 + 1_200 + 100
        #expect(abs(parked.startDistance - go.startDistance - first) < 1e-6)
        #expect(abs(end.startDistance - go2.startDistance - second) < 1e-6)

        let run = runEngine(s.fixes)
        #expect(run.rejected(.outlier) + run.rejected(.implausibleJump) >= 1)
        #expect(run.trips.count == 2, "trips \(run.trips.count)")
        guard run.trips.count == 2 else { return }
        let (a, b) = (run.trips[0], run.trips[1])
        // Before: the first trip ran on to the first fix after the power-on, 2.5 km on, and ended minutes late.
        #expect(relativeError(a.distance, first) < 0.01, "\(a.distance) m vs \(first) m")
        let ended = a.end.secondsSince1970 - parked.start
        #expect(abs(ended) <= 15, "ended \(ended) s off")
        // The second trip starts at the power-on; the way across the outage after it is its own.
        let started = b.start.secondsSince1970 - go2.start
        #expect(abs(started) <= 15, "started \(started) s off")
        #expect(relativeError(b.distance, second) < 0.02, "\(b.distance) m vs \(second) m")
    }
}
