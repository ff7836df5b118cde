import CalendarDays
import Testing
import Hours

@Suite("Pay periods")
struct PayPeriodTests {
    static func day(_ text: String) -> CalendarDay { CalendarDay(parsing: text)! }

    /// Expected periods worked out on a calendar, not by the code under test.
    @Test(
        "the period a day falls in",
        arguments: [
            // monthly: month ends and leap years
            (PayPeriodKind.monthly, "2024-01-01", "2024-02-10", "2024-02-01", "2024-02-29"),
            (.monthly, "2024-01-01", "2025-02-28", "2025-02-01", "2025-02-28"),
            (.monthly, "2024-01-01", "2026-12-31", "2026-12-01", "2026-12-31"),
            (.monthly, "2024-01-01", "2000-02-29", "2000-02-01", "2000-02-29"),
            // semi-monthly: 1st–15th, 16th–end
            (.semiMonthly, "2024-01-01", "2024-02-15", "2024-02-01", "2024-02-15"),
            (.semiMonthly, "2024-01-01", "2024-02-16", "2024-02-16", "2024-02-29"),
            (.semiMonthly, "2024-01-01", "2100-02-20", "2100-02-16", "2100-02-28"),
            (.semiMonthly, "2024-01-01", "2026-04-30", "2026-04-16", "2026-04-30"),
            (.semiMonthly, "2024-01-01", "2026-01-01", "2026-01-01", "2026-01-15"),
            // weekly from a Monday anchor, either side of it
            (.weekly, "2026-01-05", "2026-11-24", "2026-11-23", "2026-11-29"),
            (.weekly, "2026-01-05", "2026-01-05", "2026-01-05", "2026-01-11"),
            (.weekly, "2026-01-05", "2026-01-04", "2025-12-29", "2026-01-04"),
            // a week starting on Wednesdays
            (.weekly, "2026-01-07", "2026-01-06", "2025-12-31", "2026-01-06"),
            // two-weekly
            (.twoWeekly, "2026-01-05", "2026-01-18", "2026-01-05", "2026-01-18"),
            (.twoWeekly, "2026-01-05", "2026-01-19", "2026-01-19", "2026-02-01"),
            (.twoWeekly, "2026-01-05", "2025-12-31", "2025-12-22", "2026-01-04"),
            (.twoWeekly, "2026-01-05", "2024-02-29", "2024-02-19", "2024-03-03"),
        ])
    func periodContaining(kind: PayPeriodKind, anchor: String, day: String, start: String, end: String) {
        let rule = PayPeriodRule(kind: kind, anchor: Self.day(anchor))
        let period = rule.period(containing: Self.day(day))
        #expect(period.start == Self.day(start), "\(kind) \(day)")
        #expect(period.end == Self.day(end), "\(kind) \(day)")
        #expect(period.contains(Self.day(day)))
    }

    @Test("previous and next periods follow each other without gaps")
    func previousAndNext() {
        let cases: [(PayPeriodKind, String, String, String)] = [
            (.monthly, "2026-03-31", "2026-02-01", "2026-02-28"),
            (.semiMonthly, "2026-03-01", "2026-02-16", "2026-02-28"),
            (.semiMonthly, "2024-03-10", "2024-02-16", "2024-02-29"),
            (.weekly, "2026-01-05", "2025-12-29", "2026-01-04"),
            (.twoWeekly, "2026-01-05", "2025-12-22", "2026-01-04"),
        ]
        for (kind, today, start, end) in cases {
            let rule = PayPeriodRule(kind: kind, anchor: Self.day("2026-01-05"))
            let previous = rule.period(named: "previous", today: Self.day(today))!
            #expect(previous.start == Self.day(start) && previous.end == Self.day(end), "\(kind) \(today)")
            let current = rule.period(named: "current", today: Self.day(today))!
            #expect(previous.end.adding(days: 1) == current.start)
            #expect(rule.period(named: "next", today: Self.day(today))!.start == current.end.adding(days: 1))
        }
        // A year of periods of every kind tiles the calendar.
        for kind in PayPeriodKind.allCases {
            let rule = PayPeriodRule(kind: kind, anchor: Self.day("2026-01-05"))
            var period = rule.period(containing: Self.day("2024-01-01"))
            while period.end < Self.day("2025-01-01") {
                let next = rule.period(1, from: period)
                #expect(next.start == period.end.adding(days: 1), "\(kind) after \(period)")
                #expect(next.end >= next.start)
                period = next
            }
        }
        #expect(PayPeriodRule().period(named: "last-week", today: Self.day("2026-01-05")) == nil)
    }

    @Test("days are read strictly and printed back")
    func days() {
        #expect(CalendarDay(parsing: "2024-02-29")?.description == "2024-02-29")
        #expect(CalendarDay(parsing: "2023-02-29") == nil)
        #expect(CalendarDay(parsing: "2026-13-01") == nil)
        #expect(CalendarDay(parsing: "2026-1-01") == nil)
        #expect(CalendarDay(parsing: "1970-01-01")?.dayNumber == 0)
        #expect(CalendarDay(parsing: "2026-11-23")?.isoWeekday == 1)  // a Monday
        #expect(CalendarDay(parsing: "2026-11-29")?.isoWeekday == 7)
        #expect(CalendarDay(parsing: "1969-12-31")?.dayNumber == -1)
    }
}
