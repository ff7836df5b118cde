import ArgumentParser
import Foundation
import LogbookCLI
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

    @Option(name: .long, help: "Write the CSV here.")
    var csv: String?

    @Option(name: .long, help: "Write the PDF here.")
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

    func validate() throws {
        if month != nil, from != nil || to != nil { throw ValidationError("Give --month or --from/--to, not both.") }
        _ = try period(today: Day(dayNumber: 0))
        if category.lowercased() != "all" { _ = try TripArguments.category(category) }
        if let preset, CountryPreset(rawValue: preset.uppercased()) == nil {
            throw ValidationError("--preset must be one of EE, DE, FI, SE, UK, US.")
        }
        if let paper, !["a4", "letter"].contains(paper.lowercased()) {
            throw ValidationError("--paper must be a4 or letter.")
        }
    }

    func period(today: Day) throws -> (Period, String) {
        if from != nil || to != nil {
            let period = try TripArguments.period(nil, from: from, to: to)
            return (period, "\(from ?? "…")–\(to ?? "…")")
        }
        if let month {
            let period = try TripArguments.period(month, from: nil, to: nil)
            guard case .month = period else { throw ValidationError("--month takes YYYY-MM.") }
            return (period, month)
        }
        let first = today.startOfMonth.adding(months: -1)
        return (.month(year: first.year, month: first.month), String(first.description.prefix(7)))
    }

    func run() throws {
        let file = try log.configurationOptions.load()
        // Only --email changes the log (it queues the message); a report alone reads it.
        let (database, clock) = try email.isEmpty ? log.openForReading(file) : log.open(file)
        var settings = try file.table(ReportSettings.self, "report")
        if let paper { settings.paper = paper.lowercased() == "letter" ? .letter : .a4 }
        if bom { settings.byteOrderMark = true }
        let (period, label) = try period(today: clock.today)
        let plate = try storeCall { () throws -> String in
            if let vehicle { return vehicle }
            let all = try database.allVehicleDetails()
            guard all.count == 1 else {
                throw StoreError(
                    .refused, operation: "report",
                    detail: all.isEmpty ? "there are no vehicles yet" : "name the vehicle with --vehicle")
            }
            return all[0].plate
        }
        let configuredPreset = try file.table(LogSettings.self, "log").preset
        let chosen = category.lowercased() == "all" ? nil : try TripArguments.category(category).category
        let request = ReportRequest(
            vehicle: plate, period: period, periodLabel: label, driver: driver, category: chosen,
            preset: preset.flatMap { CountryPreset(rawValue: $0.uppercased()) } ?? configuredPreset)
        let assembly = try storeCall {
            try ReportAssembly.make(request, database: database, clock: clock, settings: settings)
        }
        for warning in assembly.warnings { Diagnostics.print("logbook: warning: " + warning) }
        let document = assembly.document
        // Each file is rendered once, and only when it is written or mailed.
        let mailing = !email.isEmpty
        let csvBytes = csv != nil || mailing ? ReportCSV(byteOrderMark: settings.byteOrderMark).render(document) : []
        var pdfBytes: [UInt8] = []
        do {
            if pdf != nil || mailing { pdfBytes = try ReportPDF(paper: settings.paper).render(document) }
            if let csv { try FileOutput.write(csvBytes, to: csv) }
            if let pdf { try FileOutput.write(pdfBytes, to: pdf) }
        } catch {
            Diagnostics.error(error.description)
            throw ExitCode(error.exitCode == 73 ? 73 : 74)
        }
        printSummary(document, clock: clock)
        if mailing {
            try send(
                assembly, csv: csvBytes, pdf: pdfBytes, database: database, clock: clock, file: file,
                monthly: month != nil || (from == nil && to == nil) ? label : nil)
        }
    }

    private func printSummary(_ document: ReportDocument, clock: LocalClock) {
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
        _ assembly: ReportAssembly, csv: [UInt8], pdf: [UInt8], database: AppDatabase, clock: LocalClock,
        file: ConfigurationFile, monthly: String?
    ) throws {
        guard let configuration = try file.mailConfiguration() else {
            Diagnostics.error("--email needs a [mail] table in the configuration (host, port, tls, from, …)")
            throw ExitCode(78)
        }
        let id: Int64
        do {
            try configuration.validate()
            let rendered = try assembly.mail(from: configuration.from, to: email, csv: csv, pdf: pdf, clock: clock)
                .rendered()
            guard
                let queued = try storeCall({
                    try database.enqueueMail(
                        sender: rendered.sender, recipients: rendered.recipients, messageID: rendered.messageID,
                        subject: assembly.document.title, message: rendered.bytes,
                        report: monthly.map { (assembly.document.header.vehiclePlate, $0) })
                })
            else {
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
        let outcome = OutboxSender(database: database, mailer: mailer).deliverDue(only: [id])
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
                for message in try storeCall({ try database.outbox(status: .pending) }) {
                    try storeCall { try database.retryMail(message.id) }
                }
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
            let (database, clock) = try log.openForReading()
            var listing = Listing([
                ("id", "#"), ("status", "Status"), ("subject", "Subject"), ("recipients", "To"),
                ("attempts", "Attempts"), ("created_at", "Queued"), ("next_attempt_at", "Next attempt"),
                ("sent_at", "Sent"), ("last_error", "Last error"),
            ])
            for m in try storeCall({ try database.outbox() }) {
                listing.append([
                    .integer(Int(m.id)), .text(m.status.rawValue), .text(m.subject),
                    .text(m.recipients.joined(separator: ", ")), .integer(m.attempts), .time(m.createdAt),
                    .time(m.status == .pending ? m.nextAttemptAt : nil), .time(m.sentAt), .text(m.lastError),
                ])
            }
            listing.print(format, clock: clock)
        }
    }

    struct Retry: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "retry", abstract: "Make a failed or waiting message due again now.")

        @Argument(help: "The message's id.") var id: Int64
        @OptionGroup var log: LogOptions

        func run() throws {
            let (database, _) = try log.open()
            try storeCall { try database.retryMail(id) }
            print("Message \(id) is due; `logbook mail send-pending` delivers it")
        }
    }
}

/// The reporting target's commands, for the root command.
package enum ReportingCommands {
    package static let all: [any ParsableCommand.Type] = [
        ReportCommand.self, MailCommand.self, HoursCommand.self, ChecklistsCommand.self, ValueStreamCommand.self,
        RoofingCommand.self,
    ]
}
