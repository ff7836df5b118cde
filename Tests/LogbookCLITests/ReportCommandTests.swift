import Foundation
import LogbookTestSupport
import Testing

/// `logbook report` and `logbook mail` end to end: a real SQLite log, a real SMTP server (aiosmtpd) on
/// loopback, poppler reading the PDF back, and the daemon's monthly schedule.
@Suite(.serialized)
struct ReportCommandTests {
    /// A log with three trips of October 2026 whose totals are worked out by hand below.
    struct Log {
        let dir: TemporaryDirectory
        var database: String { dir.path("log.sqlite") }
        var config: String { dir.path("logbook.toml") }

        init(mailPort: Int, extra: String = "") throws {
            dir = try TemporaryDirectory()
            _ = try dir.write(
                "logbook.toml",
                Array(
                    """
                    [report]
                    rate = "0.30"
                    currency = "EUR"
                    \(extra)

                    [mail]
                    host = "127.0.0.1"
                    port = \(mailPort)
                    tls = "none"
                    from = "Logbook <logbook@example.org>"
                    timeout = 10
                    """.utf8))
        }

        @discardableResult
        func run(_ arguments: [String], expect status: Int32? = 0, sourceLocation: SourceLocation = #_sourceLocation)
            throws -> CLIRunner.Result
        {
            let result = try CLIRunner.run(
                arguments + ["--database", database, "--config", config, "--timezone", "UTC"])
            if let status {
                #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
            }
            return result
        }

        /// Business 42.0 km, private 12.5 km, commute 3.0 km (one trip edited after entry).
        func fill(month: String = "2026-10") throws {
            try run(["profile", "set", "--name", "Jüri Õunapuu", "--company", "Äri OÜ"])
            try run(["vehicles", "add", "--plate", "123ABC", "--odometer", "12864", "--make-model", "Škoda Octavia"])
            try run([
                "trips", "add", "--vehicle", "123ABC", "--date", "\(month)-05", "--start", "08:00", "--distance", "42",
                "--category", "business", "--purpose", "=HYPERLINK(\"http://x\")", "--partner", "Kala AS",
            ])
            try run([
                "trips", "add", "--vehicle", "123ABC", "--date", "\(month)-06", "--start", "17:00", "--distance",
                "12.5",
                "--category", "business", "--purpose", "Straße",
            ])
            try run(["trips", "edit", "2", "--category", "private"])
            try run([
                "trips", "add", "--vehicle", "123ABC", "--date", "\(month)-07", "--start", "07:30", "--distance", "3",
                "--category", "commute",
            ])
        }
    }

