import ArgumentParser
import Foundation
import LogbookStore
import MileageLog
import TrackModel

/// Parsing of the arguments trip commands share; mistakes are `ValidationError`s (exit 64).
package enum TripArguments {
    package static func category(_ text: String?, allowUnclassified: Bool = false) throws -> (
        category: TripCategory?, unclassified: Bool
    ) {
        guard let text else { return (nil, false) }
        let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
        if allowUnclassified, lowered == "unclassified" { return (nil, true) }
        guard let category = TripCategory(rawValue: lowered) else {
            throw ValidationError(
                "Unknown category '\(text)'; use business, private or commute\(allowUnclassified ? " (or unclassified)" : "")."
            )
        }
        return (category, false)
    }

    package static func period(_ period: String?, from: String?, to: String?) throws -> Period {
        do {
            if let period { return try Period(parsing: period) }
            if from != nil || to != nil { return try Period.explicit(from: from, to: to) }
            return .all
        } catch {
            throw ValidationError(error.description)
        }
    }

    package static func day(_ text: String?, clock: LocalClock) throws -> Day {
        guard let text else { return clock.today }
        guard let day = clock.day(parsing: text) else {
            throw ValidationError("--date \"\(text)\": expected a date YYYY-MM-DD, today or yesterday.")
        }
        return day
    }

    package static func minute(_ text: String?, option: String) throws -> Int? {
        guard let text else { return nil }
        guard let minute = LocalClock.minute(parsing: text) else {
            throw ValidationError("--\(option) \"\(text)\": expected a time HH:MM.")
        }
        return minute
    }

    /// Trips printed after a change: a line each for people, the trip object (an array for several) or CSV rows.
    package static func printTrip(_ trips: StoredTrip..., verb: String, format: OutputFormat, clock: LocalClock) {
        var output = StandardOutput()
        let listing = TripRendering.listing(trips)
        switch format {
        case .json:
            var j = JSONText()
            if trips.count == 1 { listing.object(listing.rows[0], into: &j) } else { listing.objects(into: &j) }
            output.write(j.text + "\n")
        case .csv:
            output.write(listing.csv())
        case .table:
            for trip in trips {
                var line = "\(verb) trip \(trip.id): \(clock.dateTime(trip.start))–\(clock.time(trip.end)), "
                line += TripRendering.distance(trip.distance, unit: trip.odometerUnit)
                if let start = trip.startOdometer, let end = trip.endOdometer {
                    line +=
                        ", odometer \(TripRendering.fixed(start)) → \(TripRendering.fixed(end)) \(trip.odometerUnit.rawValue)"
                }
                line += ", " + (trip.category?.rawValue ?? "unclassified")
                if let purpose = trip.purpose { line += " (\(purpose))" }
                if trip.voided { line += " — VOID: \(trip.voidReason ?? "")" }
                output.write(line + "\n")
            }
        }
        output.flush()
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

    /// The changes these options ask for (nil fields keep the trip's values), with `driver` if given.
    func changes(driver: String? = nil, purpose overridden: String?? = nil) throws -> TripChanges {
        TripChanges(
            category: try TripArguments.category(category).category, purpose: overridden ?? purpose, partner: partner,
            destination: destination, notes: notes, startLabel: fromLabel, endLabel: toLabel, driver: driver)
    }
}

struct TripsAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a trip by hand, or from a regular trip.",
        discussion: """
            Give the odometer at the end (--odometer-end) or the distance (--distance, in the vehicle's unit); the \
            other odometer value follows from the previous trip. A trip between two trips of the log is accepted \
            when it fits the gap between them (give --odometer-start too to place it inside the gap). Without \
            --start the trip starts at 09:00 or after the vehicle's last trip that day; without --end its duration \
            is estimated at 60 km/h. A business trip needs a purpose. With --regular NAME the regular trip fills in \
            everything not given.
            """)

    @Option(name: .long, help: "The vehicle's plate.")
    var vehicle: String?

    @Option(name: .long, help: "The driver (see `logbook drivers`); default the vehicle's driver.")
    var driver: String?

    @Option(name: .long, help: "The day: YYYY-MM-DD, today or yesterday (default today).")
    var date: String?

    @Option(name: .long, help: "Local start time HH:MM.")
    var start: String?

    @Option(name: .long, help: "Local end time HH:MM.")
    var end: String?

    @Option(name: .long, help: "Odometer at the start of the trip (with --odometer-end or --distance).")
    var odometerStart: Double?

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

    func validate() throws {
        if regular == nil {
            guard vehicle != nil else { throw ValidationError("Name the vehicle with --vehicle PLATE.") }
            guard (odometerEnd == nil) != (distance == nil) else {
                throw ValidationError(
                    "Give either --odometer-end N or --distance N (with --odometer-start N if you like).")
            }
        } else if odometerEnd != nil || distance != nil || odometerStart != nil {
            throw ValidationError("A trip from --regular takes its distance from the regular trip.")
        }
        if let distance, !(distance.isFinite && distance >= 0) {
            throw ValidationError("--distance must be 0 or more.")
        }
        if let odometerEnd, !(odometerEnd.isFinite && odometerEnd >= 0) {
            throw ValidationError("--odometer-end must be 0 or more.")
        }
        if let odometerStart, !(odometerStart.isFinite && odometerStart >= 0) {
            throw ValidationError("--odometer-start must be 0 or more.")
        }
        if let odometerStart, let odometerEnd, odometerEnd < odometerStart {
            throw ValidationError(
                "--odometer-end \(odometerEnd) is below --odometer-start \(odometerStart): the odometer cannot go back."
            )
        }
        let chosen = try TripArguments.category(about.category).category
        if chosen == .business, regular == nil, about.purpose?.trimmingCharacters(in: .whitespaces).isEmpty ?? true {
            throw ValidationError("A business trip needs a purpose: add --purpose \"…\".")
        }
        _ = try TripArguments.minute(start, option: "start")
        _ = try TripArguments.minute(end, option: "end")
    }

    func run() throws {
        let (database, clock) = try log.open()
        let day = try TripArguments.day(date, clock: clock)
        let trip = try storeCall { () throws -> StoredTrip in
            if let regular {
                let template = try database.regular(named: regular)
                let minute = try TripArguments.minute(start, option: "start") ?? template.startMinute
                var made = try database.addTrip(
                    regular: regular, start: clock.timestamp(day, minute: minute), vehicle: vehicle, driver: driver,
                    purpose: about.purpose)
                let changes = try about.changes(purpose: .some(nil))
                if !changes.isEmpty { made = try database.editTrip(id: made.id, changes) }
                return made
            }
            let plate = vehicle ?? ""
            let startTime: Timestamp
            if let minute = try TripArguments.minute(start, option: "start") {
                startTime = clock.timestamp(day, minute: minute)
            } else {
                // After the vehicle's last trip that day, or at 09:00.
                let dayInterval = UTCInterval(
                    start: clock.timestamp(day, minute: 0), end: clock.timestamp(day.adding(days: 1), minute: 0))
                let last = try database.trips(TripFilter(vehicle: plate, interval: dayInterval)).map(\.end).max()
                let nine = clock.timestamp(day, minute: 9 * 60)
                startTime =
                    last.map { max(nine, Timestamp(secondsSince1970: ($0.secondsSince1970 / 60).rounded(.up) * 60)) }
                    ?? nine
            }
            var endTime = try TripArguments.minute(end, option: "end").map { clock.timestamp(day, minute: $0) }
            if let e = endTime, e < startTime { endTime = e + 86_400 }  // past midnight
            let unit = try database.vehicleDetails(plate: plate).odometerUnit
            let new = NewTrip(
                vehicle: plate, driver: driver, start: startTime, end: endTime,
                odometer: odometer(unit: unit),
                category: try TripArguments.category(about.category).category, purpose: about.purpose,
                partner: about.partner, destination: about.destination, notes: about.notes,
                startLabel: about.fromLabel, endLabel: about.toLabel)
            return try database.addTrip(new)
        }
        TripArguments.printTrip(trip, verb: "Added", format: format, clock: clock)
    }

    func odometer(unit: OdometerUnit) -> OdometerInput {
        if let odometerStart {
            return .range(start: odometerStart, end: odometerEnd ?? odometerStart + (distance ?? 0))
        }
        return odometerEnd.map { .end($0) } ?? .distance(metres: (distance ?? 0) * unit.metres)
    }
}

