import Foundation
import LogbookTestSupport
import Testing
import TrackFormats
import TrackModel

@Suite("GPSDJSONDecoder")
struct GPSDJSONDecoderTests {
    private func decode(_ text: String, maximumLineLength: Int = GPSDJSONDecoder.defaultMaximumLineLength)
        -> DecodeOutcome
    {
        decodeOutcome(GPSDJSONDecoder(maximumLineLength: maximumLineLength), Array(text.utf8))
    }

    @Test func sessionFixtureDecodesTPVAndMergesSKY() throws {
        let outcome = decodeOutcome(GPSDJSONDecoder(), try Fixtures.data("gpsd-json/session.jsonl"))
        #expect(outcome.error == nil)
        try #require(outcome.fixes.count == 3)

        // Line 4: a no-fix TPV; the time-less SKY on line 5 joins it (2 of 3 satellites used).
        let first = outcome.fixes[0]
        #expect(first.sourceLine == 4)
        #expect(first.time == utc(1_795_246_200))  // 2026-11-21T07:30:00Z
        #expect(first.mode == .noFix)
        #expect(first.quality == nil)
        #expect(first.latitude == nil && first.longitude == nil)
        #expect(first.hdop == 0.97 && first.pdop == 1.54 && first.vdop == 1.20)
        #expect(first.satellitesUsed == 2)

        // Line 6: full TPV; the SKY on line 8 has the same time (GST on line 7 in between).
        let second = outcome.fixes[1]
        #expect(second.sourceLine == 6)
        #expect(second.time == utc(1_795_246_201))
        #expect(second.mode == .threeD)
        #expect(second.quality == .gps)  // no "status": gpsd's plain fix
        #expect(second.latitude == 48.137154 && second.longitude == 11.576124)
        #expect(second.altitudeHAE == 567.25 && second.altitudeMSL == 519.4 && second.geoidSeparation == 47.85)
        #expect(second.speed == 13.89 && second.track == 271.5 && second.climb == -0.25)
        #expect(second.eph == 5.3 && second.epv == 9.5 && second.epx == 3.1 && second.epy == 4.2)
        #expect(second.hdop == 0.91 && second.pdop == 1.5 && second.vdop == 1.19)
        #expect(second.satellitesUsed == 9)

        // Line 10: DGPS status, legacy "alt" only, no SKY.
        let third = outcome.fixes[2]
        #expect(third.sourceLine == 10)
        #expect(third.time == utc(1_795_246_202))
        #expect(third.quality == .differential)
        #expect(third.altitudeMSL == 520.1 && third.altitudeHAE == nil)
        #expect(third.latitude == 48.1371 && third.longitude == 11.5759)
        #expect(third.speed == 14.0 && third.track == 270.0)
        #expect(third.hdop == nil && third.satellitesUsed == nil)

        let s = outcome.statistics
        #expect(s.recordsRead == 12)
        #expect(s.recordsDecoded == 6)  // 3 TPV + 2 SKY + DEVICES (the drivers)
        #expect(s.fixesDecoded == 3)
        #expect(s.skipped == ["other-class": 6])  // VERSION WATCH GST PPS TOFF ATT
        #expect(s.devices == ["/dev/ttyACM0"] && s.device == "/dev/ttyACM0")
        #expect(s.rejected.isEmpty)
    }

    @Test func gpsd322StyleTPVWithoutStatusAndLegacyAlt() {
        let line = """
            {"class":"TPV","device":"/dev/ttyUSB0","mode":3,"time":"2007-12-23T19:32:21.000Z","ept":0.005,\
            "lat":20.628798333,"lon":-87.068080000,"alt":-30.4000,"epx":11.444,"epy":24.060,"epv":69.000,\
            "track":201.8000,"speed":0.051,"climb":0.000,"eps":22.89}
            """
        let outcome = decode(line + "\n")
        #expect(outcome.fixes.count == 1)
        let fix = outcome.fixes[0]
        #expect(fix.time == utc(1_198_438_341))  // 2007-12-23T19:32:21Z
        #expect(fix.quality == .gps)
        #expect(fix.latitude == 20.628798333 && fix.longitude == -87.06808)
        #expect(fix.altitudeMSL == -30.4 && fix.altitudeHAE == nil)
        #expect(fix.epx == 11.444 && fix.epy == 24.06 && fix.epv == 69.0)
        #expect(fix.speed == 0.051 && fix.climb == 0.0)
    }

