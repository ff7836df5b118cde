import Foundation
import LogbookCLI
import LogbookConfiguration
import LogbookReporting
import LogbookStore
import Checklists

/// What a shift manager does, the same through the API and the pages: each checks the user's rights, validates
/// the input (errors name the field) and changes the store.
struct ChecklistActions {
    var access: ChecklistAccess
    var environment: ServerEnvironment
    var now: Double { Date().timeIntervalSince1970 }

    static func dayPart(_ text: String?) throws -> DayPart {
        guard let text, let part = DayPart(rawValue: text) else {
            throw APIError.invalid("'day_part' must be day or evening")
        }
        return part
    }

    static func kind(_ text: String?) throws -> ChecklistKind {
        guard let text, !text.isEmpty else { return .preShift }
        guard let kind = ChecklistKind(rawValue: text) else {
            throw APIError.invalid("'kind' must be pre-shift, before, during or after")
        }
        return kind
    }

    static func text(_ value: String?, _ field: String, limit: Int = 1_000) throws -> String? {
        guard let value else { return nil }
        guard value.count <= limit else { throw APIError.invalid("'\(field)' holds at most \(limit) characters") }
        try RequestText.check(value, field: field)
        return value
    }

    /// Starts a shift of the user's at a restaurant.
    func start(restaurant name: String, dayPart: String?) throws -> Int64 {
        let restaurant = try access.restaurant(name)
        guard access.isManager else { throw APIError.forbidden("only a shift manager starts a shift") }
        return try access.writer.startChecklistShift(
            restaurant: restaurant.name, dayPart: try Self.dayPart(dayPart), manager: access.user.name, at: now)
    }

    func mark(shift id: Int64, path: String?, state: String?, note: String?, kind: String?) throws -> ChecklistShift {
        _ = try access.workingShift(id)
        guard let path, !path.isEmpty else { throw APIError.invalid("'path' is missing") }
        guard let state, let taskState = TaskState(rawValue: state) else {
            throw APIError.invalid("'state' must be ok, not-ok or unchecked")
        }
        return try access.writer.markTask(
            shift: id, kind: try Self.kind(kind), path: path, state: taskState,
            note: try Self.text(note, "note").flatMap { $0.isEmpty ? nil : $0 }, at: now)
    }

    func addTodo(shift id: Int64, task: String?, section: String?, area: String?, priority: Int?) throws -> Todo {
        _ = try access.workingShift(id)
        guard let task = try Self.text(task, "task", limit: 200)?.trimmingCharacters(in: .whitespaces),
            !task.isEmpty
        else { throw APIError.invalid("'task' needs 1 to 200 characters") }
        let areaValue = try area.map {
            guard let value = Area(rawValue: $0) else {
                throw APIError.invalid("'area' must be manager, kitchen or service")
            }
            return value
        }
        if let priority, !(1...4).contains(priority) { throw APIError.invalid("'priority' must be 1 to 4") }
        let sectionName = try Self.text(section, "section", limit: 120)?.trimmingCharacters(in: .whitespaces)
        return try access.writer.addTodo(
            shift: id, task: task, section: sectionName.flatMap { $0.isEmpty ? nil : $0 } ?? "Other",
            area: areaValue ?? .manager, priority: priority ?? 3, at: now)
    }

    func settleTodo(shift id: Int64, todo: Int64, done: Bool, note: String?) throws {
        let shift = try access.workingShift(id)
        guard shift.todos.contains(where: { $0.id == todo }) else {
            throw APIError.notFound("to-do \(todo) is not on shift \(id)'s list")
        }
        try access.writer.settleTodo(todo, done: done, note: try Self.text(note, "note"), at: now)
    }

    func deleteTodo(shift id: Int64, todo: Int64) throws {
        let shift = try access.workingShift(id)
        guard shift.todos.contains(where: { $0.id == todo }) else {
            throw APIError.notFound("to-do \(todo) is not on shift \(id)'s list")
        }
        try access.writer.deleteTodo(todo)
    }

    /// Ends the shift (409 naming what is in the way) and mails the completed checklists to the restaurant.
    func end(shift id: Int64) throws -> (ChecklistShift, mail: String) {
        let shift = try access.workingShift(id)
        let moment = now
        try ReminderScheduler.record(
            shift, until: moment, rules: environment.checklistSettings.reminders, database: access.writer)
        let ended = try access.writer.endChecklistShift(id, at: moment)
        guard let email = ended.restaurant.email else { return (ended, "not mailed: the restaurant has no address") }
        let status =
            (try? ChecklistMail.send(
                ChecklistMail.archive(ended), to: [email], database: access.database,
                configuration: environment.configuration, zone: RestaurantClock(ended.restaurant).zone))
            ?? "not mailed"
        return (ended, status)
    }

    func mailTodos(shift id: Int64) throws -> String {
        let shift = try access.workingShift(id)
        guard let email = shift.restaurant.email else {
            throw APIError.refused("\(shift.restaurant.name) has no e-mail address")
        }
        return try ChecklistMail.send(
            ChecklistMail.todoList(shift), to: [email], database: access.database,
            configuration: environment.configuration, zone: RestaurantClock(shift.restaurant).zone)
    }

    /// The travel path (or another reminder) done now.
    func acknowledge(shift id: Int64, name: String) throws -> StoredReminder {
        let shift = try access.workingShift(id)
        let moment = now
        let rules = environment.checklistSettings.reminders.filter {
            $0.name.caseInsensitiveCompare(name) == .orderedSame
        }
        try ReminderScheduler.record(shift, until: moment, rules: rules, database: access.writer)
        guard let done = try access.writer.acknowledgeReminder(shift: id, name: name, at: moment) else {
            throw APIError.refused("no \(name) reminder of shift \(id) is due")
        }
        return done
    }

    /// To-dos added on the restaurant's earlier shifts that this shift does not have yet: to pick from.
    static func earlierTodos(for shift: ChecklistShift, _ database: AppDatabase) throws -> [Todo] {
        let have = Set(shift.todos.map { $0.task.lowercased() + "\u{1F}" + $0.section.lowercased() })
        return try database.earlierTodos(restaurant: shift.restaurant.name).filter {
            !have.contains($0.task.lowercased() + "\u{1F}" + $0.section.lowercased())
        }
    }

    /// The reminders due and not acknowledged (the newest of each name), for the page's alert.
    static func due(_ shift: ChecklistShift, now: Double) -> [StoredReminder] {
        ReminderOutcomes.of(shift, now: now).filter { $0.1 == .open && $0.0.occurrence.due <= now }.map(\.0)
    }
}
