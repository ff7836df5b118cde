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

    @Test("times the clocks skipped, overlaps and implausible shifts are refused with the option")
    func refusals() throws {
        let (log, env) = try Self.makeLog()
        let skipped = try log.run(
            ["hours", "add", "--date", "2026-03-29", "--start", "03:30", "--end", "06:00"], expect: 64, environment: env
        )
        #expect(skipped.stderr.contains("--start") && skipped.stderr.contains("does not exist"))
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

    /// A log like `makeLog`'s in Berlin: on 25 October 2026 03:00 CEST (01:00Z) became 02:00 CET, on 29 March
    /// 2026 02:00 CET became 03:00 CEST.
    static func berlinLog() throws -> (IsolatedLog, [String: String]) {
        let log = try IsolatedLog()
        let config = try log.dir.write(
            "hours.toml", Array("[hours]\nperiod = \"monthly\"\ntimezone = \"Europe/Berlin\"\n".utf8))
        let environment = ["LOGBOOK_CONFIG": config]
        try log.run(["drivers", "add", "anna"], environment: environment)
        return (log, environment)
    }

    @Test("the night the clocks go back: 01:00–05:00 is 5 hours; a repeated time is the first unless an offset says")
    func clocksGoBack() throws {
        let (log, env) = try Self.berlinLog()
        let add = ["hours", "add", "--date", "2026-10-25"]
        // 01:00 CEST (23:00Z) to 05:00 CET (04:00Z); neither time happened twice.
        let five = try Self.object(
            try log.run(add + ["--start", "01:00", "--end", "05:00", "--format", "json"], environment: env).stdout)
        #expect(five["worked_minutes"] as? Int == 300)
        #expect(five["start"] as? String == "2026-10-25T01:00:00+02:00")
        #expect(five["end"] as? String == "2026-10-25T05:00:00+01:00")
        #expect((five["repeated_times"] as? [Any])?.isEmpty == true)
        try log.run(["hours", "delete", "1"], environment: env)

        // 02:30 happened at 00:30Z and at 01:30Z: without an offset the first, and the output says so.
        let text = try log.run(add + ["--start", "02:30", "--end", "05:00"], environment: env)
        #expect(text.stdout.contains("net 3:30"), "\(text.stdout)")
        #expect(
            text.stdout.contains("start 02:30 taken as the first 02:30 (+02:00); 02:30+01:00 is the second"),
            "\(text.stdout)")
        let listed = try Self.object(
            try log.run(["hours", "list", "--period", "2026-10-25", "--format", "json"], environment: env).stdout)
        let shift = try #require((listed["shifts"] as? [[String: Any]])?.first)
        #expect(shift["raw_start"] as? String == "2026-10-25T02:30:00+02:00")
        #expect(shift["worked_minutes"] as? Int == 210)
        let repeated = try #require((shift["repeated_times"] as? [[String: Any]])?.first)
        #expect(repeated["field"] as? String == "start" && repeated["time"] as? String == "02:30")
        #expect(repeated["occurrence"] as? String == "first" && repeated["offset"] as? String == "+02:00")
        #expect((repeated["note"] as? String)?.hasPrefix("start 02:30 taken as the first 02:30 (+02:00)") == true)
        let id = try #require(shift["id"] as? String)
        let number = String(try #require(shift["number"] as? Int))

        // The second 02:30 by its offset (01:30Z to 04:00Z: 150 minutes), by the id `hours list` printed.
        let second = try Self.object(
            try log.run(["hours", "edit", id, "--start", "02:30+01:00", "--format", "json"], environment: env).stdout)
        #expect(second["worked_minutes"] as? Int == 150)
        #expect(second["raw_start"] as? String == "2026-10-25T02:30:00+01:00")
        #expect(((second["repeated_times"] as? [[String: Any]])?.first)?["occurrence"] as? String == "second")
        // A change of something else, or the same time typed again, keeps the second; another time is the first.
        for change in [["--message", "night"], ["--start", "02:30"], ["--start", "02:30", "--date", "2026-10-25"]] {
            let kept = try Self.object(
                try log.run(["hours", "edit", number] + change + ["--format", "json"], environment: env).stdout)
            #expect(kept["worked_minutes"] as? Int == 150, "\(change)")
        }
        let moved = try log.run(["hours", "edit", id.uppercased(), "--start", "02:40"], environment: env)
        #expect(moved.stdout.contains("start 02:40 taken as the first 02:40 (+02:00)"), "\(moved.stdout)")
        #expect(moved.stdout.contains("net 3:20"), "\(moved.stdout)")
        try log.run(["hours", "delete", id], environment: env)

        // A repeated end: 00:30 CEST (22:30Z) to the first 02:15 (00:15Z), or to the second (01:15Z).
        let end = try Self.object(
            try log.run(add + ["--start", "00:30", "--end", "02:15", "--format", "json"], environment: env).stdout)
        #expect(end["worked_minutes"] as? Int == 105)
        #expect(((end["repeated_times"] as? [[String: Any]])?.first)?["field"] as? String == "end")
        let later = try Self.object(
            try log.run(
                ["hours", "edit", "\(end["number"] as? Int ?? 0)", "--end", "02:15+01:00", "--format", "json"],
                environment: env
            ).stdout)
        #expect(later["worked_minutes"] as? Int == 165)

        // The night the clocks go forward, 02:30 did not happen: refused, naming the option.
        let skipped = try log.run(
            ["hours", "add", "--date", "2026-03-29", "--start", "02:30", "--end", "06:00"], expect: 64, environment: env
        )
        #expect(skipped.stderr.contains("--start") && skipped.stderr.contains("does not exist"), "\(skipped.stderr)")
        // An offset the zone did not have then.
        let wrong = try log.run(
            ["hours", "add", "--date", "2026-10-25", "--start", "02:30+03:00", "--end", "06:00"], expect: 64,
            environment: env)
        #expect(wrong.stderr.contains("--start") && wrong.stderr.contains("is not a time of Europe/Berlin"))
    }

    @Test("hours edit and hours delete take the id `hours list --format json` prints, as well as the number")
    func editAndDeleteByID() throws {
        let (log, env) = try Self.makeLog()
        for day in ["2026-11-02", "2026-11-03", "2026-11-04"] {
            try log.run(["hours", "add", "--date", day, "--start", "07:00", "--end", "15:00"], environment: env)
        }
        func shifts() throws -> [[String: Any]] {
            let listed = try Self.object(
                try log.run(["hours", "list", "--period", "2026-11-02", "--format", "json"], environment: env).stdout)
            return try #require(listed["shifts"] as? [[String: Any]])
        }
        let before = try shifts()
        let ids = before.compactMap { $0["id"] as? String }
        #expect(ids.count == 3 && before.map { $0["number"] as? Int } == [1, 2, 3])
        // The id exactly as printed, and in capitals; the number as before.
        try log.run(["hours", "edit", ids[0], "--end", "16:00"], environment: env)
        try log.run(["hours", "edit", ids[1].uppercased(), "--message", "by id"], environment: env)
        try log.run(["hours", "edit", "3", "--break", "30"], environment: env)
        let edited = try shifts()
        #expect(edited[0]["end"] as? String == "2026-11-02T16:00:00+02:00")
        #expect(edited[1]["message"] as? String == "by id")
        #expect(edited[2]["break_minutes"] as? Int == 30)
        let deleted = try log.run(["hours", "delete", ids[1]], environment: env)
        #expect(deleted.stderr.contains("Deleted shift 2 of anna"), "\(deleted.stderr)")
        #expect(try shifts().compactMap { $0["id"] as? String } == [ids[0], ids[2]])
        // An id that is no shift's is not found (65); what is neither a number nor an id is a usage error (64).
        let gone = try log.run(["hours", "delete", ids[1]], expect: 65, environment: env)
        #expect(gone.stderr.contains("there is no shift"), "\(gone.stderr)")
        for bad in ["shift-1", "0", "\(ids[0])x", ""] {
            try log.run(["hours", "edit", bad, "--message", "x"], expect: 64, environment: env)
            try log.run(["hours", "delete", bad], expect: 64, environment: env)
        }
        #expect(try shifts().count == 2)
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
                "trips", "add", "--vehicle", "ABC1", "--date", "2026-11-16", "--start", "13:00", "--end", "13:30",
                "--distance", "12", "--category", "private",
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
            ["hours", "add", "--from-trips", "2026-11-16", "--format", "json"], environment: env)
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
            try log.run(["hours", "list", "--period", "2026-11-16", "--format", "json"], environment: env).stdout)
        #expect((listed["shifts"] as? [Any])?.isEmpty == true, "a proposal is not saved without --yes")
        try log.run(["hours", "add", "--from-trips", "2026-11-16", "--yes"], environment: env)
        let saved = try Self.object(
            try log.run(["hours", "list", "--period", "2026-11-16", "--format", "json"], environment: env).stdout)
        #expect((saved["shifts"] as? [[String: Any]])?.first?["start"] as? String == proposed["start"] as? String)
        let none = try log.run(["hours", "add", "--from-trips", "2026-11-15"], expect: 65, environment: env)
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
