import Foundation

/// Logbook's configuration: one TOML file, found as DESIGN.md §4 says — `--config FILE`, else
/// `$LOGBOOK_CONFIG`, else `/etc/logbook/logbook.toml`, else `~/.config/logbook/logbook.toml`;
/// none at all means every setting keeps its default.
public struct ConfigurationFile: Sendable {
    /// Where the settings came from (`nil`: defaults only).
    public let path: String?
    public let root: [String: TOMLValue]
    /// The document as TOMLKit read it, with the line and column of each key, for messages that point into the file.
    public let document: TOMLDocument
    /// The line each key was set on, by its full path (`["mail", "tls"]`), for messages about bad values.
    public var keyLines: [[String]: Int] { document.lines }

    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var line: Int?
        public var column: Int?
        public var message: String
        /// 66 when the file cannot be read, 65 (EX_DATAERR) for bad content… but a broken
        /// configuration is the user's to fix, so 78 (EX_CONFIG) is what sysexits(3) offers.
        public var exitCode: Int32
        public var description: String {
            var location = path
            if let line {
                location += ":\(line)"
                if let column { location += ":\(column)" }
            }
            return location + ": " + message
        }
    }

    public init(path: String?, root: [String: TOMLValue]) {
        self.init(path: path, document: TOMLDocument(root: root))
    }

    public init(path: String?, document: TOMLDocument) {
        self.path = path
        self.root = document.root
        self.document = document
    }

    public init(path: String?, root: [String: TOMLValue], keyLines: [[String]: Int]) {
        self.init(path: path, document: TOMLDocument(root: root, lines: keyLines))
    }

    /// Finds and parses the configuration. An explicitly named file must exist.
    public static func load(
        explicitPath: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(LoadError) -> ConfigurationFile {
        if let explicitPath { return try parse(path: explicitPath) }
        if let fromEnvironment = environment["LOGBOOK_CONFIG"], !fromEnvironment.isEmpty {
            return try parse(path: fromEnvironment)
        }
        var candidates = ["/etc/logbook/logbook.toml"]
        let home =
            environment["XDG_CONFIG_HOME"].map { $0 + "/logbook/logbook.toml" }
            ?? environment["HOME"].map { $0 + "/.config/logbook/logbook.toml" }
        if let home { candidates.append(home) }
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate) {
            return try parse(path: candidate)
        }
        return ConfigurationFile(path: nil, root: [:])
    }

    /// Parses one file.
    public static func parse(path: String) throws(LoadError) -> ConfigurationFile {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = FileManager.default.contents(atPath: path)
        else {
            throw LoadError(path: path, message: "cannot read the configuration file", exitCode: 66)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw LoadError(path: path, message: "the configuration is not UTF-8 text", exitCode: 78)
        }
        return try parse(text: text, path: path)
    }

    /// Parses configuration text read from `path` (with TOMLKit); a syntax error keeps its line and column.
    public static func parse(text: String, path: String) throws(LoadError) -> ConfigurationFile {
        do {
            return ConfigurationFile(path: path, document: try TOMLDocument(parsing: text))
        } catch {
            throw LoadError(path: path, line: error.line, column: error.column, message: error.message, exitCode: 78)
        }
    }

    /// Decodes the table `key` (for example `engine`) into `T`; absent tables decode from `{}`, so
    /// a `T` whose keys are all optional or defaulted keeps its defaults.
    public func decode<T: Decodable>(_ type: T.Type, table key: String) throws(LoadError) -> T {
        let value = root[key] ?? .table([:])
        guard case .table = value else {
            throw LoadError(path: path ?? "configuration", message: "'\(key)' must be a table", exitCode: 78)
        }
        do {
            let data = try JSONSerialization.data(withJSONObject: value.foundationValue)
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            let position = position(of: error, inTable: key)
            throw LoadError(
                path: path ?? "configuration", line: position?.line, column: position?.column,
                message: "[\(key)] " + Self.explain(error), exitCode: 78)
        } catch {
            throw LoadError(path: path ?? "configuration", message: "[\(key)] \(error)", exitCode: 78)
        }
    }

    /// The line of the key a decoding error is about, when the file set it, and its column when the key itself
    /// (not only a table around it) was found.
    private func position(of error: DecodingError, inTable table: String) -> (line: Int, column: Int?)? {
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): context = c
        case .keyNotFound(_, let c): context = c
        @unknown default: return nil
        }
        // Elements of arrays of tables are located under `#0`, `#1`, ….
        let path = [table] + context.codingPath.map { $0.intValue.map { "#\($0)" } ?? $0.stringValue }
        return document.position(of: path)
    }

    private static func explain(_ error: DecodingError) -> String {
        func keyPath(_ path: [any CodingKey]) -> String { path.map(\.stringValue).joined(separator: ".") }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(keyPath(context.codingPath)): expected a value of type \(type)"
        case .valueNotFound(_, let context):
            return "\(keyPath(context.codingPath)): missing value"
        case .keyNotFound(let key, let context):
            return "\(keyPath(context.codingPath + [key])): missing"
        case .dataCorrupted(let context):
            // Swift's own text for an enumeration's unknown raw value names a type, not what the user may write.
            let text =
                context.debugDescription.hasPrefix("Cannot initialize ")
                ? "not one of the accepted values" : context.debugDescription
            return "\(keyPath(context.codingPath)): \(text)"
        @unknown default:
            return "\(error)"
        }
    }
}
