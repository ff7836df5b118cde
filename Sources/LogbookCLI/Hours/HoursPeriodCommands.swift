import ArgumentParser
import Hours
import LogbookDaemon
import LogbookServices
import LogbookStore

/// `hours list`: every entry of a pay period in time order, with day and period totals.
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
        let sheet = try options.readingService().sheet(period: period, driver: driver)
        var output = StandardOutput()
        switch format {
        case .json:
            output.write(try ServiceJSON.text(sheet) + "\n")
        case .csv:
            output.write(HoursSheetCSV.text(sheet))
        case .table:
            let listing = HoursSheetListing.listing(sheet)
            var footer = [String]()
            for day in sheet.days {
                let t = day.totals
                footer.append(
                    "\(day.date)  net \(MinutesText.clock(t.netMinutes))"
                        + (t.overtimeMinutes > 0 ? ", overtime \(MinutesText.clock(t.overtimeMinutes))" : ""))
            }
            let t = sheet.totals
            footer.append(
                "\(sheet.period.kind) period \(sheet.period.start)..\(sheet.period.end) (\(sheet.status)) of "
                    + "\(sheet.driver ?? ""): \(t.entries) shift\(t.entries == 1 ? "" : "s"), worked "
                    + "\(MinutesText.clock(t.workedMinutes)), break \(MinutesText.clock(t.breakMinutes)), net "
                    + "\(MinutesText.clock(t.netMinutes)), overtime \(MinutesText.clock(t.overtimeMinutes))")
            output.write(listing.table(LocalClock(identifier: sheet.timezone), footer: footer))
        }
        output.flush()
    }
}

/// A period's entries as a table for people (times HH:MM, durations h:mm); the CSV is `HoursSheetCSV`'s, shared
/// with the hours page's timesheet.
package enum HoursSheetListing {
    package static func listing(_ sheet: HoursSheetView) -> Listing {
        var listing = Listing([
            ("number", "#"), ("date", "Date"), ("start", "Start"), ("end", "End"), ("break_minutes", "Break"),
            ("worked_minutes", "Worked"), ("net_minutes", "Net"), ("overtime_minutes", "Overtime"),
            ("message", "Message"), ("vehicle", "Vehicle"), ("sync", "Sync"),
        ])
        let minutes: (Int) -> Cell = { .text(MinutesText.clock($0)) }
        for entry in sheet.entries {
            listing.append([
                .integer(Int(entry.number)), .text(entry.date), .text(HoursEntryView.clock(entry.start)),
                .text(entry.end.map(HoursEntryView.clock) ?? "running"), minutes(entry.breakMinutes),
                minutes(entry.workedMinutes), minutes(entry.netMinutes), minutes(entry.overtimeMinutes),
                .text(entry.message), .text(entry.vehicle), .text(entry.sync.rawValue),
            ])
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

extension HoursPeriodStatusView {
    /// `monthly period 2026-11-01..2026-11-30`.
    var named: String { "\(period.kind) period \(period.start)..\(period.end)" }
}

/// `hours submit`: the driver hands the period in; it is read-only for them from now on.
struct HoursSubmitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "submit", abstract: "Submit a pay period: read-only for the driver until an admin reopens it.")

    @Option(name: .long, help: "Whose period (default: the log's only driver).") var driver: String?
    @OptionGroup var period: PeriodOptions

    func run() throws {
        let service = try period.options.service()
        let status = try service.submit(try service.period(named: period.period), driver: driver)
        Diagnostics.print("Submitted the \(status.named) of \(status.driver ?? "")")
    }
}

/// `hours reopen`: an admin takes a submission back.
struct HoursReopenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reopen", abstract: "Reopen a submitted pay period (not a locked one).")

    @Option(name: .long, help: "Whose period (default: the log's only driver).") var driver: String?
    @OptionGroup var period: PeriodOptions

    func run() throws {
        let service = try period.options.service()
        let status = try service.reopen(try service.period(named: period.period), driver: driver)
        Diagnostics.print("Reopened the period \(status.period.start)..\(status.period.end) of \(status.driver ?? "")")
    }
}

/// `hours lock`: the period is final for everyone; the schema refuses every change of it.
struct HoursLockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock", abstract: "Lock a pay period for every driver, for good (payroll has it).")

    @OptionGroup var period: PeriodOptions

    func run() throws {
        let service = try period.options.service()
        let status = try service.lock(try service.period(named: period.period), driver: nil)
        Diagnostics.print("Locked the \(status.named)")
    }
}
