import CalendarDays
import Foundation

/// A driver's entries of one pay period with overtime and totals, as the list, the report and the API show them.
public struct HoursSheet: Sendable, Hashable {
    public struct Row: Sendable, Hashable {
        public var entry: HoursEntry
        /// Minutes of this entry beyond the daily limit or, among the remaining ones, beyond the weekly limit.
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
        public var entries = 0

        public init() {}

        mutating func add(_ row: Row) {
            workedMinutes += row.entry.workedMinutes
            breakMinutes += row.entry.breakMinutes
            netMinutes += row.entry.netMinutes
            overtimeMinutes += row.overtimeMinutes
            paidMinutes += row.paidMinutes
            entries += 1
        }
    }

    public var period: PayPeriod
    /// The period's closed entries in time order (running entries are not counted until they end).
    public var rows: [Row]
    public var totals: Totals
    /// Totals by day, for every day of the period that has entries.
    public var days: [CalendarDay: Totals]

    /// Counts the period's entries. `entries` may hold more (the weeks around the period): weekly overtime is
    /// counted over whole Monday-to-Sunday weeks, in time order, and only the period's entries are listed.
    public init(period: PayPeriod, entries: [HoursEntry], overtime rules: OvertimeRules) {
        self.period = period
        let closed = entries.filter { !$0.isRunning }.sorted {
            ($0.start, $0.id.uuidString) < ($1.start, $1.id.uuidString)
        }
        var dayNet: [CalendarDay: Int] = [:]
        var weekRegular: [Int: Int] = [:]
        var rows: [Row] = []
        for entry in closed {
            var overtime = 0
            let net = entry.netMinutes
            let before = dayNet[entry.day, default: 0]
            dayNet[entry.day] = before + net
            if let limit = rules.dailyMinutes {
                overtime = max(0, min(net, before + net - limit))
            }
            // Weekly overtime counts among the minutes not already overtime by the day.
            let regular = net - overtime
            let week = Int((Double(entry.day.dayNumber - 4) / 7).rounded(.down))  // 1970-01-05 was a Monday
            let weekBefore = weekRegular[week, default: 0]
            weekRegular[week] = weekBefore + regular
            if let limit = rules.weeklyMinutes {
                overtime += max(0, min(regular, weekBefore + regular - limit))
            }
            let factor = rules.dayFactor(entry.day)
            let paid = Double(net - overtime) * factor + Double(overtime) * max(factor, rules.overtimeFactor)
            rows.append(Row(entry: entry, overtimeMinutes: overtime, paidMinutes: paid))
        }
        self.rows = rows.filter { period.contains($0.entry.day) }
        var totals = Totals()
        var days: [CalendarDay: Totals] = [:]
        for row in self.rows {
            totals.add(row)
            days[row.entry.day, default: Totals()].add(row)
        }
        self.totals = totals
        self.days = days
    }

    /// The days whose entries weekly overtime depends on: from the Monday before the period to the Sunday after it.
    public static func countedDays(of period: PayPeriod) -> (first: CalendarDay, last: CalendarDay) {
        (period.start.adding(days: 1 - period.start.isoWeekday), period.end.adding(days: 7 - period.end.isoWeekday))
    }

    /// The row of an entry, if the sheet counts it.
    public func row(of id: UUID) -> Row? { rows.first { $0.entry.id == id } }
}
