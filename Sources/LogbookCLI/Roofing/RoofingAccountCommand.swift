import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookServices
import ReportDocuments
import Reports
import Roofing

/// `roofing account PROJECT [--format table|json|csv] [--pdf F] [--csv F] [--payroll F]`: the account on screen, and
/// the final account as the union's form (PDF), its entries (CSV) and each roofer's pay for payroll (CSV).
struct RoofingAccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Show the account (lines, supplements, extra work, deductions, total, surplus, shares); "
            + "write it as PDF and CSV, and the payroll CSV.")
    @Argument(help: "The project (default: the selected one).") var project: String?
    @Option(name: .long, help: "Output: table (Danish amounts), json (the contract) or csv (its entries).")
    var format: OutputFormat = .table
    @Option(name: .long, help: "Write the final account as PDF here (- for standard output).") var pdf: String?
    @Option(name: .long, help: "Write the account's entries as CSV here (- for standard output).") var csv: String?
    @Option(name: .long, help: "Write each roofer's share for payroll as CSV here (- for standard output).")
    var payroll: String?
    @Flag(name: .long, help: "English labels in the PDF (Danish by default).") var english = false
    @Option(name: .long, help: "Paper of the PDF: A4 or Letter.") var paper: String = "A4"
    @OptionGroup var options: RoofingOptions

    func validate() throws {
        guard ReportPDF.Paper(rawValue: paper) != nil else { throw ValidationError("--paper: A4 or Letter.") }
        if FileOutput.sharesStandardOutput(pdf, csv, payroll) {
            throw ValidationError("Only one of --pdf, --csv and --payroll can write to standard output (-).")
        }
    }

    func run() throws {
        let (service, clock) = try options.reader()
        let name = try service.projectName(project)
        guard pdf == nil, csv == nil, payroll == nil else {
            // The PDF's appendix shows the project's photos; the CSV files do not need them.
            try write(
                try service.accountDocument(
                    project: name, language: english ? .english : .danish, photos: pdf != nil))
            return
        }
        let account = try service.account(project: name)
        switch format {
        case .json: try roofingPrint(json: account, pretty: true)
        case .csv: roofingPrint(RoofingAccountText.entries(account, .csv).csv())
        case .table:
            roofingPrint(RoofingAccountText.table(account, project: try service.project(named: name), clock: clock))
        }
    }

    private func write(_ document: RoofingAccountDocument) throws {
        do throws(ReportError) {
            if let pdf {
                try WrittenFile.write(
                    try RoofingAccountPDF.render(document, paper: ReportPDF.Paper(rawValue: paper) ?? .a4), to: pdf)
            }
            if let csv { try WrittenFile.write(Array(RoofingAccountCSV.account(document).utf8), to: csv) }
            if let payroll { try WrittenFile.write(Array(RoofingAccountCSV.payroll(document).utf8), to: payroll) }
        } catch {
            Diagnostics.error(error.description)
            throw ExitCode(error.code == .output ? 73 : 70)
        }
    }
}
