import Ingest
import Testing
import TrackModel

@Suite struct OsmAndDecoderTests {
    /// The query Traccar Client for Android up to 8.x builds (`ProtocolFormatter.formatRequest`): every value is
    /// Java's `String.valueOf` of a double, speed in knots, timestamp in seconds.
    @Test func traccarClientAndroidQuery() throws {
        let request = IngestRequest(
            queryString:
                "id=tok-123&timestamp=1700000000&lat=52.520008&lon=13.404954&speed=10.0&bearing=271.5"
                + "&altitude=34.0&accuracy=12.0&batt=85.0&charge=true")
        let batch = try OsmAndDecoder.decode(request)
        #expect(batch.credential == .token("tok-123"))
        #expect(batch.positions.count == 1)
        let p = try #require(batch.positions.first)
        #expect(p.time == novemberFourteenth)
        #expect(p.latitude == 52.520008)
        #expect(p.longitude == 13.404954)
        // 10 knots = 10 × 1852 m / 3600 s = 5.1444… m/s.
        #expect(abs(p.speed! - 5.144_444_444) < 1e-9)
        #expect(p.course == 271.5)
        #expect(p.altitude == 34)
        #expect(p.accuracy == 12)
        #expect(p.battery == 85)
        #expect(p.charging == true)
        #expect(p.attributes.isEmpty)
    }

    @Test(arguments: [
        (SpeedUnit.knots, 5.144_444_444), (.metresPerSecond, 10), (.kilometresPerHour, 2.777_777_778),
    ])
    func speedUnitPerDevice(unit: SpeedUnit, metresPerSecond: Double) throws {
        let request = IngestRequest(queryString: "id=t&timestamp=1700000000&lat=1&lon=2&speed=10")
        let batch = try OsmAndDecoder.decode(request, options: IngestOptions(speedUnit: unit))
        #expect(abs(batch.positions[0].speed! - metresPerSecond) < 1e-9)
    }

    @Test(arguments: [
        "1700000000", "1700000000000", "1700000000.000", "2023-11-14T22:13:20Z", "2023-11-14T23:13:20+01:00",
        "2023-11-14T23:13:20%2B01:00",
    ])
    func timestampForms(timestamp: String) throws {
        let batch = try OsmAndDecoder.decode(IngestRequest(queryString: "id=t&lat=1&lon=2&timestamp=\(timestamp)"))
        #expect(batch.positions[0].time == novemberFourteenth)
    }

    /// OsmAnd's online tracking URL with its placeholders filled (timestamp in milliseconds, speed in m/s).
    @Test func osmandOnlineTracking() throws {
        let request = IngestRequest(
            queryString: "id=tok&lat=52.520008&lon=13.404954&timestamp=1700000000000&hdop=5.0&altitude=34.0"
                + "&speed=13.9&bearing=90.0&batproc=77")
        let batch = try OsmAndDecoder.decode(request, options: IngestOptions(speedUnit: .metresPerSecond))
        let p = try #require(batch.positions.first)
        #expect(p.time == novemberFourteenth)
        #expect(p.hdop == 5)
        #expect(p.speed == 13.9)
        #expect(p.course == 90)
        #expect(p.battery == 77)
        #expect(p.attributes.isEmpty)
    }

    @Test func locationHeadingAndOtherKeys() throws {
        let request = IngestRequest(
            queryString: "deviceid=abc&location=-33.8688,151.2093&timestamp=1700000000&heading=45&hdop=1.2"
                + "&driverUniqueId=42&ignition=true")
        let batch = try OsmAndDecoder.decode(request)
        #expect(batch.credential == .token("abc"))
        let p = batch.positions[0]
        #expect(p.latitude == -33.8688)
        #expect(p.longitude == 151.2093)
        #expect(p.course == 45)
        #expect(p.hdop == 1.2)
        #expect(p.attributes == ["driverUniqueId": "42", "ignition": "true"])
    }

    @Test func formBodyPost() throws {
        let request = IngestRequest(
            body: bytes("id=tok&lat=52.5&lon=13.4&timestamp=1700000000&speed=0"),
            contentType: "application/x-www-form-urlencoded")
        let batch = try OsmAndDecoder.decode(request)
        #expect(batch.credential == .token("tok"))
        #expect(batch.positions[0].latitude == 52.5)
        #expect(batch.positions[0].speed == 0)
    }

    /// A GET whose client adds a JSON content type to every request still reads its query.
    @Test func aBlankBodyWithAJSONTypeReadsTheQuery() throws {
        let request = IngestRequest(
            queryString: "id=t&lat=1&lon=2&timestamp=1700000000", body: bytes(" "), contentType: "application/json")
        #expect(try OsmAndDecoder.decode(request).positions.count == 1)
    }

