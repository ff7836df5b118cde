/// Durations as people type and read them on a value-stream map: `45s`, `5m`, `1h30m`, `2d`, `1.5h`.
public enum DurationText {
    /// Seconds from one or more numbers each with a unit s, m, h or d (`1h30m`, `2d 4h`, `0.5h`); nil for anything
    /// else, a bare number included (it would be ambiguous), or more than ten years.
    public static func seconds(_ text: String) -> Double? {
        let text = text.lowercased()
        guard text.contains(where: { !$0.isWhitespace }) else { return nil }
        var total = 0.0
        var number = ""
        var units = Set<Character>()
        // Spaces may stand between a number and its unit or between parts, never inside a number (`1 5m`).
        var spaced = false
        for character in text {
            if character.isWhitespace {
                spaced = true
                continue
            }
            defer { spaced = false }
            if character.isASCII && (character.isNumber || character == ".") {
                guard !(spaced && !number.isEmpty) else { return nil }
                number.append(character)
                continue
            }
            let scale: Double
            switch character {
            case "s": scale = 1
            case "m": scale = 60
            case "h": scale = 3_600
            case "d": scale = 86_400
            default: return nil
            }
            guard let value = Double(number), value >= 0, units.insert(character).inserted else { return nil }
            total += value * scale
            number = ""
        }
        guard number.isEmpty, total <= 10 * 365 * 86_400 else { return nil }
        return total
    }

    /// `1h 30m`, `45s`, `2d 3h`, `0s`: the largest units, at most two, rounded to the second; `-1h 30m` below 0;
    /// `–` for what is not finite or 10^15 seconds and more.
    public static func text(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e15 else { return "–" }
        if seconds.rounded() < 0 { return "-" + text(-seconds) }
        var rest = Int(seconds.rounded())
        if rest == 0 { return "0s" }
        var parts: [String] = []
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] where rest >= size {
            parts.append("\(rest / size)\(unit)")
            rest %= size
            if parts.count == 2 { break }
        }
        return parts.joined(separator: " ")
    }
}
