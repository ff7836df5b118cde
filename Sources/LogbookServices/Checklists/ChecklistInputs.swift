import Checklists
import Foundation

// The inputs of the checklists' use cases: the same `Decodable` types from a JSON body, a form and the command line's
// options, their fields named as the JSON body spells them (`day_part`); each checks its values in `validated()`,
// naming the field.

/// A restaurant to add: its name, where its lists are mailed, its time zone (an IANA name).
public struct ChecklistRestaurantInput: Decodable, Sendable, Hashable {
    public var name: String
    public var email: String?
    public var timezone: String?

    public init(name: String, email: String? = nil, timezone: String? = nil) {
        self.name = name
        self.email = email
        self.timezone = timezone
    }

    func validated() throws(ServiceError) -> ChecklistRestaurantInput {
        var input = self
        input.name = name.trimmingCharacters(in: .whitespaces)
        guard !input.name.isEmpty, input.name.count <= 80, !input.name.contains(where: \.isNewline) else {
            throw ServiceError(.invalid, field: "name", "a restaurant's name needs 1 to 80 characters on one line")
        }
        if let email, !Self.plausibleAddress(email) {
            throw ServiceError(.invalid, field: "email", "\(email) is not an e-mail address")
        }
        if let timezone, TimeZone(identifier: timezone) == nil {
            throw ServiceError(.invalid, field: "timezone", "\(timezone) is not a time zone (e.g. Europe/Berlin)")
        }
        return input
    }

    static func plausibleAddress(_ text: String) -> Bool { MailAddressText.isPlausible(text) }
}

/// A shift to start: the restaurant, its day part; at the terminal also whose shift (default the restaurant's only
/// shift manager) and when it started (the restaurant's clock; default now). Through the server the user starts
/// their own shift, now.
public struct ChecklistShiftStartInput: Decodable, Sendable, Hashable {
    public var restaurant: String
    public var dayPart: String
    public var manager: String?
    public var at: String?

    enum CodingKeys: String, CodingKey {
        case restaurant
        case dayPart = "day_part"
        case manager, at
    }

    public init(restaurant: String, dayPart: String, manager: String? = nil, at: String? = nil) {
        self.restaurant = restaurant
        self.dayPart = dayPart
        self.manager = manager
        self.at = at
    }
}

/// A task's mark: its path (`Section/Task/Child`, any case), `ok`, `not-ok` or `unchecked`, a note, which checklist
/// (default the pre-shift one), when (default now).
public struct ChecklistMarkInput: Decodable, Sendable, Hashable {
    public var path: String
    public var state: String
    public var note: String?
    public var kind: String?
    public var at: String?

    public init(path: String, state: String, note: String? = nil, kind: String? = nil, at: String? = nil) {
        self.path = path
        self.state = state
        self.note = note
        self.kind = kind
        self.at = at
    }
}

/// A to-do of the manager's own: its task, section (default Other), area (default manager), priority 1–4 (default 3).
public struct ChecklistTodoInput: Decodable, Sendable, Hashable {
    public var task: String
    public var section: String?
    public var area: String?
    public var priority: Int?

    public init(task: String, section: String? = nil, area: String? = nil, priority: Int? = nil) {
        self.task = task
        self.section = section
        self.area = area
        self.priority = priority
    }

    func validated() throws(ServiceError) -> (task: String, section: String, area: Area, priority: Int) {
        let task = try ChecklistRules.text(task, "task", limit: 200).trimmingCharacters(in: .whitespaces)
        guard !task.isEmpty else { throw ServiceError(.invalid, field: "task", "needs 1 to 200 characters") }
        let section = try section.map { text throws(ServiceError) in
            try ChecklistRules.text(text, "section", limit: 120)
        }?
        .trimmingCharacters(in: .whitespaces)
        let area = try area.map { text throws(ServiceError) in try ChecklistRules.area(text) } ?? .manager
        if let priority, !(1...4).contains(priority) {
            throw ServiceError(.invalid, field: "priority", "must be 1 to 4")
        }
        return (task, section.flatMap { $0.isEmpty ? nil : $0 } ?? "Other", area, priority ?? 3)
    }
}

/// A to-do done or not, with a note: what was done, or why not.
public struct ChecklistTodoSettleInput: Decodable, Sendable, Hashable {
    public var done: Bool
    public var note: String?

    public init(done: Bool, note: String? = nil) {
        self.done = done
        self.note = note
    }
}

