/// A recurring reminder during a shift: the travel path every 30 minutes from 10:15 on day shifts and 17:15 on
/// evening shifts, hand-washing every 60 minutes, …
public struct ReminderRule: Sendable, Hashable, Codable {
    public var name: String
    public var everyMinutes: Int
    /// The first time (minutes after local midnight) by day part; a day part not listed starts with the shift.
    public var from: [DayPart: Int]

    public init(name: String, everyMinutes: Int, from: [DayPart: Int] = [:]) {
        self.name = name
        self.everyMinutes = everyMinutes
        self.from = from
    }

    public static let travelPath = ReminderRule(
        name: "Travel path", everyMinutes: 30, from: [.day: 10 * 60 + 15, .evening: 17 * 60 + 15])
}

/// How reminders get noticed: repeated until acknowledged, then escalated to the restaurant manager.
public struct ReminderPolicy: Sendable, Hashable {
    public var repeatSeconds: Double
    public var escalateAfterSeconds: Double
    /// Acknowledged within this of the due time counts as on time; later (before the next one is due) as late.
    public var onTimeSeconds: Double

    public init(repeatSeconds: Double = 120, escalateAfterSeconds: Double = 600, onTimeSeconds: Double = 300) {
        self.repeatSeconds = repeatSeconds
        self.escalateAfterSeconds = escalateAfterSeconds
        self.onTimeSeconds = onTimeSeconds
    }
}

public enum ReminderSchedule {
    /// The moments a rule is due during a shift from `start` to `end` (seconds since 1970): from the rule's local
    /// first time on the shift's first day (a time the clocks skipped moves on by the jump: 02:30 → 03:30; a repeated
    /// one is its first occurrence), then every
    /// `everyMinutes` of real time, before the end; none before the shift starts. `offset` gives the zone's UTC
    /// offset at a moment (daylight saving).
    public static func dueTimes(
        _ rule: ReminderRule, dayPart: DayPart, start: Double, end: Double, offset: (Double) -> Int
    ) -> [Double] {
        guard rule.everyMinutes > 0, end > start else { return [] }
        let step = Double(rule.everyMinutes * 60)
        var first = start
        if let minute = rule.from[dayPart] {
            let localDay = ((start + Double(offset(start))) / 86_400).rounded(.down)
            let wall = localDay * 86_400 + Double(minute * 60)
            // The wall-clock time as a moment: try the offsets around it; a skipped time becomes the jump.
            let candidates = [wall - Double(offset(wall - 86_400)), wall - Double(offset(wall + 86_400))]
            first =
                candidates.filter { moment in (moment + Double(offset(moment))) == wall }.min()
                ?? candidates.max()!
        }
        if first < start { first += ((start - first) / step).rounded(.up) * step }
        var times: [Double] = []
        var t = first
        while t < end {
            times.append(t)
            t += step
        }
        return times
    }
}

/// One due reminder as stored: when it was due, notified, escalated, acknowledged.
public struct ReminderOccurrence: Sendable, Hashable {
    public var name: String
    public var due: Double
    public var lastNotified: Double?
    public var notifications: Int
    public var escalated: Double?
    public var acknowledged: Double?

    public init(
        name: String, due: Double, lastNotified: Double? = nil, notifications: Int = 0, escalated: Double? = nil,
        acknowledged: Double? = nil
    ) {
        self.name = name
        self.due = due
        self.lastNotified = lastNotified
        self.notifications = notifications
        self.escalated = escalated
        self.acknowledged = acknowledged
    }

    public enum Action: Sendable, Hashable {
        /// Tell the shift manager (again).
        case notify
        /// Tell the restaurant manager.
        case escalate
    }

    /// What to do at `now` (the injected clock): nothing once acknowledged or before due; a notification when due
    /// and every `repeatSeconds` after; one escalation once `escalateAfterSeconds` have passed unacknowledged.
    public func actions(now: Double, policy: ReminderPolicy) -> [Action] {
        guard acknowledged == nil, now >= due else { return [] }
        var actions: [Action] = []
        if let last = lastNotified {
            if now - last >= policy.repeatSeconds { actions.append(.notify) }
        } else {
            actions.append(.notify)
        }
        if escalated == nil, now - due >= policy.escalateAfterSeconds { actions.append(.escalate) }
        return actions
    }

    /// The state after doing `actions` at `now`.
    public func after(_ actions: [Action], now: Double) -> ReminderOccurrence {
        var next = self
        if actions.contains(.notify) {
            next.lastNotified = now
            next.notifications += 1
        }
        if actions.contains(.escalate) { next.escalated = now }
        return next
    }

    public enum Outcome: String, Sendable, Hashable, Codable {
        case onTime = "on-time"
        case late
        case missed
        /// Not due yet, or due and still open.
        case open
    }

    /// On time, late (acknowledged before `nextDue`), missed (not before `nextDue`), or still open at `now`.
    public func outcome(nextDue: Double?, now: Double, policy: ReminderPolicy) -> Outcome {
        if let acknowledged {
            if acknowledged - due <= policy.onTimeSeconds { return .onTime }
            if let nextDue, acknowledged >= nextDue { return .missed }
            return .late
        }
        if let nextDue, now >= nextDue { return .missed }
        return .open
    }
}
