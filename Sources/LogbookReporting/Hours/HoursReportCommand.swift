import CalendarDays
import ArgumentParser
import Foundation
import LogbookCLI
import LogbookDaemon
import LogbookStore
import Reports
import Hours
import ReportDocuments

/// `hours report`: the timesheet of a pay period as the payroll clerk signs it (PDF) and as rows (CSV).
struct HoursReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a pay period's timesheet as PDF (to sign) and CSV (one row per shift, day and period).")

    @Option(name: .long, help: "current, previous, next or a day of the period (YYYY-MM-DD).")
    var period = "current"
    @Option(name: .long, help: "Whose timesheet (default: the log's only driver).") var driver: String?
    @Option(name: .long, help: "Write the PDF here.") var pdf: String?
    @Option(name: .long, help: "Write the CSV here.") var csv: String?
    @Option(name: .long, help: "Paper: A4 or Letter.") var paper: String = "A4"
    @OptionGroup var options: HoursOptions

    func validate() throws {
        guard pdf != nil || csv != nil else { throw ValidationError("Give --pdf FILE, --csv FILE or both.") }
        guard ReportPDF.Paper(rawValue: paper) != nil else { throw ValidationError("--paper: A4 or Letter.") }
    }

    func run() throws {
        let context = try options.openForReading()
        let driver = try context.driver(driver)
        let range = try context.period(period)
        let (sheet, entries) = try context.timesheet(range, driver: driver)
        let status = try storeCall { try context.database.periodStatus(range, driver: driver) }
        do {
            if let csv {
                let listing = TimesheetListing.listing(sheet, entries: entries, zone: context.zone, totals: true)
                try FileOutput.write(Array(listing.csv().utf8), to: csv)
                Diagnostics.print("Wrote \(csv)")
            }
            if let pdf {
                let document = Self.document(
                    sheet, entries: entries, driver: driver, status: status, settings: context.settings)
                try TimesheetPDF(paper: ReportPDF.Paper(rawValue: paper)!).write(document, to: pdf)
                Diagnostics.print("Wrote \(pdf)")
            }
        } catch {
            Diagnostics.error(error.description)
            throw ExitCode(74)
        }
    }

    static func document(
        _ sheet: Timesheet, entries: [HoursEntry], driver: String, status: PayPeriodStatus, settings: HoursSettings,
        now: Date = Date()
    ) -> TimesheetDocument {
        let zone = settings.zone
        let clock = MinutesText.clock
        let overtime = Dictionary(sheet.rows.map { ($0.shift.id, $0.overtimeMinutes) }, uniquingKeysWith: { a, _ in a })
        var rows: [TimesheetDocument.Row] = []
        let byDay = Dictionary(grouping: entries.filter { !$0.shift.isRunning }, by: \.shift.day)
        for day in byDay.keys.sorted() {
            for entry in byDay[day]! {
                let s = entry.shift
                let endDay = zone.day(of: s.end!.date)
                rows.append(
                    TimesheetDocument.Row(
                        date: s.day.description, start: zone.clockText(s.start.date),
                        end: (endDay == s.day ? "" : "+1 ") + zone.clockText(s.end!.date),
                        breakText: clock(s.breakMinutes), worked: clock(s.workedMinutes), net: clock(s.netMinutes),
                        overtime: clock(overtime[s.id] ?? 0), vehicle: s.vehicle ?? "", message: s.message))
            }
            if let t = sheet.days[day], byDay[day]!.count > 1 {
                rows.append(
                    TimesheetDocument.Row(
                        date: "Day total", start: "", end: "", breakText: clock(t.breakMinutes),
                        worked: clock(t.workedMinutes), net: clock(t.netMinutes), overtime: clock(t.overtimeMinutes),
                        vehicle: "", message: "", isTotal: true))
            }
        }
        let t = sheet.totals
        let state =
            status.isLocked
            ? "locked" : status.submittedAt.map { "submitted \(zone.iso8601($0.date))" } ?? "open (not submitted)"
        let rules = settings.rules
        let seconds = Int(now.timeIntervalSince1970)
        let created =
            "\(WorkZone(identifier: "UTC")!.iso8601(Date(timeIntervalSince1970: Double(seconds))).prefix(19))Z"
        return TimesheetDocument(
            title: "Timesheet \(driver), \(sheet.period.start) to \(sheet.period.end)",
            header: [
                ("Employee", driver),
                ("Pay period", "\(sheet.period.start) – \(sheet.period.end) (\(sheet.period.kind.rawValue))"),
                ("Time zone", zone.identifier), ("Status", state),
                (
                    "Rounding",
                    "start \(rules.rounding.start), end \(rules.rounding.end), duration \(rules.rounding.duration)"
                ),
                (
                    "Overtime",
                    [
                        rules.overtime.dailyMinutes.map { "over \(clock($0)) a day" },
                        rules.overtime.weeklyMinutes.map { "over \(clock($0)) a week" },
                    ].compactMap { $0 }.joined(separator: ", ").nonEmpty ?? "none"
                ),
            ],
            rows: rows,
            totals: [
                ("Shifts", "\(t.shifts)"), ("Worked", clock(t.workedMinutes)), ("Breaks", clock(t.breakMinutes)),
                ("Net working time", clock(t.netMinutes)), ("Overtime", clock(t.overtimeMinutes)),
                ("Paid time (rates applied)", clock(Int(t.paidMinutes.rounded()))),
            ],
            createdAt: created)
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
