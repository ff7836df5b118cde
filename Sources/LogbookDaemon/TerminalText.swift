import PlainText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Text as a terminal shows it: control characters made visible, widths in character cells, and the terminal's
/// width.
package enum TerminalText {
    /// `text` safe to print in a table: line feeds and tabs become spaces; carriage return is `\r`; every other C0
    /// control, DEL and C1 control is `\xNN` (`ESC` → `\x1b`), so stored text cannot move the cursor, recolour the
    /// terminal or ring its bell.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09: out += " "
            case 0x0D: out += "\\r"
            case _ where isControl(scalar):
                let hex = String(scalar.value, radix: 16)
                out += "\\x" + (hex.count < 2 ? "0" : "") + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` with every control character escaped (`\r`, `\t`, `\n`, else `\xNN`): for messages about the text.
    package static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\r" {
                out += "\\r"
            } else if scalar == "\t" {
                out += "\\t"
            } else if scalar == "\n" {
                out += "\\n"
            } else if isControl(scalar) {
                let hex = String(scalar.value, radix: 16)
                out += "\\x" + (hex.count < 2 ? "0" : "") + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// C0 controls (U+0000–U+001F), DEL and C1 controls (U+0080–U+009F).
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool { PlainText.isControl(scalar) }

    /// `ESC, U+001B`: a control character as a person can recognise it.
    package static func describe(_ scalar: Unicode.Scalar) -> String { PlainText.describe(scalar) }

    /// The cells `text` takes on a terminal: East Asian wide and fullwidth characters and emoji take two, combining
    /// marks and other zero-width characters none, everything else one (as wcwidth(3) counts, per grapheme).
    package static func width(_ text: String) -> Int {
        var total = 0
        for character in text { total += width(character) }
        return total
    }

    package static func width(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.contains(where: { $0.properties.isEmojiPresentation })
            || (scalars.contains { $0.value == 0xFE0F } && scalars.contains { $0.properties.isEmoji })
        {
            return 2
        }
        var cells = 0
        for scalar in scalars { cells += width(scalar) }
        return min(2, cells)
    }

    static func width(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if v == 0 || (0x1160...0x11FF).contains(v) || v == 0x200B { return 0 }
        if isControl(scalar) { return 0 }
        let wide =
            (0x1100...0x115F).contains(v) || v == 0x2329 || v == 0x232A
            || ((0x2E80...0xA4CF).contains(v) && v != 0x303F) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFE10...0xFE19).contains(v) || (0xFE30...0xFE6F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v)
            || (0x1F900...0x1F9FF).contains(v) || (0x20000...0x2FFFD).contains(v) || (0x30000...0x3FFFD).contains(v)
        return wide ? 2 : 1
    }

    /// `text` cut to at most `cells` cells, ending in `…` when cut.
    package static func truncated(_ text: String, toWidth cells: Int) -> String {
        guard width(text) > cells else { return text }
        guard cells > 0 else { return "" }
        var out = ""
        var used = 0
        for character in text {
            let w = width(character)
            if used + w > cells - 1 { break }
            out.append(character)
            used += w
        }
        while out.last == " " { out.removeLast() }
        return out + "…"
    }

    /// The width tables should fit: `$COLUMNS` when set to a number, else the width of the terminal on standard
    /// output; `nil` when output goes to a file or pipe (nothing to fit).
    package static func columns(environment: [String: String]? = nil) -> Int? {
        let columns = environment?["COLUMNS"] ?? getenv("COLUMNS").map { String(cString: $0) }
        if let columns, let n = Int(columns.trimmingSpaces()), n > 0 { return n }
        guard isatty(STDOUT_FILENO) != 0 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The first command-line argument holding a control character, as a one-line refusal naming its option in
    /// `PlainText`'s words (`--purpose contains a control character (ESC, U+001B); give plain text`); `nil` when all
    /// are plain text. The value of a multi-line option (`--notes`, `--description`, `--text`) may hold line feeds,
    /// as the same field may through the API.
    package static func refusal(arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            let what: String
            var value = Substring(argument)
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                what = String(argument[..<equals])
                value = argument[argument.index(after: equals)...]
            } else if index > 0, arguments[index - 1].hasPrefix("-"), !arguments[index - 1].contains("="),
                !argument.hasPrefix("-")
            {
                what = arguments[index - 1]
            } else {
                what = "the argument '\(visible(argument))'"
            }
            let lines = what.hasPrefix("--") ? PlainText.lines(forField: what) : .single
            guard let bad = PlainText.firstRefused(in: String(value), lines: lines) else { continue }
            return PlainText.refusal(field: what, bad)
        }
        return nil
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
