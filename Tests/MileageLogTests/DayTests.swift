import MileageLog
import Testing
import TrackModel

/// Expected day numbers and weekdays from Python's `datetime.date` (`isoweekday`, difference to 1970-01-01).
struct DayTests {
    @Test(arguments: [
        ("1970-01-01", 0, Weekday.thursday),
        ("2024-02-29", 19_782, .thursday),
        ("2026-01-01", 20_454, .thursday),
        ("2026-01-05", 20_458, .monday),
        ("2026-03-18", 20_530, .wednesday),
        ("2026-03-22", 20_534, .sunday),
    ])
    func dayNumberAndWeekday(text: String, dayNumber: Int, weekday: Weekday) throws {
        let day = try #require(Day(parsing: text))
        #expect(day.dayNumber == dayNumber)
        #expect(day.weekday == weekday)
        #expect(day.description == text)
    }

    @Test(arguments: ["2026-02-29", "2026-13-01", "2026-1-01", "2026/01/01", "26-01-01", "", "2026-01-01T00"])
    func rejectsMalformedDays(text: String) {
        #expect(Day(parsing: text) == nil)
    }

    @Test func monthArithmeticClampsToTheLastDay() {
        #expect(Day(year: 2026, month: 1, day: 31)!.adding(months: 1) == Day(year: 2026, month: 2, day: 28))
        #expect(Day(year: 2024, month: 3, day: 31)!.adding(months: -1) == Day(year: 2024, month: 2, day: 29))
        #expect(Day(year: 2026, month: 1, day: 15)!.adding(months: -1) == Day(year: 2025, month: 12, day: 15))
        #expect(Day(year: 2025, month: 12, day: 1)!.adding(months: 1) == Day(year: 2026, month: 1, day: 1))
    }

    @Test func localDayOfAnInstant() {
        // 2026-03-15T22:30Z is 00:30 on the 16th at UTC+2 and 17:30 on the 15th at UTC-5.
        let time = Timestamp(iso8601: "2026-03-15T22:30:00Z")!
        #expect(Day(time, utcOffsetSeconds: 7_200) == Day(year: 2026, month: 3, day: 16))
        #expect(Day(time, utcOffsetSeconds: -18_000) == Day(year: 2026, month: 3, day: 15))
    }
}
