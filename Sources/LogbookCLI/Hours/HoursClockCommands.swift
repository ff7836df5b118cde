import ArgumentParser
import Hours
import LogbookDaemon
import LogbookServices

/// The options of the clock commands: whose clock, and when (default now).
struct ClockOptions: ParsableArguments {
    @Option(name: .long, help: "Whose clock (default: the log's only driver).") var driver: String?
    @Option(name: .long, help: "When, if not now: HH:MM today (or HH:MM+01:00).") var at: ClockTime?
    @Option(name: .long, help: "Output: text or json.") var format: HoursOutputFormat = .text
    @OptionGroup var options: HoursOptions

    /// Does `action` and says what it did.
    func perform(_ action: HoursClockAction, _ verb: String, message: String? = nil, vehicle: String? = nil) throws {
        let entry = try options.service().clock(
            action, HoursClockInput(driver: driver, at: at, message: message, vehicle: vehicle))
        Diagnostics.print(verb + " " + HoursArguments.summary(entry))
        try HoursOutput.printEntry(entry, format: format)
    }
}

/// `hours start`: the clock runs from now.
struct HoursStartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Start the clock: a shift from now.")

    @Option(name: .long, help: "A message for the shift.") var message: String = ""
    @Option(name: .long, help: "The vehicle driven (plate).") var vehicle: String?
    @OptionGroup var clock: ClockOptions

    func run() throws { try clock.perform(.start, "Started", message: message, vehicle: vehicle) }
}

/// `hours pause`.
struct HoursPauseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause", abstract: "Pause the running clock (the pause counts as break).")

    @OptionGroup var clock: ClockOptions

    func run() throws { try clock.perform(.pause, "Paused") }
}

/// `hours resume`.
struct HoursResumeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume the paused clock.")

    @OptionGroup var clock: ClockOptions

    func run() throws { try clock.perform(.resume, "Resumed") }
}

/// `hours stop`: the entry is closed (rounded, automatic break) and queued for payroll.
struct HoursStopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop", abstract: "Stop the clock: the shift is closed under the rules and queued for payroll.")

    @OptionGroup var clock: ClockOptions

    func run() throws { try clock.perform(.stop, "Stopped") }
}
