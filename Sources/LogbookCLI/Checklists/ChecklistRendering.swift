import ArgumentParser
import Foundation
import LogbookDaemon
import LogbookStore
import Checklists

/// The text forms of a shift: the working screen as a table, and its lines as CSV.
package enum ChecklistRendering {
    /// Free text from the command line: at most 1000 characters.
    package static func checkText(_ text: String, option: String) throws {
        guard text.count <= 1_000 else { throw usageError("\(option) holds at most 1000 characters") }
    }

    package static func stateMark(_ state: TaskState) -> String {
        switch state {
        case .ok: "[x]"
        case .notOk: "[!]"
        case .unchecked: "[ ]"
        }
    }

    package static func printShift(_ shift: ChecklistShift, now: Double, format: OutputFormat) {
        var output = StandardOutput()
        defer { output.flush() }
        let clock = RestaurantClock(shift.restaurant)
        switch format {
        case .json:
            var j = JSONText()
            ChecklistJSON.shift(shift, now: now, into: &j)
            output.write(j.text + "\n")
        case .csv:
            var listing = Listing([
                ("kind", "kind"), ("path", "path"), ("state", "state"), ("note", "note"), ("marked", "marked"),
                ("general", "general"), ("area", "area"), ("priority", "priority"), ("time", "time"),
                ("carry_out", "carry_out"),
            ])
            for kind in ChecklistKind.allCases {
                for line in shift.lines(kind, now: now) {
                    listing.append([
                        .text(kind.rawValue), .text(line.path.description), .text(line.state.rawValue),
                        .text(line.note), .text(line.markedAt.map(clock.iso8601)), .flag(line.general),
                        .text(line.area.rawValue), .integer(line.priority), .text(line.time),
                        .text(line.time == nil ? nil : line.carryOut.rawValue),
                    ])
                }
            }
            output.write(listing.csv())
        case .table:
            var text = "Shift \(shift.id): \(shift.restaurant.name), \(shift.dayPart.rawValue), \(shift.manager), "
            text += "started \(clock.text(shift.startedAt))"
            text += shift.endedAt.map { ", ended \(clock.text($0))\n" } ?? " (open)\n"
            for kind in ChecklistKind.allCases where shift.runs[kind] != nil {
                text += "\n\(title(kind)) (version \(shift.versions[kind] ?? 0))\n"
                var section = ""
                for line in shift.lines(kind, now: now) {
                    if line.path.section != section {
                        section = line.path.section
                        text += "  \(section)\n"
                    }
                    var row = "    " + String(repeating: "  ", count: line.depth) + stateMark(line.state) + " "
                    if let time = line.time { row += time + " " }
                    row += line.name
                    if line.general { row += " (general)" }
                    switch line.carryOut {
                    case .overdue: row += "  OVERDUE"
                    case .late: row += "  late"
                    default: break
                    }
                    if let note = line.note, !note.isEmpty { row += " — \(note)" }
                    text += TerminalText.visible(row) + "\n"
                }
            }
            if !shift.todos.isEmpty {
                text += "\nTo-dos\n"
                for todo in shift.todos {
                    text +=
                        TerminalText.visible(
                            "  \(todo.id). [\(todo.done ? "x" : " ")] P\(todo.priority) \(todo.area.rawValue): "
                                + "\(todo.section) / \(todo.task)" + (todo.note.map { " — \($0)" } ?? "")) + "\n"
                }
            }
            let reminders = ReminderOutcomes.of(shift, now: now)
            if !reminders.isEmpty {
                text += "\nReminders\n"
                for (reminder, outcome) in reminders {
                    let o = reminder.occurrence
                    text += "  \(clock.time(o.due)) \(o.name): \(outcome.rawValue)"
                    text += o.acknowledged.map { " (done \(clock.time($0)))" } ?? ""
                    text += "\n"
                }
            }
            output.write(text)
        }
    }

    package static func title(_ kind: ChecklistKind) -> String {
        switch kind {
        case .preShift: "Pre-shift checklist"
        case .before: "Before the shift"
        case .during: "During the shift"
        case .after: "After the shift"
        }
    }
}

