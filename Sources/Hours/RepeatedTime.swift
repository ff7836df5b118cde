public import Foundation

/// A wall-clock time that happened twice (the hour repeated the night the clocks go back), and which of the two a
/// moment is: `02:30` taken as the first `02:30` (`+02:00`) in Berlin, `02:30+01:00` being the second.
public struct RepeatedTime: Sendable, Hashable {
    /// The time with the offset of the occurrence it is (`02:30+02:00`).
    public var time: ClockTime
    /// 1 for the first of the two, 2 for the second.
    public var occurrence: Int
    /// The offset of the other occurrence, in seconds east of UTC.
    public var otherOffset: Int

    public init(time: ClockTime, occurrence: Int, otherOffset: Int) {
        self.time = time
        self.occurrence = occurrence
        self.otherOffset = otherOffset
    }

    public var isFirst: Bool { occurrence == 1 }

    /// `first` or `second`.
    public var ordinal: String { isFirst ? "first" : "second" }

    /// `+02:00`: the offset of the occurrence taken.
    public var offsetText: String { ClockTime.offsetText(time.utcOffset ?? 0) }

    /// `02:30 taken as the first 02:30 (+02:00); 02:30+01:00 is the second`.
    public var note: String {
        let clock = ClockTime(minute: time.minute).description
        return
            "\(clock) taken as the \(ordinal) \(clock) (\(offsetText)); \(clock)\(ClockTime.offsetText(otherOffset)) "
            + "is the \(isFirst ? "second" : "first")"
    }
}

extension WorkZone {
    /// Which of two equal wall-clock times `moment` is, when its minute happened twice that night; nil for a time
    /// that happened once.
    public func repeatedTime(at moment: Date) -> RepeatedTime? {
        let minute = clockMinute(of: moment)
        let candidates = moments(of: ClockTime(minute: minute), on: day(of: moment))
        guard candidates.count == 2,
            let index = candidates.firstIndex(where: { abs($0.timeIntervalSince(moment)) < 60 })
        else { return nil }
        return RepeatedTime(
            time: ClockTime(minute: minute, utcOffset: utcOffset(at: candidates[index])), occurrence: index + 1,
            otherOffset: utcOffset(at: candidates[1 - index]))
    }
}
