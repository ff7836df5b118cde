import CalendarDays
public import Foundation
public import Hours
public import LogbookStore
import PlainText

/// Work hours' use cases, written once for the command line, the API and the pages: a driver's entries by pay
/// period (add, change, delete, list), the clock, proposals from the day's trips, submitting, reopening and
/// locking periods, the menu's links, the changes queued for the payroll system and the period's report.
///
/// Every use case asks `HoursAccess` first; values out of their rules are `.invalid` naming the field (`start`,
/// `break_minutes`), the log's refusals (an overlap, a submitted or locked period) `.refused`.
public struct HoursService: Sendable {
    public var context: ServiceContext
    public var settings: HoursSettings
    /// The employer's rules, made from the settings once.
    public let rules: HoursRules
    /// Where a proposal's trips come from (the log itself unless a test says otherwise).
    public var trips: any TripTimes
    /// Whom submissions and locks made at the terminal are recorded under (`cli:USER`); a web user is `web:NAME`.
    public var terminalActor: String
    /// The time now (a test fixes it).
    public var now: @Sendable () -> Date

    public init(
        context: ServiceContext, settings: HoursSettings, terminalActor: String = "cli",
        trips: (any TripTimes)? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.context = context
        self.settings = settings
        rules = settings.rules
        self.trips = trips ?? context.database
        self.terminalActor = terminalActor
        self.now = now
    }

    public var access: HoursAccess { HoursAccess(caller: context.caller, database: context.database) }
    var database: AppDatabase { context.database }
    var writer: AppDatabase { context.writer }
    public var zone: WorkZone { rules.zone }
    /// Today in the employer's time zone.
    public var today: CalendarDay { zone.day(of: now()) }
    var moment: Moment { Moment(now()) }
    /// Who submissions and locks are recorded under.
    public var actor: String { context.caller.auditName ?? terminalActor }

    // MARK: Periods and sheets

