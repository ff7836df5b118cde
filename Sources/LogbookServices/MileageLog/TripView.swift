public import LogbookStore
public import MileageLog
import TrackModel
public import TripEngine

/// A trip as `trips list --format json` and `GET /api/v1/trips` give it (one entity, one JSON): `replay`'s fields
/// plus the log's (DESIGN.md §4, issue 5 §6). Every key is always there, `null` where there is no value; times are
/// ISO 8601 UTC, distances in metres (and `distance` in the vehicle's unit).
public struct TripView: Encodable, Sendable {
    public var trip: StoredTrip
    /// Changed after it was entered (an edit in its history).
    public var edited: Bool

    public init(_ trip: StoredTrip, edited: Bool) {
        self.trip = trip
        self.edited = edited
    }

    /// The keys in the order of the CSV's columns.
    public enum CodingKeys: String, CodingKey, CaseIterable {
        case id, vehicle, start, end
        case distanceM = "distance_m"
        case durationS = "duration_s"
        case movingS = "moving_s"
        case idleS = "idle_s"
        case idlePeriods = "idle_periods"
        case maxSpeedMPS = "max_speed_mps"
        case avgSpeedMPS = "avg_speed_mps"
        case startLat = "start_lat"
        case startLon = "start_lon"
        case endLat = "end_lat"
        case endLon = "end_lon"
        case fixesUsed = "fixes_used"
        case driver
        case startOdometer = "start_odometer"
        case endOdometer = "end_odometer"
        case odometerUnit = "odometer_unit"
        case category
        case categoryOrigin = "category_origin"
        case purpose, partner, destination, notes
        case startLabel = "start_label"
        case endLabel = "end_label"
        case source, regular, edited, locked, voided
        case voidReason = "void_reason"
        case distance
        case distanceUnit = "distance_unit"
        /// The ends the engine estimated rather than saw, as `replay` names them (`["end"]`, `["start", "end"]`);
        /// empty where it saw both, and for trips entered by hand.
        case estimated
    }

    /// The distance in the vehicle's unit (km or mi), to 0.001.
    public var distanceInUnit: Double? { ViewNumber.rounded(trip.distance / trip.odometerUnit.metres, 3) }

    public func encode(to encoder: any Encoder) throws {
        let t = trip
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(t.id, forKey: .id)
        try c.encode(t.vehicle, forKey: .vehicle)
        try c.encode(t.start.iso8601, forKey: .start)
        try c.encode(t.end.iso8601, forKey: .end)
        try c.encode(ViewNumber.rounded(t.distance, 1), forKey: .distanceM)
        try c.encode(ViewNumber.rounded(t.duration, 1), forKey: .durationS)
        try c.encode(ViewNumber.rounded(t.movingSeconds, 1), forKey: .movingS)
        try c.encode(ViewNumber.rounded(t.idleSeconds, 1), forKey: .idleS)
        try c.encode(t.idlePeriods, forKey: .idlePeriods)
        try c.encode(ViewNumber.rounded(t.maximumSpeed, 2), forKey: .maxSpeedMPS)
        try c.encode(ViewNumber.rounded(t.averageSpeed, 2), forKey: .avgSpeedMPS)
        try c.encode(ViewNumber.rounded(t.startCoordinate?.latitude, 7), forKey: .startLat)
        try c.encode(ViewNumber.rounded(t.startCoordinate?.longitude, 7), forKey: .startLon)
        try c.encode(ViewNumber.rounded(t.endCoordinate?.latitude, 7), forKey: .endLat)
        try c.encode(ViewNumber.rounded(t.endCoordinate?.longitude, 7), forKey: .endLon)
        try c.encode(t.fixesUsed, forKey: .fixesUsed)
        try c.encode(t.driver, forKey: .driver)
        try c.encode(ViewNumber.rounded(t.startOdometer, 1), forKey: .startOdometer)
        try c.encode(ViewNumber.rounded(t.endOdometer, 1), forKey: .endOdometer)
        try c.encode(t.odometerUnit.rawValue, forKey: .odometerUnit)
        try c.encode(t.category?.rawValue, forKey: .category)
        try c.encode(t.categoryOrigin?.rawValue, forKey: .categoryOrigin)
        try c.encode(t.purpose, forKey: .purpose)
        try c.encode(t.partner, forKey: .partner)
        try c.encode(t.destination, forKey: .destination)
        try c.encode(t.notes, forKey: .notes)
        try c.encode(t.startLabel, forKey: .startLabel)
        try c.encode(t.endLabel, forKey: .endLabel)
        try c.encode(t.source.rawValue, forKey: .source)
        try c.encode(t.regularName, forKey: .regular)
        try c.encode(edited, forKey: .edited)
        try c.encode(t.locked, forKey: .locked)
        try c.encode(t.voided, forKey: .voided)
        try c.encode(t.voidReason, forKey: .voidReason)
        try c.encode(distanceInUnit, forKey: .distance)
        try c.encode(t.odometerUnit.rawValue, forKey: .distanceUnit)
        try c.encode(t.estimatedNames, forKey: .estimated)
    }
}

