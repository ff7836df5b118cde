import Testing

@testable import TripEngine

/// Issue 26: a position-only receiver's stop radius after a long gap. The engine took the first position
/// after the box had been off for hours as hours of the stop's scatter: one position 100 m away made the
/// stop radius about 830 m, and a vehicle that had left during the cold start was not seen to depart at
/// all (whole trips were missed on drives from the shared simulator).
@Suite("Stop scatter")
struct StopScatterTests {
    @Test func onePositionAfterALongGapIsOneSample() {
        var scatter = StopScatter(time: 0, prior: 10)
        scatter.add(100, at: 7_200)
        // At most 15 s of observation against the prior's 60 s of 10 m RMS, by hand:
        // 2.5 × √((10² × 60 + 100² × 15) / 75) = 2.5 × √2080 ≈ 114 m.
        #expect(abs(scatter.radius - 2.5 * (2_080.0).squareRoot()) < 1e-9, "\(scatter.radius) m")
    }

    @Test func regularPositionsStillBuildTheScatter() {
        // A position a second for 10 minutes, each 8 m from the centre: the RMS becomes 8 m, the radius
        // 2.5 × √((10² × 60 + 8² × 600) / 660) ≈ 20.5 m, by hand.
        var scatter = StopScatter(time: 0, prior: 10)
        for t in 1...600 { scatter.add(8, at: Double(t)) }
        let expected = 2.5 * ((100.0 * 60 + 64 * 600) / 660).squareRoot()
        #expect(abs(scatter.radius - expected) < 1e-9, "\(scatter.radius) m vs \(expected) m")
    }
}
