import Foundation
import Checklists
import Testing

@Suite("Checklist templates: the JSON format, checks and edits")
struct TemplateTests {
    static let json = """
        {"restaurant": "Main Street", "day_part": "day", "kind": "pre-shift", "sections": [
          {"name": "Kitchen", "tasks": [
            {"name": "Fryer", "priority": 1, "area": "kitchen", "children": [
              {"name": "Oil level", "priority": 1, "area": "kitchen"},
              {"name": "Temperature", "priority": 2, "area": "kitchen"}]},
            {"name": "Floors dry", "priority": 2, "area": "kitchen", "general": true}]},
          {"name": "Dining room", "tasks": [
            {"name": "Tables clean", "priority": 3, "area": "service"},
            {"name": "Music on", "priority": 4, "area": "manager"}]}]}
        """

    static func template() throws -> ChecklistTemplate {
        try JSONDecoder().decode(ChecklistTemplate.self, from: Data(json.utf8))
    }

    @Test("the documented JSON reads, checks clean and writes back the same")
    func roundTrip() throws {
        let template = try Self.template()
        #expect(template.problems().isEmpty)
        #expect(template.dayPart == .day && template.kind == .preShift)
        #expect(
            template.taskPaths == [
                "Kitchen/Fryer", "Kitchen/Fryer/Oil level", "Kitchen/Fryer/Temperature", "Kitchen/Floors dry",
                "Dining room/Tables clean", "Dining room/Music on",
            ])
        #expect(template.task(at: TaskPath(parsing: "kitchen/floors DRY")!)?.general == true)
        let again = try JSONDecoder().decode(ChecklistTemplate.self, from: try JSONEncoder().encode(template))
        #expect(again == template)
        let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(template)) as? [String: Any]
        #expect(object?["day_part"] as? String == "day" && object?["kind"] as? String == "pre-shift")
    }

    @Test("bad templates are refused naming the path")
    func problems() throws {
        var template = try Self.template()
        template.sections[0].tasks[1].priority = 5
        template.sections[1].tasks.append(TaskTemplate(name: "tables CLEAN"))
        template.sections[0].tasks[0].children[0].children = [TaskTemplate(name: "deeper")]
        let paths = template.problems().map(\.path)
        #expect(paths.contains("Kitchen/Floors dry"))
        #expect(paths.contains("Dining room/tables CLEAN"))
        #expect(paths.contains("Kitchen/Fryer/Oil level"))
        // Shift checklists need carry-out times; pre-shift tasks have none.
        let during = ChecklistTemplate(
            restaurant: "Main Street", dayPart: .evening, kind: .during,
            sections: [SectionTemplate(name: "Close", tasks: [TaskTemplate(name: "Lock door")])])
        #expect(during.problems().first?.message.contains("carry-out time") == true)
        var timed = template
        timed.sections[1].tasks[0].time = "11:00"
        #expect(timed.problems().contains { $0.message.contains("no carry-out time") })
        var slash = try Self.template()
        slash.sections[0].name = "Kitchen/Back"
        #expect(!slash.problems().isEmpty)
    }

    @Test("edits: add, rename, move and remove sections and tasks; every result is checked")
    func edits() throws {
        let template = try Self.template()
        let added = try template.applying(.addTask(parent: "Kitchen", task: TaskTemplate(name: "Grill"), at: 1))
        #expect(added.taskPaths.first == "Kitchen/Grill")
        let child = try added.applying(
            .addTask(parent: "Kitchen/Grill", task: TaskTemplate(name: "Clean grates", priority: 2), at: nil))
        #expect(child.taskPaths.contains("Kitchen/Grill/Clean grates"))
        let edited = try template.applying(
            .editTask(path: "Dining room/Tables clean", change: TaskChange(name: "Tables wiped", priority: 1)))
        #expect(edited.task(at: TaskPath(parsing: "Dining room/Tables wiped")!)?.priority == 1)
        let moved = try template.applying(.moveSection(name: "Dining room", to: 1))
        #expect(moved.sections.map(\.name) == ["Dining room", "Kitchen"])
        let movedTask = try template.applying(.moveTask(path: "Kitchen/Fryer/Temperature", to: 1))
        #expect(movedTask.sections[0].tasks[0].children.map(\.name) == ["Temperature", "Oil level"])
        let removed = try template.applying(.removeTask(path: "Kitchen/Fryer"))
        #expect(!removed.taskPaths.contains { $0.hasPrefix("Kitchen/Fryer") })
        #expect(try template.applying(.removeSection(name: "kitchen")).sections.count == 1)
        #expect(try template.applying(.renameSection(name: "Kitchen", to: "Back")).sections[0].name == "Back")
        #expect(throws: ChecklistError.self) { try template.applying(.removeTask(path: "Kitchen/Nope")) }
        #expect(throws: ChecklistError.self) {
            try template.applying(.addSection(name: "kitchen", at: nil))
        }
        #expect(throws: ChecklistError.self) {
            try template.applying(.editTask(path: "Kitchen/Fryer", change: TaskChange(priority: 0)))
        }
        #expect(throws: ChecklistError.self) { try template.applying(.moveSection(name: "Kitchen", to: 9)) }
        #expect(throws: ChecklistError.self) {
            try template.applying(.addTask(parent: "Kitchen/Fryer/Oil level", task: TaskTemplate(name: "x"), at: nil))
        }
    }
}
