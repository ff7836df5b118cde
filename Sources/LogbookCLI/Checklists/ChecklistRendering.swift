import ArgumentParser
import Checklists
import LogbookDaemon
import LogbookServices

/// The text forms of the checklists' views: the working screen as a table, its lines as CSV; JSON is the view's
/// own (`ServiceJSON`), the same the API answers.
package enum ChecklistRendering {
    /// `view` as one line of JSON on standard output.
    package static func printJSON(_ view: some Encodable) throws {
        var output = StandardOutput()
        output.write(try ServiceJSON.text(view) + "\n")
        output.flush()
    }

    package static func stateMark(_ state: TaskState) -> String {
        switch state {
        case .ok: "[x]"
        case .notOk: "[!]"
        case .unchecked: "[ ]"
        }
    }

    package static func printShift(_ shift: ChecklistShiftView, format: OutputFormat) throws {
        if format == .json { return try printJSON(shift) }
        var output = StandardOutput()
        defer { output.flush() }
        let clock = shift.clock
        switch format {
        case .json:
            break
        case .csv:
            var listing = Listing([
                ("kind", "kind"), ("path", "path"), ("state", "state"), ("note", "note"), ("marked", "marked"),
                ("general", "general"), ("area", "area"), ("priority", "priority"), ("time", "time"),
                ("carry_out", "carry_out"),
            ])
            for checklist in shift.checklists {
                for line in checklist.tasks {
                    listing.append([
                        .text(checklist.kind.rawValue), .text(line.path.description), .text(line.state.rawValue),
                        .text(line.note), .text(line.marked), .flag(line.general), .text(line.area.rawValue),
                        .integer(line.priority), .text(line.time),
                        .text(line.time == nil ? nil : line.carryOut.rawValue),
                    ])
                }
            }
            output.write(listing.csv())
        case .table:
            var text = "Shift \(shift.id): \(shift.restaurant), \(shift.dayPart.rawValue), \(shift.manager), "
            text += "started \(clock.text(shift.startedAt))"
            text += shift.endedAt.map { ", ended \(clock.text($0))\n" } ?? " (open)\n"
            for checklist in shift.checklists {
                text += "\n\(checklist.kind.title) (version \(checklist.templateVersion ?? 0))\n"
                var section = ""
                for line in checklist.tasks {
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
            if !shift.reminders.isEmpty {
                text += "\nReminders\n"
                for reminder in shift.reminders {
                    text += "  \(clock.time(reminder.dueAt)) \(reminder.name): \(reminder.outcome.rawValue)"
                    text += reminder.acknowledgedAt.map { " (done \(clock.time($0)))" } ?? ""
                    text += "\n"
                }
            }
            output.write(text)
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
        let service = try options.service(writing: false)
        let stats = try service.statistics(filter.input)
        if format == .json { return try ChecklistRendering.printJSON(stats) }
        var output = StandardOutput()
        defer { output.flush() }
        if format == .csv { return output.write(Self.rows(stats).csv()) }
        var listing = Listing([
            ("manager", "Manager"), ("shifts", "Shifts"), ("completed", "Completed"),
            ("median_minutes", "Median min"), ("not_ok", "Not ok"), ("corrective_actions", "Corrected"),
            ("travel_on_time", "Paths on time"), ("travel_late", "Late"), ("travel_missed", "Missed"),
            ("worst_section", "Most not ok"),
        ])
        for s in stats.managers {
            let worst = s.notOkBySection.max { ($0.value, $1.key) < ($1.value, $0.key) }
            listing.append([
                .text(s.manager), .integer(s.shifts), .integer(s.completed), .number(s.medianMinutes, decimals: 1),
                .integer(s.notOk), .integer(s.correctiveActions), .integer(s.travelPaths(.onTime)),
                .integer(s.travelPaths(.late)), .integer(s.travelPaths(.missed)),
                .text(worst.map { "\($0.key) (\($0.value))" }),
            ])
        }
        let clock = service.context.clock
        output.write(listing.table(clock))
        var sections = Listing([
            ("manager", "Manager"), ("section", "Section"), ("median_minutes", "Median min"), ("not_ok", "Not ok"),
        ])
        var tasks = Listing([("manager", "Manager"), ("task", "Task"), ("not_ok", "Not ok")])
        for s in stats.managers {
            for name in Set(s.sectionMedianMinutes.keys).union(s.notOkBySection.keys).sorted() {
                sections.append([
                    .text(s.manager), .text(name), .number(s.sectionMedianMinutes[name], decimals: 1),
                    .integer(s.notOkBySection[name] ?? 0),
                ])
            }
            for (task, count) in s.notOkByTask.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
                tasks.append([.text(s.manager), .text(task), .integer(count)])
            }
        }
        if !sections.rows.isEmpty { output.write("\nBy section\n" + sections.table(clock)) }
        if !tasks.rows.isEmpty { output.write("\nNot ok, by task\n" + tasks.table(clock)) }
    }

    /// One row per manager (`kind` manager), then per section and per task not ok: the CSV of `stats`.
    static func rows(_ stats: ChecklistStatisticsView) -> Listing {
        var listing = Listing([
            ("kind", "Kind"), ("manager", "Manager"), ("name", "Section or task"), ("shifts", "Shifts"),
            ("completed", "Completed"), ("median_minutes", "Median min"), ("not_ok", "Not ok"),
            ("corrective_actions", "Corrected"), ("travel_on_time", "Paths on time"), ("travel_late", "Late"),
            ("travel_missed", "Missed"),
        ])
        for s in stats.managers {
            listing.append([
                .text("manager"), .text(s.manager), .text(nil), .integer(s.shifts), .integer(s.completed),
                .number(s.medianMinutes, decimals: 1), .integer(s.notOk), .integer(s.correctiveActions),
                .integer(s.travelPaths(.onTime)), .integer(s.travelPaths(.late)), .integer(s.travelPaths(.missed)),
            ])
            for name in Set(s.sectionMedianMinutes.keys).union(s.notOkBySection.keys).sorted() {
                listing.append([
                    .text("section"), .text(s.manager), .text(name), .text(nil), .text(nil),
                    .number(s.sectionMedianMinutes[name], decimals: 1), .integer(s.notOkBySection[name] ?? 0),
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
}
