import Foundation
import LogbookStore
import LogbookTestSupport
import Testing
import TrackModel

#if canImport(Glibc)
    import Glibc
#endif

/// Two `logbook serve` processes on one log (issue 30 §4), as a fleet runs them behind a load balancer: a phone's
/// batches reach first one server, then the other; the outbox is delivered by both; one is killed with SIGKILL in
/// the middle of a delivery. Every trip is made once, every message arrives once. On an SQLite file and on a PostgreSQL
/// database of the test cluster (the servers on their own pools, the test's `AppDatabase` on a pool of its own).
@Suite(.serialized) struct TwoServersTests {
    struct Servers {
        let log: IsolatedLog
        let token: String
        let config: String

        /// A vehicle with a phone; `[server]` leases of 2 s, the outbox delivered every second with claims of 4 s.
        init(mailPort: Int, kind: LogKind) throws {
            log = try IsolatedLog(kind)
            try log.run(["vehicles", "add", "--plate", "ABC1"])
            let added = try #require(
                try log.json(["devices", "add", "phone", "--vehicle", "ABC1"]) as? [String: Any])
            token = try #require(added["token"] as? String)
            config = try log.dir.write(
                "serve.toml",
                Array(
                    (log.databaseSection
                        + """
                        [server]
                        device_lease = 2
                        outbox_interval = 1
                        outbox_claim = 4

                        [mail]
                        host = "127.0.0.1"
                        port = \(mailPort)
                        tls = "none"
                        from = "logbook@example.org"
                        timeout = 60
                        """).utf8))
        }

        /// The log in this process, as the servers see it.
        func open() throws -> AppDatabase {
            if let cluster = log.cluster { return try cluster.open() }
            return try AppDatabase.open(path: log.database)
        }

        func start() throws -> (DaemonProcess, Int) {
            let port = try GPSFake.freePort()
            let server = try DaemonProcess(
                ["--listen", "127.0.0.1:\(port)", "--database", log.database, "--config", config], command: "serve")
            let up = waitUntil(timeout: 30) { server.log.contains("Serving") }
            #expect(up, "the server did not start: \(server.log)")
            return (server, port)
        }

