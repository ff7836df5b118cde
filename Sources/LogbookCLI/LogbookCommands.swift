import ArgumentParser
import LogbookDaemon

/// The commands of `logbook` that need neither Cairo nor libcurl; `LogbookReporting` adds `report` and `mail`
/// and the root command.
package enum LogbookCommands {
    package static let all: [any ParsableCommand.Type] = [
        FixesCommand.self, ReplayCommand.self, DaemonCommand.self, TripsCommand.self, ImportCommand.self,
        StatusCommand.self, ProfileCommand.self, VehiclesCommand.self, DriversCommand.self, OdometerCommand.self,
        RegularCommand.self, PlacesCommand.self, RulesCommand.self, AuditCommand.self,
    ]
}

/// The version printed by `logbook --version`.
public enum LogbookVersion {
    public static let current = "0.1.0"
}
