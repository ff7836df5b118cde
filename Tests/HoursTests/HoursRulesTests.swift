import CalendarDays
import Foundation
import Testing
import Hours

@Suite("Shift rules: daylight saving, rounding, automatic breaks")
struct HoursRulesTests {
    static func day(_ text: String) -> CalendarDay { CalendarDay(parsing: text)! }
    static func time(_ text: String) -> ClockTime { ClockTime(parsing: text)! }
    static func rules(_ zone: String, rounding: RoundingRules = RoundingRules(), autoBreak: AutoBreak = .none)
        -> HoursRules
    {
        HoursRules(zone: WorkZone(identifier: zone)!, rounding: rounding, autoBreak: autoBreak)
    }

    /// Worked minutes of a shift typed as date, start and end: real elapsed time. The changes of 2026: Helsinki
    /// 29 March 03:00→04:00 and 25 October 04:00→03:00; New York 8 March 02:00→03:00 and 1 November 02:00→01:00.
    @Test(
        "elapsed time across the clock changes",
        arguments: [
            ("Europe/Helsinki", "2026-10-25", "01:00", "05:00", 300),
            ("Europe/Helsinki", "2026-03-29", "01:00", "05:00", 180),
            ("Europe/Helsinki", "2026-06-10", "01:00", "05:00", 240),
            ("Europe/Helsinki", "2026-10-24", "22:00", "06:00", 540),
            ("Europe/Helsinki", "2026-03-28", "22:00", "06:00", 420),
            ("America/New_York", "2026-11-01", "00:30", "05:00", 330),
            ("America/New_York", "2026-11-01", "01:00-04:00", "05:00", 300),
            ("America/New_York", "2026-11-01", "01:00-05:00", "05:00", 240),
            ("America/New_York", "2026-03-08", "01:00", "05:00", 180),
            ("America/New_York", "2026-10-31", "22:00", "06:00", 540),
            ("Europe/Berlin", "2026-10-25", "23:50", "00:20", 30),
            ("Europe/Berlin", "2026-03-29", "23:50", "00:20", 30),
        ])
    func elapsed(zone: String, date: String, start: String, end: String, minutes: Int) throws {
        let rules = Self.rules(zone)
        let times = try rules.entryTimes(day: Self.day(date), start: Self.time(start), end: Self.time(end))
        let shift = try HoursEntry(
            id: UUID(), driver: "a", rawStart: times.start, rawEnd: times.end, enteredBreakMinutes: 0, message: "",
            vehicle: nil, rules: rules)
        #expect(shift.workedMinutes == minutes)
        #expect(shift.day == Self.day(date))
    }

