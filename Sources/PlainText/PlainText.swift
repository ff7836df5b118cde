/// The one rule for free text that enters the log, whatever the door (API, page form, command line, imported file):
/// no control characters. C0 controls (U+0000–U+001F, NUL, CR, ESC …), DEL and C1 controls (U+0080–U+009F) are
/// refused; a multi-line field (notes, descriptions, texts) may hold line feeds, nothing else (a tab neither: it
/// has no width a page, a PDF or a table agree on). Every door refuses with the same message,
/// `refusal(field:_:)`.
public enum PlainText {
    /// Whether a field may hold more than one line.
    public enum Lines: Sendable {
        /// Names, plates, file names, captions, purposes: no control character at all.
        case single
        /// Notes, descriptions, texts: line feeds (U+000A) are allowed.
        case multiple
    }

    /// The names of fields (their last key, `stickers[3].text` → `text`, or a long option without its dashes) that
    /// may hold more than one line. Every other field is one line.
    public static let multiLineFields: Set<String> = ["note", "notes", "description", "text", "comment"]

    /// The lines a field named `field` may hold (`--notes`, `stickers[2].text` and `notes` alike).
    public static func lines(forField field: String) -> Lines {
        var name = Substring(field)
        while name.first == "-" { name.removeFirst() }
        if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
        if let bracket = name.firstIndex(of: "[") { name = name[..<bracket] }
        return multiLineFields.contains(String(name)) ? .multiple : .single
    }

    /// C0 controls (U+0000–U+001F), DEL (U+007F) and C1 controls (U+0080–U+009F).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }

    /// The first character of `text` the rule refuses, `nil` when it is plain text.
    public static func firstRefused(in text: String, lines: Lines = .single) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            guard isControl(scalar) else { return false }
            return lines == .single || scalar != "\n"
        }
    }

    /// The one message: `purpose contains a control character (ESC, U+001B); give plain text`.
    public static func refusal(field: String, _ scalar: Unicode.Scalar) -> String {
        "\(field) contains a control character (\(describe(scalar))); give plain text"
    }

    /// Checks `text` as the field `field`, with the lines that field may hold unless `lines` is given.
    public static func check(_ text: String, field: String, lines: Lines? = nil) throws(PlainTextError) {
        if let bad = firstRefused(in: text, lines: lines ?? Self.lines(forField: field)) {
            throw PlainTextError(field: field, scalar: bad)
        }
    }

    /// Checks every string (and key) of a decoded JSON value (`[String: Any]`, `[Any]`, `String`, numbers), each
    /// as the field its path names (`sections[2].stickers[0].text`), object keys in sorted order.
    public static func check(jsonValue value: Any, path: String = "") throws(PlainTextError) {
        switch value {
        case let text as String:
            try check(text, field: path.isEmpty ? "body" : path)
        case let array as [Any]:
            for (index, element) in array.enumerated() { try check(jsonValue: element, path: "\(path)[\(index)]") }
        case let object as [String: Any]:
            for key in object.keys.sorted() {
                let field = path.isEmpty ? key : "\(path).\(key)"
                try check(key, field: field, lines: .single)
                if let element = object[key] { try check(jsonValue: element, path: field) }
            }
        default:
            return
        }
    }

    /// `ESC, U+001B`: a control character as a person can recognise it.
    public static func describe(_ scalar: Unicode.Scalar) -> String {
        let names = [
            "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "TAB", "LF", "VT", "FF", "CR", "SO", "SI",
            "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US",
        ]
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        if scalar.value < 0x20 { return names[Int(scalar.value)] + ", " + code }
        if scalar.value == 0x7F { return "DEL, " + code }
        return code
    }

    /// `name` as a safe file name: control characters, `/` and `\` become `_`, a name of only dots or nothing
    /// becomes `fallback`. For names stored before the rule held (export, downloads).
    public static func fileName(_ name: String, fallback: String = "file") -> String {
        var out = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            out.append(isControl(scalar) || scalar == "/" || scalar == "\\" ? "_" : scalar)
        }
        let text = String(out)
        return text.isEmpty || text.allSatisfy({ $0 == "." }) ? fallback : text
    }
}

/// A field that holds a character the rule refuses.
public struct PlainTextError: Error, Sendable, Hashable, CustomStringConvertible {
    public var field: String
    public var scalar: Unicode.Scalar
    public var message: String { PlainText.refusal(field: field, scalar) }
    public var description: String { message }

    public init(field: String, scalar: Unicode.Scalar) {
        self.field = field
        self.scalar = scalar
    }
}
