import TrackModel

/// `/ingest/osmand`: the OsmAnd protocol as Traccar's server reads it, spoken by Traccar Client (Android, iOS) and
/// OsmAnd's live tracking.
///
/// Two shapes, told apart by the body (JSON by its content type or its first byte):
/// - **Query or form** (GET, or a form POST), one position: `id` (or `deviceid`) the device token, `lat` and
///   `lon` (or `location=lat,lon`), `timestamp` (epoch seconds, epoch milliseconds or ISO 8601), `speed` (knots
///   unless the device's `SpeedUnit` says otherwise), `bearing` or `heading`, `altitude`, `accuracy` (m), `hdop`,
///   `batt` (%; `batproc` as OsmAnd names it), `charge`; every other key is kept as an attribute. OsmAnd's online
///   tracking fills the placeholders `lat={0}&lon={1}&timestamp={2}&hdop={3}&altitude={4}&speed={5}&bearing={6}`
///   (the phone's own speed, in m/s: set the device's unit). Traccar Client for Android up to version 8
///   sends `id`, `timestamp` (seconds), `lat`, `lon`, `speed` (knots), `bearing`, `altitude`, `accuracy`, `batt`
///   and `charge` in the query.
/// - **Traccar Client 9's JSON body** (its background-geolocation SDK's location record, rooted at `location`,
///   with the device id added as `device_id`): `{"location": {"timestamp": ISO 8601, "coords": {"latitude",
///   "longitude", "accuracy" (m), "speed" (m/s, −1 unknown), "heading" (−1 unknown), "altitude"}, "is_moving",
///   "odometer", "event", "battery": {"level" (0…1, −1 unknown), "is_charging"}, "activity": {"type"},
///   "extras", "_"}, "device_id": TOKEN}`. `location` may also be an array of such records (the SDK's batch
///   sync). The `_` member repeats the id in a query string and is never kept.
///
/// Sources (read for the shapes, nothing copied):
/// - https://www.traccar.org/osmand/ (parameters of both formats, the JSON record with its units)
/// - osmandapp/OsmAnd, `OsmAnd/src/net/osmand/plus/settings/backend/OsmandSettings.java` (`LIVE_MONITORING_URL`'s
///   default, the placeholders of OsmAnd's online tracking)
/// - traccar/traccar-client-android, `app/src/main/java/org/traccar/client/ProtocolFormatter.java` (the query the
///   Android client up to 8.x builds)
/// - traccar/traccar-client, `lib/preferences.dart` (`_locationTemplate()`, `params: {"device_id": …}`: the JSON
///   body of version 9)
public enum OsmAndDecoder {
    /// Keys of the query or form format that a position reads.
    static let known: Set<String> = [
        "lat", "lon", "location", "timestamp", "speed", "bearing", "heading", "altitude", "accuracy", "hdop", "batt",
        "batproc", "charge",
    ]

    public static func decode(_ request: IngestRequest, options: IngestOptions = IngestOptions()) throws(IngestError)
        -> IngestBatch
    {
        if request.bodyIsJSON { return try decodeJSON(request) }
        let items = request.queryAndFormItems
        let credential = try DeviceCredential.presented(
            in: items, names: ["id", "deviceid"], authorization: request.authorization)
        let position = try position(FormFields(items), options: options)
        return IngestBatch(credential: credential, positions: [position])
    }

    static func position(_ fields: FormFields, options: IngestOptions) throws(IngestError) -> IngestPosition {
        let latitude: Double
        let longitude: Double
        if let lat = try fields.number("lat") {
            guard let lon = try fields.number("lon") else { throw IngestError.missing("lon") }
            (latitude, longitude) = (lat, lon)
        } else if let location = fields.text("location") {
            let parts = location.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let lat = NumberText.parse(parts[0].trimmingSpaces),
                let lon = NumberText.parse(parts[1].trimmingSpaces)
            else { throw IngestError(.invalid, field: "location", "must be latitude,longitude in degrees") }
            (latitude, longitude) = (lat, lon)
        } else if fields.text("lon") != nil {
            throw IngestError.missing("lat")
        } else {
            throw IngestError(.missing, field: "lat", "is missing (give lat and lon, or location=lat,lon)")
        }
        guard let time = try fields.time("timestamp") ?? options.receivedAt else {
            throw IngestError.missing("timestamp")
        }
        var attributes = IngestAttributes()
        attributes.add(fields, except: known)
        return IngestPosition(
            time: time,
            latitude: latitude,
            longitude: longitude,
            speed: Measurement.nonNegative(try fields.number("speed").map(options.speedUnit.metresPerSecond)),
            course: Measurement.course(try fields.number(first: "bearing", "heading")),
            altitude: Measurement.finite(try fields.number("altitude")),
            accuracy: Measurement.positive(try fields.number("accuracy")),
            hdop: Measurement.positive(try fields.number("hdop")),
            battery: Measurement.percent(try fields.number(first: "batt", "batproc")),
            charging: try fields.bool("charge"),
            attributes: attributes.values)
    }

    /// Members of Traccar Client 9's location record that a position reads.
    static let knownJSON: Set<String> = ["timestamp", "coords", "battery", "activity", "extras"]

    static func decodeJSON(_ request: IngestRequest) throws(IngestError) -> IngestBatch {
        let root = try JSONFields(JSONValue.parse(request.body), path: "")
        var credential: DeviceCredential?
        if let id = try root.string("device_id"), !id.isEmpty {
            credential = .token(id)
        } else {
            credential = try DeviceCredential.presented(
                in: request.query, names: ["id", "deviceid"], authorization: request.authorization)
        }
        var positions: [IngestPosition] = []
        switch root.value("location") {
        case nil:
            throw IngestError.missing("location")
        case .array(let records):
            try IngestBatch.checkCount(records.count, field: "location")
            positions.reserveCapacity(records.count)
            for (index, record) in records.enumerated() {
                positions.append(try position(JSONFields(record, path: "location[\(index)]")))
            }
        case .some(let record):
            positions.append(try position(JSONFields(record, path: "location")))
        }
        return IngestBatch(credential: credential, positions: positions)
    }

    static func position(_ record: JSONFields) throws(IngestError) -> IngestPosition {
        let time = try record.requiredTime("timestamp")
        guard let coords = try record.object("coords") else { throw IngestError.missing(record.field("coords")) }
        let battery = try record.object("battery")
        var attributes = IngestAttributes()
        attributes.add(record, except: knownJSON)
        if let activity = try record.object("activity"), let type = try activity.string("type") {
            attributes.add("activity", type)
        }
        return IngestPosition(
            time: time,
            latitude: try coords.requiredNumber("latitude"),
            longitude: try coords.requiredNumber("longitude"),
            speed: Measurement.nonNegative(try coords.number("speed")),
            course: Measurement.course(try coords.number("heading")),
            altitude: Measurement.finite(try coords.number("altitude")),
            accuracy: Measurement.positive(try coords.number("accuracy")),
            hdop: nil,
            battery: Measurement.fractionAsPercent(try battery?.number("level")),
            charging: try battery?.bool("is_charging"),
            attributes: attributes.values)
    }
}
