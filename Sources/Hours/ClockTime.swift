/// A wall-clock time as people type it: `HH:MM`, or `HH:MM+hh:mm` with the UTC offset that says which of two
/// repeated times is meant on the night the clocks go back.
public struct ClockTime: Sendable, Hashable, CustomStringConvertible {
    /// Minutes after local midnight, 0…1439.
    public var minute: Int
    /// The UTC offset written after the time, in seconds east of UTC.
    public var utcOffset: Int?

    public init(minute: Int, utcOffset: Int? = nil) {
        self.minute = minute
        self.utcOffset = utcOffset
    }

    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.init(minute: hour * 60 + minute)
    }

    /// `HH:MM`, `H:MM`, `HH:MM±hh:mm`, `HH:MM±hhmm` or `HH:MMZ`; nil for anything else.
    public init?(parsing text: String) {
        var clock = Substring(text)
        var offset: Int?
        if clock.hasSuffix("Z") || clock.hasSuffix("z") {
            clock = clock.dropLast()
            offset = 0
        } else if let sign = clock.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let rest = Array(clock[clock.index(after: sign)...])
            let digits = rest.count == 5 && rest[2] == ":" ? rest[0..<2] + rest[3..<5] : rest[...]
            guard digits.count == 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let hh = Int(String(digits.prefix(2))), let mm = Int(String(digits.suffix(2))), hh <= 14, mm < 60
            else { return nil }
            offset = (clock[sign] == "-" ? -1 : 1) * (hh * 3_600 + mm * 60)
            clock = clock[..<sign]
        }
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }), let h = Int(parts[0]),
            let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m)
        else { return nil }
        minute = h * 60 + m
        utcOffset = offset
    }

    /// `HH:MM`.
    public var description: String {
        let h = minute / 60
        let m = minute % 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }

    /// `+02:00`, `-05:00`.
    public static func offsetText(_ seconds: Int) -> String {
        let magnitude = abs(seconds) / 60
        let h = magnitude / 60
        let m = magnitude % 60
        return (seconds < 0 ? "-" : "+") + (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }
}
