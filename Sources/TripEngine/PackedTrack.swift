import TrackModel

/// The open trip's track as it goes into a checkpoint: one string, exact to the bit.
///
/// The daemon checkpoints the engine every 30 s. Encoded point by point as keyed containers, a
/// track of 14,000 points took about 1.4 MB of JSON and, while `JSONEncoder` built it, several
/// MB of short-lived objects — each checkpoint of a long trip briefly raised the daemon's memory
/// by that much and left the heap fragmented. Packed, the same track is one string of 44 or 33
/// characters a point, written straight into its final storage.
///
/// Layout, before base64url (RFC 4648 §5, no padding): a version byte (1), then per point a flag
/// byte (1: has a speed, 0: none) and the IEEE 754 bit patterns of time, latitude, longitude
/// and, when present, speed, each as 8 little-endian bytes. Bit patterns rather than decimal text
/// keep every value exactly, non-finite ones included, so a resumed engine decides as the
/// uninterrupted one would.
enum PackedTrack {
    static let version: UInt8 = 1

    struct FormatError: Error, Sendable, Hashable, CustomStringConvertible {
        var reason: String
        var description: String { "packed track: \(reason)" }
    }

    static func encode(_ points: [TrackPoint]) -> String {
        var byteCount = 1
        for point in points { byteCount += point.speed == nil ? 25 : 33 }
        let characterCount = (byteCount * 4 + 2) / 3
        return String(unsafeUninitializedCapacity: characterCount) { buffer in
            var writer = Base64URLWriter(buffer)
            writer.append(byte: version)
            for point in points {
                writer.append(byte: point.speed == nil ? 0 : 1)
                writer.append(point.time.secondsSince1970.bitPattern)
                writer.append(point.latitude.bitPattern)
                writer.append(point.longitude.bitPattern)
                if let speed = point.speed { writer.append(speed.bitPattern) }
            }
            return writer.finish()
        }
    }

    static func decode(_ text: String) throws(FormatError) -> [TrackPoint] {
        let bytes = try Base64URL.decode(text)
        guard let first = bytes.first else { throw FormatError(reason: "empty") }
        guard first == version else { throw FormatError(reason: "unsupported version \(first)") }
        var points: [TrackPoint] = []
        points.reserveCapacity(bytes.count / 25)
        var offset = 1
        func double() -> Double {
            var bits: UInt64 = 0
            for k in 0..<8 { bits |= UInt64(bytes[offset + k]) << (8 * UInt64(k)) }
            offset += 8
            return Double(bitPattern: bits)
        }
        while offset < bytes.count {
            let flag = bytes[offset]
            guard flag <= 1 else { throw FormatError(reason: "bad flag at point \(points.count)") }
            guard bytes.count - offset - 1 >= (flag == 1 ? 32 : 24) else {
                throw FormatError(reason: "truncated at point \(points.count)")
            }
            offset += 1
            let time = double()
            let latitude = double()
            let longitude = double()
            let speed = flag == 1 ? double() : nil
            points.append(
                TrackPoint(
                    time: Timestamp(secondsSince1970: time), latitude: latitude, longitude: longitude, speed: speed))
        }
        return points
    }
}

/// Writes bytes as base64url (no padding) into a buffer sized for them.
private struct Base64URLWriter {
    let out: UnsafeMutableBufferPointer<UInt8>
    var count = 0
    var pending: UInt32 = 0
    var pendingBytes = 0

    init(_ out: UnsafeMutableBufferPointer<UInt8>) { self.out = out }

    mutating func append(byte: UInt8) {
        pending = pending << 8 | UInt32(byte)
        pendingBytes += 1
        if pendingBytes == 3 {
            emit(pending >> 18)
            emit(pending >> 12)
            emit(pending >> 6)
            emit(pending)
            pending = 0
            pendingBytes = 0
        }
    }

    mutating func append(_ value: UInt64) {
        for k in 0..<8 { append(byte: UInt8(truncatingIfNeeded: value >> (8 * UInt64(k)))) }
    }

    /// Writes what is left (two or three characters for one or two bytes) and returns the count.
    mutating func finish() -> Int {
        switch pendingBytes {
        case 1:
            emit(pending >> 2)
            emit(pending << 4)
        case 2:
            emit(pending >> 10)
            emit(pending >> 4)
            emit(pending << 2)
        default:
            break
        }
        return count
    }

    private mutating func emit(_ sextet: UInt32) {
        out[count] = Base64URL.alphabet[Int(sextet & 0x3F)]
        count += 1
    }
}

enum Base64URL {
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func value(_ character: UInt8) -> UInt32? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(character - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(character - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(character - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }

    /// Decodes base64url without padding; refuses other characters, a dangling character and
    /// non-zero left-over bits (so each byte string has exactly one text).
    static func decode(_ text: String) throws(PackedTrack.FormatError) -> [UInt8] {
        let utf8 = text.utf8
        guard utf8.count % 4 != 1 else { throw PackedTrack.FormatError(reason: "bad length") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in utf8 {
            guard let v = value(character) else { throw PackedTrack.FormatError(reason: "not base64url") }
            accumulator = accumulator << 6 | v
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        guard accumulator == 0 else { throw PackedTrack.FormatError(reason: "stray bits") }
        return bytes
    }
}

extension TripEngine.OpenTrip {
    enum CodingKeys: String, CodingKey {
        case start, startCoordinate, distance, idleSeconds, idlePeriods, maximumSpeed, fixesUsed, estimatedStart
        /// The track, packed (written since the checkpoint format was made compact).
        case packedTrack
        /// The track as an array of points (read from older checkpoints).
        case track
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        start = try c.decode(Double.self, forKey: .start)
        startCoordinate = try c.decode(Coordinate.self, forKey: .startCoordinate)
        distance = try c.decode(Double.self, forKey: .distance)
        idleSeconds = try c.decode(Double.self, forKey: .idleSeconds)
        idlePeriods = try c.decode(Int.self, forKey: .idlePeriods)
        maximumSpeed = try c.decode(Double.self, forKey: .maximumSpeed)
        fixesUsed = try c.decode(Int.self, forKey: .fixesUsed)
        estimatedStart = try c.decodeIfPresent(Bool.self, forKey: .estimatedStart) ?? false
        if let packed = try c.decodeIfPresent(String.self, forKey: .packedTrack) {
            do {
                track = try PackedTrack.decode(packed)
            } catch {
                throw DecodingError.dataCorruptedError(
                    forKey: .packedTrack, in: c, debugDescription: error.description)
            }
        } else {
            track = try c.decode([TrackPoint].self, forKey: .track)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(start, forKey: .start)
        try c.encode(startCoordinate, forKey: .startCoordinate)
        try c.encode(distance, forKey: .distance)
        try c.encode(idleSeconds, forKey: .idleSeconds)
        try c.encode(idlePeriods, forKey: .idlePeriods)
        try c.encode(maximumSpeed, forKey: .maximumSpeed)
        try c.encode(fixesUsed, forKey: .fixesUsed)
        if estimatedStart { try c.encode(estimatedStart, forKey: .estimatedStart) }
        try c.encode(PackedTrack.encode(track), forKey: .packedTrack)
    }
}
