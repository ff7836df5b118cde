import Testing
import TrackModel

/// Expected instants were computed with Python's `datetime(..., tzinfo=timezone.utc).timestamp()`.
struct TimestampTests {
    @Test(arguments: [
        ("2026-11-21T07:30:00Z", 1_795_246_200.0),
        ("2000-02-29T23:59:59Z", 951_868_799.0),
        ("1980-01-06T00:00:00Z", 315_964_800.0),
        ("2079-12-31T12:00:00Z", 3_471_249_600.0),
        ("1969-12-31T23:59:59Z", -1.0),
        ("2026-11-21T09:30:00+02:00", 1_795_246_200.0),
        ("2026-11-21T07:30:00.250Z", 1_795_246_200.25),
        ("2026-11-21T07:30:00", 1_795_246_200.0),
    ])
    func parsesISO8601(text: String, seconds: Double) {
        let parsed = Timestamp(iso8601: text)
        #expect(parsed?.secondsSince1970 == seconds)
    }

    @Test(arguments: [
        "", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "2026-11-21", "2026-11-21T25:00:00Z",
        "2026-11-21T07:30:00Zjunk", "2026-11-21T07:30:00.Z", "abcd-ef-ghTij:kl:mnZ",
    ])
    func rejectsMalformedISO8601(text: String) {
        #expect(Timestamp(iso8601: text) == nil)
    }

    @Test func formatsWithMilliseconds() {
        #expect(Timestamp(secondsSince1970: 1_795_246_200.25).iso8601 == "2026-11-21T07:30:00.250Z")
        #expect(Timestamp(secondsSince1970: -1).iso8601 == "1969-12-31T23:59:59.000Z")
        // 0.9996 s rounds up into the next second, minute, hour and day.
        #expect(Timestamp(secondsSince1970: 951_868_799.9996).iso8601 == "2000-03-01T00:00:00.000Z")
    }

    @Test func civilDateRoundTripsOverFourCenturies() {
        var day = CivilDate.daysFromCivil(year: 1800, month: 1, day: 1)
        var (year, month, dayOfMonth) = (1800, 1, 1)
        while year < 2200 {
            #expect(CivilDate.daysFromCivil(year: year, month: month, day: dayOfMonth) == day)
            let back = CivilDate.civilFromDays(day)
            #expect(back.year == year && back.month == month && back.day == dayOfMonth)
            // Step one day by the calendar's own rules, independently of the algorithm under test.
            dayOfMonth += 1
            if dayOfMonth > CivilDate.daysIn(month: month, year: year) {
                dayOfMonth = 1
                month += 1
                if month > 12 {
                    month = 1
                    year += 1
                }
            }
            day += 1
        }
    }

    @Test func leapYears() {
        #expect(CivilDate.isLeap(2000))
        #expect(!CivilDate.isLeap(1900))
        #expect(CivilDate.isLeap(2024))
        #expect(!CivilDate.isLeap(2026))
    }
}
