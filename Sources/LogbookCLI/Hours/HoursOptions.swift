import ArgumentParser
import Foundation
import LogbookConfiguration
import LogbookDaemon
import LogbookServices
import LogbookStore
import Hours

/// The options every `logbook hours` command takes.
package struct HoursOptions: ParsableArguments {
    package init() {}

    @OptionGroup package var log: LogOptions

    /// The work hours' use cases at the terminal, on the log opened for changes.
    package func service() throws -> HoursService {
        let file = try log.configurationOptions.load()
        let (database, _) = try log.open(file)
        return try Self.make(database, file)
    }

    /// The work hours' use cases at the terminal, on the existing log opened read-only.
    package func readingService() throws -> HoursService {
        let file = try log.configurationOptions.load()
        let (database, _) = try log.openForReading(file)
        return try Self.make(database, file)
    }

    static func make(_ database: AppDatabase, _ file: ConfigurationFile) throws -> HoursService {
        let settings = try file.table(HoursSettings.self, "hours")
        let context = ServiceContext(
            database: database, caller: .terminal, clock: LocalClock(identifier: settings.zone.identifier))
        return HoursService(context: context, settings: settings, terminalActor: "cli:" + DatabaseOptions.userName)
    }
}

/// The `hours` subcommands that need neither Cairo nor libcurl; `HoursCommand` adds `report`.
package enum HoursCommands {
    package static let all: [any ParsableCommand.Type] = [
        HoursAddCommand.self, HoursEditCommand.self, HoursDeleteCommand.self, HoursListCommand.self,
        HoursStartCommand.self, HoursPauseCommand.self, HoursResumeCommand.self, HoursStopCommand.self,
        HoursSubmitCommand.self, HoursReopenCommand.self, HoursLockCommand.self, HoursLinksCommand.self,
        HoursSettingsCommand.self, HoursStatusCommand.self, HoursRetryCommand.self,
    ]
}
