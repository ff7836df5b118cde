import MileageLog
import Testing
import TrackModel

private func t(_ text: String) -> Timestamp { Timestamp(iso8601: text)! }
private func day(_ text: String) -> Day { Day(parsing: text)! }

/// Expected instants worked out by hand: local midnight minus the UTC offset.
struct PeriodTests {
    @Test(arguments: [
        // Wednesday 2026-03-18 at UTC+2: the ISO week runs Monday 16th to Sunday 22nd.
        ("this-week", "2026-03-18", 7_200, "2026-03-15T22:00:00Z", "2026-03-22T22:00:00Z"),
        ("last-week", "2026-03-18", 7_200, "2026-03-08T22:00:00Z", "2026-03-15T22:00:00Z"),
        ("this-month", "2026-03-18", 7_200, "2026-02-28T22:00:00Z", "2026-03-31T22:00:00Z"),
        ("last-month", "2026-03-18", 7_200, "2026-01-31T22:00:00Z", "2026-02-28T22:00:00Z"),
        // A Sunday still belongs to the week that started on the Monday before.
        ("this-week", "2026-03-22", 0, "2026-03-16T00:00:00Z", "2026-03-23T00:00:00Z"),
        // Across the year boundary.
        ("last-week", "2026-01-05", 0, "2025-12-29T00:00:00Z", "2026-01-05T00:00:00Z"),
        ("last-month", "2026-01-20", 0, "2025-12-01T00:00:00Z", "2026-01-01T00:00:00Z"),
        ("2024-02", "2026-03-18", 0, "2024-02-01T00:00:00Z", "2024-03-01T00:00:00Z"),
        ("2025-12", "2026-03-18", -18_000, "2025-12-01T05:00:00Z", "2026-01-01T05:00:00Z"),
        ("  This-Month ", "2026-02-10", 0, "2026-02-01T00:00:00Z", "2026-03-01T00:00:00Z"),
    ])
    func namedPeriods(text: String, today: String, offset: Int, start: String, end: String) throws {
        let period = try Period(parsing: text)
        let interval = period.interval(today: day(today), utcOffsetSeconds: offset)
        #expect(interval == UTCInterval(start: t(start), end: t(end)))
    }

    @Test func allIsUnbounded() throws {
        let interval = try Period(parsing: "all").interval(today: day("2026-03-18"), utcOffsetSeconds: 3_600)
        #expect(interval == UTCInterval(start: nil, end: nil))
        #expect(interval.contains(t("1999-01-01T00:00:00Z")))
    }

    @Test func explicitDaysIncludeTheLastDay() throws {
        let period = try Period.explicit(from: "2026-03-01", to: "2026-03-31")
        let interval = period.interval(today: day("2026-05-01"), utcOffsetSeconds: -18_000)
        #expect(interval == UTCInterval(start: t("2026-03-01T05:00:00Z"), end: t("2026-04-01T05:00:00Z")))
        #expect(interval.contains(t("2026-04-01T04:59:59Z")))
        #expect(!interval.contains(t("2026-04-01T05:00:00Z")))
        #expect(!interval.contains(t("2026-03-01T04:59:59Z")))
        #expect(interval.contains(t("2026-03-01T05:00:00Z")))
    }

    @Test func explicitOpenEnds() throws {
        let from = try Period.explicit(from: "2026-03-01", to: nil).interval(
            today: day("2026-05-01"), utcOffsetSeconds: 0)
        #expect(from == UTCInterval(start: t("2026-03-01T00:00:00Z"), end: nil))
        let to = try Period.explicit(from: nil, to: "2026-03-01").interval(
            today: day("2026-05-01"), utcOffsetSeconds: 0)
        #expect(to == UTCInterval(start: nil, end: t("2026-03-02T00:00:00Z")))
    }

    /// Central European time: UTC+1 until 2026-03-29T01:00Z, UTC+2 after.
    @Test func monthAcrossADaylightSavingChange() throws {
        let berlin: (Timestamp) -> Int = { $0 < t("2026-03-29T01:00:00Z") ? 3_600 : 7_200 }
        let interval = try Period(parsing: "2026-03").interval(today: day("2026-04-02"), localOffset: berlin)
        #expect(interval == UTCInterval(start: t("2026-02-28T23:00:00Z"), end: t("2026-03-31T22:00:00Z")))
    }

    @Test(arguments: [
        ("next-week", PeriodError.Code.unknownPeriod),
        ("2026-13", .invalidMonth),
        ("2026-00", .invalidMonth),
        ("2026-3", .unknownPeriod),
        ("", .unknownPeriod),
        ("march", .unknownPeriod),
    ])
    func badPeriodNamesTheText(text: String, code: PeriodError.Code) {
        #expect(throws: PeriodError(code: code, field: "period", text: text)) { try Period(parsing: text) }
    }

    @Test func badExplicitDatesNameTheFieldAndText() throws {
        #expect(throws: PeriodError(code: .invalidDate, field: "from", text: "2026-02-30")) {
            try Period.explicit(from: "2026-02-30", to: "2026-03-01")
        }
        #expect(throws: PeriodError(code: .invalidDate, field: "to", text: "tomorrow")) {
            try Period.explicit(from: "2026-02-01", to: "tomorrow")
        }
        #expect(throws: PeriodError(code: .endBeforeStart, field: "to", text: "2026-01-31")) {
            try Period.explicit(from: "2026-02-01", to: "2026-01-31")
        }
        let error = PeriodError(code: .unknownPeriod, field: "period", text: "next-week")
        #expect(error.description.contains("\"next-week\""))
    }
}
