import Foundation
import LogbookTestSupport
import Testing

/// Issue 11 §1 and §2 through the `logbook` executable and a real SQLite file: imports never double-count a
/// morning, the same drive in another format is the same trips, merge keeps both purposes, and the odometer chain
/// is checked on entry, flagged by `odometer check` and marked in the PDF.
@Suite(.serialized)
struct MileageLogAcceptanceBooksTests {
    typealias Log = MileageLogAcceptanceTests.Log
    /// Two drives on 2026-11-21 (UTC): 08:02:29–08:09:09, 4.5 km, and 08:16:09–08:19:09, 2.3 km.
    static let drive = Fixtures.url("daemon/drive.nmea").path
    /// One delivery round, 8 trips, recorded as NMEA and as GPX.
    static let deliveryNMEA = Fixtures.url("groundtruth/delivery-0.2hz/track.nmea.gz").path
    static let deliveryGPX = Fixtures.url("groundtruth/delivery-0.2hz/track.gpx.gz").path

    func trips(_ log: Log, _ extra: [String] = []) throws -> [[String: Any]] {
        try #require(try log.object(["trips", "list"] + extra)["trips"] as? [[String: Any]])
    }

    @Test func anOverlappingImportIsKeptAsideAndResolved() throws {
        let log = try Log()
        try log.run(["vehicles", "add", "--plate", "123ABC", "--odometer", "12864"])
        // A manual 08:00–08:12 trip of 10 km covers the first drive of the file.
        try log.run([
            "trips", "add", "--vehicle", "123ABC", "--date", "2026-11-21", "--start", "08:00", "--end", "08:12",
            "--distance", "10",
        ])
        let imported = try log.run(["import", "--vehicle", "123ABC", Self.drive], expect: 65)
        #expect(imported.stdout.contains("1 trip added"), "\(imported.stdout)")
        #expect(imported.stdout.contains("1 kept aside as conflict (1)"), "\(imported.stdout)")
        #expect(imported.stderr.contains("1 conflict left"), "\(imported.stderr)")
        #expect(imported.stderr.split(separator: "\n").count == 1)
        // Not 10 + 4.5 km for the first drive: the manual trip and the second drive only.
        var listed = try trips(log)
        #expect(listed.map { $0["source"] as? String } == ["manual", "gps"])
        let conflicts = try #require(try log.json(["trips", "conflicts"]) as? [[String: Any]])
        #expect(conflicts.count == 1)
        let conflict = try #require(conflicts.first)
        #expect(conflict["id"] as? Int == 1 && conflict["existing_trip"] as? Int == 1)
        #expect(conflict["start"] as? String == "2026-11-21T08:02:29.000Z", "\(conflict)")
        #expect((conflict["file"] as? String)?.hasSuffix("drive.nmea") == true)
        #expect(conflict["resolution"] is NSNull)
        // A wrong choice is a usage error naming the option.
        let wrong = try log.run(["trips", "conflicts", "resolve", "1", "--keep", "both"], expect: 64)
        #expect(wrong.stderr.contains("--keep"))
        try log.run(["trips", "conflicts", "resolve", "1", "--keep", "imported"])
        listed = try trips(log)
        #expect(listed.map { $0["source"] as? String } == ["gps", "gps"])
        #expect(listed.first?["start"] as? String == "2026-11-21T08:02:29.000Z")
        let voided = try #require(try trips(log, ["--include-voided"]).first { $0["source"] as? String == "manual" })
        #expect((voided["void_reason"] as? String)?.contains("conflict 1") == true, "\(voided)")
        #expect(try (log.json(["trips", "conflicts"]) as? [[String: Any]])?.isEmpty == true)
        let again = try log.run(["trips", "conflicts", "resolve", "1", "--keep", "existing"], expect: 65)
        #expect(again.stderr.contains("resolved already"))
        #expect(try log.object(["audit", "verify"])["intact"] as? Bool == true)
        // The same file again: nothing added, no new conflict, exit 0.
        let repeated = try log.run(["import", "--vehicle", "123ABC", Self.drive])
        #expect(repeated.stdout.contains("already imported"))
    }

