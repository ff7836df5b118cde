public import TrackModel

/// gpsd-style TPV objects, one per line, with gpsd's names and units. Absent fields are left out.
///
/// Written straight into the buffer's bytes (literals, digits, the time): no allocation per fix.
public struct TPVJSONWriter: TrackWriter {
    public init() {}

    public mutating func begin(into out: inout TextBuffer) {}
    public mutating func end(into out: inout TextBuffer) {}

    public mutating func write(_ fix: Fix, into out: inout TextBuffer) {
        out.append("{\"class\":\"TPV\"")
        if let time = fix.time {
            out.append(",\"time\":\"")
            out.append(iso8601: time)
            out.append(byte: UInt8(ascii: "\""))
        }
        out.append(",\"mode\":")
        out.append(integer: Int(fix.mode.rawValue))
        if let quality = fix.quality {
            out.append(",\"status\":")
            out.append(integer: Int(quality.rawValue))
        }
        Self.field(",\"lat\":", fix.latitude, 9, &out)
        Self.field(",\"lon\":", fix.longitude, 9, &out)
        Self.field(",\"altMSL\":", fix.altitudeMSL, 3, &out)
        Self.field(",\"altHAE\":", fix.altitudeHAE, 3, &out)
        Self.field(",\"geoidSep\":", fix.geoidSeparation, 3, &out)
        Self.field(",\"speed\":", fix.speed, 3, &out)
        Self.field(",\"track\":", fix.track, 4, &out)
        Self.field(",\"climb\":", fix.climb, 3, &out)
        Self.field(",\"eph\":", fix.eph, 3, &out)
        Self.field(",\"epv\":", fix.epv, 3, &out)
        Self.field(",\"epx\":", fix.epx, 3, &out)
        Self.field(",\"epy\":", fix.epy, 3, &out)
        Self.field(",\"hdop\":", fix.hdop, 2, &out)
        Self.field(",\"pdop\":", fix.pdop, 2, &out)
        Self.field(",\"vdop\":", fix.vdop, 2, &out)
        if let used = fix.satellitesUsed {
            out.append(",\"uSat\":")
            out.append(integer: used)
        }
        out.append("}\n")
    }

    /// `key` is the separator, the quoted name and the colon.
    @inline(__always)
    private static func field(_ key: StaticString, _ value: Double?, _ decimals: Int, _ out: inout TextBuffer) {
        guard let value, value.isFinite else { return }
        out.append(key)
        out.append(value, decimals: decimals)
    }
}