        /// Posts positions as the Overland app does; the server's answer status.
        func post(_ positions: ArraySlice<Fix>, to port: Int) throws -> Int {
            let features: [[String: Any]] = positions.map { fix in
                [
                    "type": "Feature",
                    "geometry": ["type": "Point", "coordinates": [fix.longitude!, fix.latitude!]],
                    "properties": [
                        "timestamp": fix.time!.iso8601, "speed": fix.speed ?? 0, "horizontal_accuracy": fix.eph ?? 5,
                    ] as [String: Any],
                ]
            }
            let body = try JSONSerialization.data(withJSONObject: ["locations": features])
            let file = try log.dir.write("batch.json", body)
            let result = try CLIRunner.runExecutable(
                URL(fileURLWithPath: "/usr/bin/curl"),
                [
                    "-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Authorization: Bearer \(token)", "-H",
                    "Content-Type: application/json", "--data-binary", "@\(file)",
                    "http://127.0.0.1:\(port)/ingest/overland",
                ])
            return Int(result.stdout) ?? 0
        }
    }

    /// A drive with its truth: park 5 min, drive ~15 min, park 10 min (the engine ends the trip on the fixes).
    static func drive() -> (fixes: [Fix], start: Double, end: Double, distance: Double) {
        var builder = ScenarioBuilder(
            options: .init(
                rate: 1, doppler: true, eph: 5, hdop: nil,
                noise: .init(white: 1.5, drift: 2, driftTime: 120, driftBound: 4, speed: 0.15), seed: 30))
        builder.stand(300)
        let go = builder.accelerate(20, to: 14)
        builder.drive(6_000, turnRate: 0.02)
        let stop = builder.accelerate(20, to: 0)
        builder.stand(600)
        return (builder.fixes, go.start, stop.end, stop.endDistance - go.startDistance)
    }

    @Test(
        "a phone that moves from one server to the other mid-drive: one trip, the drive's, made once",
        arguments: LogKind.available)
    func deviceMoves(_ kind: LogKind) throws {
        let servers = try Servers(mailPort: try GPSFake.freePort(), kind: kind)
        let (a, portA) = try servers.start()
        let (b, portB) = try servers.start()
        defer {
            a.stop()
            b.stop()
        }
        let drive = Self.drive()
        let batches = stride(from: 0, to: drive.fixes.count, by: 100).map {
            drive.fixes[$0..<min($0 + 100, drive.fixes.count)]
        }
        // The first half to a; a moment of both (b stores, a runs the engine); then, after a's lease has run out,
        // the rest to b, which takes the engine over from the log.
        let half = batches.count / 2
        for batch in batches[..<half] { #expect(try servers.post(batch, to: portA) == 200) }
        #expect(try servers.post(batches[half], to: portB) == 200)
        #expect(try servers.post(batches[half + 1], to: portA) == 200)
        usleep(2_500_000)
        for batch in batches[(half + 2)...] { #expect(try servers.post(batch, to: portB) == 200) }

        let database = try servers.open()
        let trips = try database.trips(vehicle: "ABC1", includeTracks: false).filter { !$0.voided }
        #expect(trips.count == 1, "\(trips.map { ($0.start, $0.end, $0.distance) })")
        if let trip = trips.first {
            #expect(abs(trip.start.secondsSince1970 - drive.start) <= 60)
            #expect(abs(trip.end.secondsSince1970 - drive.end) <= 60)
            #expect(abs(trip.distance - drive.distance) <= 0.02 * drive.distance)
        }
        let device = try #require(try database.device(name: "phone").id)
        let lease = try #require(try database.deviceLease(deviceID: device))
        #expect(lease.epoch == 2, "the engine changed servers once")
        #expect(try database.deviceSummaries().first?.positions == drive.fixes.count)
        let near = [drive.fixes[0].latitude!, drive.fixes[0].longitude!].map { String(format: "%.1f", $0) }
        for log in [a.log, b.log] { #expect(!LogText.mentionsCoordinate(log, like: near), "\(log)") }
    }

    @Test(
        "a server killed mid-delivery: the other delivers the message, once; two servers deliver 20 messages once each",
        arguments: LogKind.available)
    func deliveries(_ kind: LogKind) throws {
        // A mail server that hangs in the first delivery and takes 0.2 s over each message: a pass over 20 messages
        // lasts 4 s, so the two servers' passes (every second) overlap.
        let sink = try SMTPSink(stallFirstRecipient: 30, dataDelay: 0.2)
        let servers = try Servers(mailPort: sink.port, kind: kind)
        let database = try servers.open()
        func enqueue(_ subject: String) throws -> Int64 {
            try #require(
                try database.enqueueMail(
                    sender: "logbook@example.org", recipients: ["office@example.org"], messageID: "<\(subject)@test>",
                    subject: subject,
                    message: Array(
                        "From: logbook@example.org\r\nTo: office@example.org\r\nSubject: \(subject)\r\nMessage-ID: <\(subject)@test>\r\n\r\n\(subject)\r\n"
                            .utf8)))
        }
        let first = try enqueue("first")
        // Server a claims it and hangs in the mail server's RCPT; it is killed there.
        let (a, _) = try servers.start()
        #expect(waitUntil(timeout: 20) { sink.diagnostics.contains("stalling") }, "\(sink.diagnostics)")
        #expect(a.stop(signal: SIGKILL) != nil)
        #expect(try database.outbox(status: .pending).map(\.id) == [first])

        // b finds a's claim left by a process that is gone and delivers the message.
        let (b, _) = try servers.start()
        let (c, _) = try servers.start()
        defer {
            b.stop()
            c.stop()
        }
        #expect(waitUntil(timeout: 20) { sink.receivedCount >= 1 })
        // Twenty more, delivered by b and c at once.
        let more = try (1...20).map { try enqueue("m\($0)") }
        #expect(waitUntil(timeout: 60) { sink.receivedCount >= 21 })
        usleep(6_000_000)  // longer than a pass and a claim: a second copy would have come by now
        let received = try sink.messages(count: sink.receivedCount)
        let subjects = received.map { message in
            String(decoding: message.bytes, as: UTF8.self).split(separator: "\r\n")
                .first { $0.hasPrefix("Subject: ") }.map { String($0.dropFirst("Subject: ".count)) } ?? ""
        }
        #expect(subjects.count == 21)
        #expect(Set(subjects) == Set(["first"] + (1...20).map { "m\($0)" }))
        let sent = try database.outbox(status: .sent).map(\.id)
        #expect(Set(sent) == Set([first] + more))
    }
}
