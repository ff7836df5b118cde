import Foundation
import Hours
import LogbookStore
import Testing

/// Delivering the changes of hours from several servers, on every backend: each entry's oldest unsent change is
/// claimed by one server at a time, never two changes of one entry at once, and claims of a stopped process of this
/// host are given up at once.
@Suite struct HoursDeliveryContractTests {
    static let shiftA = "00000000-0000-4000-8000-00000000000a"
    static let shiftB = "00000000-0000-4000-8000-00000000000b"

    @Test("each entry's oldest change, one server at a time, in order", arguments: StoreBackend.available)
    func claims(backend: StoreBackend) async throws {
        try await backend.withLog(clock: TestClock(1_000)) { log in
            let hours = log.hoursDelivery
            let a1 = try log.addHoursChange(Self.shiftA, 900)
            let a2 = try log.addHoursChange(Self.shiftA, 900)
            let b1 = try log.addHoursChange(Self.shiftB, 2_000)
            // Due only: b1 waits; every change: the oldest of each entry, never a2 before a1.
            let due = try hours.claimHoursChanges(worker: "x", now: 1_000, duration: 300, dueOnly: true)
            #expect(due.map(\.id) == [a1])
            #expect(due.first?.entryUUID == Self.shiftA)
            #expect(due.first?.body == Data("{}".utf8))
            let rest = try hours.claimHoursChanges(worker: "y", now: 1_001, duration: 300, dueOnly: false)
            #expect(rest.map(\.id) == [b1])
            #expect(try hours.claimHoursChanges(worker: "y", now: 1_002, duration: 300, dueOnly: false).isEmpty)
            try hours.markHoursChangeSent(a1)
            #expect(
                try hours.claimHoursChanges(worker: "y", now: 1_003, duration: 300, dueOnly: false).map(\.id) == [a2])
            // A deferred change ends its claim and waits; a released one is free again at once.
            try hours.markHoursChangeDeferred(a2, error: "503", nextAttempt: Moment(seconds: 1_100))
            #expect(try hours.claimHoursChanges(worker: "z", now: 1_050, duration: 300, dueOnly: true).isEmpty)
            #expect(
                try hours.claimHoursChanges(worker: "z", now: 1_100, duration: 300, dueOnly: true).map(\.id) == [a2])
            try hours.releaseHoursChanges([a2], worker: "not-z")
            #expect(try hours.claimHoursChanges(worker: "w", now: 1_101, duration: 300, dueOnly: true).isEmpty)
            try hours.releaseHoursChanges([a2], worker: "z")
            let again = try hours.claimHoursChanges(worker: "w", now: 1_102, duration: 300, dueOnly: true)
            #expect(again.map(\.id) == [a2])
            #expect(again.first?.attempts == 1)
            // The claims of a2 (w, 1,102) and b1 (y, 1,001) run out: both taken over.
            #expect(
                try hours.claimHoursChanges(worker: "u", now: 2_000, duration: 300, dueOnly: true).map(\.id) == [
                    a2, b1,
                ])
            try hours.markHoursChangeFailed(b1, error: "422 refused")
            #expect(
                try hours.claimHoursChanges(worker: "v", now: 9_000, duration: 300, dueOnly: false).map(\.id) == [a2])
        }
    }

    @Test(
        "claims in groups: at most the limit, oldest first; the next server takes the next ones",
        arguments: StoreBackend.available)
    func limited(backend: StoreBackend) async throws {
        try await backend.withLog(clock: TestClock(1_000)) { log in
            let hours = log.hoursDelivery
            let shifts = (1...5).map { String(format: "00000000-0000-4000-8000-%012d", $0) }
            let ids = try shifts.map { try log.addHoursChange($0, 900) }
            let first = try hours.claimHoursChanges(worker: "x", now: 1_000, duration: 300, dueOnly: true, limit: 2)
            #expect(first.map(\.id) == Array(ids[0..<2]))
            let second = try hours.claimHoursChanges(worker: "y", now: 1_000, duration: 300, dueOnly: true, limit: 2)
            #expect(second.map(\.id) == Array(ids[2..<4]))
            let rest = try hours.claimHoursChanges(worker: "z", now: 1_000, duration: 300, dueOnly: true, limit: 2)
            #expect(rest.map(\.id) == [ids[4]])
            #expect(try hours.claimHoursChanges(worker: "z", now: 1_001, duration: 300, dueOnly: true).isEmpty)
        }
    }

    @Test("a claim of a process of this host that has stopped is given up at once", arguments: StoreBackend.available)
    func abandoned(backend: StoreBackend) async throws {
        let gone = try Self.stoppedProcessName()
        try await backend.withLog(clock: TestClock(1_000)) { log in
            // A live holder (the process that started the tests) claims one entry's change.
            let host = ProcessName.current.split(separator: ":").dropLast(2).joined(separator: ":")
            let alive = "\(host):\(getppid()):other"
            #expect(ProcessName.isGone(alive) == false)
            let held = try log.addHoursChange(Self.shiftB, 900)
            let claimedAlive = try log.hoursDelivery.claimHoursChanges(
                worker: alive, now: 1_000, duration: 300, dueOnly: true)
            #expect(claimedAlive.map(\.id) == [held])
            // A process that has stopped claims another entry's change and a message.
            let change = try log.addHoursChange(Self.shiftA, 900)
            let mail = try log.addMail("report", 900)
            let claimedGone = try log.hoursDelivery.claimHoursChanges(
                worker: gone, now: 1_000, duration: 300, dueOnly: true)
            #expect(claimedGone.map(\.id) == [change])
            #expect(
                try log.mailDelivery.claimDueMail(worker: gone, now: 1_000, duration: 300, limit: 5, only: nil).count
                    == 1)
            // The stopped one's claims are given up at once; the live one's stand.
            let claimed = try log.hoursDelivery.claimHoursChanges(
                worker: "me", now: 1_001, duration: 300, dueOnly: true)
            #expect(claimed.map(\.id) == [change])
            #expect(
                try log.mailDelivery.claimDueMail(worker: "me", now: 1_001, duration: 300, limit: 5, only: nil).map(
                    \.id)
                    == [mail])
        }
    }

    @Test(
        "process names: a stopped process of this host is gone; a running one, another host's, or a stranger's name is not"
    )
    func processNames() throws {
        #expect(ProcessName.isGone(try Self.stoppedProcessName()))
        #expect(ProcessName.isGone(ProcessName.current) == false)
        #expect(ProcessName.isGone("elsewhere.example:1:abcd1234") == false)
        #expect(ProcessName.isGone("server-a") == false)
        #expect(ProcessName.isGone("") == false)
        let parent = ProcessName.current.split(separator: ":").dropLast(2).joined(separator: ":") + ":1:init0000"
        #expect(ProcessName.isGone(parent) == false)
    }

    /// The name a process of this host had, run and waited for.
    static func stoppedProcessName() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        let host = ProcessName.current.split(separator: ":").dropLast(2).joined(separator: ":")
        return "\(host):\(process.processIdentifier):deadbeef"
    }
}
