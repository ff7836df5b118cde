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

        /// JSON is the views'; CSV keeps its metre columns and adds the vehicle's unit; the table shows distances
        /// in the vehicle's unit (`12.4 km`, `7.7 mi`).
        static func print(_ views: [TripConflictView], format: OutputFormat, clock: LocalClock) throws {
            if format == .json { return try JSONOutput.print(views) }
            let table = format == .table
            var columns = [
                ("id", "Conflict"), ("vehicle", "Vehicle"), ("start", "Imported start"), ("end", "Imported end"),
            ]
            columns.append(table ? ("distance", "Imported") : ("distance_m", "Imported m"))
            columns += [("file", "File"), ("existing_trip", "Overlaps trip"), ("existing_start", "Its start")]
            columns.append(("existing_end", "Its end"))
            columns.append(table ? ("existing_distance", "Its distance") : ("existing_distance_m", "Its m"))
            columns += [("resolution", "Kept"), ("kept_trip", "Kept trip"), ("resolved_at", "Resolved")]
            if !table {
                columns += [("distance", "Imported"), ("existing_distance", "Its"), ("distance_unit", "Unit")]
            }
            var listing = Listing(columns)
            for view in views {
                let c = view.conflict
                let distance: Cell =
                    table
                    ? .text(TripRendering.distance(c.distance, unit: view.unit)) : .number(c.distance, decimals: 1)
                let existing: Cell =
                    table
                    ? .text(TripRendering.distance(c.existingDistance, unit: view.unit))
                    : .number(c.existingDistance, decimals: 1)
                var row: [Cell] = [
                    .integer(Int(c.id)), .text(c.vehicle), .time(c.start), .time(c.end), distance,
                    .text(c.file), .integer(Int(c.existingTripID)), .time(c.existingStart), .time(c.existingEnd),
                    existing, .text(c.resolution?.rawValue), .integer(c.keptTripID.map { Int($0) }),
                    .time(c.resolvedAt),
                ]
                if !table {
                    row += [
                        .number(view.distanceInUnit, decimals: 3), .number(view.existingDistanceInUnit, decimals: 3),
                        .text(view.unit.rawValue),
                    ]
                }
                listing.append(row)
            }
            let open = views.filter { !$0.conflict.isResolved }.count
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
