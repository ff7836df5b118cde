import CalendarDays
import Foundation
import Testing
import Hours

@Suite("Hours: overtime per day and week, rates, totals, shifts from trips")
struct HoursSheetTests {
    static let zone = WorkZone(identifier: "Europe/Berlin")!
    static let rules = HoursRules(zone: zone)

    static func day(_ text: String) -> CalendarDay { CalendarDay(parsing: text)! }

    /// A shift with `net` minutes starting at `start` on `date` (no break).
    static func shift(_ date: String, _ start: String = "08:00", net: Int) throws -> HoursEntry {
        let from = try rules.moment(ClockTime(parsing: start)!, on: day(date), field: "start")
        return try HoursEntry(
            id: UUID(), driver: "a", rawStart: from, rawEnd: Moment(seconds: from.seconds + Double(net * 60)),
            enteredBreakMinutes: 0, message: "", vehicle: nil, rules: rules)
    }

    @Test("daily overtime first, then weekly overtime among the remaining minutes")
    func overtimeDayAndWeek() throws {
        // Week of Monday 2026-11-16: 9 h Monday to Friday, 5 h on Saturday; limits 8 h a day and 40 h a week.
        var shifts = try ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"].map {
            try Self.shift($0, net: 540)
        }
        shifts.append(try Self.shift("2026-11-21", net: 300))
        let period = PayPeriod(kind: .weekly, start: Self.day("2026-11-16"), end: Self.day("2026-11-22"))
        let sheet = HoursSheet(
            period: period, entries: shifts, overtime: OvertimeRules(dailyMinutes: 480, weeklyMinutes: 2_400))
        // Daily: 60 each weekday (300). Regular minutes reach 2400 on Friday; Saturday's 300 are all weekly overtime.
        #expect(sheet.rows.map(\.overtimeMinutes) == [60, 60, 60, 60, 60, 300])
        #expect(sheet.totals.overtimeMinutes == 600)
        #expect(sheet.totals.netMinutes == 5 * 540 + 300)
        #expect(sheet.days[Self.day("2026-11-21")]?.overtimeMinutes == 300)
    }

    @Test("two shifts on one day: the minutes past the daily limit belong to the later one")
    func twoShiftsADay() throws {
        let shifts = [try Self.shift("2026-11-16", "13:00", net: 240), try Self.shift("2026-11-16", "06:00", net: 300)]
        let period = PayPeriod(kind: .monthly, start: Self.day("2026-11-01"), end: Self.day("2026-11-30"))
        let sheet = HoursSheet(period: period, entries: shifts, overtime: OvertimeRules(dailyMinutes: 480))
        #expect(sheet.rows.map(\.entry.netMinutes) == [300, 240])
        #expect(sheet.rows.map(\.overtimeMinutes) == [0, 60])
    }

    @Test("weekly overtime counts the whole week, also the days before the period")
    func weekAcrossPeriods() throws {
        // April 2026 starts on a Wednesday; 10 h a day from Monday 30 March, 40 h a week, no daily limit.
        let shifts = try ["2026-03-30", "2026-03-31", "2026-04-01", "2026-04-02", "2026-04-03"].map {
            try Self.shift($0, net: 600)
        }
        let april = PayPeriod(kind: .monthly, start: Self.day("2026-04-01"), end: Self.day("2026-04-30"))
        let (first, last) = HoursSheet.countedDays(of: april)
        #expect(first == Self.day("2026-03-30") && last == Self.day("2026-05-03"))
        let sheet = HoursSheet(period: april, entries: shifts, overtime: OvertimeRules(weeklyMinutes: 2_400))
        #expect(sheet.rows.count == 3)
        #expect(sheet.rows.map(\.overtimeMinutes) == [0, 0, 600])
        // Without the March days the same three shifts would be no overtime at all.
        let alone = HoursSheet(
            period: april, entries: Array(shifts.suffix(3)), overtime: OvertimeRules(weeklyMinutes: 2_400))
        #expect(alone.totals.overtimeMinutes == 0)
    }

    @Test("rates: Sunday, holiday and overtime; the higher rate applies to overtime minutes")
    func rates() throws {
        let rules = OvertimeRules(
            dailyMinutes: 480, overtimeFactor: 1.25, weekdayFactors: [7: 1.5], holidayFactor: 2,
            holidays: [Self.day("2026-12-25")])
        let period = PayPeriod(kind: .monthly, start: Self.day("2026-11-01"), end: Self.day("2026-12-31"))
        let sheet = HoursSheet(
            period: period,
            entries: [
                try Self.shift("2026-11-22", net: 540),  // a Sunday: 480 × 1.5 + 60 × 1.5
                try Self.shift("2026-11-23", net: 540),  // a Monday: 480 + 60 × 1.25
                try Self.shift("2026-12-25", net: 300),  // a holiday (Friday): 300 × 2
            ], overtime: rules)
        #expect(sheet.rows.map(\.paidMinutes) == [810, 555, 600])
        #expect(sheet.totals.paidMinutes == 1_965)
    }

    @Test("running shifts count in no total")
    func running() throws {
        let period = PayPeriod(kind: .monthly, start: Self.day("2026-11-01"), end: Self.day("2026-11-30"))
        let start = try Self.rules.moment(ClockTime(parsing: "08:00")!, on: Self.day("2026-11-16"), field: "start")
        let clock = HoursEntry.running(
            id: UUID(), driver: "a", start: start, message: "", vehicle: nil, zone: Self.zone)
        let sheet = HoursSheet(
            period: period, entries: [clock, try Self.shift("2026-11-17", net: 60)], overtime: .none)
        #expect(sheet.totals.entries == 1 && sheet.totals.netMinutes == 60)
    }

    @Test("a shift proposed from trips: first start to last end, stops over 15 minutes as the break")
    func proposal() throws {
        func at(_ text: String) throws -> Moment {
            try Self.rules.moment(ClockTime(parsing: text)!, on: Self.day("2026-11-21"), field: "t")
        }
        let trips = [
            (try at("12:00"), try at("12:30")), (try at("07:00"), try at("07:40")), (try at("07:50"), try at("08:30")),
            (try at("16:00"), try at("16:45")),
        ]
        let proposal = try #require(HoursProposal(trips: trips.map { (start: $0.0, end: $0.1) }))
        let (seven, quarterToFive) = (try at("07:00"), try at("16:45"))
        #expect(proposal.start == seven && proposal.end == quarterToFive)
        // 08:30–12:00 and 12:30–16:00; the 10-minute stop is no break.
        #expect(proposal.breakMinutes == 420 && proposal.breaks.count == 2 && proposal.tripCount == 4)
        #expect(HoursProposal(trips: []) == nil)
        // Exactly 15 minutes is not longer than 15.
        let edge = try #require(
            HoursProposal(trips: [
                (start: try at("07:00"), end: try at("07:30")), (start: try at("07:45"), end: try at("08:00")),
            ]))
        #expect(edge.breakMinutes == 0)
    }

    @Test("the payroll body carries times with the local offset")
    func submission() throws {
        let shift = try Self.shift("2026-10-25", "01:00", net: 300)
        let body = try #require(HoursPayrollEntry(shift, zone: Self.zone))
        #expect(body.start == "2026-10-25T01:00:00+02:00")
        #expect(body.end == "2026-10-25T05:00:00+01:00")
        let object = try JSONSerialization.jsonObject(with: body.json) as? [String: Any]
        #expect(object?["worked_minutes"] as? Int == 300)
        #expect(object?["id"] as? String == shift.id.uuidString.lowercased())
    }
}
