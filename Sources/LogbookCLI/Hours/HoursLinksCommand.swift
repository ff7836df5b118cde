import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookServices
import Hours
import LogbookConfiguration

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
            let link = try options.service().addLink(HoursLinkInput(name: name, url: url, driver: driver))
            Diagnostics.print("Added the link \(link.name)" + (link.driver.map { " for \($0)" } ?? ""))
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the links.")
        @Option(name: .long, help: "Also this driver's own links.") var driver: String?
        @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var options: HoursOptions

        func run() throws {
            let service = try options.readingService()
            var listing = Listing([("name", "Name"), ("url", "Address"), ("driver", "For")])
            for link in try service.links(driver: driver) {
                listing.append([.text(link.name), .text(link.url), .text(link.driver)])
            }
            listing.print(format, clock: LocalClock(identifier: service.zone.identifier))
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a link by name.")
        @Argument(help: "The link's name.") var name: String
        @Option(name: .long, help: "A driver's own link.") var driver: String?
        @OptionGroup var options: HoursOptions

        func run() throws {
            try options.service().removeLink(named: name, driver: driver)
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
        let view = HoursSettingsView(settings, configurationPath: file.path, now: Date())
        if format == .json {
            var output = StandardOutput()
            output.write(try ServiceJSON.text(view) + "\n")
            output.flush()
        } else {
            var listing = Listing([("key", "Setting"), ("value", "Value")])
            for row in view.rows { listing.append([.text(row.key), .text(row.value)]) }
            listing.print(format, clock: LocalClock(identifier: settings.zone.identifier))
        }
    }
}
