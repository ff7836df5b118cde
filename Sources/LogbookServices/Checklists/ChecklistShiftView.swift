public import Checklists
import Foundation
public import LogbookStore

/// One task line of a shift's checklist as shown, mailed and archived: parents with the state their children give
/// them, children after their parent. JSON: `{"path", "state", "note", "marked", "general", "area", "priority"}`
/// and, on a task with a carry-out time, `"time"` and `"carry_out"`; on a task with a description (the template's
/// yellow note), `"description"`.
public struct ChecklistTaskLineView: Encodable, Sendable, Hashable {
    public var kind: ChecklistKind
    public var path: TaskPath
    /// 0 for a task, 1 for a child task.
    public var depth: Int
    public var name: String
    public var state: TaskState
    public var note: String?
    /// When it was marked (seconds since 1970) and as the restaurant's ISO 8601 time.
    public var markedAt: Double?
    public var marked: String?
    public var general: Bool
    public var area: Area
    public var priority: Int
    /// `HH:MM` on shift checklists (a child without its own takes its parent's).
    public var time: String?
    public var carryOut: CarryOut
    public var hasChildren: Bool
    /// How to do the task, from the template version the shift runs.
    public var description: String? = nil

    enum CodingKeys: String, CodingKey {
        case path, state, note, marked, general, area, priority, time, description
        case carryOut = "carry_out"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(path.description, forKey: .path)
        try c.encode(state, forKey: .state)
        try c.encode(note, forKey: .note)
        try c.encode(marked, forKey: .marked)
        try c.encode(general, forKey: .general)
        try c.encode(area, forKey: .area)
        try c.encode(priority, forKey: .priority)
        if let time {
            try c.encode(time, forKey: .time)
            try c.encode(carryOut, forKey: .carryOut)
        }
        try c.encodeIfPresent(description, forKey: .description)
    }

    /// A task that carries a mark itself (not a parent of child tasks).
    public var isLeaf: Bool { !hasChildren }
}

/// One of a shift's checklists other than the pre-shift one: `{"kind", "template_version", "tasks"}`.
public struct ChecklistShiftChecklistView: Encodable, Sendable, Hashable {
    public var kind: ChecklistKind
    public var templateVersion: Int?
    public var tasks: [ChecklistTaskLineView]

    enum CodingKeys: String, CodingKey {
        case kind
        case templateVersion = "template_version"
        case tasks
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(templateVersion, forKey: .templateVersion)
        try c.encode(tasks, forKey: .tasks)
    }
}

/// A shift as `checklists shift show --format json`, the archive and the API give it: `{"id", "restaurant",
/// "manager", "day_part", "started", "ended", "template_version", "tasks", "shift_checklists", "todos",
/// "reminders"}`, times as ISO 8601 on the restaurant's clock (with its offset), the pre-shift checklist's tasks in
/// `tasks`. Its carry-out times and reminders are judged at the moment the view was made (an ended shift at its
/// end).
public struct ChecklistShiftView: Encodable, Sendable, Hashable {
    public var id: Int64
    public var restaurant: String
    public var timezone: String
    public var manager: String
    public var dayPart: DayPart
    public var startedAt: Double
    public var endedAt: Double?
    public var started: String
    public var ended: String?
    public var templateVersion: Int?
    public var tasks: [ChecklistTaskLineView]
    public var shiftChecklists: [ChecklistShiftChecklistView]
    public var todos: [ChecklistTodoView]
    public var reminders: [ChecklistReminderView]
    /// What keeps the shift from ending, one line each naming the task (empty when it may end).
    public var endProblems: [String]

    enum CodingKeys: String, CodingKey {
        case id, restaurant, manager
        case dayPart = "day_part"
        case started, ended
        case templateVersion = "template_version"
        case tasks
        case shiftChecklists = "shift_checklists"
        case todos, reminders
    }

