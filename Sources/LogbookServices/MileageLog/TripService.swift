import Foundation
public import LogbookStore
import MileageLog
import TrackModel

/// The mileage log's trips, each use case once for the CLI (`logbook trips …`) and the server (`/api/v1/trips`,
/// the trip pages): list, show with history and track, add, edit, void, merge, split, and the conflicts an import
/// leaves.
public struct TripService: Sendable {
    public let context: ServiceContext
    public let access: MileageLogAccess

    public init(_ context: ServiceContext) throws {
        self.context = context
        access = try MileageLogAccess(context)
    }

    var database: AppDatabase { context.database }
    var clock: LocalClock { context.clock }

    // MARK: Reading

    /// The store's filter for `query`: at the terminal the vehicle and driver named must exist (a usage error);
    /// a signed-in user sees their vehicles' trips only, and another vehicle does not exist for them.
    public func filter(_ query: TripListQuery) throws -> TripFilter {
        let parsed = try query.parsed()
        if let vehicle = query.vehicle {
            if context.caller.user == nil {
                _ = try MileageLogNames.vehicle(vehicle, in: database)
            } else {
                try access.requireVisibleVehicle(vehicle)
            }
        }
        if let driver = query.driver, context.caller.user == nil {
            _ = try MileageLogNames.driver(driver, in: database)
        }
        return TripFilter(
            vehicle: query.vehicle, driver: query.driver, category: parsed.category,
            unclassified: parsed.unclassified, interval: clock.interval(parsed.period),
            includeVoided: query.includeVoided, vehicles: access.visibleVehicles)
    }

    /// Every trip `query` selects, ordered by start, with the ids of those edited after entry (for pages).
    public func trips(_ query: TripListQuery) throws -> (trips: [StoredTrip], edited: Set<Int64>) {
        let trips = try database.trips(filter(query))
        return (trips, try database.editedTripIDs(among: trips.map(\.id)))
    }

    /// Every trip `query` selects (`trips list`): the paging fields are left out.
    public func list(_ query: TripListQuery) throws -> TripListView {
        let (trips, edited) = try trips(query)
        return TripListView(
            trips: trips.map { TripView($0, edited: edited.contains($0.id)) },
            distance: trips.filter { !$0.voided }.reduce(0) { $0 + $1.distance })
    }

    /// A page of the trips `query` selects (`GET /api/v1/trips`: at most 100 unless `limit` says otherwise), with
    /// how many match in all and their distance.
    public func page(_ query: TripListQuery) throws -> TripListView {
        let filter = try filter(query)
        let limit = query.limit ?? 100
        let offset = query.offset ?? 0
        let page = try database.tripPage(filter, limit: limit, offset: offset)
        let edited = try database.editedTripIDs(among: page.trips.map(\.id))
        return TripListView(
            trips: page.trips.map { TripView($0, edited: edited.contains($0.id)) }, distance: page.distance,
            total: page.total, offset: offset, limit: limit)
    }

    /// One trip with its history, and its track when asked (`trips show`, `GET /api/v1/trips/{id}`).
    public func show(_ id: Int64, includeTrack: Bool = false) throws -> TripDetailView {
        let trip = try access.trip(id, includeTrack: includeTrack)
        let history = try database.auditEntries(trip: id)
        let edited = history.contains { $0.change.action == .edit }
        return TripDetailView(
            trip: TripView(trip, edited: edited), history: history.map(AuditEntryView.init),
            track: includeTrack ? trip.track.map(TrackPointView.init) : nil)
    }

    /// The trip as a view (after a change).
    public func view(_ trip: StoredTrip) throws -> TripView {
        TripView(trip, edited: try !database.editedTripIDs(among: [trip.id]).isEmpty)
    }

    /// The purposes typed before, for the caller's vehicles (the form's suggestions).
    public func purposeSuggestions() throws -> [String] {
        try database.purposeSuggestions(vehicles: access.visibleVehicles)
    }

    // MARK: Changing

    /// What `add` stored, and what it assumed for what was not given (a start, a duration).
    public struct Addition: Sendable {
        public var trip: TripView
        /// `start 09:00 (no start given)`, `a duration of 30 min at 60 km/h (no end given)`.
        public var assumed: [String]
    }

