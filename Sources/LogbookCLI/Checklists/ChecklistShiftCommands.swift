import ArgumentParser
import Checklists
import Foundation
import LogbookDaemon
import LogbookServices
import Logging
import ServiceLifecycle

/// `checklists shift start`: a working copy of the restaurant's checklists; needs nothing but the database.
package struct ChecklistShiftStartCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start a shift: a working copy of the restaurant's checklists. Prints the shift's id.")

    package init() {}

    @Option(name: .long, help: "The restaurant.") var restaurant: String
    @Option(name: .long, help: "day or evening.") var dayPart: DayPart
    @Option(name: .long, help: "The shift manager (default: the restaurant's only one).") var manager: String?
    @Option(name: .long, help: "When it started (YYYY-MM-DDTHH:MM on the restaurant's clock; default now).")
    var at: String?
    @Option(name: .long, help: "Output: table (the id alone) or json ({\"id\": …}).") var format: OutputFormat = .table
    @OptionGroup var options: ChecklistOptions

    package func run() throws {
        let started = try options.service().startShift(
            ChecklistShiftStartInput(restaurant: restaurant, dayPart: dayPart.rawValue, manager: manager, at: at))
        if format == .json { return try ChecklistRendering.printJSON(started) }
        var output = StandardOutput()
        output.write("\(started.id)\n")
        output.flush()
        let shift = started.shift
        let versions = shift.checklists.map { "\($0.kind.rawValue) v\($0.templateVersion ?? 0)" }
        Diagnostics.print(
            "Started shift \(shift.id): \(shift.restaurant), \(shift.dayPart.rawValue), \(shift.manager) "
                + "(\(versions.joined(separator: ", ")); \(shift.tasks.filter(\.isLeaf).count) pre-shift tasks)")
    }
}

/// `checklists shift show`: the working screen in text — every checklist's tasks, to-dos and reminders.
package struct ChecklistShiftShowCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a shift's checklists, to-dos and reminders.")

    package init() {}

    @Argument(help: "The shift's id.") var shift: Int64
    @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
    @OptionGroup var options: ChecklistOptions

    package func run() throws {
        try ChecklistRendering.printShift(try options.service(writing: false).shift(shift), format: format)
    }
}

/// `checklists mark SHIFT PATH ok|not-ok|unchecked`.
package struct ChecklistMarkCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "mark", abstract: "Mark a task ok, not ok or unchecked (a not-ok pre-shift task makes a to-do).")

    package init() {}

    @Argument(help: "The shift's id.") var shift: Int64
    @Argument(help: "The task: \"Section/Task\" or \"Section/Task/Child\".") var path: String
    @Argument(help: "ok, not-ok or unchecked.") var state: String
    @Option(name: .long, help: "A note (what is wrong, what was done).") var note: String?
    @Option(name: .long, help: "Which checklist: pre-shift (default), before, during or after.")
    var kind: ChecklistKind = .preShift
    @Option(name: .long, help: "When it was checked (default now).") var at: String?
    @OptionGroup var options: ChecklistOptions

    package func run() throws {
        let marked = try options.service().mark(
            shift: shift, ChecklistMarkInput(path: path, state: state, note: note, kind: kind.rawValue, at: at))
        var message = "\(marked.path): \(marked.state.rawValue)"
        if marked.kind == .preShift, marked.state == .notOk, let todo = marked.todo {
            message += "; to-do \(todo.id) for \(todo.area.rawValue)"
        }
        let left = marked.shift.uncheckedCount
        Diagnostics.print(
            message + (marked.kind == .preShift ? " (\(left) pre-shift task\(left == 1 ? "" : "s") left)" : ""))
    }
}

/// Which ended shifts: `--from`, `--to` (days on the restaurant's clock, both included), `--manager`,
/// `--restaurant`.
package struct ArchiveFilter: ParsableArguments {
    package init() {}

    @Option(name: .long, help: "First day (YYYY-MM-DD).") var from: String?
    @Option(name: .long, help: "Last day (YYYY-MM-DD, included).") var to: String?
    @Option(name: .long, help: "Only this shift manager's shifts.") var manager: String?
    @Option(name: .long, help: "Only this restaurant.") var restaurant: String?

    /// The filter as the use cases take it.
    package var input: ChecklistArchiveFilter {
        ChecklistArchiveFilter(restaurant: restaurant, manager: manager, from: from, to: to)
    }
}

