import CalendarDays
import Foundation

/// The catalogue JSON contract (the original app shipped its catalogue this way):
///
/// ```json
/// {"name": "Tagdækning 2026", "currency": "DKK",
///  "activities": [{"pos": "12.3.4", "section": "Tagrender", "name": "Tagrende, zink", "unit": "lbm",
///                  "price": "147.15"},
///                 {"pos": "90.1", "section": "Tillæg", "name": "Højdetillæg", "unit": "%", "price": 12.5,
///                  "base": "section:Tagrender"}],
///  "indexing": [{"from": "2026-07-01", "percent": "2.5"}]}
/// ```
///
/// Prices (and percentages) are strings or numbers, with a decimal point (a string may also use a decimal
/// comma); `currency` defaults to DKK, `base` to the whole account, `indexing` to none. Other keys are ignored.
public enum CatalogueJSON {
    /// Reads a catalogue; `name` replaces the file's name (and is required when the file has none). Errors name
    /// the JSON path (`activities[3].price`).
    public static func decode(_ data: Data, name: String? = nil) throws(RoofingError) -> Catalogue {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw RoofingError(.invalid, path: "", "not JSON: \((error as NSError).localizedDescription)")
        }
        guard let root = object as? [String: Any] else {
            throw RoofingError(.invalid, path: "", "expected a JSON object with name, currency and activities")
        }
        let fileName = try optionalString(root["name"], path: "name")
        guard let catalogueName = name ?? fileName, !catalogueName.trimmingWhitespace().isEmpty else {
            throw RoofingError(.invalid, path: "name", "the catalogue has no name: give one")
        }
        let currency = try optionalString(root["currency"], path: "currency") ?? "DKK"
        var catalogue = try Catalogue(name: catalogueName, currency: currency)
        guard let activities = root["activities"] as? [Any] else {
            throw RoofingError(.invalid, path: "activities", "expected an array of activities")
        }
        for (index, element) in activities.enumerated() {
            let path = "activities[\(index)]"
            guard let entry = element as? [String: Any] else {
                throw RoofingError(.invalid, path: path, "expected an object with pos, section, name, unit, price")
            }
            func text(_ key: String) throws(RoofingError) -> String {
                guard let value = entry[key] else {
                    if key == "base" || key == "section" { return "" }
                    throw RoofingError(.invalid, path: "\(path).\(key)", "missing")
                }
                return try key == "price" ? number(value, path: "\(path).price") : string(value, path: "\(path).\(key)")
            }
            do {
                let activity = try CatalogueCSV.makeActivity(
                    pos: text("pos"), section: text("section"), name: text("name"), unit: text("unit"),
                    price: text("price"), base: text("base"))
                try catalogue.add(activity)
            } catch {
                throw error.path.hasPrefix(path)
                    ? error : RoofingError(error.code, path: "\(path).\(error.path)", error.message)
            }
        }
        if let indexing = root["indexing"] {
            guard let list = indexing as? [Any] else {
                throw RoofingError(.invalid, path: "indexing", "expected an array of {from, percent}")
            }
            for (index, element) in list.enumerated() {
                let path = "indexing[\(index)]"
                guard let entry = element as? [String: Any] else {
                    throw RoofingError(.invalid, path: path, "expected an object with from and percent")
                }
                let fromText = try string(entry["from"] as Any, path: "\(path).from")
                guard let from = CalendarDay(parsing: fromText) else {
                    throw RoofingError(.invalid, path: "\(path).from", "'\(fromText)' is not a date YYYY-MM-DD")
                }
                let percent = try Quantity(
                    parsing: number(entry["percent"] as Any, path: "\(path).percent"), field: "\(path).percent")
                catalogue.add(PriceIndexing(from: from, percent: percent))
            }
        }
        try catalogue.checkSupplementBases()
        return catalogue
    }

    private static func string(_ value: Any, path: String) throws(RoofingError) -> String {
        guard let text = value as? String else { throw RoofingError(.invalid, path: path, "expected a string") }
        return text
    }

    private static func optionalString(_ value: Any?, path: String) throws(RoofingError) -> String? {
        guard let value, !(value is NSNull) else { return nil }
        return try string(value, path: path)
    }

    /// A price as text: a string as written, a number by its shortest exact decimal form (`47.15`, `12.5`);
    /// numbers in exponent form are refused rather than guessed.
    private static func number(_ value: Any, path: String) throws(RoofingError) -> String {
        if let text = value as? String { return text }
        guard let number = value as? NSNumber else {
            throw RoofingError(.invalid, path: path, "expected a number or a string like \"47.15\"")
        }
        let double = number.doubleValue
        if double == double.rounded(), abs(double) < 9e15 { return String(Int64(double)) }
        let text = "\(double)"
        guard !text.contains("e"), double.isFinite else {
            throw RoofingError(.invalid, path: path, "\(text) is out of range: write the price as a string")
        }
        return text
    }

    /// The catalogue as JSON (keys sorted, prices and percentages as strings so they stay exact); reads back to
    /// the same catalogue.
    public static func encode(_ catalogue: Catalogue) -> Data {
        var root: [String: Any] = [
            "name": catalogue.name, "currency": catalogue.currency,
            "activities": catalogue.activities.map { activity -> [String: Any] in
                var entry: [String: Any] = [
                    "pos": activity.position, "section": activity.section, "name": activity.name,
                    "unit": activity.unit.description, "price": activity.priceText,
                ]
                if let supplement = activity.supplement { entry["base"] = supplement.base.description }
                return entry
            },
        ]
        if !catalogue.indexings.isEmpty {
            root["indexing"] = catalogue.indexings.map {
                ["from": $0.from.description, "percent": $0.percent.description]
            }
        }
        return
            (try? JSONSerialization.data(
                withJSONObject: root, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data()
    }
}
