import Foundation
import LogbookTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `logbook hours sync` against a payroll endpoint on 127.0.0.1 (`PayrollServer`) that fails, drops, stalls and
/// refuses: every change must arrive exactly once by its idempotency key, in order per shift, and the receiver
/// must end with the shifts the log has.
@Suite("hours sync to the payroll system", .serialized)
struct HoursSyncTests {
    /// A log with a driver and `[hours]` pointing at `server` (timeout 1 s).
    static func makeLog(_ server: PayrollServer) throws -> (IsolatedLog, [String: String]) {
        try HoursCommandTests.makeLog(
            """
            endpoint = "\(server.endpoint)"
            token_file = "\(try server.tokenFile())"
            timeout = 1
            """)
    }

    /// A working month of changes: five shifts added, three edited (one twice), one deleted — 10 changes.
    static func makeChanges(_ log: IsolatedLog, _ env: [String: String]) throws {
        for day in 2...6 {
            try log.run(
                [
                    "hours", "add", "--date", "2026-11-0\(day)", "--start", "07:00", "--end", "15:00", "--vehicle",
                    "ABC1",
                ],
                environment: env)
        }
        try log.run(["hours", "edit", "1", "--end", "16:00"], environment: env)
        try log.run(["hours", "edit", "2", "--break", "45"], environment: env)
        try log.run(["hours", "delete", "3"], environment: env)
        try log.run(["hours", "edit", "1", "--message", "Tour B"], environment: env)
        try log.run(["hours", "edit", "5", "--start", "06:30"], environment: env)
    }