    /// Issue 29 §5: `trips conflicts` shows distances in the vehicle's unit, not metres.
    @Test func conflictsShowDistancesInTheVehiclesUnit() throws {
        let log = try Log()
        try log.run(["vehicles", "add", "--plate", "MILES1", "--unit", "mi"])
        // 10 miles by hand over the first drive of the file.
        try log.run([
            "trips", "add", "--vehicle", "MILES1", "--date", "2026-11-21", "--start", "08:00", "--end", "08:12",
            "--distance", "10",
        ])
        try log.run(["import", "--vehicle", "MILES1", Self.drive], expect: 65)
        let conflict = try #require((try log.json(["trips", "conflicts"]) as? [[String: Any]])?.first)
        let metres = try #require(conflict["distance_m"] as? Double)
        let existingMetres = try #require(conflict["existing_distance_m"] as? Double)
        #expect(metres > 4_000 && metres < 5_000, "\(conflict)")
        #expect(abs(existingMetres - 16_093.44) < 0.1, "\(conflict)")
        let miles = metres / 1_609.344
        #expect(abs((conflict["distance"] as? Double ?? 0) - miles) < 0.0006, "\(conflict)")
        #expect(conflict["existing_distance"] as? Double == 10)
        #expect(conflict["distance_unit"] as? String == "mi")
        let table = try log.run(["trips", "conflicts"]).stdout
        let shown = String(format: "%.1f mi", miles)
        #expect(table.contains(shown) && table.contains("10.0 mi"), "\(table)")
        #expect(!table.contains(String(format: "%.1f", metres)) && !table.contains(" m "), "\(table)")
        // CSV keeps its metre columns and adds the vehicle's unit.
        let csv = try log.run(["trips", "conflicts", "--format", "csv"]).stdout
        let header = csv.split(separator: "\r\n").first ?? ""
        #expect(header.contains("distance_m") && header.hasSuffix(",distance,existing_distance,distance_unit"))
        #expect(csv.contains(",mi\r\n"), "\(csv)")
    }

    @Test func theSameDriveInAnotherFormatIsTheSameTrips() throws {
        let log = try Log()
        try log.run(["vehicles", "add", "--plate", "123ABC"])
        let nmea = try log.run(["import", "--vehicle", "123ABC", Self.deliveryNMEA])
        #expect(nmea.stdout.contains("8 trips added"))
        // The GPX of the same drive: every trip's start and end are within a minute of the NMEA one's.
        let gpx = try log.run(["import", "--vehicle", "123ABC", Self.deliveryGPX])
        #expect(gpx.stdout.contains("0 trips added (8 already stored)"), "\(gpx.stdout)")
        #expect(try trips(log).count == 8)
        #expect(try (log.json(["trips", "conflicts"]) as? [[String: Any]])?.isEmpty == true)
    }

    @Test func aFileImportedToTheWrongVehicleCanGoToTheRightOne() throws {
        let log = try Log()
        try log.run(["vehicles", "add", "--plate", "WRONG1"])
        try log.run(["vehicles", "add", "--plate", "RIGHT1"])
        try log.run(["import", "--vehicle", "WRONG1", Self.drive])
        for trip in try trips(log) {
            try log.run(["trips", "void", "\(trip["id"] as? Int ?? 0)", "--reason", "wrong vehicle"])
        }
        let right = try log.run(["import", "--vehicle", "RIGHT1", Self.drive])
        #expect(right.stdout.contains("2 trips added"), "\(right.stdout)")
        #expect(try trips(log).map { $0["vehicle"] as? String } == ["RIGHT1", "RIGHT1"])
    }

    @Test func mergeKeepsBothPurposes() throws {
        let log = try Log()
        try log.run(["vehicles", "add", "--plate", "123ABC", "--odometer", "100"])
        for (start, end, purpose) in [("08:00", "08:10", "Client visit"), ("08:20", "08:30", "Supplier")] {
            try log.run([
                "trips", "add", "--vehicle", "123ABC", "--date", "2026-11-20", "--start", start, "--end", end,
                "--distance", "5", "--category", "business", "--purpose", purpose,
            ])
        }
        let merged = try log.object(["trips", "merge", "1", "2"])
        #expect(merged["purpose"] as? String == "Client visit; Supplier")
        #expect(merged["distance_m"] as? Double == 10_000)
    }

    // MARK: Odometer chain

