import Foundation
import LogbookTestSupport
import Testing
import TripEngine

/// Issue 26, round 20: positions only, waits at lights in a street canyon. Between tall buildings a receiver's fixes
/// scatter by 7–10 m (its sigma from HDOP 2–3), and at 0.2 Hz a wait of half a minute at a light is half a dozen
/// fixes that the stop's confirmation may not take for a stop. The way is measured in steps that rise above the
/// fixes' wander (`positionStepNoiseFactor` times their sigma), and with that step held to 20 m (four times
/// `positionStepSpacing`), the wander of such fixes around a car that stands crossed it every few fixes: drivesim's
/// canyon drives came out 1.2 % long at the median in GPX at 0.2 Hz, 10 of 34 by more than 2 %. Held to 30 m: the
/// three seeds here were +5.1 to +5.5 % before, within 2 % after; over `PROBE_SEED` 1–7 (21 more noise draws) all
/// 21 were 2.6–8.4 % long before, and 18 are within 2 % after (the rest +2.2 to +2.5 %). Round 21 (a stop dated
/// back over the wander before it, `wanderedBefore`): 18 of those 21 within 2 %, the rest −2.1 to −3.3 % (a light's
/// approach taken for wander).
@Suite("Positions only: waits at lights in a street canyon add no way")
struct StandsInAStreetCanyonTests {
    /// 24 blocks of 200 m, each followed by a wait of 40 s at a light and a corner; fixes every 5 s, noise of 5 m per
    /// axis (white) and a drift of 4 m, HDOP 3 (a sigma of 9 m). Each block: 50 m accelerating to 10 m/s over 10 s, 100 m at 10 m/s,
    /// 50 m braking over 10 s.
    @Test(arguments: seeds)
    func waitsAtLightsInACanyonAddNoWay(seed: Int) {
        var options = Source.positionOnly.options(seed: seed)
        options.rate = 0.2
        options.hdop = 3
        options.noise = .init(white: 5, drift: 4, driftTime: 60, driftBound: 12)
        var s = ScenarioBuilder(options: options)
        s.stand(120)
        let go = s.accelerate(10, to: 10)
        for block in 0..<24 {
            if block > 0 { s.accelerate(10, to: 10) }
            s.drive(10)
            s.accelerate(10, to: 0)
            // A corner at the light: the next block leaves at a right angle.
            s.stand(40)
            s.drive(0, heading: Double(block % 4) * 90)
        }
        let park = s.stand(600)
        let truth = 24 * 200.0
        #expect(abs(park.startDistance - go.startDistance - truth) < 5, "\(park.startDistance - go.startDistance) m")

        expectOneTrip(s.fixes, truth: truth, within: Source.positionOnly.distanceTolerance)
    }
}
