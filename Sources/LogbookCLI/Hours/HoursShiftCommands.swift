import CalendarDays
import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookStore
import MileageLog
import TrackModel
import Hours

/// `hours add`: a shift typed in, or proposed from the day's trips.
struct HoursAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a shift (an end not after the start is on the next day), or propose one from a day's trips.",
        discussion: """
            Times are wall-clock times in the [hours] time zone; on the night the clocks go back a repeated time \
            needs its offset (01:30+02:00 or 01:30+01:00). Durations count real elapsed time.
            --from-trips DATE proposes a shift from the first trip's start to the last trip's end of that day, \
            with stops longer than 15 minutes as the break; --yes saves it.
            """)

    @Option(name: .long, help: "The shift's day (YYYY-MM-DD, today, yesterday; default today).")
    var date: String?
    @Option(name: .long, help: "Start (HH:MM).") var start: String?
    @Option(name: .long, help: "End (HH:MM; not after the start: the next day).") var end: String?
    @Option(name: .customLong("end-date"), help: "The day the shift ends, when not the start's or the next.")
    var endDate: String?
    @Option(name: .customLong("break"), help: "Break in minutes or as 45m, 1h (default 0; automatic breaks apply).")
    var breakText: String?
    @Option(name: .long, help: "A message for the shift.") var message: String = ""
    @Option(name: .long, help: "The vehicle driven (plate).") var vehicle: String?
    @Option(name: .long, help: "Whose shift (default: the log's only driver).") var driver: String?
    @Option(
        name: .customLong("from-trips"), help: "Propose the shift of this day (YYYY-MM-DD) from the vehicle's trips.")
    var fromTrips: String?
    @Flag(name: .long, help: "With --from-trips: save the proposed shift.") var yes = false
    @Option(name: .long, help: "Output: text or json.") var format: HoursOutputFormat = .text
    @OptionGroup var options: HoursOptions

    func run() throws {
        let context = try options.open()
        let driver = try context.driver(driver)
        if let vehicle { _ = try KnownNames.vehicle(vehicle, in: context.database) }
        let rawStart: Moment
        let rawEnd: Moment
        var breakMinutes = try HoursArguments.breakMinutes(breakText) ?? 0
        if let fromTrips {
            guard start == nil, end == nil, date == nil else {
                throw usageError("--from-trips takes the times from the trips; leave out --date, --start and --end")
            }
            let day = try HoursArguments.day(fromTrips, context: context, option: "--from-trips")
            let proposal = try Self.proposal(day, vehicle: vehicle, driver: driver, context: context)
            rawStart = proposal.start
            rawEnd = proposal.end
            if breakText == nil { breakMinutes = proposal.breakMinutes }
            Diagnostics.print(
                "\(proposal.tripCount) trip\(proposal.tripCount == 1 ? "" : "s") on \(day): "
                    + "\(context.zone.clockText(rawStart.date))–\(context.zone.clockText(rawEnd.date)), "
                    + "\(proposal.breaks.count) stop\(proposal.breaks.count == 1 ? "" : "s") over "
                    + "\(ShiftProposal.breakThresholdMinutes) min (\(proposal.breakMinutes) min)")
        } else {
            guard let start, let end else {
                throw usageError("give --start and --end (HH:MM), or --from-trips DATE")
            }
            let day = try HoursArguments.day(date, context: context)
            let endDay = try endDate.map { try HoursArguments.day($0, context: context, option: "--end-date") }
            let from = try HoursArguments.time(start, option: "--start")
            let to = try HoursArguments.time(end, option: "--end")
            let times = try HoursArguments.rules { () throws(TimesheetError) in
                try context.rules.shiftTimes(day: day, start: from, end: to, endDay: endDay)
            }
            rawStart = times.start
            rawEnd = times.end
        }
        let shift = try HoursArguments.rules { () throws(TimesheetError) in
            try Shift(
                id: UUID(), driver: driver, rawStart: rawStart, rawEnd: rawEnd, enteredBreakMinutes: breakMinutes,
                message: message, vehicle: vehicle, rules: context.rules)
        }
        if fromTrips != nil, !yes {
            Diagnostics.print("Proposed (not saved; --yes saves it):")
            HoursOutput.printShift(
                HoursEntry(number: 0, shift: shift, pausedAt: nil, sync: .pending, updatedAt: context.now),
                format: format, zone: context.zone)
            return
        }
        let number = try storeCall { try context.database.addShift(shift, zone: context.zone) }
        let entry = try storeCall { try context.database.shift(number) }
        Diagnostics.print("Added " + HoursArguments.summary(entry, zone: context.zone))
        HoursOutput.printShift(entry, format: format, zone: context.zone)
    }

    /// The shift proposed from the day's trips (through the log's trip query).
    static func proposal(
        _ day: CalendarDay, vehicle: String?, driver: String, context: HoursContext
    ) throws -> ShiftProposal {
        var plate = vehicle
        if plate == nil {
            let vehicles = try storeCall { try context.database.vehicles() }.map(\.plate)
            guard vehicles.count == 1 else {
                throw usageError("the log has \(vehicles.count) vehicles; say whose trips with --vehicle PLATE")
            }
            plate = vehicles[0]
        }
        let from = context.zone.startOfDay(day)
        let to = context.zone.startOfDay(day.adding(days: 1))
        let interval = UTCInterval(
            start: Timestamp(secondsSince1970: from.timeIntervalSince1970),
            end: Timestamp(secondsSince1970: to.timeIntervalSince1970))
        let trips = try storeCall { try context.database.trips(TripFilter(vehicle: plate, interval: interval)) }
        let spans = trips.map {
            (start: Moment(seconds: $0.start.secondsSince1970), end: Moment(seconds: $0.end.secondsSince1970))
        }
        guard let proposal = ShiftProposal(trips: spans) else {
            Diagnostics.error("\(plate!) has no trips on \(day); nothing to propose")
            throw ExitCode(65)
        }
        return proposal
    }
}

