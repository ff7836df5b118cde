import ArgumentParser
import Foundation
import LogbookConfiguration
import LogbookDaemon
import LogbookStore
import Mailer
import MileageLog
import Reports
import TrackModel
import ReportDocuments
import LogbookServices

/// `logbook report`: the vehicle log of a month (or any period) as CSV and PDF, and by e-mail.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "The vehicle log of a month as CSV and PDF, and by e-mail.",
        discussion: """
            Name, company, car number and period; one row per trip (date, times, odometer, distance, category, \
            purpose, partner/destination); totals per category, the private share and the reimbursement at \
            [report] rate; trips edited after entry are marked and their edits listed; a signature line. \
            Voided trips are left out; unclassified ones count as private (with a warning). \
            --email queues the message in the outbox (a month is queued once per vehicle) and tries to deliver \
            it at once through [mail]; `logbook mail send-pending` retries what could not be delivered.
            """)

    @Option(name: .long, help: "The month, YYYY-MM (default last month).")
    var month: String?

    @Option(name: .long, help: "First day (YYYY-MM-DD), instead of --month.")
    var from: String?

    @Option(name: .long, help: "Last day (YYYY-MM-DD), instead of --month.")
    var to: String?

    @Option(name: .long, help: "The vehicle's plate (default: the only vehicle).")
    var vehicle: String?

    @Option(name: .long, help: "Only this driver's trips.")
    var driver: String?

    @Option(name: .long, help: "business, private, commute or all (default all).")
    var category: String = "all"

    @Option(name: .long, help: "Write the CSV here (- for standard output, instead of the summary).")
    var csv: String?

    @Option(name: .long, help: "Write the PDF here (- for standard output, instead of the summary).")
    var pdf: String?

    @Option(name: .long, help: "Send the report to this address (queued in the outbox first).")
    var email: [String] = []

    @Option(name: .long, help: "Check business trips against a country's required fields: EE, DE, FI, SE, UK, US.")
    var preset: String?

    @Option(name: .long, help: "Paper for the PDF: a4 or letter (default [report] paper or a4).")
    var paper: String?

    @Flag(name: .long, help: "Start the CSV with a byte order mark (for spreadsheet programs).")
    var bom = false

    @Option(name: .long, help: "Output format of the summary: table, json or csv.")
    var format: OutputFormat = .table

    @OptionGroup var log: LogOptions

    var input: ReportInput {
        ReportInput(
            vehicle: vehicle, month: month, from: from, to: to, driver: driver, category: category, preset: preset)
    }

    func validate() throws {
        if let paper, !["a4", "letter"].contains(paper.lowercased()) {
            throw ValidationError("--paper must be a4 or letter.")
        }
        if FileOutput.sharesStandardOutput(csv, pdf) {
            throw ValidationError("--csv - and --pdf - cannot both write to standard output.")
        }
    }

    func run() throws {
        let file = try log.configurationOptions.load()
        // Only --email changes the log (it queues the message); a report alone reads it.
        let context = try email.isEmpty ? log.readingContext(file) : log.context(file)
        var settings = try file.table(ReportSettings.self, "report")
        if let paper { settings.paper = paper.lowercased() == "letter" ? .letter : .a4 }
        if bom { settings.byteOrderMark = true }
        let service = try ReportService(context)
        let assembly = try service.assemble(
            input, settings: settings, configuredPreset: try file.table(LogSettings.self, "log").preset)
        for warning in assembly.warnings { Diagnostics.print("logbook: warning: " + warning) }
        let document = assembly.document
        // Each file is rendered once, and only when it is written or mailed.
        let mailing = !email.isEmpty
        let csvBytes = csv != nil || mailing ? assembly.csv(byteOrderMark: settings.byteOrderMark) : []
        var pdfBytes: [UInt8] = []
        do {
            if pdf != nil || mailing { pdfBytes = try ReportPDF(paper: settings.paper.pdf).render(document) }
            if let csv { try FileOutput.write(csvBytes, to: csv) }
            if let pdf { try FileOutput.write(pdfBytes, to: pdf) }
        } catch {
            Diagnostics.error(error.description)
            throw ExitCode(error.exitCode == 73 ? 73 : 74)
        }
        // A file written to standard output is all that goes there.
        if csv != FileOutput.standardOutput, pdf != FileOutput.standardOutput {
            try printSummary(document, clock: context.clock)
        }
        if mailing {
            try send(assembly, csv: csvBytes, pdf: pdfBytes, service: service, context: context, file: file)
        }
    }

    private func printSummary(_ document: ReportDocument, clock: LocalClock) throws {
        if format == .json { return try JSONOutput.print(ReportSummaryView(document)) }
        let totals = document.totals
        var listing = Listing([
            ("period", "Period"), ("vehicle", "Vehicle"), ("trips", "Trips"), ("business", "Business"),
            ("private", "Private"), ("commute", "Commute"), ("total", "Total"), ("unit", "Unit"),
            ("private_share", "Private share"), ("reimbursement", "Reimbursement"), ("edited", "Edited"),
        ])
        listing.append([
            .text(document.header.periodLabel), .text(document.header.vehiclePlate), .integer(totals.totalTrips),
            .text(totals.distanceText(.business)), .text(totals.distanceText(.private)),
            .text(totals.distanceText(.commute)), .text(totals.totalDistanceText), .text(document.header.unit.symbol),
            .text(totals.privateShareText), .text(totals.reimbursementText),
            .integer(document.rows.filter(\.edited).count),
        ])
        listing.print(format, clock: clock, single: true)
    }

    private func send(
        _ assembly: ReportAssembly, csv: [UInt8], pdf: [UInt8], service: ReportService, context: ServiceContext,
        file: ConfigurationFile
    ) throws {
        let monthly = assembly.month
        guard let configuration = try file.mailConfiguration() else {
            Diagnostics.error("--email needs a [mail] table in the configuration (host, port, tls, from, …)")
            throw ExitCode(78)
        }
        let id: Int64
        do {
            try configuration.validate()
            let rendered = try ReportMessage.make(
                assembly, from: configuration.from, to: email, csv: csv, pdf: pdf, clock: context.clock
            ).rendered()
            let mail = OutgoingMail(
                sender: rendered.sender, recipients: rendered.recipients, messageID: rendered.messageID,
                bytes: rendered.bytes)
            guard let queued = try service.enqueue(mail, of: assembly, month: monthly) else {
                Diagnostics.print(
                    "logbook: the report for \(monthly ?? "") of \(assembly.document.header.vehiclePlate) was queued "
                        + "before; see `logbook mail status`")
                return
            }
            id = queued
        } catch let error as MailError {
            Diagnostics.error(error.description)
            throw ExitCode(error.code == .invalidMessage ? 64 : 78)
        }
        let mailer: SMTPMailer
        do {
            mailer = try SMTPMailer(configuration: configuration)
        } catch {
            Diagnostics.error("message \(id) queued, not sent: \(error.description)")
            throw ExitCode(78)
        }
        let outcome = OutboxSender(database: context.database, mailer: mailer).deliverDue(only: [id])
        if outcome.sent.contains(id) {
            Diagnostics.print("Sent \"\(assembly.document.title)\" to \(email.joined(separator: ", ")) (message \(id))")
        } else {
            let reason = outcome.failed.first?.error ?? "not due"
            Diagnostics.print(
                "logbook: warning: message \(id) is queued but not delivered yet: \(reason); "
                    + "`logbook mail send-pending` retries it")
        }
    }
}

