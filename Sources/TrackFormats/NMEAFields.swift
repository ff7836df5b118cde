internal import TrackModel

/// Byte-level field access and number parsing for NMEA 0183 sentences.
///
/// Everything here works on raw bytes of one sentence body (after `$`, before `*`); nothing allocates.
/// Numbers are parsed by hand into `Double`/`Int`: a decimal with up to 17 significant digits is
/// read as an exact integer mantissa divided once by an exact power of ten, which rounds correctly.

/// The outcome of reading one field.
enum NMEAValue<T> {
    /// The field was empty (or missing from the sentence).
    case empty
    /// The field held something that is not a valid value.
    case invalid
    case value(T)

    var value: T? {
        if case .value(let v) = self { return v }
        return nil
    }

    var isInvalid: Bool {
        if case .invalid = self { return true }
        return false
    }
}

/// One comma-separated field: byte offsets `start..<end` into the line buffer.
struct NMEAField {
    var start: Int
    var end: Int

    var isEmpty: Bool { start >= end }
    var count: Int { end - start }
}

/// Walks the comma-separated fields of a sentence body from left to right.
///
/// Fields past the end of the sentence read as empty, as gpsd does (its parser points them at "").
/// The comma offsets come from the line's one scan (`NMEACommas`) when it found them all; else the cursor
/// looks for each comma itself.
struct NMEAFieldCursor {
    let base: UnsafePointer<UInt8>
    var position: Int
    let end: Int
    /// How many of the fields returned so far exist in the sentence.
    var existing = 0
    /// Offsets of the commas from `position` on, when known: `commas[next..<commaCount]`.
    let commas: UnsafePointer<Int32>?
    let commaCount: Int
    var nextComma = 0

    init(base: UnsafePointer<UInt8>, start: Int, end: Int, commas: UnsafePointer<Int32>? = nil, commaCount: Int = 0) {
        self.base = base
        self.position = start
        self.end = end
        self.commas = commas
        self.commaCount = commaCount
    }

    /// The next field (empty when the sentence has no more fields).
    @inline(__always)
    mutating func next() -> NMEAField {
        if position > end { return NMEAField(start: end, end: end) }
        existing += 1
        var i: Int
        if let commas {
            i = nextComma < commaCount ? Int(commas[nextComma]) : end
            nextComma += 1
        } else {
            i = position
            while i < end, base[i] != UInt8(ascii: ",") { i += 1 }
        }
        let field = NMEAField(start: position, end: i)
        position = i + 1
        return field
    }

    /// Skips `n` fields.
    @inline(__always)
    mutating func skip(_ n: Int) {
        for _ in 0..<n { _ = next() }
    }

    /// Whether the sentence has at least `n` fields after its tag (gpsd's field count minus one).
    /// The cursor itself does not move.
    @inline(__always)
    func has(_ n: Int) -> Bool {
        if existing >= n { return true }
        var probe = self
        while probe.existing < n, probe.position <= probe.end { _ = probe.next() }
        return probe.existing >= n
    }

    /// The number of fields after the tag, counted from a copy (the cursor itself does not move).
    var fieldCount: Int {
        var probe = self
        while probe.position <= probe.end { _ = probe.next() }
        return probe.existing
    }
}

/// Exact powers of ten as `Double` (10^0 ... 10^18 are all exactly representable).
@inline(__always)
func nmeaPowerOfTen(_ k: Int) -> Double {
    switch k {
    case 0: return 1
    case 1: return 1e1
    case 2: return 1e2
    case 3: return 1e3
    case 4: return 1e4
    case 5: return 1e5
    case 6: return 1e6
    case 7: return 1e7
    case 8: return 1e8
    case 9: return 1e9
    case 10: return 1e10
    case 11: return 1e11
    case 12: return 1e12
    case 13: return 1e13
    case 14: return 1e14
    case 15: return 1e15
    case 16: return 1e16
    case 17: return 1e17
    default: return 1e18
    }
}

/// 10^k as an integer, 0 ≤ k ≤ 18.
@inline(__always)
func nmeaIntegerPowerOfTen(_ k: Int) -> UInt64 {
    switch k {
    case 0: return 1
    case 1: return 10
    case 2: return 100
    case 3: return 1_000
    case 4: return 10_000
    case 5: return 100_000
    case 6: return 1_000_000
    case 7: return 10_000_000
    case 8: return 100_000_000
    case 9: return 1_000_000_000
    case 10: return 10_000_000_000
    case 11: return 100_000_000_000
    default: return 1_000_000_000_000
    }
}

