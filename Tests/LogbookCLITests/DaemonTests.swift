import Foundation
import GRDB
import LogbookTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `logbook daemon` against a real gpsd (gpsfake on loopback) and a real SQLite file, compared with
/// `logbook replay` of the same recording. The recording (`Fixtures/daemon/drive.nmea`, made by
/// `make-drive.py`) holds two trips, each followed by 420 s parked, behind 150 s of no fix and
/// standing so that the daemon is connected before anything that matters is fed.
@Suite(.serialized, .enabled(if: GPSFake.isAvailable, "gpsd and gpsfake are not installed"))
struct DaemonTests {
    static let drive = Fixtures.url("daemon/drive.nmea")
    /// Seconds between sentences: 2 sentences per 1 Hz epoch, so 50 epochs of data per second.
    static let cycle = 0.01

    struct StoredTrip {
        var start: String
        var end: String
        var distance: Double
    }

    func storedTrips(_ database: String) throws -> [StoredTrip] {
        let result = try CLIRunner.run(["trips", "list", "--format", "json", "--database", database])
        guard result.status == 0,
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            let trips = object["trips"] as? [[String: Any]]
        else { return [] }
        return trips.map {
            StoredTrip(start: $0["start"] as! String, end: $0["end"] as! String, distance: $0["distance_m"] as! Double)
        }
    }

    func replayed(_ files: [String]) throws -> [StoredTrip] {
        let result = try CLIRunner.run(["replay", "--format", "json"] + files)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(object["trips"] as? [[String: Any]]).map {
            StoredTrip(start: $0["start"] as! String, end: $0["end"] as! String, distance: $0["distance_m"] as! Double)
        }
    }

    /// The vehicle the daemon stores trips under: it must be in the log before the daemon starts.
    func addVehicle(_ plate: String, _ database: String) throws {
        let added = try CLIRunner.run(["vehicles", "add", "--plate", plate, "--database", database])
        #expect(added.status == 0, "\(added.stderr)")
    }

    static func seconds(_ iso: String) -> Double {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.date(from: iso)!.timeIntervalSince1970
    }

