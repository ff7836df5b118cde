public import TrackModel

/// A reporting period as a user names it: `this-week`, `last-week`, `this-month`, `last-month`, `all`, `YYYY-MM`,
/// or explicit `from`/`to` days. Weeks are ISO weeks (Monday to Sunday); days are local calendar days.
public enum Period: Sendable, Hashable {
    case thisWeek
    case lastWeek
    case thisMonth
    case lastMonth
    case all
    case month(year: Int, month: Int)
    /// Whole local days from `from` through `through`, both included; `nil` leaves that end open.
    case days(from: Day?, through: Day?)

    /// The names `init(parsing:)` accepts besides `YYYY-MM`.
    public static let names = ["this-week", "last-week", "this-month", "last-month", "all"]

    /// Parses a period name or `YYYY-MM` (case-insensitive, surrounding blanks ignored).
    public init(parsing text: String) throws(PeriodError) {
        let trimmed = Self.trimmed(text)
        switch trimmed.lowercased() {
        case "this-week": self = .thisWeek
        case "last-week": self = .lastWeek
        case "this-month": self = .thisMonth
        case "last-month": self = .lastMonth
        case "all": self = .all
        default:
            let b = Array(trimmed.utf8)
            guard b.count == 7, b[4] == UInt8(ascii: "-"), let year = Day.number(b[0..<4]),
                let month = Day.number(b[5..<7])
            else { throw PeriodError(code: .unknownPeriod, field: "period", text: text) }
            guard (1...12).contains(month) else { throw PeriodError(code: .invalidMonth, field: "period", text: text) }
            self = .month(year: year, month: month)
        }
    }

    /// An explicit range from `YYYY-MM-DD` texts; either end may be left out (open).
    public static func explicit(from: String?, to: String?) throws(PeriodError) -> Period {
        func day(_ text: String?, field: String) throws(PeriodError) -> Day? {
            guard let text else { return nil }
            guard let day = Day(parsing: trimmed(text)) else {
                throw PeriodError(code: .invalidDate, field: field, text: text)
            }
            return day
        }
        let start = try day(from, field: "from")
        let end = try day(to, field: "to")
        if let start, let end, end < start, let to {
            throw PeriodError(code: .endBeforeStart, field: "to", text: to)
        }
        return .days(from: start, through: end)
    }

    /// The first and the day after the last local day of the period (half-open); `nil` ends are open.
    public func localDays(today: Day) -> (start: Day?, end: Day?) {
        switch self {
        case .thisWeek:
            let monday = today.startOfWeek
            return (monday, monday.adding(days: 7))
        case .lastWeek:
            let monday = today.startOfWeek
            return (monday.adding(days: -7), monday)
        case .thisMonth:
            let first = today.startOfMonth
            return (first, first.adding(months: 1))
        case .lastMonth:
            let first = today.startOfMonth
            return (first.adding(months: -1), first)
        case .all:
            return (nil, nil)
        case .month(let year, let month):
            let first = Day(year: year, month: month, day: 1)!
            return (first, first.adding(months: 1))
        case .days(let from, let through):
            return (from, through?.adding(days: 1))
        }
    }

    /// The period as a half-open UTC interval for a fixed UTC offset (seconds east of Greenwich).
    public func interval(today: Day, utcOffsetSeconds: Int) -> UTCInterval {
        interval(today: today) { _ in utcOffsetSeconds }
    }

    /// The period as a half-open UTC interval, with the local UTC offset (seconds east) at an instant given by
    /// `localOffset` — so a month that spans a daylight-saving change starts and ends at local midnight.
    ///
    /// Local midnight is found by two fixed-point steps: guess with the offset at the naive instant, then use the
    /// offset at the guess. Where midnight itself does not exist locally (a zone that springs forward at 00:00),
    /// the result is the instant the clock jumped past.
    public func interval(today: Day, localOffset: (Timestamp) -> Int) -> UTCInterval {
        let days = localDays(today: today)
        func midnight(_ day: Day) -> Timestamp {
            let naive = Double(day.dayNumber) * 86_400
            let guess = naive - Double(localOffset(Timestamp(secondsSince1970: naive)))
            return Timestamp(secondsSince1970: naive - Double(localOffset(Timestamp(secondsSince1970: guess))))
        }
        return UTCInterval(start: days.start.map(midnight), end: days.end.map(midnight))
    }

    static func trimmed(_ text: String) -> Substring {
        var s = Substring(text)
        while let first = s.first, first.isWhitespace { s.removeFirst() }
        while let last = s.last, last.isWhitespace { s.removeLast() }
        return s
    }
}

/// A half-open UTC interval `[start, end)`; a `nil` end is open.
public struct UTCInterval: Sendable, Hashable {
    public var start: Timestamp?
    public var end: Timestamp?

    public init(start: Timestamp?, end: Timestamp?) {
        self.start = start
        self.end = end
    }

    public func contains(_ time: Timestamp) -> Bool {
        if let start, time < start { return false }
        if let end, !(time < end) { return false }
        return true
    }
}

/// A period text that could not be understood; `text` is the offending input, `field` where it came from.
public struct PeriodError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        case unknownPeriod = "unknown-period"
        case invalidMonth = "invalid-month"
        case invalidDate = "invalid-date"
        case endBeforeStart = "end-before-start"
    }

    public var code: Code
    public var field: String
    public var text: String

    public init(code: Code, field: String, text: String) {
        self.code = code
        self.field = field
        self.text = text
    }

    public var description: String {
        switch code {
        case .unknownPeriod:
            return "\(field) \"\(text)\": expected \(Period.names.joined(separator: ", ")) or YYYY-MM"
        case .invalidMonth:
            return "\(field) \"\(text)\": month must be 01 to 12"
        case .invalidDate:
            return "\(field) \"\(text)\": expected a date YYYY-MM-DD"
        case .endBeforeStart:
            return "\(field) \"\(text)\": ends before the period starts"
        }
    }
}
