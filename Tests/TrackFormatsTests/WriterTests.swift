import Foundation
import Testing
import TrackFormats
import TrackModel

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Writers are checked against hand-written expectations and by parsing their output with
/// independent parsers (Foundation's JSONSerialization and XMLParser).
struct WriterTests {
    static let fix = Fix(
        time: Timestamp(iso8601: "2026-11-21T07:30:00.250Z"), mode: .threeD, quality: .gps,
        latitude: 59.437_001_234, longitude: -0.000_001_5, altitudeMSL: 41.2, altitudeHAE: 59.2,
        speed: 13.5, track: 271.25, eph: 4.5, hdop: 0.9, satellitesUsed: 9)
    static let noPosition = Fix(time: Timestamp(iso8601: "2026-11-21T07:30:01Z"), mode: .noFix)

    func render(_ format: TrackOutputFormat, _ fixes: [Fix], segments: Int = 1) -> String {
        var writer = format == .geojson ? GeoJSONWriter() : format.makeWriter(name: "a <test> & \"track\"")
        var out = TextBuffer()
        writer.begin(into: &out)
        for s in 0..<segments {
            writer.beginSegment(name: "segment \(s)", into: &out)
            for fix in fixes { writer.write(fix, into: &out) }
            writer.endSegment(into: &out)
        }
        writer.end(into: &out)
        return out.text
    }

    @Test func tpvJSONUsesGpsdNamesAndUnitsAndOmitsAbsentFields() throws {
        let text = render(.json, [Self.fix, Self.noPosition])
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        let first = try #require(
            try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["class"] as? String == "TPV")
        #expect(first["time"] as? String == "2026-11-21T07:30:00.250Z")
        #expect(first["mode"] as? Int == 3)
        #expect(first["lat"] as? Double == 59.437001234)
        #expect(first["lon"] as? Double == -0.0000015)
        #expect(first["altMSL"] as? Double == 41.2)
        #expect(first["altHAE"] as? Double == 59.2)
        #expect(first["speed"] as? Double == 13.5)
        #expect(first["track"] as? Double == 271.25)
        #expect(first["eph"] as? Double == 4.5)
        #expect(first["hdop"] as? Double == 0.9)
        #expect(first["uSat"] as? Int == 9)
        let second = try #require(
            try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(second["mode"] as? Int == 1)
        #expect(second["lat"] == nil && second["speed"] == nil && second["uSat"] == nil)
        // Never exponent notation, even for tiny values.
        #expect(!text.contains("e-"))
    }

    @Test func csvHasHeaderAndEmptyCellsForAbsentFields() {
        let text = render(.csv, [Self.fix, Self.noPosition])
        let rows = text.components(separatedBy: "\r\n")
        #expect(rows[0] == "time,mode,lat,lon,altMSL,altHAE,speed,track,eph,hdop,pdop,vdop,uSat")
        #expect(rows[1] == "2026-11-21T07:30:00.250Z,3,59.437001234,-0.0000015,41.2,59.2,13.5,271.25,4.5,0.9,,,9")
        #expect(rows[2] == "2026-11-21T07:30:01.000Z,1,,,,,,,,,,,")
    }

    @Test func gpxIsWellFormedAndCarriesThePoint() throws {
        let text = render(.gpx, [Self.fix, Self.noPosition], segments: 2)
        let elements = try XMLElementCounter.count(text)
        #expect(elements["gpx"] == 1)
        #expect(elements["trkseg"] == 2)
        #expect(elements["trkpt"] == 2)  // the fix without a position is left out
        #expect(elements["gpxtpx:speed"] == 2)
        #expect(text.contains("<trkpt lat=\"59.437001234\" lon=\"-0.0000015\"><ele>41.2</ele>"))
        #expect(text.contains("<time>2026-11-21T07:30:00.250Z</time><fix>3d</fix><sat>9</sat><hdop>0.9</hdop>"))
        #expect(text.contains("<name>a &lt;test&gt; &amp; &quot;track&quot;</name>"))
    }

    @Test func kmlPairsWhenAndCoord() throws {
        let text = render(.kml, [Self.fix, Self.noPosition, Self.fix])
        let elements = try XMLElementCounter.count(text)
        #expect(elements["gx:Track"] == 1)
        #expect(elements["when"] == 2)
        #expect(elements["gx:coord"] == 2)
        #expect(text.contains("<when>2026-11-21T07:30:00.250Z</when><gx:coord>-0.0000015 59.437001234 41.2</gx:coord>"))
    }

    @Test func geoJSONLineStringsAndPoints() throws {
        let lines = render(.geojson, [Self.fix, Self.noPosition, Self.fix], segments: 2)
        let collection = try #require(
            try JSONSerialization.jsonObject(with: Data(lines.utf8)) as? [String: Any])
        let features = try #require(collection["features"] as? [[String: Any]])
        #expect(features.count == 2)
        let geometry = try #require(features[0]["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "LineString")
        let coordinates = try #require(geometry["coordinates"] as? [[Double]])
        #expect(coordinates == [[-0.0000015, 59.437001234, 41.2], [-0.0000015, 59.437001234, 41.2]])
        let properties = try #require(features[1]["properties"] as? [String: Any])
        #expect(properties["name"] as? String == "segment 1")
        #expect(properties["coordTimes"] as? [String] == ["2026-11-21T07:30:00.250Z", "2026-11-21T07:30:00.250Z"])

        var points = GeoJSONWriter(style: .points)
        var out = TextBuffer()
        points.begin(into: &out)
        points.write(Self.fix, into: &out)
        points.write(Self.noPosition, into: &out)
        points.end(into: &out)
        let pointCollection = try #require(
            try JSONSerialization.jsonObject(with: Data(out.bytes)) as? [String: Any])
        let pointFeatures = try #require(pointCollection["features"] as? [[String: Any]])
        #expect(pointFeatures.count == 1)
        let pointProperties = try #require(pointFeatures[0]["properties"] as? [String: Any])
        #expect(pointProperties["time"] as? String == "2026-11-21T07:30:00.250Z")
        #expect(pointProperties["speed"] as? Double == 13.5)
    }

    @Test(arguments: [
        ("track.gpx", TrackOutputFormat.gpx), ("a.GeoJSON", .geojson), ("x.kml", .kml),
        ("x.csv", .csv), ("x.jsonl", .json),
    ])
    func formatFromFileName(name: String, expected: TrackOutputFormat) {
        #expect(TrackOutputFormat(fileName: name) == expected)
    }

    @Test func unknownFileNameExtension() {
        #expect(TrackOutputFormat(fileName: "track.txt") == nil)
        #expect(TrackOutputFormat(fileName: "track") == nil)
    }
}

/// Counts element names with Foundation's XMLParser; throws if the document is not well-formed.
final class XMLElementCounter: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]

    struct NotWellFormed: Error { var reason: String }

    static func count(_ text: String) throws -> [String: Int] {
        let parser = XMLParser(data: Data(text.utf8))
        let counter = XMLElementCounter()
        parser.delegate = counter
        guard parser.parse() else { throw NotWellFormed(reason: "\(String(describing: parser.parserError))") }
        return counter.counts
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        counts[elementName, default: 0] += 1
    }
}
