import ArgumentParser
import LogbookDaemon

/// The commands of `logbook`, in the order `logbook --help` lists them: the track engine's, the mileage log's,
/// the other domains', then the server's.
package enum LogbookCommands {
    package static let all: [any ParsableCommand.Type] = [
        FixesCommand.self, ReplayCommand.self, DaemonCommand.self, UploadCommand.self, TripsCommand.self,
        ImportCommand.self,
        StatusCommand.self, ProfileCommand.self, VehiclesCommand.self, DevicesCommand.self, DriversCommand.self,
        OdometerCommand.self,
        RegularCommand.self, PlacesCommand.self, RulesCommand.self, AuditCommand.self,
        ReportCommand.self, MailCommand.self, HoursCommand.self, ChecklistsCommand.self, ValueStreamCommand.self,
        RoofingCommand.self, ServeCommand.self, UsersCommand.self, DatabaseCommand.self,
    ]
}

/// The version printed by `logbook --version`.
public enum LogbookVersion {
    public static let current = "0.1.0"
}
