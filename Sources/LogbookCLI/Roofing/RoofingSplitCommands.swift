import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookServices
import Roofing

/// `roofing split PROJECT (--roofer NAME --percent P)... | (--roofer NAME --amount A)... | --clear`: an agreed
/// split instead of the equal hourly rate, checked against the account at once.
struct RoofingSplitCommand: ParsableCommand, CommandFieldNames {
    static let configuration = CommandConfiguration(
        commandName: "split",
        abstract: "Agree a split: a percentage (summing to 100) or an amount (summing to the total) per roofer.")
    static let fieldNames = ["percentages": "--percent", "amounts": "--amount"]
    @Argument(help: "The project (default: the selected one).") var project: String?
    @Option(name: .long, help: "A roofer, followed by their --percent or --amount (repeat for each).")
    var roofer: [String] = []
    @Option(name: .long, help: "The roofer's percentage of the total.") var percent: [Quantity] = []
    @Option(name: .long, help: "The roofer's amount of the total.") var amount: [Money] = []
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
        let input =
            clear
            ? RoofingSplitInput()
            : percent.isEmpty
                ? RoofingSplitInput(amounts: Dictionary(zip(roofer, amount)) { $1 })
                : RoofingSplitInput(percentages: Dictionary(zip(roofer, percent)) { $1 })
        let (service, _) = try options.service()
        let name = try service.projectName(project)
        let split = try service.split(project: name, input)
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
        let (service, _) = try options.service()
        let name = try service.projectName(project)
        let version = try service.settle(project: name)
        Diagnostics.print("Settled \(name) (version \(version))")
    }
}
