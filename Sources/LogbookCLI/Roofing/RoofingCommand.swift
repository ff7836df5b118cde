import ArgumentParser

/// `logbook roofing`: piecework ("akkord") accounts for roofs — activity catalogues, projects, lines, supplements,
/// extra work, deductions, advances, the account with each roofer's share, and its versions after submission.
package struct RoofingCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "roofing",
        abstract: "Roofing piecework accounts: catalogues, projects, lines, the account and each roofer's share.",
        subcommands: RoofingCommands.all + [RoofingAccountCommand.self])

    package init() {}
}
