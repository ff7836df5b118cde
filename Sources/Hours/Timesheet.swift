import CalendarDays
import Foundation

/// A driver's shifts of one pay period with overtime and totals, as the list, the report and the API show them.
public struct Timesheet: Sendable, Hashable {
    public struct Row: Sendable, Hashable {
        public var shift: Shift
        /// Minutes of this shift beyond the daily limit or, among the remaining ones, beyond the weekly limit.
        public var overtimeMinutes: Int
        /// Net minutes weighted by the day's rate and the overtime rate (the higher of the two for overtime).
        public var paidMinutes: Double
    }

    public struct Totals: Sendable, Hashable {
        public var workedMinutes = 0
        public var breakMinutes = 0
        public var netMinutes = 0
        public var overtimeMinutes = 0
        public var paidMinutes = 0.0
        public var shifts = 0

        mutating func add(_ row: Row) {
            workedMinutes += row.shift.workedMinutes
            breakMinutes += row.shift.breakMinutes
            netMinutes += row.shift.netMinutes
            overtimeMinutes += row.overtimeMinutes
            paidMinutes += row.paidMinutes
            shifts += 1
        }
    }

    public var period: PayPeriod
    /// The period's closed shifts in time order (running shifts are not counted until they end).
    public var rows: [Row]
    public var totals: Totals
    /// Totals by day, for every day of the period that has shifts.
    public var days: [CalendarDay: Totals]

    /// Counts the period's shifts. `shifts` may hold more (the weeks around the period): weekly overtime is counted
    /// over whole Monday-to-Sunday weeks, in time order, and only the period's shifts are listed.
    public init(period: PayPeriod, shifts: [Shift], overtime rules: OvertimeRules) {
        self.period = period
        let closed = shifts.filter { !$0.isRunning }.sorted {
            ($0.start, $0.id.uuidString) < ($1.start, $1.id.uuidString)
        }
        var dayNet: [CalendarDay: Int] = [:]
        var weekRegular: [Int: Int] = [:]
        var rows: [Row] = []
        for shift in closed {
            var overtime = 0
            let net = shift.netMinutes
            let before = dayNet[shift.day, default: 0]
            dayNet[shift.day] = before + net
            if let limit = rules.dailyMinutes {
                overtime = max(0, min(net, before + net - limit))
            }
            // Weekly overtime counts among the minutes not already overtime by the day.
            let regular = net - overtime
            let week = Int((Double(shift.day.dayNumber - 4) / 7).rounded(.down))  // 1970-01-05 was a Monday
            let weekBefore = weekRegular[week, default: 0]
            weekRegular[week] = weekBefore + regular
            if let limit = rules.weeklyMinutes {
                overtime += max(0, min(regular, weekBefore + regular - limit))
            }
            let factor = rules.dayFactor(shift.day)
            let paid = Double(net - overtime) * factor + Double(overtime) * max(factor, rules.overtimeFactor)
            rows.append(Row(shift: shift, overtimeMinutes: overtime, paidMinutes: paid))
        }
        self.rows = rows.filter { period.contains($0.shift.day) }
        var totals = Totals()
        var days: [CalendarDay: Totals] = [:]
        for row in self.rows {
            totals.add(row)
            days[row.shift.day, default: Totals()].add(row)
        }
        self.totals = totals
        self.days = days
    }

    /// The days whose shifts weekly overtime depends on: from the Monday before the period to the Sunday after it.
    public static func countedDays(of period: PayPeriod) -> (first: CalendarDay, last: CalendarDay) {
        (period.start.adding(days: 1 - period.start.isoWeekday), period.end.adding(days: 7 - period.end.isoWeekday))
    }
}
