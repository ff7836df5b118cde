import CalendarDays

/// How the employer cuts time into pay periods.
public enum PayPeriodKind: String, Sendable, Hashable, CaseIterable, Codable {
    case weekly
    case twoWeekly = "two-weekly"
    case semiMonthly = "semi-monthly"
    case monthly
}

/// One pay period: the days from `start` to `end`, both included.
public struct PayPeriod: Sendable, Hashable, Codable, CustomStringConvertible {
    public var kind: PayPeriodKind
    public var start: CalendarDay
    public var end: CalendarDay

    public init(kind: PayPeriodKind, start: CalendarDay, end: CalendarDay) {
        self.kind = kind
        self.start = start
        self.end = end
    }

    public var days: [CalendarDay] { (start.dayNumber...end.dayNumber).map(CalendarDay.init(dayNumber:)) }

    public func contains(_ day: CalendarDay) -> Bool { start <= day && day <= end }

    /// `2026-11-01..2026-11-30`.
    public var description: String { "\(start)..\(end)" }
}

/// The employer's pay-period rule: a kind and, for weekly and two-weekly periods, the first day of some period.
public struct PayPeriodRule: Sendable, Hashable {
    public var kind: PayPeriodKind
    /// The first day of one period (weekly, two-weekly); the others follow every 7 or 14 days either way.
    public var anchor: CalendarDay

    /// Monthly by default; weekly periods start on Mondays (2024-01-01 was one).
    public init(kind: PayPeriodKind = .monthly, anchor: CalendarDay = CalendarDay(year: 2024, month: 1, day: 1)!) {
        self.kind = kind
        self.anchor = anchor
    }

    /// The period a day falls in.
    public func period(containing day: CalendarDay) -> PayPeriod {
        switch kind {
        case .weekly, .twoWeekly:
            let length = kind == .weekly ? 7 : 14
            let offset = day.dayNumber - anchor.dayNumber
            let index = offset >= 0 ? offset / length : (offset - length + 1) / length
            let start = anchor.adding(days: index * length)
            return PayPeriod(kind: kind, start: start, end: start.adding(days: length - 1))
        case .semiMonthly:
            let first = day.startOfMonth
            return day.day <= 15
                ? PayPeriod(kind: kind, start: first, end: first.adding(days: 14))
                : PayPeriod(kind: kind, start: first.adding(days: 15), end: day.endOfMonth)
        case .monthly:
            return PayPeriod(kind: kind, start: day.startOfMonth, end: day.endOfMonth)
        }
    }

    /// The period before (negative `steps`) or after another.
    public func period(_ steps: Int, from period: PayPeriod) -> PayPeriod {
        var current = period
        for _ in 0..<abs(steps) {
            current = self.period(containing: steps < 0 ? current.start.adding(days: -1) : current.end.adding(days: 1))
        }
        return current
    }

    /// `current`, `previous`, `next` or a day in the period (`YYYY-MM-DD`), relative to `today`.
    public func period(named name: String, today: CalendarDay) -> PayPeriod? {
        let current = period(containing: today)
        switch name {
        case "current": return current
        case "previous": return period(-1, from: current)
        case "next": return period(1, from: current)
        default: return CalendarDay(parsing: name).map { period(containing: $0) }
        }
    }
}
