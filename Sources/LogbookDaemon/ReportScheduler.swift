import Foundation
import LogbookStore
import Logging
import MileageLog
import ServiceLifecycle
import TrackModel
import LogbookServices

/// The part of the `[report]` table the daemon needs (`LogbookCLI` reads the rest): where and when to send
/// the monthly report.
struct ReportSchedule: Decodable, Sendable {
    var email: String?
    var sendDay = 1
    var sendMinute = 8 * 60

    enum CodingKeys: String, CodingKey, CaseIterable {
        case email
        case sendDay = "send_day"
        case sendTime = "send_time"
    }

    init(email: String? = nil, sendDay: Int = 1, sendMinute: Int = 8 * 60) {
        self.email = email
        self.sendDay = sendDay
        self.sendMinute = sendMinute
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        email = try c.decodeIfPresent(String.self, forKey: .email)
        sendDay = try c.decodeIfPresent(Int.self, forKey: .sendDay) ?? 1
        guard (1...28).contains(sendDay) else {
            throw DecodingError.dataCorruptedError(
                forKey: .sendDay, in: c, debugDescription: "must be 1 to 28 (a day every month has)")
        }
        if let text = try c.decodeIfPresent(String.self, forKey: .sendTime) {
            guard let minute = LocalClock.minute(parsing: text) else {
                throw DecodingError.dataCorruptedError(forKey: .sendTime, in: c, debugDescription: "expected HH:MM")
            }
            sendMinute = minute
        }
    }
}

/// The daemon's monthly report and outbox delivery (mail, and changes of work hours for the payroll system).
///
/// Once a minute: when this month's send moment ([report] send_day and send_time, local) has passed and last
/// month's report for the vehicle was never queued, it is made and queued — so a box that was off at that
/// moment catches up when it starts, and a period goes out once (the store records each delivery). Queued
/// messages and changes of shifts that are due are then delivered with backoff. All run as child processes
/// (`logbook report`, `logbook mail send-pending --due-only`, `logbook hours sync --due-only`): rendering a PDF and talking SMTP never share the tracker's memory or
/// block it, and a failure there cannot take tracking down.
struct ReportScheduler: Service {
    let database: AppDatabase
    let vehicle: String
    let settings: ReportSchedule
    let mailConfigured: Bool
    /// `[hours] endpoint` is set: changes of shifts go to the payroll system.
    var hoursConfigured = false
    let clock: LocalClock
    /// `--database …` and `--config …` for the children.
    let childArguments: [String]
    let logger: Logger
    /// `[upload] url` is set: queued positions go to the central server (`logbook upload`).
    var uploadConfigured = false
    var interval: Duration = .seconds(60)

    /// The month whose report is due at `now` (`YYYY-MM`): last month once this month's send moment has passed,
    /// else the month before (still owed if the box was off all last month).
    static func duePeriod(now: Timestamp, settings: ReportSchedule, clock: LocalClock) -> String {
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
        if uploadConfigured, ((try? database.queuedUploadCount()) ?? 0) > 0 {
            let status = await Self.runChild(["upload", "--quiet"] + childArguments)
            if status != 0 {
                logger.notice("Positions are still waiting for the central server", metadata: ["exit": "\(status)"])
            }
        }
        // Due by the log's own clock, as the child's `--due-only` decides.
        if hoursConfigured, !((try? database.hoursChangesToSend(dueOnly: true).isEmpty) ?? true) {
            let status = await Self.runChild(["hours", "sync", "--due-only", "--quiet"] + childArguments)
            if status != 0 {
                logger.notice(
                    "Some changes of work hours are still waiting for delivery", metadata: ["exit": "\(status)"])
            }
        }
    }

    /// Runs `logbook` (beside this executable) with `arguments`; returns its exit status (or -1 when it could not
    /// start).
    static func runChild(_ arguments: [String]) async -> Int32 {
        await withCheckedContinuation { continuation in
            let process = Process()
            process.executableURL = Executables.sibling("logbook")
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

/// Where the executables are: `logbook` and `logbook-daemon` are installed side by side.
enum Executables {
    static var current: URL {
        var buffer = [CChar](repeating: 0, count: 4_096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return URL(fileURLWithPath: CommandLine.arguments[0]) }
        return URL(fileURLWithPath: String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// The executable named `name` in the current one's directory (the current one if that is its name).
    static func sibling(_ name: String) -> URL {
        current.deletingLastPathComponent().appendingPathComponent(name)
    }
}
