public import TrackModel

/// The unit of the osmand `speed` field. OsmAnd and Traccar Client send knots (Traccar's convention); other apps
/// speaking the protocol send metres per second or kilometres per hour, so it is a setting per device.
public enum SpeedUnit: String, Sendable, Hashable, CaseIterable, Codable {
    case knots
    case metresPerSecond = "m/s"
    case kilometresPerHour = "km/h"

    /// `value` in this unit, in metres per second.
    public func metresPerSecond(_ value: Double) -> Double {
        switch self {
        case .knots: value * 1_852 / 3_600
        case .metresPerSecond: value
        case .kilometresPerHour: value / 3.6
        }
    }
}

/// What a decoder needs to know beyond the request: the device's settings and the time it arrived.
public struct IngestOptions: Sendable, Hashable {
    /// The unit of the osmand `speed` field for this device.
    public var speedUnit: SpeedUnit
    /// When the request arrived: the fix time of an osmand request without `timestamp` (OsmAnd's URL template
    /// may leave it out, and Traccar's server takes the time of arrival then). `nil`: such a request is refused.
    public var receivedAt: Timestamp?

    public init(speedUnit: SpeedUnit = .knots, receivedAt: Timestamp? = nil) {
        self.speedUnit = speedUnit
        self.receivedAt = receivedAt
    }
}

/// The four ingest protocols, by the last part of their path (`/ingest/osmand`).
public enum IngestProtocol: String, Sendable, Hashable, CaseIterable {
    case osmand
    case owntracks
    case overland
    case gpslogger

    /// The request's credential and positions, as this protocol's decoder reads them.
    public func decode(_ request: IngestRequest, options: IngestOptions = IngestOptions()) throws(IngestError)
        -> IngestBatch
    {
        switch self {
        case .osmand: try OsmAndDecoder.decode(request, options: options)
        case .owntracks: try OwnTracksDecoder.decode(request)
        case .overland: try OverlandDecoder.decode(request)
        case .gpslogger: try GPSLoggerDecoder.decode(request)
        }
    }
}
