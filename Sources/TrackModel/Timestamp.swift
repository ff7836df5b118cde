/// A UTC instant, as seconds since 1970-01-01T00:00:00Z (leap seconds not counted, as in POSIX time).
///
/// A small value type of its own keeps the pure core free of Foundation and of any clock:
/// engines take their time from fixes only.
public struct Timestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var secondsSince1970: Double

    public init(secondsSince1970: Double) {
        self.secondsSince1970 = secondsSince1970
    }

    /// A timestamp from a proleptic Gregorian UTC date and time; `nil` if a field is out of range.
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Double = 0) {
        guard (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), second >= 0, second < 61
        else { return nil }
        let days = CivilDate.daysFromCivil(year: year, month: month, day: day)
        self.secondsSince1970 = Double(days * 86_400 + hour * 3_600 + minute * 60) + second
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    public static func - (lhs: Timestamp, rhs: Timestamp) -> Double { lhs.secondsSince1970 - rhs.secondsSince1970 }

    public static func + (lhs: Timestamp, rhs: Double) -> Timestamp {
        Timestamp(secondsSince1970: lhs.secondsSince1970 + rhs)
    }

    /// Days since 1970-01-01 of this instant's UTC date.
    public var dayNumber: Int { Int((secondsSince1970 / 86_400).rounded(.down)) }

    /// The UTC calendar fields, with the second rounded to whole milliseconds.
    public var components: (year: Int, month: Int, day: Int, hour: Int, minute: Int, millisecond: Int) {
        let totalMilliseconds = Int64((secondsSince1970 * 1_000).rounded())
        var days = totalMilliseconds / 86_400_000
        var msOfDay = totalMilliseconds % 86_400_000
        if msOfDay < 0 {
            msOfDay += 86_400_000
            days -= 1
        }
        let date = CivilDate.civilFromDays(Int(days))
        let ms = Int(msOfDay)
        return (date.year, date.month, date.day, ms / 3_600_000, (ms / 60_000) % 60, ms % 60_000)
    }

    /// ISO 8601 in UTC with milliseconds, as gpsd writes it: `2026-11-21T07:30:00.000Z`.
    public var iso8601: String {
        let c = components
        var out = ""
        out.reserveCapacity(24)
        Self.append(c.year, width: 4, to: &out)
        out.append("-")
        Self.append(c.month, width: 2, to: &out)
        out.append("-")
        Self.append(c.day, width: 2, to: &out)
        out.append("T")
        Self.append(c.hour, width: 2, to: &out)
        out.append(":")
        Self.append(c.minute, width: 2, to: &out)
        out.append(":")
        Self.append(c.millisecond / 1_000, width: 2, to: &out)
        out.append(".")
        Self.append(c.millisecond % 1_000, width: 3, to: &out)
        out.append("Z")
        return out
    }

    public var description: String { iso8601 }

    /// Encoded as a plain number of seconds since 1970.
    public init(from decoder: any Decoder) throws {
        secondsSince1970 = try decoder.singleValueContainer().decode(Double.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(secondsSince1970)
    }

    private static func append(_ value: Int, width: Int, to out: inout String) {
        let digits = String(abs(value))
        if value < 0 { out.append("-") }
        if digits.count < width { out.append(String(repeating: "0", count: width - digits.count)) }
        out.append(digits)
    }

    /// Parses ISO 8601 / RFC 3339 date-times as used by gpsd and GPX: `YYYY-MM-DDThh:mm:ss[.fff](Z|±hh:mm)`.
    /// A missing zone is read as UTC. Returns `nil` for anything else.
    public init?(iso8601 text: some StringProtocol) {
        var bytes = Array(text.utf8)
        while let last = bytes.last,
            last == UInt8(ascii: " ") || last == UInt8(ascii: "\n")
                || last == UInt8(ascii: "\r") || last == UInt8(ascii: "\t")
        {
            bytes.removeLast()
        }
        var start = 0
        while start < bytes.count,
            bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\n")
                || bytes[start] == UInt8(ascii: "\r") || bytes[start] == UInt8(ascii: "\t")
        {
            start += 1
        }
        let result = bytes.withUnsafeBufferPointer { buffer in
            Self.parseISO8601(UnsafeBufferPointer(rebasing: buffer[start...]))
        }
        guard let result else { return nil }
        self = result
    }

    /// Parses an ISO 8601 date-time from raw bytes (no surrounding whitespace).
    public static func parseISO8601(_ b: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        var i = 0
        func digits(_ n: Int) -> Int? {
            guard i + n <= b.count else { return nil }
            var v = 0
            for k in 0..<n {
                let d = Int(b[i + k]) - 48
                guard d >= 0, d <= 9 else { return nil }
                v = v * 10 + d
            }
            i += n
            return v
        }
        func expect(_ c: Unicode.Scalar) -> Bool {
            guard i < b.count, b[i] == UInt8(ascii: c) else { return false }
            i += 1
            return true
        }
        guard let year = digits(4), expect("-"), let month = digits(2), expect("-"), let day = digits(2) else {
            return nil
        }
        guard i < b.count, b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "t") || b[i] == UInt8(ascii: " ")
        else { return nil }
        i += 1
        guard let hour = digits(2), expect(":"), let minute = digits(2), expect(":"), let whole = digits(2) else {
            return nil
        }
        var second = Double(whole)
        if i < b.count, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",") {
            i += 1
            var scale = 0.1
            var any = false
            while i < b.count, b[i] >= 48, b[i] <= 57 {
                second += Double(b[i] - 48) * scale
                scale /= 10
                i += 1
                any = true
            }
            guard any else { return nil }
        }
        var offsetSeconds = 0
        if i < b.count {
            switch b[i] {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                i += 1
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard let oh = digits(2) else { return nil }
                _ = expect(":")
                guard let om = digits(2), oh <= 23, om <= 59 else { return nil }
                offsetSeconds = sign * (oh * 3_600 + om * 60)
            default:
                return nil
            }
        }
        guard i == b.count, year >= 1, second < 61,
            let t = Timestamp(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        return Timestamp(secondsSince1970: t.secondsSince1970 - Double(offsetSeconds))
    }
}

/// Proleptic Gregorian calendar arithmetic (Howard Hinnant's days-from-civil algorithms).
public enum CivilDate {
    public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a civil date.
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date of a day number (days since 1970-01-01).
    public static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
