import Foundation
import HTTPTypes
import Hummingbird
import LogbookServices
import Mailer
import NIOCore
import ReportDocuments
import Reports
import TrackModel

/// A pay period's timesheet from the hours page and the API: the same document as `logbook hours report` — the PDF
/// a payroll clerk signs and the CSV — downloaded, or e-mailed with both attached through the outbox (which the
/// outbox sender delivers, as it does the mileage reports).
enum HoursTimesheet: String, CaseIterable {
    case pdf = "timesheet.pdf"
    case csv = "timesheet.csv"

    /// `?driver=NAME&paper=a4|letter` of a download (the path's day names the period).
    struct Query: Decodable {
        var driver: String?
        var paper: String?
    }

    /// The timesheet of `driver`'s period (the user's own when none is named) as this file.
    func response(_ service: HoursService, period: String, request: Request) throws -> Response {
        _ = try service.period(named: period, field: "day")
        let query = try RequestInput.query(Query.self, from: request)
        let paper = try Self.paper(query.paper)
        let report = try service.report(period: period, driver: query.driver, now: Date())
        let bytes: [UInt8]
        let type: String
        switch self {
        case .pdf: (bytes, type) = (try Self.pdf(report, paper: paper), "application/pdf")
        case .csv: (bytes, type) = (report.csv, "text/csv; charset=utf-8")
        }
        let suffix = self == .pdf ? ".pdf" : ".csv"
        return Response(
            status: .ok,
            headers: [
                .contentType: type, .contentDisposition: "attachment; filename=\"\(report.fileStem)\(suffix)\"",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// `a4` (also when absent) or `letter`, in any case.
    static func paper(_ text: String?) throws -> ReportPDF.Paper {
        switch text?.lowercased() ?? "a4" {
        case "a4", "": return .a4
        case "letter": return .letter
        default: throw ServiceError(.invalid, field: "paper", "expected a4 or letter")
        }
    }

    static func pdf(_ report: HoursReport, paper: ReportPDF.Paper = .a4) throws -> [UInt8] {
        do throws(ReportError) {
            return try HoursSheetPDF(paper: paper).render(report.document)
        } catch {
            throw APIError(.internalServerError, "rendering", "the timesheet could not be drawn: \(error.reason)")
        }
    }

    /// Queues the timesheet of `driver`'s period for the input's addresses, the PDF and the CSV attached; the
    /// outbox message's id. Without `[mail]` settings it is refused (409), as the mileage report's e-mail.
    static func queue(
        _ service: HoursService, period: String, driver: String?, _ input: HoursTimesheetMailInput,
        environment: ServerEnvironment
    ) throws -> Int64 {
        _ = try service.period(named: period, field: "day")
        let mailing = try service.timesheetMail(period: period, driver: driver, input, now: Date())
        for recipient in mailing.recipients {
            // The mailer's own check, said about the field the addresses came in.
            if case .failure(let error) = Result(catching: { () throws(MailError) in try MailAddress(recipient) }) {
                throw ServiceError(.invalid, field: "to", error.message)
            }
        }
        guard let mail = try environment.configuration.mailSettings() else {
            throw APIError(.conflict, "mail-not-configured", "the server has no [mail] settings to send with")
        }
        let report = mailing.report
        let now = Timestamp(secondsSince1970: Date().timeIntervalSince1970)
        let message = MailMessage(
            from: try MailAddress(parsing: mail.from),
            to: try mailing.recipients.map { address throws(MailError) in try MailAddress(parsing: address) },
            subject: mailing.subject, text: mailing.text,
            attachments: [
                MailAttachment(filename: report.fileStem + ".pdf", mimeType: "application/pdf", bytes: try pdf(report)),
                MailAttachment(filename: report.fileStem + ".csv", mimeType: "text/csv", bytes: report.csv),
            ],
            date: now, utcOffsetSeconds: environment.clock.offset(now))
        let rendered = try message.rendered()
        return try service.enqueue(
            OutgoingMail(
                sender: rendered.sender, recipients: rendered.recipients, messageID: rendered.messageID,
                bytes: rendered.bytes), subject: mailing.subject)
    }
}

/// The answer of `POST /api/v1/hours/periods/{day}/timesheet/email`: `{"queued": <the outbox message's id>}`.
struct HoursTimesheetQueuedView: Encodable {
    var queued: Int64
}
