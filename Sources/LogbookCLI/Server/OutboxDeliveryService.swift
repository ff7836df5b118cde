import LogbookStore
import Logging
import Mailer
import ServiceLifecycle

/// Delivers the mail outbox every `interval` while `logbook serve` runs (`[mail]` configured): messages that could
/// not go out at once (the mail server was down) and those queued by any process on the log. With several servers
/// on one log each message is claimed by one of them first, so it goes out once; a server stopped mid-delivery leaves
/// its claim to run out, and another server delivers the message after that.
struct OutboxDeliveryService: Service {
    let database: AppDatabase
    let configuration: MailConfiguration
    let interval: Duration
    let claimDuration: Double
    let logger: Logger

    func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            if let mailer = try? SMTPMailer(configuration: configuration) {
                var sender = OutboxSender(database: database, mailer: mailer)
                sender.claimDuration = claimDuration
                let outcome = sender.deliverDue()
                if !outcome.sent.isEmpty || !outcome.failed.isEmpty {
                    logger.info(
                        "Outbox delivered",
                        metadata: ["mail.sent": "\(outcome.sent.count)", "mail.failed": "\(outcome.failed.count)"])
                }
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }
}
