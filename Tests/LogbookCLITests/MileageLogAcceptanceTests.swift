import Foundation
import LogbookTestSupport
import Testing

/// The seed's usability survey, end to end through the `logbook` executable and a real SQLite file:
/// add a trip by hand with yesterday's date, change a trip from private to business, track trips with GPS
/// (a drive replayed into the store), make a regular trip and reuse it, export the month. And the tax
/// office's question: is the history intact, and does it notice a row changed with the sqlite3 shell?
@Suite(.serialized)
struct MileageLogAcceptanceTests {
    static let drive = Fixtures.url("daemon/drive.nmea").path

    struct Log {
        let dir: TemporaryDirectory
        var database: String { dir.path("log.sqlite") }

        init() throws {
            dir = try TemporaryDirectory()
            _ = try dir.write("none.toml", Array("".utf8))
        }

        /// Runs `logbook` on this log in UTC.
        @discardableResult
        func run(_ arguments: [String], expect status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation)
            throws -> CLIRunner.Result
        {
            let result = try CLIRunner.run(
                arguments + ["--database", database, "--timezone", "UTC"],
                environment: ["LOGBOOK_CONFIG": dir.path("none.toml"), "LOGBOOK_ACTOR": "survey"])
            #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(!result.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
            return result
        }

        func json(_ arguments: [String]) throws -> Any {
            try JSONSerialization.jsonObject(with: Data(try run(arguments + ["--format", "json"]).stdout.utf8))
        }

        func object(_ arguments: [String]) throws -> [String: Any] {
            try #require(try json(arguments) as? [String: Any])
        }
    }

