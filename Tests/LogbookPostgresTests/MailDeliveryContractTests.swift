import Foundation
import LogbookStore
import Testing

/// Delivering the mail outbox from several servers, on every backend: each due message is claimed by one server at
/// a time, a claim that ran out is taken over, a delivered or failed message leaves the claims.
@Suite struct MailDeliveryContractTests {
    @Test(
        "claims: the oldest due messages, one server each, taken over once run out", arguments: StoreBackend.available)
    func claims(backend: StoreBackend) async throws {
        let clock = TestClock(1_000)
        try await backend.withLog(clock: clock) { log in
            let mail = log.mailDelivery
            let first = try log.addMail("first", 900)
            let second = try log.addMail("second", 950)
            let third = try log.addMail("third", 1_000)
            let later = try log.addMail("later", 2_000)
            let a = try mail.claimDueMail(worker: "a", now: 1_000, duration: 300, limit: 2, only: nil)
            #expect(a.map(\.id) == [first, second])
            #expect(a.first?.subject == "first")
            #expect(a.first?.recipients == ["a@example.org", "b@example.org"])
            #expect(a.first?.message == Array("Subject: first\r\n\r\nbody".utf8))
            let b = try mail.claimDueMail(worker: "b", now: 1_001, duration: 300, limit: 10, only: nil)
            #expect(b.map(\.id) == [third])
            #expect(try mail.claimDueMail(worker: "c", now: 1_002, duration: 300, limit: 10, only: nil).isEmpty)
            // a delivers the first; the second's claim runs out (a stopped) and c takes it over, with the later one.
            try mail.markSent(first)
            let c = try mail.claimDueMail(worker: "c", now: 2_000, duration: 300, limit: 10, only: nil)
            #expect(c.map(\.id) == [second, third, later])
            // A failure ends the claim and the message waits for its next attempt (the log's clock: 2,000).
            clock.value = 2_000
            try mail.markFailed(second, error: "421 try later", retry: RetryPolicy(firstDelay: 30))
            #expect(try mail.claimDueMail(worker: "d", now: 2_010, duration: 300, limit: 10, only: nil).isEmpty)
            let retried = try mail.claimDueMail(worker: "d", now: 2_030, duration: 300, limit: 10, only: nil)
            #expect(retried.map(\.id) == [second])
            #expect(retried.first?.attempts == 1)
            #expect(retried.first?.lastError == "421 try later")
            // A sent message is never claimed again, however late; `only` picks.
            try mail.markSent(second)
            try mail.markSent(second)
            #expect(
                try mail.claimDueMail(worker: "e", now: 9_000, duration: 300, limit: 10, only: [second, later]).map(
                    \.id)
                    == [later])
        }
    }

    @Test("eight servers claiming at once: every message claimed once, none twice", arguments: StoreBackend.available)
    func concurrentClaims(backend: StoreBackend) async throws {
        try await backend.withLog(clock: TestClock(1_000)) { log in
            let mail = log.mailDelivery
            let ids = try (0..<40).map { try log.addMail("m\($0)", 900) }
            let claimed = IDLog()
            let group = DispatchGroup()
            for server in 0..<8 {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    while true {
                        guard
                            let got = try? mail.claimDueMail(
                                worker: "s\(server)", now: 1_000, duration: 300, limit: 3, only: nil), !got.isEmpty
                        else { return }
                        claimed.add(got.map(\.id))
                    }
                }
            }
            group.wait()
            #expect(claimed.all.sorted() == ids.sorted())
        }
    }
}

/// Ids collected from several threads.
final class IDLog: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: [Int64] = []
    func add(_ more: [Int64]) { lock.withLock { ids += more } }
    var all: [Int64] { lock.withLock { ids } }
}
