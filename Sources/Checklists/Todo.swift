/// Where a to-do came from.
public enum TodoSource: String, Sendable, Hashable, Codable {
    /// A pre-shift task marked not ok.
    case notOk = "not-ok"
    /// Added by the manager (new, or picked from earlier ones).
    case added
}

/// An item of a shift's to-do list.
public struct Todo: Sendable, Hashable, Codable {
    public var id: Int64
    public var task: String
    public var section: String
    public var area: Area
    public var priority: Int
    public var done: Bool
    /// Why it was not done, or what was done instead (the corrective action).
    public var note: String?
    public var source: TodoSource
    /// The pre-shift task's path, for to-dos from not-ok tasks.
    public var path: String?

    public init(
        id: Int64, task: String, section: String, area: Area, priority: Int, done: Bool = false, note: String? = nil,
        source: TodoSource, path: String? = nil
    ) {
        self.id = id
        self.task = task
        self.section = section
        self.area = area
        self.priority = priority
        self.done = done
        self.note = note
        self.source = source
        self.path = path
    }

    /// Settled: done, or a note says why not.
    public var isSettled: Bool { done || !(note ?? "").trimmingSpaces.isEmpty }
}

public enum TodoList {
    /// Priority first (1 most urgent), then section in the checklist's order (others after, by name), then name.
    public static func sorted(_ todos: [Todo], sectionOrder: [String]) -> [Todo] {
        let order = Dictionary(
            sectionOrder.enumerated().map { ($1.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
        return todos.sorted { a, b in
            if a.priority != b.priority { return a.priority < b.priority }
            let sa = order[a.section.lowercased()] ?? Int.max
            let sb = order[b.section.lowercased()] ?? Int.max
            if sa != sb { return sa < sb }
            if a.section.lowercased() != b.section.lowercased() {
                return a.section.lowercased() < b.section.lowercased()
            }
            if a.task.lowercased() != b.task.lowercased() { return a.task.lowercased() < b.task.lowercased() }
            return a.id < b.id
        }
    }

    /// The to-dos a run's not-ok tasks call for, by path (area and priority from the template).
    public static func fromNotOk(_ run: ChecklistRun) -> [String: (
        task: String, section: String, area: Area, priority: Int
    )] {
        var result: [String: (task: String, section: String, area: Area, priority: Int)] = [:]
        for path in run.notOkLeaves {
            guard let task = run.template.task(at: path) else { continue }
            let name = path.child.map { "\(path.task): \($0)" } ?? path.task
            result[path.description] = (name, path.section, task.area, task.priority)
        }
        return result
    }

    /// Grouped by area for the mail: manager, kitchen, service, each sorted.
    public static func byArea(_ todos: [Todo], sectionOrder: [String]) -> [(Area, [Todo])] {
        Area.allCases.map { area in (area, sorted(todos.filter { $0.area == area }, sectionOrder: sectionOrder)) }
    }
}

/// Whether a shift may end: every pre-shift task checked, and nothing not ok forgotten.
public enum ShiftEndRule {
    /// Everything in the way, one line each naming the task; empty when the shift may end.
    public static func problems(preShift: ChecklistRun, todos: [Todo]) -> [String] {
        var found = preShift.uncheckedLeaves.map { "\($0): not checked" }
        for todo in todos where todo.source == .notOk && !todo.isSettled {
            found.append("\(todo.path ?? todo.task): not ok, and its to-do is neither done nor noted")
        }
        return found
    }
}
