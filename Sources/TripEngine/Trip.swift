public import TrackModel

/// A point of a trip's cleaned track.
public struct TrackPoint: Sendable, Hashable, Codable {
    public var time: Timestamp
    public var latitude: Double
    public var longitude: Double
    /// Speed in m/s (Doppler where the source reports it, else estimated from positions).
    public var speed: Double?

    public init(time: Timestamp, latitude: Double, longitude: Double, speed: Double? = nil) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.speed = speed
    }
}

/// Which ends of a trip the engine estimated rather than saw: the fix was lost on the way into a
/// garage and the box switched off there (the arrival follows from the first fix after it and the
/// speed before the outage), or the vehicle left while the receiver was off or without a fix (the
/// departure follows from where it had parked and when the receiver came back).
public struct EstimatedEnds: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let start = EstimatedEnds(rawValue: 1)
    public static let end = EstimatedEnds(rawValue: 2)

    /// The names used in JSON, CSV and the database: `start`, `end`, in that order.
    public var names: [String] { (contains(.start) ? ["start"] : []) + (contains(.end) ? ["end"] : []) }

    /// The set named by `names` (unknown names are ignored).
    public init(names: some Sequence<some StringProtocol>) {
        self = []
        for name in names {
            if name == "start" { insert(.start) }
            if name == "end" { insert(.end) }
        }
    }
}

/// A trip, as the engine measured it.
public struct Trip: Sendable, Hashable, Codable {
    /// Departure: back-dated to the moment the vehicle started moving.
    public var start: Timestamp
    /// Arrival: the moment the vehicle stopped (or the last fix before a long gap).
    public var end: Timestamp
    /// Distance driven, metres.
    public var distance: Double
    /// Seconds standing still inside the trip (stops shorter than the parking threshold).
    public var idleSeconds: Double
    /// How many such stops.
    public var idlePeriods: Int
    /// Highest speed seen, m/s.
    public var maximumSpeed: Double
    public var startCoordinate: Coordinate
    public var endCoordinate: Coordinate
    /// Fixes that contributed to the trip.
    public var fixesUsed: Int
    /// Cleaned track, when `EngineConfiguration.collectTrack` is set.
    public var track: [TrackPoint]
    /// The ends the engine estimated (see `EstimatedEnds`); empty when it saw both.
    public var estimated: EstimatedEnds

    public init(
        start: Timestamp, end: Timestamp, distance: Double, idleSeconds: Double, idlePeriods: Int,
        maximumSpeed: Double, startCoordinate: Coordinate, endCoordinate: Coordinate, fixesUsed: Int,
        track: [TrackPoint] = [], estimated: EstimatedEnds = []
    ) {
        self.start = start
        self.end = end
        self.distance = distance
        self.idleSeconds = idleSeconds
        self.idlePeriods = idlePeriods
        self.maximumSpeed = maximumSpeed
        self.startCoordinate = startCoordinate
        self.endCoordinate = endCoordinate
        self.fixesUsed = fixesUsed
        self.track = track
        self.estimated = estimated
    }

    enum CodingKeys: String, CodingKey {
        case start, end, distance, idleSeconds, idlePeriods, maximumSpeed, startCoordinate, endCoordinate, fixesUsed
        case track, estimated
    }

    /// Decodes trips encoded before `estimated` existed as estimating nothing.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        start = try c.decode(Timestamp.self, forKey: .start)
        end = try c.decode(Timestamp.self, forKey: .end)
        distance = try c.decode(Double.self, forKey: .distance)
        idleSeconds = try c.decode(Double.self, forKey: .idleSeconds)
        idlePeriods = try c.decode(Int.self, forKey: .idlePeriods)
        maximumSpeed = try c.decode(Double.self, forKey: .maximumSpeed)
        startCoordinate = try c.decode(Coordinate.self, forKey: .startCoordinate)
        endCoordinate = try c.decode(Coordinate.self, forKey: .endCoordinate)
        fixesUsed = try c.decode(Int.self, forKey: .fixesUsed)
        track = try c.decode([TrackPoint].self, forKey: .track)
        estimated = try c.decodeIfPresent(EstimatedEnds.self, forKey: .estimated) ?? []
    }

    /// Seconds from departure to arrival.
    public var duration: Double { max(0, end - start) }
    /// Seconds in motion: the duration less idle time.
    public var movingSeconds: Double { max(0, duration - idleSeconds) }
    /// Mean speed over the whole trip, m/s.
    public var averageSpeed: Double { duration > 0 ? distance / duration : 0 }
}

/// What the engine tells its caller.
public enum TripEvent: Sendable, Hashable {
    /// A departure was confirmed; the trip runs from `start` (back-dated) at `coordinate`. (Whether the
    /// start was estimated is in the ended trip's `estimated`.)
    case tripStarted(start: Timestamp, coordinate: Coordinate)
    /// A trip ended and is complete.
    case tripEnded(Trip)
    /// A trip ended but was shorter than the minimum distance; it is dropped.
    case tripDiscarded(Trip)
    /// The vehicle has stood still for `duration` seconds since `since` while the receiver kept
    /// reporting (raised once per standstill, after `EngineConfiguration.longIdleThreshold`).
    case longIdle(since: Timestamp, duration: Double)
}

/// Why a fix was not used.
public enum RejectionReason: String, Sendable, Hashable, Codable, CaseIterable {
    case noFix = "no-fix"
    case noTime = "no-time"
    case twoD = "2d"
    case largeError = "large-error"
    case duplicate
    case outOfOrder = "out-of-order"
    case implausibleJump = "implausible-jump"
    case implausibleAcceleration = "implausible-acceleration"
    case coldStart = "cold-start"
    case outlier
    /// A phone app's first point after a silence that the next point contradicted (`Reporting.filtered`).
    case unconfirmed
}

/// Counts of the fixes the engine saw.
public struct FixCounts: Sendable, Hashable, Codable {
    public var read = 0
    public var used = 0
    public var rejected: [RejectionReason: Int] = [:]
    /// Trips dropped for being shorter than the minimum distance.
    public var tripsDiscarded = 0

    public init() {}

    public var rejectedTotal: Int { rejected.values.reduce(0, +) }
}

/// A trip still under way.
public struct TripProgress: Sendable, Hashable {
    /// Departure.
    public var start: Timestamp
    /// Distance so far, metres.
    public var distance: Double
    /// Set while the vehicle stands inside the trip (a stop not yet long enough to end it).
    public var standingSince: Timestamp?
}
