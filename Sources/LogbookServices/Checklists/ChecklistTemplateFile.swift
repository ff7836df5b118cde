public import Checklists
public import Foundation
import LogbookConfiguration
import PlainText

/// The template file format (`templates import`, `templates export`, `PUT /api/v1/checklists/templates/…`): one
/// template object or an array of them, read with `Codable`. Reading refuses, naming the JSON path: a key the format
/// does not know (a misspelt `priorty` would otherwise silently become priority 3), text with a control character,
/// a value of the wrong kind, and a template whose rules fail (the task's path).
public enum ChecklistTemplateFile {
    public static let templateKeys = ["restaurant", "day_part", "kind", "sections", "$schema"]
    public static let sectionKeys = ["name", "tasks"]
    public static let taskKeys = ["name", "priority", "area", "general", "time", "description", "children"]

    /// The templates of a file or body; the first mistake as a `ServiceError` (`field` the JSON path, when there is
    /// one).
    public static func decode(_ data: Data) throws(ServiceError) -> [ChecklistTemplate] {
        let decoder = JSONDecoder()
        let trimmed = data.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        let many = trimmed.first == UInt8(ascii: "[")
        let templates: [ChecklistTemplate]
        do {
            // Keys and text first, as the file spells them; then the values.
            if many {
                _ = try decoder.decode([TemplateKeys].self, from: data)
                templates = try decoder.decode([ChecklistTemplate].self, from: data)
            } else {
                _ = try decoder.decode(TemplateKeys.self, from: data)
                templates = [try decoder.decode(ChecklistTemplate.self, from: data)]
            }
        } catch let error as ServiceError {
            throw error
        } catch let error as DecodingError {
            throw describe(error)
        } catch {
            throw ServiceError(.invalid, "not a checklist template")
        }
        guard !templates.isEmpty else { throw ServiceError(.invalid, "holds no template") }
        for (index, template) in templates.enumerated() {
            if let problem = template.problems().first {
                let which = templates.count > 1 ? "template \(index + 1): " : ""
                throw ServiceError(.invalid, which + problem.description)
            }
        }
        return templates
    }

    /// The templates as a file: pretty JSON, one object when `single` and there is one, else an array.
    public static func encode(_ templates: [ChecklistTemplate], single: Bool) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        var data = single && templates.count == 1 ? try encoder.encode(templates[0]) : try encoder.encode(templates)
        data.append(0x0A)
        return data
    }

    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    static func describe(_ error: DecodingError) -> ServiceError {
        func field(_ codingPath: [any CodingKey]) -> String? {
            let text = path(codingPath)
            return text.isEmpty ? nil : text
        }
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let detail = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
                return ServiceError(.invalid, "not valid JSON: " + (detail ?? context.debugDescription))
            }
            return ServiceError(.invalid, field: field(context.codingPath), context.debugDescription)
        case .keyNotFound(let key, let context):
            return ServiceError(.invalid, field: field(context.codingPath + [key]), "missing")
        case .typeMismatch(let type, let context):
            let expected =
                type == String.self
                ? "a string"
                : type == Int.self
                    ? "a whole number"
                    : type == Bool.self
                        ? "true or false" : "\(type)"
            return ServiceError(.invalid, field: field(context.codingPath), "expected \(expected)")
        case .valueNotFound(_, let context):
            return ServiceError(.invalid, field: field(context.codingPath), "missing (null)")
        @unknown default:
            return ServiceError(.invalid, "not a checklist template")
        }
    }

    /// Any key of an object.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// An object's keys held to the format (`known`) and to the plain-text rule, and its text fields to the rule.
    static func check(_ decoder: any Decoder, known: [String], text: [String], multiLine: [String] = []) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        let here = path(decoder.codingPath)
        func field(_ key: String) -> String { here.isEmpty ? key : here + "." + key }
        for key in container.allKeys.map(\.stringValue).sorted() {
            do {
                try PlainText.check(key, field: here.isEmpty ? "a key" : "a key of \(here)", lines: .single)
            } catch {
                throw ServiceError(.invalid, field: here.isEmpty ? nil : here, error.message)
            }
            guard known.contains(key) else {
                let guess = ConfigurationSchema.closest(to: key, among: known)
                throw ServiceError(
                    .invalid, field: field(key), "unknown key" + (guess.map { "; did you mean '\($0)'?" } ?? ""))
            }
        }
        for key in text + multiLine {
            guard let value = try? container.decodeIfPresent(String.self, forKey: AnyKey(stringValue: key)) else {
                continue
            }
            do {
                try PlainText.check(value, field: field(key), lines: multiLine.contains(key) ? .multiple : .single)
            } catch {
                throw ServiceError(.invalid, field: error.field, error.message)
            }
        }
    }

    struct TemplateKeys: Decodable {
        init(from decoder: any Decoder) throws {
            try ChecklistTemplateFile.check(
                decoder, known: templateKeys, text: ["restaurant", "day_part", "kind", "$schema"])
            let c = try decoder.container(keyedBy: AnyKey.self)
            _ = try c.decodeIfPresent([SectionKeys].self, forKey: AnyKey(stringValue: "sections"))
        }
    }

    struct SectionKeys: Decodable {
        init(from decoder: any Decoder) throws {
            try ChecklistTemplateFile.check(decoder, known: sectionKeys, text: ["name"])
            let c = try decoder.container(keyedBy: AnyKey.self)
            _ = try c.decodeIfPresent([TaskKeys].self, forKey: AnyKey(stringValue: "tasks"))
        }
    }

    struct TaskKeys: Decodable {
        init(from decoder: any Decoder) throws {
            try ChecklistTemplateFile.check(
                decoder, known: taskKeys, text: ["name", "area", "time"], multiLine: ["description"])
            let c = try decoder.container(keyedBy: AnyKey.self)
            _ = try c.decodeIfPresent([TaskKeys].self, forKey: AnyKey(stringValue: "children"))
        }
    }
}
