import Ingest
import Testing
import TrackModel

@Suite struct OwnTracksDecoderTests {
    /// A location message as the OwnTracks apps POST it in HTTP mode (members and units from the booklet's
    /// `_type=location`), with HTTP Basic as the app sends it.
    static let location = """
        {"_type":"location","acc":13,"alt":41,"batt":67,"bs":2,"cog":270,"conn":"m","lat":52.520008,\
        "lon":13.404954,"t":"u","tid":"JP","tst":1700000000,"vac":3,"vel":36,"inregions":["home","work"],\
        "topic":"owntracks/jane/phone"}
        """

    @Test func locationInHTTPMode() throws {
        let request = IngestRequest(
            body: bytes(Self.location), contentType: "application/json",
            authorization: basic("phone", "s3cret-token"))
        let batch = try OwnTracksDecoder.decode(request)
        #expect(batch.credential == .basic(name: "phone", token: "s3cret-token"))
        #expect(batch.ignoredMessages == 0)
        let p = try #require(batch.positions.first)
        #expect(p.time == novemberFourteenth)
        #expect(p.latitude == 52.520008)
        #expect(p.longitude == 13.404954)
        #expect(p.accuracy == 13)
        #expect(p.altitude == 41)
        #expect(p.battery == 67)
        #expect(p.charging == true)
        #expect(p.course == 270)
        // 36 km/h = 10 m/s.
        #expect(abs(p.speed! - 10) < 1e-12)
        #expect(
            p.attributes == [
                "conn": "m", "t": "u", "tid": "JP", "vac": "3", "inregions": "home,work",
                "topic": "owntracks/jane/phone",
            ])
    }

    @Test(arguments: [
        #"{"_type":"transition","event":"enter","desc":"Office","lat":1,"lon":2,"tst":1700000000,"wtst":1,"acc":5,"t":"c","tid":"JP"}"#,
        #"{"_type":"lwt","tst":1700000000}"#,
        #"{"_type":"waypoint","desc":"Home","lat":1,"lon":2,"rad":50,"tst":1700000000}"#,
        #"{"_type":"card","name":"Jane"}"#,
        #"{"_type":"encrypted","data":"abc"}"#,
        "", "  \n",
    ])
    func otherMessagesAndEmptyBodiesAreIgnored(body: String) throws {
        let request = IngestRequest(
            body: bytes(body), contentType: "application/json", authorization: basic("phone", "s3cret-token"))
        let batch = try OwnTracksDecoder.decode(request)
        #expect(batch.positions.isEmpty)
        #expect(batch.ignoredMessages == 1)
        #expect(batch.credential?.token == "s3cret-token")
    }

    @Test(arguments: [
        (#"{"_type":"location","lat":1,"lon":2}"#, "tst", IngestError.Code.missing),
        (#"{"_type":"location","lon":2,"tst":1700000000}"#, "lat", .missing),
        (#"{"_type":"location","lat":"x","lon":2,"tst":1700000000}"#, "lat", .invalid),
        (#"{"_type":"location","lat":1,"lon":[2],"tst":1700000000}"#, "lon", .invalid),
        (#"{"_type":"location","lat":1,"lon":2,"tst":true}"#, "tst", .invalid),
        (#"{"lat":1,"lon":2,"tst":1700000000}"#, "_type", .missing),
        (#"[{"_type":"lwt"},{"_type":"location","lat":1,"lon":2,"tst":1700000000,"vel":"fast"}]"#, "[1].vel", .invalid),
        (#"["location"]"#, "[0]", .invalid),
        ("not json", "body", .malformedBody),
    ])
    func refusalsNameTheField(body: String, field: String, code: IngestError.Code) {
        let error = refusal { () throws(IngestError) in
            try OwnTracksDecoder.decode(IngestRequest(body: bytes(body), contentType: "application/json"))
        }
        #expect(error?.field == field)
        #expect(error?.code == code)
    }
}
