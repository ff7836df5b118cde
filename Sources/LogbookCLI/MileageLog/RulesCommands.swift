import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookStore
import MileageLog
import TrackModel
import LogbookServices

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

        func validate() throws {
            if !(lat.isFinite && (-90...90).contains(lat)) { throw ValidationError("--lat must be -90 to 90.") }
            if !(lon.isFinite && (-180...180).contains(lon)) { throw ValidationError("--lon must be -180 to 180.") }
            if !(radius.isFinite && radius > 0 && radius <= 100_000) {
                throw ValidationError("--radius must be more than 0 and at most 100000 metres.")
            }
        }

        func run() throws {
            let (database, clock) = try log.open()
            let place = try storeCall {
                try database.addPlace(
                    Place(name: name, centre: Coordinate(latitude: lat, longitude: lon), radiusMetres: radius))
            }
            List.print([place], format: format, clock: clock)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the places.")

        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let (database, clock) = try log.openForReading()
            Self.print(try storeCall { try database.places() }, format: format, clock: clock)
        }

        static func print(_ places: [Place], format: OutputFormat, clock: LocalClock) {
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
            let (database, _) = try log.open()
            try storeCall { try database.removePlace(named: name) }
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

        func validate() throws {
            let chosen = try TripArguments.category(category).category
            if chosen == .business, purpose?.trimmingCharacters(in: .whitespaces).isEmpty ?? true {
                throw ValidationError("A business rule needs a purpose: add --purpose \"…\".")
            }
            _ = try Self.weekdays(weekdays)
            if let time, TimeWindow(parsing: time) == nil {
                throw ValidationError("--time \"\(time)\": expected HH:MM-HH:MM.")
            }
        }

        static func weekdays(_ text: String?) throws -> Swift.Set<Weekday> {
            guard let text else { return [] }
            let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
            func day(_ s: Substring) throws -> Int {
                let key = s.trimmingCharacters(in: .whitespaces).lowercased().prefix(3)
                guard let index = names.firstIndex(of: String(key)) else {
                    throw ValidationError("--weekdays \"\(text)\": unknown day '\(s)'; use mon … sun.")
                }
                return index + 1
            }
            var result: Swift.Set<Weekday> = []
            for part in text.split(separator: ",") {
                let ends = part.split(separator: "-")
                guard ends.count == 1 || ends.count == 2 else {
                    throw ValidationError("--weekdays \"\(text)\": expected e.g. mon-fri or sat,sun.")
                }
                let first = try day(ends[0])
                let last = try day(ends[ends.count - 1])
                var k = first
                while true {
                    result.insert(Weekday(rawValue: k)!)
                    if k == last { break }
                    k = k % 7 + 1
                }
            }
            return result
        }

        func run() throws {
            let (database, _) = try log.open()
            try storeCall {
                try database.addRule(
                    name: name, priority: priority, weekdays: try Self.weekdays(weekdays),
                    timeWindow: time.flatMap { TimeWindow(parsing: $0) }, startPlace: fromPlace, endPlace: toPlace,
                    vehicle: vehicle, category: try TripArguments.category(category).category ?? .private,
                    purpose: purpose)
            }
            print("Added rule \(name)")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the rules.")

        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let (database, clock) = try log.openForReading()
            var listing = Listing([
                ("name", "Name"), ("priority", "Priority"), ("weekdays", "Days"), ("time", "Time"), ("from", "From"),
                ("to", "To"), ("vehicle", "Vehicle"), ("category", "Category"), ("purpose", "Purpose"),
            ])
            let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
            for stored in try storeCall({ try database.rules() }) {
                let r = stored.rule
                listing.append([
                    .text(r.name), .integer(r.priority),
                    .text(
                        r.weekdays.isEmpty
                            ? nil : r.weekdays.sorted().map { names[$0.rawValue - 1] }.joined(separator: ",")),
                    .text(r.timeWindow?.description), .text(r.startPlace?.name), .text(r.endPlace?.name),
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
            let (database, _) = try log.open()
            try storeCall { try database.removeRule(named: name) }
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

        func validate() throws { _ = try TripArguments.period(period, from: nil, to: nil) }

        func run() throws {
            let (database, clock) = try dryRun ? log.openForReading() : log.open()
            let filter = TripFilter(
                vehicle: vehicle, interval: clock.interval(try TripArguments.period(period, from: nil, to: nil)))
            let outcomes = try storeCall { try database.applyRules(filter, dryRun: dryRun) }
            var listing = Listing([
                ("trip", "Trip"), ("rule", "Rule"), ("from", "Was"), ("category", "Becomes"), ("purpose", "Purpose"),
            ])
            for o in outcomes {
                listing.append([
                    .integer(Int(o.tripID)), .text(o.rule), .text(o.previous?.rawValue ?? "unclassified"),
                    .text(o.category.rawValue), .text(o.purpose),
                ])
            }
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
