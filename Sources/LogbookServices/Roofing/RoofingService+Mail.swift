import Foundation
import LogbookStore
import ReportDocuments
import Roofing

extension RoofingService {
    /// The final account of the project named, to e-mail to the employer (issue 29 §1): the submitted (or settled)
    /// account as the union's PDF with the photos, its total, surplus and shares in the text. An account still open
    /// or under revision is refused — the final account is the one submitted. For those who handle the pay.
    public func finalAccountMail(project name: String, _ input: RoofingAccountMailInput) throws
        -> RoofingAccountMailing
    {
        try access.require(.pay)
        let (to, english) = try input.validated()
        let stored = try visibleProject(name)
        guard stored.status == "submitted" || stored.status == "settled" else {
            throw ServiceError(
                .refused,
                "\(stored.project.name) is \(stored.status): submit the account first (the final account "
                    + "is the submitted one)")
        }
        let document = try accountDocument(
            project: stored.project.name, language: english ? .english : .danish, photos: true)
        let account = document.account
        func kr(_ money: Money) -> String { money.danish(currency: account.currency) }
        let version = stored.versions.last.map { " (version \($0.number))" } ?? ""
        let subject =
            (english ? "Final account: " : "Akkordopgørelse: ") + stored.project.name + version
        var lines = [
            english
                ? "The final piecework account of \(stored.project.name) is attached as a PDF."
                : "Akkordopgørelsen for \(stored.project.name) er vedhæftet som PDF.",
            "",
            (english ? "Total: " : "I alt: ") + kr(account.total),
            (english ? "Surplus: " : "Overskud: ") + kr(account.surplus),
        ]
        for share in account.shares {
            lines.append("\(share.roofer): \(kr(share.amount))")
        }
        let stem = String(
            stored.project.name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" }
                .prefix(100))
        return RoofingAccountMailing(
            document: document, recipients: to, subject: subject, text: lines.joined(separator: "\n") + "\n",
            fileStem: stem)
    }

    /// Puts the rendered final account in the outbox (the outbox sender delivers it); the message's id.
    public func enqueue(_ mail: OutgoingMail, subject: String) throws -> Int64 {
        try access.require(.pay)
        return try mail.enqueue(in: writer, subject: subject)
    }
}
