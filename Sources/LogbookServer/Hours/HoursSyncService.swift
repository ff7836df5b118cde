import Foundation
import HoursSubmission
import LogbookCLI
import LogbookConfiguration
import LogbookDaemon
import LogbookReporting
import LogbookStore
import Logging
import ServiceLifecycle

/// `logbook serve` sends changes of shifts to the payroll system as they come (shifts added, edited or deleted on
/// the pages, through the API or the CLI): every few seconds it delivers what is due, with the backoff of
/// `HoursSync`. A graceful shutdown stops it between changes; a change cut off mid-flight is sent again later with
/// the same idempotency key.
struct HoursSyncService: Service {
    let sync: HoursSync
    let client: PayrollClient
    var interval: Duration = .seconds(5)

    /// The sender for `[hours] endpoint`, or nil when none is set; a missing or unreadable token ends with 78.
    static func configured(database: AppDatabase, configuration: ConfigurationFile, logger: Logger) throws
        -> HoursSyncService?
    {
        let settings = try configuration.table(HoursSettings.self, "hours")
        guard settings.endpoint != nil else { return nil }
        let endpoint = try settings.payrollEndpoint(configuration: configuration)
        let client = PayrollClient(endpoint: endpoint, userAgent: "logbook/\(LogbookVersion.current)")
        return HoursSyncService(sync: HoursSync(database: database, client: client, logger: logger), client: client)
    }

    func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                _ = try await cancelWhenGracefulShutdown { try await sync.run(dueOnly: true) }
            } catch is CancellationError {
                break
            } catch {
                sync.logger.error("Cannot read the queue of work-hour changes", metadata: ["error": "\(error)"])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
        await client.shutdown()
    }
}
