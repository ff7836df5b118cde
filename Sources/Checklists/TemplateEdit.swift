/// A change a restaurant manager makes to a template; applying it gives the next version.
public enum TemplateEdit: Sendable, Hashable {
    case addSection(name: String, at: Int?)
    case renameSection(name: String, to: String)
    case moveSection(name: String, to: Int)
    case removeSection(name: String)
    /// A task in a section, or a child under `Section/Task` when `parent` names a path with two parts.
    case addTask(parent: String, task: TaskTemplate, at: Int?)
    case editTask(path: String, change: TaskChange)
    case moveTask(path: String, to: Int)
    case removeTask(path: String)
}

/// The fields of a task an edit changes; nil keeps the field.
public struct TaskChange: Sendable, Hashable {
    public var name: String?
    public var priority: Int?
    public var area: Area?
    public var general: Bool?
    /// `HH:MM`, or "" to clear.
    public var time: String?
    /// The task's description, or "" to clear.
    public var description: String?

    public init(
        name: String? = nil, priority: Int? = nil, area: Area? = nil, general: Bool? = nil, time: String? = nil,
        description: String? = nil
    ) {
        self.name = name
        self.priority = priority
        self.area = area
        self.general = general
        self.time = time
        self.description = description
    }
}

extension ChecklistTemplate {
    /// The template after the edit, checked; the error names the path.
    public func applying(_ edit: TemplateEdit) throws(ChecklistError) -> ChecklistTemplate {
        var next = self
        switch edit {
        case .addSection(let name, let at):
            let index = try Self.insertionIndex(at, count: sections.count, path: name)
            next.sections.insert(SectionTemplate(name: name), at: index)
        case .renameSection(let name, let to):
            next.sections[try sectionIndex(name)].name = to
        case .moveSection(let name, let to):
            let from = try sectionIndex(name)
            let section = next.sections.remove(at: from)
            next.sections.insert(section, at: try Self.insertionIndex(to, count: next.sections.count, path: name))
        case .removeSection(let name):
            next.sections.remove(at: try sectionIndex(name))
        case .addTask(let parent, let task, let at):
            let path = TaskPath(parsing: parent + "/x")
            if let path, path.child != nil {
                // Section/Task/x: a child of Section/Task.
                let (s, t) = try taskIndex(TaskPath(section: path.section, task: path.task))
                let count = next.sections[s].tasks[t].children.count
                next.sections[s].tasks[t].children.insert(
                    task, at: try Self.insertionIndex(at, count: count, path: parent))
            } else {
                let s = try sectionIndex(parent)
                next.sections[s].tasks.insert(
                    task, at: try Self.insertionIndex(at, count: next.sections[s].tasks.count, path: parent))
            }
        case .editTask(let text, let change):
            try next.modify(text) { task in
                if let name = change.name { task.name = name }
                if let priority = change.priority { task.priority = priority }
                if let area = change.area { task.area = area }
                if let general = change.general { task.general = general }
                if let time = change.time { task.time = time.isEmpty ? nil : time }
                if let description = change.description {
                    task.description = description.trimmingSpaces.isEmpty ? nil : description
                }
            }
        case .moveTask(let text, let to):
            let path = try Self.path(text)
            let (s, t) = try taskIndex(TaskPath(section: path.section, task: path.task))
            if path.child != nil {
                let c = try childIndex(path, s, t)
                let child = next.sections[s].tasks[t].children.remove(at: c)
                let count = next.sections[s].tasks[t].children.count
                next.sections[s].tasks[t].children.insert(
                    child, at: try Self.insertionIndex(to, count: count, path: text))
            } else {
                let task = next.sections[s].tasks.remove(at: t)
                let count = next.sections[s].tasks.count
                next.sections[s].tasks.insert(task, at: try Self.insertionIndex(to, count: count, path: text))
            }
        case .removeTask(let text):
            let path = try Self.path(text)
            let (s, t) = try taskIndex(TaskPath(section: path.section, task: path.task))
            if path.child != nil {
                next.sections[s].tasks[t].children.remove(at: try childIndex(path, s, t))
            } else {
                next.sections[s].tasks.remove(at: t)
            }
        }
        if let problem = next.problems().first { throw problem }
        return next
    }

    private mutating func modify(_ text: String, _ change: (inout TaskTemplate) -> Void) throws(ChecklistError) {
        let path = try Self.path(text)
        let (s, t) = try taskIndex(TaskPath(section: path.section, task: path.task))
        if path.child != nil {
            let c = try childIndex(path, s, t)
            change(&sections[s].tasks[t].children[c])
        } else {
            change(&sections[s].tasks[t])
        }
    }

    static func path(_ text: String) throws(ChecklistError) -> TaskPath {
        guard let path = TaskPath(parsing: text) else {
            throw ChecklistError(.unknownTask, path: text, "expected Section/Task or Section/Task/Child")
        }
        return path
    }

    static func insertionIndex(_ at: Int?, count: Int, path: String) throws(ChecklistError) -> Int {
        guard let at else { return count }
        // Positions are 1-based for people.
        guard (1...count + 1).contains(at) else {
            throw ChecklistError(.refused, path: path, "position \(at) is not between 1 and \(count + 1)")
        }
        return at - 1
    }

    func sectionIndex(_ name: String) throws(ChecklistError) -> Int {
        guard let index = sections.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw ChecklistError(.unknownTask, path: name, "there is no section '\(name)'")
        }
        return index
    }

    func taskIndex(_ path: TaskPath) throws(ChecklistError) -> (Int, Int) {
        let s = try sectionIndex(path.section)
        guard let t = sections[s].tasks.firstIndex(where: { $0.name.lowercased() == path.task.lowercased() }) else {
            throw ChecklistError(
                .unknownTask, path: path.description, "there is no task '\(path.task)' in \(path.section)")
        }
        return (s, t)
    }

    func childIndex(_ path: TaskPath, _ s: Int, _ t: Int) throws(ChecklistError) -> Int {
        guard
            let c = sections[s].tasks[t].children.firstIndex(where: { $0.name.lowercased() == path.child!.lowercased() }
            )
        else {
            throw ChecklistError(.unknownTask, path: path.description, "there is no child task '\(path.child!)'")
        }
        return c
    }
}
