/// The catalogue CSV contract: UTF-8 (a byte order mark tolerated), a header row naming the columns `pos`,
/// `section`, `name`, `unit`, `price` in any order (more columns allowed and ignored; an optional `base` names a
/// supplement's base: `account`, `section:NAME` or `positions:12.1.1 12.1.2`), comma or semicolon separated
/// (told by the header), RFC 4180 quoting, prices with a decimal point or comma. A supplement has the unit `%`
/// and its percentage in `price`.
///
/// ```
/// pos;section;name;unit;price;base
/// 12.3.4;Tagrender;Tagrende, zink;lbm;1.234,50;
/// 90.1;Tillæg;Højdetillæg;%;12,5;section:Tagrender
/// ```
///
/// Price indexings are not part of the CSV (the JSON holds them).
public enum CatalogueCSV {
    /// The columns every file must name.
    public static let requiredColumns = ["pos", "section", "name", "unit", "price"]

    /// Reads a catalogue named `name`. Errors name the line, the column (the field's number) and the field.
    public static func decode(_ bytes: some Collection<UInt8>, name: String, currency: String = "DKK")
        throws(RoofingError) -> Catalogue
    {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            // The line of the first byte that is not UTF-8: where the lenient decoding puts its first U+FFFD.
            let lenient = String(decoding: bytes, as: UTF8.self)
            let line = 1 + lenient.prefix { $0 != "\u{FFFD}" }.count { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            throw RoofingError(.invalid, path: "", line: line, "the file is not UTF-8 text (save it as UTF-8 CSV)")
        }
        return try decode(text: text, name: name, currency: currency)
    }

    public static func decode(text: String, name: String, currency: String = "DKK") throws(RoofingError)
        -> Catalogue
    {
        let table = try CSVTable(text: text)
        guard let header = table.records.first else {
            throw RoofingError(.invalid, path: "", line: 1, "the file is empty: expected a header row \(headerText)")
        }
        var columns: [String: Int] = [:]
        for (index, raw) in header.fields.enumerated() {
            let key = raw.trimmingWhitespace().lowercased()
            guard !key.isEmpty, requiredColumns.contains(key) || key == "base" else { continue }
            if columns[key] != nil {
                throw RoofingError(
                    .invalid, path: key, line: header.line, column: index + 1, "the column '\(key)' appears twice")
            }
            columns[key] = index
        }
        let missing = requiredColumns.filter { columns[$0] == nil }
        guard missing.isEmpty else {
            throw RoofingError(
                .invalid, path: missing[0], line: header.line,
                "the header lacks \(missing.joined(separator: ", ")): expected \(headerText)")
        }
        var catalogue = try Catalogue(name: name, currency: currency)
        var lines: [String: Int] = [:]
        for record in table.records.dropFirst() {
            func value(_ key: String) throws(RoofingError) -> String {
                guard let index = columns[key] else { return "" }
                guard index < record.fields.count else {
                    throw RoofingError(
                        .invalid, path: key, line: record.line, column: index + 1,
                        "the line has \(record.fields.count) fields, the header \(header.fields.count)")
                }
                return record.fields[index].trimmingWhitespace()
            }
            func located(_ error: RoofingError) -> RoofingError {
                let key = columns[error.path] != nil ? error.path : "pos"
                return RoofingError(
                    error.code, path: key, line: record.line, column: columns[key]! + 1, error.message)
            }
            do {
                let activity = try makeActivity(
                    pos: value("pos"), section: value("section"), name: value("name"), unit: value("unit"),
                    price: value("price"), base: value("base"))
                try catalogue.add(activity)
                lines[activity.position] = record.line
            } catch {
                throw error.line == nil ? located(error) : error
            }
        }
        if let problem = catalogue.supplementBaseProblem() {
            throw RoofingError(
                problem.code, path: "base", line: lines[problem.position],
                column: columns["base"].map { $0 + 1 }, problem.message)
        }
        return catalogue
    }

    static func makeActivity(pos: String, section: String, name: String, unit: String, price: String, base: String)
        throws(RoofingError) -> Activity
    {
        let parsedUnit = try ActivityUnit(parsing: unit)
        if parsedUnit == .percent {
            return try Activity(
                supplement: pos, section: section, name: name, percent: Quantity(parsing: price, field: "price"),
                base: SupplementBase(parsing: base))
        }
        guard base.isEmpty else {
            throw RoofingError(.invalid, path: "base", "only a supplement (unit %) has a base")
        }
        return try Activity(
            position: pos, section: section, name: name, unit: parsedUnit, price: Money(parsing: price, field: "price"))
    }

    static let headerText = "pos,section,name,unit,price"

    /// The catalogue as CSV: a header `pos,section,name,unit,price,base`, CRLF line ends, prices with a point; with
    /// `danish`, semicolons and decimal commas (as Danish spreadsheets write them). Reads back to the same
    /// activities.
    public static func encode(_ catalogue: Catalogue, danish: Bool = false) -> String {
        let separator: Character = danish ? ";" : ","
        var rows = [["pos", "section", "name", "unit", "price", "base"]]
        for activity in catalogue.activities {
            var price = activity.priceText
            if danish { price = price.replacing(".", with: ",") }
            rows.append([
                activity.position, activity.section, activity.name, activity.unit.description, price,
                activity.supplement?.base.description ?? "",
            ])
        }
        return rows.map { row in
            row.map { CSVTable.escape($0, separator: separator) }.joined(separator: String(separator))
        }.joined(separator: "\r\n") + "\r\n"
    }
}