/// `hours edit ID`: changes a shift; what is not given stays.
struct HoursEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a shift (its number from `hours list`); what is not given stays.")

    @Argument(help: "The shift's number.") var number: Int64
    @Option(name: .long, help: "The shift's day (YYYY-MM-DD).") var date: String?
    @Option(name: .long, help: "Start (HH:MM).") var start: String?
    @Option(name: .long, help: "End (HH:MM).") var end: String?
    @Option(name: .customLong("end-date"), help: "The day the shift ends.") var endDate: String?
    @Option(name: .customLong("break"), help: "Break in minutes or as 45m, 1h.") var breakText: String?
    @Option(name: .long, help: "A new message.") var message: String?
    @Option(name: .long, help: "The vehicle driven (plate; empty for none).") var vehicle: String?
    @Option(name: .long, help: "Move the shift to another driver.") var driver: String?
    @Option(name: .long, help: "Output: text or json.") var format: HoursOutputFormat = .text
    @OptionGroup var options: HoursOptions

    func run() throws {
        let context = try options.open()
        let entry = try storeCall { try context.database.shift(number) }
        var shift = entry.shift
        guard !shift.isRunning else {
            throw usageError("shift \(number) is running; stop the clock first (`hours stop`)")
        }
        let zone = context.zone
        let rawEnd = shift.rawEnd!
        if date != nil || start != nil || end != nil || endDate != nil {
            let day = try date.map { try HoursArguments.day($0, context: context) } ?? shift.day
            // Unchanged times keep their offset (which of two repeated times) unless the day changes.
            func kept(_ moment: Moment) -> ClockTime {
                ClockTime(
                    minute: zone.clockMinute(of: moment.date),
                    utcOffset: date == nil ? zone.utcOffset(at: moment.date) : nil)
            }
            let from = try start.map { try HoursArguments.time($0, option: "--start") } ?? kept(shift.rawStart)
            let to = try end.map { try HoursArguments.time($0, option: "--end") } ?? kept(rawEnd)
            let lastDay =
                try endDate.map { try HoursArguments.day($0, context: context, option: "--end-date") }
                ?? (end == nil && date == nil ? zone.day(of: rawEnd.date) : nil)
            let times = try HoursArguments.rules { () throws(TimesheetError) in
                try context.rules.shiftTimes(day: day, start: from, end: to, endDay: lastDay)
            }
            shift.rawStart = times.start
            shift.rawEnd = times.end
        }
        if let driver { shift.driver = try context.driver(driver) }
        if let vehicle {
            shift.vehicle = vehicle.isEmpty ? nil : try KnownNames.vehicle(vehicle, in: context.database).plate
        }
        let breakMinutes = try HoursArguments.breakMinutes(breakText) ?? shift.enteredBreakMinutes
        let changed = try HoursArguments.rules { () throws(TimesheetError) in
            try Shift(
                id: shift.id, driver: shift.driver, rawStart: shift.rawStart, rawEnd: shift.rawEnd!,
                enteredBreakMinutes: breakMinutes,
                message: message ?? shift.message, vehicle: shift.vehicle, rules: context.rules)
        }
        try storeCall { try context.database.replaceShift(number, with: changed, zone: zone) }
        let stored = try storeCall { try context.database.shift(number) }
        Diagnostics.print("Changed " + HoursArguments.summary(stored, zone: zone))
        HoursOutput.printShift(stored, format: format, zone: zone)
    }
}

/// `hours delete ID`.
struct HoursDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a shift (the payroll system is told).")

    @Argument(help: "The shift's number.") var number: Int64
    @OptionGroup var options: HoursOptions

    func run() throws {
        let context = try options.open()
        let entry = try storeCall { try context.database.shift(number) }
        try storeCall { try context.database.deleteShift(number) }
        Diagnostics.print("Deleted " + HoursArguments.summary(entry, zone: context.zone))
    }
}