    /// The queue as `hours status --format json` shows it, oldest first.
    static func localChanges(_ log: IsolatedLog, _ env: [String: String]) throws -> [[String: Any]] {
        let document = try #require(
            try log.json(["hours", "status", "--limit", "1000"] + [], expect: 0, environment: env) as? [String: Any])
        let changes = try #require(document["changes"] as? [[String: Any]])
        return changes.sorted { ($0["id"] as? Int ?? 0) < ($1["id"] as? Int ?? 0) }
    }

    /// Runs `hours sync` until it exits 0 (at most `tries` times); every run must exit 0 or 75.
    static func syncUntilDone(_ log: IsolatedLog, _ env: [String: String], tries: Int = 20) throws -> [Int32] {
        var statuses: [Int32] = []
        for _ in 0..<tries {
            let result = try CLIRunner.run(
                ["hours", "sync", "--database", log.database, "--timezone", "UTC"], environment: env)
            #expect([0, 75].contains(result.status), "\(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"))
            statuses.append(result.status)
            if result.status == 0 { break }
        }
        return statuses
    }

    /// The receiver holds exactly the log's shifts (id, start, end, break, message), each change applied once and
    /// each shift's changes in the order they were made.
    static func expectAgreement(_ log: IsolatedLog, _ env: [String: String], _ state: PayrollServer.State) throws {
        let local = try localChanges(log, env)
        #expect(local.allSatisfy { $0["state"] as? String == "sent" }, "\(local)")
        let keys = local.compactMap { $0["idempotency_key"] as? String }
        #expect(keys.count == local.count)
        #expect(state.applied.map(\.key).sorted() == keys.sorted(), "each change applied once")
        #expect(Set(state.applied.map(\.key)).count == state.applied.count)
        for shift in Set(local.compactMap { $0["shift_id"] as? String }) {
            let made = local.filter { $0["shift_id"] as? String == shift }.compactMap {
                $0["idempotency_key"] as? String
            }
            let applied = state.applied.filter { $0.shift == shift }.map(\.key)
            #expect(applied == made, "shift \(shift): applied in another order than made")
        }
        let listed = try #require(
            try log.json(["hours", "list", "--period", "2026-11-15"], environment: env) as? [String: Any])
        let shifts = try #require(listed["shifts"] as? [[String: Any]])
        #expect(Set(state.shifts.keys) == Set(shifts.compactMap { $0["id"] as? String }))
        for shift in shifts {
            let id = try #require(shift["id"] as? String)
            let sent = try #require(state.shifts[id])
            #expect(sent["start"]?.string == shift["start"] as? String)
            #expect(sent["end"]?.string == shift["end"] as? String)
            #expect(sent["break_minutes"]?.number == (shift["break_minutes"] as? Int).map(Double.init))
            #expect(sent["message"]?.string == shift["message"] as? String)
            #expect(sent["driver"]?.string == "anna")
        }
    }

    @Test("503s, a dropped connection and a slow answer: every change arrives once, in order; the receiver agrees")
    func faultyReceiver() throws {
        // Requests 1–3 get 503, request 5 is applied and its connection dropped, request 8 is applied and
        // answered after 3 s (past the 1 s timeout): the client must retry all of them, and the receiver must see
        // the retried keys of 5 and 8 as duplicates, not as new changes.
        let server = try PayrollServer(faults: [
            "--fail-first", "3", "--drop", "5", "--slow", "8", "--slow-seconds", "3",
        ])
        defer { server.stop() }
        let (log, env) = try Self.makeLog(server)
        try Self.makeChanges(log, env)
        #expect(try Self.localChanges(log, env).count == 10)
        #expect(try Self.localChanges(log, env).allSatisfy { $0["state"] as? String == "pending" })

        let statuses = try Self.syncUntilDone(log, env)
        #expect(statuses.first == 75, "the first pass meets the 503s")
        #expect(statuses.last == 0, "\(statuses) \(server.diagnostics.suffix(2_000))")
        let state = try server.state()
        #expect(state.faults["503"] == 3 && state.faults["dropped"] == 1 && state.faults["slow"] == 1)
        #expect(state.duplicates.count == 2, "the dropped and the slow change were sent again: \(state.duplicates)")
        try Self.expectAgreement(log, env, state)
        // The deleted shift is gone from the receiver, and nothing is left to send.
        #expect(state.shifts.count == 4)
        let again = try CLIRunner.run(
            ["hours", "sync", "--database", log.database, "--timezone", "UTC"], environment: env)
        #expect(again.status == 0 && again.stderr.contains("0 changes sent"))
        #expect(try server.state().requests == state.requests, "a sync with nothing pending sends nothing")
    }

    @Test("logbook daemon sends due changes (through `hours sync --due-only`) while gpsd is away")
    func daemonSends() throws {
        let server = try PayrollServer()
        defer { server.stop() }
        let (log, env) = try Self.makeLog(server)
        try log.run(["hours", "add", "--date", "2026-11-02", "--start", "07:00", "--end", "15:00"], environment: env)
        let gpsd = try GPSFake.freePort()
        let daemon = try DaemonProcess(
            ["--gpsd", "127.0.0.1:\(gpsd)", "--database", log.database], environment: env)
        defer { daemon.stop() }
        #expect(waitUntil(timeout: 30) { ((try? server.state().shifts.count) ?? 0) == 1 }, "\(daemon.log)")
        #expect(
            waitUntil(timeout: 10) {
                ((try? Self.localChanges(log, env)) ?? []).allSatisfy { $0["state"] as? String == "sent" }
            })
        try Self.expectAgreement(log, env, try server.state())
        #expect(daemon.stop() == 0)
    }

    @Test("a refused change is failed with the receiver's message, holds back its shift, and goes again on retry")
    func refusedChange() throws {
        let server = try PayrollServer(faults: ["--refuse", "1"])
        defer { server.stop() }
        let (log, env) = try Self.makeLog(server)
        try log.run(
            ["hours", "add", "--date", "2026-11-02", "--start", "07:00", "--end", "15:00", "--vehicle", "ABC1"],
            environment: env)
        try log.run(["hours", "edit", "1", "--end", "15:30"], environment: env)
        try log.run(["hours", "add", "--date", "2026-11-03", "--start", "07:00", "--end", "15:00"], environment: env)

        let first = try CLIRunner.run(
            ["hours", "sync", "--database", log.database, "--timezone", "UTC"], environment: env)
        #expect(first.status == 75, "the edit behind the refused change is still pending")
        #expect(first.stderr.contains("refused: HTTP 422: vehicle ABC1 is not on the payroll"), "\(first.stderr)")
        var changes = try Self.localChanges(log, env)
        #expect(changes.map { $0["state"] as? String } == ["failed", "pending", "sent"])
        #expect(changes[0]["error"] as? String == "HTTP 422: vehicle ABC1 is not on the payroll")
        let table = try log.run(["hours", "status"], environment: env).stdout
        #expect(table.contains("1 pending, 1 sent, 1 failed"))
        // Another pass does not touch the failed change or its shift's later change.
        let requests = try server.state().requests
        #expect(
            try CLIRunner.run(
                ["hours", "sync", "--database", log.database, "--timezone", "UTC"], environment: env
            ).status == 75)
        #expect(try server.state().requests == requests)

        try log.run(["hours", "retry", String(try #require(changes[0]["id"] as? Int))], environment: env)
        #expect(try Self.syncUntilDone(log, env) == [0])
        changes = try Self.localChanges(log, env)
        #expect(changes.allSatisfy { $0["state"] as? String == "sent" })
        try Self.expectAgreement(log, env, try server.state())
        // A sent change cannot be retried.
        let refusal = try log.run(
            ["hours", "retry", String(try #require(changes[0]["id"] as? Int))], expect: 65, environment: env)
        #expect(refusal.stderr.contains("sent already"))
    }

    @Test("killed with SIGKILL in the middle of a sync and run again: nothing lost, nothing applied twice")
    func killedMidSync() throws {
        let server = try PayrollServer(faults: ["--delay", "0.4"])
        defer { server.stop() }
        let (log, env) = try Self.makeLog(server)
        try Self.makeChanges(log, env)
        let sync = try DaemonProcess(
            ["sync", "--database", log.database, "--timezone", "UTC"], command: "hours", environment: env)
        #expect(waitUntil(timeout: 30) { ((try? server.state().requests) ?? 0) >= 4 })
        #expect(sync.stop(signal: SIGKILL) == SIGKILL || !sync.process.isRunning)
        let atKill = try server.state()
        #expect(atKill.requests < 10, "killed mid-sync, not after it")
        // Let a request the killed process left in flight finish on the server before counting.
        usleep(600_000)
        #expect(try Self.syncUntilDone(log, env).last == 0)
        let state = try server.state()
        #expect(
            state.duplicates.count <= 1, "at most the change in flight at the kill arrives again: \(state.duplicates)")
        try Self.expectAgreement(log, env, state)
    }

    @Test("--due-only respects the backoff; Retry-After is honoured")
    func dueOnly() throws {
        // The 503 says Retry-After: 600 — far beyond the first backoff (30 s ± 20 %), so the next try's time shows
        // which of the two was used, without waiting for either.
        let server = try PayrollServer(faults: ["--fail-first", "1", "--retry-after", "600"])
        defer { server.stop() }
        let (log, env) = try Self.makeLog(server)
        try log.run(["hours", "add", "--date", "2026-11-02", "--start", "07:00", "--end", "15:00"], environment: env)
        let args = ["hours", "sync", "--due-only", "--database", log.database, "--timezone", "UTC"]
        let tried = Date()
        #expect(try CLIRunner.run(args, environment: env).status == 75)
        let change = try #require(try Self.localChanges(log, env).first)
        #expect(change["attempts"] as? Int == 1)
        #expect((change["error"] as? String)?.hasPrefix("HTTP 503") == true)
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let next = try #require((change["next_attempt"] as? String).flatMap { iso.date(from: $0) })
        let wait = next.timeIntervalSince(tried)
        #expect(wait > 590 && wait < 610, "next try in \(wait) s")
        #expect(try CLIRunner.run(args, environment: env).status == 75, "not due yet: nothing sent")
        #expect(try server.state().requests == 1)
        // A plain sync sends it anyway.
        #expect(try CLIRunner.run(Array(args.filter { $0 != "--due-only" }), environment: env).status == 0)
        try Self.expectAgreement(log, env, try server.state())
    }

    @Test("without an endpoint or with a token others can read, sync refuses with 78 and names the setting")
    func configuration() throws {
        let server = try PayrollServer()
        defer { server.stop() }
        let log = try IsolatedLog()
        let none = try log.dir.write("none-hours.toml", Array("[hours]\nperiod = \"monthly\"\n".utf8))
        try log.run(["drivers", "add", "anna"], environment: ["LOGBOOK_CONFIG": none])
        let missing = try log.run(["hours", "sync"], expect: 78, environment: ["LOGBOOK_CONFIG": none])
        #expect(missing.stderr.contains("[hours] endpoint is not set"))
        let token = try server.tokenFile()
        chmod(token, 0o644)
        let open = try log.dir.write(
            "open.toml",
            Array("[hours]\nendpoint = \"\(server.endpoint)\"\ntoken_file = \"\(token)\"\n".utf8))
        let refused = try log.run(["hours", "sync"], expect: 78, environment: ["LOGBOOK_CONFIG": open])
        #expect(refused.stderr.contains("token_file \(token) can be read or changed by others (mode 644)"))
        #expect(!refused.stderr.contains(server.token))
        let plain = try log.dir.write(
            "plain.toml", Array("[hours]\nendpoint = \"http://payroll.example.com/shifts\"\n".utf8))
        let insecure = try log.run(["hours", "sync"], expect: 78, environment: ["LOGBOOK_CONFIG": plain])
        #expect(insecure.stderr.contains("endpoint"))
    }

    @Test("logbook serve sends a shift added while it runs")
    func serveSends() throws {
        let server = try PayrollServer()
        defer { server.stop() }
        let (log, env) = try Self.makeLog(server)
        let port = try GPSFake.freePort()
        let serve = try DaemonProcess(
            ["--listen", "127.0.0.1:\(port)", "--database", log.database], command: "serve", environment: env)
        defer { serve.stop() }
        try log.run(["hours", "add", "--date", "2026-11-02", "--start", "07:00", "--end", "15:00"], environment: env)
        #expect(waitUntil(timeout: 30) { ((try? server.state().shifts.count) ?? 0) == 1 }, "\(serve.log)")
        #expect(
            waitUntil(timeout: 10) {
                ((try? Self.localChanges(log, env)) ?? []).allSatisfy { $0["state"] as? String == "sent" }
            })
        try Self.expectAgreement(log, env, try server.state())
        #expect(serve.stop() == 0)
    }
}
