import ArgumentParser
import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import Synchronization
import LogbookConfiguration
import LogbookStore
import MileageLog
import TrackModel

/// The `[log]` table of the configuration: the rules the mileage log keeps.
///
/// ```toml
/// [log]
/// lock_after_days = 7                  # 0: trips never lock
/// unclassified_private_after_days = 7  # omit to leave unclassified trips open
/// preset = "DE"                        # EE, DE, FI, SE, UK or US: fields a business trip needs
/// apply_odometer_calibration = false
/// timezone = "Europe/Tallinn"          # default: the system's
/// actor = "Mari Maasikas"              # default: $LOGBOOK_ACTOR, else $USER
/// ```
package struct LogSettings: Decodable, Sendable {
    package var lockAfterDays = 7
    package var unclassifiedPrivateAfterDays: Int?
    package var preset: CountryPreset?
    package var applyOdometerCalibration = false
    package var timezone: String?
    package var actor: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case lockAfterDays = "lock_after_days"
        case unclassifiedPrivateAfterDays = "unclassified_private_after_days"
        case preset
        case applyOdometerCalibration = "apply_odometer_calibration"
        case timezone
        case actor
    }

    package init() {}

    /// Whether the system knows a zone of this name: a file under /usr/share/zoneinfo (checked without loading
    /// Foundation's ICU-backed time zones, which the daemon avoids), else whatever Foundation knows.
    static func isZoneName(_ name: String) -> Bool {
        guard !name.isEmpty, !name.contains(".."), !name.hasPrefix("/") else { return false }
        if access("/usr/share/zoneinfo", R_OK) == 0 { return access("/usr/share/zoneinfo/" + name, R_OK) == 0 }
        return TimeZone(identifier: name) != nil
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        lockAfterDays = try c.decodeIfPresent(Int.self, forKey: .lockAfterDays) ?? 7
        guard lockAfterDays >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .lockAfterDays, in: c, debugDescription: "must be 0 (never) or more days")
        }
        unclassifiedPrivateAfterDays = try c.decodeIfPresent(Int.self, forKey: .unclassifiedPrivateAfterDays)
        if let days = unclassifiedPrivateAfterDays, days < 0 {
            throw DecodingError.dataCorruptedError(
                forKey: .unclassifiedPrivateAfterDays, in: c, debugDescription: "must be 0 or more days")
        }
        if let text = try c.decodeIfPresent(String.self, forKey: .preset) {
            guard let preset = CountryPreset(rawValue: text.uppercased()) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .preset, in: c, debugDescription: "expected one of EE, DE, FI, SE, UK, US")
            }
            self.preset = preset
        }
        applyOdometerCalibration = try c.decodeIfPresent(Bool.self, forKey: .applyOdometerCalibration) ?? false
        timezone = try c.decodeIfPresent(String.self, forKey: .timezone)
        if let timezone, !Self.isZoneName(timezone) {
            throw DecodingError.dataCorruptedError(
                forKey: .timezone, in: c, debugDescription: "unknown time zone; use an IANA name such as Europe/Tallinn"
            )
        }
        actor = try c.decodeIfPresent(String.self, forKey: .actor)
    }
}

