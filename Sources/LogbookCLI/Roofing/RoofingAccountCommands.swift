import ArgumentParser
import CalendarDays
import Foundation
import LogbookDaemon
import LogbookServices
import Roofing
import TrackModel

/// `roofing add PROJECT --pos P --quantity Q [--note T]`: prints the new line's number.
struct RoofingAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a line: an activity of the catalogue with a quantity (prints its number).")
    @Argument(help: "The project (default: the selected one).") var project: String?
    @Option(name: .long, help: "The activity's position number, such as 12.3.4.") var pos: String
    @Option(name: .long, help: "The quantity in the activity's unit (up to 3 decimals).") var quantity: Quantity
    @Option(name: .long, help: "A note on the line.") var note: String = ""
    @OptionGroup var options: RoofingOptions

    func run() throws {
        let (service, _) = try options.service()
        let line = try service.addLine(
            project: try service.projectName(project), RoofingLineInput(pos: pos, quantity: quantity, note: note))
        roofingPrint("\(line.line)")
    }
}

/// `PROJECT LINE` or `LINE` (of the selected project), as `edit` and `remove` take them.
struct RoofingLineArguments: ParsableArguments {
    @Argument(help: "PROJECT LINE, or LINE of the selected project.") var arguments: [String]

    func validate() throws {
        guard (1...2).contains(arguments.count) else { throw ValidationError("Give PROJECT LINE, or LINE.") }
        guard RoofingService.lineNumber(arguments.last ?? "") != nil else {
            throw ValidationError("LINE '\(arguments.last ?? "")': expected a line number from 1 (see roofing account)")
        }
    }

    var project: String? { arguments.count == 2 ? arguments[0] : nil }
    var line: Int { RoofingService.lineNumber(arguments.last ?? "") ?? 0 }
}

/// `roofing edit PROJECT LINE [--quantity Q] [--note T]`.
struct RoofingEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a line's quantity or note (the price stays as accounted).")
    @OptionGroup var line: RoofingLineArguments
    @Option(name: .long, help: "The new quantity.") var quantity: Quantity?
    @Option(name: .long, help: "The new note.") var note: String?
    @OptionGroup var options: RoofingOptions

    func validate() throws {
        guard quantity != nil || note != nil else { throw ValidationError("Give --quantity or --note.") }
    }

    func run() throws {
        let (service, _) = try options.service()
        let name = try service.projectName(line.project)
        try service.editLine(project: name, line: line.line, RoofingLineChange(quantity: quantity, note: note))
        Diagnostics.print("Changed line \(line.line) of \(name)")
    }
}

/// `roofing remove PROJECT LINE`.
struct RoofingRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a line.")
    @OptionGroup var line: RoofingLineArguments
    @OptionGroup var options: RoofingOptions

    func run() throws {
        let (service, _) = try options.service()
        let name = try service.projectName(line.project)
        try service.removeLine(project: name, line: line.line)
        Diagnostics.print("Removed line \(line.line) of \(name)")
    }
}

/// `roofing supplement PROJECT --pos P`: a `%` activity of the catalogue on its base.
struct RoofingSupplementCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "supplement", abstract: "Add a supplement (a % activity of the catalogue) to the account.")
    @Argument(help: "The project (default: the selected one).") var project: String?
    @Option(name: .long, help: "The supplement's position number.") var pos: String
    @OptionGroup var options: RoofingOptions

    func run() throws {
        let (service, _) = try options.service()
        let name = try service.projectName(project)
        let supplement = try service.addSupplement(project: name, RoofingSupplementInput(pos: pos))
        Diagnostics.print("Added the supplement \(supplement.position) \(supplement.name) to \(name)")
    }
}

