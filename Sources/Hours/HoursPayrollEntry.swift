import CalendarDays
public import Foundation

/// An entry as the payroll system receives it (`PUT {endpoint}/{id}`): times in ISO 8601 with the local offset.
public struct HoursPayrollEntry: Sendable, Hashable, Codable {
    public var id: String
    public var driver: String
    public var date: String
    public var start: String
    public var end: String
    public var rawStart: String
    public var rawEnd: String
    public var breakMinutes: Int
    public var workedMinutes: Int
    public var netMinutes: Int
    public var message: String
    public var vehicle: String?
    public var timezone: String

    enum CodingKeys: String, CodingKey {
        case id, driver, date, start, end, message, vehicle, timezone
        case rawStart = "raw_start"
        case rawEnd = "raw_end"
        case breakMinutes = "break_minutes"
        case workedMinutes = "worked_minutes"
        case netMinutes = "net_minutes"
    }

    /// nil for a running entry (it is sent once it ends).
    public init?(_ entry: HoursEntry, zone: WorkZone) {
        guard let end = entry.end, let rawEnd = entry.rawEnd else { return nil }
        id = entry.id.uuidString.lowercased()
        driver = entry.driver
        date = entry.day.description
        start = zone.iso8601(entry.start.date)
        self.end = zone.iso8601(end.date)
        rawStart = zone.iso8601(entry.rawStart.date)
        self.rawEnd = zone.iso8601(rawEnd.date)
        breakMinutes = entry.breakMinutes
        workedMinutes = entry.workedMinutes
        netMinutes = entry.netMinutes
        message = entry.message
        vehicle = entry.vehicle
        timezone = zone.identifier
    }

    /// Compact JSON with keys in a fixed order.
    public var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}
