import HoursSubmission
import LogbookServices
import LogbookStore
import Logging
import ServiceLifecycle

/// `logbook serve` sends changes of entries to the payroll system as they come (entries added, edited or deleted
/// on the pages, through the API or the CLI): every few seconds it delivers what is due, with the backoff of
/// `HoursSync`. A graceful shutdown stops it between changes; a change cut off mid-flight is sent again later with
/// the same idempotency key.
package struct HoursSyncService: Service {
    let sync: HoursSync
    let client: PayrollClient
    var interval: Duration = .seconds(5)

    /// The sender for `[hours] endpoint`, or nil when none is set; a missing or unreadable token is refused (78 at
    /// the command line), naming the configuration file at `configurationPath`.
    package static func configured(
        database: AppDatabase, settings: HoursSettings, configurationPath: String?, userAgent: String, logger: Logger
    ) throws -> HoursSyncService? {
        guard settings.endpoint != nil else { return nil }
        let endpoint = try settings.payrollEndpoint(configurationPath: configurationPath)
        let client = PayrollClient(endpoint: endpoint, userAgent: userAgent)
        return HoursSyncService(sync: HoursSync(database: database, client: client, logger: logger), client: client)
    }

    package func run() async throws {
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
