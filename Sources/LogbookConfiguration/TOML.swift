import Foundation

/// A TOML value (TOML 1.0; date-times are kept as their text).
public enum TOMLValue: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case boolean(Bool)
    case dateTime(String)
    case array([TOMLValue])
    case table([String: TOMLValue])

    /// The value as Foundation objects, for `JSONSerialization` (and so `JSONDecoder`); non-finite
    /// floats, which JSON cannot hold, become null.
    var foundationValue: Any {
        switch self {
        case .string(let s), .dateTime(let s): return s
        case .integer(let i): return i
        case .float(let d): return d.isFinite ? d : NSNull()
        case .boolean(let b): return b
        case .array(let values): return values.map(\.foundationValue)
        case .table(let table): return table.mapValues(\.foundationValue)
        }
    }
}

/// A parsed TOML document: its root table and the line on which each key and table was first named.
public struct TOMLDocument: Sendable, Hashable {
    public var root: [String: TOMLValue]
    /// Lines by key path (`["engine", "gap_threshold"]`); arrays of tables appear under `#0`, `#1`, … components.
    public var lines: [[String]: Int]

    public init(root: [String: TOMLValue], lines: [[String]: Int] = [:]) {
        self.root = root
        self.lines = lines
    }

    /// The line of `path`, or of the nearest enclosing key or table that has one (keys of inline tables share
    /// their table's line).
    public func line(of path: [String]) -> Int? {
        var path = path
        while !path.isEmpty {
            if let line = lines[path] { return line }
            path.removeLast()
        }
        return nil
    }
}

/// A syntax error in a TOML document, pointing at line and column.
public struct TOMLError: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A small, strict TOML parser: tables, arrays of tables, dotted and quoted keys, basic, literal
/// and multi-line strings, integers (decimal, hex, octal, binary, with underscores), floats
/// (with exponents, inf, nan), booleans, date-times (kept as text), arrays and inline tables.
/// Redefining a key is an error, as the specification asks.
public struct TOMLParser {
    private let bytes: [UInt8]
    private var i = 0
    private var line = 1
    private var lineStart = 0
    private var root: [String: TOMLValue] = [:]
    private var currentPath: [String] = []
    private var definedTables: Set<[String]> = []
    /// The line on which each key and table was first named (arrays of tables under their `#n` paths).
    private var lines: [[String]: Int] = [:]

    public static func parse(_ text: String) throws(TOMLError) -> [String: TOMLValue] {
        try parseDocument(text).root
    }

    /// The document's tables together with the line of every key and table header, for checks that point into
    /// the file (unknown keys) without knowing how it was parsed.
    public static func parseDocument(_ text: String) throws(TOMLError) -> TOMLDocument {
        var parser = TOMLParser(bytes: Array(text.utf8))
        try parser.parseDocument()
        return TOMLDocument(root: normalized(parser.root), lines: parser.lines)
    }

    /// Notes the line of `path` and of every table above it not seen before.
    private mutating func note(_ path: [String], line: Int) {
        guard !path.isEmpty else { return }
        for count in 1...path.count {
            let prefix = Array(path.prefix(count))
            if lines[prefix] == nil { lines[prefix] = line }
        }
    }

    /// The document, and the line of every key set in it (by its full path), for messages about values.
    public static func parseWithLines(_ text: String) throws(TOMLError) -> (
        root: [String: TOMLValue], keyLines: [[String]: Int]
    ) {
        let document = try parseDocument(text)
        return (document.root, document.lines)
    }

    /// Arrays of tables are built as tables keyed "#0", "#1", …; turn them into arrays.
    private static func normalized(_ table: [String: TOMLValue]) -> [String: TOMLValue] {
        table.mapValues(normalized)
    }

    private static func normalized(_ value: TOMLValue) -> TOMLValue {
        switch value {
        case .table(let t):
            if !t.isEmpty, t.keys.allSatisfy({ $0.hasPrefix("#") }) {
                let ordered = t.sorted { Int($0.key.dropFirst())! < Int($1.key.dropFirst())! }
                return .array(ordered.map { normalized($0.value) })
            }
            return .table(normalized(t))
        case .array(let values):
            return .array(values.map(normalized))
        default:
            return value
        }
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String) -> TOMLError {
        TOMLError(line: line, column: i - lineStart + 1, message: message)
    }

    private var atEnd: Bool { i >= bytes.count }
    private var current: UInt8 { bytes[i] }

    private mutating func skipSpaces() {
        while !atEnd, current == 0x20 || current == 0x09 { i += 1 }
    }

