/// A template, a shift or an operation the rules refuse, naming the task's path or the field.
public struct ChecklistError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        case invalidTemplate = "invalid-template"
        case unknownTask = "unknown-task"
        case refused
    }

    public var code: Code
    public var path: String
    public var message: String

    public init(_ code: Code, path: String, _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// `Section/Task` or `Section/Task/Child`.
public struct TaskPath: Sendable, Hashable, CustomStringConvertible {
    public var section: String
    public var task: String
    public var child: String?

    public init(section: String, task: String, child: String? = nil) {
        self.section = section
        self.task = task
        self.child = child
    }

    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        section = parts[0]
        task = parts[1]
        child = parts.count == 3 ? parts[2] : nil
    }

    public var parent: TaskPath? { child == nil ? nil : TaskPath(section: section, task: task) }

    public var description: String { [section, task, child].compactMap { $0 }.joined(separator: "/") }
}
