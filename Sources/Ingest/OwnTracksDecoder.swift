import TrackModel

/// `/ingest/owntracks`: OwnTracks in HTTP mode. The app POSTs each message as a JSON object with HTTP Basic
/// authentication (here the device's name and its token).
///
/// A `_type: location` message is one position: `lat`, `lon`, `tst` (epoch seconds), `acc` (m), `vel` (km/h),
/// `cog` (degrees), `alt` (m), `batt` (%), `bs` (battery status: 0 unknown, 1 unplugged, 2 charging, 3 full);
/// every other member (`tid`, `t`, `conn`, `SSID`, `inregions`, …) is kept as an attribute. Messages of any other
/// `_type` (`transition`, `waypoint`, `lwt`, `card`, `status`, `encrypted`, …) and empty bodies (the app POSTs one
/// when a friend is deleted) are accepted and ignored. An array of messages is read message by message.
///
/// Sources (read for the shapes, nothing copied):
/// - https://owntracks.org/booklet/tech/http/ (HTTP mode, Basic authentication, zero-length payloads)
/// - https://owntracks.org/booklet/tech/json/ (`_type=location`: the members, their units and types)
public enum OwnTracksDecoder {
    static let known: Set<String> = ["_type", "lat", "lon", "tst", "acc", "vel", "cog", "alt", "batt", "bs"]

    public static func decode(_ request: IngestRequest) throws(IngestError) -> IngestBatch {
        let credential = try DeviceCredential.presented(
            in: request.query, names: [], authorization: request.authorization)
        if request.bodyIsBlank { return IngestBatch(credential: credential, positions: [], ignoredMessages: 1) }
        var positions: [IngestPosition] = []
        var ignored = 0
        switch try JSONValue.parse(request.body) {
        case .array(let messages):
            try IngestBatch.checkCount(messages.count, field: "body")
            for (index, message) in messages.enumerated() {
                if let position = try position(JSONFields(message, path: "[\(index)]")) {
                    positions.append(position)
                } else {
                    ignored += 1
                }
            }
        case let message:
            if let position = try position(JSONFields(message, path: "")) {
                positions.append(position)
            } else {
                ignored += 1
            }
        }
        return IngestBatch(credential: credential, positions: positions, ignoredMessages: ignored)
    }

    /// The position of a location message; `nil` for any other `_type`.
    static func position(_ message: JSONFields) throws(IngestError) -> IngestPosition? {
        guard let type = try message.string("_type") else { throw IngestError.missing(message.field("_type")) }
        guard type == "location" else { return nil }
        let latitude = try message.requiredNumber("lat")
        let longitude = try message.requiredNumber("lon")
        let time = try message.requiredTime("tst")
        let charging: Bool? =
            switch try message.number("bs") {
            case 1: false
            case 2, 3: true
            default: nil
            }
        var attributes = IngestAttributes()
        attributes.add(message, except: known)
        return IngestPosition(
            time: time,
            latitude: latitude,
            longitude: longitude,
            speed: Measurement.nonNegative(try message.number("vel").map { $0 / 3.6 }),
            course: Measurement.course(try message.number("cog")),
            altitude: Measurement.finite(try message.number("alt")),
            accuracy: Measurement.positive(try message.number("acc")),
            hdop: nil,
            battery: Measurement.percent(try message.number("batt")),
            charging: charging,
            attributes: attributes.values)
    }
}
