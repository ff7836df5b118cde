import ArgumentParser
import Checklists
import LogbookConfiguration
import LogbookDaemon
import LogbookServices
import LogbookStore

extension DayPart: ExpressibleByArgument {}
extension ChecklistKind: ExpressibleByArgument {}
extension Area: ExpressibleByArgument {}

/// The options every `logbook checklists` command takes, and the use cases they open: the person at the terminal
/// may do everything in the log they can open.
package struct ChecklistOptions: ParsableArguments {
    package init() {}

    @OptionGroup package var log: LogOptions

    /// The checklists' use cases on the log, opened for changes (or only for reading).
    package func service(writing: Bool = true) throws -> ChecklistService {
        try open(writing: writing).service
    }

    /// The same, with the configuration file (for the mailer and the reminder round).
    package func open(writing: Bool = true) throws -> (service: ChecklistService, configuration: ConfigurationFile) {
        let file = try log.configurationOptions.load()
        let (database, clock) = writing ? try log.open(file) : try log.openForReading(file)
        let settings = try file.table(ChecklistSettings.self, "checklists")
        return (
            ChecklistService(ServiceContext(database: database, caller: .terminal, clock: clock), settings: settings),
            file
        )
    }
}
