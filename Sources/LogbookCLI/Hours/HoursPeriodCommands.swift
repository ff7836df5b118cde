import CalendarDays
import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookStore
import Hours
import LogbookServices

/// `hours list`: every shift of a pay period in time order, with day and period totals.
struct HoursListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "The shifts of a pay period in time order, with totals per day and for the period.",
        discussion: """
            JSON (a contract): {"period": {"start", "end", "kind"}, "shifts": [{"id", "date", "start", "end", \
            "break_minutes", "worked_minutes", "net_minutes", "overtime_minutes", "message", "vehicle", "sync", …}], \
            "totals": {"worked_minutes", "break_minutes", "net_minutes", "overtime_minutes", …}, …}; times in ISO \
            8601 with offset. CSV: one row per shift, then one per day and one for the period (column kind).
            """)

    @Option(name: .long, help: "current, previous, next or a day of the period (YYYY-MM-DD).")
    var period = "current"
    @Option(name: .long, help: "Whose shifts (default: the log's only driver).") var driver: String?
    @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
    @OptionGroup var options: HoursOptions

    func run() throws {
        let context = try options.openForReading()
        let driver = try context.driver(driver)
        let period = try context.period(period)
        let (sheet, entries) = try context.timesheet(period, driver: driver)
        let status = try storeCall { try context.database.periodStatus(period, driver: driver) }
        var output = StandardOutput()
        switch format {
        case .json:
            output.write(
                TimesheetJSON.render(sheet, entries: entries, driver: driver, status: status, zone: context.zone) + "\n"
            )
        case .csv:
            output.write(TimesheetListing.listing(sheet, entries: entries, zone: context.zone, totals: true).csv())
        case .table:
            let listing = TimesheetListing.listing(sheet, entries: entries, zone: context.zone, totals: false)
            var footer = [String]()
            for day in sheet.days.keys.sorted() {
                let t = sheet.days[day]!
                footer.append(
                    "\(day)  net \(MinutesText.clock(t.netMinutes))"
                        + (t.overtimeMinutes > 0 ? ", overtime \(MinutesText.clock(t.overtimeMinutes))" : ""))
            }
            let t = sheet.totals
            let state = status.isLocked ? "locked" : status.isSubmitted ? "submitted" : "open"
            footer.append(
                "\(period.kind.rawValue) period \(period) (\(state)) of \(driver): \(t.shifts) shift"
                    + "\(t.shifts == 1 ? "" : "s"), worked \(MinutesText.clock(t.workedMinutes)), break "
                    + "\(MinutesText.clock(t.breakMinutes)), net \(MinutesText.clock(t.netMinutes)), overtime "
                    + "\(MinutesText.clock(t.overtimeMinutes))")
            output.write(listing.table(LocalClock(identifier: context.zone.identifier), footer: footer))
        }
        output.flush()
    }
}

/// A period's shifts as rows: for `hours list` and the report's CSV.
package enum TimesheetListing {
    /// With `totals`, a `kind` column and a row per day and one for the period follow the shifts (CSV), and times
    /// are ISO 8601 with offset; else times are HH:MM and durations h:mm (tables for people).
    package static func listing(_ sheet: Timesheet, entries: [HoursEntry], zone: WorkZone, totals: Bool) -> Listing {
        var listing = Listing([
            ("kind", "Kind"), ("number", "#"), ("date", "Date"), ("start", "Start"), ("end", "End"),
            ("break_minutes", "Break"), ("worked_minutes", "Worked"), ("net_minutes", "Net"),
            ("overtime_minutes", "Overtime"), ("message", "Message"), ("vehicle", "Vehicle"), ("sync", "Sync"),
        ])
        if !totals { listing.columns.removeFirst() }
        let rows = Dictionary(sheet.rows.map { ($0.shift.id, $0) }, uniquingKeysWith: { a, _ in a })
        // Minutes for machines (CSV), h:mm for people.
        let minutes: (Int) -> Cell = { totals ? .integer($0) : .text(MinutesText.clock($0)) }
        for entry in entries {
            let s = entry.shift
            let time: (Moment?) -> Cell = { moment in
                .text(moment.map { totals ? zone.iso8601($0.date) : zone.clockText($0.date) })
            }
            var row: [Cell] = [
                .integer(Int(entry.number)), .text(s.day.description), time(s.start),
                s.end == nil ? .text(totals ? nil : "running") : time(s.end),
                minutes(s.breakMinutes), minutes(s.workedMinutes), minutes(s.netMinutes),
                minutes(rows[s.id]?.overtimeMinutes ?? 0), .text(s.message), .text(s.vehicle),
                .text(entry.sync.rawValue),
            ]
            if totals { row.insert(.text("shift"), at: 0) }
            listing.append(row)
        }
        if totals {
            func total(_ kind: String, _ date: String, _ t: Timesheet.Totals) -> [Cell] {
                [
                    .text(kind), .integer(nil), .text(date), .text(nil), .text(nil), .integer(t.breakMinutes),
                    .integer(t.workedMinutes), .integer(t.netMinutes), .integer(t.overtimeMinutes), .text(nil),
                    .text(nil), .text(nil),
                ]
            }
            for day in sheet.days.keys.sorted() { listing.append(total("day", day.description, sheet.days[day]!)) }
            listing.append(total("period", sheet.period.description, sheet.totals))
        }
        return listing
    }
}

/// The options of the period commands.
struct PeriodOptions: ParsableArguments {
    @Option(name: .long, help: "current, previous, next or a day of the period (YYYY-MM-DD).")
    var period = "current"
    @OptionGroup var options: HoursOptions
}

/// `hours submit`: the driver hands the period in; it is read-only for them from now on.
struct HoursSubmitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "submit", abstract: "Submit a pay period: read-only for the driver until an admin reopens it.")

    @Option(name: .long, help: "Whose period (default: the log's only driver).") var driver: String?
    @OptionGroup var period: PeriodOptions

    func run() throws {
        let context = try period.options.open()
        let driver = try context.driver(driver)
        let range = try context.period(period.period)
        try storeCall { try context.database.submitPeriod(range, driver: driver, by: HoursArguments.actor) }
        Diagnostics.print("Submitted the \(range.kind.rawValue) period \(range) of \(driver)")
    }
}

/// `hours reopen`: an admin takes a submission back.
struct HoursReopenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reopen", abstract: "Reopen a submitted pay period (not a locked one).")

    @Option(name: .long, help: "Whose period (default: the log's only driver).") var driver: String?
    @OptionGroup var period: PeriodOptions

    func run() throws {
        let context = try period.options.open()
        let driver = try context.driver(driver)
        let range = try context.period(period.period)
        try storeCall { try context.database.reopenPeriod(range, driver: driver) }
        Diagnostics.print("Reopened the period \(range) of \(driver)")
    }
}

/// `hours lock`: the period is final for everyone; the schema refuses every change of it.
struct HoursLockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock", abstract: "Lock a pay period for every driver, for good (payroll has it).")

    @OptionGroup var period: PeriodOptions

    func run() throws {
        let context = try period.options.open()
        let range = try context.period(period.period)
        try storeCall { try context.database.lockPeriod(range, by: HoursArguments.actor) }
        Diagnostics.print("Locked the \(range.kind.rawValue) period \(range)")
    }
}
