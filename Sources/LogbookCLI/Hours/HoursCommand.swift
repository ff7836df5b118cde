import ArgumentParser

/// `logbook hours`: working time by pay period, and its submission to the payroll system.
package struct HoursCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "hours",
        abstract: "Working time: shifts by pay period, a clock, rounding and overtime, submission to payroll.",
        subcommands: HoursCommands.all + [HoursReportCommand.self, HoursSyncCommand.self])

    package init() {}
}
