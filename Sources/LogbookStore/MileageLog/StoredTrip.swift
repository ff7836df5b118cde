public import MileageLog
public import TrackModel
public import TripEngine

/// Where a trip came from: measured by GPS (live by the daemon, or replayed from a file by `import`), typed in
/// by hand, or generated from a regular trip.
public enum TripSource: String, Codable, Sendable, CaseIterable {
    case gps
    case manual
    case regular
}

/// Who or what set a trip's category.
public enum CategoryOrigin: String, Codable, Sendable, CaseIterable {
    /// A person, with `trips add` or `trips edit` — always wins over rules.
    case manual
    /// A classification rule, when the GPS trip was stored or by `rules apply`.
    case rule
    /// Copied from the regular trip it was made from.
    case regular
    /// The log's default after the configured number of days unclassified (private).
    case `default`
}

/// The unit of a vehicle's odometer.
public enum OdometerUnit: String, Codable, Sendable, CaseIterable {
    case km
    case mi

    /// Metres per unit.
    public var metres: Double { self == .km ? 1_000 : 1_609.344 }
}

/// A trip as the logbook holds it: what was driven (times, distance, places, odometer) and what it was for.
public struct StoredTrip: Sendable, Hashable {
    public var id: Int64
    /// The vehicle's plate.
    public var vehicle: String
    public var driver: String?
    public var start: Timestamp
    public var end: Timestamp
    /// Metres driven.
    public var distance: Double
    public var idleSeconds: Double
    public var idlePeriods: Int
    /// Metres per second; 0 for trips typed in.
    public var maximumSpeed: Double
    public var startCoordinate: Coordinate?
    public var endCoordinate: Coordinate?
    public var fixesUsed: Int
    /// The cleaned track at the resolution of `TrackEncoding` (1 ms, 1e-7°, 1 cm/s); empty unless asked for.
    public var track: [TrackPoint]
    public var source: TripSource
    /// The SHA-256 of the file it was imported from, for GPS trips replayed by `logbook import`.
    public var importKey: String?
    /// Odometer readings in the vehicle's unit.
    public var startOdometer: Double?
    public var endOdometer: Double?
    public var odometerUnit: OdometerUnit
    /// `nil` while unclassified.
    public var category: TripCategory?
    public var categoryOrigin: CategoryOrigin?
    public var purpose: String?
    /// The business partner visited.
    public var partner: String?
    public var destination: String?
    public var notes: String?
    public var startLabel: String?
    public var endLabel: String?
    /// The regular trip it was made from.
    public var regularName: String?
    public var locked: Bool
    public var voidedAt: Timestamp?
    public var voidReason: String?
    public var createdAt: Timestamp
    /// The ends the engine estimated rather than saw (GPS trips; see `EstimatedEnds`).
    public var estimated: EstimatedEnds

    public var voided: Bool { voidedAt != nil }
    /// `estimated` by name: `["start"]`, `["end"]`, `["start", "end"]` or none.
    public var estimatedNames: [String] { estimated.names }
    public var duration: Double { end.secondsSince1970 - start.secondsSince1970 }
    public var movingSeconds: Double { max(0, duration - idleSeconds) }
    public var averageSpeed: Double { duration > 0 ? distance / duration : 0 }

    /// The trip as the engine measured it, for GPS trips (which always have both ends' coordinates).
    public var trip: Trip? {
        guard let startCoordinate, let endCoordinate else { return nil }
        return Trip(
            start: start, end: end, distance: distance, idleSeconds: idleSeconds, idlePeriods: idlePeriods,
            maximumSpeed: maximumSpeed, startCoordinate: startCoordinate, endCoordinate: endCoordinate,
            fixesUsed: fixesUsed, track: track, estimated: estimated)
    }

    /// The fields the country presets check.
    public var entry: TripEntry {
        TripEntry(
            start: start, end: end, category: category ?? .private,
            source: EntrySource(rawValue: source.rawValue) ?? .gps, vehiclePlate: vehicle, driver: driver,
            purpose: purpose, businessPartner: partner, destination: destination, startPlace: startLabel,
            endPlace: endLabel, odometerStart: startOdometer.map { $0 * odometerUnit.metres / 1_000 },
            odometerEnd: endOdometer.map { $0 * odometerUnit.metres / 1_000 }, distanceMetres: distance)
    }

    public init(
        id: Int64, vehicle: String, driver: String? = nil, start: Timestamp, end: Timestamp, distance: Double,
        idleSeconds: Double = 0, idlePeriods: Int = 0, maximumSpeed: Double = 0, startCoordinate: Coordinate? = nil,
        endCoordinate: Coordinate? = nil, fixesUsed: Int = 0, track: [TrackPoint] = [], source: TripSource,
        importKey: String? = nil, startOdometer: Double? = nil, endOdometer: Double? = nil,
        odometerUnit: OdometerUnit = .km, category: TripCategory? = nil, categoryOrigin: CategoryOrigin? = nil,
        purpose: String? = nil, partner: String? = nil, destination: String? = nil, notes: String? = nil,
        startLabel: String? = nil, endLabel: String? = nil, regularName: String? = nil, locked: Bool = false,
        voidedAt: Timestamp? = nil, voidReason: String? = nil, createdAt: Timestamp, estimated: EstimatedEnds = []
    ) {
        self.estimated = estimated
        self.id = id
        self.vehicle = vehicle
        self.driver = driver
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
        self.source = source
        self.importKey = importKey
        self.startOdometer = startOdometer
        self.endOdometer = endOdometer
        self.odometerUnit = odometerUnit
        self.category = category
        self.categoryOrigin = categoryOrigin
        self.purpose = purpose
        self.partner = partner
        self.destination = destination
        self.notes = notes
        self.startLabel = startLabel
        self.endLabel = endLabel
        self.regularName = regularName
        self.locked = locked
        self.voidedAt = voidedAt
        self.voidReason = voidReason
        self.createdAt = createdAt
    }
}
