/// The tables and keys a configuration file may hold. Checked over the parsed document and its line numbers, so it
/// works whatever reads the TOML: an unknown key or table (a typo such as `parking_treshold`, which would silently
/// keep the default) is reported with its file, line and the closest known name.
public struct ConfigurationSchema: Sendable, Hashable {
    /// Known keys by table name.
    public var tables: [String: Set<String>]

    public init(tables: [String: Set<String>]) {
        self.tables = tables
    }

    /// The known tables and keys of both schemas.
    public func merging(_ other: ConfigurationSchema) -> ConfigurationSchema {
        ConfigurationSchema(tables: tables.merging(other.tables) { $0.union($1) })
    }

    /// Throws for the first unknown key or table in the file (by line), saying how many more there are.
    public func check(_ file: ConfigurationFile) throws(ConfigurationFile.LoadError) {
        let found = problems(in: file)
        guard let first = found.first else { return }
        var message = first.message
        if found.count > 1 { message += " (and \(found.count - 1) more)" }
        throw ConfigurationFile.LoadError(
            path: file.path ?? "configuration", line: first.line, column: first.column, message: message, exitCode: 78)
    }

    /// Every unknown key and table with its line (0 when unknown) and column (when the name itself was found), in
    /// file order.
    public func problems(in file: ConfigurationFile) -> [(line: Int, column: Int?, message: String)] {
        var found: [(line: Int, column: Int?, message: String)] = []
        for (name, value) in file.root {
            let position = file.document.position(of: [name])
            let line = position?.line ?? 0
            guard let known = tables[name] else {
                if case .table = value {
                    var message = "unknown table [\(name)]"
                    if let guess = Self.closest(to: name, among: tables.keys) {
                        message += "; did you mean [\(guess)]?"
                    } else {
                        message += "; known tables are " + Self.list(tables.keys.sorted().map { "[\($0)]" })
                    }
                    found.append((line, position?.column, message))
                } else {
                    var message = "unknown key '\(name)'"
                    if let table = tables.keys.sorted().first(where: { tables[$0]?.contains(name) == true }) {
                        message += "; did you mean '\(name)' in [\(table)]?"
                    } else if let guess = Self.closest(to: name, among: tables.keys) {
                        message += "; did you mean [\(guess)]?"
                    }
                    found.append((line, position?.column, message))
                }
                continue
            }
            guard case .table(let entries) = value else { continue }
            for key in entries.keys where !known.contains(key) {
                var message = "unknown key '\(key)' in [\(name)]"
                if let guess = Self.closest(to: key, among: known) { message += "; did you mean '\(guess)'?" }
                let keyPosition = file.document.position(of: [name, key])
                found.append((keyPosition?.line ?? line, keyPosition?.column, message))
            }
        }
        return found.sorted { $0.line != $1.line ? $0.line < $1.line : $0.message < $1.message }
    }

    /// The known name nearest to `name` when it is close enough to be a typo: at most a third of its length
    /// (at least 1) edits away; ties go to the alphabetically first.
    public static func closest(to name: String, among names: some Sequence<String>) -> String? {
        let limit = max(1, name.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in names.sorted() {
            let d = editDistance(name, candidate)
            if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of neighbours each
    /// count 1 (`hots` → `host` is 1).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
