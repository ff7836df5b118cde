import Foundation
import LogbookTestSupport
import Testing
import TrackFormats
import TrackModel

@Suite("GPXDecoder")
struct GPXDecoderTests {
    private func decode(_ text: String, chunkSizes: [Int] = []) -> DecodeOutcome {
        decodeOutcome(GPXDecoder(), Array(text.utf8), chunkSizes: chunkSizes)
    }

    private static let head = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
        <trk><trkseg>

        """

    @Test func garminGPX11WithTrackPointExtension() throws {
        let outcome = decodeOutcome(GPXDecoder(), try Fixtures.data("gpx/garmin-gpx11.gpx"))
        #expect(outcome.error == nil)
        try #require(outcome.fixes.count == 4)
        let a = outcome.fixes[0]
        #expect(a.sourceLine == 8)
        #expect(a.latitude == 48.137154 && a.longitude == 11.576124)
        #expect(a.altitudeMSL == 519.4 && a.altitudeHAE == nil)
        #expect(a.time == utc(1_795_246_201))  // 2026-11-21T07:30:01Z
        #expect(a.mode == .threeD && a.quality == nil)
        #expect(a.satellitesUsed == 9)
        #expect(a.hdop == 0.91 && a.vdop == 1.19 && a.pdop == 1.5)
        #expect(a.speed == 13.89 && a.track == 271.5)  // gpxtpx:speed / gpxtpx:course

        let b = outcome.fixes[1]
        #expect(b.sourceLine == 24)
        #expect(b.latitude == -33.8688 && b.longitude == 151.2093)
        #expect(b.altitudeMSL == -2.5)
        #expect(b.time == utc(1_795_246_200))  // 09:30:00+02:00 = 07:30:00Z
        #expect(b.mode == .twoD)
        #expect(b.speed == nil && b.hdop == nil)

        let c = outcome.fixes[2]
        #expect(c.sourceLine == 27)
        #expect(c.latitude == 0 && c.longitude == -180)
        #expect(c.time == utc(1_795_246_202.5))
        #expect(c.mode == .threeD && c.quality == .differential)

        let d = outcome.fixes[3]
        #expect(d.sourceLine == 28)
        #expect(d.latitude == 90 && d.longitude == 180)
        #expect(d.mode == .noFix && d.time == nil)

        let s = outcome.statistics
        #expect(s.recordsRead == 4 && s.recordsDecoded == 4 && s.fixesDecoded == 4)
        #expect(s.skipped == ["waypoint": 1, "route-point": 2])
        #expect(s.rejected.isEmpty)
    }

    @Test func gpx10SpeedCourseGeoidHeight() throws {
        let outcome = decodeOutcome(GPXDecoder(), try Fixtures.data("gpx/gpx10-speed.gpx"))
        #expect(outcome.error == nil)
        try #require(outcome.fixes.count == 2)
        let a = outcome.fixes[0]
        #expect(a.sourceLine == 6)
        #expect(a.latitude == 51.500729 && a.longitude == -0.124625)
        #expect(a.altitudeMSL == 35.0 && a.geoidSeparation == 45.7)
        #expect(abs(a.altitudeHAE! - 80.7) < 1e-9)
        #expect(a.speed == 4.25 && a.track == 90.5)
        #expect(a.time == utc(1_795_246_200))
        #expect(a.mode == .threeD && a.satellitesUsed == 7 && a.hdop == 1.2)
        let b = outcome.fixes[1]
        #expect(b.sourceLine == 16)
        #expect(b.speed == 0 && b.mode == .threeD && b.quality == .pps)
    }

    @Test func prefixedGPXNamespaceAndCluetrustSpeed() throws {
        let outcome = decodeOutcome(GPXDecoder(), try Fixtures.data("gpx/prefixed-cluetrust.gpx"))
        #expect(outcome.error == nil)
        // The unprefixed trkpt (no namespace) is tolerated; the one in a foreign namespace is not GPX.
        #expect(outcome.fixes.map(\.sourceLine) == [4, 5, 6])
        #expect(outcome.fixes.map(\.latitude) == [40.7128, 40.7129, 1])
        #expect(outcome.fixes.map(\.speed) == [7.5, 9.5, nil])  // a standard <speed> beats the extension
        #expect(outcome.fixes.map(\.time) == [utc(1_795_246_200.25), utc(1_795_246_201.25), nil])
        #expect(outcome.fixes.allSatisfy { $0.mode == .unknown })
    }

    @Test func plainAndOsmAndExtensions() throws {
        let outcome = decodeOutcome(GPXDecoder(), try Fixtures.data("gpx/plain-extensions.gpx"))
        #expect(outcome.error == nil)
        #expect(outcome.fixes.map(\.speed) == [11.25, 11.5, nil])  // unknown namespace ignored
        #expect(outcome.fixes.map(\.track) == [45, nil, nil])
        #expect(outcome.fixes.map(\.hdop) == [3.5, nil, nil])
        #expect(outcome.fixes.map(\.altitudeMSL) == [34.2, 34.4, nil])
    }

    @Test func missingNamespaceAndUndeclaredPrefixAreTolerated() throws {
        let outcome = decodeOutcome(GPXDecoder(), try Fixtures.data("gpx/no-namespace.gpx"))
        #expect(outcome.error == nil)
        #expect(outcome.fixes.count == 1)
        #expect(outcome.fixes.first?.latitude == 10.5 && outcome.fixes.first?.longitude == 20.25)
        #expect(outcome.fixes.first?.speed == 3.5)
        #expect(outcome.fixes.first?.satellitesUsed == 4)
    }

    @Test func groundTruthExcerpt() throws {
        let input = try Fixtures.data("gpx/commute-excerpt.gpx")
        let outcome = decodeOutcome(GPXDecoder(), input)
        #expect(outcome.error == nil)
        // Lines 4...152 hold one trkpt each (head -152 of commute-1hz/track.gpx).
        #expect(outcome.fixes.count == 149)
        #expect(outcome.fixes.map(\.sourceLine) == Array(4...152))
        let first = outcome.fixes[0]
        // <trkpt lat="1.3995952" lon="103.8255521"><ele>41.8</ele>
        // <time>2026-12-23T07:07:00.100Z</time><fix>3d</fix><sat>4</sat><hdop>6.52</hdop></trkpt>
        #expect(first.latitude == 1.3995952 && first.longitude == 103.8255521)
        #expect(first.altitudeMSL == 41.8 && first.hdop == 6.52 && first.satellitesUsed == 4)
        #expect(first.time == utc(1_798_009_620.1) && first.mode == .threeD)
        let last = outcome.fixes[148]
        #expect(last.latitude == 1.4060546 && last.longitude == 103.824582)
        #expect(last.time == utc(1_798_009_620 + 148))  // 07:09:28
    }

    @Test(arguments: [
        "gpx/garmin-gpx11.gpx", "gpx/gpx10-speed.gpx", "gpx/prefixed-cluetrust.gpx", "gpx/plain-extensions.gpx",
        "gpx/no-namespace.gpx", "gpx/commute-excerpt.gpx",
    ])
    func randomChunkingGivesIdenticalOutput(fixture: String) throws {
        let input = try Fixtures.data(fixture)
        var decoder = GPXDecoder()
        let whole = try decoder.decodeAll(input)
        #expect(!whole.isEmpty)
        for seed in 0..<12 as Range<UInt64> {
            for maxChunk in [1, 5, 64, 4_096] {
                let chunked = try decodeInRandomChunks({ GPXDecoder() }, input, maxChunk: maxChunk, seed: seed)
                #expect(chunked.fixes == whole)
                #expect(chunked.statistics == decoder.statistics)
            }
        }
    }

    /// The two stages apart (scanning into batches, converting each record after), as the read-ahead runs them: the
    /// fixes, the fault and its place, and the statistics of `next()`, for well-formed files, faulty fields, a bad
    /// position and broken XML in the middle of a file, and points whose text is longer than a field may be.
    @Test func scanningAndConvertingApartGivesTheSameOutcome() throws {
        var inputs = try [
            "gpx/garmin-gpx11.gpx", "gpx/gpx10-speed.gpx", "gpx/prefixed-cluetrust.gpx", "gpx/plain-extensions.gpx",
            "gpx/no-namespace.gpx", "gpx/commute-excerpt.gpx",
        ].map { try Fixtures.data($0) }
        func points(_ count: Int, _ point: (Int) -> String, tail: String = "</trkseg></trk></gpx>\n") -> [UInt8] {
            Array((Self.head + (0..<count).map(point).joined(separator: "\n") + tail).utf8)
        }
        let padding = String(repeating: " ", count: 300)
        inputs += [
            // faulty optional fields: counted, the fix kept
            points(900) { i in
                #"<trkpt lat="1.\#(i)" lon="2"><ele>x\#(i % 3)</ele><hdop>-1</hdop><sat>\#(i % 4).5</sat>"#
                    + #"<time>2026-13-01T00:00:00Z</time><fix>\#(i % 2 == 0 ? "4d" : "dgps")</fix></trkpt>"#
            },
            // a bad latitude after two slices' worth of points
            points(1_500) { i in #"<trkpt lat="\#(i == 1_200 ? "abc" : "3.\(i)")" lon="4"></trkpt>"# },
            // a missing longitude
            points(700) { i in i == 650 ? #"<trkpt lat="3"></trkpt>"# : #"<trkpt lat="3" lon="4.\#(i)"/>"# },
            // broken XML in the middle
            points(1_500) { i in i == 1_000 ? "<trkpt lat=\"1\" lon=\"2\"><ele>1</elx>" : #"<trkpt lat="1" lon="2"/>"#
            },
            // the input ends inside the document
            points(800, { i in #"<trkpt lat="1" lon="2.\#(i)"><ele>\#(i)</ele></trkpt>"# }, tail: ""),
            // leaf texts padded past the size of a field, and many repeated leaves in one point
            points(300) { i in
                #"<trkpt lat=" \#(i % 80).5 " lon="2"><ele>\#(i % 2 == 0 ? padding : "")7</ele>"#
                    + String(repeating: "<hdop>\(i % 7)</hdop>", count: i % 40) + "</trkpt>"
            },
        ]
        // What the made-up inputs hold, counted here from how they were written (point i is on line 4 + i).
        let faulty = decodeOutcome(GPXDecoder(), inputs[6])
        #expect(faulty.fixes.count == 900 && faulty.error == nil)
        #expect(faulty.statistics.rejected["invalid-field"] == 4 * 900 + 450)
        let badLatitude = decodeOutcome(GPXDecoder(), inputs[7])
        #expect(badLatitude.fixes.count == 1_200)
        #expect(badLatitude.error?.code == .invalidValue && badLatitude.error?.field == "lat")
        #expect(badLatitude.error?.line == 1_204)
        let noLongitude = decodeOutcome(GPXDecoder(), inputs[8])
        #expect(noLongitude.fixes.count == 650 && noLongitude.error?.field == "lon")
        #expect(decodeOutcome(GPXDecoder(), inputs[9]).fixes.count == 1_000)
        #expect(decodeOutcome(GPXDecoder(), inputs[10]).error?.code == .truncated)
        let padded = decodeOutcome(GPXDecoder(), inputs[11])
        #expect(padded.fixes.count == 300 && padded.error == nil)
        #expect(padded.fixes[2].altitudeMSL == nil && padded.fixes[1].altitudeMSL == 7)
        #expect(padded.fixes[41].hdop == 6 && padded.fixes[40].hdop == nil && padded.fixes[1].latitude == 1.5)
        #expect(padded.statistics.rejected["invalid-field"] == 150)
        for input in inputs {
            let direct = decodeOutcome(GPXDecoder(), input)
            #expect(!direct.fixes.isEmpty)
            for seed in 0..<4 as Range<UInt64> {
                for maxChunk in [7, 4_096, 3 * GPXDecoder.sliceSize] {
                    let staged = stagedOutcome(GPXDecoder(), input, maxChunk: maxChunk, seed: seed)
                    #expect(staged == direct, "seed \(seed), chunks up to \(maxChunk) bytes")
                }
            }
        }
    }

    /// Inputs of several slices, in chunks smaller and larger than a slice, through `append`/`next()` and through
    /// `decode(_:_:)` (which hands whole slices of a chunk to libxml2 where they lie): the same fixes.
    @Test func inputsOfManySlicesGiveTheSameFixesHoweverChunked() throws {
        var text = Self.head
        for i in 0..<(5 * GPXDecoder.sliceSize / 120) {
            let second = String(format: "%02d", i % 60)
            text += "<trkpt lat=\"59.\(i)\" lon=\"24.75\"><ele>\(i % 97).5</ele>"
            text +=
                "<time>2026-11-28T08:\(String(format: "%02d", (i / 60) % 60)):\(second)Z</time><hdop>1.\(i % 10)</hdop></trkpt>\n"
        }
        text += "</trkseg></trk></gpx>\n"
        let input = Array(text.utf8)
        #expect(input.count > 4 * GPXDecoder.sliceSize)
        var decoder = GPXDecoder()
        let whole = try decoder.decodeAll(input)
        #expect(whole.count == 5 * GPXDecoder.sliceSize / 120)
        for seed in 0..<6 as Range<UInt64> {
            for maxChunk in [777, GPXDecoder.sliceSize - 1, GPXDecoder.sliceSize + 1, 3 * GPXDecoder.sliceSize] {
                let chunked = try decodeInRandomChunks({ GPXDecoder() }, input, maxChunk: maxChunk, seed: seed)
                #expect(chunked.fixes == whole)
                #expect(chunked.statistics == decoder.statistics)
            }
        }
    }

    @Test func fixesStreamOutBeforeTheInputEnds() throws {
        // A track of four slices' worth of points, each point the same number of bytes.
        let point = #"<trkpt lat="59.4369892" lon="24.7536050"><time>2026-11-28T08:00:00Z</time></trkpt>"# + "\n"
        let count = 4 * GPXDecoder.sliceSize / point.utf8.count
        let text = Self.head + String(repeating: point, count: count) + "</trkseg></trk></gpx>\n"
        let input = Array(text.utf8)
        var decoder = GPXDecoder()
        input[..<(input.count / 2)].withUnsafeBytes { decoder.append($0) }
        var early = 0
        while try decoder.next() != nil { early += 1 }
        // Only whole slices are parsed: two of the first half's (almost) three, so at most the points that end
        // within the first two slices, and libxml2 holds back at most the last few of those.
        let parsedBytes = 2 * GPXDecoder.sliceSize - Self.head.utf8.count
        let ceiling = parsedBytes / point.utf8.count
        #expect(early <= ceiling && early >= ceiling - 2, "\(early) points of at most \(ceiling)")
        input[(input.count / 2)...].withUnsafeBytes { decoder.append($0) }
        var rest = 0
        while try decoder.next() != nil { rest += 1 }
        while try decoder.finish() != nil { rest += 1 }
        #expect(early + rest == count)
    }

    @Test func truncatedInputDeliversEarlierFixesThenThrows() throws {
        let full = try Fixtures.data("gpx/commute-excerpt.gpx")
        // Cut in the middle of line 10 (the 7th trkpt): 6 complete points before it.
        var lineStarts = [0]
        for (i, b) in full.enumerated() where b == 10 { lineStarts.append(i + 1) }
        let cut = Array(full[..<(lineStarts[9] + 40)])
        for chunks in [[Int](), [1], [7], [100]] {
            let outcome = decodeOutcome(GPXDecoder(), cut, chunkSizes: chunks)
            #expect(outcome.fixes.count == 6)
            #expect(outcome.fixes.last?.sourceLine == 9)
            #expect(outcome.error?.code == .truncated)
            #expect(outcome.error?.line == 10)
        }
        // Ending between elements, and ending before the root.
        let between = decode(Self.head)
        #expect(between.error?.code == .truncated)
        let prolog = decode("<?xml version=\"1.0\"?>\n")
        #expect(prolog.error?.code == .truncated)
        let empty = decode("")
        #expect(empty.error?.code == .truncated)
    }

    @Test(arguments: [
        #"<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>"#,
        #"<gpx xmlns="http://example.com/not-gpx" version="1.1"><trk/></gpx>"#,
        #"<gpx xmlns="http://www.topografix.com/GPX/1/2"><trk/></gpx>"#,
        "<html><body>hello</body></html>",
    ])
    func xmlThatIsNotGPX(text: String) {
        let outcome = decode(text)
        #expect(outcome.fixes.isEmpty)
        #expect(outcome.error?.code == .notGPX)
        #expect(outcome.error?.line == 1)
    }

    @Test func malformedXMLReportsLineAndColumnAfterEarlierFixes() {
        let text =
            Self.head + """
                <trkpt lat="1" lon="2"><ele>3</ele></trkpt>
                <trkpt lat="1.5" lon="2.5"><ele>4</ele></trkseg>
                </trk></gpx>
                """
        for chunks in [[Int](), [1], [13]] {
            let outcome = decode(text, chunkSizes: chunks)
            #expect(outcome.fixes.map(\.latitude) == [1])
            #expect(outcome.error?.code == .malformedXML)
            #expect(outcome.error?.line == 5)  // the mismatched </trkseg>
            #expect(outcome.error?.column != nil)
        }
    }

    @Test(arguments: [
        "not xml at all, just text that goes on",
        "<gpx><trk></gpx>",
        "<gpx version=\"1.1\" version=\"1.0\"/>",
        "<gpx>&undefined;</gpx>",
        "<gpx></gpx><gpx></gpx>",
        "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>1</ele></trkpt></trkseg></trk></gpx>trailing",
    ])
    func malformedXML(text: String) {
        let outcome = decode(text)
        #expect(outcome.error?.code == .malformedXML)
    }

    @Test func bytesInvalidInTheDeclaredEncodingAreMalformed() {
        var bytes = Array(#"<?xml version="1.0" encoding="US-ASCII"?><gpx><trk><trkseg>"#.utf8)
        bytes += Array(#"<trkpt lat="1" lon="2"><name>caf"#.utf8) + [0xE9] + Array("</name></trkpt>".utf8)
        bytes += Array("</trkseg></trk></gpx>".utf8)
        let whole = decodeOutcome(GPXDecoder(), bytes)
        #expect(whole.error?.code == .malformedXML)
        for size in [1, 2, 5, 17] {
            #expect(decodeOutcome(GPXDecoder(), bytes, chunkSizes: [size]) == whole)
        }
    }

    @Test func entityExpansionBombIsRefused() {
        var dtd = "<!DOCTYPE gpx [\n<!ENTITY lol0 \"lol\">\n"
        for k in 1...9 {
            dtd += "<!ENTITY lol\(k) \"" + String(repeating: "&lol\(k - 1);", count: 10) + "\">\n"
        }
        dtd += "]>\n"
        let text =
            "<?xml version=\"1.0\"?>\n" + dtd + """
                <gpx xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
                <trkpt lat="1" lon="2"><ele>&lol9;</ele></trkpt>
                </trkseg></trk></gpx>
                """
        let outcome = decode(text)
        #expect(outcome.error?.code == .malformedXML)
        #expect(outcome.fixes.isEmpty)
    }

    @Test(arguments: [
        (#"<trkpt lat="abc" lon="2"/>"#, "lat"),
        (#"<trkpt lat="90.0001" lon="2"/>"#, "lat"),
        (#"<trkpt lon="2"/>"#, "lat"),
        (#"<trkpt lat="" lon="2"/>"#, "lat"),
        (#"<trkpt lat="1" lon="180.5"/>"#, "lon"),
        (#"<trkpt lat="1" lon="1e999"/>"#, "lon"),
        (#"<trkpt lat="1"/>"#, "lon"),
    ])
    func invalidCoordinateIsAnError(point: String, field: String) {
        let text = Self.head + "<trkpt lat=\" 45.5 \" lon=\"-7\"/>\n" + point + "\n</trkseg></trk></gpx>\n"
        let outcome = decode(text)
        #expect(outcome.fixes.map(\.latitude) == [45.5])
        #expect(outcome.error?.code == .invalidValue)
        #expect(outcome.error?.field == field)
        #expect(outcome.error?.line == 5)
        // Error texts never carry coordinates.
        #expect(!(outcome.error?.description.contains("abc") ?? true))
        #expect(!(outcome.error?.description.contains("180.5") ?? true))
    }

    @Test func errorIsStickyAfterBeingThrown() throws {
        var decoder = GPXDecoder()
        decoder.append(Array("<kml/>".utf8))
        #expect(try decoder.next() == nil)  // less than one slice: not parsed yet
        #expect(throws: TrackDecodingError.self) { try decoder.finish() }
        #expect(throws: TrackDecodingError.self) { try decoder.next() }
        #expect(throws: TrackDecodingError.self) { try decoder.finish() }
        // With a full slice, next() reports it.
        var big = GPXDecoder()
        big.append(Array(("<kml>" + String(repeating: " ", count: GPXDecoder.sliceSize) + "</kml>").utf8))
        #expect(throws: TrackDecodingError.self) { try big.next() }
    }

    @Test func unreadableOptionalFieldsAreDroppedAndCounted() {
        let text =
            Self.head + """
                <trkpt lat="1" lon="2"><ele>high</ele><time>noon</time><sat>4.5</sat><hdop>-1</hdop><fix>4d</fix>
                <vdop> 2.5 </vdop></trkpt>
                <trkpt lat="3" lon="4"><ele>\(String(repeating: "1", count: 300))</ele><fix>3D</fix></trkpt>
                </trkseg></trk></gpx>
                """
        let outcome = decode(text)
        #expect(outcome.error == nil)
        #expect(outcome.fixes.count == 2)
        let a = outcome.fixes[0]
        #expect(a.altitudeMSL == nil && a.time == nil && a.satellitesUsed == nil && a.hdop == nil)
        #expect(a.mode == .unknown && a.vdop == 2.5)
        #expect(outcome.fixes[1].altitudeMSL == nil)  // longer than the text cap
        #expect(outcome.fixes[1].mode == .threeD)  // case-insensitive
        #expect(outcome.statistics.rejected == ["invalid-field": 6])
    }

    @Test func textSplitAcrossEntitiesAndCDATAIsJoined() {
        let text =
            Self.head + """
                <trkpt lat="1" lon="2"><ele>1&#50;.5</ele><time><![CDATA[2026-11-21T07:30:00Z]]></time><!-- c --></trkpt>
                </trkseg></trk></gpx>
                """
        let outcome = decode(text, chunkSizes: [3])
        #expect(outcome.error == nil)
        #expect(outcome.fixes.first?.altitudeMSL == 12.5)
        #expect(outcome.fixes.first?.time == utc(1_795_246_200))
    }

    @Test func trkptOutsideATrackSegmentIsIgnored() {
        let text = """
            <gpx xmlns="http://www.topografix.com/GPX/1/1">
            <trkpt lat="1" lon="2"/>
            <trk><trkpt lat="3" lon="4"/><trkseg><trkpt lat="5" lon="6"><trkpt lat="7" lon="8"/></trkpt></trkseg></trk>
            <rte><trkseg><trkpt lat="9" lon="10"/></trkseg></rte>
            </gpx>
            """
        let outcome = decode(text)
        #expect(outcome.error == nil)
        #expect(outcome.fixes.map(\.latitude) == [5])
    }

    @Test func utf16DocumentIsDecoded() {
        let text =
            Self.head.replacingFirst("UTF-8", with: "UTF-16")
            + "<trkpt lat=\"1.25\" lon=\"2.5\"><ele>7</ele></trkpt></trkseg></trk></gpx>"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let outcome = decodeOutcome(GPXDecoder(), bytes, chunkSizes: [3])
        #expect(outcome.error == nil)
        #expect(outcome.fixes.first?.latitude == 1.25)
        #expect(outcome.fixes.first?.altitudeMSL == 7)
    }

    @Test func randomByteMutationsNeverCrashAndChunkingAgrees() throws {
        let fixtures = [
            try Fixtures.data("gpx/garmin-gpx11.gpx"), try Fixtures.data("gpx/prefixed-cluetrust.gpx"),
            try Fixtures.data("gpx/gpx10-speed.gpx"),
        ]
        var rng = SeededGenerator(seed: 0x6970_7800)
        for round in 0..<300 {
            let input = mutate(fixtures[round % fixtures.count], using: &rng)
            let whole = decodeOutcome(GPXDecoder(), input)
            let points = whole.fixes.count
            #expect(points <= 6)
            let chunked = decodeOutcomeRandomChunks(GPXDecoder(), input, maxChunk: 40, seed: UInt64(round))
            #expect(chunked.fixes == whole.fixes, "round \(round)")
            #expect(chunked.error?.code == whole.error?.code, "round \(round)")
        }
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        var copy = self
        if let range = copy.firstRange(of: target) { copy.replaceSubrange(range, with: replacement) }
        return copy
    }
}