/// `checklists archive`: ended shifts exactly as they were.
package struct ChecklistArchiveCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "archive", abstract: "Ended shifts' checklists, by date range, restaurant and manager.")

    package init() {}

    @OptionGroup var filter: ArchiveFilter
    @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
    @OptionGroup var options: ChecklistOptions

    package func run() throws {
        let service = try options.service(writing: false)
        let archive = try service.archive(filter.input)
        if format == .json { return try ChecklistRendering.printJSON(archive) }
        var listing = Listing([
            ("id", "Shift"), ("restaurant", "Restaurant"), ("manager", "Manager"), ("day_part", "Day part"),
            ("started", "Started"), ("ended", "Ended"), ("template_version", "Version"), ("not_ok", "Not ok"),
            ("todos", "To-dos"), ("late", "Late or missed"),
        ])
        for shift in archive.shifts {
            let clock = shift.clock
            listing.append([
                .integer(Int(shift.id)), .text(shift.restaurant), .text(shift.manager), .text(shift.dayPart.rawValue),
                .text(clock.text(shift.startedAt)), .text(shift.endedAt.map(clock.text)),
                .integer(shift.templateVersion), .integer(shift.notOkCount), .integer(shift.todos.count),
                .integer(shift.lateCount),
            ])
        }
        listing.print(format, clock: service.context.clock)
    }
}

/// `checklists reminders SHIFT`: the shift's reminders; `--ack NAME` records that one was done (the travel path
/// walked).
package struct ChecklistRemindersCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "reminders", abstract: "List a shift's reminders, or acknowledge one (--ack \"Travel path\").")

    package init() {}

    @Argument(help: "The shift's id.") var shift: Int64
    @Option(name: .long, help: "Acknowledge the due reminder of this name (e.g. \"Travel path\").") var ack: String?
    @Option(name: .long, help: "When it was done (default now).") var at: String?
    @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
    @OptionGroup var options: ChecklistOptions

    package func run() throws {
        let service = try options.service(writing: ack != nil)
        if let ack {
            let done = try service.acknowledge(shift: shift, reminder: ack, ChecklistMomentInput(at: at))
            let clock = try service.shift(shift).clock
            Diagnostics.print(
                "\(done.reminder.name) due \(clock.time(done.reminder.dueAt)) done at "
                    + clock.time(done.reminder.acknowledgedAt ?? done.reminder.dueAt))
            return
        }
        let reminders = try service.reminders(shift: shift)
        if format == .json { return try ChecklistRendering.printJSON(reminders) }
        var listing = Listing([
            ("name", "Reminder"), ("due", "Due"), ("notifications", "Notified"), ("escalated", "Escalated"),
            ("acknowledged", "Done"), ("outcome", "Outcome"),
        ])
        for reminder in reminders {
            listing.append([
                .text(reminder.name), .text(reminder.due), .integer(reminder.notifications), .text(reminder.escalated),
                .text(reminder.acknowledged), .text(reminder.outcome.rawValue),
            ])
        }
        listing.print(format, clock: service.context.clock)
    }
}

/// `checklists remind`: runs the reminder scheduler (for a restaurant box without `logbook serve`), or one tick of
/// it with `--once` (for cron, and to try the configuration).
package struct ChecklistRemindCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Send due reminders of open shifts through notify_command (until stopped, or --once).")

    package init() {}

    @Flag(name: .long, help: "One round, then exit.") var once = false
    @Option(name: .long, help: "Pretend it is this moment (ISO 8601; with --once).") var at: String?
    @OptionGroup var options: ChecklistOptions

    package func run() async throws {
        let runsUntilStopped = !once && at == nil
        let shutdown = runsUntilStopped ? await ShutdownSignals.trap() : nil
        let (service, file) = try options.open()
        var logger = Logger(label: "logbook.checklists")
        if !runsUntilStopped { logger.logLevel = .notice }
        let scheduler = try ReminderScheduler.configured(service: service, configuration: file, logger: logger)
        guard let shutdown else {
            var now = service.now()
            if let at {
                guard let moment = RestaurantClock(zone: service.context.clock.zone).moment(parsing: at) else {
                    throw ValidationError("--at \(at): expected ISO 8601, e.g. 2026-11-24T10:15:00+01:00")
                }
                now = moment
            }
            let round = try scheduler.tick(now: now)
            for label in round.notified { Diagnostics.print("notified \(label)") }
            for label in round.escalated { Diagnostics.print("escalated \(label)") }
            // Let started notification commands get going before the process exits.
            try await Task.sleep(for: .milliseconds(200))
            return
        }
        LogBootstrap.bootstrap(level: .info)
        try await shutdown.run(
            ServiceGroup(configuration: .init(services: [.init(service: scheduler)], logger: logger)))
    }
}
