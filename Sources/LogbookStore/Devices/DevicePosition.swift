public import TrackModel

/// One position a device reported, as stored: at most one per device and fix time.
public struct DevicePosition: Sendable, Hashable {
    public var fixedAt: Timestamp
    public var latitude: Double
    public var longitude: Double
    public var speedMetresPerSecond: Double?
    public var courseDegrees: Double?
    public var altitudeMetres: Double?
    public var accuracyMetres: Double?
    public var hdop: Double?
    /// Battery level in percent.
    public var battery: Double?
    /// Further attributes the app sent, as JSON text.
    public var attributes: String?

    public init(
        fixedAt: Timestamp, latitude: Double, longitude: Double, speedMetresPerSecond: Double? = nil,
        courseDegrees: Double? = nil, altitudeMetres: Double? = nil, accuracyMetres: Double? = nil,
        hdop: Double? = nil, battery: Double? = nil, attributes: String? = nil
    ) {
        self.fixedAt = fixedAt
        self.latitude = latitude
        self.longitude = longitude
        self.speedMetresPerSecond = speedMetresPerSecond
        self.courseDegrees = courseDegrees
        self.altitudeMetres = altitudeMetres
        self.accuracyMetres = accuracyMetres
        self.hdop = hdop
        self.battery = battery
        self.attributes = attributes
    }
}
