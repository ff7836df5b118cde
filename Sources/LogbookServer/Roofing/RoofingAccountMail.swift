import Foundation
import HTTPTypes
import LogbookConfiguration
import LogbookServices
import Mailer
import ReportDocuments
import Reports
import TrackModel

/// The final account e-mailed to the employer (issue 29 §1), from the API and the project page alike: the use case
/// checks who may and what (`RoofingService.finalAccountMail`), this draws the union's PDF with the photos, renders
/// the message from `[mail] from` and puts it in the outbox, which the outbox sender delivers (`logbook mail
/// send-pending`, the daemon) as it does the reports.
enum RoofingAccountMail {
    /// Queues the final account of `project` for the input's addresses; the outbox message's id.
    static func queue(
        _ service: RoofingService, project: String, _ input: RoofingAccountMailInput, environment: ServerEnvironment
    ) throws -> Int64 {
        let mailing = try service.finalAccountMail(project: project, input)
        guard let mail = try environment.configuration.mailSettings() else {
            throw APIError(.conflict, "mail-not-configured", "the server has no [mail] settings to send with")
        }
        let pdf: [UInt8]
        do throws(ReportError) {
            pdf = try RoofingAccountPDF.render(mailing.document, paper: .a4)
        } catch {
            throw APIError(.internalServerError, "rendering", "the account could not be drawn: \(error.reason)")
        }
        let now = Timestamp(secondsSince1970: Date().timeIntervalSince1970)
        let message = MailMessage(
            from: try MailAddress(parsing: mail.from),
            to: try mailing.recipients.map { address throws(MailError) in try MailAddress(parsing: address) },
            subject: mailing.subject, text: mailing.text,
            attachments: [MailAttachment(filename: mailing.fileStem + ".pdf", mimeType: "application/pdf", bytes: pdf)],
            date: now, utcOffsetSeconds: environment.clock.offset(now))
        let rendered = try message.rendered()
        return try service.enqueue(
            OutgoingMail(
                sender: rendered.sender, recipients: rendered.recipients, messageID: rendered.messageID,
                bytes: rendered.bytes), subject: mailing.subject)
    }

    /// The address the project page offers: `[roofing] employer_email`, when the configuration has one.
    static func employer(_ environment: ServerEnvironment) -> String {
        ((try? environment.configuration.decode(RoofingSettings.self, table: "roofing"))?.employerEmail) ?? ""
    }
}
