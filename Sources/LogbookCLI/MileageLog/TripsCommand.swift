import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookStore
import MileageLog
import TrackModel
import LogbookServices

/// `logbook trips`: the log's trips — list, show, add, edit, void, merge, split.
struct TripsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trips", abstract: "Work with the log's trips.",
        subcommands: [
            List.self, Show.self, TripsAddCommand.self, TripsEditCommand.self, TripsVoidCommand.self,
            TripsMergeCommand.self, TripsSplitCommand.self, TripsConflictsCommand.self,
        ])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List trips, filtered by period, vehicle, driver and category.",
            discussion: """
                JSON has the shape of `logbook replay`'s ({"distance_m", "trips": [...]}) with each trip's log \
                fields: id, vehicle, driver, odometer, category, purpose, source, locked, voided and more. Voided \
                trips are left out unless --include-voided; they never count in totals.
                """)

        @Option(name: .long, help: "Output format: table, json or csv.")
        var format: OutputFormat = .table

        @Option(name: .long, help: "Only this vehicle's trips (plate).")
        var vehicle: String?

        @Option(name: .long, help: "Only this driver's trips.")
        var driver: String?

        @Option(name: .long, help: "business, private, commute or unclassified.")
        var category: String?

        @Option(
            name: .long,
            help: "this-week, last-week, this-month, last-month, all or YYYY-MM (default all; local days).")
        var period: String?

        @Option(name: .long, help: "First day (YYYY-MM-DD), inclusive.")
        var from: String?

        @Option(name: .long, help: "Last day (YYYY-MM-DD), inclusive.")
        var to: String?

        @Flag(name: .long, help: "Show voided trips too.")
        var includeVoided = false

        @OptionGroup var log: LogOptions

        func validate() throws {
            if period != nil, from != nil || to != nil {
                throw ValidationError("Give --period or --from/--to, not both.")
            }
            _ = try TripArguments.category(category, allowUnclassified: true)
            _ = try TripArguments.period(period, from: from, to: to)
        }

        func run() throws {
            let (database, clock) = try log.openForReading()
            try KnownNames.checkFilters(vehicle: vehicle, driver: driver, in: database)
            let period = try TripArguments.period(period, from: from, to: to)
            let chosen = try TripArguments.category(category, allowUnclassified: true)
            let filter = TripFilter(
                vehicle: vehicle, driver: driver, category: chosen.category, unclassified: chosen.unclassified,
                interval: clock.interval(period), includeVoided: includeVoided)
            let (trips, edited) = try storeCall { (try database.trips(filter), try database.editedTripIDs()) }
            var output = StandardOutput()
            switch format {
            case .json: output.write(TripRendering.json(trips, edited: edited))
            case .csv: output.write(TripRendering.listing(trips, edited: edited).csv())
            case .table: output.write(TripRendering.table(trips, edited: edited, clock: clock))
            }
            output.flush()
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show one trip with its odometer readings and its edit history.",
            discussion: "CSV gives the trip's history, one audit entry per row.")

        @Argument(help: "The trip's id.")
        var id: Int64

        @Option(name: .long, help: "Output format: table, json or csv.")
        var format: OutputFormat = .table

        @OptionGroup var log: LogOptions

        func run() throws {
            let (database, clock) = try log.openForReading()
            let (trip, history) = try storeCall { (try database.trip(id: id), try database.auditEntries(trip: id)) }
            let edited: Set<Int64> = history.contains { $0.change.action == .edit } ? [id] : []
            let entries = AuditRendering.listing(history)
            var output = StandardOutput()
            switch format {
            case .json:
                var j = JSONText()
                j.beginObject()
                j.key("trip")
                let listing = TripRendering.listing([trip], edited: edited)
                listing.object(listing.rows[0], into: &j)
                j.key("history")
                entries.objects(into: &j)
                j.endObject()
                output.write(j.text + "\n")
            case .csv:
                output.write(entries.csv())
            case .table:
                output.write(Self.details(trip, edited: !edited.isEmpty, clock: clock))
                output.write("\nHistory:\n")
                output.write(entries.table(clock))
            }
            output.flush()
        }

        static func details(_ t: StoredTrip, edited: Bool, clock: LocalClock) -> String {
            var lines: [(String, String)] = [
                ("Trip", "\(t.id)\(t.voided ? " (VOID: \(t.voidReason ?? ""))" : "")"),
                ("Vehicle", t.vehicle), ("Driver", t.driver ?? "—"),
                ("Start", clock.dateTime(t.start) + (t.startLabel.map { ", \($0)" } ?? "")),
                ("End", clock.dateTime(t.end) + (t.endLabel.map { ", \($0)" } ?? "")),
                ("Distance", TripRendering.distance(t.distance, unit: t.odometerUnit)),
                (
                    "Odometer at start",
                    t.startOdometer.map { TripRendering.fixed($0) + " " + t.odometerUnit.rawValue } ?? "—"
                ),
                (
                    "Odometer at end",
                    t.endOdometer.map { TripRendering.fixed($0) + " " + t.odometerUnit.rawValue } ?? "—"
                ),
                (
                    "Category",
                    (t.category?.rawValue ?? "unclassified") + (t.categoryOrigin.map { " (\($0.rawValue))" } ?? "")
                ),
                ("Purpose", t.purpose ?? "—"), ("Partner", t.partner ?? "—"), ("Destination", t.destination ?? "—"),
            ]
            if let notes = t.notes { lines.append(("Notes", notes)) }
            lines.append(("Source", t.source.rawValue + (t.regularName.map { " (\($0))" } ?? "")))
            lines.append(
                (
                    "Status",
                    [t.locked ? "locked" : "open", edited ? "edited after entry" : nil].compactMap { $0 }.joined(
                        separator: ", ")
                ))
            let width = lines.map(\.0.count).max() ?? 0
            return lines.map {
                $0.0 + ":" + String(repeating: " ", count: width - $0.0.count + 1) + TerminalText.escaped($0.1) + "\n"
            }
            .joined()
                + "Times in \(clock.name)\n"
        }
    }
}
