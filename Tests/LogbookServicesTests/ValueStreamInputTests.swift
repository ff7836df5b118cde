import Foundation
import LogbookServices
import Testing
import ValueStreams

/// The value-stream inputs read from JSON as the API sends them: fields named neutrally, unknown ones refused by
/// name, `null` clearing what may be cleared, times as seconds or as text with units.
@Suite struct ValueStreamInputTests {
    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try ServiceJSON.decode(T.self, from: Data(json.utf8))
    }

    /// The field and message of the error decoding `json` as `T` throws.
    static func refusal<T: Decodable>(_ type: T.Type, _ json: String) -> ServiceError? {
        do {
            _ = try decode(T.self, json)
            return nil
        } catch {
            return ServiceError.from(error)
        }
    }

    @Test("a new sticker: kinds as people write them, times as seconds or text, the kind's colour by default")
    func stickerInput() throws {
        let input = try Self.decode(
            ValueStreamStickerInput.self,
            ##"{"text": "Cook", "kind": "green", "process_s": 90, "wait_s": "1h30m", "background": "#FC0", "ca": 95}"##)
        #expect(input.kind == .value && input.processTime?.seconds == 90 && input.waitTime?.seconds == 5_400)
        #expect(input.background?.description == "#ffcc00" && input.ca == 95 && input.section == nil)
        let plain = try Self.decode(
            ValueStreamStickerInput.self, #"{"text": "Wait", "kind": "red", "background": "default"}"#)
        #expect(plain.kind == .waste && plain.background == nil)
    }

    @Test(
        "what does not read names its field",
        arguments: [
            (#"{"text": "X", "kind": "value", "colour": "red"}"#, "colour", "unknown field"),
            (#"{"text": "X", "kind": "blue"}"#, "kind", "expected value, auxiliary or waste"),
            (#"{"kind": "value"}"#, "text", "is required"),
            (#"{"text": "X"}"#, "kind", "is required"),
            (#"{"text": "X", "kind": "value", "process_s": "90"}"#, "process_s", "is not a duration"),
            (#"{"text": "X", "kind": "value", "size": "big"}"#, "size", "expected a number"),
            (#"{"text": "X", "kind": "value", "background": "blurple"}"#, "background", "expected #RRGGBB"),
        ])
    func refused(json: String, field: String, words: String) {
        let error = Self.refusal(ValueStreamStickerInput.self, json)
        #expect(error?.kind == .invalid && error?.field == field, "\(String(describing: error))")
        #expect(error?.message.contains(words) == true, "\(String(describing: error))")
    }

    @Test("a change: absent stays, null clears, a value sets")
    func changes() throws {
        let none = try Self.decode(ValueStreamStickerChange.self, "{}")
        #expect(none.isEmpty)
        let cleared = try Self.decode(
            ValueStreamStickerChange.self, #"{"ca": null, "inventory": null, "background": null}"#)
        #expect(cleared.ca == .some(nil) && cleared.inventory == .some(nil) && cleared.background == .some(nil))
        #expect(cleared.text == nil && cleared.kind == nil && !cleared.isEmpty)
        let set = try Self.decode(ValueStreamStickerChange.self, #"{"ca": 80, "inventory": 3, "kind": "aux"}"#)
        #expect(set.ca == .some(80) && set.inventory == .some(3) && set.kind == .auxiliary)

        let map = try Self.decode(
            ValueStreamMapChange.self, #"{"future_of": null, "demand_per_day": null, "available_time_per_day_s": 3600}"#
        )
        #expect(map.futureOf == .some(nil) && map.demandPerDay == .some(nil))
        #expect(map.availableTime == .some(ValueStreamDuration(seconds: 3_600)) && map.name == nil)
        let kept = try Self.decode(ValueStreamMapChange.self, #"{"description": "x"}"#)
        #expect(kept.futureOf == nil && kept.demandPerDay == nil && kept.availableTime == nil)
        #expect(Self.refusal(ValueStreamMapChange.self, #"{"demand": 4}"#)?.field == "demand")
    }

    @Test("maps, sections, moves and copies read their fields; a move needs its position")
    func otherInputs() throws {
        let map = try Self.decode(
            ValueStreamMapInput.self, #"{"name": "O2C", "demand_per_day": 40, "available_time_per_day_s": "7h30m"}"#)
        #expect(map.name == "O2C" && map.demandPerDay == 40 && map.availableTime?.seconds == 27_000)
        #expect(try Self.decode(ValueStreamSectionInput.self, #"{"name": "A", "position": 1}"#).position == 1)
        #expect(try Self.decode(ValueStreamDuplicateInput.self, #"{"name": "B"}"#).future == false)
        #expect(Self.refusal(ValueStreamStickerMove.self, #"{"section": "A"}"#)?.field == "position")
        #expect(Self.refusal(ValueStreamSectionChange.self, #"{"to": 2}"#)?.field == "to")
    }
}
