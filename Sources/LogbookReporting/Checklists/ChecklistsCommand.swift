import ArgumentParser
import Foundation
import LogbookCLI
import LogbookDaemon
import LogbookStore
import Checklists
import LogbookServices

/// `logbook checklists`: the shift manager's checklists (restaurants, templates, shifts, to-dos, reminders,
/// archives, statistics). The group lives here because ending a shift and the to-do list mail through the outbox.
package struct ChecklistsCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "checklists",
        abstract: "Shift-manager checklists: pre-shift and shift checklists, to-dos, reminders, archives, statistics.",
        discussion: """
            A restaurant's templates (`templates import`) give each shift (`shift start`) a working copy: mark the \
            pre-shift tasks ok or not ok (`mark`), and every not-ok task becomes a to-do (`todo`) that must be \
            done or noted before the shift can end (`shift end`, which mails the completed checklist). Reminders \
            (the travel path every 30 minutes) come from `logbook serve` or `checklists remind`.
            """,
        subcommands: [
            ChecklistRestaurantsCommand.self, ChecklistTemplatesCommand.self, ChecklistShiftCommand.self,
            ChecklistMarkCommand.self, ChecklistTodoCommand.self, ChecklistRemindersCommand.self,
            ChecklistRemindCommand.self, ChecklistArchiveCommand.self, ChecklistStatsCommand.self,
        ])

    package init() {}
}

/// `checklists shift start|show|end`.
package struct ChecklistShiftCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "shift", abstract: "Start, show and end a shift.",
        subcommands: [ChecklistShiftStartCommand.self, ChecklistShiftShowCommand.self, End.self])

    package init() {}

    /// Ends the shift (refused, naming the tasks, while something is unchecked or a not-ok task's to-do is neither
    /// done nor noted) and mails the completed checklists to the restaurant.
    struct End: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "end",
            abstract: "End a shift; its checklists become its archive and are mailed to the restaurant.")

        @Argument(help: "The shift's id.") var shift: Int64
        @Option(name: .long, help: "When it ended (default now).") var at: String?
        @Flag(name: .long, help: "Do not mail the completed checklist.") var noMail = false
        @OptionGroup var options: ChecklistOptions

        func run() throws {
            let context = try options.open()
            let current = try storeCall { try context.database.checklistShift(self.shift) }
            let clock = RestaurantClock(current.restaurant)
            let when = try context.moment(at, zone: clock.zone)
            // What fell due until the end counts in the statistics, whether or not a scheduler ran.
            try storeCall {
                try ReminderScheduler.record(
                    current, until: when, rules: context.settings.reminders, database: context.database)
            }
            let ended = try storeCall { try context.database.endChecklistShift(self.shift, at: when) }
            Diagnostics.print("Ended shift \(ended.id) at \(clock.text(ended.endedAt ?? when))")
            guard !noMail else { return }
            guard let email = ended.restaurant.email else {
                Diagnostics.print(
                    "Not mailed: \(ended.restaurant.name) has no e-mail address (restaurants add … --email)")
                return
            }
            let status = try ChecklistMail.send(
                ChecklistMail.archive(ended), to: [email], database: context.database,
                configuration: context.configuration, zone: clock.zone)
            Diagnostics.print("The completed checklist: \(status)")
        }
    }
}

