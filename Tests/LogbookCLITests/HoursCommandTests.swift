import Foundation
import LogbookTestSupport
import Testing

/// `logbook hours` as a driver and an admin use it, through the real binary on an on-disk log.
@Suite("logbook hours")
struct HoursCommandTests {
    /// A log with one driver and a vehicle, and `[hours]` for Helsinki with rules that change the numbers.
    static func makeLog(_ hours: String = "") throws -> (IsolatedLog, [String: String]) {
        let log = try IsolatedLog()
        let config = try log.dir.write(
            "hours.toml",
            Array(
                """
                [hours]
                period = "monthly"
                timezone = "Europe/Helsinki"
                \(hours)
                """.utf8))
        let environment = ["LOGBOOK_CONFIG": config]
        try log.run(["drivers", "add", "anna"], environment: environment)
        try log.run(["vehicles", "add", "--plate", "ABC1"], environment: environment)
        return (log, environment)
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("hours list --format json: the contract's keys, ISO 8601 times with offsets, totals that add up")
    func listContract() throws {
        let (log, env) = try Self.makeLog(
            """
            rounding = "nearest 15"
            auto_break = "30m after 6h"
            overtime = { daily = "8h" }
            """)
        try log.run(
            [
                "hours", "add", "--date", "2026-11-02", "--start", "07:07", "--end", "16:20", "--message", "Tour A",
                "--vehicle", "ABC1",
            ], environment: env)
        try log.run(
            ["hours", "add", "--date", "2026-11-03", "--start", "22:00", "--end", "06:00", "--break", "45m"],
            environment: env)
        // Daylight saving ended on 25 October in Helsinki: 01:00–05:00 is five hours of work.
        try log.run(["hours", "add", "--date", "2026-10-25", "--start", "01:00", "--end", "05:00"], environment: env)
        let result = try log.run(["hours", "list", "--period", "2026-11-15", "--format", "json"], environment: env)
        let document = try Self.object(result.stdout)
        let period = try #require(document["period"] as? [String: Any])
        #expect(period["start"] as? String == "2026-11-01" && period["end"] as? String == "2026-11-30")
        #expect(period["kind"] as? String == "monthly")
        let shifts = try #require(document["shifts"] as? [[String: Any]])
        #expect(shifts.count == 2)
        for key in [
            "id", "date", "start", "end", "break_minutes", "worked_minutes", "net_minutes", "overtime_minutes",
            "message",
            "vehicle", "sync",
        ] {
            #expect(shifts.allSatisfy { $0.keys.contains(key) }, "missing \(key)")
        }
        // 07:07 rounds to 07:00 and 16:20 to 16:15: 555 minutes, the automatic 30 minutes, 525 net, 45 over 8 h.
        let first = shifts[0]
        #expect(first["start"] as? String == "2026-11-02T07:00:00+02:00")
        #expect(first["end"] as? String == "2026-11-02T16:15:00+02:00")
        #expect(first["worked_minutes"] as? Int == 555 && first["break_minutes"] as? Int == 30)
        #expect(first["net_minutes"] as? Int == 525 && first["overtime_minutes"] as? Int == 45)
        #expect(first["vehicle"] as? String == "ABC1" && first["message"] as? String == "Tour A")
        #expect(first["sync"] as? String == "pending")
        // The night shift ends the next day; the entered 45 minutes beat the automatic 30.
        let night = shifts[1]
        #expect(night["end"] as? String == "2026-11-04T06:00:00+02:00")
        #expect(night["worked_minutes"] as? Int == 480 && night["break_minutes"] as? Int == 45)
        #expect(night["vehicle"] is NSNull)
        let totals = try #require(document["totals"] as? [String: Any])
        for key in ["worked_minutes", "break_minutes", "net_minutes", "overtime_minutes"] {
            let sum = shifts.reduce(0) { $0 + ($1[key] as? Int ?? 0) }
            #expect(totals[key] as? Int == sum, "\(key)")
        }
        let dst = try Self.object(
            try log.run(["hours", "list", "--period", "2026-10-01", "--format", "json"], environment: env).stdout)
        let dstShift = try #require((dst["shifts"] as? [[String: Any]])?.first)
        #expect(dstShift["worked_minutes"] as? Int == 300)
        #expect(dstShift["start"] as? String == "2026-10-25T01:00:00+03:00")
        #expect(dstShift["end"] as? String == "2026-10-25T05:00:00+02:00")
        // CSV: a row per shift, per day, and the period.
        let csv = try log.run(["hours", "list", "--period", "2026-11-15", "--format", "csv"], environment: env).stdout
        let kinds = csv.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",").first.map(String.init) }
        #expect(kinds == ["shift", "shift", "day", "day", "period"])
    }

    @Test("times the clocks skipped or repeated, overlaps and implausible shifts are refused with the option")
    func refusals() throws {
        let (log, env) = try Self.makeLog()
        let skipped = try log.run(
            ["hours", "add", "--date", "2026-03-29", "--start", "03:30", "--end", "06:00"], expect: 64, environment: env
        )
        #expect(skipped.stderr.contains("--start") && skipped.stderr.contains("does not exist"))
        let repeated = try log.run(
            ["hours", "add", "--date", "2026-10-25", "--start", "03:30", "--end", "06:00"], expect: 64, environment: env
        )
        #expect(repeated.stderr.contains("03:30+03:00") && repeated.stderr.contains("03:30+02:00"))
        try log.run(
            ["hours", "add", "--date", "2026-10-25", "--start", "03:30+02:00", "--end", "06:00"], environment: env)
        let overlap = try log.run(
            ["hours", "add", "--date", "2026-10-25", "--start", "05:00", "--end", "07:00"], expect: 65, environment: env
        )
        #expect(overlap.stderr.contains("overlaps shift 1"))
        let long = try log.run(
            ["hours", "add", "--date", "2026-11-02", "--start", "07:00", "--end", "16:00", "--end-date", "2026-11-04"],
            expect: 64, environment: env)
        #expect(long.stderr.contains("longer than 24 hours"))
        let bigBreak = try log.run(
            ["hours", "add", "--date", "2026-11-02", "--start", "07:00", "--end", "08:00", "--break", "90"], expect: 64,
            environment: env)
        #expect(bigBreak.stderr.contains("--break"))
        try log.run(
            ["hours", "add", "--date", "2026-11-02", "--start", "7", "--end", "8"], expect: 64, environment: env)
        try log.run(
            ["hours", "add", "--date", "2026-11-02", "--start", "07:00", "--end", "08:00", "--driver", "nobody"],
            expect: 64, environment: env)
    }

    @Test("a submitted period is read-only until reopened; a locked one for good")
    func submitAndLock() throws {
        let (log, env) = try Self.makeLog()
        try log.run(["hours", "add", "--date", "2026-11-02", "--start", "07:00", "--end", "15:00"], environment: env)
        try log.run(["hours", "submit", "--period", "2026-11-02"], environment: env)
        let refused = try log.run(
            ["hours", "add", "--date", "2026-11-03", "--start", "07:00", "--end", "15:00"], expect: 65, environment: env
        )
        #expect(refused.stderr.contains("submitted"))
        try log.run(["hours", "edit", "1", "--message", "late"], expect: 65, environment: env)
        try log.run(["hours", "reopen", "--period", "2026-11-02"], environment: env)
        try log.run(["hours", "edit", "1", "--end", "15:30"], environment: env)
        try log.run(["hours", "lock", "--period", "2026-11-02"], environment: env)
        for command in [
            ["hours", "add", "--date", "2026-11-30", "--start", "07:00", "--end", "15:00"],
            ["hours", "edit", "1", "--message", "x"], ["hours", "delete", "1"],
        ] {
            let result = try log.run(command, expect: 65, environment: env)
            #expect(result.stderr.contains("locked"), "\(command)")
        }
        try log.run(["hours", "reopen", "--period", "2026-11-02"], expect: 65, environment: env)
        let listed = try Self.object(
            try log.run(["hours", "list", "--period", "2026-11-02", "--format", "json"], environment: env).stdout)
        #expect(listed["status"] as? String == "locked")
        let shift = try #require((listed["shifts"] as? [[String: Any]])?.first)
        #expect(shift["end"] as? String == "2026-11-02T15:30:00+02:00")
        // December is a new period.
        try log.run(["hours", "add", "--date", "2026-12-01", "--start", "07:00", "--end", "15:00"], environment: env)
    }

    @Test("the clock: start, pause, resume and stop make one shift with the pause as break")
    func clock() throws {
        let (log, env) = try Self.makeLog()
        try log.run(["hours", "start", "--at", "08:00", "--message", "early"], environment: env)
        try log.run(["hours", "start", "--at", "08:05"], expect: 65, environment: env)
        try log.run(["hours", "resume", "--at", "09:00"], expect: 65, environment: env)
        try log.run(["hours", "pause", "--at", "10:00"], environment: env)
        try log.run(["hours", "resume", "--at", "10:25"], environment: env)
        let stopped = try Self.object(
            try log.run(["hours", "stop", "--at", "12:00", "--format", "json"], environment: env).stdout)
        #expect(stopped["worked_minutes"] as? Int == 240)
        #expect(stopped["break_minutes"] as? Int == 25)
        #expect(stopped["net_minutes"] as? Int == 215)
        #expect(stopped["message"] as? String == "early")
        try log.run(["hours", "stop"], expect: 65, environment: env)
    }

    @Test("--from-trips proposes the day's shift from the log's trips, --yes saves it")
    func fromTrips() throws {
        let (log, env) = try Self.makeLog()
        try log.run(
            [
                "import", "--vehicle", "ABC1",
                Fixtures.packageRoot.appendingPathComponent("SampleTracks/commute.nmea").path,
            ],
            environment: env)
        try log.run(
            [
                "trips", "add", "--vehicle", "ABC1", "--date", "2026-11-28", "--start", "13:00", "--end", "13:30",
                "--distance", "12", "--category", "private", "--allow-future",
            ], environment: env)
        // The trips as the mileage log lists them (UTC).
        let listing = try Self.object(
            try log.run(["trips", "list", "--vehicle", "ABC1", "--format", "json"], environment: env).stdout)
        let trips = try #require(listing["trips"] as? [[String: Any]])
        let tripTime = ISO8601DateFormatter()
        tripTime.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let starts = trips.compactMap { ($0["start"] as? String).flatMap(tripTime.date(from:)) }.sorted()
        let ends = trips.compactMap { ($0["end"] as? String).flatMap(tripTime.date(from:)) }.sorted()
        let formatter = ISO8601DateFormatter()
        #expect(trips.count >= 2)
        let proposal = try log.run(
            ["hours", "add", "--from-trips", "2026-11-28", "--format", "json"], environment: env)
        #expect(proposal.stderr.contains("not saved"))
        let proposed = try Self.object(proposal.stdout)
        let start = try #require((proposed["start"] as? String).flatMap(formatter.date(from:)))
        let end = try #require((proposed["end"] as? String).flatMap(formatter.date(from:)))
        #expect(start == starts.first && end == ends.last)
        // Stops over 15 minutes between trips are the break.
        var gaps = 0.0
        for (a, b) in zip(ends.dropLast(), starts.dropFirst()) where b.timeIntervalSince(a) > 15 * 60 {
            gaps += b.timeIntervalSince(a)
        }
        #expect(proposed["break_minutes"] as? Int == Int((gaps / 60).rounded()))
        let listed = try Self.object(
            try log.run(["hours", "list", "--period", "2026-11-28", "--format", "json"], environment: env).stdout)
        #expect((listed["shifts"] as? [Any])?.isEmpty == true, "a proposal is not saved without --yes")
        try log.run(["hours", "add", "--from-trips", "2026-11-28", "--yes"], environment: env)
        let saved = try Self.object(
            try log.run(["hours", "list", "--period", "2026-11-28", "--format", "json"], environment: env).stdout)
        #expect((saved["shifts"] as? [[String: Any]])?.first?["start"] as? String == proposed["start"] as? String)
        let none = try log.run(["hours", "add", "--from-trips", "2026-11-27"], expect: 65, environment: env)
        #expect(none.stderr.contains("no trips"))
    }

    @Test("configuration mistakes name the file, line and key and exit 78")
    func configurationErrors() throws {
        for (line, key) in [
            ("period = \"fortnightly\"", "period"), ("rounding = \"nearest 7\"", "rounding"),
            ("auto_break = \"lots\"", "auto_break"), ("timezone = \"Mars/Olympus\"", "timezone"),
            ("overtime = { daily = \"eight\" }", "daily"),
            ("endpoint = \"http://exim.example.com/shifts\"", "endpoint"),
            ("perod = \"monthly\"", "perod"), ("overtime = { dialy = \"8h\" }", "did you mean 'daily'"),
            ("rounding = { begin = \"up 5\" }", "begin"),
        ] {
            let log = try IsolatedLog()
            let config = try log.dir.write("bad.toml", Array("# hours\n[hours]\n\(line)\n".utf8))
            let result = try log.run(["hours", "settings"], expect: 78, environment: ["LOGBOOK_CONFIG": config])
            #expect(result.stderr.contains("bad.toml:3"), "\(line): \(result.stderr)")
            #expect(result.stderr.contains(key), "\(line): \(result.stderr)")
        }
    }

    @Test("links: checked addresses, per driver or for everyone")
    func links() throws {
        let (log, env) = try Self.makeLog()
        try log.run(["drivers", "add", "ben"], environment: env)
        try log.run(["hours", "links", "add", "Payroll", "https://exim.example.com/me"], environment: env)
        try log.run(
            ["hours", "links", "add", "Roster", "https://roster.example.com", "--driver", "ben"], environment: env)
        try log.run(["hours", "links", "add", "Bad", "javascript:alert(1)"], expect: 64, environment: env)
        try log.run(["hours", "links", "add", "payroll", "https://other.example.com"], expect: 65, environment: env)
        let anna = try log.run(["hours", "links", "list", "--driver", "anna", "--format", "csv"], environment: env)
            .stdout
        #expect(anna.contains("Payroll") && !anna.contains("Roster"))
        let ben = try log.run(["hours", "links", "list", "--driver", "ben", "--format", "csv"], environment: env).stdout
        #expect(ben.contains("Payroll") && ben.contains("Roster"))
        try log.run(["hours", "links", "remove", "Payroll"], environment: env)
        try log.run(["hours", "links", "remove", "Payroll"], expect: 65, environment: env)
    }

    @Test("hours report writes the timesheet as PDF and CSV")
    func report() throws {
        let (log, env) = try Self.makeLog("overtime = { daily = \"8h\" }")
        try log.run(
            [
                "hours", "add", "--date", "2026-11-02", "--start", "07:00", "--end", "16:00", "--message",
                "Route Jõgeva – Tartu",
            ], environment: env)
        let pdf = log.dir.path("sheet.pdf")
        let csv = log.dir.path("sheet.csv")
        try log.run(["hours", "report", "--period", "2026-11-02", "--pdf", pdf, "--csv", csv], environment: env)
        let text = try PDFTools(url: URL(fileURLWithPath: pdf)).text()
        #expect(text.contains("Timesheet anna") && text.contains("Route Jõgeva – Tartu"))
        #expect(text.contains("9:00") && text.contains("1:00"), "worked 9:00 and overtime 1:00")
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\r\n")
        #expect(rows.count == 4 && rows[1].hasPrefix("shift,1,2026-11-02,2026-11-02T07:00:00+02:00"))
        try log.run(["hours", "report"], expect: 64, environment: env)
    }
}
