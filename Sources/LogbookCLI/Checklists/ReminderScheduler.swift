import Foundation
import LogbookConfiguration
import LogbookDaemon
import LogbookServices
import LogbookStore
import Logging
import ServiceLifecycle

/// The reminder round of the open shifts (`ChecklistService.remind`) every 15 seconds while `logbook serve` or
/// `checklists remind` runs: the travel path every 30 minutes from 10:15 on day shifts and 17:15 on evening shifts,
/// repeated until acknowledged, escalated to the restaurant's managers. Notifications go through `notify_command`
/// (with `LOGBOOK_EVENT` `checklist-reminder` or `checklist-escalation`); the web page shows the same occurrences.
///
/// `tick(now:)` takes the clock from its caller, so tests (and `checklists remind --at`) decide what time it is.
package struct ReminderScheduler: Service {
    package let service: ChecklistService
    package let notify: @Sendable (_ event: String, _ details: [String: String]) -> Void
    package let logger: Logger
    package var interval: Duration = .seconds(15)

    package init(
        service: ChecklistService, logger: Logger,
        notify: @escaping @Sendable (_ event: String, _ details: [String: String]) -> Void
    ) {
        self.service = service
        self.logger = logger
        self.notify = notify
    }

    /// A scheduler that passes notifications to `[checklists] notify_command`, else `notifyCommand`; with neither
    /// it runs anyway (the page still shows reminders) and only logs.
    package init(service: ChecklistService, notifyCommand: String?, logger: Logger) {
        let command = service.settings.notifyCommand ?? notifyCommand
        let notifier = command.map { Notifier(command: $0, logger: logger) }
        self.init(service: service, logger: logger) { event, details in
            notifier?.notify(event: event, details: details)
        }
    }

    /// The scheduler as the configuration sets it: `[checklists]`, and `[daemon] notify_command` as the fallback.
    package static func configured(
        service: ChecklistService, configuration file: ConfigurationFile, logger: Logger
    ) throws -> ReminderScheduler {
        let daemon = try file.table(DaemonSettings.self, "daemon")
        return ReminderScheduler(service: service, notifyCommand: daemon.notifyCommand, logger: logger)
    }

    /// The same on the log `database` (the terminal's rights), for `logbook serve`.
    package static func configured(
        database: AppDatabase, configuration file: ConfigurationFile, clock: LocalClock, logger: Logger
    ) throws -> ReminderScheduler {
        let settings = try file.table(ChecklistSettings.self, "checklists")
        let service = ChecklistService(
            ServiceContext(database: database, caller: .terminal, clock: clock), settings: settings)
        return try configured(service: service, configuration: file, logger: logger)
    }

    package func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                _ = try tick(now: service.now())
            } catch {
                logger.warning("Checklist reminders could not run", metadata: ["error": "\(error)"])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }

    /// One round at `now`.
    @discardableResult
    package func tick(now: Double) throws -> ChecklistReminderRound {
        let round = try service.remind(now: now) { notify($0.event, $0.details) }
        for label in round.escalated {
            logger.notice("Reminder not acknowledged; restaurant manager told", metadata: ["reminder": "\(label)"])
        }
        return round
    }
}