    static func yesterday() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSinceNow: -86_400))
    }

    @Test func theUsabilitySurvey() throws {
        let log = try Log()
        try log.run(["profile", "set", "--name", "Mari Maasikas", "--company", "Õun OÜ", "--employee-id", "E-7"])
        try log.run(["drivers", "add", "Mari Maasikas"])
        try log.run(["vehicles", "add", "--plate", "123ABC", "--odometer", "12864", "--driver", "Mari Maasikas"])

        // 1. A trip added by hand with yesterday's date.
        let yesterday = Self.yesterday()
        let manual = try log.object([
            "trips", "add", "--vehicle", "123ABC", "--date", "yesterday", "--start", "18:00", "--end", "18:40",
            "--distance", "42", "--category", "business", "--purpose", "Client visit", "--partner", "Kala AS",
        ])
        #expect((manual["start"] as? String)?.hasPrefix(yesterday + "T18:00") == true)
        #expect(manual["distance_m"] as? Double == 42_000)
        #expect(manual["source"] as? String == "manual")
        #expect(manual["driver"] as? String == "Mari Maasikas")

        // 2. Track trips with GPS: the recorded drive replayed into the store (2 trips).
        let imported = try log.run(["import", "--vehicle", "123ABC", Self.drive])
        #expect(imported.stdout.contains("2 trips added"))
        var listed = try log.object(["trips", "list"])
        var trips = try #require(listed["trips"] as? [[String: Any]])
        #expect(trips.count == 3)
        let gps = trips.filter { $0["source"] as? String == "gps" }
        #expect(gps.count == 2)
        #expect(gps.allSatisfy { $0["category"] is NSNull && $0["locked"] as? Bool == false })
        let gpsID = try #require(gps.first?["id"] as? Int)

        // 3. Change a trip from private to business (and see it in its history).
        try log.run(["trips", "edit", "\(gpsID)", "--category", "private"])
        let noPurpose = try log.run(["trips", "edit", "\(gpsID)", "--category", "business"], expect: 65)
        #expect(noPurpose.stderr.contains("needs a purpose"))
        let changed = try log.object([
            "trips", "edit", "\(gpsID)", "--category", "business", "--purpose", "Supplier", "--destination", "Tartu",
        ])
        #expect(changed["category"] as? String == "business" && changed["purpose"] as? String == "Supplier")
        let shown = try log.object(["trips", "show", "\(gpsID)"])
        let history = try #require(shown["history"] as? [[String: Any]])
        let categoryChanges = history.filter { $0["field"] as? String == "category" }.map {
            "\($0["old_value"] as? String ?? "∅")→\($0["new_value"] as? String ?? "∅")"
        }
        #expect(categoryChanges == ["∅→private", "private→business"])
        #expect(history.allSatisfy { $0["actor"] as? String == "survey" })
        let shownTrip = try #require(shown["trip"] as? [String: Any])
        #expect(shownTrip["start_odometer"] is Double && shownTrip["end_odometer"] is Double)
        #expect(shownTrip["edited"] as? Bool == true)

        // 4. A regular trip made from it and reused today.
        try log.run(["regular", "add", "--from-trip", "\(gpsID)", "--name", "Supplier run"])
        let regulars = try #require(try log.json(["regular", "list"]) as? [[String: Any]])
        #expect(regulars.map { $0["name"] as? String } == ["Supplier run"])
        let reused = try log.object([
            "trips", "add", "--regular", "Supplier run", "--date", "today", "--start", "05:00",
        ])
        #expect(reused["source"] as? String == "regular")
        #expect(reused["regular"] as? String == "Supplier run")
        #expect(reused["purpose"] as? String == "Supplier" && reused["category"] as? String == "business")
        #expect(abs((reused["distance_m"] as? Double ?? 0) - (changed["distance_m"] as? Double ?? -1)) < 0.05)

        // A spreadsheet formula typed as a purpose stays inert in the export.
        try log.run([
            "trips", "add", "--vehicle", "123ABC", "--date", "today", "--start", "06:00", "--distance", "3",
            "--category", "business", "--purpose", "=HYPERLINK(\"http://x\")",
        ])

        // 5. Export: CSV with a header and a row per trip, voided trips left out.
        listed = try log.object(["trips", "list"])
        trips = try #require(listed["trips"] as? [[String: Any]])
        #expect(trips.count == 5)
        let voidID = try #require(trips.last?["id"] as? Int)
        try log.run(["trips", "void", "\(voidID)", "--reason", "typed in by mistake"])
        let csv = try log.run(["trips", "list", "--format", "csv"]).stdout
        let rows = csv.split(separator: "\r\n")
        #expect(rows.count == 5)  // header + 4 trips
        #expect(rows.first?.hasPrefix("id,vehicle,start,end,distance_m") == true)
        let all = try log.run(["trips", "list", "--format", "csv", "--include-voided"]).stdout
        #expect(all.contains("\"'=HYPERLINK(\"\"http://x\"\")\""))
        #expect(!all.contains(",=HYPERLINK") && !all.contains(",\"=HYPERLINK"))
        let business = try log.object(["trips", "list", "--category", "business"])
        #expect((business["trips"] as? [[String: Any]])?.count == 3)

        // The history is intact.
        let verified = try log.object(["audit", "verify"])
        #expect(verified["intact"] as? Bool == true)
        #expect(verified["trips"] as? Int == 5)
    }

    @Test func aRowChangedWithTheSQLiteShellFailsVerification() throws {
        let log = try Log()
        try log.run(["vehicles", "add", "--plate", "123ABC", "--odometer", "12864"])
        try log.run(["import", "--vehicle", "123ABC", Self.drive])
        try log.run(["audit", "verify"])
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [log.database, "UPDATE trip SET distance_m = distance_m * 2 WHERE id = 2"]
        try sqlite.run()
        sqlite.waitUntilExit()
        #expect(sqlite.terminationStatus == 0)
        let failed = try log.run(["audit", "verify"], expect: 65)
        #expect(failed.stderr.contains("trip 2: distance_m is"), "\(failed.stderr)")
        #expect(failed.stderr.split(separator: "\n").count <= 3)
    }

    @Test(arguments: [
        (["trips", "add", "--vehicle", "NOPE", "--distance", "3"], Int32(65), "unknown vehicle 'NOPE'"),
        (["trips", "add", "--vehicle", "123ABC", "--distance", "3", "--category", "business"], 64, "needs a purpose"),
        (["trips", "add", "--vehicle", "123ABC", "--distance", "3", "--date", "2026-13-01"], 64, "expected a date"),
        (["trips", "add", "--vehicle", "123ABC", "--odometer-end", "100"], 65, "odometer would go backwards"),
        (["trips", "list", "--period", "next-year"], 64, "expected this-week"),
        (["trips", "edit", "99", "--notes", "x"], 65, "there is no trip 99"),
        (["trips", "add", "--vehicle", "123ABC", "--distance", "3", "--category", "fun"], 64, "Unknown category"),
    ])
    func userMistakesGetOneLine(arguments: [String], status: Int32, message: String) throws {
        let log = try Log()
        try log.run(["vehicles", "add", "--plate", "123ABC", "--odometer", "12864"])
        let result = try log.run(arguments, expect: status)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func tripsAddHelpMatchesTheCommittedSnapshot() throws {
        let result = try CLIRunner.run(["trips", "add", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout == (try String(contentsOf: Fixtures.url("cli/trips-add-help.txt"), encoding: .utf8)))
    }
}
