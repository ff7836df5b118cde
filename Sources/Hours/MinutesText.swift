/// Durations as people type and read them.
public enum MinutesText {
    /// `7:30` (hours and minutes; negative with a sign).
    public static func clock(_ minutes: Int) -> String {
        let m = abs(minutes)
        return (minutes < 0 ? "-" : "") + "\(m / 60):" + (m % 60 < 10 ? "0" : "") + "\(m % 60)"
    }

    /// Minutes from `30`, `30m`, `6h`, `1h30m`, `1:30` or `2d`; nil for anything else (or a negative amount).
    public static func parse(_ text: String) -> Int? {
        let text = String(text.filter { $0 != " " }).lowercased()
        guard !text.isEmpty else { return nil }
        if text.allSatisfy({ $0.isASCII && $0.isNumber }) { return Int(text) }
        let colon = text.split(separator: ":", omittingEmptySubsequences: false)
        if colon.count == 2, let h = Int(colon[0]), colon[1].count == 2, let m = Int(colon[1]), h >= 0, m < 60 {
            return h * 60 + m
        }
        var total = 0
        var number = ""
        var units: Set<Character> = []
        for character in text {
            if character.isASCII && character.isNumber {
                number.append(character)
                continue
            }
            let scale: Int
            switch character {
            case "d": scale = 1_440
            case "h": scale = 60
            case "m": scale = 1
            default: return nil
            }
            guard let value = Int(number), units.insert(character).inserted else { return nil }
            total += value * scale
            number = ""
        }
        return number.isEmpty ? total : nil
    }
}
