import CalendarDays

/// The employer's rules for working time: pay periods, the time zone, rounding, automatic breaks and overtime.
public struct HoursRules: Sendable, Hashable {
    public var periods: PayPeriodRule
    public var zone: WorkZone
    public var rounding: RoundingRules
    public var autoBreak: AutoBreak
    public var overtime: OvertimeRules

    /// The longest entry the rules accept.
    public static let longestEntryMinutes = 24 * 60

    public init(
        periods: PayPeriodRule = PayPeriodRule(), zone: WorkZone, rounding: RoundingRules = RoundingRules(),
        autoBreak: AutoBreak = .none, overtime: OvertimeRules = .none
    ) {
        self.periods = periods
        self.zone = zone
        self.rounding = rounding
        self.autoBreak = autoBreak
        self.overtime = overtime
    }

    /// A wall-clock time on a day as one moment: refused when the clocks skipped it; when they repeated it (the
    /// night they go back), the first of the two unless a UTC offset says which (`02:30+01:00`). Which one was
    /// taken is `WorkZone.repeatedTime(at:)` of the moment.
    public func moment(_ time: ClockTime, on day: CalendarDay, field: String) throws(HoursError) -> Moment {
        let candidates = zone.moments(of: time, on: day)
        guard let first = candidates.first else {
            if let offset = time.utcOffset {
                throw HoursError(
                    .invalidValue, field: field,
                    "\(day) \(time)\(ClockTime.offsetText(offset)) is not a time of \(zone.identifier)")
            }
            throw HoursError(
                .invalidValue, field: field,
                "\(day) \(time) does not exist in \(zone.identifier) (the clocks skipped it)")
        }
        return Moment(first)
    }

    /// The moments of an entry typed as a date and two wall-clock times: an end not after the start is on the next
    /// day (a night shift).
    public func entryTimes(
        day: CalendarDay, start: ClockTime, end: ClockTime, endDay: CalendarDay? = nil
    ) throws(HoursError) -> (start: Moment, end: Moment) {
        let from = try moment(start, on: day, field: "start")
        let lastDay = endDay ?? (end.minute <= start.minute ? day.adding(days: 1) : day)
        let to = try moment(end, on: lastDay, field: "end")
        return (from, to)
    }

    /// An entry closed: its times rounded, the automatic break applied and its minutes counted, in real elapsed time.
    public func close(
        rawStart: Moment, rawEnd: Moment, enteredBreakMinutes: Int
    ) throws(HoursError) -> ClosedTimes {
        guard enteredBreakMinutes >= 0 else {
            throw HoursError(.invalidValue, field: "break_minutes", "a break cannot be negative")
        }
        guard rawEnd.seconds > rawStart.seconds else {
            throw HoursError(.implausible, field: "end", "the shift must end after it starts")
        }
        let start = round(rawStart, rounding.start)
        var end = round(rawEnd, rounding.end)
        if end.seconds <= start.seconds { end = rawEnd }
        let worked = Int(((end.seconds - start.seconds) / 60).rounded())
        guard worked <= Self.longestEntryMinutes else {
            throw HoursError(
                .implausible, field: "end",
                "a shift of \(MinutesText.clock(worked)) is longer than 24 hours; enter it as two shifts")
        }
        let breakMinutes = autoBreak.breakMinutes(elapsedMinutes: worked, enteredMinutes: enteredBreakMinutes)
        guard breakMinutes < worked else {
            throw HoursError(
                .implausible, field: "break_minutes",
                "a break of \(breakMinutes) minutes does not fit in a shift of \(worked) minutes")
        }
        let net = Int(rounding.duration.apply(seconds: Double(worked - breakMinutes) * 60) / 60)
        return ClosedTimes(start: start, end: end, breakMinutes: breakMinutes, workedMinutes: worked, netMinutes: net)
    }

    /// Rounds a moment on the local wall clock (so a 6-minute grid means :00, :06 … also in a +05:45 zone).
    func round(_ moment: Moment, _ rounding: Rounding) -> Moment {
        guard rounding.mode != .none else { return moment }
        let offset = Double(zone.utcOffset(at: moment.date))
        return Moment(seconds: rounding.apply(seconds: moment.seconds + offset) - offset)
    }
}

/// An entry's times once it is closed.
public struct ClosedTimes: Sendable, Hashable {
    public var start: Moment
    public var end: Moment
    /// The break deducted: the entered one or the automatic one, whichever is longer.
    public var breakMinutes: Int
    /// Minutes from (rounded) start to (rounded) end, in real elapsed time.
    public var workedMinutes: Int
    /// Worked minutes less the break, rounded as the rules say.
    public var netMinutes: Int
}
