import ArgumentParser
import Foundation
import LogbookConfiguration
import LogbookDaemon
import LogbookStore
import Checklists
import LogbookServices

extension DayPart: ExpressibleByArgument {}
extension ChecklistKind: ExpressibleByArgument {}
extension Area: ExpressibleByArgument {}

/// What every `logbook checklists` command opens: the log and the `[checklists]` settings.
package struct ChecklistContext {
    package var database: AppDatabase
    package var settings: ChecklistSettings
    package var configuration: ConfigurationFile
    /// The zone of `--timezone`, `[log] timezone` or the system, for commands that span restaurants.
    package var clock: LocalClock

    package init(
        database: AppDatabase, settings: ChecklistSettings, configuration: ConfigurationFile, clock: LocalClock
    ) {
        self.database = database
        self.settings = settings
        self.configuration = configuration
        self.clock = clock
    }

    package var now: Double { Date().timeIntervalSince1970 }

    package func restaurant(_ name: String) throws -> Restaurant {
        try storeCall { try database.restaurant(named: name) }
    }

    /// The manager named (a user who may run shifts there), else the restaurant's only shift manager.
    package func manager(_ name: String?, at restaurant: Restaurant) throws -> String {
        let users = try storeCall { try database.users() }
        if let name {
            guard let user = users.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw usageError(
                    "--manager \(name): unknown user; add them with "
                        + "`logbook users add \(name) --role shift-manager --restaurant \"\(restaurant.name)\"`")
            }
            return user.name
        }
        let managers = users.filter { $0.role == .shiftManager && $0.worksAt(restaurant.name) }
        guard managers.count == 1 else {
            throw usageError(
                managers.isEmpty
                    ? "\(restaurant.name) has no shift manager yet; add one with `logbook users add NAME "
                        + "--role shift-manager --restaurant \"\(restaurant.name)\"`"
                    : "\(restaurant.name) has \(managers.count) shift managers; say whose shift with --manager NAME")
        }
        return managers[0].name
    }

    /// A moment given as `--at`: `YYYY-MM-DDTHH:MM[:SS]` on the restaurant's clock, or ISO 8601 with an offset;
    /// now when absent. Refused when in the future by more than a minute.
    package func moment(_ text: String?, option: String = "--at", zone: TimeZone) throws -> Double {
        guard let text else { return now }
        guard let moment = Self.parseMoment(text, zone: zone) else {
            throw usageError("\(option) \(text): expected YYYY-MM-DDTHH:MM (the restaurant's clock) or ISO 8601")
        }
        guard moment <= now + 60 else { throw usageError("\(option) \(text) is in the future") }
        return moment
    }

    static func parseMoment(_ text: String, zone: TimeZone) -> Double? {
        let iso = ISO8601DateFormatter()
        if let date = iso.date(from: text) { return date.timeIntervalSince1970 }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        for format in ["yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
        }
        return nil
    }

    /// The first moment of a day `YYYY-MM-DD` on `zone`'s clock.
    package func startOfDay(_ text: String, option: String, zone: TimeZone) throws -> Double {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd"
        guard text.count == 10, let date = formatter.date(from: text) else {
            throw usageError("\(option) \(text): expected a date YYYY-MM-DD")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.startOfDay(for: date).timeIntervalSince1970
    }

    /// `--from` and `--to` (both days included) as moments on `zone`'s clock.
    package func range(from: String?, to: String?, zone: TimeZone) throws -> (Double?, Double?) {
        let start = try from.map { try startOfDay($0, option: "--from", zone: zone) }
        var end = try to.map { try startOfDay($0, option: "--to", zone: zone) }
        if let day = end {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            end = calendar.date(byAdding: .day, value: 1, to: Date(timeIntervalSince1970: day))!.timeIntervalSince1970
        }
        if let start, let end, end <= start { throw usageError("--to is before --from") }
        return (start, end)
    }
}

/// A restaurant's time zone, its UTC offsets and its ISO 8601 times.
package struct RestaurantClock: Sendable {
    package let zone: TimeZone

    package init(_ restaurant: Restaurant) {
        zone = TimeZone(identifier: restaurant.timezone) ?? .current
    }

    package init(zone: TimeZone) { self.zone = zone }

    package func offset(_ seconds: Double) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
    }

    /// `2026-11-24T10:15:00+01:00`.
    package func iso8601(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// `2026-11-24 10:15`.
    package func text(_ seconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// `10:15`.
    package func time(_ seconds: Double) -> String { String(text(seconds).suffix(5)) }
}

/// The options every `logbook checklists` command takes.
package struct ChecklistOptions: ParsableArguments {
    package init() {}

    @OptionGroup package var log: LogOptions

    package func open() throws -> ChecklistContext {
        let file = try log.configurationOptions.load()
        let (database, clock) = try log.open(file)
        return ChecklistContext(
            database: database, settings: try file.table(ChecklistSettings.self, "checklists"), configuration: file,
            clock: clock)
    }

    package func openForReading() throws -> ChecklistContext {
        let file = try log.configurationOptions.load()
        let (database, clock) = try log.openForReading(file)
        return ChecklistContext(
            database: database, settings: try file.table(ChecklistSettings.self, "checklists"), configuration: file,
            clock: clock)
    }
}