extension UnsafePointer<UInt8> {
    /// Reads a decimal number `[+-]digits[.digits]` (at least one digit) from `field`.
    @inline(__always)
    func nmeaDecimal(_ field: NMEAField) -> NMEAValue<Double> {
        if field.isEmpty { return .empty }
        var i = field.start
        let end = field.end
        var negative = false
        if self[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        } else if self[i] == UInt8(ascii: "+") {
            i += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0  // significant digits accumulated in `mantissa`
        var anyDigit = false
        var scale = 0  // digits after the point that went into `mantissa`
        var integerDigits = 0
        while i < end {
            let d = self[i] &- 48
            if d > 9 { break }
            if digits > 0 || d != 0 {
                digits += 1
                if digits > 17 { return .invalid }  // an integer part this long is no NMEA value
            }
            mantissa = mantissa &* 10 &+ UInt64(d)
            anyDigit = true
            integerDigits += 1
            i += 1
        }
        if i < end, self[i] == UInt8(ascii: ".") {
            i += 1
            while i < end {
                let d = self[i] &- 48
                if d > 9 { break }
                anyDigit = true
                if digits < 17, scale < 18 {
                    if digits > 0 || d != 0 { digits += 1 }
                    mantissa = mantissa &* 10 &+ UInt64(d)
                    scale += 1
                }
                i += 1
            }
        }
        guard anyDigit, i == end else { return .invalid }
        var value = Double(mantissa)
        if scale > 0 { value /= nmeaPowerOfTen(scale) }
        return .value(negative ? -value : value)
    }

    /// Reads a non-negative decimal integer (digits only).
    @inline(__always)
    func nmeaInteger(_ field: NMEAField) -> NMEAValue<Int> {
        if field.isEmpty { return .empty }
        if field.count > 9 { return .invalid }
        var value = 0
        for i in field.start..<field.end {
            let d = self[i] &- 48
            if d > 9 { return .invalid }
            value = value * 10 + Int(d)
        }
        return .value(value)
    }

    /// Reads `hhmmss[.sss]` as seconds since midnight.
    @inline(__always)
    func nmeaTimeOfDay(_ field: NMEAField) -> NMEAValue<Double> {
        if field.isEmpty { return .empty }
        guard field.count >= 6 else { return .invalid }
        let s = field.start
        let hour = nmeaTwoDigits(s)
        let minute = nmeaTwoDigits(s + 2)
        let second = nmeaTwoDigits(s + 4)
        guard hour >= 0, minute >= 0, second >= 0, hour < 24, minute < 60, second <= 60 else { return .invalid }
        var fraction = 0.0
        if field.count > 6 {
            guard self[s + 6] == UInt8(ascii: ".") else { return .invalid }
            var mantissa: UInt64 = 0
            var scale = 0
            var i = s + 7
            while i < field.end {
                let d = self[i] &- 48
                if d > 9 { return .invalid }
                if scale < 9 {
                    mantissa = mantissa * 10 + UInt64(d)
                    scale += 1
                }
                i += 1
            }
            if scale > 0 { fraction = Double(mantissa) / nmeaPowerOfTen(scale) }
        }
        return .value(Double(hour * 3_600 + minute * 60 + second) + fraction)
    }

    /// Reads a latitude or longitude `[d]ddmm[.mmmm]` with its hemisphere letter.
    ///
    /// `positive` and `negative` are the hemisphere letters (`N`/`S` or `E`/`W`); `limit` is 90 or 180.
    @inline(__always)
    func nmeaAngle(
        _ field: NMEAField, hemisphere: NMEAField, positive: UInt8, negative: UInt8, limit: Double
    ) -> NMEAValue<Double> {
        if field.isEmpty || hemisphere.isEmpty { return .empty }
        guard hemisphere.count == 1 else { return .invalid }
        let h = self[hemisphere.start]
        guard h == positive || h == negative else { return .invalid }
        var i = field.start
        let end = field.end
        var whole = 0
        var wholeDigits = 0
        while i < end {
            let d = self[i] &- 48
            if d > 9 { break }
            whole = whole * 10 + Int(d)
            wholeDigits += 1
            if wholeDigits > 5 { return .invalid }
            i += 1
        }
        guard wholeDigits >= 1 else { return .invalid }
        var fraction: UInt64 = 0
        var scale = 0
        if i < end, self[i] == UInt8(ascii: ".") {
            i += 1
            while i < end {
                let d = self[i] &- 48
                if d > 9 { break }
                if scale < 12 {
                    fraction = fraction * 10 + UInt64(d)
                    scale += 1
                }
                i += 1
            }
        }
        guard i == end else { return .invalid }
        let degrees = whole / 100
        let wholeMinutes = whole % 100
        guard wholeMinutes < 60 else { return .invalid }
        // minutes × 10^scale as one exact integer, turned into degrees by one division by the exact
        // 60 × 10^scale: the fraction of a degree is correctly rounded.
        let scaled = UInt64(wholeMinutes) * nmeaIntegerPowerOfTen(scale) + fraction
        let value = Double(degrees) + Double(scaled) / (60 * nmeaPowerOfTen(scale))
        guard value <= limit else { return .invalid }
        return .value(h == negative ? -value : value)
    }

    /// Reads `ddmmyy` as days since 1970-01-01; two-digit years are 1980...2079.
    @inline(__always)
    func nmeaDate(_ field: NMEAField) -> NMEAValue<Int> {
        if field.isEmpty { return .empty }
        guard field.count == 6 else { return .invalid }
        let s = field.start
        let day = nmeaTwoDigits(s)
        let month = nmeaTwoDigits(s + 2)
        let yy = nmeaTwoDigits(s + 4)
        guard day >= 0, month >= 0, yy >= 0 else { return .invalid }
        let year = yy < 80 ? 2000 + yy : 1900 + yy
        guard (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day) else {
            return .invalid
        }
        return .value(CivilDate.daysFromCivil(year: year, month: month, day: day))
    }

    /// Two decimal digits at `i` as 0...99, or -1 when either is not a digit.
    @inline(__always)
    func nmeaTwoDigits(_ i: Int) -> Int {
        let a = self[i] &- 48
        let b = self[i + 1] &- 48
        if a > 9 || b > 9 { return -1 }
        return Int(a) * 10 + Int(b)
    }

    /// The first byte of a field, or 0 when it is empty.
    @inline(__always)
    func nmeaFirstByte(_ field: NMEAField) -> UInt8 {
        field.isEmpty ? 0 : self[field.start]
    }

    /// Whether the field is exactly one given byte.
    @inline(__always)
    func nmeaIs(_ field: NMEAField, _ byte: UInt8) -> Bool {
        field.count == 1 && self[field.start] == byte
    }
}

/// The text of the last time, latitude or longitude field read (up to 16 bytes, with its hemisphere letter) and its
/// value: the sentences of one epoch repeat them (a GGA after the RMC of the same second), and a field whose text
/// is the same is taken without being parsed again.
struct NMEAFieldMemo {
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    private var count = -1
    /// The hemisphere field: its letter, 0x100 when empty, 0x1FF when longer than one byte.
    private var hemisphere: UInt16 = 0
    private var value = NMEAValue<Double>.empty

