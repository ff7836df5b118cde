public import LogbookStore
import TrackModel

/// An imported GPS trip kept aside because it overlaps a trip of the log (`trips conflicts`): distances in metres
/// (`distance_m`, `existing_distance_m`) and in the vehicle's unit (`distance`, `existing_distance`, in
/// `distance_unit`, km or mi, as `trips list` gives them).
public struct TripConflictView: Encodable, Sendable {
    public var conflict: TripConflict
    /// The vehicle's odometer unit.
    public var unit: OdometerUnit

    public init(_ conflict: TripConflict, unit: OdometerUnit = .km) {
        self.conflict = conflict
        self.unit = unit
    }

    /// The imported trip's distance in the vehicle's unit, to 0.001.
    public var distanceInUnit: Double? { ViewNumber.rounded(conflict.distance / unit.metres, 3) }
    /// The distance of the trip it overlaps in the vehicle's unit, to 0.001.
    public var existingDistanceInUnit: Double? { ViewNumber.rounded(conflict.existingDistance / unit.metres, 3) }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case id, vehicle, start, end
        case distanceM = "distance_m"
        case file
        case existingTrip = "existing_trip"
        case existingStart = "existing_start"
        case existingEnd = "existing_end"
        case existingDistanceM = "existing_distance_m"
        case resolution
        case keptTrip = "kept_trip"
        case resolvedAt = "resolved_at"
        case distance
        case existingDistance = "existing_distance"
        case distanceUnit = "distance_unit"
    }

    public func encode(to encoder: any Encoder) throws {
        let c0 = conflict
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(c0.id, forKey: .id)
        try c.encode(c0.vehicle, forKey: .vehicle)
        try c.encode(c0.start.iso8601, forKey: .start)
        try c.encode(c0.end.iso8601, forKey: .end)
        try c.encode(ViewNumber.rounded(c0.distance, 1), forKey: .distanceM)
        try c.encode(c0.file, forKey: .file)
        try c.encode(c0.existingTripID, forKey: .existingTrip)
        try c.encode(c0.existingStart.iso8601, forKey: .existingStart)
        try c.encode(c0.existingEnd.iso8601, forKey: .existingEnd)
        try c.encode(ViewNumber.rounded(c0.existingDistance, 1), forKey: .existingDistanceM)
        try c.encode(c0.resolution?.rawValue, forKey: .resolution)
        try c.encode(c0.keptTripID, forKey: .keptTrip)
        try c.encode(c0.resolvedAt?.iso8601, forKey: .resolvedAt)
        try c.encode(distanceInUnit, forKey: .distance)
        try c.encode(existingDistanceInUnit, forKey: .existingDistance)
        try c.encode(unit.rawValue, forKey: .distanceUnit)
    }
}