/// `checklists todo SHIFT`: the to-do list; add (new or picked from earlier shifts), done, noted, deleted,
/// mailed.
package struct ChecklistTodoCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "todo",
        abstract: "The shift's to-do list: list, add, mark done, note why not, delete, mail.",
        discussion: """
            Sorted by priority (1 first), then the checklist's section order, then name. A to-do from a not-ok task \
            stays until it is done or carries a note saying why not (--not-done ID --note "…").
            """)

    package init() {}

    @Argument(help: "The shift's id.") var shift: Int64
    @Option(name: .long, help: "Add a to-do of your own (its task).") var add: String?
    @Option(name: .long, help: "Its section (default: Other).") var section: String?
    @Option(name: .long, help: "Its area: manager, kitchen or service (default manager).") var area: Area?
    @Option(name: .long, help: "Its priority, 1 (most urgent) to 4 (default 3).") var priority: Int?
    @Option(name: .long, help: "Add a copy of an earlier shift's to-do (its id, see --earlier).") var pick: Int64?
    @Flag(name: .long, help: "List the restaurant's earlier to-dos to pick from.") var earlier = false
    @Option(name: .long, help: "Mark this to-do done (with --note: what was done).") var done: Int64?
    @Option(name: .customLong("not-done"), help: "Mark this to-do not done (with --note: why).") var notDone: Int64?
    @Option(name: .long, help: "A note for --done or --not-done.") var note: String?
    @Option(name: .long, help: "Delete a to-do you added.") var delete: Int64?
    @Flag(name: .long, help: "Mail the list (manager, kitchen, service) to the restaurant or --to.") var mail = false
    @Option(name: .long, help: "Mail to this address instead; repeat for several.") var to: [String] = []
    @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
    @OptionGroup var options: ChecklistOptions

    package func validate() throws {
        let actions = [add != nil, pick != nil, done != nil, notDone != nil, delete != nil].filter { $0 }.count
        if actions > 1 { throw ValidationError("Give one of --add, --pick, --done, --not-done, --delete.") }
        if note != nil, done == nil, notDone == nil {
            throw ValidationError("--note goes with --done or --not-done.")
        }
        if let priority, !(1...4).contains(priority) { throw ValidationError("--priority must be 1 to 4.") }
        if add == nil, section != nil || area != nil || priority != nil {
            throw ValidationError("--section, --area and --priority go with --add.")
        }
        if let add, add.trimmingCharacters(in: .whitespaces).isEmpty || add.count > 200 {
            throw ValidationError("--add needs a task of 1 to 200 characters.")
        }
        if !to.isEmpty, !mail { throw ValidationError("--to goes with --mail.") }
    }

    package func run() throws {
        let changes = add != nil || pick != nil || done != nil || notDone != nil || delete != nil || mail
        let context = changes ? try options.open() : try options.openForReading()
        var shift = try storeCall { try context.database.checklistShift(self.shift) }
        let clock = RestaurantClock(shift.restaurant)
        let now = context.now
        if let note { try ChecklistRendering.checkText(note, option: "--note") }
        if earlier {
            let todos = try storeCall { try context.database.earlierTodos(restaurant: shift.restaurant.name) }
            print(todos)
            return
        }
        if let add {
            let todo = try storeCall {
                try context.database.addTodo(
                    shift: shift.id, task: add.trimmingCharacters(in: .whitespaces), section: section ?? "Other",
                    area: area ?? .manager, priority: priority ?? 3, at: now)
            }
            Diagnostics.print("Added to-do \(todo.id)")
        }
        if let pick {
            let earlier = try storeCall { try context.database.earlierTodos(restaurant: shift.restaurant.name) }
            guard let original = earlier.first(where: { $0.id == pick }) else {
                throw usageError("--pick \(pick): not one of the earlier to-dos (see --earlier)")
            }
            let todo = try storeCall {
                try context.database.addTodo(
                    shift: shift.id, task: original.task, section: original.section, area: original.area,
                    priority: original.priority, at: now)
            }
            Diagnostics.print("Added to-do \(todo.id) (from \(pick))")
        }
        for (id, isDone) in [(done, true), (notDone, false)] {
            guard let id else { continue }
            guard shift.todos.contains(where: { $0.id == id }) else {
                throw usageError("to-do \(id) is not on shift \(shift.id)'s list")
            }
            try storeCall { try context.database.settleTodo(id, done: isDone, note: note, at: now) }
        }
        if let delete {
            guard shift.todos.contains(where: { $0.id == delete }) else {
                throw usageError("to-do \(delete) is not on shift \(shift.id)'s list")
            }
            try storeCall { try context.database.deleteTodo(delete) }
        }
        shift = try storeCall { try context.database.checklistShift(self.shift) }
        if mail {
            let recipients = to.isEmpty ? shift.restaurant.email.map { [$0] } ?? [] : to
            guard !recipients.isEmpty else {
                throw usageError("\(shift.restaurant.name) has no e-mail address; give --to ADDRESS")
            }
            let status = try ChecklistMail.send(
                ChecklistMail.todoList(shift), to: recipients, database: context.database,
                configuration: context.configuration, zone: clock.zone)
            Diagnostics.print("The to-do list: \(status)")
        }
        print(shift.todos)
    }

    func print(_ todos: [Todo]) {
        var output = StandardOutput()
        if format == .json {
            output.write(ChecklistJSON.todos(todos))
        } else {
            var listing = Listing([
                ("id", "To-do"), ("priority", "Priority"), ("area", "Area"), ("section", "Section"), ("task", "Task"),
                ("done", "Done"), ("source", "From"), ("note", "Note"),
            ])
            for todo in todos {
                listing.append([
                    .integer(Int(todo.id)), .integer(todo.priority), .text(todo.area.rawValue), .text(todo.section),
                    .text(todo.task), .flag(todo.done), .text(todo.source.rawValue), .text(todo.note),
                ])
            }
            output.write(format == .csv ? listing.csv() : listing.table(LocalClock(identifier: nil)))
        }
        output.flush()
    }
}
