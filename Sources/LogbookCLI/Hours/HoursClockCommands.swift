import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookStore
import Hours

/// The options of the clock commands: whose clock, and when (default now).
struct ClockOptions: ParsableArguments {
    @Option(name: .long, help: "Whose clock (default: the log's only driver).") var driver: String?
    @Option(name: .long, help: "When, if not now: HH:MM today (or HH:MM+01:00).") var at: String?
    @Option(name: .long, help: "Output: text or json.") var format: HoursOutputFormat = .text
    @OptionGroup var options: HoursOptions

    func moment(_ context: HoursContext) throws -> Moment {
        guard let at else { return context.now }
        let time = try HoursArguments.time(at, option: "--at")
        return try HoursArguments.rules { () throws(TimesheetError) in
            try context.rules.moment(time, on: context.today, field: "--at")
        }
    }

    func report(_ verb: String, _ entry: HoursEntry, context: HoursContext) {
        Diagnostics.print(verb + " " + HoursArguments.summary(entry, zone: context.zone))
        HoursOutput.printShift(entry, format: format, zone: context.zone)
    }
}

/// `hours start`: the clock runs from now.
struct HoursStartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Start the clock: a shift from now.")

    @Option(name: .long, help: "A message for the shift.") var message: String = ""
    @Option(name: .long, help: "The vehicle driven (plate).") var vehicle: String?
    @OptionGroup var clock: ClockOptions

    func run() throws {
        let context = try clock.options.open()
        let driver = try context.driver(clock.driver)
        let plate = try vehicle.map { try KnownNames.vehicle($0, in: context.database).plate }
        let moment = try clock.moment(context)
        let entry = try storeCall {
            try context.database.startClock(
                driver: driver, at: moment, message: message, vehicle: plate, zone: context.zone)
        }
        clock.report("Started", entry, context: context)
    }
}

/// `hours pause`.
struct HoursPauseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause", abstract: "Pause the running clock (the pause counts as break).")

    @OptionGroup var clock: ClockOptions

    func run() throws {
        let context = try clock.options.open()
        let driver = try context.driver(clock.driver)
        let moment = try clock.moment(context)
        let entry = try storeCall { try context.database.pauseClock(driver: driver, at: moment, zone: context.zone) }
        clock.report("Paused", entry, context: context)
    }
}

/// `hours resume`.
struct HoursResumeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume the paused clock.")

    @OptionGroup var clock: ClockOptions

    func run() throws {
        let context = try clock.options.open()
        let driver = try context.driver(clock.driver)
        let moment = try clock.moment(context)
        let entry = try storeCall { try context.database.resumeClock(driver: driver, at: moment, zone: context.zone) }
        clock.report("Resumed", entry, context: context)
    }
}

/// `hours stop`: the shift is closed (rounded, automatic break) and queued for payroll.
struct HoursStopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop", abstract: "Stop the clock: the shift is closed under the rules and queued for payroll.")

    @OptionGroup var clock: ClockOptions

    func run() throws {
        let context = try clock.options.open()
        let driver = try context.driver(clock.driver)
        let moment = try clock.moment(context)
        let entry = try storeCall { try context.database.stopClock(driver: driver, at: moment, rules: context.rules) }
        clock.report("Stopped", entry, context: context)
    }
}
