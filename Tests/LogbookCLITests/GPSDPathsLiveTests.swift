import Foundation
import LogbookTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The two ways gpsd users meet Logbook, live: a real gpsd (gpsfake on loopback) plays a ground-truth
/// drive while `gpspipe -w` records it and `logbook daemon` stores the trips it sees. Both must give the
/// trips `logbook replay` gives for the NMEA that was played: same count, every start and end within
/// 2 s, total distance within 0.5 %. (`Benchmarks/run_accuracy.py` runs the same on every shared drive.)
@Suite(.serialized, .enabled(if: GPSFake.isAvailable && GPSPipe.isAvailable, "gpsd, gpsfake or gpspipe missing"))
struct GPSDPathsLiveTests {
    @Test("a gpspipe -w recording and the live daemon give the trips of the NMEA gpsd played")
    func recordingAndDaemonEqualReplay() async throws {
        let dir = try TemporaryDirectory()
        // delivery-0.2hz with 420 s standing at the end, so that the daemon ends the last trip too.
        let nmea = try dir.write(
            "fed.nmea",
            try GPSDRecordingReplayTests.gunzip(GPSDRecordingReplayTests.fixture("delivery-0.2hz.fed.nmea.gz")).utf8)
        let database = dir.path("live.sqlite")
        let recording = dir.path("gpspipe.jsonl")
        let reference = try TripList.replay([nmea])
        #expect(reference.trips.count == 8)

        let added = try CLIRunner.run(["vehicles", "add", "--plate", "LIVE1", "--database", database])
        #expect(added.status == 0, "\(added.stderr)")
        let gpsd = try GPSFake(log: URL(fileURLWithPath: nmea), cycle: 0.002)
        defer { gpsd.stop() }
        let pipe = try GPSPipe(port: gpsd.port, output: recording)
        defer { pipe.stop() }
        let daemon = try DaemonProcess([
            "--gpsd", "127.0.0.1:\(gpsd.port)", "--database", database, "--vehicle", "LIVE1",
        ])
        // The last epoch gpsd will report: the fed log's last RMC time.
        let done = try waitUntil(timeout: 120) {
            try String(contentsOfFile: recording, encoding: .utf8).contains("T01:32:25")
        }
        #expect(done, "gpsfake:\n\(gpsd.diagnostics)\ndaemon:\n\(daemon.log)")
        try await Task.sleep(for: .seconds(2))  // the daemon's quiet-period flush and commit of the last epoch
        #expect(daemon.stop() == 0)
        pipe.stop()

        let recorded = try TripList.replay([recording])
        let live = try TripList.stored(database: database)
        for (what, trips) in [("gpspipe recording", recorded), ("live daemon", live)] {
            let (same, worst, percent) = reference.agreement(with: trips)
            #expect(same, "\(what): \(trips)\nNMEA: \(reference)")
            #expect(worst <= 2, "\(what): a boundary \(worst) s off")
            #expect(abs(percent) <= 0.5, "\(what): distance \(percent) % off")
        }
        // The drive is near 64.1° N 21.9° W: no coordinates in the log at info level.
        #expect(!daemon.log.contains("64.1") && !daemon.log.contains("-21.9"), "\(daemon.log)")
    }
}

/// `gpspipe -w` recording a gpsd's JSON reports into a file, as gpsd users record drives.
final class GPSPipe: @unchecked Sendable {
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/gpspipe") }

    let process = Process()

    init(port: Int, output: String) throws {
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gpspipe")
        process.arguments = ["-w", "127.0.0.1:\(port)"]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}