    @Test func aReportArrivesWithTheFilesOnDisk() throws {
        let sink = try SMTPSink(tls: .none)
        defer { sink.stop() }
        let log = try Log(mailPort: sink.port)
        try log.fill()
        let csvPath = log.dir.path("october.csv")
        let pdfPath = log.dir.path("october.pdf")
        let started = Date()
        let result = try log.run([
            "report", "--month", "2026-10", "--csv", csvPath, "--pdf", pdfPath, "--email", "accounts@example.com",
            "--format", "json",
        ])
        let seconds = Date().timeIntervalSince(started)
        print("logbook report --email: \(seconds) s (render, queue, send) against aiosmtpd on loopback")
        #expect(seconds < 2, "the seed asked for sending in 2 s")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        // By hand: 42.0 + 12.5 + 3.0 = 57.5 km; private share 12.5 / 57.5 = 21.7 %; 42.0 km × 0.30 = 12.60 EUR.
        #expect(summary["total"] as? String == "57.5")
        #expect(summary["business"] as? String == "42.0" && summary["private"] as? String == "12.5")
        #expect(summary["private_share"] as? String == "21.7")
        #expect(summary["reimbursement"] as? String == "12.60")
        #expect(summary["edited"] as? Int == 1)

        let received = try #require(try sink.messages(count: 1).first)
        #expect(received.recipients == ["accounts@example.com"])
        let parsed = try sink.parse(received.file)
        #expect(parsed.defects.isEmpty)
        #expect(parsed.subject == "Vehicle log 2026-10 — 123ABC")
        #expect(parsed.text?.contains("57.5") == true)
        try #require(parsed.attachments.count == 2)
        #expect(parsed.attachments[0].filename == "vehicle-log-2026-10-123ABC.csv")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: parsed.attachments[0].path))
                == (try Data(contentsOf: URL(fileURLWithPath: csvPath))))
        let attachedPDF = try PDFTools(
            bytes: Array(try Data(contentsOf: URL(fileURLWithPath: parsed.attachments[1].path))), name: "attached")
        defer { attachedPDF.remove() }
        let text = try attachedPDF.text()
        for expected in ["57.5", "42.0", "12.5", "21.7", "12.60", "Jüri Õunapuu", "Äri OÜ", "Škoda Octavia", "Straße"] {
            #expect(text.contains(expected), "PDF text lacks \(expected)")
        }
        // The formula typed as a purpose is inert in the CSV.
        let csv = try String(contentsOfFile: csvPath, encoding: .utf8)
        #expect(csv.contains("'=HYPERLINK"))
        #expect(!csv.contains(",=HYPERLINK") && !csv.contains(",\"=HYPERLINK"))
        let status = try log.run(["mail", "status", "--format", "json"])
        let messages = try #require(
            try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]])
        #expect(messages.map { $0["status"] as? String } == ["sent"])
        // The same month is not queued twice.
        let again = try log.run(["report", "--month", "2026-10", "--email", "accounts@example.com"])
        #expect(again.stderr.contains("queued before"))
        #expect(sink.receivedCount == 1)
    }

    /// `--csv -` writes the CSV to standard output, and nothing else goes there (before, a file named `-` was
    /// written in the working directory and the summary printed). Both files cannot go there.
    @Test func aDashWritesTheCSVToStandardOutput() throws {
        let log = try Log(mailPort: 9)
        try log.fill()
        let csvPath = log.dir.path("october.csv")
        try log.run(["report", "--month", "2026-10", "--csv", csvPath])
        let piped = try CLIRunner.run(
            [
                "report", "--month", "2026-10", "--csv", "-", "--database", log.database, "--config", log.config,
                "--timezone", "UTC",
            ], currentDirectory: log.dir.url)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(Data(piped.stdout.utf8) == (try Data(contentsOf: URL(fileURLWithPath: csvPath))))
        #expect(piped.stdout.contains("'=HYPERLINK") && piped.stdout.contains("Straße"), "the trips' CSV")
        #expect(!FileManager.default.fileExists(atPath: log.dir.path("-")), "no file named -")
        let both = try log.run(["report", "--month", "2026-10", "--csv", "-", "--pdf", "-"], expect: 64)
        #expect(both.stdout.isEmpty && both.stderr.contains("standard output"), "\(both.stderr)")
    }

    @Test func withTheServerDownTheMessageWaitsAndIsDeliveredOnce() throws {
        let port = try GPSFake.freePort()
        let log = try Log(mailPort: port)
        try log.fill()
        let queued = try log.run(["report", "--month", "2026-10", "--email", "accounts@example.com"])
        #expect(queued.stderr.contains("queued but not delivered yet"))
        let down = try log.run(["mail", "send-pending"], expect: 75)
        #expect(down.stdout.contains("0 sent, 1 failed"))
        var status = try log.run(["mail", "status", "--format", "csv"]).stdout
        #expect(status.contains(",pending,"))
        #expect(!status.contains("password"))

        let sink = try SMTPSink(tls: .none, port: port)
        defer { sink.stop() }
        #expect(try log.run(["mail", "send-pending"]).stdout.contains("1 sent, 0 failed"))
        #expect(try log.run(["mail", "send-pending"]).stdout.contains("0 sent, 0 failed"))
        _ = try sink.messages(count: 1)
        usleep(300_000)
        #expect(sink.receivedCount == 1)
        status = try log.run(["mail", "status", "--format", "csv"]).stdout
        #expect(status.contains(",sent,"))
    }

    @Test func theDaemonSendsLastMonthOnceAndCatchesUp() throws {
        let sink = try SMTPSink(tls: .none)
        defer { sink.stop() }
        // Last month (UTC), as the daemon sees it; send day 1 at 00:00 has passed, so it is owed right away.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let lastMonth = calendar.date(byAdding: .month, value: -1, to: Date())!
        let parts = calendar.dateComponents([.year, .month], from: lastMonth)
        let month = String(format: "%04d-%02d", parts.year!, parts.month!)
        let log = try Log(
            mailPort: sink.port,
            extra: """
                email = "accounts@example.com"
                send_day = 1
                send_time = "00:00"

                [log]
                timezone = "UTC"
                """)
        try log.fill(month: month)
        let gpsdPort = try GPSFake.freePort()  // nothing listens: the daemon waits for gpsd, reports go out anyway
        let arguments = [
            "--gpsd", "127.0.0.1:\(gpsdPort)", "--database", log.database, "--config", log.config, "--vehicle",
            "123ABC",
        ]
        var daemon = try DaemonProcess(arguments)
        let received = try #require(try sink.messages(count: 1, timeout: 30).first, "daemon log:\n\(daemon.log)")
        #expect(try sink.parse(received.file).subject == "Vehicle log \(month) — 123ABC")
        #expect(daemon.stop() == 0)
        // Started again (as after a power cut): the period is not sent twice.
        daemon = try DaemonProcess(arguments)
        sleep(4)
        #expect(daemon.stop() == 0)
        #expect(sink.receivedCount == 1)
        #expect(daemon.log.contains("Logbook daemon starting"))
    }
}
