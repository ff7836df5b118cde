import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookServices
import LogbookStore
import MileageLog
import TrackModel

extension TripRendering {
    /// Trips printed after a change: a line each for people, the trip object (an array for several) or CSV rows.
    package static func printChanged(_ views: [TripView], verb: String, format: OutputFormat, clock: LocalClock)
        throws
    {
        switch format {
        case .json:
            if views.count == 1 { try JSONOutput.print(views[0]) } else { try JSONOutput.print(views) }
        case .csv:
            listing(views).print(.csv, clock: clock)
        case .table:
            var output = StandardOutput()
            for trip in views.map(\.trip) {
                var line = "\(verb) trip \(trip.id): \(clock.dateTime(trip.start))–\(clock.time(trip.end)), "
                line += distance(trip.distance, unit: trip.odometerUnit)
                if let start = trip.startOdometer, let end = trip.endOdometer {
                    line += ", odometer \(fixed(start)) → \(fixed(end)) \(trip.odometerUnit.rawValue)"
                }
                line += ", " + (trip.category?.rawValue ?? "unclassified")
                if let purpose = trip.purpose { line += " (\(purpose))" }
                if trip.voided { line += " — VOID: \(trip.voidReason ?? "")" }
                output.write(line + "\n")
            }
            output.flush()
        }
    }
}

/// What a trip was for and where it went: the options `trips add` and `trips edit` share.
struct TripDescriptionOptions: ParsableArguments {
    @Option(name: .long, help: "business, private or commute.")
    var category: String?

    @Option(name: .long, help: "What the trip was for (required for business).")
    var purpose: String?

    @Option(name: .long, help: "The business partner visited.")
    var partner: String?

    @Option(name: .long, help: "Where to.")
    var destination: String?

    @Option(name: .long, help: "Notes.")
    var notes: String?

    @Option(name: .customLong("from"), help: "Where the trip started (a label).")
    var fromLabel: String?

    @Option(name: .customLong("to"), help: "Where the trip ended (a label).")
    var toLabel: String?
}

/// The trip commands' options named otherwise than the inputs' fields.
enum TripFieldNames {
    static let names = ["from": "--from", "to": "--to", "distance_m": "--distance"]
}

struct TripsAddCommand: ParsableCommand, CommandFieldNames {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a trip by hand, or from a regular trip.",
        discussion: """
            Give the odometer at the end (--odometer-end) or the distance (--distance, in the vehicle's unit); the \
            other odometer value follows from the previous trip. A trip between two trips of the log is accepted \
            when it fits the gap between them (give --odometer-start too to place it inside the gap). Without --start the trip starts at 09:00 or after \
            the vehicle's last trip that day; without --end its duration is estimated at 60 km/h; what was assumed \
            is said. An --end before --start is the next day when the trip is plausible (at most 12 hours, at least \
            5 km/h on average), else give --end-date. Times are local: on the day clocks go back a time that occurs \
            twice needs its UTC offset (01:30-04:00 or 01:30-05:00), and a time the clocks skipped is refused. Trips \
            over 24 hours, faster than 250 km/h on average, or on a future date (without --allow-future) are \
            refused. A business trip needs a purpose. With --regular NAME the regular trip fills in everything not \
            given.
            """)

    static var fieldNames: [String: String] { TripFieldNames.names }

    @Option(name: .long, help: "The vehicle's plate.")
    var vehicle: String?

    @Option(name: .long, help: "The driver (see `logbook drivers`); default the vehicle's driver.")
    var driver: String?

    @Option(name: .long, help: "The day: YYYY-MM-DD, today or yesterday (default today).")
    var date: String?

    @Option(name: .long, help: "Local start time HH:MM (or HH:MM+hh:mm with its UTC offset).")
    var start: String?

    @Option(name: .long, help: "Local end time HH:MM (or HH:MM+hh:mm with its UTC offset).")
    var end: String?

    @Option(name: .long, help: "Odometer at the start of the trip (with --odometer-end or --distance).")
    var odometerStart: Double?

    @Option(name: .long, help: "The day the trip ended, when not the day it started: YYYY-MM-DD.")
    var endDate: String?

    @Flag(name: .long, help: "Accept a date in the future (a planned trip).")
    var allowFuture = false

    @Option(name: .long, help: "Odometer at the end of the trip.")
    var odometerEnd: Double?

    @Option(name: .long, help: "Distance driven, in the vehicle's unit (km or mi).")
    var distance: Double?

    @OptionGroup var about: TripDescriptionOptions

    @Option(name: .long, help: "Make the trip from this regular trip.")
    var regular: String?

    @Option(name: .long, help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    @OptionGroup var log: LogOptions

    var input: NewTripInput {
        NewTripInput(
            vehicle: vehicle, driver: driver, date: date, start: start, end: end, endDate: endDate,
            odometerStart: odometerStart, odometerEnd: odometerEnd, distance: distance, category: about.category,
            purpose: about.purpose, partner: about.partner, destination: about.destination, notes: about.notes,
            from: about.fromLabel, to: about.toLabel, regular: regular, allowFuture: allowFuture)
    }

    func validate() throws {
        // Said in the options' names, as before (the use case says it in its fields' for the API).
        if let odometerStart, let odometerEnd, odometerEnd < odometerStart {
            throw ValidationError(
                "--odometer-end \(odometerEnd) is below --odometer-start \(odometerStart): the odometer cannot go back."
            )
        }
    }

    func run() throws {
        let context = try log.context()
        let added = try TripService(context).add(input)
        try TripRendering.printChanged([added.trip], verb: "Added", format: format, clock: context.clock)
        if !added.assumed.isEmpty {
            let note = "Assumed " + added.assumed.joined(separator: " and ") + "."
            if format == .table {
                var output = StandardOutput()
                output.write(note + "\n")
                output.flush()
            } else {
                Diagnostics.print("logbook: note: " + note)
            }
        }
    }
}

