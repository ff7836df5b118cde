import Foundation
import LogbookTestSupport
import Testing

/// Issue 11 §3: `trips add` times on daylight-saving days, over midnight, and in the future.
///
/// The expected UTC times are worked out by hand from the zone rules: Europe/Berlin switches at 01:00 UTC on the
/// last Sundays of March and October (CET +01:00, CEST +02:00); America/New_York at 02:00 local on the second
/// Sunday of March and the first Sunday of November (EST −05:00, EDT −04:00), in 2026 March 8 and November 1;
/// Australia/Sydney at 03:00 AEDT on the first Sunday of April and 02:00 AEST on the first Sunday of October
/// (AEST +10:00, AEDT +11:00), in 2026 April 5 and October 4.
@Suite(.serialized)
struct TripTimesTests {
    struct Log {
        let dir: TemporaryDirectory
        let database: String
        let zone: String
        /// The zone as the system's (`TZ` in the environment, no `--timezone`), whose offsets come from the C
        /// library rather than Foundation.
        let systemZone: Bool

        init(zone: String, systemZone: Bool = false) throws {
            dir = try TemporaryDirectory()
            database = dir.path("log.sqlite")
            self.zone = zone
            self.systemZone = systemZone
            #expect(try run(["vehicles", "add", "--plate", "123ABC"]).status == 0)
        }

        func run(_ arguments: [String]) throws -> CLIRunner.Result {
            systemZone
                ? try CLIRunner.run(arguments + ["--database", database], environment: ["TZ": zone])
                : try CLIRunner.run(arguments + ["--database", database, "--timezone", zone])
        }

        func add(_ arguments: [String]) throws -> CLIRunner.Result {
            try run(["trips", "add", "--vehicle", "123ABC", "--format", "json"] + arguments)
        }
    }

