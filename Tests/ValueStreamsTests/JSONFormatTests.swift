import Foundation
import Testing
import ValueStreams

/// The versioned JSON format: exact round trips, and mistakes that name their JSON path.
@Suite("value-stream map JSON")
struct JSONFormatTests {
    enum Sample: String, CaseIterable, CustomTestStringConvertible {
        case current, future, unusual, empty, emptySection

        var map: ValueStreamMap {
            switch self {
            case .current: Samples.orderToCash
            case .future: Samples.orderToCashFuture
            case .unusual: Samples.unusual
            case .empty: ValueStreamMap(name: "E", created: Samples.created)
            case .emptySection:
                ValueStreamMap(
                    name: "Only a lane", sections: [MapSection(name: "Lane")], created: Samples.created,
                    nextStickerID: 40)
            }
        }

        var testDescription: String { rawValue }
    }

    @Test("encode, decode, encode gives the same bytes and the same map", arguments: Sample.allCases)
    func roundTrip(sample: Sample) throws {
        let first = ValueStreamJSON.encode(sample.map)
        #expect(!first.isEmpty)
        let decoded = try ValueStreamJSON.decode(first)
        #expect(decoded == sample.map)
        let second = ValueStreamJSON.encode(decoded)
        #expect(second == first, "\(String(decoding: second, as: UTF8.self))")
    }

    @Test("the output of vsm show (with measures and comparison) imports as the same map", arguments: Sample.allCases)
    func measuresImport(sample: Sample) throws {
        let shown = ValueStreamJSON.encode(sample.map, measures: true, current: Samples.orderToCash)
        #expect(shown != ValueStreamJSON.encode(sample.map))
        #expect(try ValueStreamJSON.decode(shown) == sample.map)
    }

