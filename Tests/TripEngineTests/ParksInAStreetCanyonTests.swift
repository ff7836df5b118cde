import Foundation
import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// Issue 26, round 21: positions only, a trip that ends parked in a street canyon. There the positions wander by tens
/// of metres over a minute or two, with multipath jumps, so the stop's confirmation (positions held within the stop
/// radius) comes minutes late, or comes and goes: the wander carries the positions past the departure's radius and
/// back, and each such "departure" started the stop anew. faultsim's canyonpark and errands drives in GPX ended their
/// trips 60–260 s late, with the wander counted as way, and a parking of 333 s (faultsim errands-1hz-23944562) was
/// not seen at all. Now a stop confirmed after positions that had gathered round it for half a minute and more begins
/// with them (`wanderedBefore`), and a stop found right after leaving one, within two of its scatter radii, is the same
/// stop (`resumeStopAfterJump`).
@Suite("Positions only: a trip that ends parked in a street canyon ends on arrival")
struct ParksInAStreetCanyonTests {
    /// 3 km under open sky (10 s to 12 m/s, 240 s at 12 m/s, 10 s to a stand: 3,000 m), parked 15 min in a street
    /// canyon, then 3,960 m under open sky (10 s to 12 m/s, 320 s, 10 s to a stand) and parked; 16 noise draws (two
    /// canyons, 1 and 0.2 Hz, four seeds). Every draw: two trips, the first ending no more than a minute early and
    /// two late (the confirmation of a stop in the wander still comes up to 100 s late on 5 of them, as before this
    /// round), the second within 3 % (the receiver's error at the moment of departure, up to 85 m, shortens or
    /// lengthens its first stretch: see `TripScenarioTests.departureFromAStreetCanyon`) and starting within a minute
    /// of the departure. The first trip within 2 % on at least 14 of the 16: before this round, 9 of 16 were (the
    /// wander counted as way); after, 14. Over `PROBE_SEED` 1–3 after: 15, 14 and 16 of 16; one draw of
    /// `PROBE_SEED=2` still ends 140 s late. (The engine before this round also met 14 on `PROBE_SEED=1`: the
    /// wander's way is luck of the draw.)
    @Test
    func endsOnArrival() {
        var within = 0
        var draws = 0
        for (rate, canyon) in [
            (1.0, TripScenarioTests.CanyonNoise.wideWander), (1.0, .spiky), (0.2, .wideWander), (0.2, .spiky),
        ] {
            for seed in 0..<4 {
                let (first, second) = parkInTheCanyon(rate: rate, canyon: canyon, seed: seed)
                draws += 1
                if first { within += 1 }
                #expect(second, "\(canyon) at \(rate) Hz, seed \(seed)")
            }
        }
        #expect(within >= 14, "\(within) of \(draws) within 2 %")
    }

    /// One draw: whether the first trip's way was within 2 %, and whether everything else held.
    private func parkInTheCanyon(rate: Double, canyon: TripScenarioTests.CanyonNoise, seed: Int) -> (Bool, Bool) {
        var options = Source.positionOnly.options(seed: seed)
        options.rate = rate
        options.seed &+= UInt64(canyon.rawValue.count) &* 104_729
        var s = ScenarioBuilder(options: options)
        let openSky = s.noise
        s.stand(120)
        let go = s.accelerate(10, to: 12)
        s.drive(240)
        s.accelerate(10, to: 0)
        s.noise = canyon.noise
        let parked = s.stand(900)
        s.noise = openSky
        let leave = s.accelerate(10, to: 12)
        s.drive(320)
        s.accelerate(10, to: 0)
        let end = s.stand(600)
        let first = parked.startDistance - go.startDistance
        let second = end.startDistance - leave.startDistance
        guard abs(first - 3_000) < 1e-6, abs(second - 3_960) < 1e-6 else { return (false, false) }

        let run = runEngine(s.fixes)
        guard run.trips.count == 2 else { return (false, false) }
        let (a, b) = (run.trips[0], run.trips[1])
        let ended = a.end.secondsSince1970 - parked.start
        let started = b.start.secondsSince1970 - leave.start
        let rest = ended >= -60 && ended <= 120 && relativeError(b.distance, second) < 0.03 && abs(started) <= 60
        return (relativeError(a.distance, first) < Source.positionOnly.distanceTolerance, rest)
    }
}