    /// `current` (also when absent or blank), `previous`, `next` or a day of the period (`YYYY-MM-DD`).
    public func period(named text: String?, field: String = "period") throws -> PayPeriod {
        let name = text.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 } ?? "current"
        switch name {
        case "current", "previous", "next":
            return rules.periods.period(named: name, today: today)!
        default:
            guard let day = CalendarDay(parsing: name), (1970...9999).contains(day.year) else {
                throw ServiceError(
                    .invalid, field: field,
                    "expected current, previous, next or a date YYYY-MM-DD, got '\(name.prefix(40))'")
            }
            return rules.periods.period(containing: day)
        }
    }

    /// A driver's period (`hours list`, `GET /api/v1/hours/shifts`, the hours page): the period named, of the driver
    /// named (else the caller's own, else the log's only one; with `orFirst`, the first for those who read
    /// everyone's).
    public func sheet(period name: String?, driver requested: String?, orFirst: Bool = false) throws
        -> HoursSheetView
    {
        try access.requireReader()
        let driver = try access.driver(requested, orFirst: orFirst)
        return try sheet(try period(named: name), driver: driver)
    }

    /// The driver's period, once the caller may read it.
    func sheet(_ period: PayPeriod, driver: String) throws -> HoursSheetView {
        let (sheet, entries) = try periodSheet(period, driver: driver)
        let status = try database.periodStatus(period, driver: driver)
        return HoursSheetView(sheet, entries: entries, driver: driver, status: status, zone: zone)
    }

    /// The period's entries with weekly overtime counted over whole weeks (`extra`, an entry not stored yet,
    /// counted with them), and the stored entries of the period itself.
    func periodSheet(_ period: PayPeriod, driver: String, including extra: HoursEntry? = nil) throws
        -> (HoursSheet, [StoredHoursEntry])
    {
        let (first, last) = HoursSheet.countedDays(of: period)
        let stored = try database.hoursEntries(driver: driver, from: first, through: last)
        var entries = stored.map(\.entry)
        if let extra, !entries.contains(where: { $0.id == extra.id }) { entries.append(extra) }
        let sheet = HoursSheet(period: period, entries: entries, overtime: rules.overtime)
        return (sheet, stored.filter { period.contains($0.entry.day) })
    }

    /// An entry's view with its overtime as its period counts it.
    func view(of stored: StoredHoursEntry) throws -> HoursEntryView {
        let period = rules.periods.period(containing: stored.entry.day)
        let (sheet, _) = try periodSheet(period, driver: stored.entry.driver, including: stored.entry)
        return HoursEntryView(stored, row: sheet.row(of: stored.entry.id), zone: zone)
    }

    /// The drivers whose hours the caller may choose among (everyone's for those who read everyone's).
    public func drivers() throws -> [String] {
        try access.requireReader()
        if access.readsEveryone { return try database.drivers() }
        return try access.ownDriver().map { [$0] } ?? []
    }

    // MARK: Entries

    /// An entry the caller may see, by its number or its id (UUID); another driver's does not exist for a driver.
    public func entry(_ key: String) throws -> HoursEntryView { try view(of: try storedEntry(key)) }

    /// The stored entry behind `entry(_:)`.
    public func storedEntry(_ key: String) throws -> StoredHoursEntry {
        try access.requireReader()
        let missing = ServiceError(.notFound, "there is no shift \(key.prefix(40))")
        let number: Int64
        if let value = Int64(key), value > 0 {
            number = value
        } else if let id = UUID(uuidString: key) {
            do {
                number = try database.hoursEntryNumber(id: id)
            } catch let error as StoreError where error.code == .notFound {
                throw missing
            }
        } else {
            throw missing
        }
        let stored: StoredHoursEntry
        do {
            stored = try database.hoursEntry(number)
        } catch let error as StoreError where error.code == .notFound {
            throw missing
        }
        guard access.sees(stored) else { throw missing }
        return stored
    }

    /// An entry the caller may change: one they see (else not found), and they change hours (else forbidden).
    public func editableEntry(_ key: String) throws -> StoredHoursEntry {
        let stored = try storedEntry(key)
        try access.requireEditor()
        return stored
    }

    /// Adds an entry for the driver named (else the caller's own, else the log's only one).
    public func addEntry(_ input: HoursEntryInput) throws -> HoursEntryView {
        try access.requireReader()
        try access.requireEditor()
        let driver = try access.driver(input.driver)
        let entry = try makeEntry(input, editing: nil, driver: driver)
        let number = try writer.addHoursEntry(entry, zone: zone)
        return try view(of: try database.hoursEntry(number))
    }

    /// Changes an entry: what the input does not give stays; an unchanged time keeps its offset (which of two
    /// repeated times) unless the day changes.
    public func changeEntry(_ key: String, _ input: HoursEntryInput) throws -> HoursEntryView {
        let stored = try editableEntry(key)
        let driver = try input.driver.map { try access.driver($0) } ?? stored.entry.driver
        let entry = try makeEntry(input, editing: stored, driver: driver)
        try writer.replaceHoursEntry(stored.number, with: entry, zone: zone)
        return try view(of: try database.hoursEntry(stored.number))
    }

    /// Deletes an entry (the payroll system is told); the entry as it was.
    @discardableResult
    public func deleteEntry(_ key: String) throws -> HoursEntryView {
        let stored = try editableEntry(key)
        let was = try view(of: stored)
        try writer.deleteHoursEntry(stored.number)
        return was
    }

    /// The entry an input makes: a new one for `driver`, or `stored` changed.
    func makeEntry(_ input: HoursEntryInput, editing stored: StoredHoursEntry?, driver: String) throws -> HoursEntry {
        let old = stored?.entry
        if let stored, stored.entry.isRunning {
            throw ServiceError(
                .refused, "shift \(stored.number) is running; stop the clock first (`hours stop`)", exitCode: 64)
        }
        var rawStart = old?.rawStart
        var rawEnd = old?.rawEnd
        if let old, let oldEnd = old.rawEnd {
            if input.changesTimes {
                let times = try changedTimes(input, start: old.rawStart, end: oldEnd, day: old.day)
                rawStart = times.start
                rawEnd = times.end
            }
        } else {
            guard let start = input.start else {
                throw ServiceError(.invalid, field: "start", "a shift needs a start (HH:MM)")
            }
            guard let end = input.end else {
                throw ServiceError(.invalid, field: "end", "a shift needs an end (HH:MM)")
            }
            let day = input.date?.resolved(today: today) ?? today
            let times = try rules.entryTimes(
                day: day, start: start, end: end, endDay: input.endDate?.resolved(today: today))
            rawStart = times.start
            rawEnd = times.end
        }
        let breakMinutes = input.breakMinutes ?? old?.enteredBreakMinutes ?? 0
        guard (0..<(24 * 60)).contains(breakMinutes) else {
            throw ServiceError(.invalid, field: "break_minutes", "expected 0 to 1439 minutes")
        }
        let message = try Self.message(input.message) ?? old?.message ?? ""
        var plate = old?.vehicle
        if let vehicle = input.vehicle {
            plate = vehicle.trimmingCharacters(in: .whitespaces).isEmpty ? nil : try access.vehicle(vehicle)
        }
        guard let rawStart, let rawEnd else { throw ServiceError(.invalid, field: "start", "a shift needs a start") }
        return try HoursEntry(
            id: old?.id ?? UUID(), driver: driver, rawStart: rawStart, rawEnd: rawEnd,
            enteredBreakMinutes: breakMinutes, message: message, vehicle: plate, rules: rules)
    }

    /// A closed entry's times with what the input changes.
    func changedTimes(_ input: HoursEntryInput, start: Moment, end: Moment, day: CalendarDay) throws
        -> (start: Moment, end: Moment)
    {
        // Unchanged times keep their offset (which of two repeated times) unless the day changes.
        func kept(_ moment: Moment) -> ClockTime {
            ClockTime(
                minute: zone.clockMinute(of: moment.date),
                utcOffset: input.date == nil ? zone.utcOffset(at: moment.date) : nil)
        }
        // A time given as it already is, on the same days, keeps which of two repeated times it is too (a form sends
        // every field): without an offset a repeated time is otherwise the first.
        let sameDays =
            (input.date.map { $0.resolved(today: today) == day } ?? true)
            && (input.endDate.map { $0.resolved(today: today) == zone.day(of: end.date) } ?? true)
        func given(_ time: ClockTime?, as moment: Moment) -> ClockTime? {
            guard let time, time.utcOffset == nil, sameDays, time.minute == zone.clockMinute(of: moment.date),
                zone.repeatedTime(at: moment.date) != nil
            else { return time }
            return ClockTime(minute: time.minute, utcOffset: zone.utcOffset(at: moment.date))
        }
        let lastDay =
            input.endDate?.resolved(today: today)
            ?? (input.end == nil && input.date == nil ? zone.day(of: end.date) : nil)
        return try rules.entryTimes(
            day: input.date?.resolved(today: today) ?? day, start: given(input.start, as: start) ?? kept(start),
            end: given(input.end, as: end) ?? kept(end), endDay: lastDay)
    }

    /// A message of at most 500 characters of plain text, trimmed.
    static func message(_ text: String?) throws -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count <= 500 else { throw ServiceError(.invalid, field: "message", "at most 500 characters") }
        try PlainText.check(trimmed, field: "message")
        return trimmed
    }
}
