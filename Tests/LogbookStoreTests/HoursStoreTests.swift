import CalendarDays
import Foundation
import GRDB
import LogbookStore
import Testing
import TrackModel
import Hours

@Suite("Work hours in the store: overlaps, submitted and locked periods, the payroll outbox")
struct HoursStoreTests {
    static let zone = WorkZone(identifier: "Europe/Helsinki")!
    static let rules = HoursRules(zone: zone)

    static func shift(_ driver: String, _ date: String, _ start: String, _ end: String) throws -> HoursEntry {
        let times = try rules.entryTimes(
            day: CalendarDay(parsing: date)!, start: ClockTime(parsing: start)!, end: ClockTime(parsing: end)!)
        return try HoursEntry(
            id: UUID(), driver: driver, rawStart: times.start, rawEnd: times.end, enteredBreakMinutes: 0, message: "",
            vehicle: nil, rules: rules)
    }

    static func make(_ kind: DatabaseKind) throws -> TestDatabase {
        let test = try kind.make()
        try test.database.addDriver("anna")
        try test.database.addDriver("ben")
        return test
    }

    static let november = PayPeriod(
        kind: .monthly, start: CalendarDay(parsing: "2026-11-01")!, end: CalendarDay(parsing: "2026-11-30")!)

    @Test("overlapping shifts of one driver are refused; another driver's are not", arguments: DatabaseKind.allCases)
    func overlaps(kind: DatabaseKind) throws {
        let test = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        try db.addHoursEntry(try Self.shift("anna", "2026-11-02", "07:00", "15:00"), zone: Self.zone)
        #expect(throws: StoreError.self) {
            try db.addHoursEntry(try Self.shift("anna", "2026-11-02", "14:59", "16:00"), zone: Self.zone)
        }
        #expect(throws: StoreError.self) {
            try db.addHoursEntry(try Self.shift("anna", "2026-11-01", "22:00", "08:00"), zone: Self.zone)
        }
        // Touching ends do not overlap; another driver may work the same hours.
        try db.addHoursEntry(try Self.shift("anna", "2026-11-02", "15:00", "16:00"), zone: Self.zone)
        try db.addHoursEntry(try Self.shift("ben", "2026-11-02", "07:00", "15:00"), zone: Self.zone)
        let day = CalendarDay(parsing: "2026-11-02")!
        #expect(try db.hoursEntries(driver: "anna", from: day, through: day).count == 2)
        #expect(try db.hoursEntries(driver: nil, from: day, through: day).count == 3)
    }

    @Test("a locked period refuses every change, also written past the store's API", arguments: DatabaseKind.sqlite)
    func lockedInTheSchema(kind: DatabaseKind) throws {
        let test = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        let number = try db.addHoursEntry(try Self.shift("anna", "2026-11-02", "07:00", "15:00"), zone: Self.zone)
        try db.lockPeriod(Self.november, by: "test")
        #expect(try db.periodStatus(Self.november, driver: "anna").isLocked)
        #expect(throws: StoreError.self) {
            try db.addHoursEntry(try Self.shift("anna", "2026-11-03", "07:00", "15:00"), zone: Self.zone)
        }
        #expect(throws: StoreError.self) { try db.deleteHoursEntry(number) }
        // Straight SQL: the triggers refuse inserting into, changing, moving out of and deleting from the period.
        let refusals = [
            "UPDATE hours_shift SET message = 'x' WHERE id = \(number)",
            "UPDATE hours_shift SET day = '2026-12-02' WHERE id = \(number)",
            "DELETE FROM hours_shift WHERE id = \(number)",
            """
            INSERT INTO hours_shift (uuid, driver_id, day, raw_start, start, created_at, updated_at)
            VALUES ('\(UUID().uuidString)', 1, '2026-11-20', 1, 1, 1, 1)
            """,
            "DELETE FROM hours_period",
            "UPDATE hours_period SET end_day = '2026-11-01'",
        ]
        for sql in refusals {
            let error = #expect(throws: DatabaseError.self, "\(sql)") {
                try test.writer.write { try $0.execute(sql: sql) }
            }
            #expect(error?.message?.hasPrefix("hours_period_locked") == true, "\(sql): \(String(describing: error))")
        }
        // December is open.
        try db.addHoursEntry(try Self.shift("anna", "2026-12-01", "07:00", "15:00"), zone: Self.zone)
        #expect(throws: StoreError.self) { try db.lockPeriod(Self.november, by: "test") }
    }

    @Test("a submitted period is read-only for the driver until reopened", arguments: DatabaseKind.allCases)
    func submitted(kind: DatabaseKind) throws {
        let test = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        let number = try db.addHoursEntry(try Self.shift("anna", "2026-11-02", "07:00", "15:00"), zone: Self.zone)
        try db.submitPeriod(Self.november, driver: "anna", by: "anna")
        #expect(throws: StoreError.self) { try db.deleteHoursEntry(number) }
        #expect(throws: StoreError.self) {
            try db.addHoursEntry(try Self.shift("anna", "2026-11-03", "07:00", "15:00"), zone: Self.zone)
        }
        // Ben did not submit.
        try db.addHoursEntry(try Self.shift("ben", "2026-11-03", "07:00", "15:00"), zone: Self.zone)
        try db.reopenPeriod(Self.november, driver: "anna")
        try db.deleteHoursEntry(number)
        // A running clock cannot be handed in.
        let start = try Self.rules.moment(
            ClockTime(parsing: "08:00")!, on: CalendarDay(parsing: "2026-11-05")!, field: "")
        try db.startClock(driver: "anna", at: start, message: "", vehicle: nil, zone: Self.zone)
        #expect(throws: StoreError.self) { try db.submitPeriod(Self.november, driver: "anna", by: "anna") }
    }

    @Test(
        "every change is queued in the same transaction; a shift's changes leave in order",
        arguments: DatabaseKind.allCases)
    func outboxOrder(kind: DatabaseKind) throws {
        let test = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        var first = try Self.shift("anna", "2026-11-02", "07:00", "15:00")
        let a = try db.addHoursEntry(first, zone: Self.zone)
        first.message = "edited"
        try db.replaceHoursEntry(a, with: first, zone: Self.zone)
        let b = try db.addHoursEntry(try Self.shift("anna", "2026-11-03", "07:00", "15:00"), zone: Self.zone)
        try db.deleteHoursEntry(b)
        let all = try db.hoursChanges().reversed().map { ($0.entryUUID, $0.method) }
        let uuidA = first.id.uuidString.lowercased()
        #expect(all.map(\.0) == [uuidA, uuidA, all[2].0, all[2].0])
        #expect(all.map(\.1) == [.put, .put, .put, .delete])
        // One change per shift is ready: the oldest.
        var ready = try db.hoursChangesToSend(dueOnly: false)
        #expect(ready.count == 2 && ready.allSatisfy { $0.method == .put })
        // A refused change holds back the later changes of its shift.
        let headA = try #require(ready.first { $0.entryUUID == uuidA })
        try db.markHoursChangeFailed(headA.id, error: "HTTP 422: no")
        ready = try db.hoursChangesToSend(dueOnly: false)
        #expect(ready.count == 1 && ready[0].entryUUID != uuidA)
        #expect(try db.hoursEntry(a).sync == .failed)
        // Deferred changes are not due until their time, but a full sync sends them.
        try db.markHoursChangeDeferred(ready[0].id, error: "HTTP 503", nextAttempt: Moment(seconds: 4_000_000_000))
        #expect(try db.hoursChangesToSend(dueOnly: true).isEmpty)
        #expect(try db.hoursChangesToSend(dueOnly: false).count == 1)
        try db.markHoursChangeSent(ready[0].id)
        // Sent is final.
        #expect(throws: StoreError.self) { try db.retryHoursChange(ready[0].id) }
        #expect(throws: DatabaseError.self) {
            try test.writer.write {
                try $0.execute(sql: "UPDATE hours_outbox SET status = 'pending' WHERE id = \(ready[0].id)")
            }
        }
        // Then the delete of that shift is next; retrying the failed one makes it ready again.
        #expect(try db.hoursChangesToSend(dueOnly: false).map(\.method) == [.delete])
        try db.retryHoursChange(headA.id)
        #expect(try db.hoursChangesToSend(dueOnly: false).count == 2)
        #expect(try db.hoursChangeCounts() == [.pending: 3, .sent: 1, .failed: 0])
    }

    @Test(
        "a shift's payroll message, the refused change's first; retrying a shift makes its refused changes due",
        arguments: DatabaseKind.allCases)
    func shiftRetry(kind: DatabaseKind) throws {
        let test = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        var first = try Self.shift("anna", "2026-11-02", "07:00", "15:00")
        let a = try db.addHoursEntry(first, zone: Self.zone)
        first.message = "edited"
        try db.replaceHoursEntry(a, with: first, zone: Self.zone)
        let other = try Self.shift("anna", "2026-11-03", "07:00", "15:00")
        let b = try db.addHoursEntry(other, zone: Self.zone)
        #expect(try db.hoursEntry(a).syncError == nil)
        let changes = try db.hoursChanges().reversed().map(\.id)  // a's put, a's edit, b's put
        // The first change waits after a failed try: the shift is pending with that problem.
        try db.markHoursChangeDeferred(changes[0], error: "HTTP 503: busy", nextAttempt: Moment(seconds: 4_000_000_000))
        #expect(try db.hoursEntry(a).sync == .pending && db.hoursEntry(a).syncError == "HTTP 503: busy")
        // Refused: the refusal is the message, and it holds the edit back.
        try db.markHoursChangeFailed(changes[0], error: "HTTP 422: unknown vehicle")
        try db.markHoursChangeFailed(changes[2], error: "HTTP 422: other")
        #expect(try db.hoursEntry(a).sync == .failed && db.hoursEntry(a).syncError == "HTTP 422: unknown vehicle")
        #expect(try db.retryFailedHoursChanges(entry: first.id) == [changes[0]])
        #expect(try db.hoursEntry(a).sync == .pending)
        #expect(try db.hoursEntry(b).sync == .failed, "another shift's refusal was retried")
        // Due now (a second after the log's clock; a moment is whole seconds), not at the far-off time of the try
        // before.
        let due = try db.hoursChangesToSend(dueOnly: true, now: Moment(seconds: DatabaseKind.now.secondsSince1970 + 1))
        #expect(due.map(\.id) == [changes[0]])
        #expect(try db.retryFailedHoursChanges(entry: first.id).isEmpty)
        #expect(try db.retryFailedHoursChanges(entry: other.id) == [changes[2]])
    }

    @Test("the clock: one per driver, pauses become break, stopping closes and queues the shift")
    func clock() throws {
        let test = try Self.make(.memory)
        defer { test.remove() }
        let db = test.database
        let day = CalendarDay(parsing: "2026-11-05")!
        func at(_ text: String) throws -> Moment {
            try Self.rules.moment(ClockTime(parsing: text)!, on: day, field: "")
        }
        try db.startClock(driver: "anna", at: try at("07:00"), message: "tour", vehicle: nil, zone: Self.zone)
        #expect(throws: StoreError.self) {
            try db.startClock(driver: "anna", at: try at("07:05"), message: "", vehicle: nil, zone: Self.zone)
        }
        #expect(try db.hoursChanges().isEmpty, "a running shift stays local until it ends")
        #expect(try db.runningHoursEntry(driver: "anna")?.sync == .pending, "nothing of a running shift was sent")
        try db.pauseClock(driver: "anna", at: try at("11:00"), zone: Self.zone)
        #expect(throws: StoreError.self) { try db.pauseClock(driver: "anna", at: try at("11:10"), zone: Self.zone) }
        try db.resumeClock(driver: "anna", at: try at("11:40"), zone: Self.zone)
        let stopped = try db.stopClock(driver: "anna", at: try at("16:00"), rules: Self.rules)
        #expect(
            stopped.entry.workedMinutes == 540 && stopped.entry.breakMinutes == 40 && stopped.entry.netMinutes == 500)
        #expect(try db.runningHoursEntry(driver: "anna") == nil)
        #expect(try db.hoursChanges().count == 1)
        #expect(try db.hoursEntry(stopped.number).sync == .pending)
        try db.markHoursChangeSent(try #require(try db.hoursChanges().first).id)
        #expect(try db.hoursEntry(stopped.number).sync == .sent)
        #expect(throws: StoreError.self) { try db.stopClock(driver: "anna", at: try at("17:00"), rules: Self.rules) }
    }
}
