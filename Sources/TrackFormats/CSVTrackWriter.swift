public import TrackModel

/// RFC 4180 CSV, one row per fix, with a header row; empty cells for absent fields.
public struct CSVTrackWriter: TrackWriter {
    public static let columns = [
        "time", "mode", "lat", "lon", "altMSL", "altHAE", "speed", "track", "eph", "hdop", "pdop", "vdop", "uSat",
    ]

    public init() {}

    public mutating func begin(into out: inout TextBuffer) {
        out += Self.columns.joined(separator: ",") + "\r\n"
    }

    public mutating func end(into out: inout TextBuffer) {}

    public mutating func write(_ fix: Fix, into out: inout TextBuffer) {
        out += fix.time?.iso8601 ?? ""
        out += "," + String(fix.mode.rawValue)
        cell(fix.latitude, 9, &out)
        cell(fix.longitude, 9, &out)
        cell(fix.altitudeMSL, 3, &out)
        cell(fix.altitudeHAE, 3, &out)
        cell(fix.speed, 3, &out)
        cell(fix.track, 4, &out)
        cell(fix.eph, 3, &out)
        cell(fix.hdop, 2, &out)
        cell(fix.pdop, 2, &out)
        cell(fix.vdop, 2, &out)
        out += ","
        if let used = fix.satellitesUsed { out += String(used) }
        out += "\r\n"
    }

    private func cell(_ value: Double?, _ decimals: Int, _ out: inout TextBuffer) {
        out += ","
        if let value, value.isFinite { DecimalText.append(value, decimals: decimals, to: &out) }
    }
}
