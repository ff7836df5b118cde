import Foundation
import Logging

/// The `[daemon]` table of the configuration.
///
/// ```toml
/// [daemon]
/// notify_command = "notify-send 'Logbook' \"Standing since $LOGBOOK_IDLE_SINCE\""
/// ```
package struct DaemonSettings: Decodable, Sendable {
    /// Run through `/bin/sh -c` on reminders, with `LOGBOOK_EVENT` and the event's details in its environment.
    package var notifyCommand: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case notifyCommand = "notify_command"
    }
}

/// Passes reminders to the driver through a command of their choice (a desktop notification, a buzzer, a
/// message): started in the background, never waited for, its failure logged.
package struct Notifier: Sendable {
    package let command: String
    package let logger: Logger

    package init(command: String, logger: Logger) {
        self.command = command
        self.logger = logger
    }

    package func notify(event: String, details: [String: String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = ProcessInfo.processInfo.environment
        environment["LOGBOOK_EVENT"] = event
        for (key, value) in details { environment[key] = value }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let logger = logger
        process.terminationHandler = { finished in
            if finished.terminationStatus != 0 {
                logger.warning(
                    "Notification command failed",
                    metadata: ["notify.event": "\(event)", "notify.status": "\(finished.terminationStatus)"])
            }
        }
        do {
            try process.run()
            logger.info("Notification command started", metadata: ["notify.event": "\(event)"])
        } catch {
            logger.warning(
                "Notification command could not start", metadata: ["notify.event": "\(event)", "error": "\(error)"])
        }
    }
}
