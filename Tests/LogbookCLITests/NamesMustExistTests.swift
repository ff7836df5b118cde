import Foundation
import LogbookTestSupport
import Testing

/// Issue 11 §4: vehicles and drivers named on the command line must exist; none is created behind the user's back.
@Suite(.serialized)
struct NamesMustExistTests {
    static let drive = Fixtures.url("groundtruth/delivery-0.2hz/track.nmea.gz").path

    /// A database in a temporary folder, with the vehicles given.
    struct Log {
        let dir: TemporaryDirectory
        let database: String

        init(vehicles: [String] = []) throws {
            dir = try TemporaryDirectory()
            database = dir.path("log.sqlite")
            for plate in vehicles {
                let added = try CLIRunner.run(["vehicles", "add", "--plate", plate, "--database", database])
                #expect(added.status == 0, "\(added.stderr)")
            }
        }

        func run(_ arguments: [String]) throws -> CLIRunner.Result {
            try CLIRunner.run(arguments + ["--database", database])
        }

        func plates() throws -> [String] {
            let listed = try run(["vehicles", "list", "--format", "json"])
            let rows = try #require(
                try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
            return rows.compactMap { $0["plate"] as? String }
        }
    }

    /// One line on standard error, no stack trace.
    static func oneLine(_ result: CLIRunner.Result) -> Bool {
        result.stderr.split(separator: "\n").count == 1 && !result.stderr.contains("Fatal error")
    }

    @Test func importRefusesAnUnknownPlateAndCreatesNoVehicle() throws {
        let log = try Log(vehicles: ["123ABC"])
        let result = try log.run(["import", "--vehicle", "NOPE", Self.drive])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("NOPE"))
        #expect(result.stderr.contains("logbook vehicles add"))
        #expect(Self.oneLine(result), "\(result.stderr)")
        #expect(try log.plates() == ["123ABC"])
    }

    @Test func importWithoutVehicleUsesTheOnlyOne() throws {
        let log = try Log(vehicles: ["123ABC"])
        let result = try log.run(["import", Self.drive])
        #expect(result.status == 0, "\(result.stderr)")
        let listed = try log.run(["trips", "list", "--format", "json"])
        #expect(listed.stdout.contains("\"vehicle\":\"123ABC\""))
        #expect(try log.plates() == ["123ABC"])
    }

    @Test func importWithoutVehicleRefusesWhenThereAreNoneOrSeveral() throws {
        let empty = try Log()
        let none = try empty.run(["import", Self.drive])
        #expect(none.status == 64, "\(none.stderr)")
        #expect(none.stderr.contains("logbook vehicles add"))
        #expect(Self.oneLine(none), "\(none.stderr)")
        #expect(try empty.plates().isEmpty)

        let two = try Log(vehicles: ["AAA111", "BBB222"])
        let several = try two.run(["import", Self.drive])
        #expect(several.status == 64, "\(several.stderr)")
        #expect(several.stderr.contains("--vehicle"))
        #expect(several.stderr.contains("AAA111") && several.stderr.contains("BBB222"))
        #expect(try two.plates() == ["AAA111", "BBB222"])
        #expect(!(try two.run(["trips", "list"]).stdout.contains("default")))
    }

    @Test func daemonRefusesAnUnknownPlate() throws {
        let log = try Log(vehicles: ["123ABC"])
        // Nothing listens on port 9: the daemon must stop before it ever connects.
        let result = try log.run(["daemon", "--gpsd", "127.0.0.1:9", "--vehicle", "NOPE"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("NOPE") && result.stderr.contains("logbook vehicles add"))
        #expect(try log.plates() == ["123ABC"])
    }

    @Test func replayRefusesAnUnknownPlateAndWorksWithoutADatabase() throws {
        let log = try Log(vehicles: ["123ABC"])
        let result = try log.run(["replay", "--vehicle", "NOPE", Self.drive])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("NOPE") && result.stderr.contains("logbook vehicles add"))
        #expect(Self.oneLine(result), "\(result.stderr)")
        #expect(try log.plates() == ["123ABC"])

        let known = try log.run(["replay", "--vehicle", "123ABC", "--format", "json", Self.drive])
        #expect(known.status == 0, "\(known.stderr)")
        #expect(known.stdout.contains("\"vehicle\":\"123ABC\""))

        // Without --vehicle no database is needed: a path that cannot exist is never touched.
        let missing = log.dir.path("no/such/folder/log.sqlite")
        let plain = try CLIRunner.run(["replay", "--database", missing, Self.drive])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(!FileManager.default.fileExists(atPath: log.dir.path("no")))
    }

    @Test func replayVehicleInMilesShowsMiles() throws {
        let log = try Log()
        #expect(try log.run(["vehicles", "add", "--plate", "MI1", "--unit", "mi"]).status == 0)
        let table = try log.run(["replay", "--vehicle", "MI1", Self.drive])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains(" mi"), "\(table.stdout)")
    }

    @Test(arguments: [["--vehicle", "NOPE"], ["--driver", "NOPE"]])
    func tripsListRefusesUnknownNames(_ filter: [String]) throws {
        let log = try Log(vehicles: ["123ABC"])
        let result = try log.run(["trips", "list"] + filter)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("'NOPE'"))
        #expect(result.stderr.contains(filter[0]))
        #expect(Self.oneLine(result), "\(result.stderr)")
    }
}
