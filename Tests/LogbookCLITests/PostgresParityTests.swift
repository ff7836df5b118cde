import Foundation
import LogbookTestSupport
import Testing
import TrackModel

/// Issue 30: every command behaves on PostgreSQL as on SQLite. One realistic scenario across every domain — the
/// mileage log (vehicles, drivers, places, rules, imported tracks, manual and regular trips, edit, void, merge, split,
/// conflicts, odometer readings, the audit chain, the monthly report), users and tokens, devices and their positions
/// through `logbook serve`, work hours, checklists, value-stream maps and roofing — run through the real `logbook`
/// binary on an SQLite file and on a database of the test cluster; their outputs must be the same step by step, once
/// what legitimately differs (`ParityTranscript`) is replaced by placeholders.
///
/// The PostgreSQL database sorts texts as one made on an en_US.UTF-8 server, so an order left to its collation shows
/// (it did: `vehicles list` and `drivers list` put `Émile` and `ébène` among the j's). Names that differ only in the
/// case of a letter beyond ASCII (`Émile`, `émile`) are two names on both, as SQLite's `NOCASE` folds ASCII only (on
/// PostgreSQL they were one, by `lower(name)`, until migration v10).
@Suite(.serialized) struct PostgresParityTests {
    static let configuration = """
        [hours]
        period = "monthly"
        timezone = "UTC"
        rounding = "nearest 5"
        auto_break = "30m after 6h"
        overtime = { daily = "8h" }

        [checklists]
        reminders = [{ name = "Travel path", every_minutes = 30, day_from = "10:15", evening_from = "17:15" }]

        """

    @Test(
        "the same scenario on SQLite and on PostgreSQL prints the same, step by step",
        .enabled(if: TestCluster.runs, "no test cluster"))
    func sameOutputs() throws {
        var transcripts: [ParityTranscript] = []
        for kind in LogKind.allCases {
            let began = Date()
            // The PostgreSQL database sorts texts as one made on a server in en_US.UTF-8 does (Debian's default), so
            // that an order left to the database's collation shows.
            let log = try IsolatedLog(kind, configuration: Self.configuration, icuLocale: "en-US")
            let transcript = ParityTranscript(log)
            try Self.mileageLog(transcript)
            try Self.usersAndDevices(transcript)
            try Self.hours(transcript)
            try Self.checklists(transcript)
            try Self.valueStreams(transcript)
            try Self.roofing(transcript)
            transcripts.append(transcript)
            // `LOGBOOK_PARITY_DUMP=/tmp/parity` writes each transcript (`/tmp/parity.sqlite`, …) to read them side by side.
            if let dump = ProcessInfo.processInfo.environment["LOGBOOK_PARITY_DUMP"] {
                try transcript.text.write(toFile: "\(dump).\(kind)", atomically: true, encoding: .utf8)
            }
            print("parity scenario on \(kind): \(transcript.steps.count) steps in \(Date().timeIntervalSince(began)) s")
        }
        let differences = ParityTranscript.differences(transcripts[0], transcripts[1])
        #expect(differences.isEmpty, "\(differences.count) differences:\n\(differences.joined(separator: "\n"))")
        #expect(transcripts[0].steps.count > 100, "the scenario ran through")
    }

