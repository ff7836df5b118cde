public import Checklists
public import LogbookStore

/// A due reminder of a shift and how it went: `{"name", "due", "notifications", "escalated", "acknowledged",
/// "outcome"}`, times on the restaurant's clock (`escalated` and `acknowledged` null until then).
public struct ChecklistReminderView: Encodable, Sendable, Hashable {
    public var name: String
    public var dueAt: Double
    public var due: String
    public var notifications: Int
    public var escalatedAt: Double?
    public var escalated: String?
    public var acknowledgedAt: Double?
    public var acknowledged: String?
    public var outcome: ReminderOccurrence.Outcome

    enum CodingKeys: String, CodingKey {
        case name, due, notifications, escalated, acknowledged, outcome
    }

    public init(_ occurrence: ReminderOccurrence, outcome: ReminderOccurrence.Outcome, clock: RestaurantClock) {
        name = occurrence.name
        dueAt = occurrence.due
        due = clock.iso8601(occurrence.due)
        notifications = occurrence.notifications
        escalatedAt = occurrence.escalated
        escalated = occurrence.escalated.map(clock.iso8601)
        acknowledgedAt = occurrence.acknowledged
        acknowledged = occurrence.acknowledged.map(clock.iso8601)
        self.outcome = outcome
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(due, forKey: .due)
        try c.encode(notifications, forKey: .notifications)
        try c.encode(escalated, forKey: .escalated)
        try c.encode(acknowledged, forKey: .acknowledged)
        try c.encode(outcome, forKey: .outcome)
    }

    /// How each of a shift's reminders went (on time, late, missed, open), by due time: an occurrence is missed
    /// once the next of its name is due, and the last one of an ended shift had until the end.
    public static func outcomes(
        _ shift: ChecklistShift, now: Double, policy: ReminderPolicy
    ) -> [ChecklistReminderView] {
        let clock = RestaurantClock(shift.restaurant)
        return judged(shift, now: now, policy: policy).map {
            ChecklistReminderView($0.0.occurrence, outcome: $0.1, clock: clock)
        }
    }

    static func judged(
        _ shift: ChecklistShift, now: Double, policy: ReminderPolicy
    ) -> [(StoredReminder, ReminderOccurrence.Outcome)] {
        let judged = shift.endedAt ?? now
        var result: [(StoredReminder, ReminderOccurrence.Outcome)] = []
        for (_, reminders) in Dictionary(grouping: shift.reminders, by: { $0.occurrence.name.lowercased() }) {
            let sorted = reminders.sorted { $0.occurrence.due < $1.occurrence.due }
            for (index, reminder) in sorted.enumerated() {
                let next = index + 1 < sorted.count ? sorted[index + 1].occurrence.due : shift.endedAt
                result.append((reminder, reminder.occurrence.outcome(nextDue: next, now: judged, policy: policy)))
            }
        }
        return result.sorted {
            ($0.0.occurrence.due, $0.0.occurrence.name) < ($1.0.occurrence.due, $1.0.occurrence.name)
        }
    }
}

/// A reminder done (the travel path walked), as the API answers it: `{"name", "due", "acknowledged"}` in UTC.
public struct ChecklistAcknowledgementView: Encodable, Sendable, Hashable {
    public var name: String
    public var due: String
    public var acknowledged: String
    /// The same occurrence as the shift's reminders show it (not part of this JSON).
    public var reminder: ChecklistReminderView

    enum CodingKeys: String, CodingKey { case name, due, acknowledged }
}
