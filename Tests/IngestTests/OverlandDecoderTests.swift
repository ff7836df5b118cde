import Ingest
import Testing
import TrackModel

@Suite struct OverlandDecoderTests {
    /// The request of Overland-iOS's README ("API"), one location, as the app sends it.
    static let readmeBody = """
        {"locations":[{"type":"Feature","geometry":{"type":"Point","coordinates":[-122.030581,37.3318]},\
        "properties":{"timestamp":"2015-10-01T08:00:00-0700","altitude":0,"speed":4,"horizontal_accuracy":30,\
        "vertical_accuracy":-1,"motion":["driving","stationary"],"pauses":false,"activity":"other_navigation",\
        "desired_accuracy":100,"deferred":1000,"significant_change":"disabled","locations_in_payload":1,\
        "battery_state":"charging","battery_level":0.89,"device_id":"","wifi":""}}],\
        "current":{"type":"Feature","geometry":{"type":"Point","coordinates":[0,0]},"properties":{}},\
        "trip":{"distance":100,"mode":"car"}}
        """

    @Test func readmeRequest() throws {
        let request = IngestRequest(
            body: bytes(Self.readmeBody), contentType: "application/json", authorization: "Bearer xxxxxx")
        let batch = try OverlandDecoder.decode(request)
        #expect(batch.credential == .token("xxxxxx"))
        #expect(batch.positions.count == 1)
        let p = try #require(batch.positions.first)
        // [lon, lat] in GeoJSON order.
        #expect(p.latitude == 37.3318)
        #expect(p.longitude == -122.030581)
        // 08:00 at −07:00 is 15:00 UTC: 1443711600 (Python's datetime(2015, 10, 1, 15, tzinfo=utc).timestamp()).
        #expect(p.time == Timestamp(secondsSince1970: 1_443_711_600))
        #expect(p.speed == 4)
        #expect(p.accuracy == 30)
        #expect(p.altitude == 0)
        #expect(abs(p.battery! - 89) < 1e-9)
        #expect(p.charging == true)
        #expect(p.attributes["motion"] == "driving,stationary")
        #expect(p.attributes["activity"] == "other_navigation")
        #expect(p.attributes["vertical_accuracy"] == "-1")
        #expect(p.attributes["timestamp"] == nil)
    }

    static func feature(_ index: Int, timestamp: String = "2023-11-14T22:13:20Z") -> String {
        """
        {"type":"Feature","geometry":{"type":"Point","coordinates":[13.4\(index),52.5]},\
        "properties":{"timestamp":"\(timestamp)","speed":-1,"course":-1,"horizontal_accuracy":5}}
        """
    }

    static func body(_ features: [String]) -> [UInt8] {
        bytes("{\"locations\":[" + features.joined(separator: ",") + "]}")
    }

    @Test func aThousandPositionsAreOneBatch() throws {
        let features = (0..<1_000).map { Self.feature($0) }
        let batch = try OverlandDecoder.decode(IngestRequest(body: Self.body(features), authorization: "Bearer t"))
        #expect(batch.positions.count == 1_000)
        #expect(batch.positions.allSatisfy { $0.speed == nil && $0.course == nil })
    }

    @Test func moreThanAThousandAreRefusedNamingTheField() {
        let features = (0..<1_001).map { Self.feature($0) }
        let error = refusal { () throws(IngestError) in
            try OverlandDecoder.decode(IngestRequest(body: Self.body(features), authorization: "Bearer t"))
        }
        #expect(error?.field == "locations")
        #expect(error?.code == .tooMany)
        #expect(error?.message == "locations holds 1001 positions; send at most 1000 in one request")
    }

    @Test func aBadTimestampNamesItsLocation() {
        var features = (0..<5).map { Self.feature($0) }
        features[3] = Self.feature(3, timestamp: "yesterday")
        let error = refusal { () throws(IngestError) in
            try OverlandDecoder.decode(IngestRequest(body: Self.body(features), authorization: "Bearer t"))
        }
        #expect(error?.field == "locations[3].properties.timestamp")
        #expect(error?.code == .invalid)
    }

    @Test(arguments: [
        (#"{}"#, "locations", IngestError.Code.missing),
        (#"{"locations":{}}"#, "locations", .invalid),
        (
            #"{"locations":[{"type":"Feature","properties":{"timestamp":"2023-11-14T22:13:20Z"}}]}"#,
            "locations[0].geometry", .missing
        ),
        (
            #"{"locations":[{"geometry":{"type":"Point","coordinates":[1]},"properties":{}}]}"#,
            "locations[0].geometry.coordinates", .invalid
        ),
        (
            #"{"locations":[{"geometry":{"type":"Point","coordinates":[1,"2"]},"properties":{}}]}"#,
            "locations[0].geometry.coordinates[1]", .invalid
        ),
        (
            #"{"locations":[{"geometry":{"type":"LineString","coordinates":[1,2]},"properties":{}}]}"#,
            "locations[0].geometry.type", .invalid
        ),
        (
            #"{"locations":[{"geometry":{"type":"Point","coordinates":[1,2]}}]}"#,
            "locations[0].properties", .missing
        ),
        (
            #"{"locations":[{"geometry":{"type":"Point","coordinates":[1,2]},"properties":{}}]}"#,
            "locations[0].properties.timestamp", .missing
        ),
        (#"[1,2]"#, "body", .invalid),
    ])
    func refusalsNameTheField(body: String, field: String, code: IngestError.Code) {
        let error = refusal { () throws(IngestError) in
            try OverlandDecoder.decode(IngestRequest(body: bytes(body), authorization: "Bearer t"))
        }
        #expect(error?.field == field)
        #expect(error?.code == code)
    }
}
