import Foundation
import LogbookServices
import Testing

/// The JSON Schema in docs/ and the importer describe the same format.
@Suite("checklist template schema")
struct ChecklistTemplateSchemaTests {
    static let schemaURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/checklist-template.schema.json")

    static func properties(_ schema: [String: Any], _ definition: String) throws -> Set<String> {
        let defs = try #require(schema["$defs"] as? [String: Any])
        let object = try #require(defs[definition] as? [String: Any])
        #expect(object["additionalProperties"] as? Bool == false, "\(definition) must refuse unknown keys")
        return Set(try #require(object["properties"] as? [String: Any]).keys)
    }

    @Test("the schema's keys are the importer's keys, at every level")
    func sameKeys() throws {
        let schema = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schemaURL)) as? [String: Any])
        #expect(try Self.properties(schema, "template") == Set(ChecklistTemplateFile.templateKeys))
        #expect(try Self.properties(schema, "section") == Set(ChecklistTemplateFile.sectionKeys))
        #expect(try Self.properties(schema, "task") == Set(ChecklistTemplateFile.taskKeys))
    }

    @Test("the fixture template and every export use only the schema's keys")
    func fixtureConforms() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/checklists/main-street-day-pre-shift.json")
        let templates = try ChecklistTemplateFile.decode(try Data(contentsOf: fixture))
        let exported = try ChecklistTemplateFile.encode(templates, single: true)
        // What is exported reads back unchanged: it uses no key the importer refuses.
        #expect(try ChecklistTemplateFile.decode(exported) == templates)
        // A key outside the schema is found, with its path.
        let bad =
            #"{"restaurant": "R", "day_part": "day", "kind": "pre-shift", "sections": [{"name": "S", "tasks": [{"name": "T", "children": [{"name": "C", "colour": "red"}]}]}]}"#
        #expect(throws: ServiceError(.invalid, field: "sections[0].tasks[0].children[0].colour", "unknown key")) {
            try ChecklistTemplateFile.decode(Data(bad.utf8))
        }
    }
}