struct TripsEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a trip's category, purpose and description.",
        discussion: """
            Every change is recorded in the trip's history (who, when, field, old → new). A category set here \
            is never changed by rules. Locked and voided trips cannot be edited. An empty value clears a field.
            """)

    @Argument(help: "The trip's id.")
    var id: Int64

    @OptionGroup var about: TripDescriptionOptions

    @Option(name: .long, help: "The driver.")
    var driver: String?

    @Option(name: .long, help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    @OptionGroup var log: LogOptions

    var changes: TripChanges { get throws { try about.changes(driver: driver) } }

    func validate() throws {
        if try changes.isEmpty { throw ValidationError("Nothing to change: give --category, --purpose, … .") }
    }

    func run() throws {
        let (database, clock) = try log.open()
        let changes = try changes
        let trip = try storeCall { try database.editTrip(id: id, changes) }
        TripArguments.printTrip(trip, verb: "Changed", format: format, clock: clock)
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

    func validate() throws {
        if reason.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--reason must not be empty.") }
    }

    func run() throws {
        let (database, clock) = try log.open()
        let trip = try storeCall { try database.voidTrip(id: id, reason: reason) }
        TripArguments.printTrip(trip, verb: "Voided", format: format, clock: clock)
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
        let (database, clock) = try log.open()
        let trip = try storeCall { try database.mergeTrips(ids[0], ids[1]) }
        TripArguments.printTrip(trip, verb: "Merged into", format: format, clock: clock)
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

    @Option(name: .long, help: "Local time HH:MM on the trip's start day, or an ISO 8601 time.")
    var at: String

    @Option(name: .long, help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    @OptionGroup var log: LogOptions

    func validate() throws {
        if LocalClock.minute(parsing: at) == nil, Timestamp(iso8601: at) == nil {
            throw ValidationError("--at \"\(at)\": expected HH:MM or an ISO 8601 time.")
        }
    }

    func run() throws {
        let (database, clock) = try log.open()
        let (first, second) = try storeCall { () throws -> (StoredTrip, StoredTrip) in
            let trip = try database.trip(id: id)
            let moment =
                Timestamp(iso8601: at)
                ?? clock.timestamp(clock.day(trip.start), minute: LocalClock.minute(parsing: at) ?? 0)
            return try database.splitTrip(id: id, at: moment)
        }
        TripArguments.printTrip(first, second, verb: "Split into", format: format, clock: clock)
    }
}
