import Checklists
import Foundation
public import LogbookStore

/// The mails of a shift: the to-do list split into manager, kitchen and service (user story 3), and the completed
/// pre-shift checklist with the manager's name and date when the shift ends (user story 4). Both are HTML with a
/// plain-text alternative, and go through the outbox.
public enum ChecklistMail {
    public static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }

    static func page(_ title: String, _ body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>body{font-family:sans-serif}table{border-collapse:collapse;margin-bottom:1em}\
        td,th{border:1px solid #999;padding:4px 8px;text-align:left}.not-ok{color:#b00020;font-weight:bold}\
        .flag{color:#b00020}</style></head>
        <body>
        <h1>\(escape(title))</h1>
        \(body)</body></html>

        """
    }

    static func heading(_ shift: ChecklistShift) -> String {
        let clock = RestaurantClock(shift.restaurant)
        return "\(shift.restaurant.name), \(String(clock.text(shift.startedAt).prefix(10))) "
            + "\(shift.dayPart.rawValue) shift, \(shift.manager)"
    }

    /// The to-do list: one table per area (manager, kitchen, service), each sorted by priority, section, name.
    public static func todoList(_ shift: ChecklistShift) -> ChecklistMailContent {
        let subject = "To-do list: " + heading(shift)
        var text = subject + "\n"
        var html = ""
        for (area, todos) in TodoList.byArea(shift.todos, sectionOrder: shift.preShift.sectionOrder) {
            let name = area.rawValue.prefix(1).uppercased() + area.rawValue.dropFirst()
            text += "\n\(name)\n"
            html += "<h2 id=\"\(area.rawValue)\">\(name)</h2>\n"
            guard !todos.isEmpty else {
                text += "  (nothing)\n"
                html += "<p class=\"empty\">Nothing to do.</p>\n"
                continue
            }
            html += "<table class=\"todos\" data-area=\"\(area.rawValue)\">\n"
            html += "<tr><th>Priority</th><th>Section</th><th>Task</th><th>Done</th><th>Note</th></tr>\n"
            for todo in todos {
                text += "  [\(todo.done ? "x" : " ")] P\(todo.priority) \(todo.section) / \(todo.task)"
                text += (todo.note.map { " — \($0)" } ?? "") + "\n"
                html += "<tr><td>\(todo.priority)</td><td>\(escape(todo.section))</td><td>\(escape(todo.task))</td>"
                html += "<td>\(todo.done ? "done" : "")</td><td>\(escape(todo.note ?? ""))</td></tr>\n"
            }
            html += "</table>\n"
        }
        return ChecklistMailContent(subject: subject, text: text, html: page(subject, html))
    }

    /// The ended shift's checklists as they were: every task's state and note, carry-out flags, to-dos,
    /// reminders.
    public static func archive(_ shift: ChecklistShift, now: Double) -> ChecklistMailContent {
        let clock = RestaurantClock(shift.restaurant)
        let subject = "Pre-shift checklist: " + heading(shift)
        var text = subject + "\n"
        text += "Started \(clock.text(shift.startedAt))"
        text += shift.endedAt.map { ", ended \(clock.text($0))" } ?? ""
        text += "\n"
        var html = "<p>Shift manager: <strong>\(escape(shift.manager))</strong>. "
        html += "Started \(clock.text(shift.startedAt))"
        html += shift.endedAt.map { ", ended \(clock.text($0))" } ?? ""
        html += ".</p>\n"
        let view = ChecklistShiftView(shift, now: now, policy: ReminderPolicy())
        for checklist in view.checklists {
            let kind = checklist.kind
            let title = kind.title
            text += "\n\(title) (version \(shift.versions[kind] ?? 0))\n"
            html += "<h2>\(escape(title)) <small>(version \(shift.versions[kind] ?? 0))</small></h2>\n"
            html += "<table class=\"checklist\" data-kind=\"\(kind.rawValue)\">\n"
            html += "<tr><th>Task</th><th>State</th><th>Time</th><th>Note</th></tr>\n"
            var section = ""
            for line in checklist.tasks {
                if line.path.section != section {
                    section = line.path.section
                    text += "  \(section)\n"
                    html += "<tr><th colspan=\"4\">\(escape(section))</th></tr>\n"
                }
                let state = line.state == .notOk ? "not ok" : line.state.rawValue
                var flag = ""
                if line.carryOut == .late { flag = " (late)" }
                if line.carryOut == .overdue { flag = " (not done by \(line.time ?? ""))" }
                text += "    " + String(repeating: "  ", count: line.depth) + "\(line.name): \(state)\(flag)"
                text += (line.note.map { " — \($0)" } ?? "") + "\n"
                let indent = line.depth > 0 ? "&nbsp;&nbsp;&nbsp;" : ""
                html += "<tr data-path=\"\(escape(line.path.description))\"><td>\(indent)\(escape(line.name))"
                html += line.general ? " <em>(general)</em>" : ""
                html += "</td><td class=\"\(line.state.rawValue)\">\(state)</td>"
                html += "<td>\(escape(line.time ?? ""))<span class=\"flag\">\(escape(flag))</span></td>"
                html += "<td>\(escape(line.note ?? ""))</td></tr>\n"
            }
            html += "</table>\n"
        }
        if !shift.todos.isEmpty {
            let todos = todoList(shift)
            text +=
                "\n"
                + todos.text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
                .joined(separator: "\n")
            html += "<h2>To-dos</h2>\n"
            if let start = todos.html.range(of: "<h2 id=\"manager\">"), let end = todos.html.range(of: "</body>") {
                html += todos.html[start.lowerBound..<end.lowerBound].replacingOccurrences(of: "h2", with: "h3")
            }
        }
        return ChecklistMailContent(subject: subject, text: text, html: page(subject, html))
    }
}
