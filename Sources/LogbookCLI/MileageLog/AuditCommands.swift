import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookServices
import LogbookStore
import MileageLog
import TrackModel

/// Audit entries as a table and CSV rows.
enum AuditRendering {
    static func listing(_ views: [AuditEntryView]) -> Listing {
        var listing = Listing([
            ("sequence", "#"), ("time", "Time"), ("actor", "Who"), ("entity", "Entity"), ("entity_id", "Id"),
            ("action", "Action"), ("field", "Field"), ("old_value", "Old"), ("new_value", "New"), ("hash", "Hash"),
        ])
        for e in views.map(\.entry) {
            listing.append([
                .integer(Int(e.sequence)), .time(e.change.time), .text(e.change.actor), .text(e.change.entity),
                .text(e.change.entityID), .text(e.change.action.rawValue), .text(e.change.field),
                .text(e.change.oldValue), .text(e.change.newValue), .text(String(e.hash.prefix(16))),
            ])
        }
        return listing
    }
}

/// `logbook audit`: the tamper-evident history.
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit", abstract: "The log's tamper-evident history.", subcommands: [Verify.self, List.self])

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Check the hash chain and every trip against its history.",
            discussion: """
                Reports the first broken link of the SHA-256 chain, and every trip whose row differs from what its \
                history recorded (a change made behind Logbook's back, e.g. with the sqlite3 shell). Exits 0 when \
                all holds, 65 otherwise. The head (last sequence and hash) can be kept elsewhere to detect a cut-off \
                tail.
                """)

        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.readingContext()
            let view = try AuditService(context).verify()
            let report = view.report
            var output = StandardOutput()
            switch format {
            case .json:
                output.write(try ServiceJSON.text(view) + "\n")
            case .csv:
                output.write(problems(report).csv())
            case .table:
                if report.isIntact {
                    output.write(
                        "Audit history intact: \(report.entries) entries, \(report.trips) trips match their history.\n"
                            + "Head: entry \(report.head.sequence), \(report.head.hash)\n")
                }
            }
            output.flush()
            if !report.isIntact {
                if format == .table {
                    Diagnostics.error("the audit history is broken: " + report.problems[0].message)
                    for problem in report.problems.dropFirst().prefix(20) { Diagnostics.print("  " + problem.message) }
                    if report.problems.count > 21 { Diagnostics.print("  … \(report.problems.count - 21) more") }
                }
                throw ExitCode(65)
            }
        }

        func problems(_ report: AuditReport) -> Listing {
            var listing = Listing([
                ("kind", "Kind"), ("sequence", "Entry"), ("trip", "Trip"), ("field", "Field"), ("message", "Message"),
            ])
            for p in report.problems {
                listing.append([
                    .text(p.kind.rawValue), .integer(p.sequence.map { Int($0) }), .integer(p.tripID.map { Int($0) }),
                    .text(p.field), .text(p.message),
                ])
            }
            return listing
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the audit entries.")

        @Option(name: .long, help: "Only this trip's entries.") var trip: Int64?
        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.readingContext()
            let entries = try AuditService(context).entries(trip: trip)
            if format == .json { return try JSONOutput.print(entries) }
            AuditRendering.listing(entries).print(format, clock: context.clock)
        }
    }
}

/// `logbook regular`: regular trips ("favourites") to add again with one command.
struct RegularCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regular", abstract: "Regular trips, reused with `logbook trips add --regular NAME`.",
        subcommands: [Add.self, List.self, Remove.self], defaultSubcommand: List.self)

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Make a regular trip from a stored trip.")

        @Option(name: .long, help: "The trip to copy.") var fromTrip: Int64
        @Option(name: .long, help: "The regular trip's name.") var name: String
        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.context()
            let regular = try RegularTripService(context).add(name: name, fromTrip: fromTrip)
            try List.print([regular], format: format, clock: context.clock)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the regular trips.")

        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.readingContext()
            try Self.print(try RegularTripService(context).list(), format: format, clock: context.clock)
        }

        /// Programs get metres and seconds (and the distance in the vehicle's unit); people get the vehicle's unit
        /// and hours:minutes.
        static func print(_ views: [RegularTripView], format: OutputFormat, clock: LocalClock) throws {
            if format == .json { return try JSONOutput.print(views) }
            let table = format == .table
            var listing = Listing([
                ("name", "Name"), ("vehicle", "Vehicle"), ("driver", "Driver"), ("category", "Category"),
                ("purpose", "Purpose"), ("partner", "Partner"), ("destination", "Destination"), ("from", "From"),
                ("to", "To"),
            ])
            listing.columns +=
                table
                ? Listing([("distance", "Distance"), ("start_time", "Start"), ("duration", "Duration")]).columns
                : Listing([
                    ("distance_m", "Distance m"), ("start_time", "Start"), ("duration_s", "Duration s"),
                    ("distance", "Distance"), ("distance_unit", "Unit"),
                ]).columns
            for view in views {
                let (r, unit, hhmm) = (view.regular, view.unit, view.startTime)
                var row: [Cell] = [
                    .text(r.name), .text(r.vehicle), .text(r.driver), .text(r.category.rawValue), .text(r.purpose),
                    .text(r.partner), .text(r.destination), .text(r.startLabel), .text(r.endLabel),
                ]
                row +=
                    table
                    ? [
                        .text(TripRendering.distance(r.distance, unit: unit)), .text(hhmm),
                        .text(ReplayRendering.hoursMinutes(r.duration)),
                    ]
                    : [
                        .number(r.distance, decimals: 1), .text(hhmm), .number(r.duration, decimals: 0),
                        .number(r.distance / unit.metres, decimals: 3), .text(unit.rawValue),
                    ]
                listing.append(row)
            }
            listing.print(format, clock: clock)
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a regular trip (trips made from it stay).")

        @Argument(help: "The regular trip's name.") var name: String
        @OptionGroup var log: LogOptions

        func run() throws {
            try RegularTripService(try log.context()).remove(named: name)
            print("Removed regular trip \(name)")
        }
    }
}