    @Test func storesTheSameTripsAsReplay() throws {
        let dir = try TemporaryDirectory()
        let database = dir.path("log.sqlite")
        let gpsd = try GPSFake(log: Self.drive, cycle: Self.cycle)
        try addVehicle("T1", database)
        let daemon = try DaemonProcess(["--gpsd", "127.0.0.1:\(gpsd.port)", "--database", database, "--vehicle", "T1"])
        let expected = try replayed([Self.drive.path])
        #expect(expected.count == 2)
        let done = try waitUntil(timeout: 90) { try storedTrips(database).count >= expected.count }
        #expect(done, "daemon log:\n\(daemon.log)\ngpsfake:\n\(gpsd.diagnostics)")
        #expect(daemon.stop() == 0)
        let stored = try storedTrips(database)
        #expect(stored.count == expected.count)
        for (got, want) in zip(stored, expected) {
            #expect(got.start == want.start)
            #expect(abs(Self.seconds(got.end) - Self.seconds(want.end)) <= 2)
            #expect(abs(got.distance - want.distance) / want.distance <= 0.005, "\(got.distance) vs \(want.distance)")
        }
        #expect(
            !LogText.mentionsCoordinate(daemon.log, like: ["59.4"]),
            "coordinates must not appear in the log at info level")
    }

    @Test("the coordinate check finds a latitude in a log line and not a time's seconds")
    func coordinateCheck() {
        #expect(LogText.mentionsCoordinate("Trip started lat=59.4371 lon=24.75", like: ["59.4"]))
        #expect(LogText.mentionsCoordinate("position 59.43", like: ["24.7", "59.4"]))
        #expect(!LogText.mentionsCoordinate("2026-11-26T08:06:59.429Z info Trip stored", like: ["59.4"]))
    }

    @Test func logbookDaemonBecomesTheSlimDaemonWithoutTheReportLibraries() throws {
        let dir = try TemporaryDirectory()
        let gpsdPort = try GPSFake.freePort()
        try addVehicle("T0", dir.path("log.sqlite"))
        let daemon = try DaemonProcess(["--gpsd", "127.0.0.1:\(gpsdPort)", "--database", dir.path("log.sqlite")])
        #expect(waitUntil(timeout: 20) { daemon.log.contains("Logbook daemon starting") }, "\(daemon.log)")
        let pid = daemon.process.processIdentifier
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
        #expect(executable.hasSuffix("/logbook-daemon"))
        let maps = try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)
        #expect(!maps.contains("libcairo") && !maps.contains("libcurl"))
        #expect(daemon.stop() == 0)
    }

    /// A stop that comes before the daemon's services run (here while it waits for a database another process
    /// holds locked) ends it gracefully once it can: exit status 0, not killed by the signal (status 15), which a
    /// supervisor reads as a failure. The daemon is stopped once it has trapped SIGTERM (`SigCgt` in
    /// `/proc/PID/status`), at the latest after 10 s.
    @Test func aStopWhileTheDaemonStillStartsEndsItGracefully() throws {
        let dir = try TemporaryDirectory()
        let database = dir.path("log.sqlite")
        try addVehicle("T0", database)
        var holder = Configuration()
        holder.allowsUnsafeTransactions = true
        let lock = try DatabaseQueue(path: database, configuration: holder)
        try lock.writeWithoutTransaction { try $0.execute(sql: "BEGIN EXCLUSIVE") }
        let daemon = try DaemonProcess(["--gpsd", "127.0.0.1:\(try GPSFake.freePort())", "--database", database])
        let pid = daemon.process.processIdentifier
        let trapped = waitUntil(timeout: 10) {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            let caught = status.split(separator: "\n").first { $0.hasPrefix("SigCgt:") }
            let mask = caught.flatMap {
                UInt64($0.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
            }
            return (mask ?? 0) & (1 << (UInt64(SIGTERM) - 1)) != 0
        }
        #expect(!daemon.log.contains("Logbook daemon starting"), "the database lock did not hold the daemon back")
        kill(pid, SIGTERM)
        usleep(500_000)
        try lock.writeWithoutTransaction { try $0.execute(sql: "COMMIT") }
        #expect(daemon.stop(timeout: 30) == 0, "trapped before the stop: \(trapped)\n\(daemon.log)")
        #expect(daemon.log.contains("Tracking stopped"), "\(daemon.log)")
    }

    @Test func aTripSurvivesGpsdRestartingMidDrive() throws {
        let dir = try TemporaryDirectory()
        let database = dir.path("log.sqlite")
        // The recording cut in the middle of the first drive (at 08:05:00): the second gpsd feeds the rest.
        let text = try String(contentsOf: Self.drive, encoding: .utf8)
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: true)
        let cut = try #require(lines.firstIndex { $0.hasPrefix("$GPGGA,080500") })
        let first = try dir.write("first.nmea", Array((lines[..<cut].joined(separator: "\r\n") + "\r\n").utf8))
        let second = try dir.write("second.nmea", Array((lines[cut...].joined(separator: "\r\n") + "\r\n").utf8))
        try addVehicle("T2", database)
        var gpsd = try GPSFake(log: URL(fileURLWithPath: first), cycle: Self.cycle)
        let port = gpsd.port
        let daemon = try DaemonProcess(["--gpsd", "127.0.0.1:\(port)", "--database", database, "--vehicle", "T2"])
        // Let the first part play (cut × cycle seconds), then gpsd dies.
        usleep(UInt32(Double(cut) * Self.cycle * 1_000_000) + 500_000)
        gpsd.stop(signal: SIGKILL)
        // The restarted gpsd names the receiver by another path, as after a replug or when other ptys
        // came and went: holding the freed pty makes gpsfake's next one another number.
        let heldPTY = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        defer { if heldPTY >= 0 { close(heldPTY) } }
        usleep(1_500_000)
        gpsd = try GPSFake(log: URL(fileURLWithPath: second), port: port, cycle: Self.cycle)
        let done = try waitUntil(timeout: 90) { try storedTrips(database).count >= 2 }
        #expect(done, "daemon log:\n\(daemon.log)")
        #expect(daemon.stop() == 0)
        let stored = try storedTrips(database)
        let expected = try replayed([Self.drive.path])
        #expect(stored.count == 2, "the first trip must not be split or lost")
        if stored.count == 2 {
            #expect(stored[0].start == expected[0].start)
            #expect(abs(Self.seconds(stored[0].end) - Self.seconds(expected[0].end)) <= 60)
            // The fixes missed while the daemon reconnected are bridged: the distance stays close.
            #expect(abs(stored[0].distance - expected[0].distance) / expected[0].distance <= 0.05)
        }
        #expect(daemon.log.contains("Connected to gpsd"))
    }

    @Test func sigkillMidTripRecoversTheTripOnce() throws {
        let dir = try TemporaryDirectory()
        let database = dir.path("log.sqlite")
        let gpsd = try GPSFake(log: Self.drive, cycle: Self.cycle)
        let arguments = [
            "--gpsd", "127.0.0.1:\(gpsd.port)", "--database", database, "--vehicle", "T3", "--checkpoint-interval",
            "0.3",
        ]
        try addVehicle("T3", database)
        var daemon = try DaemonProcess(arguments)
        // Into the first drive: 150 s of lead-in and 175 s of driving, at 50 epochs per second.
        usleep(UInt32(Double(325) / 50 * 1_000_000))
        let statusBefore = try CLIRunner.run(["status", "--format", "json", "--database", database])
        #expect(statusBefore.stdout.contains("\"trip\""), "a trip should be under way: \(statusBefore.stdout)")
        #expect(daemon.stop(signal: SIGKILL) != nil)
        #expect(try storedTrips(database).isEmpty, "nothing finished yet")
        daemon = try DaemonProcess(arguments)
        let done = try waitUntil(timeout: 90) { try storedTrips(database).count >= 2 }
        #expect(done, "daemon log:\n\(daemon.log)")
        #expect(daemon.stop() == 0)
        #expect(daemon.log.contains("Resuming from checkpoint"))
        let stored = try storedTrips(database)
        let expected = try replayed([Self.drive.path])
        #expect(stored.count == 2, "recovered once: neither lost nor duplicated")
        if stored.count == 2 {
            #expect(stored[0].start == expected[0].start, "the recovered trip keeps its departure")
            #expect(abs(stored[0].distance - expected[0].distance) / expected[0].distance <= 0.05)
        }
    }

    /// Off systemd each line starts with a UTC timestamp (TrackModel's, not Foundation's formatter,
    /// which pulls in ICU); under systemd with the syslog priority instead.
    @Test func logLinesStartWithATimestampOrUnderSystemdAPriority() throws {
        let dir = try TemporaryDirectory()
        var cases: [(environment: [String: String], start: String)] = [
            (["JOURNAL_STREAM": "8:1"], #"^<6>info logbook\.daemon: Logbook daemon starting"#)
        ]
        if ProcessInfo.processInfo.environment["JOURNAL_STREAM"] == nil {
            cases.append(
                ([:], #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z info logbook\.daemon: Logbook daemon starting"#))
        }
        for (index, c) in cases.enumerated() {
            // Nothing listens on port 1: the daemon logs its start and the failed connection, and retries.
            try addVehicle("T5", dir.path("log\(index).sqlite"))
            let daemon = try DaemonProcess(
                ["--gpsd", "127.0.0.1:1", "--database", dir.path("log\(index).sqlite")], environment: c.environment)
            let logged = waitUntil(timeout: 30) { daemon.log.contains("Cannot connect to gpsd") }
            #expect(logged, "daemon log:\n\(daemon.log)")
            #expect(daemon.stop() == 0)
            let first = String(daemon.log.split(separator: "\n").first ?? "")
            #expect(first.contains(try Regex(c.start)), "first line: \(first)")
        }
    }

    @Test func statusReportsAStoppedDaemon() throws {
        let dir = try TemporaryDirectory()
        let result = try CLIRunner.run(["status", "--database", dir.path("none.sqlite")])
        #expect(result.status == 0)
        #expect(result.stdout.contains("not running"))
    }

    @Test func aLongIdleReachesTheNotificationCommand() throws {
        let dir = try TemporaryDirectory()
        let database = dir.path("log.sqlite")
        let received = dir.path("notified.txt")
        // The drive stands 120 s before it leaves and parks 420 s twice; a 100 s threshold makes each a long idle.
        let config = try dir.write(
            "logbook.toml",
            Array(
                """
                [engine]
                long_idle_threshold = 100

                [daemon]
                notify_command = "echo \\"$LOGBOOK_EVENT $LOGBOOK_VEHICLE $LOGBOOK_IDLE_SECONDS\\" >> '\(received)'"
                """.utf8))
        let expected = try #require(
            try JSONSerialization.jsonObject(
                with: Data(
                    try CLIRunner.run(["replay", "--format", "json", "--config", config, Self.drive.path]).stdout.utf8))
                as? [String: Any])
        let idles = try #require(expected["long_idle"] as? [[String: Any]])
        #expect(idles.count == 3)
        try addVehicle("T4", database)
        let gpsd = try GPSFake(log: Self.drive, cycle: Self.cycle)
        let daemon = try DaemonProcess([
            "--gpsd", "127.0.0.1:\(gpsd.port)", "--database", database, "--vehicle", "T4", "--config", config,
        ])
        let done = waitUntil(timeout: 90) {
            ((try? String(contentsOfFile: received, encoding: .utf8)) ?? "").split(separator: "\n").count >= idles.count
        }
        #expect(done, "daemon log:\n\(daemon.log)")
        #expect(daemon.stop() == 0)
        let lines = try String(contentsOfFile: received, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == idles.count)
        #expect(lines.allSatisfy { $0 == "long-idle T4 100" }, "\(lines)")
        #expect(daemon.log.contains("Standing for a long time"))
    }
}
