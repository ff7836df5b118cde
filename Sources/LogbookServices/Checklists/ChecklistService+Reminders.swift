import Checklists
import Foundation
import LogbookStore
import TrackModel

/// A notification of the reminder round: `checklist-reminder` to the shift manager, `checklist-escalation` to the
/// restaurant's managers, with the details a notify command gets in its environment (`LOGBOOK_REMINDER`, …).
public struct ChecklistNotification: Sendable, Hashable {
    public var event: String
    public var details: [String: String]
}

/// What one reminder round did: `SHIFT:NAME@HH:MM` of each occurrence notified and escalated.
public struct ChecklistReminderRound: Sendable, Hashable {
    public var notified: [String] = []
    public var escalated: [String] = []
}

extension ChecklistService {
    /// The shift's reminders and how each went.
    public func reminders(shift id: Int64) throws -> [ChecklistReminderView] {
        view(try access.shift(id)).reminders
    }

    /// Records the occurrences of `rules` due in a shift up to `until` (included), once each.
    func recordReminders(_ shift: ChecklistShift, until: Double, rules: [ReminderRule]) throws {
        let clock = RestaurantClock(shift.restaurant)
        for rule in rules {
            let due = ReminderSchedule.dueTimes(
                rule, dayPart: shift.dayPart, start: shift.startedAt, end: until + 0.001, offset: clock.offset)
            try writer.scheduleReminders(shift: shift.id, due.map { (rule.name, $0) })
        }
    }

    /// The reminder `name` done (the travel path walked) at `at` (default now): it answers the newest occurrence
    /// due; an older one left open was missed. What fell due until then is recorded first, so a travel path walked
    /// before a reminder round ran still counts.
    public func acknowledge(
        shift id: Int64, reminder name: String, _ input: ChecklistMomentInput = ChecklistMomentInput()
    ) throws -> ChecklistAcknowledgementView {
        let shift = try access.workingShift(id)
        let clock = RestaurantClock(shift.restaurant)
        let when = try moment(input.at, clock: clock)
        let rules = settings.reminders.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        try recordReminders(shift, until: when, rules: rules)
        guard let done = try writer.acknowledgeReminder(shift: id, name: name, at: when) else {
            throw ServiceError(.refused, "no \(name) reminder of shift \(id) is due at \(clock.text(when))")
        }
        let judged = view(try database.checklistShift(id)).reminders.first {
            $0.name == done.occurrence.name && $0.dueAt == done.occurrence.due
        }
        return ChecklistAcknowledgementView(
            name: done.occurrence.name, due: Timestamp(done.occurrence.due),
            acknowledged: Timestamp(done.occurrence.acknowledged ?? when),
            reminder: judged ?? ChecklistReminderView(done.occurrence, outcome: .open, clock: clock))
    }

    /// One round of the reminders of the open shifts at `now`: each rule's occurrences are recorded as they fall due,
    /// the shift manager is notified when one is due and again every `repeat_seconds` until it is acknowledged, and
    /// the restaurant's managers once it has gone unacknowledged for `escalate_after_seconds`. An occurrence whose
    /// successor is due is missed and no longer nagged about.
    public func remind(
        now: Double, notify: (ChecklistNotification) -> Void
    ) throws -> ChecklistReminderRound {
        var round = ChecklistReminderRound()
        for shift in try access.openShifts() where shift.startedAt <= now {
            let clock = RestaurantClock(shift.restaurant)
            try recordReminders(shift, until: now, rules: settings.reminders)
            let current = try database.checklistShift(shift.id)
            for (_, reminders) in Dictionary(grouping: current.reminders, by: { $0.occurrence.name.lowercased() }) {
                let sorted = reminders.sorted { $0.occurrence.due < $1.occurrence.due }
                for (index, reminder) in sorted.enumerated() {
                    // Missed once the next one is due: only the newest open occurrence is nagged about.
                    if index + 1 < sorted.count, sorted[index + 1].occurrence.due <= now { continue }
                    let actions = reminder.occurrence.actions(now: now, policy: settings.policy)
                    guard !actions.isEmpty else { continue }
                    let details = [
                        "LOGBOOK_REMINDER": reminder.occurrence.name,
                        "LOGBOOK_REMINDER_DUE": clock.iso8601(reminder.occurrence.due),
                        "LOGBOOK_SHIFT": String(shift.id),
                        "LOGBOOK_RESTAURANT": shift.restaurant.name,
                        "LOGBOOK_MANAGER": shift.manager,
                    ]
                    let label = "\(shift.id):\(reminder.occurrence.name)@\(clock.time(reminder.occurrence.due))"
                    if actions.contains(.notify) {
                        notify(ChecklistNotification(event: "checklist-reminder", details: details))
                        round.notified.append(label)
                    }
                    if actions.contains(.escalate) {
                        let managers = try database.users().filter {
                            $0.role == .restaurantManager && $0.worksAt(shift.restaurant.name)
                        }.map(\.name)
                        var escalation = details
                        escalation["LOGBOOK_ESCALATE_TO"] = managers.joined(separator: ", ")
                        notify(ChecklistNotification(event: "checklist-escalation", details: escalation))
                        round.escalated.append(label)
                    }
                    try writer.updateReminder(
                        StoredReminder(
                            id: reminder.id, shiftID: reminder.shiftID,
                            occurrence: reminder.occurrence.after(actions, now: now)))
                }
            }
        }
        return round
    }
}

extension ChecklistAcknowledgementView {
    init(name: String, due: Timestamp, acknowledged: Timestamp, reminder: ChecklistReminderView) {
        self.name = name
        self.due = due.iso8601
        self.acknowledged = acknowledged.iso8601
        self.reminder = reminder
    }
}

extension Timestamp {
    fileprivate init(_ seconds: Double) { self.init(secondsSince1970: seconds) }
}
