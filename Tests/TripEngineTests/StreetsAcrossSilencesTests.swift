import Foundation
import LogbookTestSupport
import Testing
import TripEngine

/// Issue 26, round 19: positions only, silences in a town. A GPX track falls silent under bridges, signs and trees
/// while the car drives round corners; with no speeds, the line across a silence bent by the courses at its ends is
/// the road where it bent once (an arc), but streets turn at corners, not in arcs. The faultsim stop-and-go drives of
/// every split came out 2–6 % short in GPX, their silences' lines 17–28 % shorter than the ways driven. The streets
/// the trip drove itself tell how much longer than its line a way of that length is (`RoadCircuity`). Expected
/// figures come from the scenario's construction (speeds × times, by hand in the comments).
@Suite("Positions only: the streets across silences in a town")
struct StreetsAcrossSilencesTests {
    /// A grid of blocks: 96 m of street at 8 m/s (12 s), then a corner of 90° over 3 s (24 m), left and right in turn
    /// (a staircase), 30 blocks. Six times the track falls silent for 20 s, 4 s into a block's street: 64 m of it, the
    /// corner, and 72 m of the next, 160 m, whose line is about 118 m (legs of 64 + 15.3 and 72 + 15.3 m at a right
    /// angle, the corner's arc of radius 15.3 m cut short). Bent to the courses at both ends, the arc of 90° on that
    /// line is 131 m: 29 m short each time, 174 m of the 3.6 km (4.8 %).
    @Test(arguments: seeds)
    func aWayThroughACornerInASilenceIsAsLongAsTheStreets(seed: Int) {
        var s = ScenarioBuilder(options: Source.positionOnly.options(seed: seed))
        s.stand(60)
        let go = s.accelerate(10, to: 8)
        var silences: [ScenarioBuilder.Segment] = []
        var block = 0
        while block < 30 {
            let turn = block % 2 == 0 ? 30.0 : -30.0
            if block >= 12, block % 3 == 0 {
                // This block's street and corner and the next block's street, silent from 4 s to 3 s before the end.
                s.drive(4)
                silences.append(s.drive(8, reception: .silent))
                s.drive(3, turnRate: turn, reception: .silent)
                s.drive(9, reception: .silent)
                s.drive(3)
                s.drive(3, turnRate: -turn)
                block += 2
            } else {
                s.drive(12)
                s.drive(3, turnRate: turn)
                block += 1
            }
        }
        s.accelerate(10, to: 0)
        let park = s.stand(400)
        #expect(silences.count == 6)
        // 40 m + 30 × 120 m + 40 m.
        let truth = 40.0 + 30 * 120 + 40
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)
        // Each silence's line: the legs along and across the street it left, at a right angle.
        let radius = 24 / (Double.pi / 2)
        let line = ((64 + radius) * (64 + radius) + (72 + radius) * (72 + radius)).squareRoot()
        #expect(abs(line - 118) < 1, "line \(line) m")
        let arc = line * (Double.pi / 4) / sin(Double.pi / 4)
        #expect(6 * (160 - arc) / truth > 0.04, "arc \(arc) m")

        expectOneTrip(s.fixes, truth: truth, within: Source.positionOnly.distanceTolerance)
    }
}
