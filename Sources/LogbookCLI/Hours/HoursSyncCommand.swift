import ArgumentParser
import HoursSubmission
import LogbookDaemon
import LogbookServices
import Logging
import LogbookConfiguration

/// `hours sync`: sends the queued changes of entries to the payroll system now.
struct HoursSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send the queued changes of shifts to the payroll system ([hours] endpoint) now.",
        discussion: """
            Each change goes as PUT or DELETE {endpoint}/{shift id} with Authorization: Bearer (the token in \
            [hours] token_file) and an Idempotency-Key, in order per shift. No connection, a timeout, 408, 429 \
            or 5xx: tried again later, 30 s after the first failure, doubling to 1 h (Retry-After honoured). \
            Any other refusal: failed, with the payroll system's message, until `hours retry ID`. Exits 0 when \
            nothing is left pending, 75 (EX_TEMPFAIL) otherwise. `logbook daemon` and `logbook serve` send \
            continuously; use --due-only from cron.
            """)

    @Flag(name: .long, help: "Only changes whose backoff has passed (for cron).") var dueOnly = false
    @Flag(name: .shortAndLong, help: "Say nothing when everything was sent.") var quiet = false
    @OptionGroup var options: HoursOptions

    func run() async throws {
        let file = try options.log.configurationOptions.load()
        let service = try options.service()
        let endpoint = try service.settings.payrollEndpoint(configurationPath: file.path)
        let client = PayrollClient(endpoint: endpoint, userAgent: "logbook/\(LogbookVersion.current)")
        let summary: HoursSync.Summary
        do {
            summary = try await HoursSync(
                database: service.context.database, client: client,
                logger: Logger(label: "logbook.hours", factory: { _ in SwiftLogNoOpLogHandler() })
            ).run(dueOnly: dueOnly)
        } catch {
            await client.shutdown()
            throw ServiceError.from(error) ?? ServiceError(.failed, "\(error)")
        }
        await client.shutdown()
        for problem in summary.problems {
            Diagnostics.error(
                "change \(problem.change) " + (problem.refused ? "refused: " : "not delivered: ") + problem.message)
        }
        let line =
            "\(summary.sent) change\(summary.sent == 1 ? "" : "s") sent; \(summary.pending) pending, "
            + "\(summary.failed) failed"
        if summary.pending > 0 || summary.failed > 0 || !quiet { Diagnostics.print(line) }
        if summary.pending > 0 { throw ExitCode(75) }
    }
}
