import Checklists
import Foundation
import Testing

/// Task descriptions (issue 29 §1, the original app's yellow notes): optional in the JSON, kept with their line
/// breaks, checked, and changed or cleared by an edit.
@Suite struct TaskDescriptionTests {
    @Test("a description reads and writes back; one with a control character or too long is refused by its path")
    func descriptionsInTheFormat() throws {
        let json = """
            {"restaurant": "Main Street", "day_part": "day", "kind": "pre-shift", "sections": [
              {"name": "Kitchen", "tasks": [
                {"name": "Fryer", "description": "Oil golden, not brown.\\nSkim it first."},
                {"name": "Floors dry"}]}]}
            """
        let template = try JSONDecoder().decode(ChecklistTemplate.self, from: Data(json.utf8))
        #expect(template.problems().isEmpty)
        #expect(template.sections[0].tasks[0].description == "Oil golden, not brown.\nSkim it first.")
        #expect(template.sections[0].tasks[1].description == nil)
        let written = String(decoding: try JSONEncoder().encode(template), as: UTF8.self)
        #expect(written.contains("\"description\":\"Oil golden, not brown.\\nSkim it first.\""))
        #expect(!written.contains("Floors dry\",\"description\""), "an absent description is written as absent")
        #expect(try JSONDecoder().decode(ChecklistTemplate.self, from: Data(written.utf8)) == template)

        var bell = template
        bell.sections[0].tasks[1].description = "ring\u{7}"
        #expect(bell.problems().map(\.path) == ["Kitchen/Floors dry"])
        var long = template
        long.sections[0].tasks[0].description = String(repeating: "x", count: 1_001)
        #expect(long.problems().first?.message.contains("1 to 1000 characters") == true)
        var blank = template
        blank.sections[0].tasks[0].description = "   "
        #expect(!blank.problems().isEmpty)
    }

    @Test("an edit sets a description, another clears it with an empty text; a new task may bring one")
    func descriptionsByEdit() throws {
        let template = ChecklistTemplate(
            restaurant: "R", dayPart: .day, kind: .preShift,
            sections: [SectionTemplate(name: "Bar", tasks: [TaskTemplate(name: "Ice")])])
        let set = try template.applying(.editTask(path: "Bar/Ice", change: TaskChange(description: "Fill to the line")))
        #expect(set.sections[0].tasks[0].description == "Fill to the line")
        let cleared = try set.applying(.editTask(path: "Bar/Ice", change: TaskChange(description: "")))
        #expect(cleared.sections[0].tasks[0].description == nil)
        let added = try set.applying(
            .addTask(parent: "Bar", task: TaskTemplate(name: "Limes", description: "Cut twelve"), at: nil))
        #expect(added.sections[0].tasks.map(\.description) == ["Fill to the line", "Cut twelve"])
    }
}