    private mutating func skipComment() {
        if !atEnd, current == UInt8(ascii: "#") {
            while !atEnd, current != 0x0A { i += 1 }
        }
    }

    private mutating func newline() throws(TOMLError) {
        if atEnd { return }
        if current == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
        guard current == 0x0A else { throw error("expected the end of the line") }
        i += 1
        line += 1
        lineStart = i
    }

    /// Skips blank space, comments and newlines (inside arrays).
    private mutating func skipTrivia() throws(TOMLError) {
        while !atEnd {
            skipSpaces()
            skipComment()
            if !atEnd, current == 0x0A || current == 0x0D { try newline() } else { break }
        }
    }

    private mutating func parseDocument() throws(TOMLError) {
        while true {
            try skipTrivia()
            if atEnd { return }
            if current == UInt8(ascii: "[") {
                try parseTableHeader()
            } else {
                try parseKeyValue(into: currentPath)
            }
            skipSpaces()
            skipComment()
            try newline()
        }
    }

    private mutating func parseTableHeader() throws(TOMLError) {
        let headerLine = line
        defer { note(currentPath, line: headerLine) }
        i += 1
        let isArray = !atEnd && current == UInt8(ascii: "[")
        if isArray { i += 1 }
        skipSpaces()
        let path = try parseKey()
        skipSpaces()
        guard !atEnd, current == UInt8(ascii: "]") else { throw error("expected ']' after the table name") }
        i += 1
        if isArray {
            guard !atEnd, current == UInt8(ascii: "]") else { throw error("expected ']]'") }
            i += 1
            try appendArrayTable(path)
            currentPath = path + ["#\(arrayCount(path) - 1)"]
        } else {
            guard definedTables.insert(path).inserted else {
                throw error("table [\(path.joined(separator: "."))] is defined twice")
            }
            _ = try table(at: path, create: true)
            currentPath = path
        }
    }

    private mutating func parseKeyValue(into path: [String]) throws(TOMLError) {
        let keyLine = line
        let key = try parseKey()
        note(path + key, line: keyLine)
        skipSpaces()
        guard !atEnd, current == UInt8(ascii: "=") else { throw error("expected '=' after the key") }
        i += 1
        skipSpaces()
        let value = try parseValue()
        try set(value, at: path + key)
    }

    private mutating func parseKey() throws(TOMLError) -> [String] {
        var parts: [String] = []
        while true {
            skipSpaces()
            guard !atEnd else { throw error("expected a key") }
            if current == UInt8(ascii: "\"") {
                parts.append(try parseBasicString())
            } else if current == UInt8(ascii: "'") {
                parts.append(try parseLiteralString())
            } else {
                let start = i
                while !atEnd, Self.isBareKeyByte(current) { i += 1 }
                guard i > start else { throw error("expected a key") }
                parts.append(String(decoding: bytes[start..<i], as: UTF8.self))
            }
            skipSpaces()
            if !atEnd, current == UInt8(ascii: ".") { i += 1 } else { return parts }
        }
    }

    private static func isBareKeyByte(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D
    }

    private mutating func parseValue() throws(TOMLError) -> TOMLValue {
        guard !atEnd else { throw error("expected a value") }
        switch current {
        case UInt8(ascii: "\""):
            if hasPrefix("\"\"\"") { return .string(try parseMultilineString(quote: 0x22, escapes: true)) }
            return .string(try parseBasicString())
        case UInt8(ascii: "'"):
            if hasPrefix("'''") { return .string(try parseMultilineString(quote: 0x27, escapes: false)) }
            return .string(try parseLiteralString())
        case UInt8(ascii: "["):
            return try parseArray()
        case UInt8(ascii: "{"):
            return try parseInlineTable()
        case UInt8(ascii: "t"):
            if hasPrefix("true") {
                i += 4
                return .boolean(true)
            }
        case UInt8(ascii: "f"):
            if hasPrefix("false") {
                i += 5
                return .boolean(false)
            }
        default:
            break
        }
        return try parseNumberOrDate()
    }

    private func hasPrefix(_ s: String) -> Bool {
        let p = Array(s.utf8)
        return i + p.count <= bytes.count && Array(bytes[i..<i + p.count]) == p
    }

