import Foundation
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

    /// Seconds from `start` until the server closes `connection` (at most `limit` seconds), or `nil`.
    static func secondsUntilClosed(
        _ connection: RawConnection, since start: ContinuousClock.Instant, limit: Double
    ) async throws -> Double? {
        guard try await connection.closedByServer(within: .seconds(limit) - (ContinuousClock.now - start)) else {
            return nil
        }
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    static func healthz(_ port: Int) async throws -> Int {
        let connection = try RawConnection(port: port)
        try await connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        return try await connection.response(timeout: .seconds(5)).status
    }

    @Test("half a head, a slowloris, a head without its body and an idle connection are closed when their time is up")
    func deadlines() async throws {
        let h = try ServerHarness()
        let token = h.tokens["boss"]!
        let (results, health, errors) = try await LiveServer.run(Self.environment(h)) { port, log in
            let start = ContinuousClock.now
            let halfHead = try RawConnection(port: port)
            try await halfHead.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            let slowloris = try RawConnection(port: port)
            let noBody = try RawConnection(port: port)
            try await noBody.send(
                "POST /api/v1/trips HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"vehi")
            let keptAlive = try RawConnection(port: port)
            try await keptAlive.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let first = try await keptAlive.response(timeout: .seconds(5)).status
            let answered = ContinuousClock.now

            return try await withThrowingTaskGroup(of: (String, Double?).self) { group in
                group.addTask { ("half head", try await Self.secondsUntilClosed(halfHead, since: start, limit: 10)) }
                group.addTask {
                    // One byte every half second, for up to 10 seconds: the head's deadline still holds.
                    let request =
                        Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
                        + [UInt8](repeating: UInt8(ascii: "a"), count: 40)
                    for byte in request {
                        do { try await slowloris.send([byte]) } catch { break }
                        if try await slowloris.closedByServer(within: .milliseconds(500)) { break }
                    }
                    return ("slowloris", try await Self.secondsUntilClosed(slowloris, since: start, limit: 12))
                }
                group.addTask { ("no body", try await Self.secondsUntilClosed(noBody, since: start, limit: 10)) }
                group.addTask {
                    ("idle", try await Self.secondsUntilClosed(keptAlive, since: answered, limit: 10))
                }
                // Meanwhile, the server answers others.
                try await Task.sleep(for: .milliseconds(500))
                var health = [first]
                for _ in 0..<3 {
                    health.append(try await Self.healthz(port))
                    try await Task.sleep(for: .milliseconds(400))
                }
                var results: [String: Double?] = [:]
                for try await (name, seconds) in group { results[name] = seconds }
                return (results, health, log.errors.map { "\($0.message) \($0.metadata)" })
            }
        }
        #expect(health == [200, 200, 200, 200])
        // Closed at their deadline (from the opening, from the response for the idle one), not before, not much after.
        for (name, deadline) in [("half head", Self.header), ("slowloris", Self.header), ("no body", Self.body)] {
            let seconds = results[name] ?? nil
            #expect(seconds != nil, "\(name): still open after 10 s")
            if let seconds { #expect(seconds >= deadline - 0.3 && seconds < deadline + 3, "\(name): \(seconds) s") }
        }
        let idle = results["idle"] ?? nil
        #expect(idle != nil, "the idle connection is still open after 10 s")
        if let idle { #expect(idle >= Self.idle - 0.3 && idle < Self.idle + 3, "idle: \(idle) s") }
        #expect(errors.isEmpty, "logged as errors: \(errors)")
    }

    @Test("a body that keeps coming at the minimum rate is read in full, however long it takes")
    func slowButSteadyBody() async throws {
        let h = try ServerHarness()
        let token = h.tokens["boss"]!
        let status = try await LiveServer.run(Self.environment(h)) { port, _ in
            // 6 KiB at 2 KiB/s: 3 s, longer than the 2 s body deadline alone, within it plus 1 s per 1 KiB.
            let body =
                Array(#"{"plate":""#.utf8) + [UInt8](repeating: UInt8(ascii: "A"), count: 6_144 - 12)
                + Array(#""}"#.utf8)
            let connection = try RawConnection(port: port)
            try await connection.send(
                "POST /api/v1/vehicles HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n")
            for start in stride(from: 0, to: body.count, by: 512) {
                try await connection.send(Array(body[start..<min(start + 512, body.count)]))
                try await Task.sleep(for: .milliseconds(250))
            }
            return try await connection.response(timeout: .seconds(10)).status
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
        let outcome = try await LiveServer.run(environment, connectionReport: .seconds(60)) { port, log in
            // 40 connections that send nothing.
            var idle: [RawConnection] = []
            for _ in 0..<40 {
                idle.append(try RawConnection(port: port))
                try await Task.sleep(for: .milliseconds(10))
            }
            try await Task.sleep(for: .milliseconds(500))
            let heldIdle = try serverConnections(port: port)
            let openIdle = idle.filter(\.isOpen).count
            // The first ones were closed to make room, the last ones kept.
            let lastKept = idle.suffix(10).allSatisfy(\.isOpen)
            let normal = try await Self.healthz(port)

            // Now 20 connections each with a request under way: nothing idle to close, so a new one is refused.
            var busy: [RawConnection] = []
            for _ in 0..<cap {
                let connection = try RawConnection(port: port)
                try await connection.send("GET /healthz HTTP/1.1\r\n")
                busy.append(connection)
                try await Task.sleep(for: .milliseconds(10))
            }
            try await Task.sleep(for: .milliseconds(500))
            let heldBusy = try serverConnections(port: port)
            let busyOpen = busy.filter(\.isOpen).count
            let refused = try RawConnection(port: port)
            let refusedAtOnce = try await refused.closedByServer(within: .seconds(1))
            let capLines = log.all.filter { $0.message.hasPrefix("Connections at the cap") }
            return (
                heldIdle, openIdle, lastKept, normal, heldBusy, busyOpen, refusedAtOnce, capLines,
                log.errors.map { "\($0.message) \($0.metadata)" }
            )
        }
        let (heldIdle, openIdle, lastKept, normal, heldBusy, busyOpen, refusedAtOnce, capLines, errors) = outcome
        #expect(heldIdle <= cap && heldIdle >= cap - 1, "the server holds \(heldIdle) connections, \(openIdle) open")
        #expect(openIdle <= cap, "\(openIdle) of 40 idle connections still open")
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

    @Test("what the cap refuses is all counted: at once, then the rest when the interval ends, in two lines")
    func capReportCountsEveryRefusal() async throws {
        let h = try ServerHarness()
        var environment = Self.environment(h, cap: 2)
        environment.settings.headerTimeout = 60
        let lines = try await LiveServer.run(environment, connectionReport: .seconds(1)) { port, log in
            var held: [RawConnection] = []
            for _ in 0..<2 {
                let connection = try RawConnection(port: port)
                try await connection.send("GET /healthz HTTP/1.1\r\n")
                held.append(connection)
            }
            try await Task.sleep(for: .milliseconds(300))
            var refusedAtOnce = 0
            for _ in 0..<5 {
                let refused = try RawConnection(port: port)
                if try await refused.closedByServer(within: .seconds(1)) { refusedAtOnce += 1 }
            }
            #expect(refusedAtOnce == 5)
            try await Task.sleep(for: .milliseconds(1_500))
            let kept = held.filter(\.isOpen).count
            #expect(kept == 2, "the connections under way were closed")
            return log.all.filter { $0.message.hasPrefix("Connections at the cap") }
        }
        #expect(lines.count == 2, "\(lines.map(\.metadata))")
        #expect(lines.compactMap { $0.metadata["connections.refused"].flatMap { Int($0) } } == [1, 4])
    }
}
