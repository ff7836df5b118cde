public import TrackModel

/// GPX 1.1: one `trk`, one `trkseg` per segment; fixes without a position are left out
/// (a GPX track point must have one). Speed and course go into Garmin's TrackPointExtension v2.
public struct GPXWriter: TrackWriter {
    public var name: String
    private var segmentOpen = false

    public init(name: String = "Logbook track") { self.name = name }

    public mutating func begin(into out: inout TextBuffer) {
        out += """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Logbook" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
            <trk><name>\(TextEscaping.xml(name))</name>

            """
    }

    public mutating func beginSegment(name: String?, into out: inout TextBuffer) {
        if segmentOpen { endSegment(into: &out) }
        out += "<trkseg>\n"
        segmentOpen = true
    }

    public mutating func write(_ fix: Fix, into out: inout TextBuffer) {
        guard let lat = fix.latitude, let lon = fix.longitude else { return }
        if !segmentOpen { beginSegment(name: nil, into: &out) }
        out += "<trkpt lat=\""
        DecimalText.append(lat, decimals: 9, to: &out)
        out += "\" lon=\""
        DecimalText.append(lon, decimals: 9, to: &out)
        out += "\">"
        if let ele = fix.altitudeMSL ?? fix.altitudeHAE {
            out += "<ele>"
            DecimalText.append(ele, decimals: 3, to: &out)
            out += "</ele>"
        }
        if let time = fix.time { out += "<time>" + time.iso8601 + "</time>" }
        switch fix.mode {
        case .twoD: out += "<fix>2d</fix>"
        case .threeD: out += fix.quality == .differential ? "<fix>dgps</fix>" : "<fix>3d</fix>"
        case .noFix: out += "<fix>none</fix>"
        case .unknown: break
        }
        if let sats = fix.satellitesUsed { out += "<sat>" + String(sats) + "</sat>" }
        element("hdop", fix.hdop, 2, &out)
        element("vdop", fix.vdop, 2, &out)
        element("pdop", fix.pdop, 2, &out)
        if fix.speed != nil || fix.track != nil {
            out += "<extensions><gpxtpx:TrackPointExtension>"
            element("gpxtpx:speed", fix.speed, 3, &out)
            element("gpxtpx:course", fix.track, 2, &out)
            out += "</gpxtpx:TrackPointExtension></extensions>"
        }
        out += "</trkpt>\n"
    }

    public mutating func endSegment(into out: inout TextBuffer) {
        guard segmentOpen else { return }
        out += "</trkseg>\n"
        segmentOpen = false
    }

    public mutating func end(into out: inout TextBuffer) {
        endSegment(into: &out)
        out += "</trk>\n</gpx>\n"
    }

    private func element(_ name: String, _ value: Double?, _ decimals: Int, _ out: inout TextBuffer) {
        guard let value, value.isFinite else { return }
        out += "<" + name + ">"
        DecimalText.append(value, decimals: decimals, to: &out)
        out += "</" + name + ">"
    }
}
