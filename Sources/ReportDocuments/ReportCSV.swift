import TrackFormats

/// Writes a report as CSV: RFC 4180 (CRLF line ends, fields quoted only when they hold a comma, a double quote, CR
/// or LF, quotes doubled), UTF-8, with an optional byte order mark for spreadsheet programs that guess the encoding.
///
/// Formula injection: a spreadsheet runs a cell that begins with `=`, `+`, `-`, `@`, tab or carriage return (and,
/// in some locales, their full-width forms) as a formula. Every text cell — anything a user typed, and our own
/// labels — that begins with one of these gets a `'` in front, which spreadsheets show as plain text. Numbers we
/// format ourselves are written as they are, so a spreadsheet can sum them; a cell is only treated as a number when
/// it is exactly `-?digits[.digits]`, which no spreadsheet reads as a formula (our numbers are never negative today,
/// but a negative one would stay a number). See `Cell`.
public struct ReportCSV: Sendable, Hashable {
    /// What the file holds.
    public enum Layout: String, Sendable, Hashable, Codable, CaseIterable {
        /// Sections separated by an empty line: header fields as `name,value` rows, the trip table, the totals and
        /// the edit history — the whole report for a person opening it in a spreadsheet.
        case full
        /// Only the trip table with its header row: one rectangular table for import into other programs.
        case tripsOnly = "trips-only"
    }

    /// One CSV field before encoding.
    public enum Cell: Sendable, Hashable {
        /// Text: neutralised against formula injection, then quoted if needed.
        case text(String)
        /// A number we formatted (`1234.5`); written as it is when it matches `-?digits[.digits]`, else as text.
        case number(String)
    }

    public var byteOrderMark: Bool
    public var layout: Layout

    public init(byteOrderMark: Bool = false, layout: Layout = .full) {
        self.byteOrderMark = byteOrderMark
        self.layout = layout
    }

    /// The CSV file's bytes.
    public func render(_ document: ReportDocument) -> [UInt8] {
        var out = ""
        out.reserveCapacity(256 + document.rows.count * 160)
        if layout == .full {
            Self.appendHeader(document.header, to: &out)
            out += "\r\n"
        }
        Self.appendTrips(document, to: &out)
        if layout == .full {
            out += "\r\n"
            Self.appendTotals(document.totals, to: &out)
            out += "\r\n"
            Self.appendEdits(document.edits, to: &out)
        }
        var bytes: [UInt8] = byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        bytes.append(contentsOf: out.utf8)
        return bytes
    }

    /// Renders and writes the file atomically (a temporary file renamed over `path`).
    public func write(_ document: ReportDocument, to path: String) throws(ReportError) {
        try FileOutput.write(render(document), to: path)
    }

    // MARK: Sections

    /// Odometer readings are written with one decimal when any reading in the document has a fraction, else as whole
    /// numbers.
    /// The trip table's column names for a unit.
    public static func tripColumns(unit: DistanceUnit) -> [String] {
        [
            "Trip", "Date", "Start", "End date", "End", "Odometer start (\(unit.symbol))",
            "Odometer end (\(unit.symbol))", "Distance (\(unit.symbol))", "Category", "Purpose", "Business partner",
            "Destination", "Edited", "Odometer check", "Estimated",
        ]
    }

    static func appendHeader(_ header: ReportHeader, to out: inout String) {
        let created = LocalTime(header.createdAt, utcOffsetSeconds: header.createdAtUTCOffsetSeconds)
        var fields: [(String, String)] = [
            ("Report", "Vehicle log"), ("Period", header.periodLabel), ("Name", header.personName),
            ("Company", header.company), ("Employee ID", header.employeeID), ("Vehicle", header.vehiclePlate),
            ("Make and model", header.vehicleDescription), ("Unit", header.unit.symbol),
        ]
        if let rate = header.rate {
            fields.append(("Rate (\(rate.currency)/\(header.unit.symbol))", rate.decimalText))
        }
        fields.append(("Created", created.dateTime))
        for (name, value) in fields {
            appendRecord([.text(name), name.hasPrefix("Rate") ? .number(value) : .text(value)], to: &out)
        }
    }

    static func appendTrips(_ document: ReportDocument, to out: inout String) {
        let unit = document.header.unit
        let decimals = DecimalText.odometerDecimals(document.rows)
        appendRecord(tripColumns(unit: unit).map(Cell.text), to: &out)
        for row in document.rows {
            let start = LocalTime(row.start, utcOffsetSeconds: row.utcOffsetSeconds)
            let end = LocalTime(row.end, utcOffsetSeconds: row.utcOffsetSeconds)
            appendRecord(
                [
                    .text(row.ref), .text(start.date), .text(start.time), .text(end.date), .text(end.time),
                    .number(DecimalText.odometer(row.odometerStart, decimals: decimals)),
                    .number(DecimalText.odometer(row.odometerEnd, decimals: decimals)),
                    .number(DecimalText.fixed(row.distanceTenths(in: unit), scale: 1)), .text(row.category.label),
                    .text(row.purpose), .text(row.partner), .text(row.destination), .text(row.edited ? "yes" : ""),
                    .text(row.odometerFlag ?? ""), .text((row.estimated ?? []).joined(separator: " ")),
                ], to: &out)
        }
    }

    static func appendTotals(_ totals: ReportTotals, to out: inout String) {
        let unit = totals.unit.symbol
        appendRecord([.text("Totals"), .text("Trips"), .text("Distance (\(unit))")], to: &out)
        for category in ReportCategory.allCases {
            appendRecord(
                [
                    .text(category.label), .number(String(totals.trips[category] ?? 0)),
                    .number(totals.distanceText(category)),
                ], to: &out)
        }
        appendRecord(
            [.text("Total"), .number(String(totals.totalTrips)), .number(totals.totalDistanceText)], to: &out)
        appendRecord([.text("Private share (%)"), .number(totals.privateShareText)], to: &out)
        if let rate = totals.rate {
            appendRecord([.text("Reimbursement (\(rate.currency))"), .number(totals.reimbursementText)], to: &out)
        }
    }

    static func appendEdits(_ edits: [ReportEdit], to out: inout String) {
        appendRecord(
            ["Edit history: trip", "Changed", "By", "Field", "Old value", "New value"].map(Cell.text), to: &out)
        for edit in edits {
            let at = LocalTime(edit.at, utcOffsetSeconds: edit.utcOffsetSeconds)
            appendRecord(
                [edit.tripRef, at.dateTime, edit.by, edit.field, edit.oldValue, edit.newValue].map(Cell.text),
                to: &out)
        }
    }

    // MARK: Fields

    static func appendRecord(_ cells: [Cell], to out: inout String) {
        for (index, cell) in cells.enumerated() {
            if index > 0 { out += "," }
            out += field(cell)
        }
        out += "\r\n"
    }

    /// One encoded field: neutralised (text only) and quoted when needed.
    public static func field(_ cell: Cell) -> String {
        switch cell {
        case .number(let text) where isPlainNumber(text): return text
        case .number(let text), .text(let text): return quoted(neutralised(text))
        }
    }

    /// `text` with a `'` in front when a spreadsheet would read it as a formula (`TextEscaping.csvNeutralised`).
    public static func neutralised(_ text: String) -> String { TextEscaping.csvNeutralised(text) }

    /// `text` quoted when needed (`TextEscaping.csvQuoted`).
    public static func quoted(_ text: String) -> String { TextEscaping.csvQuoted(text) }

    /// Whether `text` is `-?digits` or `-?digits.digits` (empty counts too: an empty cell is inert).
    static func isPlainNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if bytes.isEmpty { return true }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
    }
}