/// `roofing extra PROJECT --text T (--hours H --rate R | --amount A)`.
struct RoofingExtraCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extra", abstract: "Add extra work: hours at an hourly rate, or a fixed amount.")
    @Argument(help: "The project (default: the selected one).") var project: String?
    @Option(name: .long, help: "What was done.") var text: String
    @Option(name: .long, help: "Hours (with --rate).") var hours: Quantity?
    @Option(name: .long, help: "The hourly rate (with --hours).") var rate: Money?
    @Option(name: .long, help: "A fixed amount (instead of --hours and --rate).") var amount: Money?
    @OptionGroup var options: RoofingOptions

    func run() throws {
        let input = RoofingExtraWorkInput(text: text, hours: hours, rate: rate, amount: amount)
        let (service, _) = try options.service()
        let name = try service.projectName(project)
        try service.addExtraWork(project: name, input)
        Diagnostics.print("Added extra work of \(try input.validated().amount.danish()) to \(name)")
    }
}

/// `roofing deduct PROJECT --text T --amount A`.
struct RoofingDeductCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deduct", abstract: "Add a deduction (a positive amount taken off the account).")
    @Argument(help: "The project (default: the selected one).") var project: String?
    @Option(name: .long, help: "What is deducted.") var text: String
    @Option(name: .long, help: "The amount (positive).") var amount: Money
    @OptionGroup var options: RoofingOptions

    func run() throws {
        let (service, _) = try options.service()
        let name = try service.projectName(project)
        try service.addDeduction(project: name, RoofingDeductionInput(text: text, amount: amount))
        Diagnostics.print("Deducted \(amount.danish()) from \(name)")
    }
}

/// `roofing advance PROJECT --amount A --date D`.
struct RoofingAdvanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "advance", abstract: "Record an advance paid to the team on account (a conto).")
    @Argument(help: "The project (default: the selected one).") var project: String?
    @Option(name: .long, help: "The amount paid.") var amount: Money
    @Option(name: .long, help: "The day it was paid (YYYY-MM-DD).") var date: CalendarDay
    @Option(name: .long, help: "A note.") var note: String = ""
    @OptionGroup var options: RoofingOptions

    func run() throws {
        let (service, _) = try options.service()
        let name = try service.projectName(project)
        try service.addAdvance(project: name, RoofingAdvanceInput(amount: amount, date: date, note: note))
        Diagnostics.print("Recorded an advance of \(amount.danish()) on \(date) for \(name)")
    }
}

