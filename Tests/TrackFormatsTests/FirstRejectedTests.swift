import TrackFormats
import TrackModel
import Testing

/// A file that gives no fix must say where it went wrong: the decoders keep the first refused record's line, reason
/// and field (issue 26's note: gpsd JSON replays named neither).
@Suite struct FirstRejectedTests {
    @Test func nmeaNamesTheLineAndFieldOfTheFirstRefusedSentence() {
        let good = nmeaSentence("GPGGA,120000.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
        let badTime = nmeaSentence("GPGGA,12x000.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
        let badLatitude = nmeaSentence("GPRMC,120001.00,A,48x7.038,N,01131.000,E,022.4,084.4,230394,,")
        let (_, decoder) = decodeNMEA([good, "", badTime, badLatitude])
        #expect(decoder.statistics.firstRejected == RejectedRecord(line: 3, reason: "bad-field", field: "time"))
        let (_, second) = decodeNMEA([badLatitude, badTime])
        #expect(second.statistics.firstRejected == RejectedRecord(line: 1, reason: "bad-field", field: "latitude"))
        let (_, clean) = decodeNMEA([good])
        #expect(clean.statistics.firstRejected == nil)
        let (_, checksum) = decodeNMEA([good, String(good.dropLast(2)) + "00"])
        #expect(checksum.statistics.firstRejected == RejectedRecord(line: 2, reason: "checksum"))
    }

    @Test func gpsdJSONNamesTheLineAndFieldOfTheFirstRefusedReport() throws {
        let text = """
            {"class":"VERSION","release":"3.22"}

            {"class":"TPV","mode":3,"time":"2026-01-01T00:00:00.000Z","lat":"north","lon":11.5}
            {broken
            """
        var decoder = GPSDJSONDecoder()
        _ = try? decoder.decodeAll(Array(text.utf8))
        let first = try #require(decoder.statistics.firstRejected)
        #expect(first.line == 3 && first.reason == "invalid-value" && first.field == "lat")
        #expect(first.description == "line 3: invalid-value (field 'lat')")
        var malformed = GPSDJSONDecoder()
        _ = try? malformed.decodeAll(Array("{\"class\":\"VERSION\"}\n{broken\n".utf8))
        #expect(malformed.statistics.firstRejected == RejectedRecord(line: 2, reason: "malformed-json"))
    }
}
