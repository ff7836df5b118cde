import CalendarDays
public import Foundation

/// The employer's time zone: which day and wall-clock time a moment is, and which moments a typed time can mean.
/// Elapsed time is always real time between two moments, so a night shift across a daylight-saving change counts
/// the hours actually worked.
public struct WorkZone: Sendable, Hashable {
    public var timeZone: TimeZone

    public init(_ timeZone: TimeZone) { self.timeZone = timeZone }

    /// A zone by its IANA name (`Europe/Helsinki`); nil if the system does not know it.
    public init?(identifier: String) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        timeZone = zone
    }

    public var identifier: String { timeZone.identifier }

    /// Seconds east of UTC in force at `moment`.
    public func utcOffset(at moment: Date) -> Int { timeZone.secondsFromGMT(for: moment) }

    /// The local day of a moment.
    public func day(of moment: Date) -> CalendarDay {
        let local = moment.timeIntervalSince1970 + Double(utcOffset(at: moment))
        return CalendarDay(dayNumber: Int((local / 86_400).rounded(.down)))
    }

    /// Minutes after local midnight of a moment.
    public func clockMinute(of moment: Date) -> Int {
        let local = moment.timeIntervalSince1970 + Double(utcOffset(at: moment))
        return Int((local - (local / 86_400).rounded(.down) * 86_400) / 60)
    }

    /// The moments a wall-clock time names on `day`, earliest first: none in the hour skipped when clocks go
    /// forward, two in the hour repeated when they go back, else one. With an explicit UTC offset, the one moment
    /// if the zone had that offset then, else none.
    public func moments(of time: ClockTime, on day: CalendarDay) -> [Date] {
        let wall = Double(day.dayNumber) * 86_400 + Double(time.minute) * 60
        if let offset = time.utcOffset {
            let moment = Date(timeIntervalSince1970: wall - Double(offset))
            return utcOffset(at: moment) == offset ? [moment] : []
        }
        let candidates = Set([-86_400.0, 0, 86_400].map { utcOffset(at: Date(timeIntervalSince1970: wall + $0)) })
        return Set(
            candidates.compactMap { candidate -> Double? in
                let moment = wall - Double(candidate)
                return utcOffset(at: Date(timeIntervalSince1970: moment)) == candidate ? moment : nil
            }
        ).sorted().map { Date(timeIntervalSince1970: $0) }
    }

    /// The first moment of a local day (midnight, or the first minute after a skipped midnight).
    public func startOfDay(_ day: CalendarDay) -> Date {
        for minute in stride(from: 0, to: 24 * 60, by: 15) {
            if let first = moments(of: ClockTime(minute: minute), on: day).first { return first }
        }
        return Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400)
    }

    /// `2026-11-21T07:00:00+02:00`: the moment in local time with its offset.
    public func iso8601(_ moment: Date) -> String {
        let offset = utcOffset(at: moment)
        let seconds = Int((moment.timeIntervalSince1970).rounded(.down))
        let local = seconds + offset
        let day = CalendarDay(dayNumber: Int((Double(local) / 86_400).rounded(.down)))
        let second = local - day.dayNumber * 86_400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(day)T\(two(second / 3_600)):\(two(second / 60 % 60)):\(two(second % 60))"
            + ClockTime.offsetText(offset)
    }

    /// `HH:MM` of a moment in local time.
    public func clockText(_ moment: Date) -> String { ClockTime(minute: clockMinute(of: moment)).description }
}
