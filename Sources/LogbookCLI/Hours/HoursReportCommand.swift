import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookServices
import ReportDocuments
import Reports

/// `hours report`: the timesheet of a pay period as the payroll clerk signs it (PDF) and as rows (CSV).
struct HoursReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a pay period's timesheet as PDF (to sign) and CSV (one row per shift, day and period).")

    @Option(name: .long, help: "current, previous, next or a day of the period (YYYY-MM-DD).")
    var period = "current"
    @Option(name: .long, help: "Whose timesheet (default: the log's only driver).") var driver: String?
    @Option(name: .long, help: "Write the PDF here (- for standard output).") var pdf: String?
    @Option(name: .long, help: "Write the CSV here (- for standard output).") var csv: String?
    @Option(name: .long, help: "Paper: A4 or Letter.") var paper: String = "A4"
    @OptionGroup var options: HoursOptions

    func validate() throws {
        guard pdf != nil || csv != nil else { throw ValidationError("Give --pdf FILE, --csv FILE or both.") }
        guard ReportPDF.Paper(rawValue: paper) != nil else { throw ValidationError("--paper: A4 or Letter.") }
        if FileOutput.sharesStandardOutput(pdf, csv) {
            throw ValidationError("--pdf - and --csv - cannot both write to standard output.")
        }
    }

    func run() throws {
        let report = try options.readingService().report(period: period, driver: driver, now: Date())
        do {
            if let csv { try WrittenFile.write(report.csv, to: csv) }
            if let pdf {
                try WrittenFile.write(
                    try HoursSheetPDF(paper: ReportPDF.Paper(rawValue: paper)!).render(report.document), to: pdf)
            }
        } catch {
            throw ServiceError(.failed, error.description)
        }
    }
}