/// Local time for people: days, minutes and dates in one time zone, without touching the engine's UTC times.
package struct LocalClock: Sendable {
    /// The zone, looked up on first use: Foundation's time zones load ICU's zone code and data (about 2 MB
    /// resident), which the daemon needs only once a rule or the monthly report asks for a local time.
    private let resolved: Resolved

    private final class Resolved: Sendable {
        let identifier: String?
        let zone = Mutex<TimeZone?>(nil)

        init(identifier: String?) { self.identifier = identifier }

        var value: TimeZone {
            zone.withLock { zone in
                if let zone { return zone }
                let made = identifier.flatMap(TimeZone.init(identifier:)) ?? TimeZone.current
                zone = made
                return made
            }
        }
    }

    /// A named zone (already checked to exist), or the system's when `identifier` is nil.
    package init(identifier: String?) {
        resolved = Resolved(identifier: identifier)
    }

    package var zone: TimeZone { resolved.value }
    package var name: String { resolved.identifier ?? zone.identifier }

    /// Seconds east of UTC at `time`. The system's zone (no identifier) is asked of the C library (`localtime_r`:
    /// `TZ`, else `/etc/localtime`, the zone `TimeZone.current` names too), which reads the system's zone files
    /// without loading ICU (about 2 MB resident, which every trip the daemon stores would otherwise bring in); a
    /// named zone goes through Foundation.
    package func offset(_ time: Timestamp) -> Int {
        guard resolved.identifier != nil else { return Self.systemOffset(time) }
        return zone.secondsFromGMT(for: Date(timeIntervalSince1970: time.secondsSince1970))
    }

    private static func systemOffset(_ time: Timestamp) -> Int {
        let seconds = time.secondsSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return 0 }
        var t = time_t(seconds)
        var parts = tm()
        guard localtime_r(&t, &parts) != nil else { return 0 }
        return parts.tm_gmtoff
    }

    package func day(_ time: Timestamp) -> Day { Day(time, utcOffsetSeconds: offset(time)) }

    package var today: Day { day(Timestamp(secondsSince1970: Date().timeIntervalSince1970)) }

    /// The moment a local day's minute begins (the later one if the clock was set back).
    package func timestamp(_ day: Day, minute: Int) -> Timestamp {
        let naive = Double(day.dayNumber) * 86_400 + Double(minute) * 60
        let guess = naive - Double(offset(Timestamp(secondsSince1970: naive)))
        return Timestamp(secondsSince1970: naive - Double(offset(Timestamp(secondsSince1970: guess))))
    }

    /// `YYYY-MM-DD`.
    package func date(_ time: Timestamp) -> String { day(time).description }

    /// `HH:MM`.
    package func time(_ time: Timestamp) -> String {
        let c = (time + Double(offset(time))).components
        return (c.hour < 10 ? "0" : "") + "\(c.hour):" + (c.minute < 10 ? "0" : "") + "\(c.minute)"
    }

    package func dateTime(_ time: Timestamp) -> String { date(time) + " " + self.time(time) }

    package func interval(_ period: Period) -> UTCInterval {
        period.interval(today: today) { offset($0) }
    }

    /// `HH:MM` → minute of the day.
    package static func minute(parsing text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2, let h = Int(parts[0]), let m = Int(parts[1]),
            (0..<24).contains(h), (0..<60).contains(m)
        else { return nil }
        return h * 60 + m
    }

    /// `YYYY-MM-DD`, `today` or `yesterday`.
    package func day(parsing text: String) -> Day? {
        switch text.lowercased() {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        default: return Day(parsing: text)
        }
    }
}

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
        return (try databaseOptions.open(policy: settings.policy(clock: clock, defaultActor: nil)), clock)
    }

    /// Opens the existing log read-only, for commands that only read (see `DatabaseOptions.openForReading`).
    package func openForReading() throws -> (AppDatabase, LocalClock) {
        try openForReading(configurationOptions.load())
    }

    package func openForReading(_ file: ConfigurationFile) throws -> (AppDatabase, LocalClock) {
        let settings = try file.table(LogSettings.self, "log")
        let clock = try settings.clock(override: timezone)
        return (try databaseOptions.openForReading(policy: settings.policy(clock: clock, defaultActor: nil)), clock)
    }
}

extension LogSettings {
    package func clock(override: String? = nil) throws -> LocalClock {
        let name = override ?? timezone
        guard let name else { return LocalClock(identifier: nil) }
        // Checked when given on the command line; the configuration's was checked when it was read.
        if override != nil, !Self.isZoneName(name) {
            throw ValidationError("Unknown time zone '\(name)'; use an IANA name such as Europe/Tallinn.")
        }
        return LocalClock(identifier: name)
    }

    /// The store's policy; the actor is `[log] actor`, else `defaultActor`, else $LOGBOOK_ACTOR or $USER.
    package func policy(clock: LocalClock, defaultActor: String?) -> LogPolicy {
        let environment = ProcessInfo.processInfo.environment
        let actor =
            self.actor ?? defaultActor ?? environment["LOGBOOK_ACTOR"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? "logbook"
        return LogPolicy(
            actor: actor, lockAfterDays: lockAfterDays == 0 ? nil : lockAfterDays,
            unclassifiedPrivateAfterDays: unclassifiedPrivateAfterDays, preset: preset,
            applyOdometerCalibration: applyOdometerCalibration, utcOffset: { clock.offset($0) })
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