/// The account as people read it: Danish amounts, the entries, the sums and each roofer's share.
package enum RoofingAccountText {
    package static func entries(_ a: Account, _ format: OutputFormat) -> Listing {
        func money(_ m: Money?) -> Cell { RoofingCells.amount(m, format, currency: a.currency) }
        func number(_ q: Quantity?) -> Cell { RoofingCells.number(q, format) }
        var listing = Listing([
            ("line", "#"), ("kind", "Kind"), ("pos", "Pos"), ("name", "Name"), ("quantity", "Quantity"),
            ("unit", "Unit"), ("unit_price", "Unit price"), ("amount", "Amount"), ("note", "Note"),
        ])
        for (k, l) in a.lines.enumerated() {
            listing.append([
                .integer(k + 1), .text("line"), .text(l.pos), .text(l.name), number(l.quantity), .text(l.unit),
                money(l.unitPrice), money(l.amount), .text(l.note),
            ])
        }
        for s in a.supplements {
            listing.append([
                .integer(nil), .text("supplement"), .text(s.pos), .text("\(s.name) (\(s.base))"), number(s.percent),
                .text("%"), money(s.baseAmount), money(s.amount), .text(""),
            ])
        }
        for e in a.extraWork {
            listing.append([
                .integer(nil), .text("extra"), .text(""), .text(e.text), number(e.hours),
                .text(e.hours == nil ? "" : "h"), money(e.rate), money(e.amount), .text(""),
            ])
        }
        for d in a.deductions {
            listing.append([
                .integer(nil), .text("deduction"), .text(""), .text(d.text), .text(""), .text(""), .text(""),
                money(d.amount), .text(""),
            ])
        }
        return listing
    }

    package static func table(_ a: Account, project: RoofingProjectView, clock: LocalClock) -> String {
        func kr(_ m: Money) -> String { m.danish(currency: a.currency) }
        var text = "\(a.project) — \(project.status)"
        if !project.catalogue.isEmpty { text += " — \(project.catalogue)" }
        text += "\n\n" + entries(a, .table).table(clock) + "\n"
        let sums: [(String, Money)] = [
            ("Lines", a.linesTotal), ("Supplements", a.supplementsTotal), ("Extra work", a.extraWorkTotal),
            ("Deductions", -a.deductionsTotal), ("Total", a.total), ("Guaranteed pay", -a.guaranteed),
            ("Advances", -a.advances), ("Surplus", a.surplus),
        ]
        let width = sums.map { kr($0.1).count }.max() ?? 0
        for (label, value) in sums {
            let amount = kr(value)
            text +=
                label.padding(toLength: 16, withPad: " ", startingAt: 0)
                + String(repeating: " ", count: width - amount.count) + amount + "\n"
        }
        if let hourly = a.hourly {
            text += "\n\(a.hours.danish) hours, \(kr(hourly)) per hour (split by \(a.split.rawValue))\n"
        }
        if a.unshared != .zero { text += "Not shared: \(kr(a.unshared)) (enter the hours each roofer worked)\n" }
        var shares = Listing([
            ("roofer", "Roofer"), ("hours", "Hours"), ("amount", "Share"), ("hourly", "Per hour"),
            ("guaranteed", "Guaranteed"), ("advance", "Advance"), ("balance", "Balance"),
        ])
        for s in a.shares {
            shares.append([
                .text(s.roofer), .text(s.hours.danish), .text(kr(s.amount)), .text(s.hourly.map(kr) ?? "–"),
                .text(kr(s.guaranteed)), .text(kr(s.advance)), .text(kr(s.balance)),
            ])
        }
        return text + "\n" + shares.table(clock)
    }
}

/// `roofing submit PROJECT`: locks the account as version 1, or records a revision as the next version.
struct RoofingSubmitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "submit",
        abstract: "Submit the account: it is locked as version 1 (after `revise`, the changes become the next).")
    @Argument(help: "The project (default: the selected one).") var project: String?
    @OptionGroup var options: RoofingOptions

    func run() throws {
        let (service, _) = try options.service()
        let name = try service.projectName(project)
        let submitted = try service.submit(project: name)
        Diagnostics.print("Submitted \(name) as version \(submitted.version ?? submitted.versions)")
    }
}

/// `roofing revise PROJECT --reason T`: reopens a submitted account for its next version.
struct RoofingReviseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revise",
        abstract: "Reopen a submitted account for a new version: change it, then submit it again.")
    @Argument(help: "The project (default: the selected one).") var project: String?
    @Option(name: .long, help: "Why the account changes (kept with the version).") var reason: String
    @OptionGroup var options: RoofingOptions

    func run() throws {
        let (service, _) = try options.service()
        let name = try service.projectName(project)
        try service.revise(project: name, RoofingReviseInput(reason: reason))
        Diagnostics.print("\(name) is open for a new version: change it, then run roofing submit")
    }
}

/// `roofing history PROJECT`: the versions with who, when, why, what changed and the total.
struct RoofingHistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "List the versions of a submitted account: who, when, why and what.")
    @Argument(help: "The project (default: the selected one).") var project: String?
    @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
    @OptionGroup var options: RoofingOptions

    func run() throws {
        let (service, clock) = try options.reader()
        let versions = try service.history(project: try service.projectName(project))
        var listing = Listing([
            ("version", "Version"), ("author", "Who"), ("date", "When"), ("reason", "Why"),
            ("changes", "What changed"), ("total", "Total"),
        ])
        for v in versions {
            listing.append([
                .integer(v.version), .text(v.author), .time(v.date), .text(v.reason), .text(v.changes),
                RoofingCells.amount(v.total, format, currency: v.currency),
            ])
        }
        try listing.print(format, clock: clock, json: versions)
    }
}