/// Trips with their total distance (voided trips not counted), as `trips list --format json` gives them — the shape
/// of `replay`'s — and, with the page's `total`, `offset` and `limit`, as `GET /api/v1/trips` does.
public struct TripListView: Encodable, Sendable {
    public var trips: [TripView]
    /// Metres of the trips (of the whole filter, for a page), voided ones left out.
    public var distance: Double
    /// The page: how many trips the filter matches, and where this page starts; nil for the whole list.
    public var total: Int?
    public var offset: Int?
    public var limit: Int?

    public init(trips: [TripView], distance: Double, total: Int? = nil, offset: Int? = nil, limit: Int? = nil) {
        self.trips = trips
        self.distance = distance
        self.total = total
        self.offset = offset
        self.limit = limit
    }

    enum CodingKeys: String, CodingKey {
        case trips, total, offset, limit
        case distance = "distance_m"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(ViewNumber.rounded(distance, 1), forKey: .distance)
        try c.encode(trips, forKey: .trips)
        try c.encodeIfPresent(total, forKey: .total)
        try c.encodeIfPresent(offset, forKey: .offset)
        try c.encodeIfPresent(limit, forKey: .limit)
    }
}

/// One trip with its history (`trips show`, `GET /api/v1/trips/{id}`) and, for the API, its track; after a change the
/// API answers the trip alone in this shape.
public struct TripDetailView: Encodable, Sendable {
    public var trip: TripView
    public var history: [AuditEntryView]?
    /// `[time, latitude, longitude, speed]` per point, for the API's map.
    public var track: [TrackPointView]?

    public init(trip: TripView, history: [AuditEntryView]? = nil, track: [TrackPointView]? = nil) {
        self.trip = trip
        self.history = history
        self.track = track
    }
}

/// Several trips (the two halves of a split) under `trips`.
public struct TripsView: Encodable, Sendable {
    public var trips: [TripView]

    public init(trips: [TripView]) { self.trips = trips }
}

/// A point of a trip's stored track: `[time, latitude, longitude, speed or null]`.
public struct TrackPointView: Encodable, Sendable {
    public var point: TrackPoint

    public init(_ point: TrackPoint) { self.point = point }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(point.time.iso8601)
        try c.encode(ViewNumber.rounded(point.latitude, 7))
        try c.encode(ViewNumber.rounded(point.longitude, 7))
        try c.encode(ViewNumber.rounded(point.speed, 2))
    }
}

/// An entry of the audit history (`audit list`, a trip's history): who changed what, when, from what to what, and
/// the first 16 hex digits of its hash. `old` and `new` repeat `old_value` and `new_value` where there is one (the
/// API's names of a trip's history).
public struct AuditEntryView: Encodable, Sendable {
    public var entry: AuditEntry

    public init(_ entry: AuditEntry) { self.entry = entry }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case sequence, time, actor, entity
        case entityID = "entity_id"
        case action, field
        case oldValue = "old_value"
        case newValue = "new_value"
        case hash
        case old, new
    }

    public var shortHash: String { String(entry.hash.prefix(16)) }

    public func encode(to encoder: any Encoder) throws {
        let change = entry.change
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(entry.sequence, forKey: .sequence)
        try c.encode(change.time.iso8601, forKey: .time)
        try c.encode(change.actor, forKey: .actor)
        try c.encode(change.entity, forKey: .entity)
        try c.encode(change.entityID, forKey: .entityID)
        try c.encode(change.action.rawValue, forKey: .action)
        try c.encode(change.field, forKey: .field)
        try c.encode(change.oldValue, forKey: .oldValue)
        try c.encode(change.newValue, forKey: .newValue)
        try c.encode(shortHash, forKey: .hash)
        try c.encodeIfPresent(change.oldValue, forKey: .old)
        try c.encodeIfPresent(change.newValue, forKey: .new)
    }
}
