public import TrackModel

/// One position a phone or tracker reported, in the units of gpsd's TPV whatever the app sent: degrees, metres,
/// metres per second, UTC. Measurements the app did not send, or sent as "unknown" (a speed or heading of −1, an
/// accuracy of 0), are `nil`.
public struct IngestPosition: Sendable, Hashable {
    /// When the device took the fix (not when the server received it).
    public var time: Timestamp
    /// Latitude in degrees, WGS84, positive north.
    public var latitude: Double
    /// Longitude in degrees, WGS84, positive east.
    public var longitude: Double
    /// Speed over ground in metres per second.
    public var speed: Double?
    /// Course over ground in degrees from true north.
    public var course: Double?
    /// Altitude in metres as the app reports it (phones mostly above mean sea level).
    public var altitude: Double?
    /// Horizontal accuracy in metres, the radius the phone reports; the engine's horizontal error (`eph`).
    public var accuracy: Double?
    /// Horizontal dilution of precision, from trackers that report it.
    public var hdop: Double?
    /// Battery level in percent, 0…100.
    public var battery: Double?
    /// Whether the device is on external power.
    public var charging: Bool?
    /// Every other key the app sent with the position, as text (at most `IngestAttributes.maximumCount`, plain
    /// text only, never the device's credential).
    public var attributes: [String: String]

    public init(
        time: Timestamp, latitude: Double, longitude: Double, speed: Double? = nil, course: Double? = nil,
        altitude: Double? = nil, accuracy: Double? = nil, hdop: Double? = nil, battery: Double? = nil,
        charging: Bool? = nil, attributes: [String: String] = [:]
    ) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.speed = speed
        self.course = course
        self.altitude = altitude
        self.accuracy = accuracy
        self.hdop = hdop
        self.battery = battery
        self.charging = charging
        self.attributes = attributes
    }
}
