/// RFC 4180 records with the line each starts on: fields separated by `separator`, quoted with `"` (a quoted
/// field may hold the separator, line breaks and doubled quotes), lines ended by CRLF, LF or CR.
struct CSVTable {
    struct Record {
        /// 1-based line the record starts on.
        var line: Int
        var fields: [String]
    }

    var separator: Character
    var records: [Record]

    /// The separator is the one of `;` and `,` that appears more often in the first line outside quotes (a
    /// comma when neither does). A leading byte order mark is dropped.
    init(text: String) throws(RoofingError) {
        var body = Substring(text)
        if body.first == "\u{FEFF}" { body.removeFirst() }
        var semicolons = 0
        var commas = 0
        var quoted = false
        for c in body {
            if c == "\"" { quoted.toggle() }
            if quoted { continue }
            if c == "\n" || c == "\r" || c == "\r\n" { break }
            if c == ";" { semicolons += 1 }
            if c == "," { commas += 1 }
        }
        separator = semicolons > commas ? ";" : ","
        records = try Self.parse(body, separator: separator)
    }

    private static func parse(_ text: Substring, separator: Character) throws(RoofingError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var index = text.startIndex
        var atFieldStart = true
        var inQuotes = false
        var quoteLine = 1
        var wasQuoted = false
        func endRecord() {
            fields.append(field)
            // A line with nothing on it is no record.
            if !(fields.count == 1 && fields[0].isEmpty && !wasQuoted) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
            field = ""
            atFieldStart = true
            wasQuoted = false
        }
        while index < text.endIndex {
            let c = text[index]
            index = text.index(after: index)
            let isBreak = c == "\n" || c == "\r" || c == "\r\n"
            if inQuotes {
                if c == "\"" {
                    if index < text.endIndex && text[index] == "\"" {
                        field.append("\"")
                        index = text.index(after: index)
                    } else {
                        inQuotes = false
                        if index < text.endIndex {
                            let next = text[index]
                            if next != separator && next != "\n" && next != "\r" && next != "\r\n" {
                                throw RoofingError(
                                    .invalid, path: "", line: line, column: fields.count + 1,
                                    "text after the closing quote of a quoted field (a quote inside must be "
                                        + "doubled: \"\")")
                            }
                        }
                    }
                } else {
                    if isBreak { line += 1 }
                    field.append(c)
                }
                continue
            }
            if c == "\"" {
                guard atFieldStart else {
                    throw RoofingError(
                        .invalid, path: "", line: line, column: fields.count + 1,
                        "a quote inside an unquoted field (quote the whole field and double the quote)")
                }
                inQuotes = true
                wasQuoted = true
                quoteLine = line
                atFieldStart = false
            } else if c == separator {
                fields.append(field)
                field = ""
                atFieldStart = true
            } else if isBreak {
                endRecord()
                line += 1
                recordLine = line
            } else {
                field.append(c)
                atFieldStart = false
            }
        }
        if inQuotes {
            throw RoofingError(
                .invalid, path: "", line: quoteLine, column: fields.count + 1, "a quoted field is never closed")
        }
        if !fields.isEmpty || !field.isEmpty || wasQuoted { endRecord() }
        return records
    }

    /// `field` quoted when it holds the separator, a quote, a line break or leading or trailing spaces.
    static func escape(_ field: String, separator: Character) -> String {
        let needsQuotes =
            field.contains { $0 == separator || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            || field.first?.isWhitespace == true || field.last?.isWhitespace == true
        guard needsQuotes else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }
}
