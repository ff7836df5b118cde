import ArgumentParser
import LogbookDaemon
import TrackFormats
import TrackModel
import LogbookServices

/// `--format table|json|csv`, offered by every list-like command.
package enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case table, json, csv }

/// One value of a listing, typed so that JSON gets numbers, booleans and nulls and CSV and tables get text.
package enum Cell {
    case text(String?)
    case number(Double?, decimals: Int)
    case integer(Int?)
    case flag(Bool)
    /// UTC in JSON and CSV (ISO 8601), local in tables.
    case time(Timestamp?)

    package func json(into j: inout JSONText) {
        switch self {
        case .text(let s): if let s { j.value(s) } else { j.null() }
        case .number(let n, let decimals): if let n, n.isFinite { j.value(n, decimals: decimals) } else { j.null() }
        case .integer(let n): if let n { j.value(n) } else { j.null() }
        case .flag(let b): j.value(b)
        case .time(let t): if let t { j.value(t.iso8601) } else { j.null() }
        }
    }

    package var csv: String {
        switch self {
        case .text(let s): TextEscaping.csvText(s ?? "")
        case .number(let n, let decimals): n.map { JSONText.fixed($0, decimals: decimals) } ?? ""
        case .integer(let n): n.map(String.init) ?? ""
        case .flag(let b): b ? "true" : "false"
        case .time(let t): t?.iso8601 ?? ""
        }
    }

    package func table(_ clock: LocalClock) -> String {
        switch self {
        case .text(let s):
            // Tables stay readable: long texts (a whole trip in an audit entry) are cut; JSON and CSV keep all.
            // Control characters are shown escaped, never sent to the terminal.
            TerminalText.truncated(TerminalText.escaped(s ?? ""), toWidth: 60)
        case .number(let n, let decimals): n.map { JSONText.fixed($0, decimals: decimals) } ?? ""
        case .integer(let n): n.map(String.init) ?? ""
        case .flag(let b): b ? "yes" : ""
        case .time(let t): t.map(clock.dateTime) ?? ""
        }
    }

    package var isNumeric: Bool {
        switch self {
        case .number, .integer: true
        default: false
        }
    }
}

/// Rows of cells under named columns, rendered as a table for people, a JSON array of objects, or RFC 4180 CSV.
package struct Listing {
    package struct Column {
        var key: String
        var title: String
    }

    package var columns: [Column]
    package var rows: [[Cell]] = []

    package init(_ columns: [(String, String)]) {
        self.columns = columns.map { Column(key: $0.0, title: $0.1) }
    }

    package mutating func append(_ row: [Cell]) {
        precondition(row.count == columns.count, "a row needs one cell per column")
        rows.append(row)
    }

    package func objects(into j: inout JSONText) {
        j.beginArray()
        for row in rows { object(row, into: &j) }
        j.endArray()
    }

    package func object(_ row: [Cell], into j: inout JSONText) {
        j.beginObject()
        for (column, cell) in zip(columns, row) {
            j.key(column.key)
            cell.json(into: &j)
        }
        j.endObject()
    }

    package func json() -> String {
        var j = JSONText()
        objects(into: &j)
        return j.text + "\n"
    }

    package func csv() -> String {
        var out = columns.map(\.key).joined(separator: ",") + "\r\n"
        for row in rows { out += row.map(\.csv).joined(separator: ",") + "\r\n" }
        return out
    }

    /// Columns of free text people typed: the ones shortened when a table is wider than the terminal.
    package static let freeTextKeys: Set<String> = [
        "purpose", "partner", "destination", "notes", "note", "void_reason", "reason", "make_model", "from", "to",
        "old_value", "new_value",
    ]

    /// The table for people. Columns are as wide as their widest cell in terminal cells (wide characters count
    /// two); numbers are right-aligned. When `width` is given (the terminal's, by default) and the table is wider,
    /// the free-text columns (`freeTextKeys`) are cut, widest first, down to 8 cells — never the numbers.
    package func table(_ clock: LocalClock, footer: [String] = [], width: Int? = TerminalText.columns()) -> String {
        var cells = rows.map { $0.map { $0.table(clock) } }
        let header = columns.map(\.title)
        var widths = header.indices.map { k in
            ([header[k]] + cells.map { $0[k] }).map(TerminalText.width).max() ?? 0
        }
        let numeric = header.indices.map { k in !rows.isEmpty && rows.allSatisfy { $0[k].isNumeric } }
        if let width {
            let free = columns.indices.filter { Self.freeTextKeys.contains(columns[$0].key) && !numeric[$0] }
            let floor = header.indices.map { max(8, TerminalText.width(header[$0])) }
            var total = widths.reduce(0, +) + 2 * max(0, widths.count - 1)
            while total > width,
                let k = free.filter({ widths[$0] > floor[$0] }).max(by: { widths[$0] < widths[$1] })
            {
                let cut = min(total - width, widths[k] - floor[k])
                widths[k] -= cut
                total -= cut
                for r in cells.indices { cells[r][k] = TerminalText.truncated(cells[r][k], toWidth: widths[k]) }
            }
        }
        func line(_ row: [String]) -> String {
            var out = ""
            for (k, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: max(0, widths[k] - TerminalText.width(cell)))
                out += (k == 0 ? "" : "  ") + (numeric[k] ? padding + cell : cell + padding)
            }
            while out.hasSuffix(" ") { out.removeLast() }
            return out + "\n"
        }
        var out = line(header)
        for row in cells { out += line(row) }
        for extra in footer { out += TerminalText.escaped(extra) + "\n" }
        return out
    }

    /// The listing in `format`; with `single`, JSON is the first row's object rather than an array.
    package func render(_ format: OutputFormat, clock: LocalClock, footer: [String] = [], single: Bool = false)
        -> String
    {
        switch format {
        case .table: return table(clock, footer: footer)
        case .csv: return csv()
        case .json:
            guard single, let first = rows.first else { return json() }
            var j = JSONText()
            object(first, into: &j)
            return j.text + "\n"
        }
    }

    /// Renders to standard output.
    package func print(_ format: OutputFormat, clock: LocalClock, footer: [String] = [], single: Bool = false) {
        var output = StandardOutput()
        output.write(render(format, clock: clock, footer: footer, single: single))
        output.flush()
    }
}
