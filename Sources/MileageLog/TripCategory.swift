/// What a trip was for, as a mileage log records it.
public enum TripCategory: String, Sendable, Hashable, Codable, CaseIterable {
    case business
    case `private`
    case commute
}

/// Where a log entry came from: recorded by the GPS engine, typed in by hand, or generated from a regular trip.
public enum EntrySource: String, Sendable, Hashable, Codable, CaseIterable {
    case gps
    case manual
    case regular
}
