import Checklists
import LogbookStore

extension ChecklistService {
    /// The shift's to-do list in its order: priority, the checklist's section order, name.
    public func todos(shift id: Int64) throws -> ChecklistTodosView {
        ChecklistTodosView(todos: try access.shift(id).todos.map(ChecklistTodoView.init))
    }

    /// To-dos added on the restaurant's earlier shifts (newest first, once each) that this shift does not have yet:
    /// to pick from.
    public func earlierTodos(shift id: Int64) throws -> ChecklistTodosView {
        let shift = try access.shift(id)
        return ChecklistTodosView(todos: try earlier(for: shift).map(ChecklistTodoView.init))
    }

    func earlier(for shift: ChecklistShift) throws -> [Todo] {
        func key(_ todo: Todo) -> String { todo.task.lowercased() + "\u{1F}" + todo.section.lowercased() }
        let have = Set(shift.todos.map(key))
        return try database.earlierTodos(restaurant: shift.restaurant.name).filter { !have.contains(key($0)) }
    }

    /// Adds a to-do of the manager's own.
    public func addTodo(shift id: Int64, _ input: ChecklistTodoInput) throws -> ChecklistTodoView {
        _ = try access.workingShift(id)
        let todo = try input.validated()
        return ChecklistTodoView(
            try writer.addTodo(
                shift: id, task: todo.task, section: todo.section, area: todo.area, priority: todo.priority, at: now()))
    }

    /// Adds a copy of an earlier shift's to-do (`earlier`: its id, one of `earlierTodos`).
    public func pickTodo(shift id: Int64, earlier todo: Int64) throws -> ChecklistTodoView {
        let shift = try access.workingShift(id)
        guard let original = try earlier(for: shift).first(where: { $0.id == todo }) else {
            throw ServiceError(.invalid, field: "pick", "\(todo) is not one of the earlier to-dos")
        }
        return ChecklistTodoView(
            try writer.addTodo(
                shift: id, task: original.task, section: original.section, area: original.area,
                priority: original.priority, at: now()))
    }

    /// Marks a to-do of the shift done (or not), with a note: what was done, or why not.
    public func settleTodo(shift id: Int64, todo: Int64, _ input: ChecklistTodoSettleInput) throws -> ChecklistTodosView
    {
        let shift = try access.settlingShift(id, todo: todo)
        try Self.requireTodo(todo, on: shift)
        let note = try input.note.map { try ChecklistRules.text($0, "note") }
        try writer.settleTodo(todo, done: input.done, note: note, at: now())
        return try todos(shift: id)
    }

    /// Deletes a to-do the manager added (one from a not-ok task stays until the task is ok).
    public func deleteTodo(shift id: Int64, todo: Int64) throws {
        let shift = try access.workingShift(id)
        try Self.requireTodo(todo, on: shift)
        try writer.deleteTodo(todo)
    }

    static func requireTodo(_ todo: Int64, on shift: ChecklistShift) throws(ServiceError) {
        guard shift.todos.contains(where: { $0.id == todo }) else {
            throw ServiceError(.notFound, "to-do \(todo) is not on shift \(shift.id)'s list", exitCode: 64)
        }
    }

    /// Mails the to-do list (manager, kitchen, service) to `to`, else to the restaurant, through the outbox.
    public func mailTodos(shift id: Int64, to: [String] = [], mailer: (any ChecklistMailer)?) throws
        -> ChecklistMailStatus
    {
        let shift = try access.workingShift(id)
        if !to.isEmpty, context.caller.user != nil {
            throw ServiceError(.forbidden, field: "to", "the to-do list goes to the restaurant's address")
        }
        let recipients = to.isEmpty ? shift.restaurant.email.map { [$0] } ?? [] : to
        guard !recipients.isEmpty else {
            throw ServiceError(
                .refused, field: "to", "\(shift.restaurant.name) has no e-mail address", exitCode: 64)
        }
        return try send(ChecklistMail.todoList(shift), to: recipients, shift: shift, mailer: mailer)
    }
}
