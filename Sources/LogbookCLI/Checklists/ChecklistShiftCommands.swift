import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookStore
import Logging
import ServiceLifecycle
import Checklists
import UnixSignals
import LogbookServices

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
        let context = try options.open()
        let restaurant = try context.restaurant(restaurant)
        let manager = try context.manager(manager, at: restaurant)
        let started = try context.moment(at, zone: RestaurantClock(restaurant).zone)
        let id = try storeCall {
            try context.database.startChecklistShift(
                restaurant: restaurant.name, dayPart: dayPart, manager: manager, at: started)
        }
        let shift = try storeCall { try context.database.checklistShift(id) }
        var output = StandardOutput()
        if format == .json {
            output.write("{\"id\": \(id)}\n")
        } else {
            output.write("\(id)\n")
            let versions = ChecklistKind.allCases.compactMap { kind in
                shift.versions[kind].map { "\(kind.rawValue) v\($0)" }
            }
            Diagnostics.print(
                "Started shift \(id): \(restaurant.name), \(dayPart.rawValue), \(manager) "
                    + "(\(versions.joined(separator: ", ")); \(shift.preShift.leaves.count) pre-shift tasks)")
        }
        output.flush()
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
        let context = try options.openForReading()
        let shift = try storeCall { try context.database.checklistShift(self.shift) }
        ChecklistRendering.printShift(shift, now: context.now, format: format)
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
        guard let state = TaskState(rawValue: state.lowercased()) else {
            throw usageError("state \(state): expected ok, not-ok or unchecked")
        }
        if let note { try ChecklistRendering.checkText(note, option: "--note") }
        let context = try options.open()
        let current = try storeCall { try context.database.checklistShift(self.shift) }
        let when = try context.moment(at, zone: RestaurantClock(current.restaurant).zone)
        let shift = try storeCall {
            try context.database.markTask(shift: self.shift, kind: kind, path: path, state: state, note: note, at: when)
        }
        let canonical = shift.runs[kind]?.canonical(path)?.description ?? path
        var message = "\(canonical): \(state.rawValue)"
        if kind == .preShift, state == .notOk, let todo = shift.todos.first(where: { $0.path == canonical }) {
            message += "; to-do \(todo.id) for \(todo.area.rawValue)"
        }
        let left = shift.preShift.uncheckedLeaves.count
        Diagnostics.print(message + (kind == .preShift ? " (\(left) pre-shift task\(left == 1 ? "" : "s") left)" : ""))
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

    package func shifts(_ context: ChecklistContext) throws -> [ChecklistShift] {
        let zone = try restaurant.map { RestaurantClock(try context.restaurant($0)).zone } ?? context.clock.zone
        let (start, end) = try context.range(from: from, to: to, zone: zone)
        return try storeCall {
            try context.database.checklistArchive(restaurant: restaurant, manager: manager, from: start, to: end)
        }
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
        let context = try options.openForReading()
        let shifts = try filter.shifts(context)
        var output = StandardOutput()
        switch format {
        case .json:
            output.write(ChecklistJSON.shifts(shifts, now: context.now))
        case .csv, .table:
            var listing = Listing([
                ("id", "Shift"), ("restaurant", "Restaurant"), ("manager", "Manager"), ("day_part", "Day part"),
                ("started", "Started"), ("ended", "Ended"), ("template_version", "Version"), ("not_ok", "Not ok"),
                ("todos", "To-dos"), ("late", "Late or missed"),
            ])
            for shift in shifts {
                let clock = RestaurantClock(shift.restaurant)
                let flagged = shift.shiftKinds.flatMap { shift.lines($0, now: context.now) }.filter {
                    $0.carryOut == .late || $0.carryOut == .overdue
                }.count
                listing.append([
                    .integer(Int(shift.id)), .text(shift.restaurant.name), .text(shift.manager),
                    .text(shift.dayPart.rawValue), .text(clock.text(shift.startedAt)),
                    .text(shift.endedAt.map(clock.text)), .integer(shift.versions[.preShift]),
                    .integer(shift.preShift.notOkLeaves.count), .integer(shift.todos.count), .integer(flagged),
                ])
            }
            output.write(format == .csv ? listing.csv() : listing.table(context.clock))
        }
        output.flush()
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
        let context = ack == nil ? try options.openForReading() : try options.open()
        let shift = try storeCall { try context.database.checklistShift(self.shift) }
        let clock = RestaurantClock(shift.restaurant)
        if let ack {
            let when = try context.moment(at, zone: clock.zone)
            guard shift.endedAt == nil else {
                Diagnostics.error("shift \(shift.id) has ended; its archive stays as it was")
                throw ExitCode(65)
            }
            // Record what is due up to now first, so a travel path walked before the scheduler ran still counts.
            let rules = context.settings.reminders.filter { $0.name.caseInsensitiveCompare(ack) == .orderedSame }
            try storeCall {
                try ReminderScheduler.record(shift, until: when, rules: rules, database: context.database)
            }
            guard
                let done = try storeCall({
                    try context.database.acknowledgeReminder(shift: shift.id, name: ack, at: when)
                })
            else {
                Diagnostics.error("no \(ack) reminder of shift \(shift.id) is due at \(clock.text(when))")
                throw ExitCode(65)
            }
            Diagnostics.print(
                "\(done.occurrence.name) due \(clock.time(done.occurrence.due)) done at \(clock.time(when))")
            return
        }
        var listing = Listing([
            ("name", "Reminder"), ("due", "Due"), ("notifications", "Notified"), ("escalated", "Escalated"),
            ("acknowledged", "Done"), ("outcome", "Outcome"),
        ])
        for (reminder, outcome) in ReminderOutcomes.of(shift, now: context.now, policy: context.settings.policy) {
            let o = reminder.occurrence
            listing.append([
                .text(o.name), .text(clock.iso8601(o.due)), .integer(o.notifications),
                .text(o.escalated.map(clock.iso8601)), .text(o.acknowledged.map(clock.iso8601)),
                .text(outcome.rawValue),
            ])
        }
        listing.print(format, clock: LocalClock(identifier: shift.restaurant.timezone))
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
        let context = try options.open()
        var logger = Logger(label: "logbook.checklists")
        if once || at != nil { logger.logLevel = .notice }
        let scheduler = try ReminderScheduler.configured(
            database: context.database, configuration: context.configuration, logger: logger)
        if once || at != nil {
            var now = context.now
            if let at {
                guard let moment = ChecklistContext.parseMoment(at, zone: context.clock.zone) else {
                    throw usageError("--at \(at): expected ISO 8601, e.g. 2026-11-24T10:15:00+01:00")
                }
                now = moment
            }
            let tick = try storeCall { try scheduler.tick(now: now) }
            for label in tick.notified { Diagnostics.print("notified \(label)") }
            for label in tick.escalated { Diagnostics.print("escalated \(label)") }
            // Let started notification commands get going before the process exits.
            try await Task.sleep(for: .milliseconds(200))
            return
        }
        LogBootstrap.bootstrap(level: .info)
        try await ServiceGroup(
            configuration: .init(
                services: [.init(service: scheduler)], gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger)
        ).run()
    }
}