    @Test("a time the clocks skipped is refused; a repeated one is the first of the two unless its offset says")
    func missingAndRepeatedTimes() throws {
        let helsinki = Self.rules("Europe/Helsinki")
        #expect(throws: HoursError.self) {
            try helsinki.moment(Self.time("03:30"), on: Self.day("2026-03-29"), field: "--start")
        }
        // 25 October 2026: 04:00 EEST (01:00Z) became 03:00 EET, so 03:30 was 00:30Z and again 01:30Z.
        let plain = try helsinki.moment(Self.time("03:30"), on: Self.day("2026-10-25"), field: "--start")
        let first = try helsinki.moment(Self.time("03:30+03:00"), on: Self.day("2026-10-25"), field: "--start")
        let second = try helsinki.moment(Self.time("03:30+02:00"), on: Self.day("2026-10-25"), field: "--start")
        #expect(first.seconds == 1_792_888_200)  // 2026-10-25T00:30:00Z
        #expect(second.seconds - first.seconds == 3_600)
        #expect(plain == first)
        let newYork = Self.rules("America/New_York")
        #expect(throws: HoursError.self) {
            try newYork.moment(Self.time("02:30"), on: Self.day("2026-03-08"), field: "--start")
        }
        // 1 November 2026: 02:00 EDT (06:00Z) became 01:00 EST; 01:30 is first 05:30Z.
        #expect(
            try newYork.moment(Self.time("01:30"), on: Self.day("2026-11-01"), field: "--start").seconds
                == 1_793_511_000)
        // An offset the zone did not have that day.
        #expect(throws: HoursError.self) {
            try newYork.moment(Self.time("10:00+02:00"), on: Self.day("2026-11-01"), field: "--start")
        }
        do {
            _ = try newYork.moment(Self.time("02:30"), on: Self.day("2026-03-08"), field: "start")
        } catch {
            #expect(error.field == "start" && error.message.contains("does not exist"), "\(error)")
        }
    }

    /// The night the clocks go back in Berlin (25 October 2026: 03:00 CEST, 01:00Z, became 02:00 CET): times as
    /// typed, worked minutes from the UTC moments worked out by hand, and which of two repeated times each is.
    @Test(
        "Berlin, the night the clocks go back: repeated times are the first unless an offset says otherwise",
        arguments: [
            // 01:00 CEST (23:00Z) to 05:00 CET (04:00Z): five hours, neither time repeated.
            ("01:00", "05:00", 300, nil, nil),
            // 02:30 CEST (00:30Z) to 05:00 CET (04:00Z).
            ("02:30", "05:00", 210, "first +02:00", nil),
            ("02:30+02:00", "05:00", 210, "first +02:00", nil),
            // 02:30 CET (01:30Z) to 04:00Z.
            ("02:30+01:00", "05:00", 150, "second +01:00", nil),
            // 00:30 CEST (22:30Z) to the first 02:15 (00:15Z), and to the second (01:15Z).
            ("00:30", "02:15", 105, nil, "first +02:00"),
            ("00:30", "02:15+01:00", 165, nil, "second +01:00"),
        ] as [(String, String, Int, String?, String?)])
    func berlinFallBack(start: String, end: String, minutes: Int, startTaken: String?, endTaken: String?) throws {
        let rules = Self.rules("Europe/Berlin")
        let day = Self.day("2026-10-25")
        let times = try rules.entryTimes(day: day, start: Self.time(start), end: Self.time(end))
        #expect(times.start.minutes(until: times.end) == minutes)
        func taken(_ moment: Moment) -> String? {
            rules.zone.repeatedTime(at: moment.date).map { "\($0.ordinal) \($0.offsetText)" }
        }
        #expect(taken(times.start) == startTaken)
        #expect(taken(times.end) == endTaken)
    }

    @Test("which of two repeated times a moment is, and the note that says so")
    func repeatedTimeNote() throws {
        let berlin = WorkZone(identifier: "Europe/Berlin")!
        // 00:30Z and 01:30Z on 25 October 2026 are both 02:30 in Berlin; 01:00Z is 02:00 CET (the second 02:00).
        let first = try #require(berlin.repeatedTime(at: Date(timeIntervalSince1970: 1_792_888_200)))
        #expect(first.isFirst && first.time == ClockTime(minute: 150, utcOffset: 7_200) && first.otherOffset == 3_600)
        #expect(first.note == "02:30 taken as the first 02:30 (+02:00); 02:30+01:00 is the second")
        let second = try #require(berlin.repeatedTime(at: Date(timeIntervalSince1970: 1_792_891_800 + 59)))
        #expect(second.occurrence == 2 && second.note.hasPrefix("02:30 taken as the second 02:30 (+01:00)"))
        #expect(berlin.repeatedTime(at: Date(timeIntervalSince1970: 1_792_890_000))?.occurrence == 2)
        // 03:00 CET (02:00Z) and any other night: one 03:00.
        #expect(berlin.repeatedTime(at: Date(timeIntervalSince1970: 1_792_893_600)) == nil)
        #expect(berlin.repeatedTime(at: Date(timeIntervalSince1970: 1_792_888_200 - 86_400)) == nil)
    }

    @Test(
        "rounding on the local wall clock",
        arguments: [
            ("Europe/Berlin", "nearest 15", "07:07", "07:00"),
            ("Europe/Berlin", "nearest 15", "07:08", "07:15"),
            ("Europe/Berlin", "up 5", "07:01", "07:05"),
            ("Europe/Berlin", "up 5", "07:05", "07:05"),
            ("Europe/Berlin", "down 6", "16:59", "16:54"),
            ("Europe/Berlin", "down 10", "16:59", "16:50"),
            ("Europe/Berlin", "nearest 1", "16:59", "16:59"),
            // +05:45: a 6-minute grid on local time, not on UTC (10:03 local is 04:18 UTC).
            ("Asia/Kathmandu", "down 6", "10:03", "10:00"),
            ("Asia/Kathmandu", "up 15", "10:03", "10:15"),
        ])
    func rounding(zone: String, rule: String, raw: String, rounded: String) throws {
        let rounding = try #require(Rounding(parsing: rule))
        let rules = Self.rules(zone, rounding: RoundingRules(start: rounding, end: .none))
        let day = Self.day("2026-06-10")
        let start = try rules.moment(Self.time(raw), on: day, field: "start")
        let end = try rules.moment(Self.time("23:00"), on: day, field: "end")
        let closed = try rules.close(rawStart: start, rawEnd: end, enteredBreakMinutes: 0)
        #expect(rules.zone.clockText(closed.start.date) == rounded)
    }

    @Test("duration rounding applies to the net time; raw times are kept")
    func durationRounding() throws {
        let rules = Self.rules(
            "Europe/Berlin",
            rounding: RoundingRules(
                start: Rounding(parsing: "up 15")!, end: .none, duration: Rounding(parsing: "down 15")!))
        let day = Self.day("2026-06-10")
        let start = try rules.moment(Self.time("07:02"), on: day, field: "start")
        let end = try rules.moment(Self.time("15:02"), on: day, field: "end")
        let shift = try HoursEntry(
            id: UUID(), driver: "a", rawStart: start, rawEnd: end, enteredBreakMinutes: 20, message: "", vehicle: nil,
            rules: rules)
        // 07:15–15:02 is 467 minutes, less 20 is 447, down to 435.
        #expect(shift.workedMinutes == 467)
        #expect(shift.netMinutes == 435)
        #expect(shift.rawStart == start && shift.rawEnd == end)
        #expect(Rounding(parsing: "nearest 7") == nil)
        #expect(Rounding(parsing: "sideways 5") == nil)
        #expect(Rounding(parsing: "none") == Rounding.none)
    }

    @Test(
        "automatic breaks: the longer of the entered and the required break",
        arguments: [
            (360, 0, 0), (361, 0, 30), (400, 40, 40), (400, 10, 30), (541, 0, 45), (600, 10, 45), (120, 15, 15),
        ])
    func autoBreak(elapsed: Int, entered: Int, expected: Int) {
        let rule = AutoBreak(steps: [
            .init(afterMinutes: 540, breakMinutes: 45), .init(afterMinutes: 360, breakMinutes: 30),
        ])
        #expect(rule.breakMinutes(elapsedMinutes: elapsed, enteredMinutes: entered) == expected)
    }

    @Test("implausible shifts are refused with the field")
    func refusals() throws {
        let rules = Self.rules(
            "Europe/Berlin", autoBreak: AutoBreak(steps: [.init(afterMinutes: 360, breakMinutes: 30)]))
        let day = Self.day("2026-06-10")
        let start = try rules.moment(Self.time("08:00"), on: day, field: "start")
        let end = try rules.moment(Self.time("09:00"), on: day, field: "end")
        #expect(throws: HoursError.self) { try rules.close(rawStart: end, rawEnd: start, enteredBreakMinutes: 0) }
        #expect(throws: HoursError.self) { try rules.close(rawStart: start, rawEnd: end, enteredBreakMinutes: 60) }
        #expect(throws: HoursError.self) { try rules.close(rawStart: start, rawEnd: end, enteredBreakMinutes: -1) }
        let late = Moment(seconds: start.seconds + 25 * 3_600)
        #expect(throws: HoursError.self) { try rules.close(rawStart: start, rawEnd: late, enteredBreakMinutes: 0) }
    }

    @Test("durations as people type them")
    func durations() {
        #expect(MinutesText.parse("1h30m") == 90)
        #expect(MinutesText.parse("90") == 90)
        #expect(MinutesText.parse("1:30") == 90)
        #expect(MinutesText.parse("2d") == 2_880)
        #expect(MinutesText.parse("45m") == 45)
        #expect(MinutesText.parse("h") == nil)
        #expect(MinutesText.parse("1h1h") == nil)
        #expect(MinutesText.parse("-5") == nil)
        #expect(MinutesText.parse("5x") == nil)
        #expect(MinutesText.clock(450) == "7:30" && MinutesText.clock(5) == "0:05")
    }

    @Test("web links need a name and an http(s) address")
    func links() throws {
        #expect(try WebLink(name: "Payroll", url: "https://exim.example.com/me").url.host == "exim.example.com")
        for (name, url) in [
            ("Payroll", "ftp://exim.example.com"), ("Payroll", "javascript:alert(1)"), ("Payroll", "http://"),
            ("", "https://example.com"), (String(repeating: "x", count: 41), "https://example.com"),
            ("Roster", "https://exa mple.com"), ("Bell\u{7}", "https://example.com"),
        ] {
            #expect(throws: HoursError.self, "\(name) \(url)") { try WebLink(name: name, url: url) }
        }
    }
}