/// When something was done (the restaurant's clock; default now): a shift's end, a reminder's acknowledgement.
public struct ChecklistMomentInput: Decodable, Sendable, Hashable {
    public var at: String?

    public init(at: String? = nil) { self.at = at }
}

/// Which ended shifts: of a restaurant, of a manager, started from the day `from` to the day `to` (both included,
/// `YYYY-MM-DD` on the restaurant's clock, else the caller's).
public struct ChecklistArchiveFilter: Decodable, Sendable, Hashable {
    public var restaurant: String?
    public var manager: String?
    public var from: String?
    public var to: String?

    public init(restaurant: String? = nil, manager: String? = nil, from: String? = nil, to: String? = nil) {
        self.restaurant = restaurant
        self.manager = manager
        self.from = from
        self.to = to
    }
}

/// A change to a template, a restaurant manager's: one `action` on a section or task named by `path`.
///
/// `add-section` (`name`, `position`), `rename-section` (`path`, `name`), `move-section` (`path`, `position`),
/// `section-up`, `section-down`, `delete-section` (`path`); `add-task` (`path`: the section, or `Section/Task` for a
/// child; `name`, `priority`, `area`, `general`, `time`, `description`, `position`), `edit-task` (`path` and any of
/// `name`, `priority`, `area`, `general`, `time`, `description`: "" clears it), `move-task` (`path`, `position`), `move-up`, `move-down`,
/// `delete-task` (`path`). Positions count from 1.
public struct ChecklistTemplateEditInput: Decodable, Sendable, Hashable {
    public enum Action: String, Sendable, Hashable, CaseIterable {
        case addSection = "add-section"
        case renameSection = "rename-section"
        case moveSection = "move-section"
        case sectionUp = "section-up"
        case sectionDown = "section-down"
        case deleteSection = "delete-section"
        case addTask = "add-task"
        case editTask = "edit-task"
        case moveTask = "move-task"
        case moveUp = "move-up"
        case moveDown = "move-down"
        case deleteTask = "delete-task"
    }

    public var dayPart: String
    public var kind: String?
    public var action: String
    public var path: String?
    public var name: String?
    public var priority: Int?
    public var area: String?
    public var general: Bool?
    public var time: String?
    /// The task's description (the yellow note); "" clears it.
    public var description: String?
    public var position: Int?

    enum CodingKeys: String, CodingKey {
        case dayPart = "day_part"
        case kind, action, path, name, priority, area, general, time, description, position
    }

    public init(
        dayPart: String, kind: String? = nil, action: Action, path: String? = nil, name: String? = nil,
        priority: Int? = nil, area: String? = nil, general: Bool? = nil, time: String? = nil,
        description: String? = nil, position: Int? = nil
    ) {
        self.dayPart = dayPart
        self.kind = kind
        self.action = action.rawValue
        self.path = path
        self.name = name
        self.priority = priority
        self.area = area
        self.general = general
        self.time = time
        self.description = description
        self.position = position
    }

