import TrackModel

/// The members of one gpsd report line that Logbook uses (TPV and SKY), read without allocating.
struct GPSDJSONReport {
    enum Kind { case missing, tpv, sky, device, devices, other }

    var kind: Kind = .missing
    var time: Timestamp?
    var mode: Int?
    var status: Int?
    var lat: Double?
    var lon: Double?
    var altHAE: Double?
    var altMSL: Double?
    var alt: Double?
    var geoidSep: Double?
    var speed: Double?
    var track: Double?
    var climb: Double?
    var eph: Double?
    var epv: Double?
    var epx: Double?
    var epy: Double?
    var hdop: Double?
    var pdop: Double?
    var vdop: Double?
    var uSat: Int?
    /// Satellites with `"used": true` in the `satellites` array, when the array is present.
    var usedSatellites: Int?
    /// The first TPV member whose value has the wrong type or range.
    var invalidTPVField: StaticString?
    /// The first SKY member whose value has the wrong type or range.
    var invalidSKYField: StaticString?
    /// `class` was present but not a string.
    var invalidClass = false
    /// The `device` member (TPV, SKY): where in the line its bytes are, or its decoded bytes when escaped.
    var device: StringValue?
    /// DEVICE: `path` and `driver`.
    var path: [UInt8]?
    var driver: [UInt8]?
    /// DEVICES: each listed device's path and driver.
    var devices: [(path: [UInt8], driver: [UInt8]?)] = []

    /// A string member: a range of the line when it has no escapes, else its decoded bytes.
    enum StringValue {
        case range(Range<Int>)
        case decoded([UInt8])
    }

    private enum Member {
        case `class`, time, mode, status, lat, lon, altHAE, altMSL, alt, geoidSep, speed, track, climb
        case eph, epv, epx, epy, hdop, pdop, vdop, uSat, satellites, device, path, driver, devices, other
    }

    /// Reads one line into `report` (which should be fresh). Returns `false` when the line is not
    /// exactly one well-formed JSON object.
    static func parse(_ line: UnsafeBufferPointer<UInt8>, into report: inout GPSDJSONReport) -> Bool {
        var s = JSONLineScanner(line)
        guard s.consume(UInt8(ascii: "{")) else { return false }
        if !s.consume(UInt8(ascii: "}")) {
            repeat {
                s.skipWhitespace()
                guard let key = s.scanString(), s.consume(UInt8(ascii: ":")) else { return false }
                s.skipWhitespace()
                let member: Member
                if key.hasEscapes {
                    let decoded = s.decodeString(key)
                    member = decoded.withUnsafeBufferPointer { Self.member($0, 0, $0.count) }
                } else {
                    member = Self.member(s.bytes, key.start, key.count)
                }
                guard report.read(member, &s) else { return false }
            } while s.consume(UInt8(ascii: ","))
            guard s.consume(UInt8(ascii: "}")) else { return false }
        }
        s.skipWhitespace()
        return s.atEnd
    }

    // MARK: Members

    @inline(__always)
    private static func equals(_ b: UnsafeBufferPointer<UInt8>, _ at: Int, _ literal: StaticString) -> Bool {
        let l = literal.utf8Start
        for k in 0..<literal.utf8CodeUnitCount where b[at + k] != l[k] { return false }
        return true
    }

    private static func member(_ b: UnsafeBufferPointer<UInt8>, _ at: Int, _ count: Int) -> Member {
        switch count {
        case 3:
            if equals(b, at, "lat") { return .lat }
            if equals(b, at, "lon") { return .lon }
            if equals(b, at, "alt") { return .alt }
            if equals(b, at, "eph") { return .eph }
            if equals(b, at, "epv") { return .epv }
            if equals(b, at, "epx") { return .epx }
            if equals(b, at, "epy") { return .epy }
        case 4:
            if equals(b, at, "time") { return .time }
            if equals(b, at, "mode") { return .mode }
            if equals(b, at, "hdop") { return .hdop }
            if equals(b, at, "pdop") { return .pdop }
            if equals(b, at, "vdop") { return .vdop }
            if equals(b, at, "uSat") { return .uSat }
            if equals(b, at, "path") { return .path }
        case 5:
            if equals(b, at, "class") { return .class }
            if equals(b, at, "speed") { return .speed }
            if equals(b, at, "track") { return .track }
            if equals(b, at, "climb") { return .climb }
        case 6:
            if equals(b, at, "status") { return .status }
            if equals(b, at, "altHAE") { return .altHAE }
            if equals(b, at, "altMSL") { return .altMSL }
            if equals(b, at, "device") { return .device }
            if equals(b, at, "driver") { return .driver }
        case 7:
            if equals(b, at, "devices") { return .devices }
        case 8:
            if equals(b, at, "geoidSep") { return .geoidSep }
        case 10:
            if equals(b, at, "satellites") { return .satellites }
        default:
            break
        }
        return .other
    }

