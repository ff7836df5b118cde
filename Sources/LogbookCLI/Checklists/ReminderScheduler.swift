import Foundation
import LogbookConfiguration
import LogbookDaemon
import LogbookStore
import Logging
import ServiceLifecycle
import Checklists

/// The reminders of open shifts: each rule's occurrences are recorded as they fall due (the travel path every 30
/// minutes from 10:15 on day shifts and 17:15 on evening shifts, …), the shift manager is notified when one is due
/// and again every `repeat_seconds` until it is acknowledged, and the restaurant's managers once it has gone
/// unacknowledged for `escalate_after_seconds`. An occurrence whose successor is due is missed and no longer
/// nagged about. Notifications go through `notify_command` (with `LOGBOOK_EVENT` `checklist-reminder` or
/// `checklist-escalation`); the web page shows the same occurrences.
///
/// `tick(now:)` takes the clock from its caller, so tests (and `checklists remind --at`) decide what time it is.
package struct ReminderScheduler: Service {
    package let database: AppDatabase
    package let settings: ChecklistSettings
    package let notify: @Sendable (_ event: String, _ details: [String: String]) -> Void
    package let logger: Logger
    package var interval: Duration = .seconds(15)

    package init(
        database: AppDatabase, settings: ChecklistSettings, logger: Logger,
        notify: @escaping @Sendable (_ event: String, _ details: [String: String]) -> Void
    ) {
        self.database = database
        self.settings = settings
        self.logger = logger
        self.notify = notify
    }

    /// A scheduler that passes notifications to `command` (`[checklists] notify_command`, else `[daemon]`'s); nil
    /// when neither is configured … the page still shows reminders, so it runs anyway and only logs.
    package init(database: AppDatabase, settings: ChecklistSettings, notifyCommand: String?, logger: Logger) {
        let notifier = (settings.notifyCommand ?? notifyCommand).map { Notifier(command: $0, logger: logger) }
        self.init(database: database, settings: settings, logger: logger) { event, details in
            notifier?.notify(event: event, details: details)
        }
    }

    /// The scheduler as the configuration sets it: `[checklists]`, and `[daemon] notify_command` as the fallback.
    package static func configured(
        database: AppDatabase, configuration file: ConfigurationFile, logger: Logger
    ) throws -> ReminderScheduler {
        let settings = try file.table(ChecklistSettings.self, "checklists")
        let daemon = try file.table(DaemonSettings.self, "daemon")
        return ReminderScheduler(
            database: database, settings: settings, notifyCommand: daemon.notifyCommand, logger: logger)
    }

    /// What one tick did, for the caller's report.
    package struct Tick: Sendable, Hashable {
        package var notified: [String] = []
        package var escalated: [String] = []
    }

    package func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                _ = try tick(now: Date().timeIntervalSince1970)
            } catch {
                logger.warning("Checklist reminders could not run", metadata: ["error": "\(error)"])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }

    /// Records the occurrences of `rules` due in a shift up to `until` (included): before a reminder is
    /// acknowledged and when the shift ends, so the statistics count what fell due even when no scheduler ran.
    package static func record(
        _ shift: ChecklistShift, until: Double, rules: [ReminderRule], database: AppDatabase
    ) throws {
        let clock = RestaurantClock(shift.restaurant)
        for rule in rules {
            let due = ReminderSchedule.dueTimes(
                rule, dayPart: shift.dayPart, start: shift.startedAt, end: until + 0.001, offset: clock.offset)
            try database.scheduleReminders(shift: shift.id, due.map { (rule.name, $0) })
        }
    }

    @discardableResult
    package func tick(now: Double) throws -> Tick {
        var done = Tick()
        for shift in try database.openChecklistShifts() where shift.startedAt <= now {
            let clock = RestaurantClock(shift.restaurant)
            try Self.record(shift, until: now, rules: settings.reminders, database: database)
            let current = try database.checklistShift(shift.id)
            let byName = Dictionary(grouping: current.reminders, by: { $0.occurrence.name.lowercased() })
            for (_, reminders) in byName {
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
                        notify("checklist-reminder", details)
                        done.notified.append(label)
                    }
                    if actions.contains(.escalate) {
                        let managers = try database.users().filter {
                            $0.role == .restaurantManager && $0.worksAt(shift.restaurant.name)
                        }.map(\.name)
                        var escalation = details
                        escalation["LOGBOOK_ESCALATE_TO"] = managers.joined(separator: ", ")
                        notify("checklist-escalation", escalation)
                        done.escalated.append(label)
                        logger.notice(
                            "Reminder not acknowledged; restaurant manager told",
                            metadata: ["shift": "\(shift.id)", "reminder": "\(reminder.occurrence.name)"])
                    }
                    try database.updateReminder(
                        StoredReminder(
                            id: reminder.id, shiftID: reminder.shiftID,
                            occurrence: reminder.occurrence.after(actions, now: now)))
                }
            }
        }
        return done
    }
}
