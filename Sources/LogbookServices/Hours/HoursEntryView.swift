public import Hours
public import LogbookStore
import CalendarDays
import Foundation

/// One entry as `hours list --format json`, `hours add|edit|start|stop --format json` and the API
/// (`/api/v1/hours/shifts…`) show it (a contract):
///
/// `{"id", "number", "driver", "date", "start", "end", "raw_start", "raw_end", "break_minutes",
/// "entered_break_minutes", "worked_minutes", "net_minutes", "overtime_minutes", "paid_minutes", "message",
/// "vehicle", "sync", "sync_error", "running", "paused", "repeated_times"}`
///
/// Times are ISO 8601 with the zone's offset at that moment; `id` is the entry's UUID, `number` its number in the
/// log (`hours edit` and `hours delete` take either). A running entry has `"end": null` and counts in no total; its
/// overtime is 0. `repeated_times` says, for a start or end the clocks repeated (the night they go back), which of
/// the two it is (`HoursRepeatedTimeView`); it is empty on every other night. `sync` is where the entry stands with
/// the payroll system (`pending`, `sent`, `failed`); `sync_error` the receiver's message for a change not sent yet
/// (why it was refused, or what the last try met), else null.
public struct HoursEntryView: Encodable, Sendable, Hashable {
    public var id: String
    public var number: Int64
    public var driver: String
    /// The local day the entry counts for, `YYYY-MM-DD`.
    public var date: String
    public var start: String
    public var end: String?
    public var rawStart: String
    public var rawEnd: String?
    public var breakMinutes: Int
    public var enteredBreakMinutes: Int
    public var workedMinutes: Int
    public var netMinutes: Int
    public var overtimeMinutes: Int
    /// Net minutes weighted by the day's and the overtime's rates, to a tenth of a minute.
    public var paidMinutes: Double
    public var message: String
    public var vehicle: String?
    public var sync: HoursSyncState
    public var syncError: String?
    public var running: Bool
    public var paused: Bool
    public var repeatedTimes: [HoursRepeatedTimeView]

    enum CodingKeys: String, CodingKey {
        case id, number, driver, date, start, end, message, vehicle, sync, running, paused
        case rawStart = "raw_start"
        case rawEnd = "raw_end"
        case breakMinutes = "break_minutes"
        case enteredBreakMinutes = "entered_break_minutes"
        case workedMinutes = "worked_minutes"
        case netMinutes = "net_minutes"
        case overtimeMinutes = "overtime_minutes"
        case paidMinutes = "paid_minutes"
        case repeatedTimes = "repeated_times"
        case syncError = "sync_error"
    }

    /// The stored entry with its overtime as its period counts it (`row`; none for a running entry).
    public init(_ stored: StoredHoursEntry, row: HoursSheet.Row?, zone: WorkZone) {
        let entry = stored.entry
        id = entry.id.uuidString.lowercased()
        number = stored.number
        driver = entry.driver
        date = entry.day.description
        start = zone.iso8601(entry.start.date)
        end = entry.end.map { zone.iso8601($0.date) }
        rawStart = zone.iso8601(entry.rawStart.date)
        rawEnd = entry.rawEnd.map { zone.iso8601($0.date) }
        breakMinutes = entry.breakMinutes
        enteredBreakMinutes = entry.enteredBreakMinutes
        workedMinutes = entry.workedMinutes
        netMinutes = entry.netMinutes
        overtimeMinutes = row?.overtimeMinutes ?? 0
        paidMinutes = Self.tenths(row?.paidMinutes ?? 0)
        message = entry.message
        vehicle = entry.vehicle
        sync = stored.sync
        syncError = stored.syncError
        running = entry.isRunning
        paused = stored.pausedAt != nil
        repeatedTimes = [("start", entry.rawStart), ("end", entry.rawEnd)].compactMap { field, moment in
            moment.flatMap { zone.repeatedTime(at: $0.date) }.map { HoursRepeatedTimeView(field: field, $0) }
        }
    }

    /// Minutes to a tenth, as the JSON has always carried them.
    static func tenths(_ minutes: Double) -> Double { (minutes * 10).rounded() / 10 }

    /// Every key is written, a missing end or vehicle as `null`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(number, forKey: .number)
        try c.encode(driver, forKey: .driver)
        try c.encode(date, forKey: .date)
        try c.encode(start, forKey: .start)
        try c.encode(end, forKey: .end)
        try c.encode(rawStart, forKey: .rawStart)
        try c.encode(rawEnd, forKey: .rawEnd)
        try c.encode(breakMinutes, forKey: .breakMinutes)
        try c.encode(enteredBreakMinutes, forKey: .enteredBreakMinutes)
        try c.encode(workedMinutes, forKey: .workedMinutes)
        try c.encode(netMinutes, forKey: .netMinutes)
        try c.encode(overtimeMinutes, forKey: .overtimeMinutes)
        try c.encode(paidMinutes, forKey: .paidMinutes)
        try c.encode(message, forKey: .message)
        try c.encode(vehicle, forKey: .vehicle)
        try c.encode(sync, forKey: .sync)
        try c.encode(syncError, forKey: .syncError)
        try c.encode(running, forKey: .running)
        try c.encode(paused, forKey: .paused)
        try c.encode(repeatedTimes, forKey: .repeatedTimes)
    }

    /// `HH:MM` of the (rounded) start, in the employer's zone.
    public var startClock: String { Self.clock(start) }
    /// `HH:MM` of the (rounded) end; nil while running.
    public var endClock: String? { end.map(Self.clock) }
    /// The local day the entry ends on, `YYYY-MM-DD`; nil while running.
    public var endDate: String? { end.map { String($0.prefix(10)) } }

    /// `HH:MM` of an ISO 8601 time with offset (`2026-11-02T07:00:00+02:00` → `07:00`).
    public static func clock(_ iso: String) -> String {
        let characters = Array(iso)
        guard characters.count >= 16 else { return iso }
        return String(characters[11..<16])
    }
}
