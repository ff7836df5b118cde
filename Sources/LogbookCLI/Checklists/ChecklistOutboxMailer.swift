import LogbookConfiguration
import LogbookServices
import LogbookStore
import Mailer
import TrackModel

/// The checklists' mails through `Mailer`: rendered (MIME, HTML beside the text) from `[mail] from`, queued by the
/// use case in the outbox, and delivered at once when the mail server answers (else `logbook mail send-pending`
/// retries them).
package struct ChecklistOutboxMailer: ChecklistMailer {
    let database: AppDatabase
    let configuration: MailConfiguration?

    package init(database: AppDatabase, configuration file: ConfigurationFile) throws {
        self.database = database
        configuration = try file.mailConfiguration()
    }

    package func render(
        _ content: ChecklistMailContent, to recipients: [String], date: Double, utcOffsetSeconds: Int
    ) throws -> OutgoingMail? {
        guard let configuration else { return nil }
        try configuration.validate()
        let message = MailMessage(
            from: try MailAddress(parsing: configuration.from),
            to: try recipients.map { address throws(MailError) in try MailAddress(parsing: address) },
            subject: content.subject, text: content.text, html: content.html,
            date: Timestamp(secondsSince1970: date), utcOffsetSeconds: utcOffsetSeconds)
        let rendered = try message.rendered()
        return OutgoingMail(
            sender: rendered.sender, recipients: rendered.recipients, messageID: rendered.messageID,
            bytes: rendered.bytes)
    }

    package func deliver(_ id: Int64) -> ChecklistDelivery {
        guard let configuration, let mailer = try? SMTPMailer(configuration: configuration) else { return .later }
        let outcome = OutboxSender(database: database, mailer: mailer).deliverDue(only: [id])
        if outcome.sent.contains(id) { return .sent }
        return .failed(outcome.failed.first?.error ?? "not due")
    }
}