    /// Adds a trip typed in by hand or made from a regular trip, its times read in the log's time zone: a time the
    /// clocks skipped, or one they repeated without its UTC offset, an end before the start that is not a plausible
    /// night drive, trips over 24 hours or faster than 250 km/h on average, and future days (unless `allow_future`)
    /// are refused with the reason.
    public func add(_ input: NewTripInput) throws -> Addition {
        try access.requireEditor()
        if let vehicle = input.vehicle { try access.requireVisibleVehicle(vehicle) }
        let category = try input.validated()
        let writer = access.writer
        let start = try TripMoment.parse(input.start, field: "start")
        var day =
            try input.date.map { text in
                guard let day = clock.day(parsing: text) else {
                    throw ServiceError(
                        .invalid, field: "date", "\"\(text)\": expected a date YYYY-MM-DD, today or yesterday")
                }
                return day
            } ?? clock.today
        if case .instant(let moment) = start { day = clock.day(moment) }
        if day > clock.today, !input.allowFuture {
            throw ServiceError(
                .invalid, field: "allow_future", "the date \(day) is in the future; give it to log a planned trip")
        }
        if let regular = input.regular {
            let template = try database.regular(named: regular)
            if template.vehicle.map(access.canSee(plate:)) == false {
                throw ServiceError(.notFound, "there is no regular trip '\(regular)'")
            }
            let startTime =
                try start.map { try moment($0, text: input.start ?? "", field: "start", on: day) }
                ?? clock.timestamp(day, minute: template.startMinute)
            var made = try writer.addTrip(
                regular: regular, start: startTime, vehicle: input.vehicle, driver: input.driver,
                purpose: input.purpose)
            let changes = TripChanges(
                category: category, partner: input.partner, destination: input.destination, notes: input.notes,
                startLabel: input.from, endLabel: input.to)
            if !changes.isEmpty { made = try writer.editTrip(id: made.id, changes) }
            return Addition(trip: try view(made), assumed: [])
        }
        var assumed: [String] = []
        let plate = input.vehicle ?? ""
        let unit = try database.vehicleDetails(plate: plate).odometerUnit
        let metres = input.distanceMetres ?? input.distance.map { $0 * unit.metres }
        let startTime: Timestamp
        if let start {
            startTime = try moment(start, text: input.start ?? "", field: "start", on: day)
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
                    + (startTime == nine ? "" : " (after the vehicle's last trip that day)") + " (no start given)")
        }
        let endTime = try input.end.map { text in
            try endMoment(text, endDate: input.endDate, start: startTime, day: day, metres: metres)
        }
        if let endTime { try Self.refuseImplausible(start: startTime, end: endTime, metres: metres) }
        if endTime == nil, let metres {
            let estimate = max(60, (metres / Self.assumedSpeed).rounded())
            if estimate > TripPlausibility.longestTrip {
                throw ServiceError(
                    .invalid, field: "distance",
                    "\(Self.fixed(metres / unit.metres)) \(unit.rawValue): at 60 km/h that takes "
                        + "\(Self.duration(estimate)), longer than 24 hours; give the end")
            }
        }
        let odometer: OdometerInput
        if let odometerStart = input.odometerStart {
            odometer = .range(
                start: odometerStart, end: input.odometerEnd ?? odometerStart + (metres ?? 0) / unit.metres)
        } else {
            odometer = input.odometerEnd.map { .end($0) } ?? .distance(metres: metres ?? 0)
        }
        let new = NewTrip(
            vehicle: plate, driver: input.driver, start: startTime, end: endTime, odometer: odometer,
            category: category, purpose: input.purpose, partner: input.partner, destination: input.destination,
            notes: input.notes, startLabel: input.from, endLabel: input.to)
        let added = try writer.addTrip(new)
        if endTime == nil {
            assumed.append("a duration of \(Self.duration(added.duration)) at 60 km/h (no end given)")
        }
        return Addition(trip: try view(added), assumed: assumed)
    }

    /// Changes a trip's classification and description; every change lands in its history.
    public func edit(_ id: Int64, _ input: TripChangesInput) throws -> TripView {
        _ = try access.editableTrip(id)
        let changes = try input.changes()
        guard !changes.isEmpty else { throw ServiceError(.invalid, "give at least one field to change") }
        return try view(try access.writer.editTrip(id: id, changes))
    }

    /// Voids a trip: it leaves totals and reports and stays in the history with the reason.
    public func void(_ id: Int64, _ input: TripVoidInput) throws -> TripView {
        _ = try access.editableTrip(id)
        let reason = try input.validated()
        return try view(try access.writer.voidTrip(id: id, reason: reason))
    }

    /// Merges two consecutive trips of a vehicle into one.
    public func merge(_ input: TripMergeInput) throws -> TripView {
        try access.requireEditor()
        _ = try access.editableTrip(input.first)
        _ = try access.editableTrip(input.second)
        return try view(try access.writer.mergeTrips(input.first, input.second))
    }

    /// Splits a trip in two at a moment: a local time on its start day, or an ISO 8601 instant.
    public func split(_ id: Int64, _ input: TripSplitInput) throws -> [TripView] {
        let trip = try access.editableTrip(id)
        guard let at = try TripMoment.parse(input.at, field: "at") else { return [] }
        let moment = try moment(at, text: input.at, field: "at", on: clock.day(trip.start))
        let (first, second) = try access.writer.splitTrip(id: id, at: moment)
        let edited = try database.editedTripIDs(among: [first.id, second.id])
        return [first, second].map { TripView($0, edited: edited.contains($0.id)) }
    }

    // MARK: Conflicts

    /// Imported trips kept aside because they overlap trips of the log.
    public func conflicts(vehicle: String? = nil, includeResolved: Bool = false) throws -> [TripConflictView] {
        try access.requireAdmin()
        let units = try self.units()
        return try database.conflicts(vehicle: vehicle, includeResolved: includeResolved).map {
            TripConflictView($0, unit: units[$0.vehicle] ?? .km)
        }
    }

    /// Chooses which of two overlapping trips stays.
    public func resolveConflict(_ id: Int64, keep: ConflictChoice) throws -> TripConflictView {
        try access.requireAdmin()
        let resolved = try access.writer.resolveConflict(id: id, keep: keep)
        return TripConflictView(resolved, unit: try units()[resolved.vehicle] ?? .km)
    }

    /// Each vehicle's odometer unit, by plate.
    func units() throws -> [String: OdometerUnit] {
        Dictionary(
            try database.allVehicleDetails().map { ($0.plate, $0.odometerUnit) },
            uniquingKeysWith: { first, _ in first })
    }

    // MARK: Times

    /// The speed a trip without an end is assumed to have driven at (as the store assumes).
    static let assumedSpeed: Double = 60_000.0 / 3_600
    /// An end before the start is taken for the next day only within these bounds (without `end_date`).
    static let longestOvernight: Double = 12 * 3_600
    static let slowestOvernight: Double = 5 / 3.6

    /// The moment `written` names on `day`; a time the clocks skipped, or one they repeated without its UTC offset,
    /// is refused saying which it is.
    func moment(_ written: TripMoment, text: String, field: String, on day: Day) throws -> Timestamp {
        guard case .local(let time) = written else {
            if case .instant(let instant) = written { return instant }
            return clock.timestamp(day, minute: 0)
        }
        let moments = time.instants(on: day, offset: { clock.offset($0) })
        switch moments.count {
        case 1:
            return moments[0]
        case 0 where time.utcOffset != nil:
            let offsets = LocalTime(minute: time.minute).instants(on: day) { clock.offset($0) }
                .map { LocalTime.offsetText(clock.offset($0)) }
            throw ServiceError(
                .invalid, field: field,
                "\(text): \(clock.name) is not at UTC\(LocalTime.offsetText(time.utcOffset ?? 0)) at "
                    + "\(time.clockText) on \(day)"
                    + (offsets.isEmpty
                        ? " (that time does not exist there)" : "; it is at UTC\(offsets.joined(separator: " or UTC"))")
            )
        case 0:
            throw ServiceError(
                .invalid, field: field,
                "\(text): \(time.clockText) does not exist on \(day) in \(clock.name) (the clocks were put forward "
                    + "over it); give the time the clock showed")
        default:
            let first = LocalTime.offsetText(clock.offset(moments[0]))
            let second = LocalTime.offsetText(clock.offset(moments[1]))
            throw ServiceError(
                .invalid, field: field,
                "\(text): \(time.clockText) occurs twice on \(day) in \(clock.name) (the clocks were put back); "
                    + "write \(time.clockText)\(first) for the first or \(time.clockText)\(second) for the second")
        }
    }

    /// The end: on `end_date`, else on the start's day, else — when the end is not after the start and the trip is
    /// plausible that way — on the next day.
    private func endMoment(_ text: String, endDate: String?, start: Timestamp, day: Day, metres: Double?) throws
        -> Timestamp
    {
        guard let written = try TripMoment.parse(text, field: "end") else { return start }
        if case .instant(let instant) = written {
            if instant == start { throw Self.sameStartAndEnd(text) }
            return instant
        }
        if let endDate, let endDay = Day(parsing: endDate) {
            let moment = try moment(written, text: text, field: "end", on: endDay)
            if moment < start {
                throw ServiceError(
                    .invalid, field: "end_date",
                    "\(endDate) with the end \(text) is before the start \(clock.dateTime(start)); check the dates")
            }
            if moment == start { throw Self.sameStartAndEnd(text) }
            return moment
        }
        let sameDay = try moment(written, text: text, field: "end", on: day)
        if sameDay > start { return sameDay }
        if sameDay == start { throw Self.sameStartAndEnd(text) }
        let nextDay = day.adding(days: 1)
        let overnight = try moment(written, text: text, field: "end", on: nextDay)
        let seconds = overnight - start
        let plausible =
            seconds <= Self.longestOvernight && (metres.map { $0 / seconds >= Self.slowestOvernight } ?? true)
        guard plausible else {
            let at = metres.map { " for \(Self.fixed($0 / 1_000)) km, \(Self.speed($0 / seconds))" } ?? ""
            throw ServiceError(
                .invalid, field: "end_date",
                "the end \(text) is before the start \(clock.time(start)); over midnight the trip would take "
                    + "\(Self.duration(seconds))\(at), which is implausible: if so, give the end's date \(nextDay), "
                    + "else correct the times")
        }
        return overnight
    }

    private static func sameStartAndEnd(_ text: String) -> ServiceError {
        ServiceError(
            .invalid, field: "end",
            "\(text) is the same moment as the start: a trip needs time to drive its distance; correct the end (or "
                + "give the end's date for a trip of a whole day)")
    }

    /// Longer than a day, or faster than 250 km/h on average: refused with the reason.
    private static func refuseImplausible(start: Timestamp, end: Timestamp, metres: Double?) throws {
        let seconds = end - start
        if seconds > TripPlausibility.longestTrip {
            throw ServiceError(
                .invalid, field: "end",
                "the trip would last \(duration(seconds)), longer than 24 hours; check the dates and the times, or "
                    + "log it as several trips")
        }
        if let metres, seconds > 0, metres / seconds > TripPlausibility.fastestAverage {
            throw ServiceError(
                .invalid, field: "distance",
                "\(fixed(metres / 1_000)) km in \(duration(seconds)) is \(speed(metres / seconds)) on average, faster "
                    + "than 250 km/h; check the distance and the times")
        }
    }

    /// `1:05 h` or `30 min`.
    static func duration(_ seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded())
        return minutes < 60 ? "\(minutes) min" : "\(minutes / 60):\(minutes % 60 < 10 ? "0" : "")\(minutes % 60) h"
    }

    static func speed(_ metresPerSecond: Double) -> String { "\(Int((metresPerSecond * 3.6).rounded())) km/h" }

    /// One decimal, always written (`12.0`).
    static func fixed(_ value: Double) -> String { String(format: "%.1f", (value * 10).rounded() / 10) }
}
