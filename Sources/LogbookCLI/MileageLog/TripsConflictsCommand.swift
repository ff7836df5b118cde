import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookServices
import LogbookStore
import MileageLog
import TrackModel

/// `logbook trips conflicts`: imported GPS trips kept aside because they overlap trips of the log.
struct TripsConflictsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts", abstract: "List and resolve imported trips that overlap trips of the log.",
        discussion: """
            `logbook import` never makes two trips of a vehicle overlap: an imported GPS trip that overlaps one \
            already in the log is kept aside here. Resolve it by choosing which stays; the other is voided with \
            the reason in its history.
            """,
        subcommands: [List.self, Resolve.self], defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the conflicts.")

        @Option(name: .long, help: "Only this vehicle's conflicts (plate).") var vehicle: String?
        @Flag(name: .long, help: "Show resolved conflicts too.") var includeResolved = false
        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        func run() throws {
            let context = try log.context()
            let conflicts = try TripService(context).conflicts(vehicle: vehicle, includeResolved: includeResolved)
            try Self.print(conflicts, format: format, clock: context.clock)
        }

        static func print(_ views: [TripConflictView], format: OutputFormat, clock: LocalClock) throws {
            if format == .json { return try JSONOutput.print(views) }
            let conflicts = views.map(\.conflict)
            var listing = Listing([
                ("id", "Conflict"), ("vehicle", "Vehicle"), ("start", "Imported start"), ("end", "Imported end"),
                ("distance_m", "Imported m"), ("file", "File"), ("existing_trip", "Overlaps trip"),
                ("existing_start", "Its start"), ("existing_end", "Its end"), ("existing_distance_m", "Its m"),
                ("resolution", "Kept"), ("kept_trip", "Kept trip"), ("resolved_at", "Resolved"),
            ])
            for c in conflicts {
                listing.append([
                    .integer(Int(c.id)), .text(c.vehicle), .time(c.start), .time(c.end),
                    .number(c.distance, decimals: 1),
                    .text(c.file), .integer(Int(c.existingTripID)), .time(c.existingStart), .time(c.existingEnd),
                    .number(c.existingDistance, decimals: 1), .text(c.resolution?.rawValue),
                    .integer(c.keptTripID.map { Int($0) }), .time(c.resolvedAt),
                ])
            }
            let open = conflicts.filter { !$0.isResolved }.count
            listing.print(
                format, clock: clock,
                footer: [
                    open == 0
                        ? "No open conflicts."
                        : "\(open) open conflict(s): `logbook trips conflicts resolve ID --keep existing|imported`."
                ])
        }
    }

    struct Resolve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "resolve", abstract: "Choose which of two overlapping trips stays.",
            discussion: """
                --keep existing: the trip already in the log stays; the imported trip enters the log voided. \
                --keep imported: the imported GPS trip enters the log and the trips it overlaps are voided.
                """)

        @Argument(help: "The conflict's id.") var id: Int64
        @Option(name: .long, help: "existing or imported.") var keep: String
        @Option(name: .long, help: "Output format: table, json or csv.") var format: OutputFormat = .table
        @OptionGroup var log: LogOptions

        var choice: ConflictChoice? { ConflictChoice(rawValue: keep.lowercased()) }

        func validate() throws {
            guard choice != nil else { throw ValidationError("--keep \"\(keep)\": expected existing or imported.") }
        }

        func run() throws {
            let context = try log.context()
            let resolved = try TripService(context).resolveConflict(id, keep: choice ?? .existing)
            try List.print([resolved], format: format, clock: context.clock)
        }
    }
}
