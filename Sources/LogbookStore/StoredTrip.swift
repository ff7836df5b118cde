public import TripEngine

/// Where a trip came from.
public enum TripSource: String, Codable, Sendable, CaseIterable {
    /// Measured live (the daemon).
    case gps
    /// Replayed from a file.
    case `import`
}

/// A trip as the logbook holds it.
public struct StoredTrip: Sendable, Hashable {
    public var id: Int64
    /// The vehicle's plate.
    public var vehicle: String
    /// The trip; its track is stored at the resolution of `TrackEncoding` (1 ms, 1e-7°, 1 cm/s).
    public var trip: Trip
    public var source: TripSource

    public init(id: Int64, vehicle: String, trip: Trip, source: TripSource) {
        self.id = id
        self.vehicle = vehicle
        self.trip = trip
        self.source = source
    }
}