    /// Reads the value of one member. Returns `false` only when the JSON itself is malformed.
    private mutating func read(_ member: Member, _ s: inout JSONLineScanner) -> Bool {
        switch member {
        case .other: return s.skipValue()
        case .class: return readClass(&s)
        case .time: return readTime(&s)
        case .satellites: return readSatellites(&s)
        case .device:
            guard s.peek == UInt8(ascii: "\"") else { return s.skipValue() }
            guard let token = s.scanString() else { return false }
            device = token.hasEscapes ? .decoded(s.decodeString(token)) : .range(token.start..<token.end)
            return true
        case .path: return readString(&s) { $0.path = $1 }
        case .driver: return readString(&s) { $0.driver = $1 }
        case .devices: return readDevices(&s)
        case .mode:
            return readInteger(&s, range: 0...3, field: "mode", sky: false) { $0.mode = $1 }
        case .status:
            return readInteger(&s, range: 0...255, field: "status", sky: false) { $0.status = $1 }
        case .uSat:
            return readInteger(&s, range: 0...1_000, field: "uSat", sky: true) { $0.uSat = $1 }
        case .lat: return readNumber(&s, range: -90...90, field: "lat", sky: false) { $0.lat = $1 }
        case .lon: return readNumber(&s, range: -180...180, field: "lon", sky: false) { $0.lon = $1 }
        case .altHAE: return readNumber(&s, field: "altHAE", sky: false) { $0.altHAE = $1 }
        case .altMSL: return readNumber(&s, field: "altMSL", sky: false) { $0.altMSL = $1 }
        case .alt: return readNumber(&s, field: "alt", sky: false) { $0.alt = $1 }
        case .geoidSep: return readNumber(&s, field: "geoidSep", sky: false) { $0.geoidSep = $1 }
        case .speed: return readNumber(&s, field: "speed", sky: false) { $0.speed = $1 }
        case .track: return readNumber(&s, field: "track", sky: false) { $0.track = $1 }
        case .climb: return readNumber(&s, field: "climb", sky: false) { $0.climb = $1 }
        case .eph: return readNumber(&s, range: 0...Double.infinity, field: "eph", sky: false) { $0.eph = $1 }
        case .epv: return readNumber(&s, range: 0...Double.infinity, field: "epv", sky: false) { $0.epv = $1 }
        case .epx: return readNumber(&s, range: 0...Double.infinity, field: "epx", sky: false) { $0.epx = $1 }
        case .epy: return readNumber(&s, range: 0...Double.infinity, field: "epy", sky: false) { $0.epy = $1 }
        case .hdop: return readNumber(&s, range: 0...Double.infinity, field: "hdop", sky: true) { $0.hdop = $1 }
        case .pdop: return readNumber(&s, range: 0...Double.infinity, field: "pdop", sky: true) { $0.pdop = $1 }
        case .vdop: return readNumber(&s, range: 0...Double.infinity, field: "vdop", sky: true) { $0.vdop = $1 }
        }
    }

    private mutating func markInvalid(_ field: StaticString, sky: Bool) {
        if sky {
            if invalidSKYField == nil { invalidSKYField = field }
        } else {
            if invalidTPVField == nil { invalidTPVField = field }
        }
    }

