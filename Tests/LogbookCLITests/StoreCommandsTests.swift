import Foundation
import LogbookTestSupport
import Testing

/// `logbook import` and `logbook trips list` on a real SQLite file.
@Suite(.serialized)
struct StoreCommandsTests {
    static let drive = Fixtures.url("groundtruth/delivery-0.2hz/track.nmea.gz").path

    func listJSON(_ database: String, _ extra: [String] = []) throws -> [String: Any] {
        let result = try CLIRunner.run(["trips", "list", "--format", "json", "--database", database] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    func addVehicle(_ plate: String, _ database: String) throws {
        let added = try CLIRunner.run(["vehicles", "add", "--plate", plate, "--database", database])
        #expect(added.status == 0, "\(added.stderr)")
    }

    @Test func importingTheSameFileTwiceAddsNothing() throws {
        let dir = try TemporaryDirectory()
        let database = dir.path("log.sqlite")
        try addVehicle("123ABC", database)
        let first = try CLIRunner.run(["import", "--database", database, "--vehicle", "123ABC", Self.drive])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("8 trips added"))
        let second = try CLIRunner.run(["import", "--database", database, "--vehicle", "123ABC", Self.drive])
        #expect(second.status == 0)
        #expect(second.stdout.contains("already imported, nothing added"))
        // The same content under another name is the same file.
        let copy = try dir.write("copy.nmea.gz", try Data(contentsOf: URL(fileURLWithPath: Self.drive)))
        let third = try CLIRunner.run(["import", "--database", database, "--vehicle", "123ABC", copy])
        #expect(third.stdout.contains("already imported"))
        let trips = try #require(try listJSON(database)["trips"] as? [[String: Any]])
        #expect(trips.count == 8)
    }

    @Test func storedTripsListLikeReplayWithIdAndVehicle() throws {
        let dir = try TemporaryDirectory()
        let database = dir.path("log.sqlite")
        try addVehicle("123ABC", database)
        try addVehicle("999XYZ", database)
        #expect(try CLIRunner.run(["import", "--database", database, "--vehicle", "123ABC", Self.drive]).status == 0)
        let listed = try listJSON(database)
        let replay = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try CLIRunner.run(["replay", "--format", "json", Self.drive]).stdout.utf8))
                as? [String: Any])
        let stored = try #require(listed["trips"] as? [[String: Any]])
        let replayed = try #require(replay["trips"] as? [[String: Any]])
        #expect(stored.count == replayed.count)
        for (k, (a, b)) in zip(stored, replayed).enumerated() {
            #expect(a["id"] as? Int == k + 1)
            #expect(a["vehicle"] as? String == "123ABC")
            for key in ["start", "end"] { #expect(a[key] as? String == b[key] as? String) }
            for key in ["distance_m", "duration_s", "idle_s", "start_lat", "start_lon", "end_lat", "end_lon"] {
                #expect(abs((a[key] as? Double ?? -1) - (b[key] as? Double ?? -2)) < 1e-6, "\(key)")
            }
            #expect(a["fixes_used"] as? Int == b["fixes_used"] as? Int)
        }
        let total = try #require(listed["distance_m"] as? Double)
        #expect(abs(total - (replay["distance_m"] as? Double ?? 0)) < 0.5)
        // Another vehicle's filter shows nothing; the CSV has a header and a row per trip.
        #expect((try listJSON(database, ["--vehicle", "999XYZ"])["trips"] as? [[String: Any]])?.isEmpty == true)
        let csv = try CLIRunner.run(["trips", "list", "--format", "csv", "--database", database])
        let rows = csv.stdout.split(separator: "\r\n")
        #expect(rows.first?.hasPrefix("id,vehicle,start,end,distance_m") == true)
        #expect(rows.count == 1 + stored.count)
    }

    @Test func databaseComesFromTheEnvironment() throws {
        let dir = try TemporaryDirectory()
        let database = dir.path("env.sqlite")
        try addVehicle("ENV1", database)
        let imported = try CLIRunner.run(
            ["import", "--vehicle", "ENV1", Self.drive], environment: ["LOGBOOK_DATABASE": database])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(FileManager.default.fileExists(atPath: database))
        let listed = try CLIRunner.run(
            ["trips", "list", "--format", "json"], environment: ["LOGBOOK_DATABASE": database])
        #expect(listed.stdout.contains("\"vehicle\":\"ENV1\""))
    }

    @Test func badInputIsReportedAndNothingIsStored() throws {
        let dir = try TemporaryDirectory()
        let database = dir.path("log.sqlite")
        let noise = try dir.write("noise.bin", (0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 131) })
        try addVehicle("123ABC", database)
        let result = try CLIRunner.run(["import", "--database", database, noise])
        #expect(result.status == 65)
        #expect(result.stderr.contains("noise.bin"))
        #expect((try listJSON(database)["trips"] as? [[String: Any]])?.isEmpty == true)
        let unusable = try CLIRunner.run(["trips", "list", "--database", dir.url.path])
        #expect(unusable.status == 74)
        #expect(unusable.stderr.split(separator: "\n").count == 1)
    }
}
