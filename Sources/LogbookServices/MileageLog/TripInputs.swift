public import LogbookStore
public import MileageLog
import TrackModel
import Foundation

/// Which trips to list: the CLI's filters (`trips list`) and the API's query (`GET /api/v1/trips`), with paging.
public struct TripListQuery: Decodable, Sendable, Hashable {
    public var vehicle: String?
    public var driver: String?
    /// `business`, `private`, `commute` or `unclassified`.
    public var category: String?
    /// `this-week`, `last-week`, `this-month`, `last-month`, `all` or `YYYY-MM`; local days.
    public var period: String?
    /// First and last day (`YYYY-MM-DD`), inclusive, instead of `period`.
    public var from: String?
    public var to: String?
    public var includeVoided: Bool
    /// A page: at most `limit` trips (1–1000) from `offset`.
    public var limit: Int?
    public var offset: Int?

    public init(
        vehicle: String? = nil, driver: String? = nil, category: String? = nil, period: String? = nil,
        from: String? = nil, to: String? = nil, includeVoided: Bool = false, limit: Int? = nil, offset: Int? = nil
    ) {
        self.vehicle = vehicle
        self.driver = driver
        self.category = category
        self.period = period
        self.from = from
        self.to = to
        self.includeVoided = includeVoided
        self.limit = limit
        self.offset = offset
    }

    enum CodingKeys: String, CodingKey {
        case vehicle, driver, category, period, from, to, limit, offset
        case includeVoided = "include_voided"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        vehicle = try c.decodeIfPresent(String.self, forKey: .vehicle)
        driver = try c.decodeIfPresent(String.self, forKey: .driver)
        category = try c.decodeIfPresent(String.self, forKey: .category)
        period = try c.decodeIfPresent(String.self, forKey: .period)
        from = try c.decodeIfPresent(String.self, forKey: .from)
        to = try c.decodeIfPresent(String.self, forKey: .to)
        includeVoided = try c.decodeIfPresent(Bool.self, forKey: .includeVoided) ?? false
        limit = try c.decodeIfPresent(Int.self, forKey: .limit)
        offset = try c.decodeIfPresent(Int.self, forKey: .offset)
    }

    /// The words understood: the category, the period, the page's bounds.
    public struct Parsed: Sendable {
        public var category: TripCategory?
        public var unclassified: Bool
        public var period: Period
    }

    public func parsed() throws -> Parsed {
        let chosen = try TripChoices.category(category, allowUnclassified: true)
        let period = try TripChoices.period(period, from: from, to: to)
        if let limit, !(1...1_000).contains(limit) {
            throw ServiceError(.invalid, field: "limit", "must be a whole number from 1 to 1000")
        }
        if let offset, !(0...10_000_000).contains(offset) {
            throw ServiceError(.invalid, field: "offset", "must be a whole number, 0 or more")
        }
        return Parsed(category: chosen.category, unclassified: chosen.unclassified, period: period)
    }
}

/// A trip typed in by hand (`trips add`, `POST /api/v1/trips`), or made from a regular trip.
///
/// Times are local wall-clock times on `date` (`HH:MM`, or `HH:MM+hh:mm` with the UTC offset that makes a time
/// the clocks repeated unambiguous) or ISO 8601 instants. The distance is the odometer at the end
/// (`odometer_end`, also read as `end_odometer`), the distance in the vehicle's unit (`distance`) or in metres
/// (`distance_m`); `odometer_start` places a trip into a gap of the chain.
public struct NewTripInput: Decodable, Sendable, Hashable {
    public var vehicle: String?
    public var driver: String?
    /// `YYYY-MM-DD`, `today` or `yesterday` (default today).
    public var date: String?
    public var start: String?
    public var end: String?
    /// The day the trip ended, when not the day it started.
    public var endDate: String?
    public var odometerStart: Double?
    public var odometerEnd: Double?
    public var distance: Double?
    public var distanceMetres: Double?
    public var category: String?
    public var purpose: String?
    public var partner: String?
    public var destination: String?
    public var notes: String?
    /// Where it started and ended (labels).
    public var from: String?
    public var to: String?
    /// The regular trip it is made from.
    public var regular: String?
    /// A trip on a future day (a planned one).
    public var allowFuture: Bool

