import Foundation
import LogbookStore
import Checklists

/// One task line of a shift's checklist as shown, mailed and archived: parents with the state their children give
/// them, children after their parent.
package struct TaskLine: Sendable, Hashable {
    package var kind: ChecklistKind
    package var path: TaskPath
    package var depth: Int
    package var name: String
    package var state: TaskState
    package var note: String?
    package var markedAt: Double?
    package var general: Bool
    package var area: Area
    package var priority: Int
    package var time: String?
    package var carryOut: CarryOut
    package var hasChildren: Bool
}

extension ChecklistShift {
    /// The lines of one of the shift's checklists, in template order, their carry-out times judged at `now` (an
    /// ended shift is judged at its end).
    package func lines(_ kind: ChecklistKind, now: Double) -> [TaskLine] {
        guard let run = runs[kind] else { return [] }
        let clock = RestaurantClock(restaurant)
        let judged = endedAt ?? now
        var lines: [TaskLine] = []
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
                        TaskLine(
                            kind: kind, path: path, depth: depth, name: template.name, state: run.state(of: path),
                            note: mark?.note, markedAt: mark?.at, general: template.general, area: template.area,
                            priority: template.priority,
                            time: depth == 1 ? (template.time ?? task.time) : template.time,
                            carryOut: kind.hasTimes
                                ? CarryOutTimes.status(
                                    of: path, in: run, shiftStart: startedAt, now: judged, offset: clock.offset)
                                : .untimed,
                            hasChildren: !template.children.isEmpty))
                }
            }
        }
        return lines
    }

    /// The shift's checklists other than the pre-shift one, in order.
    package var shiftKinds: [ChecklistKind] { ChecklistKind.allCases.filter { $0 != .preShift && runs[$0] != nil } }
}

/// The JSON shapes of `logbook checklists` (contracts: other tools read them) and of the API.
package enum ChecklistJSON {
    /// `{"todos": [{"id", "task", "section", "area", "priority", "done", "source", "note", "path"}]}`.
    package static func todos(_ todos: [Todo]) -> String {
        var j = JSONText()
        j.beginObject()
        j.key("todos")
        j.beginArray()
        for todo in todos { self.todo(todo, into: &j) }
        j.endArray()
        j.endObject()
        return j.text + "\n"
    }

    package static func todo(_ todo: Todo, into j: inout JSONText) {
        j.beginObject()
        j.field("id", Int(todo.id))
        j.field("task", todo.task)
        j.field("section", todo.section)
        j.field("area", todo.area.rawValue)
        j.field("priority", todo.priority)
        j.key("done")
        j.value(todo.done)
        j.field("source", todo.source.rawValue)
        j.key("note")
        if let note = todo.note { j.value(note) } else { j.null() }
        j.key("path")
        if let path = todo.path { j.value(path) } else { j.null() }
        j.endObject()
    }

    /// `{"shifts": [ … ]}`.
    package static func shifts(_ shifts: [ChecklistShift], now: Double) -> String {
        var j = JSONText()
        j.beginObject()
        j.key("shifts")
        j.beginArray()
        for shift in shifts { self.shift(shift, now: now, into: &j) }
        j.endArray()
        j.endObject()
        return j.text + "\n"
    }

    /// `{"id", "restaurant", "manager", "day_part", "started", "ended", "template_version", "tasks": [{"path",
    /// "state", "note"}], …}`: the pre-shift checklist's tasks, then the shift checklists, to-dos and reminders.
    package static func shift(_ shift: ChecklistShift, now: Double, into j: inout JSONText) {
        let clock = RestaurantClock(shift.restaurant)
        j.beginObject()
        j.field("id", Int(shift.id))
        j.field("restaurant", shift.restaurant.name)
        j.field("manager", shift.manager)
        j.field("day_part", shift.dayPart.rawValue)
        j.field("started", clock.iso8601(shift.startedAt))
        j.key("ended")
        if let ended = shift.endedAt { j.value(clock.iso8601(ended)) } else { j.null() }
        j.key("template_version")
        if let version = shift.versions[.preShift] { j.value(version) } else { j.null() }
        j.key("tasks")
        lines(shift.lines(.preShift, now: now), clock: clock, into: &j)
        j.key("shift_checklists")
        j.beginArray()
        for kind in shift.shiftKinds {
            j.beginObject()
            j.field("kind", kind.rawValue)
            j.key("template_version")
            if let version = shift.versions[kind] { j.value(version) } else { j.null() }
            j.key("tasks")
            lines(shift.lines(kind, now: now), clock: clock, into: &j)
            j.endObject()
        }
        j.endArray()
        j.key("todos")
        j.beginArray()
        for todo in shift.todos { self.todo(todo, into: &j) }
        j.endArray()
        j.key("reminders")
        j.beginArray()
        for (reminder, outcome) in ReminderOutcomes.of(shift, now: now) {
            let o = reminder.occurrence
            j.beginObject()
            j.field("name", o.name)
            j.field("due", clock.iso8601(o.due))
            j.field("notifications", o.notifications)
            j.key("escalated")
            if let t = o.escalated { j.value(clock.iso8601(t)) } else { j.null() }
            j.key("acknowledged")
            if let t = o.acknowledged { j.value(clock.iso8601(t)) } else { j.null() }
            j.field("outcome", outcome.rawValue)
            j.endObject()
        }
        j.endArray()
        j.endObject()
    }

    static func lines(_ lines: [TaskLine], clock: RestaurantClock, into j: inout JSONText) {
        j.beginArray()
        for line in lines {
            j.beginObject()
            j.field("path", line.path.description)
            j.field("state", line.state.rawValue)
            j.key("note")
            if let note = line.note { j.value(note) } else { j.null() }
            j.key("marked")
            if let at = line.markedAt { j.value(clock.iso8601(at)) } else { j.null() }
            j.key("general")
            j.value(line.general)
            j.field("area", line.area.rawValue)
            j.field("priority", line.priority)
            if let time = line.time {
                j.field("time", time)
                j.field("carry_out", line.carryOut.rawValue)
            }
            j.endObject()
        }
        j.endArray()
    }
}

/// How each of a shift's reminders went: on time, late, missed, or open.
package enum ReminderOutcomes {
    package static func of(
        _ shift: ChecklistShift, now: Double, policy: ReminderPolicy = ReminderPolicy()
    ) -> [(StoredReminder, ReminderOccurrence.Outcome)] {
        let judged = shift.endedAt ?? now
        var result: [(StoredReminder, ReminderOccurrence.Outcome)] = []
        let byName = Dictionary(grouping: shift.reminders, by: { $0.occurrence.name.lowercased() })
        for (_, reminders) in byName {
            let sorted = reminders.sorted { $0.occurrence.due < $1.occurrence.due }
            for (index, reminder) in sorted.enumerated() {
                // The last one of an ended shift had until the end.
                let next = index + 1 < sorted.count ? sorted[index + 1].occurrence.due : shift.endedAt
                result.append(
                    (reminder, reminder.occurrence.outcome(nextDue: next, now: judged, policy: policy)))
            }
        }
        return result.sorted {
            ($0.0.occurrence.due, $0.0.occurrence.name) < ($1.0.occurrence.due, $1.0.occurrence.name)
        }
    }
}
