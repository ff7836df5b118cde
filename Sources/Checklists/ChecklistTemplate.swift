/// The day part a template and a shift belong to; the evening checklist is the slimmer one.
public enum DayPart: String, Sendable, Hashable, Codable, CaseIterable {
    case day
    case evening
}

/// Which checklist: the pre-shift walk-through, or the shift's own lists before, during and after it.
public enum ChecklistKind: String, Sendable, Hashable, Codable, CaseIterable {
    case preShift = "pre-shift"
    case before
    case during
    case after

    /// Shift checklists carry a carry-out time per task; the pre-shift checklist does not.
    public var hasTimes: Bool { self != .preShift }
}

/// Who acts on a task that is not ok.
public enum Area: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case manager
    case kitchen
    case service

    public static func < (a: Area, b: Area) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A task of a template: its to-do priority (1 most urgent … 4) and area, whether it is checked over a whole area
/// (a general task), its carry-out time on shift checklists (minutes after local midnight), its description (the
/// original app's yellow note: how to do it, what to look for) and its child tasks.
public struct TaskTemplate: Sendable, Hashable, Codable {
    public var name: String
    public var priority: Int
    public var area: Area
    public var general: Bool
    /// `HH:MM` on shift checklists.
    public var time: String?
    /// How to do the task, shown under it on the working screen; nil when it has none. Lines are kept.
    public var description: String?
    public var children: [TaskTemplate]

    /// The longest description, in characters.
    public static let maximumDescription = 1_000

    public init(
        name: String, priority: Int = 3, area: Area = .manager, general: Bool = false, time: String? = nil,
        description: String? = nil, children: [TaskTemplate] = []
    ) {
        self.name = name
        self.priority = priority
        self.area = area
        self.general = general
        self.time = time
        self.description = description
        self.children = children
    }

    enum CodingKeys: String, CodingKey {
        case name, priority, area, general, time, description, children
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        priority = try c.decodeIfPresent(Int.self, forKey: .priority) ?? 3
        area = try c.decodeIfPresent(Area.self, forKey: .area) ?? .manager
        general = try c.decodeIfPresent(Bool.self, forKey: .general) ?? false
        time = try c.decodeIfPresent(String.self, forKey: .time)
        description = try c.decodeIfPresent(String.self, forKey: .description)
        children = try c.decodeIfPresent([TaskTemplate].self, forKey: .children) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(priority, forKey: .priority)
        try c.encode(area, forKey: .area)
        try c.encode(general, forKey: .general)
        try c.encodeIfPresent(time, forKey: .time)
        try c.encodeIfPresent(description, forKey: .description)
        if !children.isEmpty { try c.encode(children, forKey: .children) }
    }

    /// Minutes after midnight of `time`, when it is a valid `HH:MM`.
    public var minute: Int? { time.flatMap(ChecklistTemplate.minute(of:)) }
}

/// A section of a template: a named, ordered list of tasks.
public struct SectionTemplate: Sendable, Hashable, Codable {
    public var name: String
    public var tasks: [TaskTemplate]

    public init(name: String, tasks: [TaskTemplate] = []) {
        self.name = name
        self.tasks = tasks
    }
}

/// One checklist of a restaurant for a day part (the JSON format of `templates import` and `export`).
public struct ChecklistTemplate: Sendable, Hashable, Codable {
    public static let formatDescription = "https://logbook.example/schemas/checklist-template.schema.json"

    public var restaurant: String
    public var dayPart: DayPart
    public var kind: ChecklistKind
    public var sections: [SectionTemplate]

    enum CodingKeys: String, CodingKey {
        case restaurant
        case dayPart = "day_part"
        case kind, sections
    }

    public init(restaurant: String, dayPart: DayPart, kind: ChecklistKind, sections: [SectionTemplate]) {
        self.restaurant = restaurant
        self.dayPart = dayPart
        self.kind = kind
        self.sections = sections
    }

