public import TrackModel

/// A calendar day (proleptic Gregorian), without a time zone; arithmetic goes through `TrackModel.CivilDate`.
public struct Day: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public var dayNumber: Int

    public init(dayNumber: Int) { self.dayNumber = dayNumber }

    /// A day from its fields; `nil` if the month or day is out of range.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day) else {
            return nil
        }
        dayNumber = CivilDate.daysFromCivil(year: year, month: month, day: day)
    }

    /// Parses exactly `YYYY-MM-DD`; `nil` for anything else.
    public init?(parsing text: some StringProtocol) {
        let b = Array(text.utf8)
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
            let y = Self.number(b[0..<4]), let m = Self.number(b[5..<7]), let d = Self.number(b[8..<10])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The UTC day of an instant shifted by `utcOffsetSeconds` (the local day at that instant).
    public init(_ time: Timestamp, utcOffsetSeconds: Int = 0) {
        let local = time.secondsSince1970 + Double(utcOffsetSeconds)
        dayNumber = Int((local / 86_400).rounded(.down))
    }

    public var fields: (year: Int, month: Int, day: Int) { CivilDate.civilFromDays(dayNumber) }
    public var year: Int { fields.year }
    public var month: Int { fields.month }
    public var day: Int { fields.day }

    /// The ISO weekday; 1970-01-01 was a Thursday.
    public var weekday: Weekday {
        let index = ((dayNumber + 3) % 7 + 7) % 7  // 0 = Monday
        return Weekday(rawValue: index + 1)!
    }

    /// The Monday of this day's ISO week.
    public var startOfWeek: Day { Day(dayNumber: dayNumber - (weekday.rawValue - 1)) }

    /// The first day of this day's month.
    public var startOfMonth: Day { Day(dayNumber: dayNumber - (day - 1)) }

    public func adding(days: Int) -> Day { Day(dayNumber: dayNumber + days) }

    /// The same day of month `months` later, clamped to the month's last day.
    public func adding(months: Int) -> Day {
        let f = fields
        let total = f.year * 12 + (f.month - 1) + months
        let year = Int((Double(total) / 12).rounded(.down))
        let month = total - year * 12 + 1
        return Day(year: year, month: month, day: min(f.day, CivilDate.daysIn(month: month, year: year)))!
    }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.dayNumber < rhs.dayNumber }

    /// `YYYY-MM-DD`.
    public var description: String {
        let f = fields
        return Self.pad(f.year, 4) + "-" + Self.pad(f.month, 2) + "-" + Self.pad(f.day, 2)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }

    static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return bytes.isEmpty ? nil : value
    }
}

/// ISO 8601 weekdays: Monday is 1, Sunday is 7.
public enum Weekday: Int, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case monday = 1
    case tuesday, wednesday, thursday, friday, saturday, sunday

    public static let workdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]
    public static let weekend: Set<Weekday> = [.saturday, .sunday]

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
