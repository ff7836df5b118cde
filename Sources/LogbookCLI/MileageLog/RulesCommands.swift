import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookServices
import LogbookStore
import MileageLog
import TrackModel

/// `logbook places`: named places with a radius, for rules.
struct PlacesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places", abstract: "Named places (home, office, a customer) for classification rules.",
        subcommands: [Add.self, List.self, Remove.self], defaultSubcommand: List.self)

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a place.")

        @Option(name: .long, help: "The place's name.") var name: String
        @Option(name: .long, help: "Latitude in degrees (WGS84).") var lat: Double
        @Option(name: .long, help: "Longitude in degrees (WGS84).") var lon: Double
        @Option(name: .long, help: "Radius in metres (default 150).") var radius: Double = 150
        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.context()
            let place = try PlaceService(context).add(PlaceInput(name: name, lat: lat, lon: lon, radius: radius))
            try List.print([place], format: format, clock: context.clock)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the places.")

        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.readingContext()
            try Self.print(try PlaceService(context).list(), format: format, clock: context.clock)
        }

        static func print(_ views: [PlaceView], format: OutputFormat, clock: LocalClock) throws {
            if format == .json { return try JSONOutput.print(views) }
            let places = views.map(\.place)
            var listing = Listing([
                ("name", "Name"), ("lat", "Latitude"), ("lon", "Longitude"), ("radius_m", "Radius m"),
            ])
            for p in places {
                listing.append([
                    .text(p.name), .number(p.centre.latitude, decimals: 6), .number(p.centre.longitude, decimals: 6),
                    .number(p.radiusMetres, decimals: 0),
                ])
            }
            listing.print(format, clock: clock)
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a place.")

        @Argument(help: "The place's name.") var name: String
        @OptionGroup var log: LogOptions

        func run() throws {
            try PlaceService(try log.context()).remove(named: name)
            print("Removed place \(name)")
        }
    }
}

/// `logbook rules`: classification rules applied to new GPS trips.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Classification rules: weekday, time window, start/end place and vehicle → category.",
        discussion: """
            New GPS trips (daemon and import) get the category of the first matching rule (highest priority \
            first). A category set by a person always wins: rules never change it.
            """,
        subcommands: [Add.self, List.self, Remove.self, Test.self], defaultSubcommand: List.self)

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a rule.")

        @Option(name: .long, help: "The rule's name.") var name: String
        @Option(name: .long, help: "business, private or commute.") var category: String
        @Option(name: .long, help: "The purpose it sets (required for business).") var purpose: String?
        @Option(name: .long, help: "Days: e.g. mon-fri, sat,sun, tue (default every day).") var weekdays: String?
        @Option(name: .long, help: "Local start-time window HH:MM-HH:MM (may pass midnight).") var time: String?
        @Option(name: .customLong("from"), help: "Start place (see `logbook places`).") var fromPlace: String?
        @Option(name: .customLong("to"), help: "End place.") var toPlace: String?
        @Option(name: .long, help: "Only this vehicle.") var vehicle: String?
        @Option(name: .long, help: "Higher goes first (default 0).") var priority: Int = 0
        @OptionGroup var log: LogOptions

        func run() throws {
            try RuleService(try log.context()).add(
                RuleInput(
                    name: name, category: category, purpose: purpose, weekdays: weekdays, time: time, from: fromPlace,
                    to: toPlace, vehicle: vehicle, priority: priority))
            print("Added rule \(name)")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the rules.")

        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.readingContext()
            let rules = try RuleService(context).list()
            if format == .json { return try JSONOutput.print(rules) }
            let clock = context.clock
            var listing = Listing([
                ("name", "Name"), ("priority", "Priority"), ("weekdays", "Days"), ("time", "Time"), ("from", "From"),
                ("to", "To"), ("vehicle", "Vehicle"), ("category", "Category"), ("purpose", "Purpose"),
            ])
            for view in rules {
                let (stored, r) = (view.stored, view.stored.rule)
                listing.append([
                    .text(r.name), .integer(r.priority), .text(view.weekdays), .text(r.timeWindow?.description),
                    .text(r.startPlace?.name), .text(r.endPlace?.name),
                    .text(stored.vehicle), .text(r.category.rawValue), .text(r.purpose),
                ])
            }
            listing.print(format, clock: clock)
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a rule.")

        @Argument(help: "The rule's name.") var name: String
        @OptionGroup var log: LogOptions

        func run() throws {
            try RuleService(try log.context()).remove(named: name)
            print("Removed rule \(name)")
        }
    }

    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test",
            abstract: "Show (with --dry-run) or apply what the rules do to stored trips nobody classified by hand.")

        @Flag(name: .long, help: "Only show what would change.") var dryRun = false
        @Option(name: .long, help: "this-week, last-week, this-month, last-month, all or YYYY-MM (default all).")
        var period: String?
        @Option(name: .long, help: "Only this vehicle.") var vehicle: String?
        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try dryRun ? log.readingContext() : log.context()
            let outcomes = try RuleService(context).apply(period: period, vehicle: vehicle, dryRun: dryRun)
            let clock = context.clock
            var listing = Listing([
                ("trip", "Trip"), ("rule", "Rule"), ("from", "Was"), ("category", "Becomes"), ("purpose", "Purpose"),
            ])
            for o in outcomes.map(\.outcome) {
                listing.append([
                    .integer(Int(o.tripID)), .text(o.rule), .text(o.previous?.rawValue ?? "unclassified"),
                    .text(o.category.rawValue), .text(o.purpose),
                ])
            }
            if format == .json { return try JSONOutput.print(outcomes) }
            var output = StandardOutput()
            let summary =
                outcomes.isEmpty
                ? "No trip would change."
                : "\(outcomes.count) trip(s) \(dryRun ? "would change (dry run)" : "changed")."
            output.write(listing.render(format, clock: clock, footer: [summary]))
            output.flush()
        }
    }
}
