import TrackModel

/// The encodings a MIME message needs, written out so rendering is pure and byte-for-byte reproducible.
public enum MIME {
    /// Base64 (RFC 4648) with padding, broken into lines of `lineLength` characters with CRLF (0: one line).
    public static func base64(_ bytes: [UInt8], lineLength: Int = 76) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 3 * 4 + bytes.count / 57 * 2 + 8)
        var column = 0
        func put(_ byte: UInt8) {
            if lineLength > 0, column == lineLength {
                out.append(0x0D)
                out.append(0x0A)
                column = 0
            }
            out.append(byte)
            column += 1
        }
        var index = 0
        while index + 3 <= bytes.count {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            put(alphabet[Int(value >> 18 & 63)])
            put(alphabet[Int(value >> 12 & 63)])
            put(alphabet[Int(value >> 6 & 63)])
            put(alphabet[Int(value & 63)])
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            let value = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            put(alphabet[Int(value >> 18 & 63)])
            put(alphabet[Int(value >> 12 & 63)])
            put(rest == 2 ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "="))
            put(UInt8(ascii: "="))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Quoted-printable (RFC 2045 §6.7) for UTF-8 text: line breaks become CRLF, lines are at most 76 characters
    /// (soft breaks `=`), `=`, control and non-ASCII bytes are `=XX`, and a space or tab before a line break is
    /// encoded so no transport can strip it.
    public static func quotedPrintable(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        let lines = text.replacingCRLF.split(separator: "\n", omittingEmptySubsequences: false)
        for (lineIndex, line) in lines.enumerated() {
            if lineIndex > 0 { out += [0x0D, 0x0A] }
            let bytes = Array(line.utf8)
            var column = 0
            for (index, byte) in bytes.enumerated() {
                let last = index == bytes.count - 1
                let literal =
                    (byte >= 33 && byte <= 126 && byte != UInt8(ascii: "="))
                    || ((byte == 0x20 || byte == 0x09) && !last)
                let token: [UInt8] = literal ? [byte] : [UInt8(ascii: "="), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
                // Leave room for the soft break's "=" unless this token ends the line.
                let limit = last ? 76 : 75
                if column + token.count > limit {
                    out += [UInt8(ascii: "="), 0x0D, 0x0A]
                    column = 0
                }
                out += token
                column += token.count
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A header value as RFC 2047 encoded words (`=?UTF-8?B?…?=`, each at most 75 characters, folded onto
    /// continuation lines) when it holds anything but printable ASCII or is long; as it is otherwise. Line breaks
    /// and control characters become spaces first, so a value can never start a header of its own.
    public static func encodedWords(_ value: String) -> String {
        let value = value.singleLine
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) && value.utf8.count <= 60 && !value.contains("=?") {
            return value
        }
        // 45 bytes of UTF-8 make 60 base64 characters: 12 more for "=?UTF-8?B?" and "?=" keep a word under 75.
        var words: [String] = []
        var chunk: [UInt8] = []
        for scalar in value.unicodeScalars {
            let encoded = Array(String(scalar).utf8)
            if chunk.count + encoded.count > 45 {
                words.append("=?UTF-8?B?\(base64(chunk, lineLength: 0))?=")
                chunk = []
            }
            chunk += encoded
        }
        if !chunk.isEmpty { words.append("=?UTF-8?B?\(base64(chunk, lineLength: 0))?=") }
        return words.joined(separator: "\r\n ")
    }

    /// A `name="value"` header parameter, or RFC 2231 `name*=UTF-8''percent-encoded` when the value is not plain
    /// ASCII text.
    public static func parameter(_ name: String, _ value: String) -> String {
        let value = value.singleLine
        let plain = value.utf8.allSatisfy { byte in
            byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
        }
        if plain && value.utf8.count <= 60 { return "\(name)=\"\(value)\"" }
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        for byte in value.utf8 {
            let unreserved =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            if unreserved {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return "\(name)*=UTF-8''\(String(decoding: encoded, as: UTF8.self))"
    }

    /// An RFC 5322 date: `Sun, 01 Nov 2026 08:00:00 +0200`.
    public static func date(_ instant: Timestamp, utcOffsetSeconds: Int = 0) -> String {
        let local = Timestamp(secondsSince1970: (instant.secondsSince1970 + Double(utcOffsetSeconds)).rounded(.down))
        let c = local.components
        // 1970-01-01 was a Thursday.
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let weekday = weekdays[((local.dayNumber % 7) + 7) % 7]
        let offsetMinutes = abs(utcOffsetSeconds) / 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        let zone = (utcOffsetSeconds < 0 ? "-" : "+") + two(offsetMinutes / 60) + two(offsetMinutes % 60)
        return "\(weekday), \(two(c.day)) \(months[c.month - 1]) \(c.year) \(two(c.hour)):\(two(c.minute)):"
            + "\(two(c.millisecond / 1_000)) \(zone)"
    }
}

extension String {
    /// The text with CRLF and lone CR turned into LF.
    var replacingCRLF: String {
        var out = ""
        out.reserveCapacity(utf8.count)
        var previousCR = false
        for scalar in unicodeScalars {
            if scalar == "\r" {
                out.unicodeScalars.append("\n")
                previousCR = true
                continue
            }
            if scalar == "\n", previousCR {
                previousCR = false
                continue
            }
            previousCR = false
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// The text on one line: line breaks, tabs and other control characters become spaces.
    var singleLine: String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x00..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029: out.unicodeScalars.append(" ")
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