    public init(
        vehicle: String? = nil, driver: String? = nil, date: String? = nil, start: String? = nil, end: String? = nil,
        endDate: String? = nil, odometerStart: Double? = nil, odometerEnd: Double? = nil, distance: Double? = nil,
        distanceMetres: Double? = nil, category: String? = nil, purpose: String? = nil, partner: String? = nil,
        destination: String? = nil, notes: String? = nil, from: String? = nil, to: String? = nil,
        regular: String? = nil, allowFuture: Bool = false
    ) {
        self.vehicle = vehicle
        self.driver = driver
        self.date = date
        self.start = start
        self.end = end
        self.endDate = endDate
        self.odometerStart = odometerStart
        self.odometerEnd = odometerEnd
        self.distance = distance
        self.distanceMetres = distanceMetres
        self.category = category
        self.purpose = purpose
        self.partner = partner
        self.destination = destination
        self.notes = notes
        self.from = from
        self.to = to
        self.regular = regular
        self.allowFuture = allowFuture
    }

    enum CodingKeys: String, CodingKey {
        case vehicle, driver, date, start, end, distance, category, purpose, partner, destination, notes, from, to
        case regular
        case endDate = "end_date"
        case odometerStart = "odometer_start"
        case odometerEnd = "odometer_end"
        case endOdometer = "end_odometer"
        case distanceMetres = "distance_m"
        case allowFuture = "allow_future"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        vehicle = try c.decodeIfPresent(String.self, forKey: .vehicle)
        driver = try c.decodeIfPresent(String.self, forKey: .driver)
        date = try c.decodeIfPresent(String.self, forKey: .date)
        start = try c.decodeIfPresent(String.self, forKey: .start)
        end = try c.decodeIfPresent(String.self, forKey: .end)
        endDate = try c.decodeIfPresent(String.self, forKey: .endDate)
        odometerStart = try c.decodeIfPresent(Double.self, forKey: .odometerStart)
        odometerEnd =
            try c.decodeIfPresent(Double.self, forKey: .odometerEnd)
            ?? c.decodeIfPresent(Double.self, forKey: .endOdometer)
        distance = try c.decodeIfPresent(Double.self, forKey: .distance)
        distanceMetres = try c.decodeIfPresent(Double.self, forKey: .distanceMetres)
        category = try c.decodeIfPresent(String.self, forKey: .category)
        purpose = try c.decodeIfPresent(String.self, forKey: .purpose)
        partner = try c.decodeIfPresent(String.self, forKey: .partner)
        destination = try c.decodeIfPresent(String.self, forKey: .destination)
        notes = try c.decodeIfPresent(String.self, forKey: .notes)
        from = try c.decodeIfPresent(String.self, forKey: .from)
        to = try c.decodeIfPresent(String.self, forKey: .to)
        regular = try c.decodeIfPresent(String.self, forKey: .regular)
        allowFuture = try c.decodeIfPresent(Bool.self, forKey: .allowFuture) ?? false
    }

    /// The input checked without the log or a clock: every value readable and within its rules, the distance given
    /// once. Returns the category.
    @discardableResult
    public func validated() throws -> TripCategory? {
        if regular == nil {
            guard vehicle != nil else {
                throw ServiceError(.invalid, field: "vehicle", "is required: name the vehicle")
            }
            let given = [odometerEnd != nil, distance != nil, distanceMetres != nil].filter { $0 }.count
            guard given == 1 else {
                throw ServiceError(
                    .invalid, field: given == 0 ? "distance" : "odometer_end",
                    "give either the odometer at the end or the distance (with the odometer at the start if you "
                        + "like), once")
            }
        } else if odometerEnd != nil || distance != nil || distanceMetres != nil || odometerStart != nil {
            throw ServiceError(.invalid, field: "regular", "a trip from a regular trip takes its distance from it")
        }
        if let distance, !(distance.isFinite && distance >= 0) {
            throw ServiceError(.invalid, field: "distance", "must be 0 or more")
        }
        if let distanceMetres, !(distanceMetres.isFinite && distanceMetres > 0 && distanceMetres < 5_000_000) {
            throw ServiceError(.invalid, field: "distance_m", "must be more than 0 and less than 5000 km")
        }
        if let odometerEnd, !(odometerEnd.isFinite && odometerEnd >= 0) {
            throw ServiceError(.invalid, field: "odometer_end", "must be 0 or more")
        }
        if let odometerStart, !(odometerStart.isFinite && odometerStart >= 0) {
            throw ServiceError(.invalid, field: "odometer_start", "must be 0 or more")
        }
        if let odometerStart, let odometerEnd, odometerEnd < odometerStart {
            throw ServiceError(
                .invalid, field: "odometer_end",
                "\(odometerEnd) is below the odometer at the start, \(odometerStart): the odometer cannot go back")
        }
        let category = try TripChoices.category(category).category
        if category == .business, regular == nil, purpose?.trimmingCharacters(in: .whitespaces).isEmpty ?? true {
            throw ServiceError(.refused, field: "purpose", "a business trip needs a purpose", exitCode: 64)
        }
        try TripText.check(purpose: purpose, partner: partner, destination: destination, notes: notes)
        try TripText.check(from, field: "from")
        try TripText.check(to, field: "to")
        if let date, date.lowercased() != "today", date.lowercased() != "yesterday", Day(parsing: date) == nil {
            throw ServiceError(.invalid, field: "date", "\"\(date)\": expected a date YYYY-MM-DD, today or yesterday")
        }
        _ = try TripMoment.parse(start, field: "start")
        _ = try TripMoment.parse(end, field: "end")
        if endDate != nil, end == nil { throw ServiceError(.invalid, field: "end_date", "needs the end's time") }
        if let endDate, Day(parsing: endDate) == nil {
            throw ServiceError(.invalid, field: "end_date", "\"\(endDate)\": expected a date YYYY-MM-DD")
        }
        return category
    }
}

