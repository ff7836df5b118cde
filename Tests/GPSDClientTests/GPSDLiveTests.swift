import Foundation
import GPSDClient
import Logging
import LogbookTestSupport
import Testing
import TrackModel

#if canImport(Glibc)
    import Glibc
#endif

/// The client against a real gpsd (gpsd 3.22 started by gpsfake on a free loopback port), no mocks.
@Suite("GPSDClient with gpsd", .enabled(if: GPSFake.isAvailable, "needs gpsd and gpsfake (scripts/install-deps)"))
struct GPSDLiveTests {
    /// One pass of the drive through gpsd, shared by the tests that only read it.
    struct DriveRun: Sendable {
        var received: [Fix]
        var expected: [Fix]
        var statusWhileConnected: GPSDStatus
        var statusAfterCancel: GPSDStatus
        var secondsToClose: Double
        var streamFinished: Bool
        var port: Int
        var log: [RecordingLogHandler.Entry]
    }

    static let drive = Task<DriveRun, any Error> { try await recordDrive() }

    /// The decoder's epochs with a position, one per time (the last of several with the same time, as
    /// gpsd's last report of an epoch is its fullest): the drive has one epoch sent twice.
    static func expectedEpochs(_ fixes: [Fix]) -> [Fix] {
        var out: [Fix] = []
        for fix in fixes where fix.hasPosition {
            if let last = out.last, last.time == fix.time { out.removeLast() }
            out.append(fix)
        }
        return out
    }

    static func recordDrive() async throws -> DriveRun {
        let expected = expectedEpochs(try GPSFake.decodeNMEA(LiveFixtures.drive))
        let fake = try GPSFake(log: LiveFixtures.drive, cycle: 0.05, once: true)
        defer { fake.stop() }
        let (logger, store) = RecordingLogHandler.logger()
        let client = GPSDClient(endpoint: GPSDEndpoint(host: "127.0.0.1", port: fake.port), logger: logger)
        let collector = FixCollector(client)
        let lastTime = expected.last?.time
        // 14 s of log; a loaded CI machine (the whole suite runs in parallel, gpsd tests among it) can take far longer.
        let complete = await eventually(timeout: 240) { collector.fixes.contains { $0.time == lastTime } }
        guard complete else {
            collector.cancel()
            let count = collector.fixes.count
            throw GPSFake.Failure(description: "the last epoch did not arrive (\(count) fixes); \(fake.diagnostics)")
        }
        // Anything sent twice would be here by now: gpsfake has fed the whole log.
        try await Task.sleep(for: .milliseconds(300))
        let statusWhileConnected = client.status
        collector.cancel()
        let start = Date()
        // The reader thread closes the session by itself: watched from here without waiting on the cooperative
        // pool, which a loaded machine running the whole suite can keep busy for seconds.
        while client.status.connected && Date().timeIntervalSince(start) < 5 { usleep(5_000) }
        let secondsToClose = Date().timeIntervalSince(start)
        _ = await eventually(timeout: 60) { collector.isFinished }
        return DriveRun(
            received: collector.fixes, expected: expected, statusWhileConnected: statusWhileConnected,
            statusAfterCancel: client.status, secondsToClose: secondsToClose,
            streamFinished: collector.isFinished, port: fake.port, log: store.all)
    }

    @Test("the fixture is what the tests assume: 2026, 120 epochs with a position, one of them sent twice")
    func fixture() throws {
        let text = try String(contentsOf: LiveFixtures.drive, encoding: .utf8)
        let lines = text.split(whereSeparator: \.isNewline)
        #expect(lines.filter { $0.hasPrefix("$GPRMC") && $0.contains(",V,") }.count == 20)
        #expect(lines.filter { $0.hasPrefix("$GPRMC") && $0.contains(",A,") }.count == 121)
        #expect(lines.filter { $0.hasPrefix("$GPRMC,002658.00,A,") }.count == 2)
        #expect(lines.allSatisfy { !$0.hasPrefix("$GPRMC") || $0.contains(",170426,") })
        let epochs = Self.expectedEpochs(try GPSFake.decodeNMEA(LiveFixtures.drive))
        #expect(epochs.count == 120)
        #expect(epochs.first?.time?.iso8601 == "2026-04-17T00:25:35.000Z")
        #expect(epochs.last?.time?.iso8601 == "2026-04-17T00:27:34.000Z")
    }

