/// The state of a task on a shift's working copy.
public enum TaskState: String, Sendable, Hashable, Codable, CaseIterable {
    case unchecked
    case ok
    case notOk = "not-ok"
}

/// A mark on a task: its state, an optional note and when it was set (seconds since 1970).
public struct TaskMark: Sendable, Hashable, Codable {
    public var state: TaskState
    public var note: String?
    public var at: Double?

    public init(state: TaskState, note: String? = nil, at: Double? = nil) {
        self.state = state
        self.note = note
        self.at = at
    }
}

/// A shift's working copy of a checklist: the template version it was started with, and the marks on its tasks.
/// Only tasks without children carry marks; a task with children takes its state from them — not ok if any child
/// is not ok, ok when all are ok, else unchecked.
public struct ChecklistRun: Sendable, Hashable {
    public var template: ChecklistTemplate
    /// Marks by canonical path (the template's spelling).
    public var marks: [String: TaskMark]

    public init(template: ChecklistTemplate, marks: [String: TaskMark] = [:]) {
        self.template = template
        self.marks = marks
    }

    /// The template's spelling of a path typed in any case; nil if no task is there.
    public func canonical(_ text: String) -> TaskPath? {
        guard let path = TaskPath(parsing: text),
            let section = template.sections.first(where: { $0.name.lowercased() == path.section.lowercased() }),
            let task = section.tasks.first(where: { $0.name.lowercased() == path.task.lowercased() })
        else { return nil }
        guard let child = path.child else { return TaskPath(section: section.name, task: task.name) }
        guard let found = task.children.first(where: { $0.name.lowercased() == child.lowercased() }) else { return nil }
        return TaskPath(section: section.name, task: task.name, child: found.name)
    }

    /// The paths that carry marks: tasks without children and child tasks, in template order.
    public var leaves: [TaskPath] {
        template.sections.flatMap { section in
            section.tasks.flatMap { task in
                task.children.isEmpty
                    ? [TaskPath(section: section.name, task: task.name)]
                    : task.children.map { TaskPath(section: section.name, task: task.name, child: $0.name) }
            }
        }
    }

    public func state(of path: TaskPath) -> TaskState {
        if path.child == nil, let task = template.task(at: path), !task.children.isEmpty {
            let states = task.children.map {
                state(of: TaskPath(section: path.section, task: path.task, child: $0.name))
            }
            if states.contains(.notOk) { return .notOk }
            return states.allSatisfy { $0 == .ok } ? .ok : .unchecked
        }
        return marks[path.description]?.state ?? .unchecked
    }

    /// Marks a task. A task with children is not marked itself: it opens its children (the error lists them).
    public mutating func mark(_ text: String, _ state: TaskState, note: String?, at: Double) throws(ChecklistError) {
        guard let path = canonical(text) else {
            throw ChecklistError(.unknownTask, path: text, "there is no such task in this checklist")
        }
        if path.child == nil, let task = template.task(at: path), !task.children.isEmpty {
            let children = task.children.map { "\(path)/\($0.name)" }.joined(separator: ", ")
            throw ChecklistError(
                .refused, path: path.description, "takes its state from its child tasks; mark them: \(children)")
        }
        if let note, note.count > 1_000 {
            throw ChecklistError(.refused, path: path.description, "a note holds at most 1000 characters")
        }
        marks[path.description] = TaskMark(state: state, note: note ?? marks[path.description]?.note, at: at)
    }

    public var uncheckedLeaves: [TaskPath] { leaves.filter { state(of: $0) == .unchecked } }
    public var notOkLeaves: [TaskPath] { leaves.filter { state(of: $0) == .notOk } }
    public var isComplete: Bool { uncheckedLeaves.isEmpty }

    /// The section order of the template, for sorting to-dos.
    public var sectionOrder: [String] { template.sections.map(\.name) }
}
