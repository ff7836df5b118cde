/// Element names and namespaces the GPX decoder recognises, compared as raw NUL-terminated bytes.
enum GPXNames {
    enum Local {
        case gpx, trk, trkseg, trkpt, rte, rtept, wpt, extensions
        case ele, time, hdop, vdop, pdop, sat, fix, geoidheight, speed, course
        case other
    }

    enum Namespace {
        /// No namespace (or an undeclared prefix).
        case none
        /// GPX 1.0 or 1.1.
        case gpx
        /// Garmin TrackPointExtension v1/v2, Cluetrust gpxdata, OsmAnd: their `speed`/`course`.
        case speedExtension
        case other

        var isGPXOrNone: Bool { self == .none || self == .gpx }
        var isSpeedExtension: Bool { self == .speedExtension }
    }

    /// Whether the NUL-terminated `p` equals `literal`.
    @inline(__always)
    static func equals(_ p: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
        let l = literal.utf8Start
        let n = literal.utf8CodeUnitCount
        var k = 0
        while k < n {
            if p[k] != l[k] { return false }  // also stops at p's NUL
            k += 1
        }
        return p[n] == 0
    }

    @inline(__always)
    static func isAttribute(_ p: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool { equals(p, literal) }

    static func local(_ p: UnsafePointer<UInt8>) -> Local {
        switch p[0] {
        case UInt8(ascii: "t"):
            if equals(p, "trkpt") { return .trkpt }
            if equals(p, "time") { return .time }
            if equals(p, "trkseg") { return .trkseg }
            if equals(p, "trk") { return .trk }
        case UInt8(ascii: "e"):
            if equals(p, "ele") { return .ele }
            if equals(p, "extensions") { return .extensions }
        case UInt8(ascii: "h"):
            if equals(p, "hdop") { return .hdop }
        case UInt8(ascii: "v"):
            if equals(p, "vdop") { return .vdop }
        case UInt8(ascii: "p"):
            if equals(p, "pdop") { return .pdop }
        case UInt8(ascii: "s"):
            if equals(p, "sat") { return .sat }
            if equals(p, "speed") { return .speed }
        case UInt8(ascii: "f"):
            if equals(p, "fix") { return .fix }
        case UInt8(ascii: "c"):
            if equals(p, "course") { return .course }
        case UInt8(ascii: "g"):
            if equals(p, "gpx") { return .gpx }
            if equals(p, "geoidheight") { return .geoidheight }
        case UInt8(ascii: "r"):
            if equals(p, "rtept") { return .rtept }
            if equals(p, "rte") { return .rte }
        case UInt8(ascii: "w"):
            if equals(p, "wpt") { return .wpt }
        default:
            break
        }
        return .other
    }

    /// Classifies a namespace URI.
    static func namespace(_ uri: UnsafePointer<UInt8>?) -> Namespace {
        guard let p = uri else { return .none }
        let gpxPrefix: StaticString = "http://www.topografix.com/GPX/1/"
        if hasPrefix(p, gpxPrefix) {
            let rest = p + gpxPrefix.utf8CodeUnitCount
            if (rest[0] == UInt8(ascii: "0") || rest[0] == UInt8(ascii: "1")) && rest[1] == 0 { return .gpx }
            return .other
        }
        if equals(p, "http://www.garmin.com/xmlschemas/TrackPointExtension/v1")
            || equals(p, "http://www.garmin.com/xmlschemas/TrackPointExtension/v2")
            || equals(p, "http://www.cluetrust.com/XML/GPXDATA/1/0")
            || equals(p, "https://osmand.net")
            || equals(p, "https://osmand.net/docs/technical/osmand-file-formats/osmand-gpx")
        {
            return .speedExtension
        }
        return .other
    }

    @inline(__always)
    private static func hasPrefix(_ p: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
        let l = literal.utf8Start
        for k in 0..<literal.utf8CodeUnitCount where p[k] != l[k] { return false }
        return true
    }
}