    /// gpsd 3.22 reports the first epoch with a position without a time: GGA comes first and has no
    /// date, and gpsd takes no date from the lead-in's no-fix RMCs; the RMC that brings the date does not
    /// end a cycle gpsd has learned, so gpsd sends no report after it. Every other epoch arrives.
    @Test("fixes through gpsd equal NMEADecoder's fixes of the same log")
    func sameFixesAsDecoder() async throws {
        let run = try await Self.drive.value
        let expected = Array(run.expected.dropFirst())
        let received = run.received.filter(\.hasPosition)
        #expect(received.count == expected.count)
        #expect(received.map(\.time) == expected.map(\.time))
        for (got, want) in zip(received, expected) {
            let time = want.time?.iso8601 ?? "?"
            #expect(abs(got.latitude! - want.latitude!) <= 1e-7, "latitude at \(time)")
            #expect(abs(got.longitude! - want.longitude!) <= 1e-7, "longitude at \(time)")
            #expect(abs((got.speed ?? .nan) - (want.speed ?? .nan)) <= 0.01, "speed at \(time)")
            #expect(abs((got.track ?? .nan) - (want.track ?? .nan)) <= 1e-4, "track at \(time)")
            #expect(abs((got.altitudeMSL ?? .nan) - (want.altitudeMSL ?? .nan)) <= 1e-3, "altitude at \(time)")
            #expect(got.mode == want.mode, "mode at \(time)")
            #expect(got.quality == want.quality, "quality at \(time)")
            // gpsd's eph for an NMEA receiver is HDOP × 19 m: the client turns it back into the GGA's HDOP.
            #expect(got.hdop != nil && got.hdop == want.hdop, "hdop at \(time)")
        }
        // Every delivered epoch has a time, and gpsd's extras are mapped: HAE = MSL + geoid separation.
        // gpsd's DOP-derived error figures are not passed on as if the receiver had measured them.
        #expect(run.received.allSatisfy { $0.time != nil })
        for fix in received {
            #expect(fix.geoidSeparation == 18.0)
            #expect(abs((fix.altitudeHAE ?? .nan) - (fix.altitudeMSL ?? .nan) - 18.0) < 1e-6)
            #expect(fix.eph == nil && fix.epv == nil)
        }
    }

