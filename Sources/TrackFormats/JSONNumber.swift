/// Decimal numbers read straight from bytes, without building a `String`.
///
/// Shared by the gpsd-JSON scanner (strict JSON grammar) and the GPX decoder (the more lenient
/// `xsd:decimal` / `xsd:double` spelling). Results are correctly rounded: numbers with at most 19
/// significant digits and a decimal exponent within ±22 take Clinger's exact fast path (an integer
/// mantissa that fits a `Double` exactly, multiplied or divided once by an exact power of ten);
/// anything else falls back to the standard library's correctly rounded conversion.
enum JSONNumber {
    /// Exact powers of ten representable as `Double`.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    @inline(__always)
    private static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

    /// Scans the number starting at `start` and returns its value and the index just past it.
    ///
    /// - `strict`: the JSON grammar `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    /// - otherwise: `[+-]?` digits with an optional fraction (`1.`, `.5` allowed) and exponent.
    /// Returns `nil` when no number starts at `start`. The value may be infinite when the exponent
    /// overflows; callers check `isFinite` where it matters.
    static func scan(_ b: UnsafeBufferPointer<UInt8>, from start: Int, strict: Bool) -> (value: Double, end: Int)? {
        var i = start
        let n = b.count
        var negative = false
        if i < n, b[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        } else if !strict, i < n, b[i] == UInt8(ascii: "+") {
            i += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var exponent = 0
        var inexact = false
        var intDigits = 0
        if strict, i < n, b[i] == UInt8(ascii: "0") {
            // A leading zero stands alone in JSON.
            i += 1
            intDigits = 1
        } else {
            while i < n, isDigit(b[i]) {
                let d = UInt64(b[i] &- 0x30)
                if mantissa == 0 && d == 0 {
                    // leading zero: not significant
                } else if significant < 19 {
                    mantissa = mantissa &* 10 &+ d
                    significant += 1
                } else {
                    exponent += 1
                    inexact = true
                }
                i += 1
                intDigits += 1
            }
        }
        if strict, intDigits == 0 { return nil }
        var fracDigits = 0
        if i < n, b[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, isDigit(b[i]) {
                let d = UInt64(b[i] &- 0x30)
                if mantissa == 0 && d == 0 {
                    exponent -= 1
                } else if significant < 19 {
                    mantissa = mantissa &* 10 &+ d
                    significant += 1
                    exponent -= 1
                } else {
                    inexact = true
                }
                i += 1
                fracDigits += 1
            }
            // "1." is not JSON; leniently it is, when digits came before the dot.
            if fracDigits == 0, strict || intDigits == 0 { return nil }
        }
        guard intDigits + fracDigits > 0 else { return nil }
        if i < n, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            var j = i + 1
            var expNegative = false
            if j < n, b[j] == UInt8(ascii: "+") || b[j] == UInt8(ascii: "-") {
                expNegative = b[j] == UInt8(ascii: "-")
                j += 1
            }
            guard j < n, isDigit(b[j]) else {
                // An 'e' without digits: not a number in JSON; leniently the number ends before it.
                if strict { return nil }
                return value(b, start, i, negative, mantissa, exponent, inexact)
            }
            var e = 0
            while j < n, isDigit(b[j]) {
                if e < 100_000 { e = e * 10 + Int(b[j] &- 0x30) }
                j += 1
            }
            exponent += expNegative ? -e : e
            i = j
        }
        return value(b, start, i, negative, mantissa, exponent, inexact)
    }

    @inline(__always)
    private static func value(
        _ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
        _ negative: Bool, _ mantissa: UInt64, _ exponent: Int, _ inexact: Bool
    ) -> (value: Double, end: Int)? {
        if mantissa == 0 { return (negative ? -0.0 : 0.0, end) }
        if !inexact, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            var v = Double(mantissa)
            if exponent >= 0 { v *= powersOfTen[exponent] } else { v /= powersOfTen[-exponent] }
            return (negative ? -v : v, end)
        }
        // Rare: long mantissas or large exponents. The bytes are a validated decimal.
        let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
        guard let v = Double(text) else { return nil }
        return (v, end)
    }

    /// The whole of `b` (surrounding XML whitespace ignored) as a lenient decimal, or `nil`.
    static func parseWhole(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        var lo = 0
        var hi = b.count
        while lo < hi, isXMLSpace(b[lo]) { lo += 1 }
        while hi > lo, isXMLSpace(b[hi - 1]) { hi -= 1 }
        guard lo < hi else { return nil }
        let trimmed = UnsafeBufferPointer(rebasing: b[lo..<hi])
        if let value = plainDecimal(trimmed) { return value }
        guard let (value, end) = scan(trimmed, from: 0, strict: false), end == trimmed.count, value.isFinite else {
            return nil
        }
        return value
    }

    /// The usual spelling of a GPX value, `-?digits[.digits]` with at most 17 digits after the point and a mantissa
    /// below 2^53, in one pass: the same value `scan` gives (Clinger's fast path: the exact integer divided once by
    /// an exact power of ten), or `nil` for anything else, which `scan` then reads.
    @inline(__always)
    static func plainDecimal(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = b.count
        guard n > 0, n <= 19 else { return nil }
        var i = 0
        let negative = b[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fraction = -1  // digits after the point, -1 before it
        while i < n {
            let c = b[i]
            let d = c &- 0x30
            if d < 10 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                digits += 1
                if fraction >= 0 { fraction += 1 }
            } else if c == UInt8(ascii: "."), fraction < 0 {
                fraction = 0
            } else {
                return nil
            }
            i += 1
        }
        guard digits > 0, mantissa <= 1 << 53, fraction <= 17 else { return nil }
        var value = Double(mantissa)
        if fraction > 0 { value /= nmeaPowerOfTen(fraction) }
        return negative ? -value : value
    }

    @inline(__always)
    static func isXMLSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D }
}