    @Test func aReadingAgainstTheChainIsRefusedUnlessForced() throws {
        let log = try Log()
        try log.run(["vehicles", "add", "--plate", "123ABC", "--odometer", "12864"])
        try log.run([
            "trips", "add", "--vehicle", "123ABC", "--date", "2026-11-20", "--start", "08:00", "--end", "08:30",
            "--odometer-end", "12906",
        ])
        let at = ["--vehicle", "123ABC", "--date", "2026-11-20", "--time", "09:00"]
        let below = try log.run(["odometer", "record", "--reading", "12900"] + at, expect: 65)
        #expect(below.stderr.contains("12900 km is below 12906 km"), "\(below.stderr)")
        #expect(below.stderr.split(separator: "\n").count == 1)
        // 13000 − 12906 = 94 km nobody logged; the limit is max(25, 5 % of 42) = 25 km.
        let beyond = try log.run(["odometer", "record", "--reading", "13000"] + at, expect: 65)
        #expect(beyond.stderr.contains("13000 km is 94 km beyond the 12906 km"), "\(beyond.stderr)")
        try log.run(["odometer", "check"])
        let forced = try #require(
            (try log.json(["odometer", "record", "--reading", "13000", "--force"] + at) as? [[String: Any]])?.first)
        #expect(forced["forced"] as? Bool == true)
        let id = try #require(forced["id"] as? Int)
        let check = try log.run(["odometer", "check", "--format", "json"], expect: 1)
        let findings = try #require(
            try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [[String: Any]])
        #expect(findings.map { $0["kind"] as? String } == ["reading-beyond"])
        #expect(findings.first?["km"] as? Double == 94 && findings.first?["reading"] as? Int == id)
        // Corrected (with history) the chain holds again; voided, the reading leaves the list.
        let corrected = try #require(
            (try log.json(["odometer", "correct", "\(id)", "--reading", "12910"]) as? [[String: Any]])?.first)
        #expect(corrected["reading"] as? Double == 12_910 && corrected["forced"] as? Bool == false)
        try log.run(["odometer", "check"])
        try log.run(["odometer", "void", "\(id)", "--reason", "photo of another car"])
        #expect(try (log.json(["odometer", "list"]) as? [[String: Any]])?.isEmpty == true)
        let all = try #require(try log.json(["odometer", "list", "--include-voided"]) as? [[String: Any]])
        #expect(all.map { $0["void_reason"] as? String } == ["photo of another car"])
        let history = try #require(try log.json(["audit", "list"]) as? [[String: Any]]).filter {
            $0["entity"] as? String == "odometer_reading"
        }
        #expect(history.map { $0["action"] as? String } == ["create", "edit", "void"])
        #expect(try log.object(["audit", "verify"])["intact"] as? Bool == true)
    }

    @Test func theGapAVoidedTripLeavesIsFlaggedAndMarkedInThePDF() throws {
        let log = try Log()
        try log.run(["profile", "set", "--name", "Mari Maasikas"])
        try log.run(["vehicles", "add", "--plate", "123ABC", "--odometer", "12864"])
        for (start, distance) in [("08:00", "42"), ("09:00", "18"), ("10:00", "40")] {
            try log.run([
                "trips", "add", "--vehicle", "123ABC", "--date", "2026-11-20", "--start", start, "--distance", distance,
                "--category", "private",
            ])
        }
        try log.run(["odometer", "check"])
        try log.run(["trips", "void", "2", "--reason", "entered by mistake"])
        // Trip 3 starts at 12924, trip 1 ended at 12906: an 18 km gap (after a voided trip any gap counts).
        let check = try log.run(["odometer", "check", "--format", "json"], expect: 1)
        let findings = try #require(
            try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [[String: Any]])
        #expect(findings.count == 1)
        #expect(findings.first?["kind"] as? String == "gap" && findings.first?["km"] as? Double == 18)
        #expect(findings.first?["trip"] as? Int == 3 && findings.first?["previous_trip"] as? Int == 1)
        let pdf = log.dir.path("november.pdf")
        let csv = log.dir.path("november.csv")
        let report = try log.run(["report", "--month", "2026-11", "--vehicle", "123ABC", "--pdf", pdf, "--csv", csv])
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\r\n")
        #expect(
            rows.contains {
                // The odometer check column, then the (empty) estimated ends.
                $0.hasPrefix("3,") && $0.hasSuffix(",gap of 18.0 km after trip 1 that no trip accounts for,")
            })
        #expect(rows.contains { $0.hasPrefix("1,") && $0.hasSuffix(",") })
        #expect(report.stderr.contains("odometer chain is broken at 1 trip"), "\(report.stderr)")
        let tools = try PDFTools(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: pdf))), name: "books")
        defer { tools.remove() }
        let text = try tools.text()
        #expect(text.contains("12924 ⚠"), "\(text)")
        #expect(text.contains("Trip 3: gap of 18.0 km after trip 1"), "\(text)")
        #expect(!text.contains("12864 ⚠") && !text.contains("12906 ⚠"))
    }

    @Test func aTripIsBackFilledBetweenTwoTrips() throws {
        let log = try Log()
        try log.run(["vehicles", "add", "--plate", "123ABC", "--odometer", "12864"])
        let day = ["--vehicle", "123ABC", "--date", "2026-11-20"]
        try log.run(["trips", "add"] + day + ["--start", "08:00", "--end", "08:30", "--odometer-end", "12906"])
        try log.run(
            ["trips", "add"] + day + [
                "--start", "12:00", "--end", "12:30", "--odometer-start", "12950", "--odometer-end", "12970",
            ])
        // Between them, inside the 12906–12950 gap.
        let middle = try log.object(
            ["trips", "add"] + day + [
                "--start", "10:00", "--end", "10:30", "--odometer-start", "12910", "--odometer-end", "12940",
            ])
        #expect(middle["start_odometer"] as? Double == 12_910 && middle["distance_m"] as? Double == 30_000)
        let byDistance = try log.object(
            ["trips", "add"] + day + ["--start", "11:00", "--end", "11:20", "--distance", "10"])
        #expect(byDistance["start_odometer"] as? Double == 12_940 && byDistance["end_odometer"] as? Double == 12_950)
        // What does not fit is refused with the numbers.
        let below = try log.run(
            ["trips", "add"] + day + [
                "--start", "09:00", "--end", "09:10", "--odometer-start", "12900", "--distance", "1",
            ],
            expect: 65)
        #expect(below.stderr.contains("12900 km is below 12906 km"), "\(below.stderr)")
        let past = try log.run(
            ["trips", "add"] + day + ["--start", "11:30", "--end", "11:40", "--distance", "5"], expect: 65)
        #expect(past.stderr.contains("past the start of the next trip"), "\(past.stderr)")
        #expect(try trips(log).map { $0["start_odometer"] as? Double } == [12_864, 12_910, 12_940, 12_950])
    }

    @Test(arguments: [
        (["trips", "conflicts", "resolve", "9", "--keep", "existing"], Int32(65), "there is no conflict 9"),
        (
            ["trips", "conflicts", "resolve", "1", "--keep", "mine"], 64,
            "--keep \"mine\": expected existing or imported"
        ),
        (["odometer", "correct", "9", "--reading", "5"], 65, "there is no odometer reading 9"),
        (["odometer", "correct", "1", "--reading=-5"], 64, "--reading must be 0 or more"),
        (["odometer", "void", "1", "--reason", " "], 64, "--reason must not be empty"),
        (
            [
                "trips", "add", "--vehicle", "123ABC", "--odometer-start", "100", "--odometer-end", "50", "--date",
                "2026-11-20",
            ], 64, "--odometer-end 50.0 is below --odometer-start 100.0"
        ),
        (
            ["odometer", "record", "--vehicle", "123ABC", "--reading", "5", "--date", "2026-11-20", "--time", "09:00"],
            65, "5 km is below the reading 12864 km"
        ),
    ])
    func userMistakesGetOneLine(arguments: [String], status: Int32, message: String) throws {
        let log = try Log()
        try log.run(["vehicles", "add", "--plate", "123ABC", "--odometer", "12864"])
        try log.run([
            "odometer", "record", "--vehicle", "123ABC", "--reading", "12864", "--date", "2026-11-20", "--time",
            "08:00",
        ])
        let result = try log.run(arguments, expect: status)
        // The message is the first line; usage errors (64) add ArgumentParser's usage hint after it.
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first?.contains(message) == true, "\(result.stderr)")
        if status == 65 { #expect(lines.count == 1, "\(result.stderr)") }
        #expect(!result.stderr.contains("SQLite") && !result.stderr.contains("CHECK"))
        #expect(result.stdout.isEmpty)
    }
}
