import CalendarDays

/// When time counts as overtime, and the rate each minute is paid at.
public struct OvertimeRules: Sendable, Hashable {
    /// Net minutes a day beyond which minutes are overtime; nil: no daily limit.
    public var dailyMinutes: Int?
    /// Net minutes a week (Monday to Sunday) beyond which the remaining regular minutes are overtime; nil: none.
    public var weeklyMinutes: Int?
    /// The rate of an overtime minute (1.25: a quarter more).
    public var overtimeFactor: Double
    /// The rate of a day's minutes by ISO weekday (1 Monday … 7 Sunday); a day not named pays 1.
    public var weekdayFactors: [Int: Double]
    /// The rate on public holidays (instead of the weekday's).
    public var holidayFactor: Double
    public var holidays: Set<CalendarDay>

    public static let none = OvertimeRules()

    public init(
        dailyMinutes: Int? = nil, weeklyMinutes: Int? = nil, overtimeFactor: Double = 1,
        weekdayFactors: [Int: Double] = [:], holidayFactor: Double = 1, holidays: Set<CalendarDay> = []
    ) {
        self.dailyMinutes = dailyMinutes
        self.weeklyMinutes = weeklyMinutes
        self.overtimeFactor = overtimeFactor
        self.weekdayFactors = weekdayFactors
        self.holidayFactor = holidayFactor
        self.holidays = holidays
    }

    /// The rate of ordinary minutes on a day.
    public func dayFactor(_ day: CalendarDay) -> Double {
        holidays.contains(day) ? holidayFactor : weekdayFactors[day.isoWeekday] ?? 1
    }
}
