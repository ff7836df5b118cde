import Foundation
import LogbookTestSupport
import Testing

/// Issue 11 §6: a vehicle in miles shows miles everywhere (JSON keeps metres and adds the vehicle's unit).
@Suite(.serialized)
struct StoreCommandsUnitsTests {
    typealias Log = IsolatedLog

    /// A vehicle in miles: trip 1 drives 10 mi (1000 → 1010), a dashboard reading of 1013 mi follows, trip 2
    /// drives 5 mi from it (1013 → 1018): a gap of 3 mi (4.828 km) between the trips.
    static func milesLog() throws -> Log {
        let log = try Log()
        try log.run(["vehicles", "add", "--plate", "MI1", "--unit", "mi", "--odometer", "1000"])
        try log.run([
            "trips", "add", "--vehicle", "MI1", "--date", "2026-11-02", "--start", "08:00", "--end", "08:30",
            "--distance", "10", "--category", "private",
        ])
        try log.run([
            "odometer", "record", "--vehicle", "MI1", "--reading", "1013", "--date", "2026-11-02", "--time", "08:45",
        ])
        try log.run([
            "trips", "add", "--vehicle", "MI1", "--date", "2026-11-02", "--start", "09:00", "--end", "09:20",
            "--distance", "5", "--category", "business", "--purpose", "Depot",
        ])
        return log
    }

    @Test func tripsListTotalsAreInTheVehiclesUnit() throws {
        let log = try Self.milesLog()
        let table = try log.run(["trips", "list"]).stdout
        // 10 mi + 5 mi; by category private 10 mi, business 5 mi.
        #expect(table.contains("Total: 2 trips, 15.0 mi"), "\(table)")
        #expect(table.contains("business 5.0 mi"), "\(table)")
        #expect(table.contains("private 10.0 mi"), "\(table)")
        #expect(!table.contains(" km"), "\(table)")
        // CSV and JSON keep metres and add the distance in the vehicle's unit.
        let csv = try log.run(["trips", "list", "--format", "csv"]).stdout.split(separator: "\r\n")
        let header = csv[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let first = csv[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let column = try #require(header.firstIndex(of: "distance"))
        #expect(first[column] == "10")
        #expect(first[try #require(header.firstIndex(of: "distance_unit"))] == "mi")
        #expect(first[try #require(header.firstIndex(of: "distance_m"))] == "16093.4")
        let json = try #require(try log.json(["trips", "list"]) as? [String: Any])
        #expect(abs((json["distance_m"] as? Double ?? 0) - 24140.2) < 0.05)
        let trips = try #require(json["trips"] as? [[String: Any]])
        #expect(trips.first?["distance"] as? Double == 10)
        #expect(trips.first?["distance_unit"] as? String == "mi")
        // A log with vehicles in both units gives a total per unit, never one figure that adds them.
        try log.run(["vehicles", "add", "--plate", "KM1", "--unit", "km", "--odometer", "500"])
        try log.run([
            "trips", "add", "--vehicle", "KM1", "--date", "2026-11-03", "--start", "08:00", "--end", "08:30",
            "--distance", "16.09", "--category", "private",
        ])
        let mixed = try log.run(["trips", "list"]).stdout
        #expect(mixed.contains("Total: 3 trips, 16.1 km + 15.0 mi"), "\(mixed)")
    }

    @Test func tripsShowGivesMiles() throws {
        let log = try Self.milesLog()
        let shown = try log.run(["trips", "show", "1"]).stdout
        #expect(shown.contains("10.0 mi"), "\(shown)")
        #expect(shown.contains("1000.0 mi") && shown.contains("1010.0 mi"), "\(shown)")
    }

    @Test func odometerListAndCheckUseTheVehiclesUnit() throws {
        let log = try Self.milesLog()
        let list = try log.run(["odometer", "list"]).stdout
        #expect(list.contains("1013") && list.contains("mi"), "\(list)")
        // The 3 mi gap is above a 2 mi tolerance and shown in miles …
        let check = try log.run(["odometer", "check", "--percent", "0", "--tolerance", "2"], expect: 1).stdout
        #expect(check.contains("3.00 mi"), "\(check)")
        #expect(check.contains("2.00 mi"), "\(check)")
        #expect(!check.contains("4.83"), "\(check)")
        // … and within a 4 mi one (4 km would flag it: 3 mi is 4.83 km).
        try log.run(["odometer", "check", "--percent", "0", "--tolerance", "4"])
        try log.run(["odometer", "check", "--percent", "0", "--km", "4"], expect: 1)
        // JSON keeps kilometres and adds the vehicle's unit.
        let findings = try #require(
            try log.json(["odometer", "check", "--percent", "0", "--tolerance", "2"], expect: 1) as? [[String: Any]])
        let gap = try #require(findings.first)
        #expect(gap["kind"] as? String == "gap")
        #expect(abs((gap["km"] as? Double ?? 0) - 4.83) < 0.005)
        #expect(gap["distance"] as? Double == 3)
        #expect(gap["limit"] as? Double == 2)
        #expect(gap["unit"] as? String == "mi")
        // The calibration is read in the vehicle's unit too.
        let calibration = try log.run(["odometer", "calibration", "--vehicle", "MI1"]).stdout
        #expect(calibration.contains("GPS mi") && calibration.contains("Odometer mi"), "\(calibration)")
        #expect(!calibration.contains("km"), "\(calibration)")
        // --tolerance and --km together are ambiguous.
        let both = try log.run(["odometer", "check", "--tolerance", "2", "--km", "3"], expect: 64)
        #expect(both.stderr.contains("--tolerance"), "\(both.stderr)")
    }

    @Test func regularListShowsMilesAndHoursAndMinutes() throws {
        let log = try Self.milesLog()
        try log.run(["regular", "add", "--from-trip", "1", "--name", "Office"])
        let table = try log.run(["regular", "list"]).stdout
        #expect(table.contains("10.0 mi"), "\(table)")
        #expect(table.contains("0:30"), "\(table)")
        #expect(!table.contains("16093"), "\(table)")
        #expect(!table.contains("1800"), "\(table)")
        let listed = try #require(try log.json(["regular", "list"]) as? [[String: Any]])
        let office = try #require(listed.first)
        #expect(abs((office["distance_m"] as? Double ?? 0) - 16093.4) < 0.05)
        #expect(office["duration_s"] as? Double == 1800)
        #expect(office["distance"] as? Double == 10)
        #expect(office["distance_unit"] as? String == "mi")
    }

    @Test func importSaysHowFarInTheVehiclesUnit() throws {
        let log = try Log()
        try log.run(["vehicles", "add", "--plate", "MI2", "--unit", "mi", "--odometer", "100"])
        let imported = try log.run(["import", "--vehicle", "MI2", Fixtures.url("daemon/drive.nmea").path]).stdout
        let json = try #require(try log.json(["trips", "list"]) as? [String: Any])
        let metres = try #require(json["distance_m"] as? Double)
        // 1 mi = 1609.344 m.
        let miles = (metres / 1_609.344 * 10).rounded() / 10
        #expect(imported.hasSuffix(", \(miles) mi\n"), "\(imported)")
    }
}