    @Test func altMSLWinsOverLegacyAltAndStatusCodes() {
        let outcome = decode(
            """
            {"class":"TPV","mode":3,"alt":100.5,"altMSL":99.25,"status":4}
            {"class":"TPV","mode":2,"status":42}
            {"class":"TPV","mode":0}

            """)
        #expect(outcome.fixes.map(\.altitudeMSL) == [99.25, nil, nil])
        #expect(outcome.fixes.map(\.quality) == [.rtkFloat, .unknown, nil])
        #expect(outcome.fixes.map(\.mode) == [.threeD, .twoD, .unknown])
    }

    @Test func skyBeforeTPVJoinsTheNextTPV() {
        let outcome = decode(
            """
            {"class":"SKY","hdop":1.5,"uSat":6}
            {"class":"SKY","pdop":2.5,"satellites":[{"PRN":1,"used":true},{"PRN":2,"used":true},{"PRN":3,"used":false}]}
            {"class":"TPV","mode":3,"time":"2026-11-21T07:30:00Z","lat":1,"lon":2}

            """)
        #expect(outcome.fixes.count == 1)
        // Merged in order: hdop from the first SKY, pdop and the later uSat (2 used) from the second.
        #expect(outcome.fixes[0].hdop == 1.5)
        #expect(outcome.fixes[0].pdop == 2.5)
        #expect(outcome.fixes[0].satellitesUsed == 2)
        #expect(outcome.statistics.recordsDecoded == 3)
    }

    @Test func timedSkyJoinsTheTPVWithTheSameTimeOnly() {
        let outcome = decode(
            """
            {"class":"TPV","mode":3,"time":"2026-11-21T07:30:00Z","lat":1,"lon":2}
            {"class":"SKY","time":"2026-11-21T07:30:01Z","hdop":2.0}
            {"class":"TPV","mode":3,"time":"2026-11-21T07:30:01Z","lat":1,"lon":2}
            {"class":"SKY","time":"2026-11-21T07:30:05Z","hdop":9.0}
            {"class":"TPV","mode":3,"time":"2026-11-21T07:30:02Z","lat":1,"lon":2}
            {"class":"SKY","time":"2026-11-21T07:30:02Z","hdop":3.0,"uSat":7}
            {"class":"SKY","hdop":3.5}
            {"class":"SKY","time":"2026-11-21T07:30:09Z","hdop":4.0}

            """)
        #expect(outcome.fixes.map(\.hdop) == [nil, 2.0, 3.5])
        #expect(outcome.fixes.map(\.satellitesUsed) == [nil, nil, 7])
        #expect(outcome.fixes.map(\.sourceLine) == [1, 3, 5])
        // The 07:30:05 SKY found no TPV of its epoch; nor did the 07:30:09 one before the end.
        #expect(outcome.statistics.skipped == ["unmatched-sky": 2])
        #expect(outcome.statistics.recordsDecoded == 3 + 3)
    }

