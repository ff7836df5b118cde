import TrackModel
public import TripEngine

/// The compact binary form of a trip's cleaned track, as stored in `trip_track.points`.
///
/// Resolution: time to 1 ms, latitude and longitude to 1e-7° (about 1 cm), speed to 1 cm/s. A
/// decoded track is the original rounded to that resolution; encoding a decoded track again gives
/// the same bytes.
///
/// Layout (version 1), all integers as LEB128 varints, signed ones zigzag-mapped first:
///
///     version (one byte, 1)
///     point count
///     speed presence: number of runs, then the run lengths, alternating "has speed" and
///         "no speed", starting with "has speed" (a first run may be empty)
///     per point: time (ms), latitude (1e-7°), longitude (1e-7°) as second differences — the first
///         point's value, then the first difference, then each difference less the one before —
///         and, when the point has a speed, the speed (cm/s) less the previous speed given
///
/// Second differences make steady motion cost about one byte per field: at one fix a second the
/// time step repeats, and a smoothed track changes its velocity slowly. All arithmetic wraps, so
/// every 64-bit value round-trips.
public enum TrackEncoding {
    /// The format version written in the first byte.
    public static let version: UInt8 = 1

    /// Encodes a track. Throws for a non-finite or out-of-range value (the error names the point
    /// and field, never the value).
    public static func encode(_ points: [TrackPoint]) throws(TrackEncodingError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(8 + points.count * 6)
        out.append(version)
        appendVarint(UInt64(points.count), to: &out)

        var runs: [Int] = []
        var present = true
        var run = 0
        for point in points {
            if (point.speed != nil) == present {
                run += 1
            } else {
                runs.append(run)
                present.toggle()
                run = 1
            }
        }
        if run > 0 || !runs.isEmpty { runs.append(run) }
        appendVarint(UInt64(runs.count), to: &out)
        for length in runs { appendVarint(UInt64(length), to: &out) }

        var time = SecondDifference()
        var latitude = SecondDifference()
        var longitude = SecondDifference()
        var previousSpeed: Int64 = 0
        for (index, point) in points.enumerated() {
            let t = try quantize(point.time.secondsSince1970, scale: 1_000, index: index, field: .time)
            let lat = try quantize(point.latitude, scale: 10_000_000, index: index, field: .latitude)
            let lon = try quantize(point.longitude, scale: 10_000_000, index: index, field: .longitude)
            appendVarint(zigzag(time.next(t)), to: &out)
            appendVarint(zigzag(latitude.next(lat)), to: &out)
            appendVarint(zigzag(longitude.next(lon)), to: &out)
            if let speed = point.speed {
                let s = try quantize(speed, scale: 100, index: index, field: .speed)
                appendVarint(zigzag(s &- previousSpeed), to: &out)
                previousSpeed = s
            }
        }
        return out
    }

    /// Decodes a track written by `encode(_:)`.
    public static func decode(_ bytes: [UInt8]) throws(TrackEncodingError) -> [TrackPoint] {
        var reader = ByteReader(bytes: bytes)
        guard let first = reader.byte() else { throw TrackEncodingError(.truncated) }
        guard first == version else { throw TrackEncodingError(.unsupportedVersion) }
        let count = try reader.count(minimumBytesEach: 3)

        var hasSpeed: [Bool] = []
        hasSpeed.reserveCapacity(count)
        let runCount = try reader.count(minimumBytesEach: 1)
        var present = true
        for _ in 0..<runCount {
            let length = try reader.varint()
            guard length <= UInt64(count - hasSpeed.count) else { throw TrackEncodingError(.malformed) }
            hasSpeed.append(contentsOf: repeatElement(present, count: Int(length)))
            present.toggle()
        }
        guard hasSpeed.count == count else { throw TrackEncodingError(.malformed) }

        var points: [TrackPoint] = []
        points.reserveCapacity(count)
        var time = SecondSum()
        var latitude = SecondSum()
        var longitude = SecondSum()
        var speed: Int64 = 0
        for index in 0..<count {
            let t = time.next(unzigzag(try reader.varint()))
            let lat = latitude.next(unzigzag(try reader.varint()))
            let lon = longitude.next(unzigzag(try reader.varint()))
            var point = TrackPoint(
                time: Timestamp(secondsSince1970: Double(t) / 1_000), latitude: Double(lat) / 10_000_000,
                longitude: Double(lon) / 10_000_000)
            if hasSpeed[index] {
                speed = speed &+ unzigzag(try reader.varint())
                point.speed = Double(speed) / 100
            }
            points.append(point)
        }
        guard reader.isAtEnd else { throw TrackEncodingError(.trailingBytes) }
        return points
    }

