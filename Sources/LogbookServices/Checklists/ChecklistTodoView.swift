public import Checklists

/// An item of a shift's to-do list: `{"id", "task", "section", "area", "priority", "done", "source", "note",
/// "path"}` (`note` and `path` null when there is none).
public struct ChecklistTodoView: Encodable, Sendable, Hashable {
    public var id: Int64
    public var task: String
    public var section: String
    public var area: Area
    public var priority: Int
    public var done: Bool
    public var source: TodoSource
    public var note: String?
    /// The pre-shift task's path, for to-dos from not-ok tasks.
    public var path: String?

    enum CodingKeys: String, CodingKey {
        case id, task, section, area, priority, done, source, note, path
    }

    public init(_ todo: Todo) {
        id = todo.id
        task = todo.task
        section = todo.section
        area = todo.area
        priority = todo.priority
        done = todo.done
        source = todo.source
        note = todo.note
        path = todo.path
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(task, forKey: .task)
        try c.encode(section, forKey: .section)
        try c.encode(area, forKey: .area)
        try c.encode(priority, forKey: .priority)
        try c.encode(done, forKey: .done)
        try c.encode(source, forKey: .source)
        try c.encode(note, forKey: .note)
        try c.encode(path, forKey: .path)
    }
}

/// `{"todos": [ … ]}`: a shift's to-do list in its order, or the earlier to-dos to pick from.
public struct ChecklistTodosView: Encodable, Sendable, Hashable {
    public var todos: [ChecklistTodoView]

    public init(todos: [ChecklistTodoView]) { self.todos = todos }
}
