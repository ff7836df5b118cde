/// A length of time as people type it (`30`, `45m`, `1h`, `1h15m`, `1:30`), in whole minutes: a break.
public struct HoursDuration: Sendable, Hashable, CustomStringConvertible {
    public var minutes: Int

    public init(minutes: Int) { self.minutes = minutes }

    /// nil for text that is not a duration (or a negative one).
    public init?(parsing text: String) {
        guard let minutes = MinutesText.parse(text) else { return nil }
        self.minutes = minutes
    }

    /// `0:45`.
    public var description: String { MinutesText.clock(minutes) }

    /// What a field taking a duration says when the text is none.
    public static let expected = "expected minutes (30) or a duration (45m, 1h, 1h15m)"
}