    static func object(_ result: CLIRunner.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// `2026-10-25T22:50:00` from the JSON's ISO 8601 UTC time.
    static func utc(_ value: Any?) -> String { String((value as? String ?? "").prefix(19)) }

    struct Case: CustomTestStringConvertible, Sendable {
        var zone: String
        var date: String
        var start: String
        var end: String
        var endDate: String?
        var startUTC: String
        var endUTC: String
        var minutes: Double
        var testDescription: String { "\(zone) \(date) \(start)–\(end)" }
    }

    static let daylightSavingDays: [Case] = [
        // The examples: over midnight after the change, 30 minutes both times.
        .init(
            zone: "Europe/Berlin", date: "2026-10-25", start: "23:50", end: "00:20", startUTC: "2026-10-25T22:50:00",
            endUTC: "2026-10-25T23:20:00", minutes: 30),
        .init(
            zone: "Europe/Berlin", date: "2026-03-29", start: "23:50", end: "00:20", startUTC: "2026-03-29T21:50:00",
            endUTC: "2026-03-29T22:20:00", minutes: 30),
        // Across the change itself: an hour lost in spring, one gained in autumn.
        .init(
            zone: "Europe/Berlin", date: "2026-03-29", start: "01:30", end: "03:30", startUTC: "2026-03-29T00:30:00",
            endUTC: "2026-03-29T01:30:00", minutes: 60),
        .init(
            zone: "Europe/Berlin", date: "2026-10-25", start: "01:30", end: "03:30", startUTC: "2026-10-24T23:30:00",
            endUTC: "2026-10-25T02:30:00", minutes: 180),
        .init(
            zone: "Europe/Berlin", date: "2026-03-28", start: "23:30", end: "03:30", endDate: "2026-03-29",
            startUTC: "2026-03-28T22:30:00", endUTC: "2026-03-29T01:30:00", minutes: 180),
        .init(
            zone: "America/New_York", date: "2026-11-01", start: "23:50", end: "00:20",
            startUTC: "2026-11-02T04:50:00", endUTC: "2026-11-02T05:20:00", minutes: 30),
        .init(
            zone: "America/New_York", date: "2026-03-08", start: "23:50", end: "00:20",
            startUTC: "2026-03-09T03:50:00", endUTC: "2026-03-09T04:20:00", minutes: 30),
        .init(
            zone: "America/New_York", date: "2026-03-07", start: "23:50", end: "03:10",
            startUTC: "2026-03-08T04:50:00", endUTC: "2026-03-08T07:10:00", minutes: 140),
        .init(
            zone: "America/New_York", date: "2026-10-31", start: "23:50", end: "02:10",
            startUTC: "2026-11-01T03:50:00", endUTC: "2026-11-01T07:10:00", minutes: 200),
        .init(
            zone: "Australia/Sydney", date: "2026-04-05", start: "23:50", end: "00:20",
            startUTC: "2026-04-05T13:50:00", endUTC: "2026-04-05T14:20:00", minutes: 30),
        .init(
            zone: "Australia/Sydney", date: "2026-10-04", start: "23:50", end: "00:20",
            startUTC: "2026-10-04T12:50:00", endUTC: "2026-10-04T13:20:00", minutes: 30),
        .init(
            zone: "Australia/Sydney", date: "2026-04-04", start: "23:50", end: "03:10",
            startUTC: "2026-04-04T12:50:00", endUTC: "2026-04-04T17:10:00", minutes: 260),
        .init(
            zone: "Australia/Sydney", date: "2026-10-03", start: "23:50", end: "03:10", endDate: "2026-10-04",
            startUTC: "2026-10-03T13:50:00", endUTC: "2026-10-03T16:10:00", minutes: 140),
    ]

    @Test(arguments: daylightSavingDays, [false, true])
    func tripsOnDaylightSavingDays(_ c: Case, systemZone: Bool) throws {
        let log = try Log(zone: c.zone, systemZone: systemZone)
        var arguments = ["--date", c.date, "--start", c.start, "--end", c.end, "--distance", "30"]
        if let endDate = c.endDate { arguments += ["--end-date", endDate] }
        let result = try log.add(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let trip = try Self.object(result)
        #expect(Self.utc(trip["start"]) == c.startUTC)
        #expect(Self.utc(trip["end"]) == c.endUTC)
        #expect(trip["duration_s"] as? Double == c.minutes * 60)
    }

    struct Odd: CustomTestStringConvertible, Sendable {
        var zone: String
        var date: String
        var time: String
        /// Empty for a time that does not exist; else the offsets of its two occurrences and their UTC times.
        var occurrences: [(offset: String, utc: String)]
        var testDescription: String { "\(zone) \(date) \(time)" }
    }

    static let oddTimes: [Odd] = [
        .init(zone: "Europe/Berlin", date: "2026-03-29", time: "02:30", occurrences: []),
        .init(
            zone: "Europe/Berlin", date: "2026-10-25", time: "02:30",
            occurrences: [("+02:00", "2026-10-25T00:30:00"), ("+01:00", "2026-10-25T01:30:00")]),
        .init(zone: "America/New_York", date: "2026-03-08", time: "02:30", occurrences: []),
        .init(
            zone: "America/New_York", date: "2026-11-01", time: "01:30",
            occurrences: [("-04:00", "2026-11-01T05:30:00"), ("-05:00", "2026-11-01T06:30:00")]),
        .init(zone: "Australia/Sydney", date: "2026-10-04", time: "02:30", occurrences: []),
        .init(
            zone: "Australia/Sydney", date: "2026-04-05", time: "02:30",
            occurrences: [("+11:00", "2026-04-04T15:30:00"), ("+10:00", "2026-04-04T16:30:00")]),
    ]

    @Test(arguments: oddTimes, [false, true])
    func timesThatDoNotExistOrExistTwice(_ c: Odd, systemZone: Bool) throws {
        let log = try Log(zone: c.zone, systemZone: systemZone)
        let refused = try log.add(["--date", c.date, "--start", c.time, "--distance", "5"])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("--start"))
        #expect(refused.stderr.contains(c.time) && refused.stderr.contains(c.zone) && refused.stderr.contains(c.date))
        #expect(refused.stderr.contains(c.occurrences.isEmpty ? "does not exist" : "twice"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)
        for (offset, utc) in c.occurrences {
            let chosen = try log.add(["--date", c.date, "--start", c.time + offset, "--distance", "5"])
            #expect(chosen.status == 0, "\(chosen.stderr)")
            if chosen.status == 0 { #expect(Self.utc(try Self.object(chosen)["start"]) == utc) }
            // The same moment again overlaps: void it so the second occurrence fits.
            if chosen.status == 0, let id = try Self.object(chosen)["id"] as? Int {
                #expect(try log.run(["trips", "void", String(id), "--reason", "test"]).status == 0)
            }
        }
        // An offset the zone does not have at that time is refused.
        let wrong = try log.add(["--date", c.date, "--start", c.time + "+05:00", "--distance", "5"])
        #expect(wrong.status == 64, "\(wrong.stderr)")
    }

    @Test func anEndBeforeTheStartIsOverMidnightOnlyWhenPlausible() throws {
        let log = try Log(zone: "UTC")
        // 14 hours for 5 km is a typo, not a night drive.
        let implausible = try log.add(["--date", "2026-05-04", "--start", "18:00", "--end", "08:00", "--distance", "5"])
        #expect(implausible.status == 64, "\(implausible.stderr)")
        #expect(implausible.stderr.contains("--end-date"), "\(implausible.stderr)")
        // Said explicitly, it is accepted (14 h at walking pace is slow but possible).
        let explicit = try log.add([
            "--date", "2026-05-04", "--start", "18:00", "--end", "08:00", "--end-date", "2026-05-05", "--distance", "5",
        ])
        #expect(explicit.status == 0, "\(explicit.stderr)")
        #expect(try Self.object(explicit)["duration_s"] as? Double == 14 * 3_600)
        // 40 minutes for 30 km over midnight is plausible.
        let night = try log.add(["--date", "2026-05-06", "--start", "23:40", "--end", "00:20", "--distance", "30"])
        #expect(night.status == 0, "\(night.stderr)")
        #expect(try Self.object(night)["duration_s"] as? Double == 40 * 60)
    }

    @Test(arguments: [
        (["--start", "10:00", "--end", "10:00", "--distance", "12"], "--end"),
        (["--start", "08:00", "--end", "09:00", "--end-date", "2026-05-05", "--distance", "12"], "24 hours"),
        (["--start", "08:00", "--end", "09:00", "--distance", "300"], "250 km/h"),
        (["--start", "08:00", "--end", "07:00", "--end-date", "2026-05-03", "--distance", "3"], "--end-date"),
    ])
    func impossibleTripsAreRefusedWithTheReason(_ arguments: [String], _ reason: String) throws {
        let log = try Log(zone: "UTC")
        let result = try log.add(["--date", "2026-05-04"] + arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func anOdometerReadingTooFarForTheTimeIsRefused() throws {
        let log = try Log(zone: "UTC")
        #expect(try log.run(["vehicles", "add", "--plate", "ODO1", "--odometer", "1000"]).status == 0)
        // 300 km in an hour by the odometer: 300 km/h on average.
        let fast = try log.run([
            "trips", "add", "--vehicle", "ODO1", "--date", "2026-05-04", "--start", "08:00", "--end", "09:00",
            "--odometer-end", "1300",
        ])
        #expect(fast.status == 65, "\(fast.stderr)")
        #expect(fast.stderr.contains("250 km/h"), "\(fast.stderr)")
        #expect(fast.stderr.split(separator: "\n").count == 1)
        let fine = try log.run([
            "trips", "add", "--vehicle", "ODO1", "--date", "2026-05-04", "--start", "10:00", "--end", "11:00",
            "--odometer-end", "1090",
        ])
        #expect(fine.status == 0, "\(fine.stderr)")
    }

    @Test func splittingAtATimeThatCameTwiceSaysWhichIsMeant() throws {
        let log = try Log(zone: "Europe/Berlin")
        // 01:00 CEST (23:00Z) to 04:00 CET (03:00Z): four hours, 02:00–03:00 twice.
        let added = try log.add(["--date", "2026-10-25", "--start", "01:00", "--end", "04:00", "--distance", "40"])
        #expect(added.status == 0, "\(added.stderr)")
        let ambiguous = try log.run(["trips", "split", "1", "--at", "02:30"])
        #expect(ambiguous.status == 64, "\(ambiguous.stderr)")
        #expect(ambiguous.stderr.contains("twice") && ambiguous.stderr.contains("--at"), "\(ambiguous.stderr)")
        let second = try log.run(["trips", "split", "1", "--at", "02:30+01:00", "--format", "json"])
        #expect(second.status == 0, "\(second.stderr)")
        let halves = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [[String: Any]])
        #expect(halves.count == 2)
        #expect(Self.utc(halves.first?["end"]) == "2026-10-25T01:30:00")
    }

    @Test func theAssumedStartAndDurationAreSaid() throws {
        let log = try Log(zone: "UTC")
        let result = try log.run([
            "trips", "add", "--vehicle", "123ABC", "--date", "2026-05-04", "--distance", "30",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.lowercased().contains("assumed"), "\(result.stdout)")
        #expect(result.stdout.contains("09:00"))
        #expect(result.stdout.contains("30 min"), "\(result.stdout)")
    }

    @Test func futureDatesNeedAllowFuture() throws {
        let log = try Log(zone: "UTC")
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        let tomorrow = formatter.string(from: Date(timeIntervalSinceNow: 2 * 86_400))
        let refused = try log.add(["--date", tomorrow, "--start", "10:00", "--end", "11:00", "--distance", "20"])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("--allow-future") && refused.stderr.contains(tomorrow))
        let allowed = try log.add([
            "--date", tomorrow, "--start", "10:00", "--end", "11:00", "--distance", "20", "--allow-future",
        ])
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }
}
