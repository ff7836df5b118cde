import TrackModel

/// `/ingest/gpslogger`: GPSLogger for Android's "Log to custom URL", GET or POST. The user writes the URL (and
/// optionally a form or JSON body) with the app's placeholders; `docs/ingest.md` gives the one to paste, in one
/// line: `https://HOST/ingest/gpslogger?token=TOKEN&lat=%LAT&lon=%LON&time=%TIME&speed=%SPD&dir=%DIR` followed by
/// `&alt=%ALT&acc=%ACC&batt=%BATT&ischarging=%ISCHARGING`.
///
/// Fields: `token` the device token (or `Authorization`), `lat`, `lon`, `time` (ISO 8601, `%TIME`) or
/// `timestamp` (epoch seconds, `%TIMESTAMP`), `speed` (m/s, `%SPD`; `spd` as the app's `%ALL` names it), `dir`
/// (degrees), `alt` (m), `acc` (m), `batt` (%), `hdop`, `ischarging`; every other key (`sat`, `prov`, `act`,
/// `dist`, …) is kept as an attribute. Placeholders the app has no value for arrive empty (`hdop=`) and count as
/// absent. A JSON object body with the same keys is read too.
///
/// Source (read for the shapes, nothing copied): mendhak/gpslogger,
/// `gpslogger/src/main/java/com/mendhak/gpslogger/senders/customurl/CustomUrlManager.java` (the placeholders and
/// what each becomes: `%TIME` ISO 8601, `%TIMESTAMP` seconds, `%SPD` Android's speed in m/s, `%ACC` metres,
/// `%BATT` percent, `%HDOP` empty when unknown).
public enum GPSLoggerDecoder {
    static let known: Set<String> = [
        "lat", "lon", "time", "timestamp", "speed", "spd", "dir", "alt", "acc", "batt", "hdop", "ischarging",
        "spd_kph",
    ]

    public static func decode(_ request: IngestRequest) throws(IngestError) -> IngestBatch {
        var items = request.query
        if request.bodyIsJSON {
            let body = try JSONFields(JSONValue.parse(request.body), path: "")
            for key in body.members.keys.sorted() {
                if let text = body.members[key]?.attributeText { items.append(IngestRequest.Item(key, text)) }
            }
        } else {
            items = request.queryAndFormItems
        }
        let credential = try DeviceCredential.presented(in: items, names: [], authorization: request.authorization)
        let fields = FormFields(items)
        guard let latitude = try fields.number("lat") else { throw IngestError.missing("lat") }
        guard let longitude = try fields.number("lon") else { throw IngestError.missing("lon") }
        guard let time = try fields.time(first: "time", "timestamp") else {
            throw IngestError(.missing, field: "time", "is missing (give time or timestamp)")
        }
        var attributes = IngestAttributes()
        attributes.add(fields, except: known)
        let position = IngestPosition(
            time: time,
            latitude: latitude,
            longitude: longitude,
            speed: Measurement.nonNegative(try fields.number(first: "speed", "spd")),
            course: Measurement.course(try fields.number("dir")),
            altitude: Measurement.finite(try fields.number("alt")),
            accuracy: Measurement.positive(try fields.number("acc")),
            hdop: Measurement.positive(try fields.number("hdop")),
            battery: Measurement.percent(try fields.number("batt")),
            charging: try fields.bool("ischarging"),
            attributes: attributes.values)
        return IngestBatch(credential: credential, positions: [position])
    }
}
