import CalendarDays
public import Foundation

/// The shift as the payroll system receives it (`PUT {endpoint}/{id}`): times in ISO 8601 with the local offset.
public struct ShiftSubmission: Sendable, Hashable, Codable {
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

    /// nil for a running shift (it is sent once it ends).
    public init?(_ shift: Shift, zone: WorkZone) {
        guard let end = shift.end, let rawEnd = shift.rawEnd else { return nil }
        id = shift.id.uuidString.lowercased()
        driver = shift.driver
        date = shift.day.description
        start = zone.iso8601(shift.start.date)
        self.end = zone.iso8601(end.date)
        rawStart = zone.iso8601(shift.rawStart.date)
        self.rawEnd = zone.iso8601(rawEnd.date)
        breakMinutes = shift.breakMinutes
        workedMinutes = shift.workedMinutes
        netMinutes = shift.netMinutes
        message = shift.message
        vehicle = shift.vehicle
        timezone = zone.identifier
    }

    /// Compact JSON with keys in a fixed order.
    public var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}
