import ArgumentParser

/// The commands of `logbook` that need neither Cairo nor libcurl; `LogbookReporting` adds `report` and `mail`
/// and the root command.
package enum LogbookCommands {
    package static let all: [any ParsableCommand.Type] = [
        FixesCommand.self, ReplayCommand.self, DaemonCommand.self, TripsCommand.self, ImportCommand.self,
        StatusCommand.self, ProfileCommand.self, VehiclesCommand.self, DriversCommand.self, OdometerCommand.self,
        RegularCommand.self, PlacesCommand.self, RulesCommand.self, AuditCommand.self,
    ]

    /// The entry point of `logbook-daemon`: `logbook daemon` alone, without the reporting libraries.
    package static func runDaemon() async {
        if let refusal = TerminalText.refusal(arguments: Array(CommandLine.arguments.dropFirst())) {
            Diagnostics.error(refusal)
            DaemonCommand.exit(withError: ExitCode(64))
        }
        await DaemonCommand.main()
    }
}

/// The version printed by `logbook --version`.
public enum LogbookVersion {
    public static let current = "0.1.0"
}
