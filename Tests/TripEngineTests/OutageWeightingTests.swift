import Foundation
import LogbookTestSupport
import Testing

@testable import TripEngine

/// How `OutageBridge.estimate` weighs a receiver's speeds at an outage's ends against the bent chord
/// (`SpeedsWeighting.receiver`), checked on outages it was not calibrated on: every outage with Doppler speed and course
/// at both ends in the drives of the fresh17 and fresh18 splits (drivesim and faultsim, 0.2, 1 and 5 Hz), with the way
/// the simulated car really drove across it (`Benchmarks/scripts/outage_sample.py`; the weighting was fitted on
/// fresh14–16).
@Suite("Outage weighting")
struct OutageWeightingTests {
    struct Outage: Decodable {
        var chord: Double
        var angle1: Double
        var angle2: Double
        var duration: Double
        var speed1: Double
        var speed2: Double
        var truth: Double
    }

    static func outages() throws -> [Outage] {
        let text = String(decoding: try Fixtures.data("outages/fresh17-18.jsonl"), as: UTF8.self)
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Outage.self, from: Data($0.utf8)) }
    }

    static func errors(_ outages: [Outage], _ weighting: OutageBridge.SpeedsWeighting) -> (
        signed: Double, sizes: Double
    ) {
        var signed = 0.0
        var sizes = 0.0
        for o in outages {
            let way = OutageBridge.estimate(
                chord: o.chord, angle1: o.angle1, angle2: o.angle2, duration: o.duration, speed1: o.speed1,
                speed2: o.speed2, weighting: weighting, configuration: EngineConfiguration())
            signed += way - o.truth
            sizes += abs(way - o.truth)
        }
        return (signed, sizes)
    }

    @Test func theReceiverWeightingFitsOutagesItWasNotFittedTo() throws {
        let outages = try Self.outages()
        #expect(outages.count >= 300)
        let total = outages.reduce(0) { $0 + $1.truth }
        let receiver = Self.errors(outages, .receiver)
        let before = Self.errors(outages, .phone)  // the blend receivers had before, 0.55 to 0.8
        print(
            "\(outages.count) outages, \(Int(total)) m: receiver weighting signed \(Int(receiver.signed)) m, "
                + "sizes \(Int(receiver.sizes)) m; 0.55-0.8: signed \(Int(before.signed)) m, sizes \(Int(before.sizes)) m"
        )
        // Neither long nor short on the whole, and nearer the truth outage by outage than the blend it replaced.
        #expect(abs(receiver.signed) < 0.02 * total)
        #expect(receiver.sizes < before.sizes)
    }

    @Test func theWeightRisesFromStoppedToWinding() {
        for weighting in [OutageBridge.SpeedsWeighting.receiver, .phone] {
            #expect(weighting.weight(weighting.stopped) == 0)
            #expect(weighting.weight(weighting.stopped - 0.1) == 0)
            #expect(weighting.weight(weighting.winding) == 1)
            #expect(weighting.weight(weighting.winding + 0.1) == 1)
            let middle = weighting.weight((weighting.stopped + weighting.winding) / 2)
            #expect(abs(middle - 0.5) < 1e-12)
        }
    }
}
