import ArgumentParser
import Hours
import LogbookDaemon
import LogbookServices

/// `hours add`: an entry typed in, or proposed from the day's trips.
struct HoursAddCommand: ParsableCommand, CommandFieldNames {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a shift (an end not after the start is on the next day), or propose one from a day's trips.",
        discussion: """
            Times are wall-clock times in the [hours] time zone; on the night the clocks go back a time that \
            happened twice is the first of the two unless its UTC offset says otherwise (in Berlin 02:30 is \
            02:30+02:00, the second 02:30+01:00), and the output says which was taken; a time the clocks skipped \
            is refused. Durations count real elapsed time.
            --from-trips DATE proposes a shift from the first trip's start to the last trip's end of that day, \
            with stops longer than 15 minutes as the break; --yes saves it.
            """)

    static let fieldNames = ["break_minutes": "--break", "day": "--from-trips"]

    @Option(name: .long, help: "The shift's day (YYYY-MM-DD, today, yesterday; default today).")
    var date: RelativeDay?
    @Option(name: .long, help: "Start (HH:MM).") var start: ClockTime?
    @Option(name: .long, help: "End (HH:MM; not after the start: the next day).") var end: ClockTime?
    @Option(name: .customLong("end-date"), help: "The day the shift ends, when not the start's or the next.")
    var endDate: RelativeDay?
    @Option(name: .customLong("break"), help: "Break in minutes or as 45m, 1h (default 0; automatic breaks apply).")
    var breakDuration: HoursDuration?
    @Option(name: .long, help: "A message for the shift.") var message: String = ""
    @Option(name: .long, help: "The vehicle driven (plate).") var vehicle: String?
    @Option(name: .long, help: "Whose shift (default: the log's only driver).") var driver: String?
    @Option(
        name: .customLong("from-trips"), help: "Propose the shift of this day (YYYY-MM-DD) from the vehicle's trips.")
    var fromTrips: RelativeDay?
    @Flag(name: .long, help: "With --from-trips: save the proposed shift.") var yes = false
    @Option(name: .long, help: "Output: text or json.") var format: HoursOutputFormat = .text
    @OptionGroup var options: HoursOptions

    func validate() throws {
        if fromTrips != nil, start != nil || end != nil || date != nil {
            throw ValidationError("--from-trips takes the times from the trips; leave out --date, --start and --end")
        }
    }

    func run() throws {
        let service = try options.service()
        if let fromTrips {
            let proposal = try service.propose(
                HoursProposalInput(
                    day: fromTrips, vehicle: vehicle, driver: driver, breakMinutes: breakDuration?.minutes,
                    message: message),
                save: yes)
            let entry = proposal.entry
            Diagnostics.print(
                "\(proposal.trips) trip\(proposal.trips == 1 ? "" : "s") on \(proposal.date): "
                    + "\(entry.startClock)–\(entry.endClock ?? ""), "
                    + "\(proposal.stops) stop\(proposal.stops == 1 ? "" : "s") over "
                    + "\(HoursProposal.breakThresholdMinutes) min (\(proposal.stopMinutes) min)")
            if !yes {
                Diagnostics.print("Proposed (not saved; --yes saves it):")
            } else {
                Diagnostics.print("Added " + HoursArguments.summary(entry))
            }
            try HoursOutput.printEntry(entry, format: format)
            return
        }
        let entry = try service.addEntry(
            HoursEntryInput(
                date: date, start: start, end: end, endDate: endDate, breakMinutes: breakDuration?.minutes,
                message: message, vehicle: vehicle, driver: driver))
        Diagnostics.print("Added " + HoursArguments.summary(entry))
        try HoursOutput.printEntry(entry, format: format)
    }
}

/// `hours edit ID`: changes an entry; what is not given stays.
struct HoursEditCommand: ParsableCommand, CommandFieldNames {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a shift (its number or id from `hours list`); what is not given stays.",
        discussion: """
            A time given as it already is keeps which of two repeated times it is (the night the clocks go back); \
            another repeated time is the first of the two unless its offset says otherwise (02:30+01:00).
            """)

    static let fieldNames = ["break_minutes": "--break"]

    @Argument(help: "The shift: its number, or its id as `hours list --format json` prints it.") var id: HoursShiftKey
    @Option(name: .long, help: "The shift's day (YYYY-MM-DD).") var date: RelativeDay?
    @Option(name: .long, help: "Start (HH:MM).") var start: ClockTime?
    @Option(name: .long, help: "End (HH:MM).") var end: ClockTime?
    @Option(name: .customLong("end-date"), help: "The day the shift ends.") var endDate: RelativeDay?
    @Option(name: .customLong("break"), help: "Break in minutes or as 45m, 1h.") var breakDuration: HoursDuration?
    @Option(name: .long, help: "A new message.") var message: String?
    @Option(name: .long, help: "The vehicle driven (plate; empty for none).") var vehicle: String?
    @Option(name: .long, help: "Move the shift to another driver.") var driver: String?
    @Option(name: .long, help: "Output: text or json.") var format: HoursOutputFormat = .text
    @OptionGroup var options: HoursOptions

    func run() throws {
        let service = try options.service()
        let entry = try service.changeEntry(
            id.text,
            HoursEntryInput(
                date: date, start: start, end: end, endDate: endDate, breakMinutes: breakDuration?.minutes,
                message: message, vehicle: vehicle, driver: driver))
        Diagnostics.print("Changed " + HoursArguments.summary(entry))
        try HoursOutput.printEntry(entry, format: format)
    }
}

/// `hours delete ID`.
struct HoursDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a shift (the payroll system is told).")

    @Argument(help: "The shift: its number, or its id as `hours list --format json` prints it.") var id: HoursShiftKey
    @OptionGroup var options: HoursOptions

    func run() throws {
        let was = try options.service().deleteEntry(id.text)
        Diagnostics.print("Deleted " + HoursArguments.summary(was))
    }
}