struct TripsEditCommand: ParsableCommand, CommandFieldNames {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a trip's category, purpose and description.",
        discussion: """
            Every change is recorded in the trip's history (who, when, field, old → new). A category set here \
            is never changed by rules. Locked and voided trips cannot be edited. An empty value clears a field.
            """)

    static var fieldNames: [String: String] { TripFieldNames.names }

    @Argument(help: "The trip's id.")
    var id: Int64

    @OptionGroup var about: TripDescriptionOptions

    @Option(name: .long, help: "The driver.")
    var driver: String?

    @Option(name: .long, help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    @OptionGroup var log: LogOptions

    var input: TripChangesInput {
        TripChangesInput(
            category: about.category, purpose: about.purpose, partner: about.partner, destination: about.destination,
            notes: about.notes, from: about.fromLabel, to: about.toLabel, driver: driver)
    }

    func validate() throws {
        if input.isEmpty { throw ValidationError("Nothing to change: give --category, --purpose, … .") }
    }

    func run() throws {
        let context = try log.context()
        let trip = try TripService(context).edit(id, input)
        try TripRendering.printChanged([trip], verb: "Changed", format: format, clock: context.clock)
    }
}

struct TripsVoidCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "void", abstract: "Void a trip: it leaves totals and reports but stays in the history.")

    @Argument(help: "The trip's id.")
    var id: Int64

    @Option(name: .long, help: "Why the trip is voided.")
    var reason: String

    @Option(name: .long, help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    @OptionGroup var log: LogOptions

    func run() throws {
        let context = try log.context()
        let trip = try TripService(context).void(id, TripVoidInput(reason: reason))
        try TripRendering.printChanged([trip], verb: "Voided", format: format, clock: context.clock)
    }
}

struct TripsMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge", abstract: "Merge two consecutive trips of a vehicle into one.",
        discussion: """
            The two trips are voided (kept in the history) and a new trip spans both, with both purposes joined \
            ("A; B"). Trips that overlap in time are refused: void the one entered twice instead.
            """)

    @Argument(help: "The two trips' ids.")
    var ids: [Int64]

    @Option(name: .long, help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    @OptionGroup var log: LogOptions

    func validate() throws {
        if ids.count != 2 { throw ValidationError("Name exactly two trips.") }
    }

    func run() throws {
        let context = try log.context()
        let trip = try TripService(context).merge(TripMergeInput(first: ids[0], second: ids[1]))
        try TripRendering.printChanged([trip], verb: "Merged into", format: format, clock: context.clock)
    }
}

struct TripsSplitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "split", abstract: "Split a trip in two at a moment.",
        discussion: """
            The trip is voided (kept in the history) and two trips take its place; the distance is divided where \
            the track puts the vehicle at that moment (by time for trips without a track).
            """)

    @Argument(help: "The trip's id.")
    var id: Int64

    @Option(
        name: .long,
        help: "Local time HH:MM (or HH:MM+hh:mm with its UTC offset) on the trip's start day, or an ISO 8601 time.")
    var at: String

    @Option(name: .long, help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    @OptionGroup var log: LogOptions

    func run() throws {
        let context = try log.context()
        let halves = try TripService(context).split(id, TripSplitInput(at: at))
        try TripRendering.printChanged(halves, verb: "Split into", format: format, clock: context.clock)
    }
}