    @Test("the document's fields as written")
    func fields() throws {
        let root = try #require(
            try JSONSerialization.jsonObject(with: ValueStreamJSON.encode(Samples.unusual)) as? [String: Any])
        #expect(root["format"] as? String == "logbook-value-stream-map")
        #expect(root["version"] as? Int == 1)
        #expect(root["name"] as? String == "Café Straße – 日本 ☕")
        #expect(root["state"] as? String == "current")
        #expect(root["future_of"] is NSNull)
        #expect(root["demand_per_day"] as? Double == 2.5)
        #expect(root["available_time_per_day_s"] as? Double == 27_000.5)
        #expect(root["created"] as? String == "2026-11-20T08:00:00Z")
        // 59 seconds later
        #expect(root["updated"] as? String == "2026-11-20T08:00:59Z")
        #expect(root["next_sticker_id"] as? Int == 12)
        let sections = try #require(root["sections"] as? [[String: Any]])
        #expect(sections.map { $0["name"] as? String } == ["Küche", "Leer", "Lieferung"])
        let stickers = try #require(sections[0]["stickers"] as? [[String: Any]])
        #expect(stickers[0]["id"] as? Int == 4)
        #expect(stickers[0]["text"] as? String == "Crème brûlée\nabkühlen")
        #expect(stickers[0]["background"] as? String == "#ffcc00")
        #expect(stickers[0]["font"] as? String == "Noto Serif CJK")
        #expect(stickers[0]["size"] as? Double == 10.5)
        #expect(stickers[0]["process_s"] as? Double == 1.5)
        #expect(stickers[0]["wait_s"] as? Double == 0.25)
        #expect(stickers[0]["ca"] as? Double == 99.5)
        #expect(stickers[0]["inventory"] as? Int == 12)
        #expect(stickers[1]["background"] is NSNull)
        #expect(stickers[1]["font"] as? String == "DejaVu Sans")
        #expect(stickers[1]["ca"] as? Int == 0)
        // 86400.125 to 3 decimals
        #expect(stickers[1]["wait_s"] as? Double == 86_400.125)
        let lane = try #require(sections[2]["stickers"] as? [[String: Any]])
        #expect(lane[0]["ca"] is NSNull)
        #expect(lane[0]["inventory"] is NSNull)
        #expect(lane[0]["text"] as? String == "  spaced text  ")
        let future = try #require(
            try JSONSerialization.jsonObject(with: ValueStreamJSON.encode(Samples.orderToCashFuture)) as? [String: Any])
        #expect(future["state"] as? String == "future")
        #expect(future["future_of"] as? String == "Order to cash")
    }

    @Test("fractions of a second and more than 3 decimals")
    func fractions() throws {
        var map = Samples.orderToCash
        // 12.3456 s is written 12.346; a date's fraction of a second is dropped (written and read back whole).
        map.sections[0].stickers[0].processSeconds = 12.345_6
        map.created = Date(timeIntervalSince1970: 1_795_161_600.75)
        let first = ValueStreamJSON.encode(map)
        let decoded = try ValueStreamJSON.decode(first)
        #expect(decoded.sections[0].stickers[0].processSeconds == 12.346)
        #expect(decoded.created == Samples.created)
        #expect(ValueStreamJSON.encode(decoded) == first)
        // A date written with a fraction of a second is read, its fraction dropped.
        let text = #"{"name": "F", "created": "2026-11-20T08:00:00.999Z", "updated": "2026-11-20T10:00:00+02:00"}"#
        let read = try ValueStreamJSON.decode(Data(text.utf8))
        #expect(read.created == Samples.created)
        #expect(read.updated == Samples.created)
    }

    @Test("a minimal document takes the defaults")
    func minimal() throws {
        let text =
            #"{"name": "Small", "sections": [{"name": "S", "stickers": [{"id": 2, "text": "T", "kind": "waste"}]}]}"#
        let map = try ValueStreamJSON.decode(Data(text.utf8))
        #expect(map.state == .current)
        #expect(map.description == "")
        // next id: the largest id + 1
        #expect(map.nextStickerID == 3)
        #expect(map.created == map.updated)
        let sticker = map.sections[0].stickers[0]
        #expect(sticker.style == StickerStyle())
        #expect(sticker.processSeconds == 0)
        #expect(sticker.ca == nil)
    }

    /// A document with two stickers; the parts given replace the defaults.
    static func document(
        root: String = #""name": "M", "next_sticker_id": 3"#, section: String = #""name": "S""#,
        first: String = #""id": 1, "text": "A", "kind": "value""#,
        second: String = #""id": 2, "text": "B", "kind": "waste""#
    ) -> String {
        #"{\#(root), "sections": [{\#(section), "stickers": [{\#(first)}, {\#(second)}]}]}"#
    }

    @Test("the template document itself is accepted")
    func templateAccepted() throws {
        let map = try ValueStreamJSON.decode(Data(Self.document().utf8))
        #expect(map.stickers.map(\.id) == [1, 2])
    }

    @Test(
        "mistakes name their JSON path",
        arguments: [
            // unknown keys at every level
            (
                document(second: ##""id": 2, "text": "B", "kind": "waste", "colr": "#fff""##),
                "sections[0].stickers[1].colr"
            ),
            (document(section: #""name": "S", "color": "red""#), "sections[0].color"),
            (document(root: #""name": "M", "nmae": "M""#), "nmae"),
            // a kind, a colour, a state, a date, a format and a version the reader does not know
            (document(first: #""id": 1, "text": "A", "kind": "green""#), "sections[0].stickers[0].kind"),
            (
                document(second: ##""id": 2, "text": "B", "kind": "waste", "background": "#12""##),
                "sections[0].stickers[1].background"
            ),
            (document(root: #""name": "M", "state": "past""#), "state"),
            (document(root: #""name": "M", "created": "yesterday""#), "created"),
            (document(root: #""name": "M", "format": "other-format""#), "format"),
            (document(root: #""name": "M", "version": 2"#), "version"),
            (document(root: #""name": "M", "version": "1""#), "version"),
            // wrong types
            (document(root: #""name": 5"#), "name"),
            (document(root: #""name": "M", "demand_per_day": true"#), "demand_per_day"),
            (document(first: #""id": 1, "text": "A", "kind": "value", "ca": true"#), "sections[0].stickers[0].ca"),
            (document(first: #""id": 1, "text": "A", "kind": "value", "size": false"#), "sections[0].stickers[0].size"),
            (
                document(first: #""id": 1, "text": "A", "kind": "value", "process_s": "5m""#),
                "sections[0].stickers[0].process_s"
            ),
            (document(first: #""id": "1", "text": "A", "kind": "value""#), "sections[0].stickers[0].id"),
            (document(first: #""id": 1.5, "text": "A", "kind": "value""#), "sections[0].stickers[0].id"),
            (
                document(first: #""id": 1, "text": "A", "kind": "value", "inventory": 2.5"#),
                "sections[0].stickers[0].inventory"
            ),
            (document(first: #""id": 1, "text": ["A"], "kind": "value""#), "sections[0].stickers[0].text"),
            (#"{"name": "M", "sections": [{"name": "S", "stickers": 3}]}"#, "sections[0].stickers"),
            (#"{"name": "M", "sections": {"name": "S"}}"#, "sections"),
            (#"{"name": "M", "sections": [5]}"#, "sections[0]"),
            (#"{"name": "M", "sections": [{"name": "S", "stickers": ["x"]}]}"#, "sections[0].stickers[0]"),
            // missing fields
            (document(root: #""description": "no name""#), "name"),
            (#"{"name": "M", "sections": [{"stickers": []}]}"#, "sections[0].name"),
            (document(first: #""id": 1, "kind": "value""#), "sections[0].stickers[0].text"),
            (document(first: #""id": 1, "text": null, "kind": "value""#), "sections[0].stickers[0].text"),
            (document(second: #""text": "B", "kind": "waste""#), "sections[0].stickers[1].id"),
            (document(second: #""id": 2, "text": "B""#), "sections[0].stickers[1].kind"),
            // values the map's rules refuse
            (document(first: #""id": 1, "text": "A", "kind": "value", "ca": 101"#), "sections[0].stickers[0].ca"),
            (document(first: #""id": 1, "text": "A", "kind": "value", "size": 60"#), "sections[0].stickers[0].size"),
            (document(second: #""id": 1, "text": "B", "kind": "waste""#), "sections[0].stickers[1].id"),
            (document(root: #""name": "M", "next_sticker_id": 2"#), "sections[0].stickers[1].id"),
            (document(root: #""name": "M", "future_of": "Other""#), "future_of"),
            (document(root: #""name": "M", "demand_per_day": 0"#), "demand_per_day"),
            (document(root: #""name": "a/b""#), "name"),
            // not a map at all
            ("[]", ""), ("{", ""), ("", ""),
        ])
    func pathOfMistake(json: String, path: String) {
        let error = failure { () throws(ValueStreamError) in _ = try ValueStreamJSON.decode(Data(json.utf8)) }
        #expect(error?.path == path, "\(String(describing: error))")
        #expect(error?.code == .invalid)
    }
}