/// Changes to a trip's classification and description (`trips edit`, `PATCH /api/v1/trips/{id}`, the trip page's
/// form): a field not given stays, an empty text clears it.
public struct TripChangesInput: Decodable, Sendable, Hashable {
    public var category: String?
    public var purpose: String?
    public var partner: String?
    public var destination: String?
    public var notes: String?
    public var from: String?
    public var to: String?
    public var driver: String?

    public init(
        category: String? = nil, purpose: String? = nil, partner: String? = nil, destination: String? = nil,
        notes: String? = nil, from: String? = nil, to: String? = nil, driver: String? = nil
    ) {
        self.category = category
        self.purpose = purpose
        self.partner = partner
        self.destination = destination
        self.notes = notes
        self.from = from
        self.to = to
        self.driver = driver
    }

    /// The store's changes, every value checked.
    public func changes() throws -> TripChanges {
        try TripText.check(purpose: purpose, partner: partner, destination: destination, notes: notes)
        try TripText.check(from, field: "from")
        try TripText.check(to, field: "to")
        return TripChanges(
            category: try TripChoices.category(category).category, purpose: purpose, partner: partner,
            destination: destination, notes: notes, startLabel: from, endLabel: to, driver: driver)
    }

    public var isEmpty: Bool { self == TripChangesInput() }
}

/// Why a trip is voided.
public struct TripVoidInput: Decodable, Sendable, Hashable {
    public var reason: String?

    public init(reason: String?) { self.reason = reason }

    public func validated() throws -> String {
        guard let reason = reason?.trimmingCharacters(in: .whitespacesAndNewlines), !reason.isEmpty else {
            throw ServiceError(.invalid, field: "reason", "a void needs a reason")
        }
        try TripText.check(reason, field: "reason")
        return reason
    }
}

/// Two consecutive trips to merge.
public struct TripMergeInput: Decodable, Sendable, Hashable {
    public var first: Int64
    public var second: Int64

    public init(first: Int64, second: Int64) {
        self.first = first
        self.second = second
    }
}

/// Where to split a trip: a local time on the trip's start day (`HH:MM`, `HH:MM+hh:mm`) or an ISO 8601 instant.
public struct TripSplitInput: Decodable, Sendable, Hashable {
    public var at: String

    public init(at: String) { self.at = at }
}

/// The lengths free texts of a trip may have.
enum TripText {
    static let longest = 500
    static let longestNotes = 2_000

    static func check(purpose: String?, partner: String?, destination: String?, notes: String?) throws {
        try check(purpose, field: "purpose")
        try check(partner, field: "partner")
        try check(destination, field: "destination")
        try check(notes, field: "notes", limit: longestNotes)
    }

    static func check(_ text: String?, field: String, limit: Int = longest) throws {
        if let text, text.count > limit {
            throw ServiceError(.invalid, field: field, "may have at most \(limit) characters")
        }
    }
}

/// A moment a caller writes: an ISO 8601 instant, or a local wall-clock time (`LocalTime`) on a day.
enum TripMoment: Sendable, Hashable {
    case instant(Timestamp)
    case local(LocalTime)

    static func parse(_ text: String?, field: String) throws -> TripMoment? {
        guard let text else { return nil }
        if let time = LocalTime(parsing: text) { return .local(time) }
        if let instant = Timestamp(iso8601: text) { return .instant(instant) }
        throw ServiceError(
            .invalid, field: field,
            "\"\(text)\": expected a time HH:MM (or HH:MM+hh:mm with its UTC offset) or an ISO 8601 time")
    }
}
