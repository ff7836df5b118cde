/// A day of the proleptic Gregorian calendar without a time zone: the day a shift belongs to, a pay period's
/// bounds, the day an advance was paid or a price indexing takes effect. Shared by the domains (which do not
/// import each other) from this small pure target.
public struct CalendarDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public var dayNumber: Int

    public init(dayNumber: Int) { self.dayNumber = dayNumber }

    /// A day from its fields; nil if the month or the day is out of range.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        dayNumber = era * 146_097 + doe - 719_468
    }

    /// Exactly `YYYY-MM-DD`; nil for anything else.
    public init?(parsing text: some StringProtocol) {
        let b = Array(text.utf8)
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
            let y = Self.number(b[0..<4]), let m = Self.number(b[5..<7]), let d = Self.number(b[8..<10])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public var fields: (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    public var year: Int { fields.year }
    public var month: Int { fields.month }
    public var day: Int { fields.day }

    /// ISO weekday: 1 Monday … 7 Sunday (1970-01-01 was a Thursday).
    public var isoWeekday: Int { ((dayNumber + 3) % 7 + 7) % 7 + 1 }

    public func adding(days: Int) -> CalendarDay { CalendarDay(dayNumber: dayNumber + days) }

    /// The first day of this day's month.
    public var startOfMonth: CalendarDay { adding(days: 1 - day) }

    /// The last day of this day's month.
    public var endOfMonth: CalendarDay {
        let f = fields
        return adding(days: Self.daysIn(month: f.month, year: f.year) - f.day)
    }

    /// The first day of the month `months` after this day's month.
    public func startOfMonth(adding months: Int) -> CalendarDay {
        let f = fields
        let total = f.year * 12 + (f.month - 1) + months
        let year = total >= 0 ? total / 12 : (total - 11) / 12
        return CalendarDay(year: year, month: total - year * 12 + 1, day: 1)!
    }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool { a.dayNumber < b.dayNumber }

    /// `YYYY-MM-DD`.
    public var description: String {
        let f = fields
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let year = String(f.year)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-" + two(f.month) + "-" + two(f.day)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = CalendarDay(parsing: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "expected a date YYYY-MM-DD, got '\(text)'"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
