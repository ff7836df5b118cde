public import Foundation
import Hours
import LogbookStore
import ReportDocuments

/// Whom a pay period's timesheet goes to (the hours page's form, `POST /api/v1/hours/periods/{day}/timesheet/email`):
/// `{"to": ["payroll@example.org"]}`, 1 to 10 addresses.
public struct HoursTimesheetMailInput: Decodable, Sendable, Hashable {
    public var to: [String]

    public init(to: [String]) { self.to = to }

    /// The addresses as typed on one line: split at commas, semicolons and spaces.
    public static func addresses(_ line: String) -> [String] {
        line.split(whereSeparator: { $0 == "," || $0 == ";" || $0.isWhitespace }).map(String.init)
    }

    func validated() throws -> [String] {
        let to = to.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard (1...10).contains(to.count) else {
            throw ServiceError(.invalid, field: "to", "give the e-mail address to send to (1 to 10 addresses)")
        }
        for address in to where !MailAddressText.isPlausible(address) {
            throw ServiceError(.invalid, field: "to", "\(address.prefix(100)) is not an e-mail address")
        }
        return to
    }
}

/// A period's timesheet as a mail to compose at the edge, which has the PDF renderer and the mailer: the report
/// (its PDF document and CSV), the recipients, the subject and the text. `HoursService.enqueue` puts the rendered
/// message in the outbox.
public struct HoursTimesheetMailing: Sendable {
    public var report: HoursReport
    public var recipients: [String]
    public var subject: String
    public var text: String
}

extension HoursService {
    /// The timesheet of a driver's period to e-mail (the same report as `hours report`, made `now`): for those who
    /// may read that driver's hours.
    public func timesheetMail(
        period name: String?, driver requested: String?, _ input: HoursTimesheetMailInput, now: Date
    ) throws -> HoursTimesheetMailing {
        // Whose hours first: a caller who may not read them learns nothing from the addresses' answer.
        try access.requireReader()
        let driver = try access.driver(requested)
        let recipients = try input.validated()
        let report = try report(period: name, driver: driver, now: now)
        let sheet = report.sheet
        let t = sheet.totals
        let clock = MinutesText.clock
        let lines = [
            "The timesheet of \(sheet.driver ?? "") for the pay period \(sheet.period.start) to \(sheet.period.end) "
                + "is attached as PDF (to sign) and CSV.",
            "",
            "Status: \(sheet.status)",
            "Shifts: \(t.entries)",
            "Worked: \(clock(t.workedMinutes)), breaks \(clock(t.breakMinutes))",
            "Net working time: \(clock(t.netMinutes))",
            "Overtime: \(clock(t.overtimeMinutes))",
        ]
        return HoursTimesheetMailing(
            report: report, recipients: recipients, subject: report.document.title,
            text: lines.joined(separator: "\n") + "\n")
    }

    /// Puts a rendered timesheet mail in the outbox (the outbox sender delivers it); the message's id.
    public func enqueue(_ mail: OutgoingMail, subject: String) throws -> Int64 {
        try access.requireReader()
        return try mail.enqueue(in: writer, subject: subject)
    }
}
