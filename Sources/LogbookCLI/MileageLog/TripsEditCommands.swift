import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookStore
import MileageLog
import TrackModel
import LogbookServices

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
            when it fits the gap between them (give --odometer-start too to place it inside the gap). Without --start the trip starts at 09:00 or after \
            the vehicle's last trip that day; without --end its duration is estimated at 60 km/h; what was assumed \
            is said. An --end before --start is the next day when the trip is plausible (at most 12 hours, at least \
            5 km/h on average), else give --end-date. Times are local: on the day clocks go back a time that occurs \
            twice needs its UTC offset (01:30-04:00 or 01:30-05:00), and a time the clocks skipped is refused. Trips \
            over 24 hours, faster than 250 km/h on average, or on a future date (without --allow-future) are \
            refused. A business trip needs a purpose. With --regular NAME the regular trip fills in everything not \
            given.
            """)

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

    /// The longest trip taken, and the fastest average speed believed.
    static let longestTrip = TripPlausibility.longestTrip
    static let fastestAverage = TripPlausibility.fastestAverage
    /// An --end before --start is taken for the next day only within these bounds (without --end-date).
    static let longestOvernight: Double = 12 * 3_600
    static let slowestOvernight: Double = 5 / 3.6
    /// The speed a trip without --end is assumed to have driven at (as the store assumes).
    static let assumedSpeed: Double = 60_000.0 / 3_600

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
        _ = try Self.localTime(start, option: "start")
        _ = try Self.localTime(end, option: "end")
        if endDate != nil, end == nil { throw ValidationError("--end-date needs --end.") }
        if let endDate, Day(parsing: endDate) == nil {
            throw ValidationError("--end-date \"\(endDate)\": expected a date YYYY-MM-DD.")
        }
    }

    static func localTime(_ text: String?, option: String) throws -> LocalTime? {
        guard let text else { return nil }
        guard let time = LocalTime(parsing: text) else {
            throw ValidationError(
                "--\(option) \"\(text)\": expected a time HH:MM (or HH:MM+hh:mm with its UTC offset).")
        }
        return time
    }

    /// The moment `--option TEXT` names on `day`; a time the clocks skipped, or one they repeated, without its UTC
    /// offset, ends the command with one line saying which it is.
    static func moment(_ text: String, option: String, on day: Day, clock: LocalClock) throws -> Timestamp {
        let time = try localTime(text, option: option)!
        let moments = time.instants(on: day, offset: { clock.offset($0) })
        switch moments.count {
        case 1:
            return moments[0]
        case 0 where time.utcOffset != nil:
            let offsets = LocalTime(minute: time.minute).instants(on: day) { clock.offset($0) }
                .map { LocalTime.offsetText(clock.offset($0)) }
            throw usageError(
                "--\(option) \(text): \(clock.name) is not at UTC\(LocalTime.offsetText(time.utcOffset!)) at "
                    + "\(time.clockText) on \(day)"
                    + (offsets.isEmpty
                        ? " (that time does not exist there)" : "; it is at UTC\(offsets.joined(separator: " or UTC"))")
            )
        case 0:
            throw usageError(
                "--\(option) \(text): \(time.clockText) does not exist on \(day) in \(clock.name) (the clocks were put "
                    + "forward over it); give the time the clock showed")
        default:
            let first = LocalTime.offsetText(clock.offset(moments[0]))
            let second = LocalTime.offsetText(clock.offset(moments[1]))
            throw usageError(
                "--\(option) \(text): \(time.clockText) occurs twice on \(day) in \(clock.name) (the clocks were put "
                    + "back); write \(time.clockText)\(first) for the first or \(time.clockText)\(second) for the second"
            )
        }
    }

    /// `1:05 h` or `30 min`.
    static func duration(_ seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded())
        return minutes < 60 ? "\(minutes) min" : "\(minutes / 60):\(minutes % 60 < 10 ? "0" : "")\(minutes % 60) h"
    }

    static func speed(_ metresPerSecond: Double) -> String {
        "\(Int((metresPerSecond * 3.6).rounded())) km/h"
    }

    func run() throws {
        let (database, clock) = try log.open()
        let day = try TripArguments.day(date, clock: clock)
        if day > clock.today, !allowFuture {
            throw usageError("--date \(day) is in the future; add --allow-future to log a planned trip")
        }
        var assumed: [String] = []
        let trip = try storeCall { () throws -> StoredTrip in
            if let regular {
                let template = try database.regular(named: regular)
                let startTime =
                    try start.map { try Self.moment($0, option: "start", on: day, clock: clock) }
                    ?? clock.timestamp(day, minute: template.startMinute)
                var made = try database.addTrip(
                    regular: regular, start: startTime, vehicle: vehicle, driver: driver,
                    purpose: about.purpose)
                let changes = try about.changes(purpose: .some(nil))
                if !changes.isEmpty { made = try database.editTrip(id: made.id, changes) }
                return made
            }
            let plate = vehicle ?? ""
            let unit = try database.vehicleDetails(plate: plate).odometerUnit
            let metres = distance.map { $0 * unit.metres }
            let startTime: Timestamp
            if let start {
                startTime = try Self.moment(start, option: "start", on: day, clock: clock)
            } else {
                // After the vehicle's last trip that day, or at 09:00.
                let dayInterval = UTCInterval(
                    start: clock.timestamp(day, minute: 0), end: clock.timestamp(day.adding(days: 1), minute: 0))
                let last = try database.trips(TripFilter(vehicle: plate, interval: dayInterval)).map(\.end).max()
                let nine = clock.timestamp(day, minute: 9 * 60)
                startTime =
                    last.map { max(nine, Timestamp(secondsSince1970: ($0.secondsSince1970 / 60).rounded(.up) * 60)) }
                    ?? nine
                assumed.append(
                    "start \(clock.time(startTime))"
                        + (startTime == nine ? "" : " (after the vehicle's last trip that day)")
                        + " (no --start given)")
            }
            let endTime = try end.map { try endMoment($0, start: startTime, day: day, metres: metres, clock: clock) }
            if let endTime { try refuseImplausible(start: startTime, end: endTime, metres: metres) }
            if endTime == nil, let metres {
                let estimate = max(60, (metres / Self.assumedSpeed).rounded())
                if estimate > Self.longestTrip {
                    throw usageError(
                        "--distance \(TripRendering.fixed(distance ?? 0)): at 60 km/h that takes "
                            + "\(Self.duration(estimate)), longer than 24 hours; give --end")
                }
            }
            let new = NewTrip(
                vehicle: plate, driver: driver, start: startTime, end: endTime,
                odometer: odometer(unit: unit),
                category: try TripArguments.category(about.category).category, purpose: about.purpose,
                partner: about.partner, destination: about.destination, notes: about.notes,
                startLabel: about.fromLabel, endLabel: about.toLabel)
            let added = try database.addTrip(new)
            if endTime == nil {
                assumed.append("a duration of \(Self.duration(added.duration)) at 60 km/h (no --end given)")
            }
            return added
        }
        TripArguments.printTrip(trip, verb: "Added", format: format, clock: clock)
        if !assumed.isEmpty {
            let note = "Assumed " + assumed.joined(separator: " and ") + "."
            if format == .table {
                var output = StandardOutput()
                output.write(note + "\n")
                output.flush()
            } else {
                Diagnostics.print("logbook: note: " + note)
            }
        }
    }

    /// The end: on --end-date, else on the start's day, else — when the end is not after the start and the trip
    /// is plausible that way — on the next day.
    private func endMoment(_ text: String, start: Timestamp, day: Day, metres: Double?, clock: LocalClock) throws
        -> Timestamp
    {
        if let endDate, let endDay = Day(parsing: endDate) {
            let moment = try Self.moment(text, option: "end", on: endDay, clock: clock)
            if moment < start {
                throw usageError(
                    "--end-date \(endDate) --end \(text) is before the start \(clock.dateTime(start)); check the dates")
            }
            if moment == start { throw sameStartAndEnd(text) }
            return moment
        }
        let sameDay = try Self.moment(text, option: "end", on: day, clock: clock)
        if sameDay > start { return sameDay }
        if sameDay == start { throw sameStartAndEnd(text) }
        let nextDay = day.adding(days: 1)
        let overnight = try Self.moment(text, option: "end", on: nextDay, clock: clock)
        let seconds = overnight - start
        let plausible =
            seconds <= Self.longestOvernight && (metres.map { $0 / seconds >= Self.slowestOvernight } ?? true)
        guard plausible else {
            let at = metres.map { " for \(TripRendering.fixed($0 / 1_000)) km, \(Self.speed($0 / seconds))" } ?? ""
            throw usageError(
                "--end \(text) is before --start \(clock.time(start)); over midnight the trip would take "
                    + "\(Self.duration(seconds))\(at), which is implausible: if so, give --end-date \(nextDay), else correct "
                    + "the times")
        }
        return overnight
    }

    private func sameStartAndEnd(_ text: String) -> ExitCode {
        usageError(
            "--end \(text) is the same moment as --start: a trip needs time to drive its distance; correct --end "
                + "(or give --end-date for a trip of a whole day)")
    }

    /// Longer than a day, or faster than 250 km/h on average: refused with the reason.
    private func refuseImplausible(start: Timestamp, end: Timestamp, metres: Double?) throws {
        let seconds = end - start
        if seconds > Self.longestTrip {
            throw usageError(
                "the trip would last \(Self.duration(seconds)), longer than 24 hours; check --date, --end-date and the "
                    + "times, or log it as several trips")
        }
        if let metres, seconds > 0, metres / seconds > Self.fastestAverage {
            throw usageError(
                "--distance \(TripRendering.fixed(distance ?? 0)) in \(Self.duration(seconds)) is "
                    + "\(Self.speed(metres / seconds)) on average, faster than 250 km/h; check the distance and the times"
            )
        }
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

    @Option(
        name: .long,
        help: "Local time HH:MM (or HH:MM+hh:mm with its UTC offset) on the trip's start day, or an ISO 8601 time.")
    var at: String

    @Option(name: .long, help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    @OptionGroup var log: LogOptions

    func validate() throws {
        if LocalTime(parsing: at) == nil, Timestamp(iso8601: at) == nil {
            throw ValidationError("--at \"\(at)\": expected HH:MM or an ISO 8601 time.")
        }
    }

    func run() throws {
        let (database, clock) = try log.open()
        let (first, second) = try storeCall { () throws -> (StoredTrip, StoredTrip) in
            let trip = try database.trip(id: id)
            let moment =
                try Timestamp(iso8601: at)
                ?? TripsAddCommand.moment(at, option: "at", on: clock.day(trip.start), clock: clock)
            return try database.splitTrip(id: id, at: moment)
        }
        TripArguments.printTrip(first, second, verb: "Split into", format: format, clock: clock)
    }
}
