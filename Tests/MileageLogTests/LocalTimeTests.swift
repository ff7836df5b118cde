import MileageLog
import TrackModel
import Testing

/// Issue 11 §3: wall-clock times on days when the clocks change, against a zone written out by hand.
@Suite struct LocalTimeTests {
    /// Europe/Berlin in 2026 by its rules: +01:00, +02:00 from 2026-03-29T01:00Z, +01:00 from 2026-10-25T01:00Z.
    static func berlin(_ t: Timestamp) -> Int {
        let spring = 1_774_746_000.0  // 2026-03-29T01:00:00Z
        let autumn = 1_792_890_000.0  // 2026-10-25T01:00:00Z
        return t.secondsSince1970 >= spring && t.secondsSince1970 < autumn ? 7_200 : 3_600
    }

    @Test(arguments: [
        ("02:30", "2026-03-29", [Double]()),
        ("02:30", "2026-10-25", [1_792_888_200, 1_792_891_800]),  // 00:30Z and 01:30Z
        ("01:30", "2026-03-29", [1_774_744_200]),  // 00:30Z
        ("03:30", "2026-03-29", [1_774_747_800]),  // 01:30Z
        ("23:50", "2026-10-25", [1_792_968_600]),  // 22:50Z
    ])
    func momentsOfAWallClockTime(_ text: String, _ date: String, _ expected: [Double]) throws {
        let time = try #require(LocalTime(parsing: text))
        let day = try #require(Day(parsing: date))
        #expect(time.instants(on: day, offset: Self.berlin).map(\.secondsSince1970) == expected)
    }

    @Test func anExplicitOffsetPicksOneOccurrenceOrNone() throws {
        let day = try #require(Day(parsing: "2026-10-25"))
        let first = try #require(LocalTime(parsing: "02:30+02:00"))
        let second = try #require(LocalTime(parsing: "02:30+0100"))
        let wrong = try #require(LocalTime(parsing: "02:30-05:00"))
        #expect(first.instants(on: day, offset: Self.berlin).map(\.secondsSince1970) == [1_792_888_200])
        #expect(second.instants(on: day, offset: Self.berlin).map(\.secondsSince1970) == [1_792_891_800])
        #expect(wrong.instants(on: day, offset: Self.berlin).isEmpty)
    }

    @Test(arguments: ["24:00", "9:5", "09:60", "09:00+2", "09:00+02:00:00", "x", "09:00+15:00", ""])
    func badTimesAreRejected(_ text: String) {
        #expect(LocalTime(parsing: text) == nil)
    }

    @Test func offsetsAreWrittenWithSign() {
        #expect(LocalTime.offsetText(7_200) == "+02:00")
        #expect(LocalTime.offsetText(-18_000) == "-05:00")
        #expect(LocalTime.offsetText(34_200) == "+09:30")
    }
}