    /// The edit, against the latest template for moves one step up or down.
    func edit(of current: ChecklistTemplate) throws(ServiceError) -> TemplateEdit {
        guard let action = Action(rawValue: action) else {
            let known = Action.allCases.map(\.rawValue).joined(separator: ", ")
            throw ServiceError(.invalid, field: "action", "must be one of \(known)")
        }
        let name = try self.name.map { text throws(ServiceError) in try ChecklistRules.text(text, "name", limit: 120) }
        let area = try self.area.map { text throws(ServiceError) in try ChecklistRules.area(text) }
        let description = try self.description.map { text throws(ServiceError) in
            try ChecklistRules.text(text, "description", limit: TaskTemplate.maximumDescription)
        }
        if let priority, !(1...4).contains(priority) {
            throw ServiceError(.invalid, field: "priority", "must be 1 to 4")
        }
        func need<T>(_ value: T?, _ field: String) throws(ServiceError) -> T {
            guard let value else { throw ServiceError(.invalid, field: field, "this change needs it") }
            return value
        }
        switch action {
        case .addSection:
            return .addSection(name: try need(name, "name"), at: position)
        case .renameSection:
            return .renameSection(name: try need(path, "path"), to: try need(name, "name"))
        case .moveSection:
            return .moveSection(name: try need(path, "path"), to: try need(position, "position"))
        case .sectionUp, .sectionDown:
            let path = try need(path, "path")
            guard let index = current.sections.firstIndex(where: { $0.name.lowercased() == path.lowercased() }) else {
                throw ServiceError(.notFound, field: "path", "there is no section '\(path)'")
            }
            let position = index + 1 + (action == .sectionUp ? -1 : 1)
            return .moveSection(name: path, to: min(current.sections.count, max(1, position)))
        case .deleteSection:
            return .removeSection(name: try need(path, "path"))
        case .addTask:
            let task = TaskTemplate(
                name: try need(name, "name"), priority: priority ?? 3, area: area ?? .manager,
                general: general ?? false,
                time: time.flatMap { $0.isEmpty ? nil : $0 },
                description: description.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 })
            return .addTask(parent: try need(path, "path"), task: task, at: position)
        case .editTask:
            let change = TaskChange(
                name: name, priority: priority, area: area, general: general, time: time, description: description)
            guard change != TaskChange() else {
                throw ServiceError(.invalid, "edit-task needs a name, priority, area, general, time or description")
            }
            return .editTask(path: try need(path, "path"), change: change)
        case .moveTask:
            return .moveTask(path: try need(path, "path"), to: try need(position, "position"))
        case .moveUp, .moveDown:
            let path = try need(path, "path")
            let position = try Self.position(of: path, in: current) + (action == .moveUp ? -1 : 1)
            return .moveTask(path: path, to: max(1, position))
        case .deleteTask:
            return .removeTask(path: try need(path, "path"))
        }
    }

    /// 1-based position of a task (or child) among its siblings.
    static func position(of text: String, in template: ChecklistTemplate) throws(ServiceError) -> Int {
        let missing = ServiceError(.notFound, field: "path", "there is no task \(text)")
        guard let path = TaskPath(parsing: text),
            let section = template.sections.first(where: { $0.name.lowercased() == path.section.lowercased() }),
            let index = section.tasks.firstIndex(where: { $0.name.lowercased() == path.task.lowercased() })
        else { throw missing }
        guard let child = path.child else { return index + 1 }
        guard
            let childIndex = section.tasks[index].children.firstIndex(where: {
                $0.name.lowercased() == child.lowercased()
            })
        else { throw missing }
        return childIndex + 1
    }
}

/// A new checklist (`POST /checklists/templates/{restaurant}/new`): its day part, kind and first section's name.
public struct ChecklistTemplateCreateInput: Decodable, Sendable, Hashable {
    public var dayPart: String
    public var kind: String?
    public var section: String?

    enum CodingKeys: String, CodingKey {
        case dayPart = "day_part"
        case kind, section
    }

    public init(dayPart: String, kind: String? = nil, section: String? = nil) {
        self.dayPart = dayPart
        self.kind = kind
        self.section = section
    }

    func validated() throws(ServiceError) -> (DayPart, ChecklistKind, String) {
        let dayPart = try ChecklistRules.dayPart(dayPart)
        let kind = try ChecklistRules.kind(kind)
        let section = (section ?? "").trimmingCharacters(in: .whitespaces)
        guard !section.isEmpty else {
            throw ServiceError(.invalid, field: "section", "name the checklist's first section")
        }
        return (dayPart, kind, try ChecklistRules.text(section, "section", limit: 120))
    }
}

/// The rules the inputs share: the words of the checklists' enumerations, free text's length.
enum ChecklistRules {
    static func dayPart(_ text: String) throws(ServiceError) -> DayPart {
        guard let part = DayPart(rawValue: text) else {
            throw ServiceError(.invalid, field: "day_part", "must be day or evening")
        }
        return part
    }

    static func kind(_ text: String?) throws(ServiceError) -> ChecklistKind {
        guard let text, !text.isEmpty else { return .preShift }
        guard let kind = ChecklistKind(rawValue: text) else {
            throw ServiceError(.invalid, field: "kind", "must be pre-shift, before, during or after")
        }
        return kind
    }

    static func state(_ text: String) throws(ServiceError) -> TaskState {
        guard let state = TaskState(rawValue: text.lowercased()) else {
            throw ServiceError(.invalid, field: "state", "must be ok, not-ok or unchecked")
        }
        return state
    }

    static func area(_ text: String) throws(ServiceError) -> Area {
        guard let area = Area(rawValue: text) else {
            throw ServiceError(.invalid, field: "area", "must be manager, kitchen or service")
        }
        return area
    }

    /// Free text of at most `limit` characters.
    static func text(_ value: String, _ field: String, limit: Int = 1_000) throws(ServiceError) -> String {
        guard value.count <= limit else {
            throw ServiceError(.invalid, field: field, "holds at most \(limit) characters")
        }
        return value
    }
}
