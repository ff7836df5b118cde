import Foundation
import LogbookConfiguration
import LogbookDaemon
import LogbookServices
import Mailer
import ReportDocuments
import Reports
import TrackModel

/// The monthly report as a message: the summary as its text, the CSV and the PDF attached.
enum ReportMessage {
    static func make(
        _ assembly: ReportAssembly, from: String, to: [String], csv: [UInt8], pdf: [UInt8], clock: LocalClock
    ) throws(MailError) -> MailMessage {
        let now = Timestamp(secondsSince1970: Date().timeIntervalSince1970)
        return MailMessage(
            from: try MailAddress(parsing: from),
            to: try to.map { address throws(MailError) in try MailAddress(parsing: address) },
            subject: assembly.document.title, text: assembly.document.summaryText,
            attachments: assembly.attachments(csv: csv, pdf: pdf).map {
                MailAttachment(filename: $0.filename, mimeType: $0.mimeType, bytes: $0.bytes)
            }, date: now, utcOffsetSeconds: clock.offset(now))
    }
}

extension ReportPaper {
    /// The paper as the PDF renderer names it.
    var pdf: ReportPDF.Paper { ReportPDF.Paper(rawValue: rawValue) ?? .a4 }
}

extension ConfigurationFile {
    /// The `[mail]` table; nil when the file has none. A bad value ends the command with one line naming the file and
    /// the key.
    package func mailConfiguration() throws -> MailConfiguration? {
        guard root["mail"] != nil else { return nil }
        return try table(MailConfiguration.self, "mail")
    }
}
