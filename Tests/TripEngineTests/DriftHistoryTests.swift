import Foundation
import Testing

@testable import TripEngine

/// The positions-only drift history (`TripEngine.DriftHistory`, a `SlidingArray`) reads as the plain array it replaced, whatever the
/// order of appends and removals, and is stored in a checkpoint as that array.
@Suite("Drift history")
struct DriftHistoryTests {
    static func sample(_ i: Int) -> TripEngine.DriftSample {
        TripEngine.DriftSample(
            time: Double(i), latitude: 48 + Double(i) * 1e-5, longitude: 11 - Double(i) * 1e-5, distance: Double(i) * 12
        )
    }

    static func same(_ history: TripEngine.DriftHistory, _ model: [TripEngine.DriftSample]) -> Bool {
        history.count == model.count
            && zip(history, model).allSatisfy { $0.time == $1.time && $0.distance == $1.distance }
            && (model.isEmpty || (history[0].time == model[0].time && history.last?.time == model.last?.time))
    }

    /// A drive of an hour, one position a second, trimmed to the last 300 as the engine trims it, with a pause of
    /// trimming now and then (the history keeps up to 300 s; a silence lets it shrink by many at once).
    @Test func readsAsTheArrayItReplaced() {
        var history = TripEngine.DriftHistory()
        var model: [TripEngine.DriftSample] = []
        var mismatches = 0
        for i in 0..<3_600 {
            history.append(Self.sample(i))
            model.append(Self.sample(i))
            let keep = i % 700 < 650 ? 300 : 3
            while model.count > keep {
                model.removeFirst()
                history.removeFirst()
            }
            if !Self.same(history, model) { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(history.count == model.count)
        #expect(history.map(\.time) == model.map(\.time))
        #expect(history.lastIndex { $0.time <= 3_400 } == model.lastIndex { $0.time <= 3_400 })
    }

    @Test func aCheckpointHoldsThePositionsAsAnArray() throws {
        var history = TripEngine.DriftHistory()
        for i in 0..<900 { history.append(Self.sample(i)) }
        for _ in 0..<600 { history.removeFirst() }
        let data = try JSONEncoder().encode(history)
        let array = try JSONDecoder().decode([TripEngine.DriftSample].self, from: data)
        #expect(array.map(\.time) == (600..<900).map(Double.init))
        let resumed = try JSONDecoder().decode(TripEngine.DriftHistory.self, from: data)
        #expect(resumed.map(\.time) == history.map(\.time))
        #expect(resumed[0].time == 600)
    }
}
