/// One epoch of a GNSS receiver's output, as decoded from any source.
///
/// Field names and units follow gpsd's TPV report: metres, metres per second, degrees, UTC.
/// Every measurement is optional: a field is `nil` when the source did not provide it.
public struct Fix: Sendable, Hashable {
    /// UTC time of the epoch, when the source gave one with a date.
    public var time: Timestamp?
    /// The receiver's fix mode (gpsd `mode`).
    public var mode: FixMode
    /// The receiver's fix quality (gpsd `status`), when the source reports it.
    public var quality: FixQuality?
    /// Latitude in degrees, WGS84, positive north.
    public var latitude: Double?
    /// Longitude in degrees, WGS84, positive east.
    public var longitude: Double?
    /// Altitude above mean sea level (geoid) in metres (gpsd `altMSL`).
    public var altitudeMSL: Double?
    /// Altitude above the WGS84 ellipsoid in metres (gpsd `altHAE`).
    public var altitudeHAE: Double?
    /// Geoid separation in metres: `altitudeHAE - altitudeMSL` (gpsd `geoidSep`).
    public var geoidSeparation: Double?
    /// Speed over ground in metres per second (gpsd `speed`).
    public var speed: Double?
    /// Course over ground in degrees from true north (gpsd `track`).
    public var track: Double?
    /// Vertical speed in metres per second, positive up (gpsd `climb`).
    public var climb: Double?
    /// Estimated horizontal position error in metres (gpsd `eph`).
    public var eph: Double?
    /// Estimated vertical position error in metres (gpsd `epv`).
    public var epv: Double?
    /// Estimated longitude error in metres (gpsd `epx`).
    public var epx: Double?
    /// Estimated latitude error in metres (gpsd `epy`).
    public var epy: Double?
    /// Horizontal dilution of precision.
    public var hdop: Double?
    /// Position (3D) dilution of precision.
    public var pdop: Double?
    /// Vertical dilution of precision.
    public var vdop: Double?
    /// Number of satellites used in the solution (gpsd `uSat`).
    public var satellitesUsed: Int?
    /// One-based line (NMEA, JSON) or XML line (GPX) of the input where this epoch ended.
    public var sourceLine: Int?

    /// Inlinable so decoders build the fix where it is stored, not in a temporary copied after the call.
    @inlinable
    public init(
        time: Timestamp? = nil,
        mode: FixMode = .unknown,
        quality: FixQuality? = nil,
        latitude: Double? = nil,
        longitude: Double? = nil,
        altitudeMSL: Double? = nil,
        altitudeHAE: Double? = nil,
        geoidSeparation: Double? = nil,
        speed: Double? = nil,
        track: Double? = nil,
        climb: Double? = nil,
        eph: Double? = nil,
        epv: Double? = nil,
        epx: Double? = nil,
        epy: Double? = nil,
        hdop: Double? = nil,
        pdop: Double? = nil,
        vdop: Double? = nil,
        satellitesUsed: Int? = nil,
        sourceLine: Int? = nil
    ) {
        self.time = time
        self.mode = mode
        self.quality = quality
        self.latitude = latitude
        self.longitude = longitude
        self.altitudeMSL = altitudeMSL
        self.altitudeHAE = altitudeHAE
        self.geoidSeparation = geoidSeparation
        self.speed = speed
        self.track = track
        self.climb = climb
        self.eph = eph
        self.epv = epv
        self.epx = epx
        self.epy = epy
        self.hdop = hdop
        self.pdop = pdop
        self.vdop = vdop
        self.satellitesUsed = satellitesUsed
        self.sourceLine = sourceLine
    }

    /// Whether the fix carries a horizontal position.
    public var hasPosition: Bool { latitude != nil && longitude != nil }
}

/// gpsd's fix mode: 0 unknown, 1 no fix, 2 two-dimensional, 3 three-dimensional.
public enum FixMode: Int, Sendable, Hashable, Comparable, CaseIterable {
    case unknown = 0
    case noFix = 1
    case twoD = 2
    case threeD = 3

    public static func < (lhs: FixMode, rhs: FixMode) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// gpsd's fix status: how the solution was obtained.
public enum FixQuality: Int, Sendable, Hashable, CaseIterable {
    case unknown = 0
    case gps = 1
    case differential = 2
    case rtkFixed = 3
    case rtkFloat = 4
    case deadReckoning = 5
    case gnssDeadReckoning = 6
    case timeOnly = 7
    case simulated = 8
    case pps = 9
}

/// A WGS84 position in degrees.
public struct Coordinate: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