    @Test func heldTPVIsReleasedByTheNextEpoch() throws {
        var decoder = GPSDJSONDecoder()
        decoder.append(Array(#"{"class":"TPV","mode":3,"time":"2026-11-21T07:30:00Z","lat":1,"lon":2}"#.utf8 + [10]))
        #expect(try decoder.next() == nil)  // held: a SKY may follow
        decoder.append(Array(#"{"class":"SKY","time":"2026-11-21T07:30:01Z","hdop":1}"#.utf8 + [10]))
        let released = try decoder.next()
        #expect(released?.time == utc(1_795_246_200))
        #expect(released?.hdop == nil)
        #expect(try decoder.next() == nil)
        #expect(try decoder.finish() == nil)  // the SKY waits for a TPV that never comes
        #expect(decoder.statistics.skipped == ["unmatched-sky": 1])
    }

    @Test(arguments: [
        #"{"class":"TPV","mode":3"#,
        #"{"class":"TPV",}"#,
        #"{"class":"TPV" "mode":3}"#,
        "not json",
        #"{"class":"TPV","lat":01}"#,
        #"{"class":"TPV","lat":1.}"#,
        #"{"class":"TPV","lat":.5}"#,
        #"{"class":"TPV","lat":-}"#,
        #"{"class":"TPV","lat":1e}"#,
        #"{"class":"TPV","lat":+1}"#,
        #"{"class":"TPV","x":"\q"}"#,
        #"{"class":"TPV","x":"\u12G4"}"#,
        "{\"class\":\"TPV\",\"x\":\"tab\there\"}",
        #"{"class":"TPV"} {}"#,
        #"[{"class":"TPV"}]"#,
        #"{"class":"TPV","x":tru}"#,
        #"{"class":"TPV","x":[1,2,]}"#,
        #"{"class":"TPV",'mode':3}"#,
        #"{"class":"TPV","x":NaN}"#,
        "\"TPV\"",
        "{",
    ])
    func malformedLineIsRejectedAndNeighboursDecode(bad: String) {
        let outcome = decode(
            """
            {"class":"TPV","mode":3,"time":"2026-11-21T07:30:00Z","lat":1.5,"lon":2.5}
            \(bad)
            {"class":"TPV","mode":2,"time":"2026-11-21T07:30:01Z","lat":1.25,"lon":2.75}

            """)
        #expect(outcome.fixes.map(\.latitude) == [1.5, 1.25])
        #expect(outcome.fixes.map(\.sourceLine) == [1, 3])
        #expect(outcome.statistics.rejected == ["malformed-json": 1])
        #expect(outcome.statistics.recordsRead == 3)
    }

    @Test func deeplyNestedValueIsRejectedNotACrash() {
        let bomb =
            "{\"class\":\"TPV\",\"x\":" + String(repeating: "[", count: 10_000)
            + String(repeating: "]", count: 10_000) + "}"
        let fine =
            "{\"class\":\"TPV\",\"x\":" + String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
            + ",\"mode\":2}"
        let outcome = decode(bomb + "\n" + fine + "\n")
        #expect(outcome.statistics.rejected == ["malformed-json": 1])
        #expect(outcome.fixes.map(\.mode) == [.twoD])
    }

    @Test(arguments: [
        #"{"class":"TPV","mode":3,"lat":90.5,"lon":0}"#,
        #"{"class":"TPV","mode":3,"lat":0,"lon":-180.01}"#,
        #"{"class":"TPV","mode":3,"lat":"48.1","lon":11}"#,
        #"{"class":"TPV","mode":7}"#,
        #"{"class":"TPV","mode":2.5}"#,
        #"{"class":"TPV","mode":3,"time":"yesterday"}"#,
        #"{"class":"TPV","mode":3,"time":"2026-02-30T00:00:00Z"}"#,
        #"{"class":"TPV","mode":3,"speed":1e400}"#,
        #"{"class":"TPV","mode":3,"eph":-1}"#,
        #"{"class":"SKY","hdop":"x"}"#,
        #"{"class":"SKY","uSat":-1}"#,
        #"{"class":"SKY","satellites":{}}"#,
        #"{"class":42}"#,
    ])
    func invalidValuesAreRejected(line: String) {
        let outcome = decode(line + "\n" + #"{"class":"TPV","mode":1}"# + "\n")
        #expect(outcome.statistics.rejected == ["invalid-value": 1])
        #expect(outcome.fixes.count == 1)
        #expect(outcome.fixes.first?.hdop == nil)
    }

    @Test func wrongTypesInOtherClassesAreIgnored() {
        // GST's lat/lon are error estimates, and other classes are not checked at all.
        let outcome = decode(
            """
            {"class":"GST","lat":-5,"lon":"x","time":"whenever"}
            {"mode":3,"lat":1}
            {"class":"TPV","mode":3}

            """)
        #expect(outcome.statistics.skipped == ["other-class": 1, "no-class": 1])
        #expect(outcome.statistics.rejected.isEmpty)
        #expect(outcome.fixes.count == 1)
    }

    @Test func escapesInKeysAndValuesAreDecoded() {
        let outcome = decode(
            #"{"cl\u0061ss":"T\u0050V","mode":3,"\u006cat":-12.5,"lon":130.25,"#
                + #""time":"2026\u002d11-21T07:30:00Z","device":"\"\\\/\b\f\n\r\t\ud83d\ude97"}"# + "\n")
        #expect(outcome.fixes.count == 1)
        #expect(outcome.fixes.first?.latitude == -12.5)
        #expect(outcome.fixes.first?.time == utc(1_795_246_200))
    }

    @Test func blankLinesCRLFAndAMissingFinalLineFeed() {
        let text = "\r\n  \n{\"class\":\"TPV\",\"mode\":2}\r\n\n\t\n{\"class\":\"TPV\",\"mode\":3}"
        let outcome = decode(text)
        #expect(outcome.fixes.map(\.sourceLine) == [3, 6])
        #expect(outcome.statistics.recordsRead == 2)
        #expect(outcome.statistics.rejectedTotal == 0)
    }

    @Test func legacyNumericTime() {
        let outcome = decode(#"{"class":"TPV","mode":3,"time":1795246200.5}"# + "\n")
        #expect(outcome.fixes.first?.time == utc(1_795_246_200.5))
    }

    @Test func overlongLinesAreDroppedAndCounted() {
        let long = "{\"class\":\"TPV\",\"pad\":\"" + String(repeating: "x", count: 5_000) + "\"}"
        let text =
            "{\"class\":\"TPV\",\"mode\":2}\n" + long + "\n" + long + long + "\n{\"class\":\"TPV\",\"mode\":3}\n"
            + long
        let input = Array(text.utf8)
        let whole = decodeOutcome(GPSDJSONDecoder(maximumLineLength: 1_000), input)
        #expect(whole.fixes.map(\.mode) == [.twoD, .threeD])
        #expect(whole.fixes.map(\.sourceLine) == [1, 4])
        #expect(whole.statistics.rejected == ["overlong": 3])
        #expect(whole.statistics.recordsRead == 5)
        for seed in 0..<40 as Range<UInt64> {
            let chunked = decodeOutcomeRandomChunks(
                GPSDJSONDecoder(maximumLineLength: 1_000), input, maxChunk: 700, seed: seed)
            #expect(chunked == whole, "seed \(seed)")
        }
    }

    @Test func lineAtTheCapIsAcceptedOneByteMoreIsNot() {
        let cap = 100
        func line(padding: Int) -> String {
            "{\"class\":\"TPV\",\"mode\":2,\"p\":\"" + String(repeating: "y", count: padding) + "\"}"
        }
        let fits = line(padding: cap - line(padding: 0).utf8.count)
        #expect(fits.utf8.count == cap)
        let tooLong = line(padding: cap + 1 - line(padding: 0).utf8.count)
        for chunk in [1, 7, 64, 1_000] {
            let outcome = decodeOutcome(
                GPSDJSONDecoder(maximumLineLength: cap), Array((fits + "\n" + tooLong + "\n").utf8),
                chunkSizes: [chunk])
            #expect(outcome.fixes.count == 1)
            #expect(outcome.statistics.rejected == ["overlong": 1])
        }
    }

    @Test(arguments: [
        "gpsd-json/session.jsonl", "gpsd-json/commute-excerpt.jsonl", "gpsd-json/multi-report-excerpt.jsonl",
    ])
    func randomChunkingGivesIdenticalOutput(fixture: String) throws {
        let input = try Fixtures.data(fixture)
        var decoder = GPSDJSONDecoder()
        let whole = try decoder.decodeAll(input)
        #expect(!whole.isEmpty)
        for seed in 0..<25 as Range<UInt64> {
            for maxChunk in [1, 3, 17, 200, 5_000] {
                let chunked = try decodeInRandomChunks({ GPSDJSONDecoder() }, input, maxChunk: maxChunk, seed: seed)
                #expect(chunked.fixes == whole)
                #expect(chunked.statistics == decoder.statistics)
            }
        }
    }

    @Test func groundTruthExcerptMatchesItsText() throws {
        let input = try Fixtures.data("gpsd-json/commute-excerpt.jsonl")
        let outcome = decodeOutcome(GPSDJSONDecoder(), input)
        // One TPV per line, 150 lines (head -150 of commute-1hz/track.jsonl).
        #expect(outcome.fixes.count == 150)
        #expect(outcome.statistics.rejectedTotal == 0 && outcome.statistics.skippedTotal == 0)
        let first = outcome.fixes[0]
        // {"mode": 3, "time": "2026-12-23T07:07:00.100Z", "lat": 1.399595244, "lon": 103.825552131,
        //  "altHAE": 41.759, "speed": 0.213, "track": 76.3615, "eph": 26.08, "epx": 18.496, ...}
        #expect(first.time == utc(1_798_009_620.1))
        #expect(first.latitude == 1.399595244 && first.longitude == 103.825552131)
        #expect(first.altitudeHAE == 41.759 && first.speed == 0.213 && first.track == 76.3615)
        #expect(first.eph == 26.08 && first.epx == 18.496 && first.epy == 18.496)
        #expect(outcome.fixes.map(\.sourceLine) == Array(1...150))
        // Times strictly increase in this excerpt.
        for (a, b) in zip(outcome.fixes, outcome.fixes.dropFirst()) { #expect(a.time! < b.time!) }
    }

    /// gpsd's reports of an NMEA receiver that does not know the cycle's last sentence: per epoch a TPV
    /// after GGA (gpsd's speed from positions, no track), a SKY, then the TPV after RMC (the receiver's
    /// speed and track). Expected values are read from the excerpt's own lines, not from the decoder.
    @Test func severalReportsPerEpochBecomeOneFixWithTheReceiversVelocity() throws {
        let input = try Fixtures.data("gpsd-json/multi-report-excerpt.jsonl")
        var receiver: [String: (speed: Double, track: Double)] = [:]
        var hdop: [String: Double] = [:]
        var pendingHDOP: Double?
        for line in input.split(separator: 10) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            if object["class"] as? String == "SKY" { pendingHDOP = object["hdop"] as? Double }
            guard object["class"] as? String == "TPV", let time = object["time"] as? String else { continue }
            if let h = pendingHDOP { hdop[time] = h }
            if let track = object["track"] as? Double, let speed = object["speed"] as? Double {
                receiver[time] = (speed, track)
            }
        }
        let outcome = decodeOutcome(GPSDJSONDecoder(), input)
        #expect(outcome.error == nil)
        #expect(outcome.fixes.count == Set(receiver.keys).count)
        var differsFromGPSD = 0
        for fix in outcome.fixes {
            let time = try #require(fix.time?.iso8601)
            let want = try #require(receiver[time], "\(time)")
            #expect(fix.speed == want.speed && fix.track == want.track, "\(time)")
            #expect(fix.hdop == hdop[time], "\(time): the SKY's HDOP")
            #expect(fix.eph == nil)
            if fix.speed != nil { differsFromGPSD += 1 }
        }
        #expect(differsFromGPSD > 30)
        #expect(outcome.statistics.devices == ["/dev/pts/7"])
    }

    @Test func randomByteMutationsNeverCrashAndChunkingAgrees() throws {
        let session = try Fixtures.data("gpsd-json/session.jsonl")
        var rng = SeededGenerator(seed: 0x6A50_4E00)
        for round in 0..<300 {
            let input = mutate(session, using: &rng)
            let whole = decodeOutcome(GPSDJSONDecoder(), input)
            #expect(whole.error == nil)
            let tpvLines = input.split(separator: 10, omittingEmptySubsequences: false).count
            #expect(whole.fixes.count <= tpvLines)
            #expect(whole.statistics.recordsRead <= tpvLines)
            let chunked = decodeOutcomeRandomChunks(
                GPSDJSONDecoder(), input, maxChunk: 50, seed: UInt64(round))
            #expect(chunked == whole, "round \(round)")
        }
    }
}