    static func ids(_ value: Any, _ key: String = "trips") -> [Int] {
        ((value as? [String: Any])?[key] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
    }

    // MARK: The mileage log

    static func mileageLog(_ t: ParityTranscript) throws {
        let samples = Fixtures.packageRoot.appendingPathComponent("SampleTracks")
        try t.json(
            "profile set", ["profile", "set", "--name", "Mari Maasikas", "--company", "Õun OÜ", "--employee-id", "E-7"])
        try t.text("drivers add", ["drivers", "add", "Mari Maasikas"], stderr: true)
        // Names that sort differently by code point (SQLite), by lowered text or by a locale: accents, case, marks.
        for name in ["jaan", "Émile", "ébène", "Zoë", "o'Neil", "O-Ren"] {
            try t.text("drivers add \(name)", ["drivers", "add", name], stderr: true)
        }
        try t.json(
            "vehicles add",
            [
                "vehicles", "add", "--plate", "123ABC", "--make-model", "Škoda Octavia", "--odometer", "12000",
                "--driver", "Mari Maasikas",
            ])
        try t.json(
            "vehicles add miles", ["vehicles", "add", "--plate", "MILES1", "--unit", "mi", "--odometer", "5000"])
        for plate in ["ab-12", "AB 13", "Ab14", "ÄB15"] {
            try t.json("vehicles add \(plate)", ["vehicles", "add", "--plate", plate])
        }
        try t.json("a plate taken in another case", ["vehicles", "add", "--plate", "123abc"], expect: 65)
        // Case beyond ASCII is not folded: `émile` is another driver than `Émile`, `äb15` another plate than `ÄB15`.
        try t.text("drivers add émile", ["drivers", "add", "émile"], stderr: true)
        try t.json("vehicles add äb15", ["vehicles", "add", "--plate", "äb15"])
        try t.json("vehicles list", ["vehicles", "list"])
        try t.json("drivers list", ["drivers", "list"])
        try t.json("places add", ["places", "add", "--name", "Office", "--lat", "59.4370", "--lon", "24.7536"])
        try t.json(
            "places add 2", ["places", "add", "--name", "Home", "--lat", "59.40", "--lon", "24.70", "--radius", "300"])
        try t.text(
            "rules add",
            [
                "rules", "add", "--name", "Commute", "--weekdays", "mon-fri", "--time", "06:00-10:00", "--from", "Home",
                "--to", "Office", "--category", "commute",
            ], stderr: true)
        try t.json("places list", ["places", "list"])
        try t.json("rules list", ["rules", "list"])
        try t.text(
            "import samples",
            [
                "import", "--vehicle", "123ABC", samples.appendingPathComponent("commute.nmea").path,
                samples.appendingPathComponent("commute.gpx").path,
            ], stderr: true)
        try t.text(
            "import errands", ["import", "--vehicle", "MILES1", samples.appendingPathComponent("errands.jsonl").path],
            stderr: true)
        // A trip typed in over the first drive of the daemon's recording: the import keeps that drive aside.
        try t.json(
            "trips add over a drive",
            [
                "trips", "add", "--vehicle", "123ABC", "--date", "2026-11-21", "--start", "08:00", "--end", "08:12",
                "--distance", "10",
            ])
        try t.text(
            "import with a conflict", ["import", "--vehicle", "123ABC", Fixtures.url("daemon/drive.nmea").path],
            expect: 65, stderr: true)
        try t.json("conflicts", ["trips", "conflicts"])
        try t.text("resolve", ["trips", "conflicts", "resolve", "1", "--keep", "imported"], stderr: true)
        try t.json("conflicts after", ["trips", "conflicts"])
        for (label, arguments) in [
            ("business 1", ["--date", "2026-11-22", "--start", "09:00", "--end", "09:30", "--distance", "25"]),
            ("business 2", ["--date", "2026-11-22", "--start", "09:40", "--end", "10:00", "--distance", "12"]),
        ] {
            try t.json(
                "trips add \(label)",
                [
                    "trips", "add", "--vehicle", "123ABC", "--category", "business", "--purpose", label, "--partner",
                    "Kala AS",
                ] + arguments)
        }
        try t.json(
            "trips add private",
            [
                "trips", "add", "--vehicle", "123ABC", "--date", "2026-11-22", "--start", "18:00", "--end", "18:40",
                "--distance", "30", "--category", "private", "--driver", "jaan",
            ])
        try t.json(
            "trips add miles",
            [
                "trips", "add", "--vehicle", "MILES1", "--date", "2026-11-23", "--start", "07:00", "--end", "07:45",
                "--distance", "20", "--category", "commute",
            ])
        let listed = try t.json("trips list", ["trips", "list"])
        let trips = (listed as? [String: Any])?["trips"] as? [[String: Any]] ?? []
        func id(_ purpose: String) -> String {
            trips.first { $0["purpose"] as? String == purpose }.flatMap { $0["id"] as? Int }.map(String.init) ?? "0"
        }
        let privateTrip = trips.first { $0["category"] as? String == "private" }.flatMap { $0["id"] as? Int } ?? 0
        let gps = trips.filter { $0["source"] as? String == "gps" }.compactMap { $0["id"] as? Int }
        try t.json("merge", ["trips", "merge", id("business 1"), id("business 2")])
        try t.json("split", ["trips", "split", "\(privateTrip)", "--at", "18:20"])
        let edited = gps.first.map(String.init) ?? "0"
        try t.json("edit refused", ["trips", "edit", edited, "--category", "business"], expect: 65)
        try t.json(
            "edit",
            ["trips", "edit", edited, "--category", "business", "--purpose", "Supplier", "--destination", "Tartu"])
        try t.json("void", ["trips", "void", gps.last.map(String.init) ?? "0", "--reason", "entered twice"])
        try t.json("regular add", ["regular", "add", "--from-trip", edited, "--name", "Supplier run"])
        try t.json("regular list", ["regular", "list"])
        try t.json(
            "trips add regular",
            ["trips", "add", "--regular", "supplier RUN", "--date", "2026-11-24", "--start", "08:00"]
        )
        try t.json("trips show", ["trips", "show", edited])
        try t.json("trips show merged", ["trips", "show", id("business 1")])
        // Odometer readings: one beyond the last trip, corrected; one of the other vehicle, voided.
        let all = try t.json("trips list voided", ["trips", "list", "--include-voided"])
        let last =
            ((all as? [String: Any])?["trips"] as? [[String: Any]] ?? [])
            .filter { $0["vehicle"] as? String == "123ABC" && $0["voided"] as? Bool != true }
            .compactMap { $0["end_odometer"] as? Double }.max() ?? 0
        let reading = String(Int(last.rounded(.up)) + 3)
        try t.json(
            "odometer record",
            [
                "odometer", "record", "--vehicle", "123ABC", "--reading", reading, "--date", "2026-11-25", "--time",
                "12:00",
            ])
        try t.json(
            "odometer backwards",
            ["odometer", "record", "--vehicle", "123ABC", "--reading", "100", "--date", "2026-11-25"],
            expect: 65)
        try t.json("odometer correct", ["odometer", "correct", "1", "--reading", reading + ".5", "--note", "misread"])
        try t.json(
            "odometer record miles",
            ["odometer", "record", "--vehicle", "MILES1", "--reading", "5100", "--date", "2026-11-25", "--force"])
        try t.json("odometer void", ["odometer", "void", "2", "--reason", "photo of another car"])
        try t.json("odometer list", ["odometer", "list", "--include-voided"])
        try t.json("odometer check", ["odometer", "check"], expect: 1)
        try t.json("odometer calibration", ["odometer", "calibration", "--vehicle", "123ABC"])
        try t.json("rules test", ["rules", "test", "--dry-run"])
        try t.json("trips list all", ["trips", "list", "--include-voided"])
        try t.text("trips list csv", ["trips", "list", "--include-voided", "--format", "csv"])
        try t.json("trips list filtered", ["trips", "list", "--vehicle", "miles1", "--category", "commute"])
        try t.json("trips list period", ["trips", "list", "--from", "2026-11-17", "--to", "2026-11-22"])
        try t.json("audit verify", ["audit", "verify"])
        try t.json("audit list", ["audit", "list", "--trip", edited])
        let csv = t.log.dir.path("report.csv")
        try t.text(
            "report",
            [
                "report", "--month", "2026-11", "--vehicle", "123ABC", "--csv", csv, "--pdf",
                t.log.dir.path("report.pdf"),
            ], stderr: true)
        try t.file("report csv", csv)
        #expect(FileManager.default.fileExists(atPath: t.log.dir.path("report.pdf")))
        let miles = t.log.dir.path("miles.csv")
        try t.text("report miles", ["report", "--month", "2026-11", "--vehicle", "MILES1", "--csv", miles])
        try t.file("report miles csv", miles)
        try t.json("mail status", ["mail", "status"])
    }

    // MARK: Users, tokens, devices and their positions through the server

    static func usersAndDevices(_ t: ParityTranscript) throws {
        let password = try t.log.dir.write("boss-password", Array("secret-pass-1\n".utf8))
        try t.text("users add", ["users", "add", "boss", "--role", "admin", "--password-file", password], stderr: true)
        try t.text(
            "users add driver", ["users", "add", "anna", "--role", "driver", "--vehicle", "123ABC", "--no-password"],
            stderr: true)
        try t.text(
            "users add accented", ["users", "add", "Élise", "--role", "accountant", "--no-password"], stderr: true)
        try t.text(
            "users add taken", ["users", "add", "Boss", "--role", "admin", "--no-password"], expect: 65, stderr: true)
        let token = try t.json("users token", ["users", "token", "boss", "--expires", "never"])
        try t.json("users token 2", ["users", "token", "anna"])
        try t.json("users list", ["users", "list"])
        try t.text("users revoke", ["users", "revoke", "anna"], stderr: true)
        try t.json("users list after", ["users", "list"])
        let device = try t.json(
            "devices add", ["devices", "add", "phone", "--vehicle", "123abc", "--base-url", "https://lb.example.org/"])
        try t.json("devices add taken", ["devices", "add", "Phone", "--vehicle", "123ABC"], expect: 65)
        try t.json("devices list", ["devices", "list"])

        // The phone's drive posted to `logbook serve`; a login on the web page; the trips through the API.
        let serve = try t.log.dir.write("serve.toml", Array((t.log.databaseSection + Self.configuration).utf8))
        let port = try GPSFake.freePort()
        let server = try DaemonProcess(
            ["--listen", "127.0.0.1:\(port)", "--database", t.log.database, "--config", serve], command: "serve")
        defer { server.stop() }
        #expect(waitUntil(timeout: 30) { server.log.contains("Serving") }, "\(server.log)")
        // A short drive (1 Hz): stand 1 min, drive ~5 min, park 6 min (the engine ends the trip on the fixes).
        var builder = ScenarioBuilder(options: .init(rate: 1, doppler: true, eph: 5, hdop: nil, seed: 30))
        builder.stand(60)
        builder.accelerate(20, to: 14)
        builder.drive(300, turnRate: 0.02)
        builder.accelerate(20, to: 0)
        builder.stand(360)
        let fixes = builder.fixes
        let deviceToken = (device as? [String: Any])?["token"] as? String ?? ""
        var statuses: [Int] = []
        for start in stride(from: 0, to: fixes.count, by: 200) {
            statuses.append(
                try Self.postOverland(
                    fixes[start..<min(start + 200, fixes.count)], token: deviceToken,
                    port: port, dir: t.log.dir))
        }
        t.record("positions posted", statuses)
        let web = try Self.logIn(port: port, name: "boss", password: "secret-pass-1", dir: t.log.dir)
        t.record("web login", web)
        let apiToken = (token as? [String: Any])?["token"] as? String ?? ""
        let api = try Self.curl(["-H", "Authorization: Bearer \(apiToken)", "http://127.0.0.1:\(port)/api/v1/trips"])
        t.record("api trips", (try? JSONSerialization.jsonObject(with: Data(api.body.utf8))) ?? api.body)
        #expect(api.status == 200)
        server.stop()
        let log = server.log
        #expect(!log.contains("secret-pass-1") && !log.contains(apiToken) && !log.contains(deviceToken))
        #expect(!log.contains("SELECT") && !log.contains("INSERT") && !log.contains("UPDATE "), "\(log)")
        let near = [fixes[0].latitude!, fixes[0].longitude!].map { String(format: "%.2f", $0) }
        #expect(!LogText.mentionsCoordinate(log, like: near), "\(log)")
        try t.json("devices list after", ["devices", "list"])
        try t.json("device trips", ["trips", "list", "--from", "2024-06-01", "--to", "2024-06-01"])
    }

    static func curl(_ arguments: [String]) throws -> (status: Int, body: String) {
        let result = try CLIRunner.runExecutable(
            URL(fileURLWithPath: "/usr/bin/curl"), ["-s", "-w", "\n%{http_code}"] + arguments)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }

    static func postOverland(_ fixes: ArraySlice<Fix>, token: String, port: Int, dir: TemporaryDirectory) throws -> Int
    {
        let features: [[String: Any]] = fixes.map { fix in
            [
                "type": "Feature",
                "geometry": ["type": "Point", "coordinates": [fix.longitude!, fix.latitude!]],
                "properties": [
                    "timestamp": fix.time!.iso8601, "speed": fix.speed ?? 0, "horizontal_accuracy": fix.eph ?? 5,
                ] as [String: Any],
            ]
        }
        let file = try dir.write("batch.json", try JSONSerialization.data(withJSONObject: ["locations": features]))
        return try curl([
            "-o", "/dev/null", "-H", "Authorization: Bearer \(token)", "-H", "Content-Type: application/json",
            "--data-binary", "@\(file)", "http://127.0.0.1:\(port)/ingest/overland",
        ]).status
    }

    /// Logs in on the login page as a browser does (its CSRF cookie and field); the answers' statuses and where the
    /// login sent the browser, and whether the trips page then shows.
    static func logIn(port: Int, name: String, password: String, dir: TemporaryDirectory) throws -> [String: Any] {
        let jar = dir.path("cookies.txt")
        let page = try curl(["-c", jar, "-b", jar, "http://127.0.0.1:\(port)/login"])
        let csrf =
            page.body.range(of: #"name="csrf" value="([^"]+)""#, options: .regularExpression).map {
                String(page.body[$0].dropFirst(#"name="csrf" value=""#.count).dropLast())
            } ?? ""
        let login = try curl([
            "-c", jar, "-b", jar, "-o", "/dev/null", "--data-urlencode", "csrf=\(csrf)", "--data-urlencode",
            "name=\(name)", "--data-urlencode", "password=\(password)", "http://127.0.0.1:\(port)/login",
        ])
        let trips = try curl(["-c", jar, "-b", jar, "http://127.0.0.1:\(port)/trips"])
        #expect(trips.status == 200 && trips.body.contains("123ABC"), "\(trips.status)")
        return ["page": page.status, "login": login.status, "trips": trips.status, "csrf": !csrf.isEmpty]
    }

    // MARK: Work hours

    static func hours(_ t: ParityTranscript) throws {
        let anna = ["--driver", "Mari Maasikas"]
        try t.json(
            "hours add",
            [
                "hours", "add", "--date", "2026-11-02", "--start", "07:07", "--end", "16:20", "--message", "Tour A",
                "--vehicle", "123ABC",
            ] + anna)
        try t.json(
            "hours add night",
            ["hours", "add", "--date", "2026-11-03", "--start", "22:00", "--end", "06:00", "--break", "45m"] + anna)
        try t.json(
            "hours add october", ["hours", "add", "--date", "2026-10-20", "--start", "08:00", "--end", "12:00"] + anna)
        try t.json(
            "hours overlap", ["hours", "add", "--date", "2026-11-02", "--start", "15:00", "--end", "17:00"] + anna,
            expect: 65)
        try t.json(
            "hours add jaan",
            ["hours", "add", "--date", "2026-11-04", "--start", "08:00", "--end", "12:00", "--driver", "jaan"])
        try t.json("hours edit", ["hours", "edit", "1", "--end", "16:00", "--message", "Tour A+"] + anna)
        try t.json(
            "hours add to delete",
            ["hours", "add", "--date", "2026-11-05", "--start", "08:00", "--end", "09:00"] + anna)
        try t.text("hours delete", ["hours", "delete", "5"], stderr: true)
        for (step, at) in [("start", "01:00"), ("pause", "02:00"), ("resume", "02:15"), ("stop", "03:00")] {
            try t.json("hours \(step)", ["hours", step, "--at", at, "--driver", "jaan"])
        }
        try t.json("hours list", ["hours", "list", "--period", "2026-11-15"] + anna)
        try t.text("hours list csv", ["hours", "list", "--period", "2026-11-15", "--format", "csv"] + anna)
        try t.json("hours list jaan", ["hours", "list", "--driver", "jaan"])
        try t.text("hours submit", ["hours", "submit", "--period", "2026-10-15"] + anna, stderr: true)
        try t.json("hours edit submitted", ["hours", "edit", "3", "--end", "12:30"] + anna, expect: 65)
        try t.text("hours reopen", ["hours", "reopen", "--period", "2026-10-15"] + anna, stderr: true)
        try t.text("hours lock", ["hours", "lock", "--period", "2026-10-15"], stderr: true)
        try t.json("hours edit locked", ["hours", "edit", "3", "--end", "12:30"] + anna, expect: 65)
        try t.json("hours list october", ["hours", "list", "--period", "2026-10-15"] + anna)
        try t.text(
            "hours links add", ["hours", "links", "add", "Payroll", "https://exim.example.com/me", "--driver", "jaan"],
            stderr: true)
        try t.json("hours links list", ["hours", "links", "list", "--driver", "jaan"])
        try t.json("hours settings", ["hours", "settings"])
        try t.json("hours status", ["hours", "status"])
        let csv = t.log.dir.path("hours.csv")
        try t.text("hours report", ["hours", "report", "--period", "2026-11-15", "--csv", csv] + anna, stderr: true)
        try t.file("hours report csv", csv)
    }

    // MARK: Checklists

    static func checklists(_ t: ParityTranscript) throws {
        try t.text(
            "restaurant add",
            [
                "checklists", "restaurants", "add", "Main Street", "--email", "ms@example.org", "--timezone",
                "Europe/Berlin",
            ],
            stderr: true)
        try t.text(
            "shift manager",
            ["users", "add", "rita", "--role", "shift-manager", "--restaurant", "main street", "--no-password"],
            stderr: true)
        try t.text(
            "templates import",
            ["checklists", "templates", "import", Fixtures.url("checklists/main-street-day-pre-shift.json").path],
            stderr: true)
        try t.json("templates list", ["checklists", "templates", "list", "Main Street"])
        let started = try t.json(
            "shift start",
            [
                "checklists", "shift", "start", "--restaurant", "Main Street", "--day-part", "day", "--manager", "rita",
                "--at", "2026-11-20T09:00",
            ])
        let shift = ((started as? [String: Any])?["id"] as? Int).map(String.init) ?? "0"
        for (index, (path, state)) in [
            ("Kitchen/Fryer/Oil level", "ok"), ("Kitchen/Fryer/Temperature", "not-ok"), ("Kitchen/Floors dry", "ok"),
            ("Dining room/Tables clean", "ok"), ("Dining room/Music on", "not-ok"),
        ].enumerated() {
            try t.text(
                "mark \(path)",
                ["checklists", "mark", shift, path, state, "--at", "2026-11-20T09:0\(index + 1)"]
                    + (state == "ok" ? [] : ["--note", "needs a look"]))
        }
        try t.text(
            "todo add",
            [
                "checklists", "todo", shift, "--add", "Order straws", "--area", "service", "--priority", "2",
                "--section",
                "Dining room",
            ])
        let todos = try t.json("todos", ["checklists", "todo", shift])
        for id in Self.ids(todos, "todos") {
            try t.text("todo done \(id)", ["checklists", "todo", shift, "--done", "\(id)", "--note", "fixed"])
        }
        try t.text(
            "shift end", ["checklists", "shift", "end", shift, "--no-mail", "--at", "2026-11-20T17:00"], stderr: true)
        try t.json("shift show", ["checklists", "shift", "show", shift])
        try t.json("archive", ["checklists", "archive", "--from", "2026-11-01", "--to", "2026-11-30"])
        try t.json("stats", ["checklists", "stats", "--from", "2026-11-01"])
    }

    // MARK: Value-stream maps

    static func valueStreams(_ t: ParityTranscript) throws {
        let name = "Order to cash"
        try t.text("vsm create", ["vsm", "create", name, "--demand", "40", "--available", "7h30m"], stderr: true)
        try t.text("vsm section", ["vsm", "section", "add", name, "Sales"], stderr: true)
        for arguments in [
            ["--text", "Take order", "--kind", "value", "--process", "5m", "--wait", "1h", "--ca", "95"],
            ["--text", "Check crédit", "--kind", "auxiliary", "--process", "10m", "--wait", "2h"],
        ] {
            try t.json("vsm add \(arguments[1])", ["vsm", "add", name] + arguments)
        }
        try t.text("vsm section 2", ["vsm", "section", "add", name, "Warehouse"], stderr: true)
        for arguments in [
            ["--text", "Pick goods", "--kind", "value", "--process", "20m", "--wait", "1d", "--ca", "90"],
            ["--text", "Search pallet", "--kind", "waste", "--process", "15m"],
        ] {
            try t.json("vsm add \(arguments[1])", ["vsm", "add", name] + arguments)
        }
        try t.text("vsm move", ["vsm", "move", name, "search PALLET", "--to", "1", "--section", "Sales"], stderr: true)
        try t.text("vsm edit", ["vsm", "edit", name, "2", "--wait", "30m", "--colour", "#FFEB3B"], stderr: true)
        try t.text("vsm duplicate", ["vsm", "duplicate", name, "Order to cash 2027", "--future"], stderr: true)
        try t.text("vsm remove", ["vsm", "remove", "Order to cash 2027", "Search pallet"], stderr: true)
        try t.json("vsm show future", ["vsm", "show", "order TO CASH 2027"])
        try t.json("vsm show", ["vsm", "show", name])
        try t.text("vsm show csv", ["vsm", "show", name, "--format", "csv"])
        try t.json("vsm list", ["vsm", "list"])
        try t.json("vsm search", ["vsm", "search", "CREDIT"])
        try t.json("vsm search 2", ["vsm", "search", "cash"])
        try t.text("vsm create taken", ["vsm", "create", "ORDER to cash"], expect: 65, stderr: true)
        try t.text("vsm rename", ["vsm", "rename", name, "Order to cash 2026"], stderr: true)
        try t.json("vsm show future renamed", ["vsm", "show", "Order to cash 2027"])
        try t.text("vsm delete", ["vsm", "delete", "Order to cash 2026"], stderr: true)
        try t.json("vsm list after", ["vsm", "list"])
    }

    // MARK: Roofing

    static func roofing(_ t: ParityTranscript) throws {
        let fixtures = Fixtures.url("roofing/tagdaekning-2026.csv").path
        let project = "Skolegade 4"
        try t.text(
            "catalogue import", ["roofing", "catalogue", "import", fixtures, "--name", "Tagdækning 2026"], stderr: true)
        try t.json("catalogue list", ["roofing", "catalogue", "list"])
        try t.json("catalogue search", ["roofing", "catalogue", "search", "TAGPAP"])
        try t.text(
            "project add",
            [
                "roofing", "project", "add", project, "--customer", "Tag A/S", "--roofer", "Jens:30", "--roofer", "Ole",
                "--roofer", "bo:5",
                "--guaranteed-rate", "150", "--start", "2026-05-04",
            ], stderr: true)
        try t.text(
            "project hours", ["roofing", "project", "hours", project, "--roofer", "Ole", "--hours", "10"], stderr: true)
        try t.text("roofing add", ["roofing", "add", project, "--pos", "12.1", "--quantity", "33,333"])
        try t.text("roofing add 2", ["roofing", "add", project, "--pos", "12.2", "--quantity", "10.5"])
        try t.text(
            "roofing add 3", ["roofing", "add", project, "--pos", "12.3", "--quantity", "2", "--note", "hjørner"])
        try t.text("roofing add 4", ["roofing", "add", project, "--pos", "12.1", "--quantity", "1"])
        try t.text("supplement", ["roofing", "supplement", project, "--pos", "90.1"], stderr: true)
        try t.text(
            "extra", ["roofing", "extra", project, "--text", "Stillads", "--hours", "2,5", "--rate", "420"],
            stderr: true)
        try t.text("deduct", ["roofing", "deduct", project, "--text", "Materialer", "--amount", "500"], stderr: true)
        try t.text(
            "advance", ["roofing", "advance", project, "--amount", "2000", "--date", "2026-05-15"], stderr: true)
        try t.text("roofing edit", ["roofing", "edit", project, "2", "--quantity", "11"], stderr: true)
        try t.text("roofing remove", ["roofing", "remove", project, "4"], stderr: true)
        let photo = try t.log.dir.write("tag.png", TestImages.png(width: 4, height: 3))
        try t.text("photo add", ["roofing", "photo", "add", project, photo, "--caption", "Tag"])
        try t.json("photo list", ["roofing", "photo", "list", project])
        try t.text(
            "split",
            [
                "roofing", "split", project, "--roofer", "Jens", "--percent", "50", "--roofer", "Ole", "--percent",
                "30",
                "--roofer", "bo", "--percent", "20",
            ],
            stderr: true)
        try t.json("account", ["roofing", "account", project])
        let csv = t.log.dir.path("account.csv")
        let payroll = t.log.dir.path("payroll.csv")
        try t.text("account files", ["roofing", "account", project, "--csv", csv, "--payroll", payroll], stderr: true)
        try t.file("account csv", csv)
        try t.file("payroll csv", payroll)
        try t.text("submit", ["roofing", "submit", project], stderr: true)
        try t.text("locked", ["roofing", "add", project, "--pos", "12.1", "--quantity", "1"], expect: 65, stderr: true)
        try t.text("revise", ["roofing", "revise", project, "--reason", "more gutter"], stderr: true)
        try t.text("roofing edit again", ["roofing", "edit", project, "2", "--quantity", "12"], stderr: true)
        try t.text("submit 2", ["roofing", "submit", project], stderr: true)
        try t.text("settle", ["roofing", "settle", project], stderr: true)
        try t.json("history", ["roofing", "history", project])
        try t.json("project list", ["roofing", "project", "list"])
        try t.json("project show", ["roofing", "project", "show", "skolegade 4"])
        try t.text(
            "catalogue index",
            ["roofing", "catalogue", "index", "Tagdækning 2026", "--from", "2026-07-01", "--percent", "2.5"],
            stderr: true)
        try t.text("catalogue export", ["roofing", "catalogue", "export", "Tagdækning 2026", "--json", "-"])
    }
}