    public init(_ shift: ChecklistShift, now: Double, policy: ReminderPolicy) {
        let clock = RestaurantClock(shift.restaurant)
        id = shift.id
        restaurant = shift.restaurant.name
        timezone = shift.restaurant.timezone
        manager = shift.manager
        dayPart = shift.dayPart
        startedAt = shift.startedAt
        endedAt = shift.endedAt
        started = clock.iso8601(shift.startedAt)
        ended = shift.endedAt.map(clock.iso8601)
        templateVersion = shift.versions[.preShift]
        tasks = Self.lines(shift, .preShift, now: now, clock: clock)
        shiftChecklists = ChecklistKind.allCases.filter { $0 != .preShift && shift.runs[$0] != nil }.map { kind in
            ChecklistShiftChecklistView(
                kind: kind, templateVersion: shift.versions[kind],
                tasks: Self.lines(shift, kind, now: now, clock: clock))
        }
        todos = shift.todos.map(ChecklistTodoView.init)
        reminders = ChecklistReminderView.outcomes(shift, now: now, policy: policy)
        endProblems = shift.runs[.preShift].map { ShiftEndRule.problems(preShift: $0, todos: shift.todos) } ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(restaurant, forKey: .restaurant)
        try c.encode(manager, forKey: .manager)
        try c.encode(dayPart, forKey: .dayPart)
        try c.encode(started, forKey: .started)
        try c.encode(ended, forKey: .ended)
        try c.encode(templateVersion, forKey: .templateVersion)
        try c.encode(tasks, forKey: .tasks)
        try c.encode(shiftChecklists, forKey: .shiftChecklists)
        try c.encode(todos, forKey: .todos)
        try c.encode(reminders, forKey: .reminders)
    }

    public var isEnded: Bool { endedAt != nil }
    public var clock: RestaurantClock { RestaurantClock(zone: .init(identifier: timezone) ?? .current) }

    /// Every checklist of the shift in order, the pre-shift one first: kind, template version, lines.
    public var checklists: [ChecklistShiftChecklistView] {
        [ChecklistShiftChecklistView(kind: .preShift, templateVersion: templateVersion, tasks: tasks)]
            + shiftChecklists
    }

    /// Pre-shift tasks still unchecked, and those not ok (tasks that carry marks).
    public var uncheckedCount: Int { tasks.filter { $0.isLeaf && $0.state == .unchecked }.count }
    public var notOkCount: Int { tasks.filter { $0.isLeaf && $0.state == .notOk }.count }

    /// Tasks of the shift checklists done late or not done by their time.
    public var lateCount: Int {
        shiftChecklists.flatMap(\.tasks).filter { $0.carryOut == .late || $0.carryOut == .overdue }.count
    }

    /// The reminders due and not acknowledged (the newest of each name): what the working screen calls for.
    public func due(at now: Double) -> [ChecklistReminderView] {
        reminders.filter { $0.outcome == .open && $0.dueAt <= now }
    }

    static func lines(
        _ shift: ChecklistShift, _ kind: ChecklistKind, now: Double, clock: RestaurantClock
    ) -> [ChecklistTaskLineView] {
        guard let run = shift.runs[kind] else { return [] }
        let judged = shift.endedAt ?? now
        var lines: [ChecklistTaskLineView] = []
        for section in run.template.sections {
            for task in section.tasks {
                let parent = TaskPath(section: section.name, task: task.name)
                let paths =
                    [(parent, task, 0)]
                    + task.children.map { child in
                        (TaskPath(section: section.name, task: task.name, child: child.name), child, 1)
                    }
                for (path, template, depth) in paths {
                    let mark = run.marks[path.description]
                    lines.append(
                        ChecklistTaskLineView(
                            kind: kind, path: path, depth: depth, name: template.name, state: run.state(of: path),
                            note: mark?.note, markedAt: mark?.at, marked: mark?.at.map(clock.iso8601),
                            general: template.general, area: template.area, priority: template.priority,
                            time: depth == 1 ? (template.time ?? task.time) : template.time,
                            carryOut: kind.hasTimes
                                ? CarryOutTimes.status(
                                    of: path, in: run, shiftStart: shift.startedAt, now: judged, offset: clock.offset)
                                : .untimed,
                            hasChildren: !template.children.isEmpty, description: template.description))
                }
            }
        }
        return lines
    }
}

/// `{"shifts": [ … ]}`: the open shifts, or the archive.
public struct ChecklistShiftsView: Encodable, Sendable, Hashable {
    public var shifts: [ChecklistShiftView]

    public init(shifts: [ChecklistShiftView]) { self.shifts = shifts }
}

/// `{"id": …}`: a shift started.
public struct ChecklistStartedView: Encodable, Sendable, Hashable {
    public var id: Int64
    /// The shift as started (not part of the JSON: `shift start` prints what it started with).
    public var shift: ChecklistShiftView

    enum CodingKeys: String, CodingKey { case id }

    public init(shift: ChecklistShiftView) {
        id = shift.id
        self.shift = shift
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
    }
}

extension ChecklistKind {
    /// `Pre-shift checklist`, `Before the shift`, …
    public var title: String {
        switch self {
        case .preShift: "Pre-shift checklist"
        case .before: "Before the shift"
        case .during: "During the shift"
        case .after: "After the shift"
        }
    }
}
