/// A small validating JSON scanner over the bytes of one line.
///
/// It does not build a document: callers walk an object member by member, read the values they
/// need (numbers, strings, booleans) and `skipValue()` the rest, which is still fully validated
/// (nesting depth is capped so that hostile input cannot exhaust the stack). Strings are returned
/// as byte ranges into the line; only strings that contain escapes need `decodeString`.
/// UTF-8 inside strings is passed through, not validated.
struct JSONLineScanner {
    /// The deepest nesting `skipValue` accepts.
    static let maxDepth = 64

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// A string token: the raw bytes between the quotes.
    struct StringToken {
        var start: Int
        var end: Int
        var hasEscapes: Bool
        var count: Int { end - start }
    }

    var atEnd: Bool { index >= bytes.count }

    @inline(__always)
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Consumes `byte` (after whitespace) if it is next.
    @inline(__always)
    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        if index < bytes.count, bytes[index] == byte {
            index += 1
            return true
        }
        return false
    }

    /// Scans a string whose opening quote is at `index`; on success `index` is past the closing quote.
    mutating func scanString() -> StringToken? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        var i = index + 1
        let start = i
        var escapes = false
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                index = i + 1
                return StringToken(start: start, end: i, hasEscapes: escapes)
            } else if c == UInt8(ascii: "\\") {
                escapes = true
                guard i + 1 < n else { return nil }
                switch bytes[i + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    i += 2
                case UInt8(ascii: "u"):
                    guard i + 5 < n, Self.hexValue(bytes[i + 2]) != nil, Self.hexValue(bytes[i + 3]) != nil,
                        Self.hexValue(bytes[i + 4]) != nil, Self.hexValue(bytes[i + 5]) != nil
                    else { return nil }
                    i += 6
                default:
                    return nil
                }
            } else if c < 0x20 {
                return nil  // control characters must be escaped
            } else {
                i += 1
            }
        }
        return nil
    }

    /// The decoded bytes (UTF-8) of a string token. Unpaired surrogates become U+FFFD.
    func decodeString(_ token: StringToken) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(token.count)
        var i = token.start
        while i < token.end {
            let c = bytes[i]
            guard c == UInt8(ascii: "\\") else {
                out.append(c)
                i += 1
                continue
            }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(at: i)
                i += 4
                if scalar >= 0xD800, scalar < 0xDC00, i + 6 <= token.end,
                    bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u")
                {
                    let low = hex4(at: i + 2)
                    if low >= 0xDC00, low < 0xE000 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                let unicode = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: UTF8.encode(unicode)!)
            default: out.append(e)  // \" \\ \/
            }
        }
        return out
    }

    private func hex4(at i: Int) -> UInt32 {
        var v: UInt32 = 0
        for k in 0..<4 { v = v << 4 | UInt32(Self.hexValue(bytes[i + k]) ?? 0) }
        return v
    }

    @inline(__always)
    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Scans a JSON number at `index`.
    @inline(__always)
    mutating func scanNumber() -> Double? {
        guard let (value, end) = JSONNumber.scan(bytes, from: index, strict: true) else { return nil }
        index = end
        return value
    }

    /// Scans `true`, `false` or `null` at `index`; returns the literal's first byte or `nil`.
    mutating func scanLiteral() -> UInt8? {
        guard let first = peek else { return nil }
        let word: StaticString
        switch first {
        case UInt8(ascii: "t"): word = "true"
        case UInt8(ascii: "f"): word = "false"
        case UInt8(ascii: "n"): word = "null"
        default: return nil
        }
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return nil }
        let w = word.utf8Start
        for k in 0..<count where bytes[index + k] != w[k] { return nil }
        index += count
        return first
    }

    /// Skips (and validates) any value at `index`, after whitespace.
    mutating func skipValue(depth: Int = 0) -> Bool {
        skipWhitespace()
        guard let c = peek else { return false }
        switch c {
        case UInt8(ascii: "\""):
            return scanString() != nil
        case UInt8(ascii: "{"):
            guard depth < Self.maxDepth else { return false }
            index += 1
            if consume(UInt8(ascii: "}")) { return true }
            repeat {
                skipWhitespace()
                guard scanString() != nil, consume(UInt8(ascii: ":")), skipValue(depth: depth + 1) else { return false }
            } while consume(UInt8(ascii: ","))
            return consume(UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            guard depth < Self.maxDepth else { return false }
            index += 1
            if consume(UInt8(ascii: "]")) { return true }
            repeat {
                guard skipValue(depth: depth + 1) else { return false }
            } while consume(UInt8(ascii: ","))
            return consume(UInt8(ascii: "]"))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return scanNumber() != nil
        default:
            return scanLiteral() != nil
        }
    }

    /// Whether the token's raw bytes equal `literal` (for tokens without escapes).
    @inline(__always)
    func token(_ token: StringToken, is literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard token.count == count else { return false }
        let l = literal.utf8Start
        var k = 0
        while k < count {
            if bytes[token.start + k] != l[k] { return false }
            k += 1
        }
        return true
    }
}
