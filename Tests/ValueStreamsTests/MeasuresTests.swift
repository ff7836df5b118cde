import Foundation
import Testing
import ValueStreams

/// The lean measures against numbers worked out by hand (the working is in the comments).
@Suite("measures")
struct MeasuresTests {
    static func close(_ a: Double?, _ b: Double?, _ tolerance: Double = 1e-9) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return abs(a - b) <= tolerance
    }

    @Test("the whole current map")
    func currentMap() {
        let m = Samples.orderToCash.measures
        // process 300 + 120 + 180 + 900 + 60 = 1560; waiting 0 + 3600 + 600 + 1800 + 0 = 6000
        #expect(m.processSeconds == 1_560)
        #expect(m.waitingSeconds == 6_000)
        // lead time 1560 + 6000 = 7560
        #expect(m.leadTimeSeconds == 7_560)
        // value-added: Take order 300 + Cook 900 = 1200; non-value-added 7560 − 1200 = 6360
        #expect(m.valueAddedSeconds == 1_200)
        #expect(m.nonValueAddedSeconds == 6_360)
        // PCE 1200 / 7560 = 10/63 = 0.158730…
        #expect(Self.close(m.pce, 10.0 / 63))
        // rolled %C&A: 95 % × 90 % × 80 % (Cook and Search for box have none) = 0.684
        #expect(Self.close(m.rolledCA, 0.684))
        // takt 27000 s / 40 a day = 675 s
        #expect(m.taktSeconds == 675)
        #expect(m.stickerCount == 5)
        #expect(m.byKind[.value] == Measures.KindTotal(count: 2, seconds: 1_200))
        #expect(m.byKind[.auxiliary] == Measures.KindTotal(count: 1, seconds: 120))
        // waste: Re-enter order 180 + Search for box 60 = 240
        #expect(m.byKind[.waste] == Measures.KindTotal(count: 2, seconds: 240))
    }

    @Test("each section on its own, without takt")
    func sections() {
        let sections = Samples.orderToCash.sectionMeasures
        #expect(sections.count == 2)
        let sales = sections[0]
        // Sales: process 300 + 120 = 420, waiting 3600, lead 4020, VA 300, NVA 3720, PCE 300/4020 = 5/67
        #expect(sales.leadTimeSeconds == 4_020)
        #expect(sales.processSeconds == 420)
        #expect(sales.waitingSeconds == 3_600)
        #expect(sales.valueAddedSeconds == 300)
        #expect(sales.nonValueAddedSeconds == 3_720)
        #expect(Self.close(sales.pce, 5.0 / 67))
        // 95 % × 90 % = 0.855
        #expect(Self.close(sales.rolledCA, 0.855))
        #expect(sales.taktSeconds == nil)
        #expect(sales.byKind[.waste] == Measures.KindTotal())
        let kitchen = sections[1]
        // Kitchen: process 180 + 900 + 60 = 1140, waiting 600 + 1800 = 2400, lead 3540, VA 900, PCE 900/3540 = 15/59
        #expect(kitchen.leadTimeSeconds == 3_540)
        #expect(kitchen.valueAddedSeconds == 900)
        #expect(kitchen.nonValueAddedSeconds == 2_640)
        #expect(Self.close(kitchen.pce, 15.0 / 59))
        // Only Re-enter order has a %C&A: 0.80
        #expect(Self.close(kitchen.rolledCA, 0.8))
        #expect(kitchen.stickerCount == 3)
        #expect(kitchen.byKind[.waste] == Measures.KindTotal(count: 2, seconds: 240))
    }

    @Test("no lead time: no PCE; no %C&A: no rolled %C&A; takt needs both inputs")
    func missingInputs() {
        let instant = ValueStreamMap(
            name: "Instant", demandPerDay: 10,
            sections: [
                MapSection(
                    name: "S",
                    stickers: [
                        Sticker(id: 1, text: "Click", kind: .value),
                        Sticker(id: 2, text: "Check", kind: .auxiliary, inventory: 3),
                    ])
            ],
            created: Samples.created)
        let m = instant.measures
        #expect(m.leadTimeSeconds == 0)
        #expect(m.pce == nil)
        #expect(m.rolledCA == nil)
        // demand without available time: no takt
        #expect(m.taktSeconds == nil)
        #expect(m.byKind[.value] == Measures.KindTotal(count: 1, seconds: 0))

        let empty = ValueStreamMap(name: "Empty", availableSecondsPerDay: 3_600, created: Samples.created).measures
        #expect(empty.stickerCount == 0)
        #expect(empty.pce == nil)
        #expect(empty.rolledCA == nil)
        #expect(empty.taktSeconds == nil)
        #expect(empty.byKind.count == 3)

        // A %C&A of 0 is a rating (the product is 0), not a missing one; waiting alone: PCE 0.
        let rework = Measures([
            Sticker(id: 1, text: "Scrap", kind: .waste, waitSeconds: 50, ca: 0),
            Sticker(id: 2, text: "Redo", kind: .value, ca: 50),
        ])
        #expect(rework.rolledCA == 0)
        #expect(rework.pce == 0)
        // takt 7 h 30 m / 7 a day = 27000 / 7 = 3857.142857…
        #expect(Self.close(Measures([], demandPerDay: 7, availableSecondsPerDay: 27_000).taktSeconds, 27_000.0 / 7))
    }

    @Test("a future map against its current map")
    func comparison() {
        let future = Samples.orderToCashFuture
        let f = future.measures
        // future: process 300 + 60 + 900 = 1260, waiting 600 + 900 = 1500, lead 2760, VA 1200, PCE 1200/2760 = 10/23
        #expect(f.leadTimeSeconds == 2_760)
        #expect(Self.close(f.pce, 10.0 / 23))
        // rolled 98 % × 95 % = 0.931
        #expect(Self.close(f.rolledCA, 0.931))
        let c = MapComparison(future: future, current: Samples.orderToCash)
        #expect(c.current == "Order to cash")
        // 2760 − 7560 = −4800 (shorter)
        #expect(c.leadTimeChangeSeconds == -4_800)
        // 10/23 − 10/63 = (630 − 230) / 1449 = 400/1449 = 0.276052…
        #expect(Self.close(c.pceChange, 400.0 / 1_449))
        // the current map's waste (240 s in 2 stickers) is all gone
        #expect(c.wasteRemovedSeconds == 240)
        #expect(c.wasteRemovedCount == 2)
        // waiting 6000 − 1500 = 4500
        #expect(c.waitingRemovedSeconds == 4_500)

        // The other way round waste is added, and a map without lead time has no PCE change.
        let back = MapComparison(future: Samples.orderToCash, current: future)
        #expect(back.wasteRemovedSeconds == -240)
        #expect(back.wasteRemovedCount == -2)
        #expect(back.leadTimeChangeSeconds == 4_800)
        let none = MapComparison(
            future: ValueStreamMap(name: "F", state: .future, created: Samples.created), current: Samples.orderToCash)
        #expect(none.pceChange == nil)
        #expect(none.leadTimeChangeSeconds == -7_560)
    }

    @Test("the measures in the JSON of vsm show")
    func measuresJSON() throws {
        let data = ValueStreamJSON.encode(Samples.orderToCashFuture, measures: true, current: Samples.orderToCash)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let m = try #require(root["measures"] as? [String: Any])
        #expect(m["lead_time_s"] as? Int == 2_760)
        #expect(m["process_time_s"] as? Int == 1_260)
        #expect(m["value_added_s"] as? Int == 1_200)
        #expect(m["waiting_s"] as? Int == 1_500)
        #expect(m["non_value_added_s"] as? Int == 1_560)
        // 10/23 = 0.4347826… to 6 decimals: 0.434783
        #expect(m["pce"] as? Double == 0.434_783)
        #expect(m["rolled_ca"] as? Double == 0.931)
        // 27000 / 40
        #expect(m["takt_s"] as? Int == 675)
        #expect(m["stickers"] as? Int == 3)
        let kinds = try #require(m["by_kind"] as? [String: [String: Int]])
        #expect(kinds["value"] == ["count": 2, "time_s": 1_200])
        #expect(kinds["auxiliary"] == ["count": 1, "time_s": 60])
        #expect(kinds["waste"] == ["count": 0, "time_s": 0])
        let sections = try #require(root["sections"] as? [[String: Any]])
        let kitchen = try #require(sections[1]["measures"] as? [String: Any])
        // Kitchen: Cook 900 + 900 waiting, PCE 0.5, no %C&A, no takt
        #expect(kitchen["lead_time_s"] as? Int == 1_800)
        #expect(kitchen["pce"] as? Double == 0.5)
        #expect(kitchen["rolled_ca"] is NSNull)
        #expect(kitchen["takt_s"] is NSNull)
        let comparison = try #require(root["comparison"] as? [String: Any])
        #expect(comparison["current"] as? String == "Order to cash")
        #expect(comparison["lead_time_change_s"] as? Int == -4_800)
        #expect(Self.close(comparison["pce_change"] as? Double, 400.0 / 1_449))
        #expect(comparison["waste_removed_s"] as? Int == 240)
        #expect(comparison["waste_removed_count"] as? Int == 2)
        #expect(comparison["waiting_removed_s"] as? Int == 4_500)

        // A low PCE keeps its digits: 60 s of value in 2 days and 60 s = 60/172860 = 0.000347…
        let slow = ValueStreamMap(
            name: "Slow",
            sections: [
                MapSection(
                    name: "S",
                    stickers: [Sticker(id: 1, text: "Do", kind: .value, processSeconds: 60, waitSeconds: 172_800)])
            ],
            created: Samples.created)
        let slowRoot = try #require(
            try JSONSerialization.jsonObject(with: ValueStreamJSON.encode(slow, measures: true)) as? [String: Any])
        #expect((slowRoot["measures"] as? [String: Any])?["pce"] as? Double == 0.000_347)
        // A current map has no comparison even when given one to compare with.
        let current = try #require(
            try JSONSerialization.jsonObject(
                with: ValueStreamJSON.encode(Samples.orderToCash, measures: true, current: Samples.orderToCash))
                as? [String: Any])
        #expect(current["comparison"] == nil)
        #expect(current["measures"] != nil)
    }
}
