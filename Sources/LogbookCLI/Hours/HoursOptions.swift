import CalendarDays
import ArgumentParser
import Foundation
import LogbookConfiguration
import LogbookDaemon
import LogbookStore
import Hours

/// What every `logbook hours` command opens: the log, the `[hours]` settings and the rules they make.
package struct HoursContext {
    package var database: AppDatabase
    package var settings: HoursSettings
    package var configuration: ConfigurationFile
    package var rules: HoursRules { settings.rules }
    package var zone: WorkZone { settings.zone }

    package init(database: AppDatabase, settings: HoursSettings, configuration: ConfigurationFile) {
        self.database = database
        self.settings = settings
        self.configuration = configuration
    }

    package var now: Moment { Moment(Date()) }
    package var today: CalendarDay { zone.day(of: Date()) }

    /// The driver named, else the log's only driver; refused (64) when the log has several and none was named.
    package func driver(_ name: String?) throws -> String {
        let drivers = try storeCall { try database.drivers() }
        if let name {
            guard let known = drivers.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else {
                Diagnostics.error("unknown driver '\(name)'; add them with `logbook drivers add \"\(name)\"`")
                throw ExitCode(64)
            }
            return known
        }
        switch drivers.count {
        case 1: return drivers[0]
        case 0:
            Diagnostics.error("the log has no driver yet; add one with `logbook drivers add NAME`")
            throw ExitCode(64)
        default:
            Diagnostics.error("the log has \(drivers.count) drivers; say whose hours with --driver NAME")
            throw ExitCode(64)
        }
    }

    /// `current`, `previous`, `next` or a day of the period (`YYYY-MM-DD`).
    package func period(_ name: String) throws -> PayPeriod {
        guard let period = rules.periods.period(named: name, today: today) else {
            throw usageError("--period: expected current, previous, next or a date YYYY-MM-DD, got '\(name)'")
        }
        return period
    }

    /// The driver's shifts of a period with weekly overtime counted over whole weeks.
    package func timesheet(_ period: PayPeriod, driver: String) throws -> (Timesheet, [HoursEntry]) {
        let (first, last) = Timesheet.countedDays(of: period)
        let entries = try storeCall { try database.shifts(driver: driver, from: first, through: last) }
        let sheet = Timesheet(period: period, shifts: entries.map(\.shift), overtime: rules.overtime)
        return (sheet, entries.filter { period.contains($0.shift.day) })
    }
}

/// The options every `logbook hours` command takes.
package struct HoursOptions: ParsableArguments {
    package init() {}

    @OptionGroup package var log: LogOptions

    /// Opens the log for a command that changes it.
    package func open() throws -> HoursContext {
        let file = try log.configurationOptions.load()
        let (database, _) = try log.open(file)
        return HoursContext(
            database: database, settings: try file.table(HoursSettings.self, "hours"), configuration: file)
    }

    /// Opens the existing log read-only.
    package func openForReading() throws -> HoursContext {
        let file = try log.configurationOptions.load()
        let (database, _) = try log.openForReading(file)
        return HoursContext(
            database: database, settings: try file.table(HoursSettings.self, "hours"), configuration: file)
    }
}

/// The `hours` subcommands that need neither Cairo nor libcurl; LogbookReporting's `HoursCommand` adds `report`.
package enum HoursCommands {
    package static let all: [any ParsableCommand.Type] = [
        HoursAddCommand.self, HoursEditCommand.self, HoursDeleteCommand.self, HoursListCommand.self,
        HoursStartCommand.self, HoursPauseCommand.self, HoursResumeCommand.self, HoursStopCommand.self,
        HoursSubmitCommand.self, HoursReopenCommand.self, HoursLockCommand.self, HoursLinksCommand.self,
        HoursSettingsCommand.self, HoursStatusCommand.self, HoursRetryCommand.self,
    ]
}
