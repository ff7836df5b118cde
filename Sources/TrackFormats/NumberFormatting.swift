/// Fixed-point decimal formatting for writers: locale-free, never in exponent notation (XML schema
/// decimals and KML forbid it), trailing zeros trimmed.
enum DecimalText {
    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12]

    /// Appends `value` rounded to `decimals` (0...12) places. Non-finite values append `null`-free "0".
    static func append(_ value: Double, decimals: Int, to out: inout String) {
        guard value.isFinite else {
            out += "0"
            return
        }
        let scale = powersOfTen[decimals]
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9.0e18 else {
            // Too large for fixed point in Int64: fall back to the shortest round-trip form.
            out += String(value)
            return
        }
        var units = UInt64(scaled)
        let negative = value < 0 && units != 0
        let divisor = UInt64(scale)
        let integerPart = units / divisor
        units %= divisor
        if negative { out += "-" }
        out += String(integerPart)
        guard decimals > 0, units != 0 else { return }
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: decimals)
        var i = decimals - 1
        while units > 0 {
            digits[i] = UInt8(ascii: "0") + UInt8(units % 10)
            units /= 10
            i -= 1
        }
        var end = decimals
        while end > 0, digits[end - 1] == UInt8(ascii: "0") { end -= 1 }
        out += "."
        out += String(decoding: digits[0..<end], as: UTF8.self)
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
