import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookServices
import LogbookStore
import MileageLog
import TrackModel

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

        func run() throws {
            let context = try log.readingContext()
            let list = try TripService(context).list(
                TripListQuery(
                    vehicle: vehicle, driver: driver, category: category, period: period, from: from, to: to,
                    includeVoided: includeVoided))
            switch format {
            case .json: try JSONOutput.print(list)
            case .csv: TripRendering.listing(list.trips).print(.csv, clock: context.clock)
            case .table:
                var output = StandardOutput()
                output.write(TripRendering.table(list.trips, clock: context.clock))
                output.flush()
            }
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
            let context = try log.readingContext()
            let shown = try TripService(context).show(id)
            let entries = AuditRendering.listing(shown.history ?? [])
            switch format {
            case .json:
                try JSONOutput.print(shown)
            case .csv:
                entries.print(.csv, clock: context.clock)
            case .table:
                var output = StandardOutput()
                output.write(Self.details(shown.trip, clock: context.clock))
                output.write("\nHistory:\n")
                output.write(entries.table(context.clock))
                output.flush()
            }
        }

        static func details(_ view: TripView, clock: LocalClock) -> String {
            let t = view.trip
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
                    [t.locked ? "locked" : "open", view.edited ? "edited after entry" : nil].compactMap { $0 }.joined(
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