    @inline(__always)
    private mutating func readNumber(
        _ s: inout JSONLineScanner,
        range: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude,
        field: StaticString,
        sky: Bool,
        _ assign: (inout GPSDJSONReport, Double) -> Void
    ) -> Bool {
        if let c = s.peek, c == UInt8(ascii: "-") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) {
            guard let value = s.scanNumber() else { return false }
            if value.isFinite, range.contains(value) {
                assign(&self, value)
            } else {
                markInvalid(field, sky: sky)
            }
            return true
        }
        markInvalid(field, sky: sky)
        return s.skipValue()
    }

    private mutating func readInteger(
        _ s: inout JSONLineScanner,
        range: ClosedRange<Int>,
        field: StaticString,
        sky: Bool,
        _ assign: (inout GPSDJSONReport, Int) -> Void
    ) -> Bool {
        readNumber(&s, field: field, sky: sky) { report, value in
            if value.rounded() == value, value >= Double(range.lowerBound), value <= Double(range.upperBound) {
                assign(&report, Int(value))
            } else {
                report.markInvalid(field, sky: sky)
            }
        }
    }

    private mutating func readClass(_ s: inout JSONLineScanner) -> Bool {
        guard s.peek == UInt8(ascii: "\"") else {
            invalidClass = true
            return s.skipValue()
        }
        guard let token = s.scanString() else { return false }
        if token.hasEscapes {
            let decoded = s.decodeString(token)
            switch decoded {
            case Array("TPV".utf8): kind = .tpv
            case Array("SKY".utf8): kind = .sky
            case Array("DEVICE".utf8): kind = .device
            case Array("DEVICES".utf8): kind = .devices
            default: kind = .other
            }
        } else if s.token(token, is: "TPV") {
            kind = .tpv
        } else if s.token(token, is: "SKY") {
            kind = .sky
        } else if s.token(token, is: "DEVICE") {
            kind = .device
        } else if s.token(token, is: "DEVICES") {
            kind = .devices
        } else {
            kind = .other
        }
        return true
    }

    private mutating func readTime(_ s: inout JSONLineScanner) -> Bool {
        if s.peek == UInt8(ascii: "\"") {
            guard let token = s.scanString() else { return false }
            let parsed: Timestamp?
            if token.hasEscapes {
                parsed = s.decodeString(token).withUnsafeBufferPointer { Timestamp.parseISO8601($0) }
            } else {
                parsed = Timestamp.parseISO8601(UnsafeBufferPointer(rebasing: s.bytes[token.start..<token.end]))
            }
            if let parsed {
                time = parsed
            } else {
                markInvalid("time", sky: false)
                markInvalid("time", sky: true)
            }
            return true
        }
        // gpsd before 3.10 wrote TPV time as seconds since 1970.
        return readNumber(&s, range: 0...1e11, field: "time", sky: false) { report, seconds in
            report.time = Timestamp(secondsSince1970: seconds)
        }
    }

    /// Reads a string member (any other type is skipped).
    private mutating func readString(_ s: inout JSONLineScanner, _ assign: (inout GPSDJSONReport, [UInt8]) -> Void)
        -> Bool
    {
        guard s.peek == UInt8(ascii: "\"") else { return s.skipValue() }
        guard let token = s.scanString() else { return false }
        assign(&self, s.decodeString(token))
        return true
    }

    /// Reads DEVICES' `devices` array: the path and driver of each device object.
    private mutating func readDevices(_ s: inout JSONLineScanner) -> Bool {
        guard s.consume(UInt8(ascii: "[")) else { return s.skipValue() }
        if s.consume(UInt8(ascii: "]")) { return true }
        repeat {
            s.skipWhitespace()
            guard s.peek == UInt8(ascii: "{") else {
                guard s.skipValue(depth: 1) else { return false }
                continue
            }
            s.index += 1
            var path: [UInt8]?
            var driver: [UInt8]?
            if !s.consume(UInt8(ascii: "}")) {
                repeat {
                    s.skipWhitespace()
                    guard let key = s.scanString(), s.consume(UInt8(ascii: ":")) else { return false }
                    s.skipWhitespace()
                    let name = s.decodeString(key)
                    if (name == Array("path".utf8) || name == Array("driver".utf8)), s.peek == UInt8(ascii: "\"") {
                        guard let value = s.scanString() else { return false }
                        if name == Array("path".utf8) {
                            path = s.decodeString(value)
                        } else {
                            driver = s.decodeString(value)
                        }
                    } else {
                        guard s.skipValue(depth: 2) else { return false }
                    }
                } while s.consume(UInt8(ascii: ","))
                guard s.consume(UInt8(ascii: "}")) else { return false }
            }
            if let path { devices.append((path, driver)) }
        } while s.consume(UInt8(ascii: ","))
        return s.consume(UInt8(ascii: "]"))
    }

    /// Counts the satellites marked `"used": true`.
    private mutating func readSatellites(_ s: inout JSONLineScanner) -> Bool {
        guard s.consume(UInt8(ascii: "[")) else {
            markInvalid("satellites", sky: true)
            return s.skipValue()
        }
        var used = 0
        if !s.consume(UInt8(ascii: "]")) {
            repeat {
                s.skipWhitespace()
                if s.peek == UInt8(ascii: "{") {
                    s.index += 1
                    if !s.consume(UInt8(ascii: "}")) {
                        repeat {
                            s.skipWhitespace()
                            guard let key = s.scanString(), s.consume(UInt8(ascii: ":")) else { return false }
                            s.skipWhitespace()
                            let isUsed: Bool
                            if key.hasEscapes {
                                isUsed = s.decodeString(key) == Array("used".utf8)
                            } else {
                                isUsed = s.token(key, is: "used")
                            }
                            if isUsed, s.peek == UInt8(ascii: "t") || s.peek == UInt8(ascii: "f") {
                                guard let literal = s.scanLiteral() else { return false }
                                if literal == UInt8(ascii: "t") { used += 1 }
                            } else {
                                guard s.skipValue(depth: 2) else { return false }
                            }
                        } while s.consume(UInt8(ascii: ","))
                        guard s.consume(UInt8(ascii: "}")) else { return false }
                    }
                } else {
                    guard s.skipValue(depth: 1) else { return false }
                }
            } while s.consume(UInt8(ascii: ","))
            guard s.consume(UInt8(ascii: "]")) else { return false }
        }
        usedSatellites = used
        return true
    }
}
