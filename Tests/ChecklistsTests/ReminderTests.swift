import Foundation
import Checklists
import Testing

@Suite("Reminders: when they are due, how they repeat and escalate")
struct ReminderTests {
    static func offset(_ zone: String) -> (Double) -> Int {
        let timeZone = TimeZone(identifier: zone)!
        return { timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: $0)) }
    }

    /// Seconds since 1970 of a UTC date-time `YYYY-MM-DDTHH:MM`.
    static func utc(_ text: String) -> Double {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text + ":00Z")!.timeIntervalSince1970
    }

    /// Counts and first and last due times worked out by hand (UTC). Berlin is +2 in summer, +1 in winter; the
    /// clocks went back on 25 October 2026 (03:00 → 02:00) and forward on 29 March 2026 (02:00 → 03:00).
    @Test(
        "travel path times across a shift",
        arguments: [
            // A day shift 09:00–17:00 local: 10:15 … 16:45, 14 times.
            (DayPart.day, "2026-06-10T07:00", "2026-06-10T15:00", 14, "2026-06-10T08:15", "2026-06-10T14:45"),
            // Starting at 11:00, the first is 11:15 (still on the 10:15 grid).
            (.day, "2026-06-10T09:00", "2026-06-10T15:00", 12, "2026-06-10T09:15", "2026-06-10T14:45"),
            // An evening shift 17:00–01:00 past midnight: 17:15 … 00:45, 16 times.
            (.evening, "2026-06-10T15:00", "2026-06-10T23:00", 16, "2026-06-10T15:15", "2026-06-10T22:45"),
            // The night the clocks go back, 17:00–03:00 local is 11 hours: 22 times, the last at 02:45 winter time.
            (.evening, "2026-10-24T15:00", "2026-10-25T02:00", 22, "2026-10-24T15:15", "2026-10-25T01:45"),
            // The night they go forward, 17:00–03:00 local is 9 hours: 18 times.
            (.evening, "2026-03-28T16:00", "2026-03-29T01:00", 18, "2026-03-28T16:15", "2026-03-29T00:45"),
        ])
    func travelPath(part: DayPart, start: String, end: String, count: Int, first: String, last: String) {
        let times = ReminderSchedule.dueTimes(
            .travelPath, dayPart: part, start: Self.utc(start), end: Self.utc(end), offset: Self.offset("Europe/Berlin")
        )
        #expect(times.count == count)
        #expect(times.first == Self.utc(first) && times.last == Self.utc(last))
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 1_800 }, "every 30 minutes of real time")
    }

    @Test("a first time the clocks skipped moves on by the jump; no first time starts with the shift")
    func skippedAndUnset() {
        let rule = ReminderRule(name: "Night check", everyMinutes: 60, from: [.evening: 2 * 60 + 30])
        // 29 March 2026, Berlin: 02:30 does not exist; 03:30 summer time is 01:30 UTC.
        let times = ReminderSchedule.dueTimes(
            rule, dayPart: .evening, start: Self.utc("2026-03-28T23:00"), end: Self.utc("2026-03-29T04:00"),
            offset: Self.offset("Europe/Berlin"))
        #expect(times.first == Self.utc("2026-03-29T01:30"))
        let washing = ReminderRule(name: "Hand-washing", everyMinutes: 60)
        let hourly = ReminderSchedule.dueTimes(
            washing, dayPart: .day, start: Self.utc("2026-06-10T07:00"), end: Self.utc("2026-06-10T10:00"),
            offset: Self.offset("Europe/Berlin"))
        #expect(hourly == [Self.utc("2026-06-10T07:00"), Self.utc("2026-06-10T08:00"), Self.utc("2026-06-10T09:00")])
    }

    @Test("unacknowledged: repeated every 2 minutes, escalated once after 10; nothing after acknowledging")
    func repeatAndEscalate() {
        let policy = ReminderPolicy()
        var reminder = ReminderOccurrence(name: "Travel path", due: 1_000)
        var log: [(Double, [ReminderOccurrence.Action])] = []
        // A scheduler ticking every 30 s with an injected clock.
        for now in stride(from: 910.0, through: 1_700, by: 30) {
            let actions = reminder.actions(now: now, policy: policy)
            if !actions.isEmpty { log.append((now, actions)) }
            reminder = reminder.after(actions, now: now)
        }
        #expect(log.map(\.0) == [1_000, 1_120, 1_240, 1_360, 1_480, 1_600])
        #expect(log.filter { $0.1.contains(.escalate) }.map(\.0) == [1_600])
        reminder.acknowledged = 1_650
        #expect(reminder.actions(now: 1_700, policy: policy).isEmpty)
        #expect(reminder.outcome(nextDue: 2_800, now: 1_700, policy: policy) == .late)
        var quick = ReminderOccurrence(name: "Travel path", due: 1_000)
        quick.acknowledged = 1_200
        #expect(quick.outcome(nextDue: 2_800, now: 1_300, policy: policy) == .onTime)
        let never = ReminderOccurrence(name: "Travel path", due: 1_000)
        #expect(never.outcome(nextDue: 2_800, now: 2_000, policy: policy) == .open)
        #expect(never.outcome(nextDue: 2_800, now: 2_800, policy: policy) == .missed)
    }
}