    /// `HH:MM` → minutes after midnight.
    public static func minute(of text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2, let h = Int(parts[0]), let m = Int(parts[1]),
            (0..<24).contains(h), (0..<60).contains(m)
        else { return nil }
        return h * 60 + m
    }

    /// Every problem with the template, each naming the path (`Kitchen/Fryer/Oil`) and the field.
    public func problems() -> [ChecklistError] {
        var found: [ChecklistError] = []
        func check(_ name: String, at path: String, siblings: inout Set<String>) {
            let trimmed = name.trimmingSpaces
            if trimmed.isEmpty || trimmed != name || name.contains("/") || name.count > 120
                || name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            {
                found.append(
                    ChecklistError(
                        .invalidTemplate, path: path,
                        "a name must be 1 to 120 characters without '/', control characters or surrounding spaces"))
            }
            if !siblings.insert(name.lowercased()).inserted {
                found.append(ChecklistError(.invalidTemplate, path: path, "two entries share the name '\(name)'"))
            }
        }
        if restaurant.trimmingSpaces.isEmpty {
            found.append(ChecklistError(.invalidTemplate, path: "restaurant", "the restaurant is missing"))
        }
        var sectionNames = Set<String>()
        for section in sections {
            check(section.name, at: section.name, siblings: &sectionNames)
            var taskNames = Set<String>()
            for task in section.tasks {
                let path = section.name + "/" + task.name
                check(task.name, at: path, siblings: &taskNames)
                found += problems(of: task, at: path, depth: 1)
                var childNames = Set<String>()
                for child in task.children {
                    let childPath = path + "/" + child.name
                    check(child.name, at: childPath, siblings: &childNames)
                    found += problems(of: child, at: childPath, depth: 2)
                }
            }
        }
        return found
    }

    private func problems(of task: TaskTemplate, at path: String, depth: Int) -> [ChecklistError] {
        var found: [ChecklistError] = []
        if !(1...4).contains(task.priority) {
            found.append(ChecklistError(.invalidTemplate, path: path, "priority must be 1 to 4, not \(task.priority)"))
        }
        if let description = task.description {
            if description.trimmingSpaces.isEmpty || description.count > TaskTemplate.maximumDescription
                || description.unicodeScalars.contains(where: {
                    ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
                })
            {
                found.append(
                    ChecklistError(
                        .invalidTemplate, path: path,
                        "a description must be 1 to \(TaskTemplate.maximumDescription) characters without control "
                            + "characters (line breaks are kept)"))
            }
        }
        if depth == 2, !task.children.isEmpty {
            found.append(ChecklistError(.invalidTemplate, path: path, "a child task cannot have children of its own"))
        }
        if kind.hasTimes {
            if task.children.isEmpty, task.minute == nil {
                found.append(
                    ChecklistError(
                        .invalidTemplate, path: path,
                        "a task of a \(kind.rawValue) checklist needs its carry-out time (\"time\": \"HH:MM\")"))
            }
        } else if task.time != nil {
            found.append(ChecklistError(.invalidTemplate, path: path, "pre-shift tasks have no carry-out time"))
        }
        return found
    }

    /// Every task's path in order: `Section/Task` and `Section/Task/Child`.
    public var taskPaths: [String] {
        var paths: [String] = []
        for section in sections {
            for task in section.tasks {
                let path = "\(section.name)/\(task.name)"
                paths.append(path)
                for child in task.children { paths.append("\(path)/\(child.name)") }
            }
        }
        return paths
    }

    /// The task at a path, case-insensitively.
    public func task(at path: TaskPath) -> TaskTemplate? {
        guard let section = sections.first(where: { $0.name.lowercased() == path.section.lowercased() }),
            let task = section.tasks.first(where: { $0.name.lowercased() == path.task.lowercased() })
        else { return nil }
        guard let childName = path.child else { return task }
        return task.children.first { $0.name.lowercased() == childName.lowercased() }
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}
