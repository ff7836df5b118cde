import Foundation
import LogbookTestSupport
import Testing

/// Issue 11 §6: user text cannot smuggle control characters into a terminal, and tables line up and fit.
@Suite(.serialized)
struct StoreCommandsTextTests {
    typealias Log = IsolatedLog

    static func kmLog() throws -> Log {
        let log = try Log()
        try log.run(["vehicles", "add", "--plate", "KM1", "--odometer", "1000"])
        return log
    }

    @discardableResult
    static func addTrip(_ log: Log, _ start: String, purpose: String, expect status: Int32 = 0) throws
        -> CLIRunner.Result
    {
        try log.run(
            [
                "trips", "add", "--vehicle", "KM1", "--date", "2026-11-02", "--start", start, "--distance", "12.5",
                "--category", "business", "--purpose", purpose,
            ], expect: status)
    }

    @Test(arguments: [
        (["--purpose", "Visit\u{1B}[2J"], "--purpose", "ESC"),
        (["--purpose", "Ring\u{07}"], "--purpose", "BEL"),
        (["--purpose=Over\rwrite"], "--purpose", "CR"),
        (["--purpose", "CSI\u{9B}31m"], "--purpose", "U+009B"),
        (["--purpose", "x", "--partner", "Tab\tbed"], "--partner", "TAB"),
    ])
    func controlCharactersAreRefusedOnEntry(extra: [String], option: String, name: String) throws {
        let log = try Self.kmLog()
        let result = try log.run(
            [
                "trips", "add", "--vehicle", "KM1", "--date", "2026-11-02", "--start", "08:00", "--distance", "1",
                "--category", "business",
            ] + extra, expect: 64)
        #expect(result.stderr.hasPrefix("logbook: error: \(option) "), "\(result.stderr)")
        #expect(result.stderr.contains(name), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        let trips = try #require(try log.json(["trips", "list"]) as? [String: Any])
        #expect((trips["trips"] as? [Any])?.isEmpty == true)
        // A positional argument is named by its value.
        let driver = try log.run(["drivers", "add", "Bob\u{07}"], expect: 64)
        #expect(driver.stderr.contains("'Bob\\x07'"), "\(driver.stderr)")
    }

    @Test func controlCharactersAlreadyStoredAreShownEscaped() throws {
        let log = try Self.kmLog()
        try Self.addTrip(log, "08:00", purpose: "Visit")
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [
            log.database,
            "UPDATE trip SET purpose = 'Red' || char(27) || '[31m' || char(7) || char(13) || char(155) || 'x'",
        ]
        try sqlite.run()
        sqlite.waitUntilExit()
        #expect(sqlite.terminationStatus == 0)
        for arguments in [["trips", "list"], ["trips", "show", "1"]] {
            let out = try log.run(arguments).stdout
            #expect(out.contains("Red\\x1b[31m\\x07\\r\\x9bx"), "\(arguments): \(out)")
            #expect(!out.unicodeScalars.contains { TerminalTextTest.isControl($0) && $0 != "\n" }, "\(arguments)")
        }
        // Messages on standard error quote stored text escaped too.
        let verify = try log.run(["audit", "verify"], expect: 65)
        #expect(verify.stderr.contains("'Red\\x1b[31m\\x07\\r\\x9bx'"), "\(verify.stderr)")
        #expect(!verify.stderr.unicodeScalars.contains { TerminalTextTest.isControl($0) && $0 != "\n" })
        // JSON and CSV keep the text as stored (JSON escapes it its own way).
        let json = try log.run(["trips", "list", "--format", "json"]).stdout
        #expect(json.contains("Red\\u001b[31m\\u0007\\r"), "\(json)")
    }

    @Test func wideCharactersKeepTheColumnsAligned() throws {
        let log = try Self.kmLog()
        // 東京出張 is four wide characters (8 cells); 🚗 is one emoji (2 cells); Visit is 5 cells.
        try Self.addTrip(log, "08:00", purpose: "東京出張")
        try Self.addTrip(log, "10:00", purpose: "Visit")
        try Self.addTrip(log, "12:00", purpose: "🚗 ok")
        let table = try log.run(["trips", "list"]).stdout
        // The Purpose column is 8 cells wide, then two spaces before Flags ("manual").
        #expect(table.contains("東京出張  manual"), "\(table)")
        #expect(table.contains("Visit     manual"), "\(table)")
        #expect(table.contains("🚗 ok     manual"), "\(table)")
        #expect(table.contains("Purpose   Flags"), "\(table)")
    }

    @Test func tablesFitTheTerminalByShorteningTheFreeTextOnly() throws {
        let log = try Self.kmLog()
        let purpose = "Quarterly review with the regional sales team and the supplier"
        try Self.addTrip(log, "08:00", purpose: purpose)
        try Self.addTrip(log, "10:00", purpose: "短い")
        let wide = try log.run(["trips", "list"]).stdout
        let narrow = try log.run(["trips", "list"], environment: ["COLUMNS": "110"]).stdout
        #expect(wide.split(separator: "\n").contains { $0.count > 110 }, "\(wide)")
        for line in narrow.split(separator: "\n") {
            // Every character here is one cell wide except 短い (2 × 2 cells).
            let cells = line.count + line.filter { $0 == "短" || $0 == "い" }.count
            #expect(cells <= 110, "\(line)")
        }
        // Numbers stay whole; the purpose is cut with an ellipsis.
        #expect(narrow.contains("12.5 km"))
        #expect(narrow.contains("1000.0–1012.5 km") && narrow.contains("1012.5–1025.0 km"), "\(narrow)")
        #expect(narrow.contains("Quarterly") && narrow.contains("…"), "\(narrow)")
        #expect(!narrow.contains("supplier"), "\(narrow)")
        #expect(narrow.contains("短い"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1)"))
    func tablesFitTheWidthOfTheTerminalTheyArePrintedOn() throws {
        let log = try Self.kmLog()
        try Self.addTrip(log, "08:00", purpose: "Quarterly review with the regional sales team and the supplier")
        // A pseudo-terminal 105 columns wide (script(1)), without $COLUMNS: the width comes from the tty.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = [
            "-qec",
            "stty cols 105 rows 30; exec env -u COLUMNS '\(CLIRunner.executable.path)' trips list --database "
                + "'\(log.database)' --timezone UTC",
            "/dev/null",
        ]
        process.environment = ["LOGBOOK_CONFIG": log.dir.path("none.toml"), "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\r\n")
        #expect(lines.count >= 4, "\(text)")
        for line in lines { #expect(line.count <= 105, "\(line)") }
        #expect(lines.contains { $0.count == 105 }, "\(text)")
        #expect(text.contains("Quarterly") && text.contains("…") && !text.contains("supplier"), "\(text)")
        #expect(text.contains("1000.0–1012.5 km"))
    }
}

enum TerminalTextTest {
    /// C0, DEL and C1 controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }
}
