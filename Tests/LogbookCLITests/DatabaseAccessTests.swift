import Foundation
import LogbookTestSupport
import Testing

/// Issue 11 §5: the database as users meet it — read-only logs, missing folders, an empty
/// `$LOGBOOK_DATABASE`, twenty writers at once, and internal errors turned into one line each.
@Suite(.serialized)
struct DatabaseAccessTests {
    static func oneLine(_ result: CLIRunner.Result) -> Bool {
        result.stderr.split(separator: "\n").count == 1 && !result.stderr.contains("Fatal error")
            && !result.stderr.contains("Error Domain") && !result.stderr.contains("CHECK constraint")
    }

    /// A log with a vehicle and a trip, then made read-only: the file 0444 in a folder 0555, as a log the
    /// daemon's user owns looks to everybody else.
    static func readOnlyLog(_ dir: TemporaryDirectory) throws -> (folder: String, database: String) {
        let folder = dir.path("var-lib-logbook")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let database = folder + "/logbook.sqlite"
        for arguments in [
            ["vehicles", "add", "--plate", "123ABC", "--odometer", "1000"],
            [
                "trips", "add", "--vehicle", "123ABC", "--date", "2026-05-04", "--start", "08:00", "--end", "08:30",
                "--distance", "21",
            ],
        ] {
            let result = try CLIRunner.run(arguments + ["--database", database])
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["logbook.sqlite"])
        // The folder stays traversable (0555) but not writable; the temporary folder above must let nobody in.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.url.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: database)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        return (folder, database)
    }

    static let readingCommands: [[String]] = [
        ["trips", "list", "--format", "json"], ["trips", "show", "1"], ["vehicles", "list"], ["drivers", "list"],
        ["odometer", "list"], ["odometer", "check"], ["audit", "verify"], ["audit", "list"], ["status"],
        ["regular", "list"], ["places", "list"], ["rules", "list"], ["mail", "status"],
        ["report", "--month", "2026-05", "--vehicle", "123ABC"],
    ]

    @Test(.enabled(if: CLIRunner.setpriv != nil), arguments: readingCommands)
    func readingCommandsWorkOnALogTheUserMayOnlyRead(_ command: [String]) throws {
        let dir = try TemporaryDirectory()
        defer {
            try? FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: dir.path("var-lib-logbook"))
        }
        let (folder, database) = try Self.readOnlyLog(dir)
        // The reader really is refused writing: nobody cannot create a file there.
        let probe = try CLIRunner.runAsNobody(["vehicles", "add", "--plate", "X1", "--database", database])
        #expect(probe.status == 74, "\(probe.stderr)")
        let result = try CLIRunner.runAsNobody(command + ["--database", database])
        #expect(result.status == 0, "\(command): \(result.stderr)")
        if command.starts(with: ["trips", "list"]) { #expect(result.stdout.contains("\"vehicle\":\"123ABC\"")) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["logbook.sqlite"])
    }

