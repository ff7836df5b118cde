import Foundation
import LogbookStore
import Logging
import MileageLog
import ServiceLifecycle
import TrackModel

/// The daemon's monthly report and outbox delivery.
///
/// Once a minute: when this month's send moment ([report] send_day and send_time, local) has passed and last
/// month's report for the vehicle was never queued, it is made and queued — so a box that was off at that
/// moment catches up when it starts, and a period goes out once (the store records each delivery). Queued
/// messages that are due are then delivered with backoff. Both run as child processes (`logbook report`,
/// `logbook mail send-pending --due-only`): rendering a PDF and talking SMTP never share the tracker's memory or
/// block it, and a failure there cannot take tracking down.
struct ReportScheduler: Service {
    let database: AppDatabase
    let vehicle: String
    let settings: ReportSettings
    let mailConfigured: Bool
    let clock: LocalClock
    /// `--database …` and `--config …` for the children.
    let childArguments: [String]
    let logger: Logger
    var interval: Duration = .seconds(60)

    /// The month whose report is due at `now` (`YYYY-MM`): last month once this month's send moment has passed,
    /// else the month before (still owed if the box was off all last month).
    static func duePeriod(now: Timestamp, settings: ReportSettings, clock: LocalClock) -> String {
        let today = clock.day(now)
        let moment = clock.timestamp(today.startOfMonth.adding(days: settings.sendDay - 1), minute: settings.sendMinute)
        let month = today.startOfMonth.adding(months: now < moment ? -2 : -1)
        return String(month.description.prefix(7))
    }

    func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            await tick(now: Timestamp(secondsSince1970: Date().timeIntervalSince1970))
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }

    func tick(now: Timestamp) async {
        if let email = settings.email {
            let period = Self.duePeriod(now: now, settings: settings, clock: clock)
            let queued = (try? database.reportQueued(vehicle: vehicle, period: period)) ?? true
            if !queued {
                logger.info("Sending the monthly report", metadata: ["report.period": "\(period)"])
                let status = await Self.runChild(
                    ["report", "--month", period, "--vehicle", vehicle, "--email", email] + childArguments)
                if status != 0 {
                    logger.warning(
                        "The monthly report failed", metadata: ["report.period": "\(period)", "exit": "\(status)"])
                }
            }
        }
        if mailConfigured, !((try? database.dueMail(now: now).isEmpty) ?? true) {
            let status = await Self.runChild(["mail", "send-pending", "--due-only"] + childArguments)
            if status != 0 { logger.notice("Some mail is still waiting for delivery", metadata: ["exit": "\(status)"]) }
        }
    }

    /// Runs this executable with `arguments`; returns its exit status (or -1 when it could not start).
    static func runChild(_ arguments: [String]) async -> Int32 {
        await withCheckedContinuation { continuation in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            process.arguments = arguments
            process.standardInput = FileHandle.nullDevice
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                continuation.resume(returning: -1)
            }
        }
    }
}
