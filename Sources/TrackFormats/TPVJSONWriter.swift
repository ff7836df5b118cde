public import TrackModel

/// gpsd-style TPV objects, one per line, with gpsd's names and units. Absent fields are left out.
public struct TPVJSONWriter: TrackWriter {
    public init() {}

    public mutating func begin(into out: inout String) {}
    public mutating func end(into out: inout String) {}

    public mutating func write(_ fix: Fix, into out: inout String) {
        out += "{\"class\":\"TPV\""
        if let time = fix.time { out += ",\"time\":\"" + time.iso8601 + "\"" }
        out += ",\"mode\":" + String(fix.mode.rawValue)
        if let quality = fix.quality { out += ",\"status\":" + String(quality.rawValue) }
        field("lat", fix.latitude, 9, &out)
        field("lon", fix.longitude, 9, &out)
        field("altMSL", fix.altitudeMSL, 3, &out)
        field("altHAE", fix.altitudeHAE, 3, &out)
        field("geoidSep", fix.geoidSeparation, 3, &out)
        field("speed", fix.speed, 3, &out)
        field("track", fix.track, 4, &out)
        field("climb", fix.climb, 3, &out)
        field("eph", fix.eph, 3, &out)
        field("epv", fix.epv, 3, &out)
        field("epx", fix.epx, 3, &out)
        field("epy", fix.epy, 3, &out)
        field("hdop", fix.hdop, 2, &out)
        field("pdop", fix.pdop, 2, &out)
        field("vdop", fix.vdop, 2, &out)
        if let used = fix.satellitesUsed { out += ",\"uSat\":" + String(used) }
        out += "}\n"
    }

    private func field(_ name: String, _ value: Double?, _ decimals: Int, _ out: inout String) {
        guard let value, value.isFinite else { return }
        out += ",\"" + name + "\":"
        DecimalText.append(value, decimals: decimals, to: &out)
    }
}