/// `logbook mail`: the outbox.
struct MailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mail", abstract: "The mail outbox: deliver, list and retry messages.",
        subcommands: [SendPending.self, Status.self, Retry.self])

    struct SendPending: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "send-pending",
            abstract: "Deliver the queued messages (exit 0 when none is left undelivered).")

        @Flag(name: .long, help: "Only those whose next attempt is due (backoff respected; for the daemon and cron).")
        var dueOnly = false
        @OptionGroup var log: LogOptions

        func run() throws {
            let file = try log.configurationOptions.load()
            let (database, _) = try log.open(file)
            guard let configuration = try file.mailConfiguration() else {
                Diagnostics.error("sending needs a [mail] table in the configuration")
                throw ExitCode(78)
            }
            if !dueOnly {
                for message in try database.outbox(status: .pending) { try database.retryMail(message.id) }
            }
            let mailer: SMTPMailer
            do {
                try configuration.validate()
                mailer = try SMTPMailer(configuration: configuration)
            } catch {
                Diagnostics.error(error.description)
                throw ExitCode(78)
            }
            let outcome = OutboxSender(database: database, mailer: mailer).deliverDue()
            print("\(outcome.sent.count) sent, \(outcome.failed.count) failed")
            for failure in outcome.failed { Diagnostics.print("logbook: message \(failure.id): \(failure.error)") }
            if !outcome.failed.isEmpty { throw ExitCode(75) }
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status", abstract: "List pending, sent and failed messages.")

        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.readingContext()
            let messages = try OutboxService(context).list()
            if format == .json { return try JSONOutput.print(messages.map(MailStatusRow.init)) }
            var listing = Listing([
                ("id", "#"), ("status", "Status"), ("subject", "Subject"), ("recipients", "To"),
                ("attempts", "Attempts"), ("created_at", "Queued"), ("next_attempt_at", "Next attempt"),
                ("sent_at", "Sent"), ("last_error", "Last error"),
            ])
            for m in messages.map(\.message) {
                listing.append([
                    .integer(Int(m.id)), .text(m.status.rawValue), .text(m.subject),
                    .text(m.recipients.joined(separator: ", ")), .integer(m.attempts), .time(m.createdAt),
                    .time(m.status == .pending ? m.nextAttemptAt : nil), .time(m.sentAt), .text(m.lastError),
                ])
            }
            listing.print(format, clock: context.clock)
        }
    }

    /// A message as `mail status --format json` has always given it: the recipients in one text.
    struct MailStatusRow: Encodable {
        var view: OutboxMessageView

        init(_ view: OutboxMessageView) { self.view = view }

        enum CodingKeys: String, CodingKey {
            case id, status, subject, recipients, attempts
            case createdAt = "created_at"
            case nextAttemptAt = "next_attempt_at"
            case sentAt = "sent_at"
            case lastError = "last_error"
        }

        func encode(to encoder: any Encoder) throws {
            let m = view.message
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(m.id, forKey: .id)
            try c.encode(m.status.rawValue, forKey: .status)
            try c.encode(m.subject, forKey: .subject)
            try c.encode(m.recipients.joined(separator: ", "), forKey: .recipients)
            try c.encode(m.attempts, forKey: .attempts)
            try c.encode(m.createdAt.iso8601, forKey: .createdAt)
            try c.encode(view.nextAttempt?.iso8601, forKey: .nextAttemptAt)
            try c.encode(m.sentAt?.iso8601, forKey: .sentAt)
            try c.encode(m.lastError, forKey: .lastError)
        }
    }

    struct Retry: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "retry", abstract: "Make a failed or waiting message due again now.")

        @Argument(help: "The message's id.") var id: Int64
        @OptionGroup var log: LogOptions

        func run() throws {
            try OutboxService(try log.context()).retry(id)
            print("Message \(id) is due; `logbook mail send-pending` delivers it")
        }
    }
}
