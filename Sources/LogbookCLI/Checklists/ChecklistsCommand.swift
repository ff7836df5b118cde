import ArgumentParser
import Checklists
import LogbookDaemon
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
            let (service, file) = try options.open()
            let ended = try service.endShift(
                shift, ChecklistMomentInput(at: at), mail: !noMail,
                mailer: noMail
                    ? nil : try ChecklistOutboxMailer(database: service.context.database, configuration: file))
            let clock = ended.shift.clock
            Diagnostics.print(
                "Ended shift \(ended.shift.id) at \(clock.text(ended.shift.endedAt ?? ended.shift.startedAt))")
            switch ended.mail {
            case .notRequested: break
            case .noAddress(let restaurant):
                Diagnostics.print("Not mailed: \(restaurant) has no e-mail address (restaurants add … --email)")
            default: Diagnostics.print("The completed checklist: \(ended.mail)")
            }
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
        if add == nil, section != nil || area != nil || priority != nil {
            throw ValidationError("--section, --area and --priority go with --add.")
        }
        if !to.isEmpty, !mail { throw ValidationError("--to goes with --mail.") }
    }

    package func run() throws {
        let changes = add != nil || pick != nil || done != nil || notDone != nil || delete != nil || mail
        let (service, file) = try options.open(writing: changes)
        if earlier { return try print(service.earlierTodos(shift: shift)) }
        if let add {
            let todo = try service.addTodo(
                shift: shift, ChecklistTodoInput(task: add, section: section, area: area?.rawValue, priority: priority))
            Diagnostics.print("Added to-do \(todo.id)")
        }
        if let pick {
            let todo = try service.pickTodo(shift: shift, earlier: pick)
            Diagnostics.print("Added to-do \(todo.id) (from \(pick))")
        }
        for (id, isDone) in [(done, true), (notDone, false)] {
            guard let id else { continue }
            _ = try service.settleTodo(shift: shift, todo: id, ChecklistTodoSettleInput(done: isDone, note: note))
        }
        if let delete { try service.deleteTodo(shift: shift, todo: delete) }
        if mail {
            let status = try service.mailTodos(
                shift: shift, to: to,
                mailer: try ChecklistOutboxMailer(database: service.context.database, configuration: file))
            Diagnostics.print("The to-do list: \(status)")
        }
        try print(service.todos(shift: shift))
    }

    func print(_ todos: ChecklistTodosView) throws {
        if format == .json { return try ChecklistRendering.printJSON(todos) }
        var listing = Listing([
            ("id", "To-do"), ("priority", "Priority"), ("area", "Area"), ("section", "Section"), ("task", "Task"),
            ("done", "Done"), ("source", "From"), ("note", "Note"),
        ])
        for todo in todos.todos {
            listing.append([
                .integer(Int(todo.id)), .integer(todo.priority), .text(todo.area.rawValue), .text(todo.section),
                .text(todo.task), .flag(todo.done), .text(todo.source.rawValue), .text(todo.note),
            ])
        }
        var output = StandardOutput()
        output.write(format == .csv ? listing.csv() : listing.table(LocalClock(identifier: nil)))
        output.flush()
    }
}

extension ChecklistTodoCommand: CommandFieldNames {
    package static var fieldNames: [String: String] { ["task": "--add"] }
}
