import ArgumentParser

/// The `logbook` command: a GPS mileage log.
///
/// Exit status follows sysexits(3): 0 success, 64 usage error (ArgumentParser's validation
/// failures), 65 bad input data, 66 cannot open input, 69/74 unavailable service / I/O error.
/// Commands print their own one-line message and throw `ExitCode`.
public struct Logbook: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "logbook",
        abstract: "A GPS mileage log: decodes tracks, measures the distance driven, cuts trips.",
        version: LogbookVersion.current,
        subcommands: [
            FixesCommand.self, ReplayCommand.self, DaemonCommand.self, TripsCommand.self, ImportCommand.self,
            StatusCommand.self, ProfileCommand.self, VehiclesCommand.self, DriversCommand.self, OdometerCommand.self,
            RegularCommand.self, PlacesCommand.self, RulesCommand.self, AuditCommand.self, ReportCommand.self,
            MailCommand.self,
        ]
    )

    public init() {}

    /// The executable's entry point: parses the command line and runs the chosen command.
    public static func runFromCommandLine() async {
        await main()
    }
}

/// The version printed by `logbook --version`.
public enum LogbookVersion {
    public static let current = "0.1.0"
}
