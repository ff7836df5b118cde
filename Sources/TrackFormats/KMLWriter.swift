public import TrackModel

/// KML 2.2 with timestamps: one Placemark holding a `gx:Track` (paired `when` / `gx:coord`) per segment,
/// which Google Earth animates along its time slider. Fixes without a time or position are left out.
public struct KMLWriter: TrackWriter {
    public var name: String
    private var segmentOpen = false
    private var segmentCount = 0

    public init(name: String = "Logbook track") { self.name = name }

    public mutating func begin(into out: inout TextBuffer) {
        out += """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
            <Document><name>\(TextEscaping.xml(name))</name>

            """
    }

    public mutating func beginSegment(name: String?, into out: inout TextBuffer) {
        if segmentOpen { endSegment(into: &out) }
        segmentCount += 1
        let title = name ?? "Segment \(segmentCount)"
        out +=
            "<Placemark><name>\(TextEscaping.xml(title))</name>\n<gx:Track><altitudeMode>clampToGround</altitudeMode>\n"
        segmentOpen = true
    }

    public mutating func write(_ fix: Fix, into out: inout TextBuffer) {
        guard let lat = fix.latitude, let lon = fix.longitude, let time = fix.time else { return }
        if !segmentOpen { beginSegment(name: nil, into: &out) }
        // gx:Track allows `when` and `gx:coord` interleaved pairwise in order.
        out += "<when>" + time.iso8601 + "</when><gx:coord>"
        DecimalText.append(lon, decimals: 9, to: &out)
        out += " "
        DecimalText.append(lat, decimals: 9, to: &out)
        out += " "
        DecimalText.append(fix.altitudeMSL ?? fix.altitudeHAE ?? 0, decimals: 3, to: &out)
        out += "</gx:coord>\n"
    }

    public mutating func endSegment(into out: inout TextBuffer) {
        guard segmentOpen else { return }
        out += "</gx:Track></Placemark>\n"
        segmentOpen = false
    }

    public mutating func end(into out: inout TextBuffer) {
        endSegment(into: &out)
        out += "</Document>\n</kml>\n"
    }
}
