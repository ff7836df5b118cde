import Foundation
import LogbookTestSupport
import LogbookServer
import Logging
import NIOCore
import Testing

/// Slow clients and too many connections (issue 25): a client that never finishes its request's head (or dribbles
/// it), never sends its body, or idles on a kept-alive connection is closed when its time is up, and the server
/// holds at most `max_connections`. A live server on loopback, real sockets, small deadlines.
@Suite(.serialized) struct SlowClientTests {
    static let header = 2.0
    static let body = 2.0
    static let idle = 3.0

    static func environment(_ h: ServerHarness, cap: Int = 512) -> ServerEnvironment {
        var environment = h.environment
        environment.settings.headerTimeout = header
        environment.settings.bodyTimeout = body
        environment.settings.bodyMinimumRate = 1_024
        environment.settings.idleTimeout = idle
        environment.settings.maxConnections = cap
        return environment
    }

    /// Seconds from `start` until the server closes `connection` (waiting at most `limit` seconds), or `nil`.
    static func secondsUntilClosed(
        _ connection: RawConnection, since start: ContinuousClock.Instant, limit: Double
    ) -> Double? {
        connection.closedByServer(within: .seconds(limit) - (ContinuousClock.now - start)) ? seconds(since: start) : nil
    }

    static func healthz(_ port: Int) throws -> Int {
        let connection = try RawConnection(port: port)
        try connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        return try connection.response(timeout: .seconds(20)).status
    }

