public import TrackModel

/// RFC 7946 GeoJSON FeatureCollection. Coordinates are `[lon, lat, ele]`.
///
/// - `.lineStrings`: one LineString Feature per segment; the fixes' times go into the `coordTimes`
///   property (the convention of togeojson and Mapbox), speeds into `speeds` (m/s, null where
///   unknown). These per-point properties are held until the segment ends, so memory grows with
///   the longest segment (a trip), not with the whole input.
/// - `.points`: one Point Feature per fix with its time, mode and speed: strictly streaming.
public struct GeoJSONWriter: TrackWriter {
    public enum Style: Sendable { case lineStrings, points }

    public var name: String
    public var style: Style
    private var featureCount = 0
    private var segmentOpen = false
    private var pointsInSegment = 0
    private var times: String = ""
    private var speeds: String = ""
    private var segmentName: String = ""

    public init(name: String = "Logbook track", style: Style = .lineStrings) {
        self.name = name
        self.style = style
    }

    public mutating func begin(into out: inout TextBuffer) {
        out += "{\"type\":\"FeatureCollection\",\"name\":" + TextEscaping.json(name) + ",\"features\":[\n"
    }

    public mutating func beginSegment(name: String?, into out: inout TextBuffer) {
        guard style == .lineStrings else { return }
        if segmentOpen { endSegment(into: &out) }
        if featureCount > 0 { out += ",\n" }
        featureCount += 1
        segmentName = name ?? self.name
        out += "{\"type\":\"Feature\",\"geometry\":{\"type\":\"LineString\",\"coordinates\":["
        segmentOpen = true
        pointsInSegment = 0
        times = ""
        speeds = ""
    }

    public mutating func write(_ fix: Fix, into out: inout TextBuffer) {
        guard let lat = fix.latitude, let lon = fix.longitude else { return }
        if style == .points {
            writePoint(fix, lat: lat, lon: lon, into: &out)
            return
        }
        if !segmentOpen { beginSegment(name: nil, into: &out) }
        if pointsInSegment > 0 {
            out += ","
            times += ","
            speeds += ","
        }
        pointsInSegment += 1
        out += "["
        DecimalText.append(lon, decimals: 9, to: &out)
        out += ","
        DecimalText.append(lat, decimals: 9, to: &out)
        if let ele = fix.altitudeMSL ?? fix.altitudeHAE {
            out += ","
            DecimalText.append(ele, decimals: 3, to: &out)
        }
        out += "]"
        times += fix.time.map { "\"" + $0.iso8601 + "\"" } ?? "null"
        if let speed = fix.speed, speed.isFinite {
            DecimalText.append(speed, decimals: 3, to: &speeds)
        } else {
            speeds += "null"
        }
    }

    public mutating func endSegment(into out: inout TextBuffer) {
        guard segmentOpen else { return }
        // The per-point properties are held until the segment closes; they are small text, one
        // entry per point of this segment only.
        out +=
            "]},\"properties\":{\"name\":" + TextEscaping.json(segmentName) + ",\"coordTimes\":[" + times
            + "],\"speeds\":[" + speeds + "]}}"
        segmentOpen = false
        times = ""
        speeds = ""
    }

    private mutating func writePoint(_ fix: Fix, lat: Double, lon: Double, into out: inout TextBuffer) {
        if featureCount > 0 { out += ",\n" }
        featureCount += 1
        out += "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":["
        DecimalText.append(lon, decimals: 9, to: &out)
        out += ","
        DecimalText.append(lat, decimals: 9, to: &out)
        if let ele = fix.altitudeMSL ?? fix.altitudeHAE {
            out += ","
            DecimalText.append(ele, decimals: 3, to: &out)
        }
        out += "]},\"properties\":{\"mode\":" + String(fix.mode.rawValue)
        if let time = fix.time { out += ",\"time\":\"" + time.iso8601 + "\"" }
        if let speed = fix.speed, speed.isFinite {
            out += ",\"speed\":"
            DecimalText.append(speed, decimals: 3, to: &out)
        }
        if let track = fix.track, track.isFinite {
            out += ",\"track\":"
            DecimalText.append(track, decimals: 4, to: &out)
        }
        out += "}}"
    }

    public mutating func end(into out: inout TextBuffer) {
        endSegment(into: &out)
        out += "\n]}\n"
    }
}
