public import TrackModel

/// UTF-8 text that the track writers append to, as bytes: writing a fix costs no allocation (numbers, times
/// and literals go straight into the bytes), and the caller writes `bytes` to a file descriptor as they are.
///
/// `out += text` appends a `String`, so writers read as string building; `append(_:)` with a `StaticString`
/// copies a literal's bytes without going through `String`.
public struct TextBuffer: Sendable {
    public var bytes: [UInt8]

    public init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    public var count: Int { bytes.count }
    public var isEmpty: Bool { bytes.isEmpty }

    /// The text (invalid UTF-8, which writers never produce, would be repaired).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func removeAll(keepingCapacity: Bool = true) {
        bytes.removeAll(keepingCapacity: keepingCapacity)
    }

    @inline(__always)
    public static func += (lhs: inout TextBuffer, rhs: String) {
        lhs.bytes.append(contentsOf: rhs.utf8)
    }

    /// Appends a literal.
    @inline(__always)
    public mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    public mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends an integer in decimal.
    @inline(__always)
    public mutating func append(integer value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, minimumWidth: 1)
    }

    /// Appends `value` in decimal, zero-padded to `minimumWidth` digits.
    @inline(__always)
    mutating func appendDigits(_ value: UInt, minimumWidth: Int) {
        var digits = 1
        var limit: UInt = 10
        while digits < 20, value >= limit {
            digits += 1
            limit = limit &* 10
        }
        let width = max(digits, minimumWidth)
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width))
        bytes.withUnsafeMutableBufferPointer { b in
            var v = value
            var i = start + width - 1
            while v > 0 {
                b[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
                v /= 10
                i -= 1
            }
        }
    }

    /// Appends `value` rounded to `decimals` (0...12) places: locale-free, never in exponent notation (XML schema
    /// decimals and KML forbid it), trailing zeros trimmed. Non-finite values append "0".
    public mutating func append(_ value: Double, decimals: Int) {
        guard value.isFinite else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        let scale = DecimalText.powersOfTen[decimals]
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9.0e18 else {
            // Too large for fixed point in Int64: the shortest round-trip form.
            self += String(value)
            return
        }
        var units = UInt64(scaled)
        let divisor = UInt64(scale)
        if value < 0, units != 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(UInt(units / divisor), minimumWidth: 1)
        units %= divisor
        guard decimals > 0, units != 0 else { return }
        var places = decimals
        while units % 10 == 0 {
            units /= 10
            places -= 1
        }
        bytes.append(UInt8(ascii: "."))
        appendDigits(UInt(units), minimumWidth: places)
    }

    /// Appends ISO 8601 in UTC with milliseconds, as gpsd writes it: `2026-11-21T07:30:00.000Z` (the same text as
    /// `Timestamp.iso8601`).
    public mutating func append(iso8601 time: Timestamp) {
        let c = time.components
        if c.year < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(UInt(c.year.magnitude), minimumWidth: 4)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(UInt(c.month), minimumWidth: 2)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(UInt(c.day), minimumWidth: 2)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(UInt(c.hour), minimumWidth: 2)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(UInt(c.minute), minimumWidth: 2)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(UInt(c.millisecond / 1_000), minimumWidth: 2)
        bytes.append(UInt8(ascii: "."))
        appendDigits(UInt(c.millisecond % 1_000), minimumWidth: 3)
        bytes.append(UInt8(ascii: "Z"))
    }
}
