import Ingest
import Testing
import TrackFormats
import TrackModel

/// A posted position gives the engine the same fix as the gpsd-JSON TPV report with the same values (`eph` = the
/// phone's accuracy), so `logbook replay` of such a file and the live ingest weigh every position alike.
@Suite struct IngestFixTests {
    /// The fix gpsd's decoder gives for one TPV line, without its line number.
    func tpvFix(_ line: String) throws -> Fix {
        var decoder = GPSDJSONDecoder()
        var fixes = try decoder.decodeAll(Array((line + "\n").utf8))
        #expect(fixes.count == 1)
        fixes[0].sourceLine = nil
        return fixes[0]
    }

    @Test func owntracksPositionEqualsItsTPV() throws {
        let body =
            #"{"_type":"location","lat":52.520008,"lon":13.404954,"tst":1700000000,"acc":13,"vel":36,"cog":270,"alt":41}"#
        let batch = try OwnTracksDecoder.decode(IngestRequest(body: bytes(body), contentType: "application/json"))
        let tpv = try tpvFix(
            #"{"class":"TPV","time":"2023-11-14T22:13:20.000Z","mode":3,"lat":52.520008,"lon":13.404954,"#
                + #""alt":41,"speed":10,"track":270,"eph":13}"#)
        #expect(batch.positions[0].fix == tpv)
        #expect(tpv.eph == 13)
    }

    @Test func overlandPositionWithoutAltitudeIsTwoD() throws {
        let body = """
            {"locations":[{"type":"Feature","geometry":{"type":"Point","coordinates":[13.404954,52.520008]},\
            "properties":{"timestamp":"2023-11-14T22:13:20Z","speed":4.5,"course":-1,"horizontal_accuracy":65}}]}
            """
        let batch = try OverlandDecoder.decode(IngestRequest(body: bytes(body), authorization: "Bearer t"))
        let tpv = try tpvFix(
            #"{"class":"TPV","time":"2023-11-14T22:13:20.000Z","mode":2,"lat":52.520008,"lon":13.404954,"#
                + #""speed":4.5,"eph":65}"#)
        #expect(batch.positions[0].fix == tpv)
        #expect(tpv.mode == .twoD)
    }

    @Test func trackerHDOPIsCarried() throws {
        let batch = try OsmAndDecoder.decode(
            IngestRequest(queryString: "id=t&lat=52.5&lon=13.4&timestamp=1700000000&hdop=1.4&altitude=12&speed=0"))
        let tpv = try tpvFix(
            #"{"class":"TPV","time":"2023-11-14T22:13:20.000Z","mode":3,"lat":52.5,"lon":13.4,"alt":12,"#
                + #""speed":0,"hdop":1.4}"#)
        #expect(batch.positions[0].fix == tpv)
    }
}
