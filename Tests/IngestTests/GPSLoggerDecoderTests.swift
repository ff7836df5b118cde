import Ingest
import Testing
import TrackModel

@Suite struct GPSLoggerDecoderTests {
    /// The URL of `docs/ingest.md` after GPSLogger filled in its placeholders (`%TIME` ISO 8601 with
    /// milliseconds, `%SPD` m/s, `%BATT` a float, `%ISCHARGING` a boolean, as `CustomUrlManager` writes them).
    @Test func customURL() throws {
        let request = IngestRequest(
            queryString: "token=tok-9&lat=52.520008&lon=13.404954&time=2023-11-14T22:13:20.000Z&speed=13.5"
                + "&dir=87.25&alt=41.0&acc=6.0&batt=85.0&ischarging=false")
        let batch = try GPSLoggerDecoder.decode(request)
        #expect(batch.credential == .token("tok-9"))
        let p = try #require(batch.positions.first)
        #expect(p.time == novemberFourteenth)
        #expect(p.latitude == 52.520008)
        #expect(p.longitude == 13.404954)
        #expect(p.speed == 13.5)
        #expect(p.course == 87.25)
        #expect(p.altitude == 41)
        #expect(p.accuracy == 6)
        #expect(p.battery == 85)
        #expect(p.charging == false)
        #expect(p.attributes.isEmpty)
    }

    /// A form body as the app's `%ALL` writes it: `spd` for the speed, `timestamp` in seconds, empty DOPs.
    @Test func allPlaceholderFormBody() throws {
        let body =
            "lat=52.5&lon=13.4&sat=9&desc=&alt=41.0&acc=6.0&dir=170.8125&prov=gps&spd_kph=36.0&spd=10.0"
            + "&timestamp=1700000000&time=&batt=85.0&ischarging=true&hdop=&vdop=&pdop=&dist=120"
        let request = IngestRequest(
            queryString: "token=tok", body: bytes(body), contentType: "application/x-www-form-urlencoded")
        let batch = try GPSLoggerDecoder.decode(request)
        let p = try #require(batch.positions.first)
        #expect(p.time == novemberFourteenth)
        #expect(p.speed == 10)
        #expect(p.hdop == nil)
        #expect(p.charging == true)
        #expect(p.attributes["sat"] == "9")
        #expect(p.attributes["prov"] == "gps")
        #expect(p.attributes["token"] == nil)
    }

    @Test func jsonBody() throws {
        let body = #"{"lat":52.5,"lon":13.4,"timestamp":1700000000,"acc":4.5}"#
        let request = IngestRequest(
            body: bytes(body), contentType: "application/json", authorization: "Bearer tok")
        let batch = try GPSLoggerDecoder.decode(request)
        #expect(batch.credential == .token("tok"))
        #expect(batch.positions[0].accuracy == 4.5)
        #expect(batch.positions[0].time == novemberFourteenth)
    }

    @Test(arguments: [
        ("token=t&lon=2&time=2023-11-14T22:13:20Z", "lat", IngestError.Code.missing),
        ("token=t&lat=1&lon=2", "time", .missing),
        ("token=t&lat=1&lon=2&time=14.11.2023", "time", .invalid),
        ("token=t&lat=1&lon=2&time=2023-11-14T22:13:20Z&acc=6m", "acc", .invalid),
    ])
    func refusalsNameTheField(query: String, field: String, code: IngestError.Code) {
        let error = refusal { () throws(IngestError) in
            try GPSLoggerDecoder.decode(IngestRequest(queryString: query))
        }
        #expect(error?.field == field)
        #expect(error?.code == code)
    }
}