    @Test(.enabled(if: CLIRunner.setpriv != nil))
    func aWriteToAReadOnlyLogSaysSo() throws {
        let dir = try TemporaryDirectory()
        defer {
            try? FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: dir.path("var-lib-logbook"))
        }
        let (_, database) = try Self.readOnlyLog(dir)
        let result = try CLIRunner.runAsNobody([
            "trips", "add", "--vehicle", "123ABC", "--date", "2026-05-05", "--start", "08:00", "--end", "08:30",
            "--distance", "21", "--database", database,
        ])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("read-only"), "\(result.stderr)")
        #expect(result.stderr.contains(database))
        #expect(Self.oneLine(result), "\(result.stderr)")
    }

    @Test func aReaderLeavesNoWALFilesBehind() throws {
        // Root may write anywhere, but a reading command still opens the log read-only: a -shm file owned by
        // root would lock the daemon's user out of its own log.
        let dir = try TemporaryDirectory()
        defer {
            try? FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: dir.path("var-lib-logbook"))
        }
        let (folder, database) = try Self.readOnlyLog(dir)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: database)
        for command in Self.readingCommands {
            let result = try CLIRunner.run(command + ["--database", database])
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["logbook.sqlite"], "\(command)")
        }
    }

    @Test(arguments: [["trips", "list"], ["vehicles", "list"], ["odometer", "check"], ["audit", "verify"]])
    func aMissingFolderIsRefusedAndNotCreated(_ command: [String]) throws {
        let dir = try TemporaryDirectory()
        let database = dir.path("no-such-folder/logbook.sqlite")
        let result = try CLIRunner.run(command + ["--database", database])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("--database") && result.stderr.contains("no-such-folder"), "\(result.stderr)")
        #expect(Self.oneLine(result), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("no-such-folder")))
        // A missing file in an existing folder is not created as an empty log either.
        let missing = try CLIRunner.run(command + ["--database", dir.path("logbook.sqlite")])
        #expect(missing.status == 74, "\(missing.stderr)")
        #expect(Self.oneLine(missing), "\(missing.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).isEmpty)
    }

    @Test(arguments: [["trips", "list"], ["vehicles", "add", "--plate", "E1"], ["status"]])
    func anEmptyLogbookDatabaseIsAnError(_ command: [String]) throws {
        let dir = try TemporaryDirectory()
        let result = try CLIRunner.run(
            command, environment: ["LOGBOOK_DATABASE": "", "HOME": dir.url.path, "XDG_DATA_HOME": dir.url.path])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("LOGBOOK_DATABASE"), "\(result.stderr)")
        #expect(Self.oneLine(result), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).isEmpty)
    }

    /// Issue 30 §1: `LOGBOOK_DATABASE=postgresql://…` used to create an SQLite file under a folder named
    /// `postgresql:`. An unknown scheme is a usage error naming it (64); a PostgreSQL address is taken as one: a server
    /// that cannot be reached is said so (69), and `status` (the daemon beside an SQLite file) says there is none;
    /// neither creates anything.
    @Test(arguments: [["trips", "list"], ["vehicles", "add", "--plate", "E1"], ["status"]])
    func addressesAreNotFileNames(_ command: [String]) throws {
        let dir = try TemporaryDirectory()
        let home = ["HOME": dir.url.path, "XDG_DATA_HOME": dir.url.path]
        let unknown = try CLIRunner.run(
            command, environment: home.merging(["LOGBOOK_DATABASE": "mysql://root@localhost/log"]) { $1 },
            currentDirectory: dir.url)
        #expect(unknown.status == 64, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("LOGBOOK_DATABASE") && unknown.stderr.contains("'mysql'"), "\(unknown.stderr)")
        #expect(Self.oneLine(unknown), "\(unknown.stderr)")
        let postgres = try CLIRunner.run(
            command, environment: home.merging(["LOGBOOK_DATABASE": "postgresql://logbook@127.0.0.1:1/fleet"]) { $1 },
            currentDirectory: dir.url)
        if command == ["status"] {
            #expect(postgres.status == 0 && postgres.stdout.contains("on PostgreSQL"), "\(postgres.stdout)")
        } else {
            #expect(postgres.status == 69, "\(postgres.stderr)")
            #expect(
                postgres.stderr.contains("postgresql://logbook@127.0.0.1:1/fleet")
                    && postgres.stderr.contains("cannot reach the server"), "\(postgres.stderr)")
            #expect(Self.oneLine(postgres), "\(postgres.stderr)")
        }
        // The same address from the configuration's [database] url.
        let config = dir.path("logbook.toml")
        try "[database]\nurl = \"postgres://logbook@db.example.org/fleet\"\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        if command != ["status"] {  // the daemon's status takes no configuration
            let configured = try CLIRunner.run(
                command + ["--config", config], environment: home, currentDirectory: dir.url)
            #expect(configured.status == 69, "\(configured.stderr)")
            #expect(configured.stderr.contains("[database] url"), "\(configured.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["logbook.toml"])
    }

    /// `[database] connections` (how many connections a process keeps to PostgreSQL) is checked wherever the log is.
    @Test func aConnectionLimitOutOfRangeIsAConfigurationError() throws {
        let dir = try TemporaryDirectory()
        let database = dir.path("log.sqlite")
        for (value, status) in [("0", Int32(78)), ("201", 78), ("12", 0)] {
            let config = dir.path("c\(value).toml")
            try "[database]\nconnections = \(value)\n".write(toFile: config, atomically: true, encoding: .utf8)
            let result = try CLIRunner.run(
                ["vehicles", "add", "--plate", "C\(value)", "--database", database, "--config", config])
            #expect(result.status == status, "\(result.stderr)")
            if status == 78 { #expect(result.stderr.contains("[database] connections"), "\(result.stderr)") }
        }
    }

    @Test func twentyWritersAtOnceAllLand() throws {
        let dir = try TemporaryDirectory()
        let database = dir.path("log.sqlite")
        #expect(try CLIRunner.run(["vehicles", "add", "--plate", "123ABC", "--database", database]).status == 0)
        // Trip k: 2026-05-04 from 06:00 + 30k minutes for 20 minutes, k + 1 km.
        let processes: [Process] = (0..<20).map { k in
            let process = Process()
            process.executableURL = CLIRunner.executable
            let start = 6 * 60 + 30 * k
            func hhmm(_ m: Int) -> String { String(format: "%02d:%02d", m / 60, m % 60) }
            process.arguments = [
                "trips", "add", "--vehicle", "123ABC", "--date", "2026-05-04", "--start", hhmm(start), "--end",
                hhmm(start + 20), "--distance", String(k + 1), "--database", database, "--timezone", "UTC",
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return process
        }
        for process in processes { try process.run() }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 20))
        let listed = try CLIRunner.run(["trips", "list", "--format", "json", "--database", database])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let trips = try #require(object["trips"] as? [[String: Any]])
        #expect(trips.count == 20)
        #expect(Set(trips.compactMap { $0["distance_m"] as? Double }) == Set((1...20).map { Double($0) * 1_000 }))
        #expect(object["distance_m"] as? Double == 210_000)
    }

    /// The same with an odometer chain: trips that arrive out of time order are back-filled into the chain, the
    /// later trips typed in by distance moving up by the distance, so all land and the chain has no gaps.
    @Test func twentyWritersAtOnceKeepTheOdometerChain() throws {
        let dir = try TemporaryDirectory()
        let database = dir.path("log.sqlite")
        #expect(
            try CLIRunner.run(["vehicles", "add", "--plate", "123ABC", "--odometer", "1000", "--database", database])
                .status == 0)
        // Yesterday: trips lock a week after they end, and a locked trip's odometer never moves.
        let dayFormat = ISO8601DateFormatter()
        dayFormat.formatOptions = [.withFullDate]
        dayFormat.timeZone = TimeZone(identifier: "UTC")
        let yesterday = dayFormat.string(from: Date().addingTimeInterval(-86_400))
        let processes: [Process] = (0..<20).map { k in
            let process = Process()
            process.executableURL = CLIRunner.executable
            let start = 6 * 60 + 30 * k
            func hhmm(_ m: Int) -> String { String(format: "%02d:%02d", m / 60, m % 60) }
            process.arguments = [
                "trips", "add", "--vehicle", "123ABC", "--date", yesterday, "--start", hhmm(start), "--end",
                hhmm(start + 20), "--distance", String(k + 1), "--database", database, "--timezone", "UTC",
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return process
        }
        for process in processes.shuffled() { try process.run() }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 20))
        let listed = try CLIRunner.run(["trips", "list", "--format", "json", "--database", database])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let trips = try #require(object["trips"] as? [[String: Any]])
        #expect(trips.count == 20)
        // In time order the chain runs 1000, 1001, 1003, 1006, … 1210 without gaps.
        var odometer = 1_000.0
        for (k, trip) in trips.sorted(by: { ($0["start"] as? String ?? "") < ($1["start"] as? String ?? "") })
            .enumerated()
        {
            #expect(trip["distance_m"] as? Double == Double(k + 1) * 1_000)
            #expect(trip["start_odometer"] as? Double == odometer)
            odometer += Double(k + 1)
            #expect(trip["end_odometer"] as? Double == odometer)
        }
        #expect(odometer == 1_210)
        let check = try CLIRunner.run(["odometer", "check", "--database", database])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let verify = try CLIRunner.run(["audit", "verify", "--database", database])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    @Test func aCheckConstraintBecomesAMessageNamingTheOption() throws {
        let dir = try TemporaryDirectory()
        let result = try CLIRunner.run([
            "vehicles", "add", "--plate", "123ABC", "--odometer", "2000000000", "--database", dir.path("log.sqlite"),
        ])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--odometer"), "\(result.stderr)")
        #expect(Self.oneLine(result), "\(result.stderr)")
    }

    @Test func aFolderAsTheDatabaseIsNamed() throws {
        let dir = try TemporaryDirectory()
        for command in [["trips", "list"], ["vehicles", "add", "--plate", "D1"]] {
            let result = try CLIRunner.run(command + ["--database", dir.url.path])
            #expect(result.status == 74, "\(result.stderr)")
            #expect(result.stderr.contains("--database") && result.stderr.contains("folder"), "\(result.stderr)")
            #expect(Self.oneLine(result), "\(result.stderr)")
        }
    }

    @Test func aFolderGivenAsATrackFileIsNamedWithoutFoundationsText() throws {
        let dir = try TemporaryDirectory()
        let database = dir.path("log.sqlite")
        #expect(try CLIRunner.run(["vehicles", "add", "--plate", "123ABC", "--database", database]).status == 0)
        let folder = dir.path("tracks")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let result = try CLIRunner.run(["import", "--vehicle", "123ABC", "--database", database, folder])
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.contains("tracks: is a directory"), "\(result.stderr)")
        #expect(Self.oneLine(result), "\(result.stderr)")
    }

    @Test func aFolderGivenAsTrackOutIsNamedWithoutFoundationsText() throws {
        let dir = try TemporaryDirectory()
        let folder = dir.path("out.gpx")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let drive = Fixtures.url("groundtruth/delivery-0.2hz/track.nmea.gz").path
        let result = try CLIRunner.run(["replay", "--track-out", folder, drive])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("--track-out") && result.stderr.contains("folder"), "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain"), "\(result.stderr)")
        #expect(Self.oneLine(result), "\(result.stderr)")
    }

    @Test func aBadTLSModeNamesTheKeyAndItsLine() throws {
        let dir = try TemporaryDirectory()
        let config = try dir.write(
            "logbook.toml",
            Array(
                "[log]\ntimezone = \"UTC\"\n\n[mail]\nhost = \"127.0.0.1\"\ntls = \"sometimes\"\nfrom = \"a@b.c\"\n"
                    .utf8))
        let result = try CLIRunner.run([
            "mail", "send-pending", "--config", config, "--database", dir.path("log.sqlite"),
        ])
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("logbook.toml:6"), "\(result.stderr)")
        #expect(result.stderr.contains("tls") && result.stderr.contains("starttls"), "\(result.stderr)")
        #expect(!result.stderr.contains("Cannot initialize"), "\(result.stderr)")
        #expect(Self.oneLine(result), "\(result.stderr)")
    }
}
