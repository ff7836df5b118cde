import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookStore
import Roofing

/// `roofing split PROJECT (--roofer NAME --percent P)... | (--roofer NAME --amount A)... | --clear`: an agreed
/// split instead of the equal hourly rate, checked against the account at once.
struct RoofingSplitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "split",
        abstract: "Agree a split: a percentage (summing to 100) or an amount (summing to the total) per roofer.")
    @Argument(help: "The project (default: the selected one).") var project: String?
    @Option(name: .long, help: "A roofer, followed by their --percent or --amount (repeat for each).")
    var roofer: [String] = []
    @Option(name: .long, help: "The roofer's percentage of the total.") var percent: [String] = []
    @Option(name: .long, help: "The roofer's amount of the total.") var amount: [String] = []
    @Flag(name: .long, help: "Return to the equal hourly rate.") var clear = false
    @OptionGroup var options: RoofingOptions

    func validate() throws {
        if clear {
            guard roofer.isEmpty, percent.isEmpty, amount.isEmpty else {
                throw ValidationError("--clear takes no --roofer, --percent or --amount.")
            }
            return
        }
        guard !roofer.isEmpty else {
            throw ValidationError("Give --roofer NAME with --percent or --amount, or --clear.")
        }
        guard percent.isEmpty != amount.isEmpty else {
            throw ValidationError("Give either --percent or --amount for every roofer, not both.")
        }
        let given = max(percent.count, amount.count)
        guard given == roofer.count else {
            throw ValidationError(
                "--roofer is given \(roofer.count) times, its \(percent.isEmpty ? "--amount" : "--percent") \(given).")
        }
        guard Set(roofer).count == roofer.count else { throw ValidationError("A roofer is named twice.") }
    }

    func run() throws {
        var split: AgreedSplit?
        if !clear {
            if percent.isEmpty {
                var parts: [String: Money] = [:]
                for (name, text) in zip(roofer, amount) { parts[name] = try RoofingArguments.money(text, "--amount") }
                split = .amounts(parts)
            } else {
                var parts: [String: Quantity] = [:]
                for (name, text) in zip(roofer, percent) {
                    let value = try RoofingArguments.quantity(text, "--percent")
                    guard (0...100_000).contains(value.thousandths) else {
                        throw usageError("--percent \(text): expected 0 to 100")
                    }
                    parts[name] = value
                }
                split = .percentages(parts)
            }
        }
        let (database, _) = try options.open()
        let name = try RoofingArguments.project(project, database)
        _ = try roofingChange(database, name) { p throws(RoofingError) in
            try p.setAgreedSplit(split)
            _ = try Account(p)
        }
        Diagnostics.print(
            split == nil
                ? "\(name) is shared by hours at the same hourly rate again" : "Agreed the split of \(name)")
    }
}

/// `roofing settle PROJECT`: a submitted account is paid out; nothing changes after that.
struct RoofingSettleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settle", abstract: "Mark a submitted account settled (paid out): it never changes again.")
    @Argument(help: "The project (default: the selected one).") var project: String?
    @OptionGroup var options: RoofingOptions

    func run() throws {
        let (database, _) = try options.open()
        let name = try RoofingArguments.project(project, database)
        let version = try storeCall { try database.settleRoofingProject(named: name) }
        Diagnostics.print("Settled \(name) (version \(version.number))")
    }
}