/// `checklists stats`: per shift manager and period.
package struct ChecklistStatsCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Per shift manager: shifts, checklists completed and how long they took, not-ok tasks, "
            + "corrective actions, travel paths on time, late and missed.")

    package init() {}

    @OptionGroup var filter: ArchiveFilter
    @Option(name: .long, help: "Output: table, json or csv.") var format: OutputFormat = .table
    @OptionGroup var options: ChecklistOptions

    package func run() throws {
        let context = try options.openForReading()
        let shifts = try filter.shifts(context)
        let stats = ChecklistStatistics.compute(
            shifts, travelPath: context.settings.travelPathName, policy: context.settings.policy)
        var output = StandardOutput()
        switch format {
        case .json: output.write(ChecklistStatistics.json(stats))
        case .csv: output.write(ChecklistStatistics.rows(stats).csv())
        case .table:
            var listing = Listing([
                ("manager", "Manager"), ("shifts", "Shifts"), ("completed", "Completed"),
                ("median_minutes", "Median min"), ("not_ok", "Not ok"), ("corrective_actions", "Corrected"),
                ("travel_on_time", "Paths on time"), ("travel_late", "Late"), ("travel_missed", "Missed"),
                ("worst_section", "Most not ok"),
            ])
            for s in stats {
                let worst = s.notOkBySection.max { ($0.value, $1.key) < ($1.value, $0.key) }
                listing.append([
                    .text(s.manager), .integer(s.shifts), .integer(s.completed), .number(s.medianMinutes, decimals: 1),
                    .integer(s.notOkBySection.values.reduce(0, +)), .integer(s.correctiveActions),
                    .integer(s.travelPaths[.onTime] ?? 0), .integer(s.travelPaths[.late] ?? 0),
                    .integer(s.travelPaths[.missed] ?? 0), .text(worst.map { "\($0.key) (\($0.value))" }),
                ])
            }
            output.write(listing.table(context.clock))
            var sections = Listing([
                ("manager", "Manager"), ("section", "Section"), ("median_minutes", "Median min"), ("not_ok", "Not ok"),
            ])
            var tasks = Listing([("manager", "Manager"), ("task", "Task"), ("not_ok", "Not ok")])
            for s in stats {
                for name in Set(s.medianSectionMinutes.keys).union(s.notOkBySection.keys).sorted() {
                    sections.append([
                        .text(s.manager), .text(name), .number(s.medianSectionMinutes[name], decimals: 1),
                        .integer(s.notOkBySection[name] ?? 0),
                    ])
                }
                for (task, count) in s.notOkByTask.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
                    tasks.append([.text(s.manager), .text(task), .integer(count)])
                }
            }
            if !sections.rows.isEmpty { output.write("\nBy section\n" + sections.table(context.clock)) }
            if !tasks.rows.isEmpty { output.write("\nNot ok, by task\n" + tasks.table(context.clock)) }
        }
        output.flush()
    }
}

/// Statistics of ended shifts (shared by the CLI, the API and the page).
package enum ChecklistStatistics {
    package static func compute(
        _ shifts: [ChecklistShift], travelPath: String, policy: ReminderPolicy
    ) -> [ManagerStatistics] {
        let records = shifts.filter { $0.runs[.preShift] != nil }.map { shift in
            ShiftRecord(
                manager: shift.manager, started: shift.startedAt, preShift: shift.preShift, todos: shift.todos,
                travelPaths: ReminderOutcomes.of(shift, now: shift.endedAt ?? shift.startedAt, policy: policy)
                    .filter { $0.0.occurrence.name.caseInsensitiveCompare(travelPath) == .orderedSame }.map(\.1)
                    .filter { $0 != .open })
        }
        return ManagerStatistics.compute(records)
    }

    /// One row per manager (`kind` manager), then per section and per task not ok: the CSV of `stats`.
    package static func rows(_ stats: [ManagerStatistics]) -> Listing {
        var listing = Listing([
            ("kind", "Kind"), ("manager", "Manager"), ("name", "Section or task"), ("shifts", "Shifts"),
            ("completed", "Completed"), ("median_minutes", "Median min"), ("not_ok", "Not ok"),
            ("corrective_actions", "Corrected"), ("travel_on_time", "Paths on time"), ("travel_late", "Late"),
            ("travel_missed", "Missed"),
        ])
        for s in stats {
            listing.append([
                .text("manager"), .text(s.manager), .text(nil), .integer(s.shifts), .integer(s.completed),
                .number(s.medianMinutes, decimals: 1), .integer(s.notOkBySection.values.reduce(0, +)),
                .integer(s.correctiveActions), .integer(s.travelPaths[.onTime] ?? 0),
                .integer(s.travelPaths[.late] ?? 0), .integer(s.travelPaths[.missed] ?? 0),
            ])
            for name in Set(s.medianSectionMinutes.keys).union(s.notOkBySection.keys).sorted() {
                listing.append([
                    .text("section"), .text(s.manager), .text(name), .text(nil), .text(nil),
                    .number(s.medianSectionMinutes[name], decimals: 1), .integer(s.notOkBySection[name] ?? 0),
                    .text(nil), .text(nil), .text(nil), .text(nil),
                ])
            }
            for (task, count) in s.notOkByTask.sorted(by: { $0.key < $1.key }) {
                listing.append([
                    .text("task"), .text(s.manager), .text(task), .text(nil), .text(nil), .text(nil), .integer(count),
                    .text(nil), .text(nil), .text(nil), .text(nil),
                ])
            }
        }
        return listing
    }

    package static func json(_ stats: [ManagerStatistics]) -> String {
        var j = JSONText()
        j.beginObject()
        j.key("managers")
        j.beginArray()
        for s in stats {
            j.beginObject()
            j.field("manager", s.manager)
            j.field("shifts", s.shifts)
            j.field("completed", s.completed)
            j.key("median_minutes")
            if let m = s.medianMinutes { j.value(m, decimals: 1) } else { j.null() }
            j.key("section_median_minutes")
            counts(s.medianSectionMinutes.mapValues { $0 }, into: &j)
            j.key("not_ok_by_section")
            counts(s.notOkBySection.mapValues(Double.init), into: &j, integers: true)
            j.key("not_ok_by_task")
            counts(s.notOkByTask.mapValues(Double.init), into: &j, integers: true)
            j.field("corrective_actions", s.correctiveActions)
            j.key("travel_paths")
            j.beginObject()
            for outcome in [ReminderOccurrence.Outcome.onTime, .late, .missed] {
                j.field(outcome.rawValue, s.travelPaths[outcome] ?? 0)
            }
            j.endObject()
            j.endObject()
        }
        j.endArray()
        j.endObject()
        return j.text + "\n"
    }

    static func counts(_ values: [String: Double], into j: inout JSONText, integers: Bool = false) {
        j.beginObject()
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            if integers { j.field(key, Int(value)) } else { j.field(key, value, decimals: 1) }
        }
        j.endObject()
    }
}
