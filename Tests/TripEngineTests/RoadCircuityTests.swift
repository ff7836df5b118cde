import Foundation
import Geodesy
import Testing

@testable import TripEngine

/// Issue 26: the ratio of way to line that the engine measures on a trip's own path (`RoadCircuity`), which makes the
/// line into a garage as long as the trip's streets. Paths built on a local plane near 48° N; expected ratios by
/// hand.
@Suite("Road circuity")
struct RoadCircuityTests {
    /// A point `east`, `north` metres from the origin.
    private func at(_ east: Double, _ north: Double) -> (latitude: Double, longitude: Double) {
        let p = Geodesic.wgs84.direct(
            latitude: 48, longitude: 11, azimuth: atan2(east, north) * 180 / .pi,
            distance: (east * east + north * north).squareRoot())
        return (p.latitude, p.longitude)
    }

    @Test func aStraightRoadIsAsLongAsItsLine() {
        var c = RoadCircuity()
        for i in 0...80 {
            let p = at(0, Double(i) * 10)
            c.note(latitude: p.latitude, longitude: p.longitude, odometer: Double(i) * 10)
        }
        let ratio = c.ratio(over: 200)
        #expect(ratio.map { abs($0 - 1) < 1e-3 } == true, "\(String(describing: ratio))")
    }

    /// A staircase of blocks, 100 m east and 100 m north by turns: a stretch of 200 m that starts x metres into a leg
    /// goes 100 − x along it, 100 across and x along again, so its line is √2 × 100 m wherever it starts, and the
    /// ratio √2. (The marks fall every 30 m here, so the stretches are 210 m: 210 / √(110² + 100²) = 1.412.)
    @Test func aStaircaseOfBlocksIsRootTwoLongerOverTwoLegs() {
        var c = RoadCircuity()
        var (east, north, odometer) = (0.0, 0.0, 0.0)
        for leg in 0..<16 {
            for _ in 0..<10 {
                if leg % 2 == 0 { east += 10 } else { north += 10 }
                odometer += 10
                let p = at(east, north)
                c.note(latitude: p.latitude, longitude: p.longitude, odometer: odometer)
            }
        }
        let ratio = c.ratio(over: 200)
        #expect(ratio.map { abs($0 - 2.0.squareRoot()) < 0.01 } == true, "\(String(describing: ratio))")
    }

    /// Marks closer than the spacing are one, and too short a path says nothing.
    @Test func aShortPathSaysNothing() {
        var c = RoadCircuity()
        for i in 0...100 {
            let p = at(0, Double(i))
            c.note(latitude: p.latitude, longitude: p.longitude, odometer: Double(i))
        }
        // 100 m at a mark every 25 m: five marks, fewer stretches of 50 m than it takes.
        #expect(c.marks.count == 5)
        #expect(c.ratio(over: 50) == nil)
    }

    /// Out and back along one street: every stretch across the U-turn counts as `largestRatio`, and a U-turn in a path
    /// of mostly straight road does not move the median.
    @Test func aUTurnIsCappedAndOutvoted() {
        var c = RoadCircuity()
        var odometer = 0.0
        for i in 0...100 {
            let p = at(0, Double(i) * 10)
            c.note(latitude: p.latitude, longitude: p.longitude, odometer: odometer)
            odometer += 10
        }
        for i in 1...20 {
            let p = at(0, 1_000 - Double(i) * 10)
            c.note(latitude: p.latitude, longitude: p.longitude, odometer: odometer)
            odometer += 10
        }
        let ratio = c.ratio(over: 100)
        #expect(ratio.map { abs($0 - 1) < 1e-3 } == true, "\(String(describing: ratio))")
    }
}