    @Test("each epoch arrives once, in order")
    func eachEpochOnce() async throws {
        let run = try await Self.drive.value
        let times = run.received.compactMap(\.time)
        #expect(!times.isEmpty)
        #expect(Set(times).count == times.count)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test("status follows the session, and cancelling closes it promptly")
    func status() async throws {
        let run = try await Self.drive.value
        #expect(run.statusWhileConnected.connected)
        #expect(run.statusWhileConnected.reconnects == 0)
        #expect(run.statusWhileConnected.connectionAttempts == 1)
        #expect(run.statusWhileConnected.lastError == nil)
        #expect(run.statusWhileConnected.lastFixTime == run.expected.last?.time)
        let age = run.statusWhileConnected.lastFixReceivedAt.map { GPSDStatus.monotonicNow() - $0 }
        #expect(age.map { $0 >= 0 && $0 < 120 } == true)
        #expect(!run.statusAfterCancel.connected)
        #expect(run.streamFinished)
        #expect(run.secondsToClose < 1.5)
    }

    @Test("logs carry dotted metadata, and coordinates only at debug level")
    func logging() async throws {
        let run = try await Self.drive.value
        let connected = run.log.first { $0.message == "Connected to gpsd" }
        #expect(connected?.level == .info)
        #expect(connected?.metadata["gpsd.endpoint"] == "127.0.0.1:\(run.port)")
        #expect(run.log.contains { $0.level == .info && $0.metadata["gps.mode"] == "3D" })
        // The drive is near 60.16° N 24.93° E: no digits of it above debug level.
        for entry in run.log where entry.level > .debug {
            let text = ([entry.message] + entry.metadata.values).joined(separator: " ")
            #expect(!text.contains("60.16") && !text.contains("24.9"), "\(entry.level): \(entry.message)")
        }
        #expect(run.log.contains { $0.level == .debug && $0.metadata["gps.lat"]?.hasPrefix("60.16") == true })
    }

    @Test("reconnects by itself when gpsd is killed and started again on the same port", .timeLimit(.minutes(6)))
    func reconnects() async throws {
        let port = try GPSFake.freePort()
        var fake = try GPSFake(log: LiveFixtures.drive, port: port, cycle: 0.05, once: false)
        let (logger, _) = RecordingLogHandler.logger()
        let client = GPSDClient(endpoint: GPSDEndpoint(port: port), logger: logger, maximumBackoff: 2)
        let collector = FixCollector(client)
        defer { collector.cancel() }
        #expect(await eventually(timeout: 120) { collector.fixes.filter(\.hasPosition).count >= 5 })
        fake.stop(signal: SIGKILL)
        #expect(await eventually(timeout: 60) { !client.status.connected })
        #expect(client.status.lastError != nil)
        let before = collector.fixes.count
        // The receiver goes on: the restarted gpsd reports later epochs (a replay of the same epochs would, rightly,
        // be dropped as already delivered — see GPSDEpochAssembler).
        let later = try LiveFixtures.driveAnHourLater(in: FileManager.default.temporaryDirectory)
        fake = try GPSFake(log: later, port: port, cycle: 0.05, once: false)
        defer { fake.stop() }
        // Fixes queued before the kill may still be draining into the collector: wait for the reconnection
        // itself as well as for new fixes.
        #expect(
            // Generous: on a loaded machine the whole suite's tests share the cooperative pool that polls here.
            await eventually(timeout: 120) {
                client.status.reconnects >= 1 && collector.fixes.filter(\.hasPosition).count >= before + 5
            })
        let status = client.status
        #expect(status.connected)
        #expect(status.reconnects >= 1)
        #expect(status.lastError == nil)
        let all = collector.fixes.compactMap(\.time)
        #expect(Set(all).count == all.count)
        #expect(all.count > before)
    }

    @Test("nothing listening: no crash, not connected, retrying until cancelled")
    func nothingListening() async throws {
        let port = try GPSFake.freePort()
        let (logger, store) = RecordingLogHandler.logger()
        let client = GPSDClient(endpoint: GPSDEndpoint(port: port), logger: logger)
        let started = ContinuousClock.now
        let collector = FixCollector(client)
        try await Task.sleep(for: .seconds(2))
        let status = client.status
        let elapsed =
            Double((ContinuousClock.now - started).components.seconds)
            + Double((ContinuousClock.now - started).components.attoseconds) * 1e-18
        #expect(!status.connected)
        // Attempts at 0, 0.5, 1.5, 3.5, 7.5 … s (backoff 0.5 s, doubling, at most the client's 30 s): within
        // `elapsed` (2 s on an idle machine; once over 100 s when the loaded pool starved the sleep) at most the
        // attempts that schedule puts before it.
        var most = 0
        var at = 0.0
        var wait = 0.5
        while at <= elapsed {
            most += 1
            at += wait
            wait = min(wait * 2, client.maximumBackoff)
        }
        #expect(
            status.connectionAttempts >= 2 && status.connectionAttempts <= most,
            "\(status.connectionAttempts) in \(elapsed) s")
        #expect(status.reconnects == 0)
        #expect(status.lastError?.isEmpty == false)
        #expect(collector.fixes.isEmpty)
        #expect(store.all.filter { $0.level == .warning }.count == 1)  // the first failure; retries at debug
        collector.cancel()
        #expect(await eventually(timeout: 2) { collector.isFinished })
        let attempts = client.status.connectionAttempts
        try await Task.sleep(for: .seconds(2.5))
        #expect(client.status.connectionAttempts == attempts)  // the reader thread has stopped
    }
}
