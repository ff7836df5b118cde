import Foundation

/// The map's JSON format (documented in the README, JSON Schema in `docs/value-stream-map.schema.json`): the
/// export of `vsm export --json`, what `vsm import` reads, and — with `measures` added — `vsm show --format json`.
///
/// ```json
/// {"format": "logbook-value-stream-map", "version": 1, "name": "Order to cash", "description": "",
///  "state": "current", "future_of": null, "demand_per_day": 40, "available_time_per_day_s": 27000,
///  "created": "2026-11-20T08:00:00Z", "updated": "2026-11-21T09:30:00Z", "next_sticker_id": 3,
///  "sections": [{"name": "Sales", "stickers": [{"id": 1, "text": "Take order", "kind": "value",
///    "background": null, "font": "DejaVu Sans", "size": 12, "process_s": 300, "wait_s": 0, "ca": 95,
///    "inventory": null}]}]}
/// ```
public enum ValueStreamJSON {
    public static let format = "logbook-value-stream-map"
    public static let version = 1

    /// The map as its JSON document (`ValueStreamDocument`: keys sorted, so the same map gives the same bytes);
    /// with `measures`, the measures of the map and of each section, and a future map's comparison with `current`.
    public static func encode(_ map: ValueStreamMap, measures: Bool = false, current: ValueStreamMap? = nil) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        return (try? encoder.encode(ValueStreamDocument(map, measures: measures, current: current))) ?? Data()
    }

    // MARK: Reading

    /// Reads a map document; mistakes name the JSON path (`sections[0].stickers[2].kind`) and say what was
    /// expected. Keys the format does not know are refused, but the computed `measures` and `comparison` of
    /// `vsm show --format json` are ignored, so its output imports too.
    public static func decode(_ data: Data) throws(ValueStreamError) -> ValueStreamMap {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ValueStreamError(.invalid, path: "", "not JSON: \(Self.parserMessage(error))")
        }
        guard let root = object as? [String: Any] else {
            throw ValueStreamError(.invalid, path: "", "expected a JSON object (one map)")
        }
        let reader = Reader(object: root, path: "")
        try reader.allow(
            [
                "format", "version", "name", "description", "state", "future_of", "demand_per_day",
                "available_time_per_day_s", "created", "updated", "next_sticker_id", "sections", "measures",
                "comparison",
            ])
        if let format = try reader.string("format"), format != Self.format {
            throw ValueStreamError(.invalid, path: "format", "expected \"\(Self.format)\", got \"\(format)\"")
        }
        let version = try reader.integer("version") ?? 1
        guard version == 1 else {
            throw ValueStreamError(.invalid, path: "version", "version \(version) is newer than this logbook reads (1)")
        }
        guard let name = try reader.string("name") else {
            throw ValueStreamError(.invalid, path: "name", "missing")
        }
        let stateText = try reader.string("state") ?? "current"
        guard let state = MapState(rawValue: stateText) else {
            throw ValueStreamError(.invalid, path: "state", "expected \"current\" or \"future\", got \"\(stateText)\"")
        }
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let created = try reader.date("created") ?? now
        var sections: [MapSection] = []
        for (s, sectionObject) in try reader.objects("sections").enumerated() {
            let section = Reader(object: sectionObject, path: "sections[\(s)]")
            try section.allow(["name", "stickers", "measures"])
            guard let sectionName = try section.string("name") else {
                throw ValueStreamError(.invalid, path: "sections[\(s)].name", "missing")
            }
            var stickers: [Sticker] = []
            for (k, stickerObject) in try section.objects("stickers").enumerated() {
                let r = Reader(object: stickerObject, path: "sections[\(s)].stickers[\(k)]")
                try r.allow([
                    "id", "text", "kind", "background", "font", "size", "process_s", "wait_s", "ca", "inventory",
                ])
                guard let id = try r.integer("id") else { throw r.missing("id") }
                guard let text = try r.string("text") else { throw r.missing("text") }
                guard let kindText = try r.string("kind") else { throw r.missing("kind") }
                guard let kind = StickerKind(rawValue: kindText) else {
                    throw ValueStreamError(
                        .invalid, path: r.path + ".kind", "expected value, auxiliary or waste, got \"\(kindText)\"")
                }
                var background: Colour?
                if let text = try r.string("background") {
                    guard let colour = Colour(parsing: text) else {
                        throw ValueStreamError(
                            .invalid, path: r.path + ".background", "expected #RRGGBB, got \"\(text)\"")
                    }
                    background = colour
                }
                stickers.append(
                    Sticker(
                        id: id, text: text, kind: kind,
                        style: StickerStyle(
                            background: background, font: try r.string("font") ?? StickerStyle.defaultFont,
                            size: try r.number("size") ?? StickerStyle.defaultSize),
                        processSeconds: try r.number("process_s") ?? 0, waitSeconds: try r.number("wait_s") ?? 0,
                        ca: try r.number("ca"), inventory: try r.integer("inventory")))
            }
            sections.append(MapSection(name: sectionName, stickers: stickers))
        }
        let map = ValueStreamMap(
            name: name, description: try reader.string("description") ?? "", state: state,
            futureOf: try reader.string("future_of"), demandPerDay: try reader.number("demand_per_day"),
            availableSecondsPerDay: try reader.number("available_time_per_day_s"), sections: sections,
            created: created, updated: try reader.date("updated") ?? created,
            nextStickerID: try reader.integer("next_sticker_id"))
        try map.validate()
        return map
    }

    static func parserMessage(_ error: any Error) -> String {
        let info = (error as NSError).userInfo
        return (info["NSDebugDescription"] as? String) ?? "\(error)"
    }

    /// Typed access to one JSON object's keys, with errors naming the path.
    struct Reader {
        var object: [String: Any]
        var path: String

        func field(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

        func missing(_ key: String) -> ValueStreamError { ValueStreamError(.invalid, path: field(key), "missing") }

        func wrong(_ key: String, _ expected: String) -> ValueStreamError {
            ValueStreamError(.invalid, path: field(key), "expected \(expected)")
        }

        func allow(_ keys: Set<String>) throws(ValueStreamError) {
            for key in object.keys.sorted() where !keys.contains(key) {
                throw ValueStreamError(.invalid, path: field(key), "unknown key")
            }
        }

        func value(_ key: String) -> Any? {
            guard let value = object[key], !(value is NSNull) else { return nil }
            return value
        }

        func string(_ key: String) throws(ValueStreamError) -> String? {
            guard let value = value(key) else { return nil }
            guard let text = value as? String else { throw wrong(key, "a string") }
            return text
        }

        func number(_ key: String) throws(ValueStreamError) -> Double? {
            guard let value = value(key) else { return nil }
            // JSON's true and false arrive as NSNumber too, of type "c" (char).
            guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else {
                throw wrong(key, "a number")
            }
            return number.doubleValue
        }

        func integer(_ key: String) throws(ValueStreamError) -> Int? {
            guard let value = try number(key) else { return nil }
            guard value.rounded() == value, abs(value) < 1e12 else { throw wrong(key, "a whole number") }
            return Int(value)
        }

        func date(_ key: String) throws(ValueStreamError) -> Date? {
            guard let text = try string(key) else { return nil }
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            if let date = formatter.date(from: text) { return date }
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            guard let date = formatter.date(from: text) else {
                throw wrong(key, "a date and time in ISO 8601 (2026-11-20T08:00:00Z)")
            }
            return Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        }

        func objects(_ key: String) throws(ValueStreamError) -> [[String: Any]] {
            guard let value = value(key) else { return [] }
            guard let array = value as? [Any] else { throw wrong(key, "an array") }
            var objects: [[String: Any]] = []
            for (index, item) in array.enumerated() {
                guard let object = item as? [String: Any] else {
                    throw ValueStreamError(.invalid, path: "\(field(key))[\(index)]", "expected an object")
                }
                objects.append(object)
            }
            return objects
        }
    }
}
