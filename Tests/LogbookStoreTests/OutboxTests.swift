import Foundation
import LogbookStore
import Testing
import TrackModel

/// The durable outbox: queued bytes, backoff, failure after the last attempt, retry, and one report per period.
@Suite struct OutboxTests {
    let clock = TestClock()
    let database: AppDatabase

    init() throws {
        let clock = clock
        database = try AppDatabase.inMemory { clock.now }
        try database.addVehicle(VehicleDetails(plate: "123ABC"))
    }

    @Test func aFailedDeliveryWaitsLongerEachTimeThenFails() throws {
        let bytes = Array("Subject: x\r\n\r\nhello\r\n".utf8)
        let id = try #require(
            try database.enqueueMail(
                sender: "a@example.org", recipients: ["b@example.org"], subject: "x", message: bytes))
        #expect(try database.dueMail().map(\.id) == [id])
        #expect(try database.dueMail().first?.message == bytes)
        let policy = RetryPolicy(firstDelay: 30, maximumDelay: 100, maximumAttempts: 4)
        // 30 s, 60 s, then capped at 100 s.
        for expected in [30.0, 60.0, 100.0] {
            try database.markFailed(id, error: "connection refused", retry: policy)
            let message = try #require(try database.outbox().first)
            #expect(message.status == .pending)
            #expect(message.nextAttemptAt - clock.now == expected)
            #expect(try database.dueMail().isEmpty)
            #expect(try database.dueMail(now: clock.now + expected).map(\.id) == [id])
        }
        try database.markFailed(id, error: "connection refused", retry: policy)
        #expect(try database.outbox(status: .failed).map(\.attempts) == [4])
        #expect(try database.dueMail(now: clock.now + 86_400).isEmpty)
        try database.retryMail(id)
        #expect(try database.dueMail().map(\.id) == [id])
        try database.markSent(id)
        try database.markSent(id)  // a second report of the same delivery changes nothing
        let sent = try #require(try database.outbox(status: .sent).first)
        #expect(sent.attempts == 5 && sent.sentAt == clock.now && sent.lastError == nil)
        #expect(throws: StoreError.self) { try database.retryMail(id) }
    }

    @Test func aReportPeriodIsQueuedOnce() throws {
        let first = try database.enqueueMail(
            sender: "a@x", recipients: ["b@x"], subject: "Vehicle log 2026-10", message: [1],
            report: ("123ABC", "2026-10"))
        #expect(first != nil)
        #expect(try database.reportQueued(vehicle: "123ABC", period: "2026-10"))
        #expect(!(try database.reportQueued(vehicle: "123ABC", period: "2026-11")))
        let again = try database.enqueueMail(
            sender: "a@x", recipients: ["b@x"], subject: "Vehicle log 2026-10", message: [1],
            report: ("123ABC", "2026-10"))
        #expect(again == nil)
        #expect(try database.outbox().count == 1)
    }
}