    /// The value of `field` (with the `hemisphere` field's letter): remembered when the text is the one read last
    /// time, else `parse()`, remembered.
    @inline(__always)
    mutating func value(
        _ base: UnsafePointer<UInt8>, _ field: NMEAField, hemisphere: NMEAField? = nil,
        _ parse: () -> NMEAValue<Double>
    ) -> NMEAValue<Double> {
        let n = field.count
        guard n > 0, n <= 16 else { return parse() }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: base + field.start, byteCount: n) }
        let letter: UInt16 =
            hemisphere.map { $0.count == 1 ? UInt16(base[$0.start]) : $0.count == 0 ? 0x100 : 0x1FF } ?? 0
        if n == count, words.0 == low, words.1 == high, letter == self.hemisphere { return value }
        let parsed = parse()
        (low, high, count, self.hemisphere, value) = (words.0, words.1, n, letter, parsed)
        return parsed
    }
}

/// The checksum and the comma offsets of a sentence body, found in one pass eight bytes at a time.
enum NMEACommas {
    /// The most commas recorded (NMEA 0183 sentences have at most some 30 fields).
    static let capacity = 48

    /// XOR of `base[start..<end]`, and the offsets of its commas written to `commas` (up to `capacity`); the count
    /// is -1 when there were more commas than that (the checksum is still that of the whole body).
    @inline(__always)
    static func scan(
        _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, into commas: UnsafeMutablePointer<Int32>
    ) -> (checksum: UInt8, commaCount: Int) {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let high: UInt64 = 0x8080_8080_8080_8080
        var accumulator: UInt64 = 0
        var count = 0
        var i = start
        while end - i >= 8 {
            // Byte k of the line is byte k (bits 8k...8k+7) of the word, whatever the machine's byte order.
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            accumulator ^= word
            let x = word ^ 0x2C2C_2C2C_2C2C_2C2C  // ','
            // A byte of `x` is zero exactly when its high bit is clear in ((x & 0x7F…) + 0x7F…) | x.
            var found = ~(((x & low7) &+ low7) | x) & high
            while found != 0 {
                if count < capacity { commas[count] = Int32(i + found.trailingZeroBitCount >> 3) }
                count += 1
                found &= found &- 1
            }
            i += 8
        }
        accumulator ^= accumulator >> 32
        accumulator ^= accumulator >> 16
        accumulator ^= accumulator >> 8
        var sum = UInt8(truncatingIfNeeded: accumulator)
        while i < end {
            let b = base[i]
            sum ^= b
            if b == UInt8(ascii: ",") {
                if count < capacity { commas[count] = Int32(i) }
                count += 1
            }
            i += 1
        }
        return (sum, count <= capacity ? count : -1)
    }
}
