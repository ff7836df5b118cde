import Foundation
import Testing
import ValueStreams

/// docs/value-stream-map.schema.json and ValueStreamJSON describe the same format: the same keys at every level,
/// and every document the encoder writes is valid under the schema (checked by a JSON Schema validator).
@Suite("value-stream map schema")
struct SchemaTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let schemaURL = packageRoot.appendingPathComponent("docs/value-stream-map.schema.json")

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func definition(_ schema: [String: Any], _ name: String) throws -> [String: Any] {
        let defs = try #require(schema["$defs"] as? [String: Any])
        return try #require(defs[name] as? [String: Any], "no $defs/\(name)")
    }

    static func properties(_ schema: [String: Any], _ name: String) throws -> Set<String> {
        Set(try #require(try definition(schema, name)["properties"] as? [String: Any]).keys)
    }

    @Test("the schema's keys are the encoder's keys, at every level; import's objects refuse others")
    func sameKeys() throws {
        let schema = try Self.object(Data(contentsOf: Self.schemaURL))
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        for name in ["map", "section", "sticker"] {
            #expect(try Self.definition(schema, name)["additionalProperties"] as? Bool == false, "\(name)")
        }
        let shown = try Self.object(
            ValueStreamJSON.encode(Samples.orderToCashFuture, measures: true, current: Samples.orderToCash))
        #expect(try Self.properties(schema, "map") == Set(shown.keys))
        let section = try #require((shown["sections"] as? [[String: Any]])?.first)
        #expect(try Self.properties(schema, "section") == Set(section.keys))
        let sticker = try #require((section["stickers"] as? [[String: Any]])?.first)
        #expect(try Self.properties(schema, "sticker") == Set(sticker.keys))
        let measures = try #require(shown["measures"] as? [String: Any])
        #expect(try Self.properties(schema, "measures") == Set(measures.keys))
        let kinds = try #require(measures["by_kind"] as? [String: [String: Any]])
        #expect(Set(kinds.keys) == Set(StickerKind.allCases.map(\.rawValue)))
        #expect(try Self.properties(schema, "kindTotal") == Set(try #require(kinds["waste"]).keys))
        let comparison = try #require(shown["comparison"] as? [String: Any])
        #expect(try Self.properties(schema, "comparison") == Set(comparison.keys))
        // The kinds and the format constants are the code's.
        let stickerKeys = try #require(try Self.definition(schema, "sticker")["properties"] as? [String: Any])
        #expect((stickerKeys["kind"] as? [String: Any])?["enum"] as? [String] == StickerKind.allCases.map(\.rawValue))
        let mapKeys = try #require(try Self.definition(schema, "map")["properties"] as? [String: Any])
        #expect((mapKeys["format"] as? [String: Any])?["const"] as? String == ValueStreamJSON.format)
        #expect((mapKeys["version"] as? [String: Any])?["const"] as? Int == ValueStreamJSON.version)
    }

    /// A Python with a JSON Schema validator: the test venv's (scripts/test-peers; schemathesis brings
    /// jsonschema_rs) or python3 on the PATH with jsonschema.
    static let python: [String]? = {
        let venv = packageRoot.appendingPathComponent(".venv-test/bin/python").path
        let candidates = [[venv], ["/usr/bin/env", "python3"]].filter {
            FileManager.default.isExecutableFile(atPath: $0[0])
        }
        for candidate in candidates {
            let probe =
                "import importlib.util as u, sys; "
                + "sys.exit(0 if u.find_spec('jsonschema') or u.find_spec('jsonschema_rs') else 1)"
            if (try? SchemaTests.run(candidate + ["-c", probe]))?.status == 0 { return candidate }
        }
        return nil
    }()

    static func run(_ command: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Checks the schema against the 2020-12 meta-schema, then prints one list of errors per document.
    static let validator = """
        import json, sys
        schema = json.load(open(sys.argv[1], encoding="utf-8"))
        documents = json.load(open(sys.argv[2], encoding="utf-8"))
        try:
            import jsonschema
            jsonschema.Draft202012Validator.check_schema(schema)
            v = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
            errors = lambda d: ["/".join(map(str, e.absolute_path)) + ": " + e.message for e in v.iter_errors(d)]
        except ImportError:
            import jsonschema_rs
            v = jsonschema_rs.Draft202012Validator(schema, validate_formats=True)
            errors = lambda d: ["/".join(map(str, e.instance_path)) + ": " + e.message for e in v.iter_errors(d)]
        print(json.dumps([errors(d) for d in documents]))
        """

    /// The validator's errors for each document (empty lists for valid ones).
    static func validate(_ documents: [Data]) throws -> [[String]] {
        let python = try #require(Self.python)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vsm-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("validate.py")
        let list = directory.appendingPathComponent("documents.json")
        try Data(validator.utf8).write(to: script)
        try Data(("[" + documents.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ",") + "]").utf8)
            .write(to: list)
        let result = try run(python + [script.path, schemaURL.path, list.path])
        try #require(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n")
        return try #require(
            try JSONSerialization.jsonObject(with: Data((lines.last ?? "").utf8)) as? [[String]], "\(result.output)")
    }

    @Test(
        "every document the encoder writes is valid under the schema",
        .enabled(if: SchemaTests.python != nil, "no Python with jsonschema or jsonschema_rs (run scripts/test-peers)"))
    func encodedDocumentsValid() throws {
        let documents = [
            ValueStreamJSON.encode(Samples.orderToCash),
            ValueStreamJSON.encode(Samples.orderToCash, measures: true),
            ValueStreamJSON.encode(Samples.orderToCashFuture),
            ValueStreamJSON.encode(Samples.orderToCashFuture, measures: true, current: Samples.orderToCash),
            ValueStreamJSON.encode(Samples.unusual, measures: true),
            ValueStreamJSON.encode(ValueStreamMap(name: "E", created: Samples.created), measures: true),
            Data(
                (#"{"name": "Minimal", "sections": [{"name": "S", "stickers": "#
                    + #"[{"id": 1, "text": "T", "kind": "waste"}]}]}"#).utf8),
        ]
        for document in documents { _ = try ValueStreamJSON.decode(document) }
        let errors = try Self.validate(documents)
        #expect(errors.count == documents.count)
        for (index, list) in errors.enumerated() {
            #expect(list.isEmpty, "document \(index): \(list)")
        }
    }

    @Test(
        "documents import refuses are invalid under the schema too",
        .enabled(if: SchemaTests.python != nil, "no Python with jsonschema or jsonschema_rs (run scripts/test-peers)"))
    func refusedDocumentsInvalid() throws {
        let sticker = #""id": 1, "text": "A", "kind": "value""#
        func document(root: String = #""name": "M""#, sticker: String = sticker) -> String {
            #"{\#(root), "sections": [{"name": "S", "stickers": [{\#(sticker)}]}]}"#
        }
        let refused = [
            document(sticker: sticker + ##", "colr": "#fff""##),
            document(sticker: #""id": 1, "text": "A", "kind": "green""#),
            document(sticker: sticker + #", "ca": 101"#),
            document(sticker: sticker + #", "ca": true"#),
            document(sticker: sticker + #", "size": 5"#),
            document(sticker: sticker + #", "process_s": -1"#),
            document(sticker: sticker + ##", "background": "#12""##),
            document(sticker: #""id": 1, "text": " ", "kind": "value""#),
            document(sticker: #""id": 1, "text": "tab\there", "kind": "value""#),
            document(sticker: #""id": 0, "text": "A", "kind": "value""#),
            document(sticker: #""text": "A", "kind": "value""#),
            document(root: #""name": "M", "future_of": "Other""#),
            document(root: #""name": "M", "version": 2"#),
            document(root: #""name": "M", "format": "other""#),
            document(root: #""name": "a/b""#),
            document(root: #""name": " M""#),
            document(root: #""name": "M", "created": "yesterday""#),
            document(root: #""name": "M", "available_time_per_day_s": 90000"#),
            document(root: #""name": "M", "demand_per_day": 0"#),
            document(root: #""description": "no name""#),
        ]
        let data = refused.map { Data($0.utf8) }
        for document in data {
            #expect(failure { () throws(ValueStreamError) in _ = try ValueStreamJSON.decode(document) } != nil)
        }
        // The template itself is valid, so each refusal is the one change's.
        let errors = try Self.validate([Data(document().utf8)] + data)
        #expect(errors.first == [])
        for (index, list) in errors.dropFirst().enumerated() {
            #expect(!list.isEmpty, "\(refused[index]) passes the schema")
        }
    }
}