    // MARK: Integers

    /// Values beyond this many units (2^53) are refused: they are not exact in a `Double`.
    private static let limit = 9_007_199_254_740_992.0

    private static func quantize(
        _ value: Double, scale: Double, index: Int, field: TrackEncodingError.Field
    ) throws(TrackEncodingError) -> Int64 {
        guard value.isFinite else { throw TrackEncodingError(.nonFinite, point: index, field: field) }
        let units = (value * scale).rounded()
        guard abs(units) <= limit else { throw TrackEncodingError(.outOfRange, point: index, field: field) }
        return Int64(units)
    }

    private static func zigzag(_ n: Int64) -> UInt64 {
        UInt64(bitPattern: (n << 1) ^ (n >> 63))
    }

    private static func unzigzag(_ u: UInt64) -> Int64 {
        Int64(bitPattern: u >> 1) ^ -Int64(bitPattern: u & 1)
    }

    private static func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    /// Turns a sequence of values into second differences.
    private struct SecondDifference {
        var count = 0
        var previous: Int64 = 0
        var previousStep: Int64 = 0

        mutating func next(_ value: Int64) -> Int64 {
            defer { count += 1 }
            switch count {
            case 0:
                previous = value
                return value
            default:
                let step = value &- previous
                let out = count == 1 ? step : step &- previousStep
                previous = value
                previousStep = step
                return out
            }
        }
    }

    /// Undoes `SecondDifference`.
    private struct SecondSum {
        var count = 0
        var value: Int64 = 0
        var step: Int64 = 0

        mutating func next(_ delta: Int64) -> Int64 {
            defer { count += 1 }
            switch count {
            case 0: value = delta
            case 1:
                step = delta
                value = value &+ step
            default:
                step = step &+ delta
                value = value &+ step
            }
            return value
        }
    }

    private struct ByteReader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func varint() throws(TrackEncodingError) -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard let b = byte() else { throw TrackEncodingError(.truncated) }
                // The tenth byte may carry only the top bit of a 64-bit value.
                guard shift < 63 || b <= 1 else { throw TrackEncodingError(.malformed) }
                result |= UInt64(b & 0x7F) << shift
                if b < 0x80 { return result }
                shift += 7
            }
        }

        /// A count of items that each take at least `minimumBytesEach` of the remaining bytes,
        /// so a corrupt count cannot ask for a huge allocation.
        mutating func count(minimumBytesEach: Int) throws(TrackEncodingError) -> Int {
            let value = try varint()
            guard value <= UInt64((bytes.count - offset) / minimumBytesEach) else {
                throw TrackEncodingError(.malformed)
            }
            return Int(value)
        }
    }
}

/// Why a track could not be encoded or decoded. The text names the point and field, never a value
/// (a position is personal data).
public struct TrackEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        case nonFinite = "non-finite"
        case outOfRange = "out-of-range"
        case truncated
        case malformed
        case trailingBytes = "trailing-bytes"
        case unsupportedVersion = "unsupported-version"
    }

    public enum Field: String, Sendable, Hashable {
        case time, latitude, longitude, speed
    }

    public var code: Code
    /// The index of the offending point (encoding only).
    public var point: Int?
    public var field: Field?

    public init(_ code: Code, point: Int? = nil, field: Field? = nil) {
        self.code = code
        self.point = point
        self.field = field
    }

    public var description: String {
        var text = "track encoding: \(code.rawValue)"
        if let field { text += " \(field.rawValue)" }
        if let point { text += " at point \(point)" }
        return text
    }
}