    private mutating func parseBasicString() throws(TOMLError) -> String {
        i += 1
        var out: [UInt8] = []
        while true {
            guard !atEnd, current != 0x0A else { throw error("unterminated string") }
            let b = current
            i += 1
            if b == UInt8(ascii: "\"") { break }
            if b == UInt8(ascii: "\\") { out += try parseEscape() } else { out.append(b) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func parseEscape() throws(TOMLError) -> [UInt8] {
        guard !atEnd else { throw error("unterminated escape") }
        let e = current
        i += 1
        switch e {
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "\""): return [0x22]
        case UInt8(ascii: "\\"): return [0x5C]
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let n = e == UInt8(ascii: "u") ? 4 : 8
            guard i + n <= bytes.count, let code = UInt32(String(decoding: bytes[i..<i + n], as: UTF8.self), radix: 16),
                let scalar = Unicode.Scalar(code)
            else { throw error("invalid unicode escape") }
            i += n
            return Array(String(Character(scalar)).utf8)
        default:
            throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
        }
    }

    private mutating func parseLiteralString() throws(TOMLError) -> String {
        i += 1
        let start = i
        while !atEnd, current != UInt8(ascii: "'") {
            guard current != 0x0A else { throw error("unterminated string") }
            i += 1
        }
        guard !atEnd else { throw error("unterminated string") }
        let s = String(decoding: bytes[start..<i], as: UTF8.self)
        i += 1
        return s
    }

    private mutating func consumeNewlineInString() {
        if current == 0x0A {
            line += 1
            lineStart = i + 1
        }
    }

    /// A multi-line string: `"""…"""` with escapes (basic) or `'''…'''` without (literal). A newline
    /// right after the opening delimiter is trimmed; quotes right before the closing one belong to the text.
    private mutating func parseMultilineString(quote: UInt8, escapes: Bool) throws(TOMLError) -> String {
        let delimiter = String(repeating: Character(Unicode.Scalar(quote)), count: 3)
        i += 3
        if !atEnd, current == 0x0D { i += 1 }
        if !atEnd, current == 0x0A {
            i += 1
            line += 1
            lineStart = i
        }
        var out: [UInt8] = []
        while true {
            guard !atEnd else { throw error("unterminated multi-line string") }
            if hasPrefix(delimiter) {
                i += 3
                while !atEnd, current == quote {
                    out.append(current)
                    i += 1
                }
                return String(decoding: out, as: UTF8.self)
            }
            let b = current
            if escapes, b == UInt8(ascii: "\\") {
                i += 1
                // A backslash at the end of a line trims the newline and leading blanks.
                var j = i
                while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
                if j < bytes.count, bytes[j] == 0x0A || bytes[j] == 0x0D {
                    i = j
                    while !atEnd, current == 0x20 || current == 0x09 || current == 0x0A || current == 0x0D {
                        consumeNewlineInString()
                        i += 1
                    }
                } else {
                    out += try parseEscape()
                }
                continue
            }
            consumeNewlineInString()
            out.append(b)
            i += 1
        }
    }

    private mutating func parseArray() throws(TOMLError) -> TOMLValue {
        i += 1
        var values: [TOMLValue] = []
        while true {
            try skipTrivia()
            guard !atEnd else { throw error("unterminated array") }
            if current == UInt8(ascii: "]") {
                i += 1
                return .array(values)
            }
            values.append(try parseValue())
            try skipTrivia()
            guard !atEnd else { throw error("unterminated array") }
            if current == UInt8(ascii: ",") {
                i += 1
            } else if current != UInt8(ascii: "]") {
                throw error("expected ',' or ']' in array")
            }
        }
    }

    private mutating func parseInlineTable() throws(TOMLError) -> TOMLValue {
        i += 1
        var table: [String: TOMLValue] = [:]
        skipSpaces()
        if !atEnd, current == UInt8(ascii: "}") {
            i += 1
            return .table(table)
        }
        while true {
            skipSpaces()
            let key = try parseKey()
            skipSpaces()
            guard !atEnd, current == UInt8(ascii: "=") else { throw error("expected '=' in inline table") }
            i += 1
            skipSpaces()
            let value = try parseValue()
            guard Self.insert(value, at: key[...], into: &table) else {
                throw error("key '\(key.joined(separator: "."))' is defined twice")
            }
            skipSpaces()
            guard !atEnd else { throw error("unterminated inline table") }
            if current == UInt8(ascii: ",") {
                i += 1
            } else if current == UInt8(ascii: "}") {
                i += 1
                return .table(table)
            } else {
                throw error("expected ',' or '}' in inline table")
            }
        }
    }

    private mutating func parseNumberOrDate() throws(TOMLError) -> TOMLValue {
        let start = i
        while !atEnd,
            !(current == 0x20 || current == 0x09 || current == 0x0A || current == 0x0D
                || current == UInt8(ascii: ",") || current == UInt8(ascii: "]") || current == UInt8(ascii: "}")
                || current == UInt8(ascii: "#"))
        {
            i += 1
        }
        // A date-time may hold one space between date and time.
        if i + 1 < bytes.count, current == 0x20, i - start == 10, bytes[start + 4] == UInt8(ascii: "-"),
            bytes[i + 1] >= 0x30, bytes[i + 1] <= 0x39
        {
            i += 1
            while !atEnd,
                !(current == 0x20 || current == 0x0A || current == 0x0D || current == UInt8(ascii: ",")
                    || current == UInt8(ascii: "]") || current == UInt8(ascii: "}") || current == UInt8(ascii: "#"))
            {
                i += 1
            }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard !text.isEmpty else { throw error("expected a value") }
        if text.count >= 8, text.dropFirst(4).first == "-" || text.dropFirst(2).first == ":" {
            return .dateTime(text)
        }
        switch text {
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        let cleaned = text.replacingUnderscores()
        guard let cleaned else { throw error("invalid number '\(text)'") }
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where cleaned.hasPrefix(prefix) {
            guard let value = Int64(cleaned.dropFirst(2), radix: radix) else { throw error("invalid number '\(text)'") }
            return .integer(value)
        }
        if let value = Int64(cleaned) {
            let digits = cleaned.drop { $0 == "+" || $0 == "-" }
            guard !(digits.count > 1 && digits.hasPrefix("0")) else { throw error("leading zeros in '\(text)'") }
            return .integer(value)
        }
        if cleaned.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let value = Double(cleaned),
            !cleaned.hasSuffix("."), !cleaned.hasPrefix("."), !cleaned.contains(".e"), !cleaned.contains(".E")
        {
            return .float(value)
        }
        throw error("invalid value '\(text)'")
    }

    // MARK: Building the tree

    private static func insert(_ value: TOMLValue, at path: ArraySlice<String>, into table: inout [String: TOMLValue])
        -> Bool
    {
        guard let head = path.first else { return false }
        if path.count == 1 {
            guard table[head] == nil else { return false }
            table[head] = value
            return true
        }
        var child: [String: TOMLValue]
        switch table[head] {
        case nil: child = [:]
        case .table(let t): child = t
        default: return false
        }
        guard insert(value, at: path.dropFirst(), into: &child) else { return false }
        table[head] = .table(child)
        return true
    }

    private mutating func set(_ value: TOMLValue, at path: [String]) throws(TOMLError) {
        guard Self.insert(value, at: path[...], into: &root) else {
            throw error("key '\(path.joined(separator: "."))' is defined twice")
        }
    }

    private mutating func table(at path: [String], create: Bool) throws(TOMLError) -> [String: TOMLValue] {
        var node = root
        var walked: [String] = []
        for key in path {
            walked.append(key)
            switch node[key] {
            case nil:
                node = [:]
            case .table(let t):
                node = t
            default:
                throw error("'\(walked.joined(separator: "."))' is not a table")
            }
        }
        if create { try ensureTable(path) }
        return node
    }

    private mutating func ensureTable(_ path: [String]) throws(TOMLError) {
        func ensure(_ path: ArraySlice<String>, _ table: inout [String: TOMLValue]) -> Bool {
            guard let head = path.first else { return true }
            var child: [String: TOMLValue]
            switch table[head] {
            case nil: child = [:]
            case .table(let t): child = t
            default: return false
            }
            guard ensure(path.dropFirst(), &child) else { return false }
            table[head] = .table(child)
            return true
        }
        guard ensure(path[...], &root) else { throw error("'\(path.joined(separator: "."))' is not a table") }
    }

    private func arrayCount(_ path: [String]) -> Int {
        var node = root
        for key in path.dropLast() {
            guard case .table(let t) = node[key] else { return 0 }
            node = t
        }
        guard let last = path.last, case .table(let t) = node[last] else { return 0 }
        return t.keys.filter { $0.hasPrefix("#") }.count
    }

    private mutating func appendArrayTable(_ path: [String]) throws(TOMLError) {
        let n = arrayCount(path)
        try ensureTable(path + ["#\(n)"])
    }
}

extension String {
    /// Removes digit-separating underscores; `nil` if one is not between two digits.
    fileprivate func replacingUnderscores() -> String? {
        guard contains("_") else { return self }
        let chars = Array(self)
        var out = ""
        for (k, ch) in chars.enumerated() {
            if ch == "_" {
                guard k > 0, k + 1 < chars.count, chars[k - 1].isHexDigit, chars[k + 1].isHexDigit else { return nil }
                continue
            }
            out.append(ch)
        }
        return out
    }
}
