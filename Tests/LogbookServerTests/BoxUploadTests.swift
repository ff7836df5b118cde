import Foundation
import LogbookServer
import LogbookServices
import LogbookStore
import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// A vehicle box that reports to a central server (`[upload]`): its fixes wait in its log's queue through a time
/// without network, `logbook upload` sends them in batches, nothing is stored twice, and the server's trips for the
/// vehicle are the box's own.
@Suite("Box upload")
struct BoxUploadTests {
    /// Two drives with stops, as a gpsd box reports them (Doppler, eph): park, drive 12 min, park 10 min, drive 6 min,
    /// park 10 min.
    static func fixes() -> [Fix] {
        var builder = ScenarioBuilder(
            start: Timestamp(secondsSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 - 7_200),
            options: .init(
                rate: 1, doppler: true, eph: 4, hdop: 0.9,
                noise: .init(white: 1, drift: 1.5, driftTime: 120, driftBound: 3, speed: 0.1), seed: 21))
        builder.stand(300)
        builder.accelerate(20, to: 15)
        builder.drive(700, turnRate: 0.05)
        builder.accelerate(20, to: 0)
        builder.stand(600)
        builder.accelerate(15, to: 12)
        builder.drive(330, turnRate: -0.08)
        builder.accelerate(15, to: 0)
        builder.stand(600)
        return builder.fixes
    }

    @Test("a day without network loses nothing, a batch sent again is stored once, the trips are the box's")
    func upload() async throws {
        let harness = try ServerHarness()
        let context = ServiceContext(
            database: harness.database, caller: .terminal, clock: LocalClock(identifier: "UTC"))
        let token = try DeviceService(context).add(name: "box-abc1", vehicle: "ABC1").token

        // The box: its own log, its own engine, every fix queued as the daemon does.
        let box = try TemporaryDirectory()
        let boxLog = try AppDatabase.open(path: box.path("box.sqlite"))
        let fixes = Self.fixes()
        var engine = TripEngine(configuration: EngineConfiguration())
        var boxTrips: [Trip] = []
        for fix in fixes {
            try boxLog.queueUpload(fix)
            for case .tripEnded(let trip) in engine.ingest(fix) { boxTrips.append(trip) }
        }
        #expect(boxTrips.count == 2)
        #expect(try boxLog.queuedUploadCount() == fixes.count)
        let tokenFile = try box.write("device-token", Array((token + "\n").utf8))
        chmod(tokenFile, 0o600)

        let folder = box.path("")
        let database = box.path("box.sqlite")
        @Sendable func upload(to url: String) throws -> CLIRunner.Result {
            let config = folder + "/logbook.toml"
            try Data("[upload]\nurl = \"\(url)\"\ntoken_file = \"\(tokenFile)\"\nbatch = 400\n".utf8).write(
                to: URL(fileURLWithPath: config))
            return try CLIRunner.run(["upload", "--database", database, "--config", config])
        }

        // No network: nothing leaves the queue.
        let offline = try upload(to: "http://127.0.0.1:9")
        #expect(offline.status == 75, "\(offline.stderr)")
        #expect(try boxLog.queuedUploadCount() == fixes.count)
        #expect(!offline.stderr.contains(token))

        try await LiveServer.run(harness.environment) { port, _ in
            try await onThread {
                let sent = try upload(to: "http://127.0.0.1:\(port)")
                #expect(sent.status == 0, "\(sent.stderr)")
                #expect(try boxLog.queuedUploadCount() == 0)
                // The answer to a batch was lost: the box sends the first 400 fixes again.
                for fix in fixes.prefix(400) { try boxLog.queueUpload(fix) }
                let again = try upload(to: "http://127.0.0.1:\(port)/ingest/overland")
                #expect(again.status == 0, "\(again.stderr)")
                // A wrong token: 401, and the queue keeps its positions.
                try boxLog.queueUpload(fixes[0])
                try Data("not-the-token\n".utf8).write(to: URL(fileURLWithPath: tokenFile))
                chmod(tokenFile, 0o600)
                let refused = try upload(to: "http://127.0.0.1:\(port)")
                #expect(refused.status == 77, "\(refused.stderr)")
                #expect(try boxLog.queuedUploadCount() == 1)
            }
        }

        let device = try harness.database.device(name: "box-abc1")
        #expect(try harness.database.devicePositions(deviceID: device.id!).count == fixes.count)
        let serverTrips = try harness.database.trips(vehicle: "ABC1", includeTracks: false).filter {
            !$0.voided && $0.start.secondsSince1970 >= fixes[0].time!.secondsSince1970
        }.sorted { $0.start < $1.start }
        #expect(serverTrips.count == boxTrips.count)
        for (server, own) in zip(serverTrips, boxTrips) {
            #expect(abs(server.start - own.start) <= 2)
            #expect(abs(server.end - own.end) <= 2)
            #expect(abs(server.distance - own.distance) <= 0.005 * own.distance)
        }
    }
}
