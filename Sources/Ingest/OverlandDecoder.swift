import TrackModel

/// `/ingest/overland`: Overland (iOS; the Android port speaks the same). The app POSTs batches with
/// `Authorization: Bearer TOKEN`: `{"locations": [Feature, …], "current": …, "trip": …}`, each location a GeoJSON
/// Feature with a Point geometry, `coordinates: [longitude, latitude]`, and `properties`: `timestamp`
/// (ISO 8601, offsets like `-0700` included), `speed` (m/s, −1 unknown), `course` (degrees, −1 unknown),
/// `horizontal_accuracy` (m), `altitude` (m), `battery_level` (0…1), `battery_state` (`unknown`, `charging`,
/// `full`, `unplugged`); every other property (`motion`, `wifi`, `device_id`, `activity`, …) is kept as an
/// attribute. At most `IngestBatch.maximumPositions` (1,000, the app's largest batch setting) per request.
/// `current` (the newest point, which the app sends again in a later batch) and `trip` are not read. `hdop` is read
/// where a sender gives it (Logbook's own vehicle boxes, `logbook upload`); Overland itself does not.
///
/// Source (read for the shapes, nothing copied): aaronpk/Overland-iOS, `README.md` ("API": the request, the
/// properties and their units, the `{"result": "ok"}` answer; "Points per Batch": 50 to 1,000).
public enum OverlandDecoder {
    static let known: Set<String> = [
        "timestamp", "speed", "course", "horizontal_accuracy", "altitude", "battery_level", "battery_state", "hdop",
    ]

    public static func decode(_ request: IngestRequest) throws(IngestError) -> IngestBatch {
        let credential = try DeviceCredential.presented(
            in: request.query, names: [], authorization: request.authorization)
        let root = try JSONFields(JSONValue.parse(request.body), path: "")
        guard let locations = root.value("locations") else { throw IngestError.missing("locations") }
        guard case .array(let features) = locations else {
            throw IngestError(.invalid, field: "locations", "must be an array, not \(locations.kind)")
        }
        try IngestBatch.checkCount(features.count, field: "locations")
        var positions: [IngestPosition] = []
        positions.reserveCapacity(features.count)
        for (index, feature) in features.enumerated() {
            positions.append(try position(JSONFields(feature, path: "locations[\(index)]")))
        }
        return IngestBatch(credential: credential, positions: positions)
    }

    static func position(_ feature: JSONFields) throws(IngestError) -> IngestPosition {
        guard let geometry = try feature.object("geometry") else {
            throw IngestError.missing(feature.field("geometry"))
        }
        if let type = try geometry.string("type"), type != "Point" {
            throw IngestError(.invalid, field: geometry.field("type"), "must be Point")
        }
        let coordinatesField = geometry.field("coordinates")
        guard let coordinates = geometry.value("coordinates") else { throw IngestError.missing(coordinatesField) }
        guard case .array(let values) = coordinates, values.count == 2 || values.count == 3 else {
            throw IngestError(.invalid, field: coordinatesField, "must be [longitude, latitude]")
        }
        var numbers: [Double] = []
        for (index, value) in values.enumerated() {
            guard case .number(let number) = value else {
                throw IngestError(.invalid, field: "\(coordinatesField)[\(index)]", "must be a number")
            }
            numbers.append(number)
        }
        guard let properties = try feature.object("properties") else {
            throw IngestError.missing(feature.field("properties"))
        }
        let time = try properties.requiredTime("timestamp")
        let charging: Bool? =
            switch try properties.string("battery_state") {
            case "charging", "full": true
            case "unplugged": false
            default: nil
            }
        var attributes = IngestAttributes()
        attributes.add(properties, except: known)
        return IngestPosition(
            time: time,
            latitude: numbers[1],
            longitude: numbers[0],
            speed: Measurement.nonNegative(try properties.number("speed")),
            course: Measurement.course(try properties.number("course")),
            altitude: Measurement.finite(try properties.number("altitude") ?? numbers.dropFirst(2).first),
            accuracy: Measurement.positive(try properties.number("horizontal_accuracy")),
            hdop: Measurement.positive(try properties.number("hdop")),
            battery: Measurement.fractionAsPercent(try properties.number("battery_level")),
            charging: charging,
            attributes: attributes.values)
    }
}
