import ArgumentParser
import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import Synchronization
import LogbookConfiguration
import LogbookServices
import LogbookStore
import MileageLog
import TrackModel

/// What every mileage-log command shares: the database, the configuration's `[log]` table, the time zone.
package struct LogOptions: ParsableArguments {
    package init() {}

    @OptionGroup package var databaseOptions: DatabaseOptions
    @OptionGroup package var configurationOptions: ConfigurationOptions

    @Option(name: .long, help: "Time zone for dates and times (an IANA name; default [log] timezone or the system's).")
    package var timezone: String?

    /// Opens the log with its policy; failures end the command with one line and their exit status.
    package func open() throws -> (AppDatabase, LocalClock) { try open(configurationOptions.load()) }

    /// The same, with the configuration the command has already read.
    package func open(_ file: ConfigurationFile) throws -> (AppDatabase, LocalClock) {
        let settings = try file.table(LogSettings.self, "log")
        let clock = try settings.clock(override: timezone)
        let database = try file.table(DatabaseSettings.self, "database")
        return (
            try databaseOptions.open(
                policy: settings.policy(clock: clock, defaultActor: nil), configured: database.url,
                passwordFile: database.passwordFile, connections: try database.connectionLimit()),
            clock
        )
    }

    /// Opens the existing log read-only, for commands that only read (see `DatabaseOptions.openForReading`).
    package func openForReading() throws -> (AppDatabase, LocalClock) {
        try openForReading(configurationOptions.load())
    }

    package func openForReading(_ file: ConfigurationFile) throws -> (AppDatabase, LocalClock) {
        let settings = try file.table(LogSettings.self, "log")
        let clock = try settings.clock(override: timezone)
        let database = try file.table(DatabaseSettings.self, "database")
        return (
            try databaseOptions.openForReading(
                policy: settings.policy(clock: clock, defaultActor: nil), configured: database.url,
                passwordFile: database.passwordFile, connections: try database.connectionLimit()),
            clock
        )
    }
}

/// Runs a store call, turning its errors into one line on standard error and the right exit status. A value a
/// schema rule (CHECK constraint) refuses is the user's: the line names the option, exit 64.
package func storeCall<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as StoreError {
        // A schema rule (a named CHECK constraint, or the store's own check of the same rule) whose meaning for
        // options is below; another CHECK constraint (SQLITE_CONSTRAINT_CHECK, 275) is named as a rule.
        if let rule = error.rule, error.code == .constraint || error.code == .invalidArgument {
            if let text = StoreConstraintMessages.byRule[rule] {
                Diagnostics.error(text)
                throw ExitCode(64)
            }
            if error.sqliteCode == 275 {
                Diagnostics.error("the log refused a value (its rule \(rule))")
                throw ExitCode(65)
            }
        }
        Diagnostics.error(error.description)
        throw ExitCode(error.exitCode)
    }
}

/// What the schema's named CHECK constraints mean to someone typing options.
enum StoreConstraintMessages {
    static let byRule: [String: String] = [
        "vehicle_initial_odometer": "--odometer must be between 0 and 1000000000",
        "vehicle_plate": "--plate must not be empty",
        "driver_name": "a driver's name must not be empty",
        "trip_distance": "--distance must be between 0 and 1000000 km",
        "trip_odometer": "--odometer-end must be between 0 and 1000000000 and not below the start",
        "trip_times": "--start and --end: the trip must end after it starts",
        "regular_trip_distance": "the regular trip's distance must be between 0 and 1000000 km",
        "regular_trip_name": "--name must not be empty",
    ]
}
