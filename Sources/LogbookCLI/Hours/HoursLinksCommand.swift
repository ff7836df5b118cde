import CalendarDays
import ArgumentParser
import LogbookConfiguration
import Foundation
import LogbookDaemon
import LogbookStore
import Hours
import LogbookServices

/// `hours links`: the user's own web links (the payroll portal, the roster), as in the original app's menu.
struct HoursLinksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links", abstract: "Web links shown in the menu: for everyone, or a driver's own.",
        subcommands: [Add.self, List.self, Remove.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a link (http or https).")
        @Argument(help: "The link's name (1 to 40 characters).") var name: String
        @Argument(help: "The address (http:// or https://).") var url: String
        @Option(name: .long, help: "Only for this driver (default: everyone).") var driver: String?
        @OptionGroup var options: HoursOptions

        func run() throws {
            let context = try options.open()
            let driver = try driver.map { try context.driver($0) }
            let link = try HoursArguments.rules { () throws(TimesheetError) in try WebLink(name: name, url: url) }
            _ = try storeCall { try context.database.addLink(link, driver: driver) }
            Diagnostics.print("Added the link \(link.name)" + (driver.map { " for \($0)" } ?? ""))
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the links.")
        @Option(name: .long, help: "Also this driver's own links.") var driver: String?
        @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var options: HoursOptions

        func run() throws {
            let context = try options.openForReading()
            let driver = try driver.map { try context.driver($0) }
            var listing = Listing([("name", "Name"), ("url", "Address"), ("driver", "For")])
            for stored in try storeCall({ try context.database.links(driver: driver) }) {
                listing.append([.text(stored.link.name), .text(stored.link.url.absoluteString), .text(stored.driver)])
            }
            listing.print(format, clock: LocalClock(identifier: context.zone.identifier))
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a link by name.")
        @Argument(help: "The link's name.") var name: String
        @Option(name: .long, help: "A driver's own link.") var driver: String?
        @OptionGroup var options: HoursOptions

        func run() throws {
            let context = try options.open()
            let driver = try driver.map { try context.driver($0) }
            try storeCall { try context.database.removeLink(named: name, driver: driver) }
            Diagnostics.print("Removed the link \(name)")
        }
    }
}

/// `hours settings`: the employer's rules as the configuration sets them, and the current period.
struct HoursSettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: "Show the [hours] settings in force and the current pay period.")

    @Option(name: .long, help: "Output: table or json.") var format: OutputFormat = .table
    @OptionGroup var options: HoursOptions

    func run() throws {
        let file = try options.log.configurationOptions.load()
        let settings = try file.table(HoursSettings.self, "hours")
        let rules = settings.rules
        let today = rules.zone.day(of: Date())
        let current = rules.periods.period(containing: today)
        let o = rules.overtime
        func factors() -> String {
            let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
            let set = (1...7).compactMap { d in o.weekdayFactors[d].map { "\(names[d - 1]) \($0)" } }
            return (set + ["holiday \(o.holidayFactor)"]).joined(separator: ", ")
        }
        var listing = Listing([("key", "Setting"), ("value", "Value")])
        let rows: [(String, String)] = [
            ("configuration", file.path ?? "(none: defaults)"),
            ("period", settings.period.rawValue),
            ("period_anchor", settings.periodAnchor.description),
            ("current_period", current.description),
            ("timezone", rules.zone.identifier),
            ("rounding.start", rules.rounding.start.description),
            ("rounding.end", rules.rounding.end.description),
            ("rounding.duration", rules.rounding.duration.description),
            (
                "auto_break",
                rules.autoBreak.steps.isEmpty
                    ? "none"
                    : rules.autoBreak.steps.map { "\($0.breakMinutes)m after \(MinutesText.clock($0.afterMinutes))" }
                        .joined(separator: ", ")
            ),
            ("overtime.daily", o.dailyMinutes.map(MinutesText.clock) ?? "none"),
            ("overtime.weekly", o.weeklyMinutes.map(MinutesText.clock) ?? "none"),
            ("overtime.factor", "\(o.overtimeFactor)"),
            ("rates", factors()),
            ("holidays", o.holidays.sorted().map(\.description).joined(separator: ", ")),
            ("endpoint", settings.endpoint?.absoluteString ?? "(none: changes stay queued)"),
            ("token_file", settings.tokenFile ?? "(none)"),
            ("timeout", "\(settings.timeoutSeconds) s"),
        ]
        for (key, value) in rows { listing.append([.text(key), .text(value)]) }
        if format == .json {
            var j = JSONText()
            j.beginObject()
            for (key, value) in rows { j.field(key, value) }
            j.endObject()
            var output = StandardOutput()
            output.write(j.text + "\n")
            output.flush()
        } else {
            listing.print(format, clock: LocalClock(identifier: rules.zone.identifier))
        }
    }
}
