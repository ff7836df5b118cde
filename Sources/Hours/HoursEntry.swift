import CalendarDays
public import Foundation

/// One stretch of work of one driver: start, end, break, a message and optionally the vehicle.
///
/// The raw times are what was typed or clocked; `start` and `end` are rounded when the entry is closed. A running
/// entry (the clock) has no end yet.
public struct HoursEntry: Sendable, Hashable, Identifiable {
    /// Stable across edits and devices: the payroll system knows the entry by it.
    public var id: UUID
    public var driver: String
    /// The local day the entry started on: the day it counts for.
    public var day: CalendarDay
    public var rawStart: Moment
    public var rawEnd: Moment?
    public var start: Moment
    public var end: Moment?
    /// The break typed in (or clocked with pause and resume).
    public var enteredBreakMinutes: Int
    /// The break deducted (at least the automatic break).
    public var breakMinutes: Int
    public var workedMinutes: Int
    public var netMinutes: Int
    public var message: String
    public var vehicle: String?

    public init(
        id: UUID, driver: String, day: CalendarDay, rawStart: Moment, rawEnd: Moment?, start: Moment, end: Moment?,
        enteredBreakMinutes: Int, breakMinutes: Int, workedMinutes: Int, netMinutes: Int, message: String,
        vehicle: String?
    ) {
        self.id = id
        self.driver = driver
        self.day = day
        self.rawStart = rawStart
        self.rawEnd = rawEnd
        self.start = start
        self.end = end
        self.enteredBreakMinutes = enteredBreakMinutes
        self.breakMinutes = breakMinutes
        self.workedMinutes = workedMinutes
        self.netMinutes = netMinutes
        self.message = message
        self.vehicle = vehicle
    }

    /// A closed entry under the rules.
    public init(
        id: UUID, driver: String, rawStart: Moment, rawEnd: Moment, enteredBreakMinutes: Int, message: String,
        vehicle: String?, rules: HoursRules
    ) throws(HoursError) {
        let closed = try rules.close(rawStart: rawStart, rawEnd: rawEnd, enteredBreakMinutes: enteredBreakMinutes)
        self.init(
            id: id, driver: driver, day: rules.zone.day(of: rawStart.date), rawStart: rawStart, rawEnd: rawEnd,
            start: closed.start, end: closed.end, enteredBreakMinutes: enteredBreakMinutes,
            breakMinutes: closed.breakMinutes, workedMinutes: closed.workedMinutes, netMinutes: closed.netMinutes,
            message: message, vehicle: vehicle)
    }

    /// An entry whose clock is running.
    public static func running(
        id: UUID, driver: String, start: Moment, message: String, vehicle: String?, zone: WorkZone
    ) -> HoursEntry {
        HoursEntry(
            id: id, driver: driver, day: zone.day(of: start.date), rawStart: start, rawEnd: nil, start: start,
            end: nil, enteredBreakMinutes: 0, breakMinutes: 0, workedMinutes: 0, netMinutes: 0, message: message,
            vehicle: vehicle)
    }

    public var isRunning: Bool { end == nil }

    /// Whether two entries share any moment (touching ends do not overlap); a running entry lasts until `now`.
    public func overlaps(_ other: HoursEntry, now: Moment) -> Bool {
        start < (other.end ?? now) && other.start < (end ?? now)
    }
}
