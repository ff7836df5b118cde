import Foundation
public import Hours

/// An entry as typed on the command line, on the form or sent to the API: a day, two wall-clock times (an end not
/// after the start is on the next day), the break in minutes, a message and a vehicle. Absent fields keep the
/// changed entry's values.
///
/// JSON and forms name the fields `date`, `start`, `end`, `end_date`, `break_minutes` (a number, or a duration such
/// as `45m`), `message`, `vehicle` (a plate; empty for none) and `driver`. A field left blank is one not given, but
/// a blank break is none and a blank message or vehicle clears it.
public struct HoursEntryInput: Decodable, Sendable, Hashable {
    public var date: RelativeDay?
    public var start: ClockTime?
    public var end: ClockTime?
    /// The day the entry ends, when neither the start's nor the next.
    public var endDate: RelativeDay?
    public var breakMinutes: Int?
    public var message: String?
    /// A plate; empty for none.
    public var vehicle: String?
    /// Whose entry (everyone's for those who change everyone's; a driver's entries are their own).
    public var driver: String?

    public init(
        date: RelativeDay? = nil, start: ClockTime? = nil, end: ClockTime? = nil, endDate: RelativeDay? = nil,
        breakMinutes: Int? = nil, message: String? = nil, vehicle: String? = nil, driver: String? = nil
    ) {
        self.date = date
        self.start = start
        self.end = end
        self.endDate = endDate
        self.breakMinutes = breakMinutes
        self.message = message
        self.vehicle = vehicle
        self.driver = driver
    }

    enum CodingKeys: String, CodingKey {
        case date, start, end, message, vehicle, driver
        case endDate = "end_date"
        case breakMinutes = "break_minutes"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        date = try HoursInputText.day(c, .date)
        start = try HoursInputText.time(c, .start)
        end = try HoursInputText.time(c, .end)
        endDate = try HoursInputText.day(c, .endDate)
        breakMinutes = try HoursInputText.minutes(c, .breakMinutes)
        message = try c.decodeIfPresent(String.self, forKey: .message)
        vehicle = try c.decodeIfPresent(String.self, forKey: .vehicle)
        driver = try HoursInputText.text(c, .driver)
    }

    /// Whether any of the times is given (the others then keep theirs).
    var changesTimes: Bool { date != nil || start != nil || end != nil || endDate != nil }
}

/// The readings of text fields every hours input shares: what does not read is refused naming the field.
enum HoursInputText {
    /// A text, nil when absent or blank.
    static func text<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> String? {
        guard let text = try c.decodeIfPresent(String.self, forKey: key)?.trimmingCharacters(in: .whitespaces),
            !text.isEmpty
        else { return nil }
        return text
    }

    static func day<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> RelativeDay? {
        try text(c, key).map { try day($0, field: key.stringValue) }
    }

    static func day(_ text: String, field: String) throws -> RelativeDay {
        guard let day = RelativeDay(parsing: text) else {
            throw ServiceError(.invalid, field: field, "\(RelativeDay.expected), got '\(text.prefix(40))'")
        }
        return day
    }

    static func time<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> ClockTime? {
        try text(c, key).map { try time($0, field: key.stringValue) }
    }

    static func time(_ text: String, field: String) throws -> ClockTime {
        guard let time = ClockTime(parsing: text) else {
            throw ServiceError(
                .invalid, field: field,
                "expected a time HH:MM (HH:MM+02:00 says which of two repeated times), got '\(text.prefix(20))'")
        }
        return time
    }

    /// A number of minutes, or a duration as text (`45m`, `1h`; blank: none). Text that is neither does not decode
    /// (a request of the wrong shape, like a value of the wrong type).
    static func minutes<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> Int? {
        if let number = try? c.decodeIfPresent(Int.self, forKey: key) { return number }
        guard let text = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
        if text.trimmingCharacters(in: .whitespaces).isEmpty { return 0 }
        guard let duration = HoursDuration(parsing: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: HoursDuration.expected)
        }
        return duration.minutes
    }
}