    @Test func missingTimestampTakesTheArrivalTimeWhenGiven() throws {
        let request = IngestRequest(queryString: "id=t&lat=1&lon=2")
        let batch = try OsmAndDecoder.decode(request, options: IngestOptions(receivedAt: novemberFourteenth))
        #expect(batch.positions[0].time == novemberFourteenth)
        #expect(refusal { () throws(IngestError) in try OsmAndDecoder.decode(request) }?.field == "timestamp")
    }

    @Test(arguments: [
        ("id=t&lon=2&timestamp=1", "lat", IngestError.Code.missing),
        ("id=t&lat=1&timestamp=1", "lon", .missing),
        ("id=t&lat=north&lon=2&timestamp=1", "lat", .invalid),
        ("id=t&lat=1&lon=2&timestamp=yesterday", "timestamp", .invalid),
        ("id=t&lat=1&lon=2&timestamp=1&speed=fast", "speed", .invalid),
        ("id=t&lat=1&lon=2&timestamp=1&charge=maybe", "charge", .invalid),
        ("id=t&location=1;2&timestamp=1", "location", .invalid),
        ("id=t&lat=0x1p3&lon=2&timestamp=1", "lat", .invalid),
    ])
    func refusalsNameTheField(query: String, field: String, code: IngestError.Code) {
        let error = refusal { () throws(IngestError) in try OsmAndDecoder.decode(IngestRequest(queryString: query)) }
        #expect(error?.field == field)
        #expect(error?.code == code)
        #expect(error?.message.hasPrefix(field + " ") == true)
    }

    /// Traccar Client 9's body, exactly as its `_locationTemplate()` renders a record (rooted at `location` by the
    /// SDK, `device_id` added from its `params`).
    static let traccarClient9Body = """
        {"location":{"timestamp":"2023-11-14T22:13:20.000Z","coords":{"latitude":52.520008,\
        "longitude":13.404954,"accuracy":8.5,"speed":13.9,"heading":182.3,"altitude":41.2},"is_moving":true,\
        "odometer":12345.6,"event":"","battery":{"level":0.85,"is_charging":false},"activity":{"type":"in_vehicle"},\
        "extras":{},"_":"&id=48241179&lat=52.520008&lon=13.404954&timestamp=2023-11-14T22:13:20.000Z&"},\
        "device_id":"48241179"}
        """

    @Test func traccarClient9JSON() throws {
        let request = IngestRequest(body: bytes(Self.traccarClient9Body), contentType: "application/json")
        let batch = try OsmAndDecoder.decode(request)
        #expect(batch.credential == .token("48241179"))
        let p = try #require(batch.positions.first)
        #expect(p.time == novemberFourteenth)
        #expect(p.latitude == 52.520008)
        #expect(p.longitude == 13.404954)
        #expect(p.accuracy == 8.5)
        // m/s, not knots: the speed unit setting is for the query format only.
        #expect(p.speed == 13.9)
        #expect(p.course == 182.3)
        #expect(p.altitude == 41.2)
        #expect(p.battery == 85)
        #expect(p.charging == false)
        #expect(p.attributes == ["is_moving": "true", "odometer": "12345.6", "event": "", "activity": "in_vehicle"])
        #expect(!p.attributes.values.contains { $0.contains("48241179") })
    }

    @Test func traccarClient9UnknownSpeedAndHeading() throws {
        let body = """
            {"location":{"timestamp":"2023-11-14T22:13:20Z","coords":{"latitude":1,"longitude":2,"accuracy":5,\
            "speed":-1,"heading":-1,"altitude":0},"battery":{"level":-1,"is_charging":false}},"device_id":"x"}
            """
        let p = try OsmAndDecoder.decode(IngestRequest(body: bytes(body), contentType: "application/json"))
            .positions[0]
        #expect(p.speed == nil)
        #expect(p.course == nil)
        #expect(p.battery == nil)
    }

    @Test func traccarClient9BatchNamesTheRecord() {
        let body = """
            {"location":[{"timestamp":"2023-11-14T22:13:20Z","coords":{"latitude":1,"longitude":2}},\
            {"timestamp":"2023-11-14T22:13:21Z","coords":{"longitude":2}}],"device_id":"x"}
            """
        let error = refusal { () throws(IngestError) in
            try OsmAndDecoder.decode(IngestRequest(body: bytes(body), contentType: "application/json"))
        }
        #expect(error?.field == "location[1].coords.latitude")
        #expect(error?.message == "location[1].coords.latitude is missing")
    }

    @Test func brokenJSONNamesTheBody() {
        let error = refusal { () throws(IngestError) in
            try OsmAndDecoder.decode(IngestRequest(body: bytes("{\"location\": {"), contentType: "application/json"))
        }
        #expect(error?.field == "body")
        #expect(error?.code == .malformedBody)
    }
}