    @Test("half a head, a slowloris, a head without its body and an idle connection are closed when their time is up")
    func deadlines() async throws {
        let h = try ServerHarness()
        let token = h.tokens["boss"]!
        let (results, health, errors) = try await LiveServer.run(Self.environment(h)) { port, log in
            // Each client on a thread of its own, measuring its own time.
            async let halfHead = onThread {
                let start = ContinuousClock.now
                let connection = try RawConnection(port: port)
                try connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                return Self.secondsUntilClosed(connection, since: start, limit: 30)
            }
            async let slowloris = onThread {
                // One byte every half second, for up to 20 seconds: the head's deadline still holds.
                let start = ContinuousClock.now
                let connection = try RawConnection(port: port)
                let request =
                    Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
                    + [UInt8](repeating: UInt8(ascii: "a"), count: 40)
                for byte in request {
                    do { try connection.send([byte]) } catch { break }
                    if connection.closedByServer(within: .milliseconds(500)) { break }
                }
                return Self.secondsUntilClosed(connection, since: start, limit: 30)
            }
            async let noBody = onThread {
                let start = ContinuousClock.now
                let connection = try RawConnection(port: port)
                try connection.send(
                    "POST /api/v1/trips HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
                        + "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"vehi")
                return Self.secondsUntilClosed(connection, since: start, limit: 30)
            }
            async let idle = onThread { () -> (Int, Double?) in
                let connection = try RawConnection(port: port)
                try connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let first = try connection.response(timeout: .seconds(20)).status
                return (first, Self.secondsUntilClosed(connection, since: .now, limit: 30))
            }
            // Meanwhile, the server answers others.
            let health = try await onThread {
                var health: [Int] = []
                for _ in 0..<3 {
                    usleep(400_000)
                    health.append(try Self.healthz(port))
                }
                return health
            }
            let (first, idleSeconds) = try await idle
            let results: [String: Double?] = [
                "half head": try await halfHead, "slowloris": try await slowloris, "no body": try await noBody,
                "idle": idleSeconds,
            ]
            return (results, [first] + health, log.errors.map { "\($0.message) \($0.metadata)" })
        }
        #expect(health == [200, 200, 200, 200])
        // Closed at their deadline (from the opening; from the response for the idle one), not before, and not
        // long after. The margin is wide because CI runs this beside hundreds of other tests on two cores (an idle
        // close came 9.7 s late there once); a connection nothing closes stays open for the whole 30 s.
        for (name, deadline) in [
            ("half head", Self.header), ("slowloris", Self.header), ("no body", Self.body), ("idle", Self.idle),
        ] {
            let seconds = results[name] ?? nil
            #expect(seconds != nil, "\(name): still open after 30 s")
            if let seconds { #expect(seconds >= deadline - 0.3 && seconds < deadline + 20, "\(name): \(seconds) s") }
        }
        #expect(errors.isEmpty, "logged as errors: \(errors)")
    }

    @Test("a body that keeps coming at the minimum rate is read in full, however long it takes")
    func slowButSteadyBody() async throws {
        let h = try ServerHarness()
        let token = h.tokens["boss"]!
        let status = try await LiveServer.run(Self.environment(h)) { port, _ in
            try await onThread {
                // 6 KiB at 2 KiB/s: 3 s, longer than the 2 s body deadline alone, within it plus 1 s per 1 KiB.
                let body =
                    Array(#"{"plate":""#.utf8) + [UInt8](repeating: UInt8(ascii: "A"), count: 6_144 - 12)
                    + Array(#""}"#.utf8)
                let connection = try RawConnection(port: port)
                try connection.send(
                    "POST /api/v1/vehicles HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
                        + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n")
                for start in stride(from: 0, to: body.count, by: 512) {
                    try connection.send(Array(body[start..<min(start + 512, body.count)]))
                    usleep(250_000)
                }
                return try connection.response(timeout: .seconds(20)).status
            }
        }
        // Read to its end and answered (the plate is refused for its length, not the connection for its pace).
        #expect((400..<500).contains(status) && status != 408, "\(status)")
    }

    @Test("at the cap, new connections close the longest idle ones or are refused; a normal request is answered")
    func connectionCap() async throws {
        let h = try ServerHarness()
        let cap = 20
        var environment = Self.environment(h, cap: cap)
        environment.settings.headerTimeout = 60
        environment.settings.idleTimeout = 60
        // An hour between reports: the test's own steps take over a minute on a loaded machine, and one line is asked.
        let outcome = try await LiveServer.run(environment, connectionReport: .seconds(3_600)) { port, log in
            let client = try await onThread { () -> (Int, Int, Bool, Int, Int, Int, Bool) in
                // 40 connections that send nothing.
                var idle: [RawConnection] = []
                for _ in 0..<40 {
                    idle.append(try RawConnection(port: port))
                    usleep(10_000)
                }
                // Until the server has accepted them all (the kernel holds them until then).
                _ = try eventually(within: .seconds(90)) {
                    try serverConnections(port: port, from: idle) <= cap && idle.filter(\.isOpen).count <= cap
                }
                let heldIdle = try serverConnections(port: port, from: idle)
                let openIdle = idle.filter(\.isOpen).count
                // The first ones were closed to make room, the last ones kept.
                let lastKept = idle.suffix(10).allSatisfy(\.isOpen)
                let normal = try Self.healthz(port)

                // Now 20 connections each with a request under way: nothing idle to close, so a new one is refused.
                var busy: [RawConnection] = []
                for _ in 0..<cap {
                    let connection = try RawConnection(port: port)
                    try connection.send("GET /healthz HTTP/1.1\r\n")
                    busy.append(connection)
                    usleep(10_000)
                }
                _ = try eventually(within: .seconds(90)) {
                    try serverConnections(port: port, from: idle + busy) <= cap && idle.allSatisfy { !$0.isOpen }
                }
                usleep(500_000)
                let heldBusy = try serverConnections(port: port, from: idle + busy)
                let busyOpen = busy.filter(\.isOpen).count
                let refused = try RawConnection(port: port)
                let refusedAtOnce = refused.closedByServer(within: .seconds(5))
                return (heldIdle, openIdle, lastKept, normal, heldBusy, busyOpen, refusedAtOnce)
            }
            let capLines = log.all.filter { $0.message.hasPrefix("Connections at the cap") }
            return (client, capLines, log.errors.map { "\($0.message) \($0.metadata)" })
        }
        let ((heldIdle, openIdle, lastKept, normal, heldBusy, busyOpen, refusedAtOnce), capLines, errors) = outcome
        #expect(heldIdle == cap, "the server holds \(heldIdle) connections, \(openIdle) open")
        #expect(openIdle == cap, "\(openIdle) of 40 idle connections still open")
        #expect(lastKept, "the newest idle connections were closed, not the oldest")
        #expect(normal == 200)
        #expect(heldBusy <= cap, "the server holds \(heldBusy) connections")
        #expect(busyOpen == cap, "\(busyOpen) of \(cap) requests under way kept")
        #expect(refusedAtOnce, "a connection over the cap is not closed at once")
        // Counted once per interval, without addresses.
        #expect(capLines.count == 1, "\(capLines.map(\.message))")
        #expect(capLines.allSatisfy { !$0.metadata.values.contains { $0.contains("127.0.0.1") } })
        #expect(capLines.first?.level == .warning)
        #expect(errors.isEmpty, "logged as errors: \(errors)")
    }

    @Test("what the cap refuses is all counted: at once, then the rest when the interval ends")
    func capReportCountsEveryRefusal() async throws {
        let h = try ServerHarness()
        var environment = Self.environment(h, cap: 2)
        environment.settings.headerTimeout = 60
        let (refusedAtOnce, kept, lines) = try await LiveServer.run(environment, connectionReport: .seconds(2)) {
            port, log in
            let (refusedAtOnce, kept) = try await onThread { () -> (Int, Int) in
                var held: [RawConnection] = []
                for _ in 0..<2 {
                    let connection = try RawConnection(port: port)
                    try connection.send("GET /healthz HTTP/1.1\r\n")
                    held.append(connection)
                }
                usleep(1_000_000)
                var refusedAtOnce = 0
                for _ in 0..<5 {
                    let refused = try RawConnection(port: port)
                    if refused.closedByServer(within: .seconds(5)) { refusedAtOnce += 1 }
                }
                // The rest of the count comes when the interval ends, though nothing more happens.
                _ = try eventually {
                    log.all.filter { $0.message.hasPrefix("Connections at the cap") }.count >= 2
                }
                return (refusedAtOnce, held.filter(\.isOpen).count)
            }
            return (refusedAtOnce, kept, log.all.filter { $0.message.hasPrefix("Connections at the cap") })
        }
        #expect(refusedAtOnce == 5)
        #expect(kept == 2, "the connections under way were closed")
        let refused = lines.compactMap { $0.metadata["connections.refused"].flatMap { Int($0) } }
        #expect(refused.first == 1 && refused.reduce(0, +) == 5 && (2...3).contains(refused.count), "\(refused)")
    }
}
