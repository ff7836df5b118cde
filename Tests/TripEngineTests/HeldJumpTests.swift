import Foundation
import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// Issue 26, round 4: a receiver that holds a multipath jump (a street canyon: for a minute it reports a position
/// 250 m off, steady, the way a receiver that pins its position while standing does). Its fixes are refused as
/// jumps until the last good one is `dopplerMaximumInterval` old; their Doppler speeds are right all along. Expected
/// figures come from the scenario's construction (speeds × times, by hand in the comments).
@Suite("Multipath jumps a receiver holds")
struct HeldJumpTests {
    /// Braking to a light in a street canyon, the position jumps 250 m north and stays there while the car stands
    /// 60 s; as it drives off the position comes back. Each way (to the light, and from it to the parking place) is
    /// 36 m + 1200 m + 36 m. The engine before measured the braking by the speeds at its two ends 14 s apart (85 m
    /// for 36 m) and the drive-off from the last fix seen standing (128 m for 168 m): 1320 m to the light, 1233 m
    /// from it, at 1 Hz.
    @Test(arguments: seeds, [1.0, 5.0])
    func heldJumpIsMeasuredByTheSpeeds(seed: Int, rate: Double) {
        var options = Source.doppler.options(seed: seed)
        options.rate = rate
        var s = ScenarioBuilder(options: options)
        s.stand(60)
        let go = s.accelerate(6, to: 12)
        s.drive(100)
        let braking = s.accelerate(6, to: 0)
        let light = s.stand(60)
        s.accelerate(6, to: 12)
        s.drive(100)
        s.accelerate(6, to: 0)
        let park = s.stand(400)
        // 36 m + 1200 m + 36 m, standing, 36 m + 1200 m + 36 m.
        let leg = 36.0 + 1_200 + 36
        #expect(abs(light.startDistance - go.startDistance - leg) < 1e-6)
        #expect(abs(park.startDistance - light.endDistance - leg) < 1e-6)
        // From the braking to the end of the stop, every position 250 m north of the truth.
        for i in braking.fixes.lowerBound..<light.fixes.upperBound {
            s.fixes[i].latitude! += 250 / 111_320
        }

        var engine = TripEngine()
        var trips: [Trip] = []
        var atLight: Double?
        for (i, fix) in s.fixes.enumerated() {
            if i == light.fixes.upperBound { atLight = engine.tripInProgress?.distance }
            for case .tripEnded(let trip) in engine.ingest(fix) { trips.append(trip) }
        }
        for case .tripEnded(let trip) in engine.finish() { trips.append(trip) }
        #expect(trips.count == 1, "a stop of 60 s stays inside the trip")
        guard let trip = trips.first, let atLight else { return }
        #expect(relativeError(atLight, leg) < 0.01, "to the light: \(atLight) m vs \(leg) m")
        #expect(relativeError(trip.distance - atLight, leg) < 0.01, "from the light: \(trip.distance - atLight) m")
        #expect(abs(trip.start.secondsSince1970 - go.start) <= 5)
        #expect(abs(trip.end.secondsSince1970 - park.start) <= 5)
    }
}
