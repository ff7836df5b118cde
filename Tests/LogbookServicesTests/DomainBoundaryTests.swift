import Foundation
import Testing

/// The shape of the code (issue 27): each domain's folder in `LogbookServer` and `LogbookServices` names no other
/// domain's types, and the server imports no command target. Read from the source tree next to this file, so a
/// change that reaches across domains fails here, not in review.
@Suite struct DomainBoundaryTests {
    /// A domain and where its code lives: its pure target and its folder in every layer.
    struct Domain: Sendable, CustomStringConvertible {
        let name: String
        let pureTarget: String
        var description: String { name }
    }

    static let domains = [
        Domain(name: "MileageLog", pureTarget: "MileageLog"),
        Domain(name: "Hours", pureTarget: "Hours"),
        Domain(name: "Checklists", pureTarget: "Checklists"),
        Domain(name: "ValueStreams", pureTarget: "ValueStreams"),
        Domain(name: "Roofing", pureTarget: "Roofing"),
    ]
    /// The layers that hold one folder per domain.
    static let layers = ["LogbookServer", "LogbookServices", "LogbookCLI"]

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    static func swiftFiles(in folder: URL) -> [URL] {
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }

    /// The text of a Swift file without its comments and string literals (a doc comment may mention another
    /// domain; code may not).
    static func code(of file: URL) throws -> String {
        var text = try String(contentsOf: file, encoding: .utf8)
        for pattern in [#"/\*[\s\S]*?\*/"#, #"//[^\n]*"#, #"\"\"\"[\s\S]*?\"\"\""#, #""(?:\\.|[^"\\\n])*""#] {
            text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        return text
    }

    static func matches(_ pattern: String, in text: String, group: Int = 1) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: group), in: text).map { String(text[$0]) }
        }
    }

    /// The folders that hold a domain's code, in every layer.
    static func folders(of domain: Domain) -> [URL] {
        [sources.appendingPathComponent(domain.pureTarget)]
            + layers.map { sources.appendingPathComponent($0).appendingPathComponent(domain.name) }
    }

    /// The type names each domain declares, leaving out names that say nothing of a domain: those two domains both
    /// declare, those declared outside every domain's folders (shared parts, nested types such as the OpenAPI
    /// document's `Operation`), and the names of modules (`Hours` is a module and a roofer's hours alike).
    static func declaredTypes() throws -> [String: Set<String>] {
        let pattern = #"\b(?:struct|enum|class|actor|protocol|typealias)\s+([A-Z][A-Za-z0-9_]*)"#
        var declared: [String: Set<String>] = [:]
        var domainFiles: Set<String> = []
        for domain in domains {
            for file in folders(of: domain).flatMap(swiftFiles) {
                domainFiles.insert(file.standardizedFileURL.path)
                declared[domain.name, default: []].formUnion(matches(pattern, in: try code(of: file)))
            }
        }
        var shared = Set(
            (try FileManager.default.contentsOfDirectory(atPath: sources.path)).filter { $0.first?.isUppercase == true }
        )
        for file in swiftFiles(in: sources) where !domainFiles.contains(file.standardizedFileURL.path) {
            shared.formUnion(matches(pattern, in: try code(of: file)))
        }
        var owners: [String: Int] = [:]
        for names in declared.values { for name in names { owners[name, default: 0] += 1 } }
        return declared.mapValues { $0.filter { owners[$0] == 1 && !shared.contains($0) } }
    }

    @Test("the source tree is where the test looks, and each domain declares types there")
    func theTreeIsFound() throws {
        let declared = try Self.declaredTypes()
        for domain in Self.domains {
            #expect((declared[domain.name]?.count ?? 0) >= 5, "\(domain): \(declared[domain.name] ?? [])")
        }
        // A name known to belong to each domain (checked by hand against the pure targets).
        #expect(declared["MileageLog"]?.contains("TripCategory") == true)
        #expect(declared["Roofing"]?.contains("ProjectHistory") == true)
    }

    @Test("a domain's folder in the server, the services and the CLI names no other domain's types", arguments: domains)
    func noDomainNamesAnother(_ domain: Domain) throws {
        let declared = try Self.declaredTypes()
        let foreign = declared.filter { $0.key != domain.name }
        var reaches: [String] = []
        for layer in Self.layers {
            let folder = Self.sources.appendingPathComponent(layer).appendingPathComponent(domain.name)
            for file in Self.swiftFiles(in: folder) {
                let words = Set(Self.matches(#"\b([A-Z][A-Za-z0-9_]*)\b"#, in: try Self.code(of: file)))
                for (other, names) in foreign {
                    for name in names.intersection(words).sorted() {
                        reaches.append("\(layer)/\(domain.name)/\(file.lastPathComponent) names \(other)'s \(name)")
                    }
                }
            }
        }
        #expect(reaches.isEmpty, "\(reaches.joined(separator: "\n"))")
    }

    @Test("the server and the services import no command target and no ArgumentParser")
    func theServerImportsNoCommandTarget() throws {
        let forbidden: [String: Set<String>] = [
            "LogbookServer": ["LogbookCLI", "LogbookReporting", "LogbookDaemon", "ArgumentParser"],
            "LogbookServices": [
                "LogbookCLI", "LogbookReporting", "LogbookDaemon", "LogbookServer", "ArgumentParser", "Hummingbird",
                "Reports",
            ],
        ]
        var found: [String] = []
        for (target, modules) in forbidden.sorted(by: { $0.key < $1.key }) {
            let files = Self.swiftFiles(in: Self.sources.appendingPathComponent(target))
            #expect(!files.isEmpty, "\(target) has no sources where the test looks")
            for file in files {
                let imports = Self.matches(#"(?m)^\s*(?:@\w+\s+)*import\s+(\w+)"#, in: try Self.code(of: file))
                for module in imports where modules.contains(module) {
                    found.append("\(target)/\(file.lastPathComponent) imports \(module)")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("the server builds no JSON by hand: no JSONSerialization, every answer through Encodable")
    func theServerUsesNoJSONSerialization() throws {
        let files = Self.swiftFiles(in: Self.sources.appendingPathComponent("LogbookServer"))
        #expect(files.count > 20)
        let found = try files.filter { try Self.code(of: $0).contains("JSONSerialization") }.map(\.lastPathComponent)
        #expect(found.isEmpty, "\(found)")
    }
}
