/// Fixed-point decimal formatting for writers: locale-free, never in exponent notation (XML schema
/// decimals and KML forbid it), trailing zeros trimmed.
enum DecimalText {
    static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12]

    /// Appends `value` rounded to `decimals` (0...12) places (`TextBuffer.append(_:decimals:)`).
    @inline(__always)
    static func append(_ value: Double, decimals: Int, to out: inout TextBuffer) {
        out.append(value, decimals: decimals)
    }

    static func append(_ value: Double, decimals: Int, to out: inout String) {
        var buffer = TextBuffer(capacity: 24)
        buffer.append(value, decimals: decimals)
        out += buffer.text
    }

    static func string(_ value: Double, decimals: Int) -> String {
        var s = ""
        append(value, decimals: decimals, to: &s)
        return s
    }
}

/// Escaping for the writers' text formats (and the CLI's JSON).
public enum TextEscaping {
    /// A CSV field of text people typed (RFC 4180, OWASP's CSV-injection advice): a `'` in front when a
    /// spreadsheet would read it as a formula (`=`, `+`, `-`, `@`, tab, carriage return, or their full-width
    /// forms), then double quotes around it, inner quotes doubled, when it holds a comma, a quote, CR or LF.
    public static func csvText(_ text: String) -> String { csvQuoted(csvNeutralised(text)) }

    /// `text` with a `'` in front when a spreadsheet would read it as a formula.
    public static func csvNeutralised(_ text: String) -> String {
        guard let first = text.unicodeScalars.first else { return text }
        switch first {
        case "=", "+", "-", "@", "\t", "\r", "\u{FF1D}", "\u{FF0B}", "\u{FF0D}", "\u{FF20}": return "'" + text
        default: return text
        }
    }

    /// `text` in double quotes, inner quotes doubled, when it holds a comma, a double quote, CR or LF.
    public static func csvQuoted(_ text: String) -> String {
        let needsQuotes = text.utf8.contains { byte in
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0D || byte == 0x0A
        }
        guard needsQuotes else { return text }
        var out = "\""
        for character in text.unicodeScalars {
            if character == "\"" { out += "\"" }
            out.unicodeScalars.append(character)
        }
        return out + "\""
    }

    /// XML character data and attribute values.
    public static func xml(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // Characters XML 1.0 does not allow are dropped.
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r" { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A JSON string literal, quotes included.
    public static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
