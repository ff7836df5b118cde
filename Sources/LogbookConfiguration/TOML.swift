import Foundation
import TOMLKit

/// A TOML value as the configuration code sees it, converted from what TOMLKit parsed (date-times, dates and
/// times are kept as their TOML text).
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

/// A syntax error in a TOML document, as TOMLKit (toml++) reported it, pointing at line and column.
public struct TOMLError: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A TOML document read by TOMLKit: its root table, and the line and column on which each key and table was
/// first named (TOMLKit's values carry no source position; `TOMLKeyLocator` finds them in the text).
public struct TOMLDocument: Sendable, Hashable {
    public var root: [String: TOMLValue]
    /// Lines by key path (`["engine", "gap_threshold"]`); arrays of tables appear under `#0`, `#1`, … components.
    public var lines: [[String]: Int]
    /// Columns (1-based, in Unicode scalars) by key path, where the key itself was found.
    public var columns: [[String]: Int]

    public init(root: [String: TOMLValue], lines: [[String]: Int] = [:], columns: [[String]: Int] = [:]) {
        self.root = root
        self.lines = lines
        self.columns = columns
    }

    /// Parses `text` with TOMLKit and locates its keys.
    public init(parsing text: String) throws(TOMLError) {
        // TOMLKit hands toml++ a C string, which would end at a NUL; TOML allows none, so refuse it here.
        if let nul = text.unicodeScalars.firstIndex(of: "\0") {
            let before = text.unicodeScalars[..<nul]
            let line = before.count(where: { $0 == "\n" }) + 1
            let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
            let column = before[lineStart...].count + 1
            throw TOMLError(line: line, column: column, message: "a NUL character is not allowed in TOML")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw TOMLError(
                line: error.source.begin.line, column: error.source.begin.column, message: error.description)
        } catch {
            throw TOMLError(line: 1, column: 1, message: "\(error)")
        }
        let located = TOMLKeyLocator.locate(in: text)
        self.init(root: Self.convertTable(table), lines: located.lines, columns: located.columns)
    }

    /// The line of `path`, or of the nearest enclosing key or table that has one (keys of inline tables share
    /// their table's line).
    public func line(of path: [String]) -> Int? {
        position(of: path)?.line
    }

    /// The line of `path` or of the nearest enclosing key or table that has one; the column only when `path`
    /// itself was found.
    public func position(of path: [String]) -> (line: Int, column: Int?)? {
        if let line = lines[path] { return (line, columns[path]) }
        var path = path
        while !path.isEmpty {
            path.removeLast()
            if let line = lines[path] { return (line, nil) }
        }
        return nil
    }

    private static func convertTable(_ table: TOMLTable) -> [String: TOMLValue] {
        var result: [String: TOMLValue] = [:]
        for (key, value) in table { result[key] = convert(value) }
        return result
    }

    private static func convert(_ value: any TOMLValueConvertible) -> TOMLValue {
        switch value.type {
        case .table: return .table(value.table.map(convertTable) ?? [:])
        case .array: return .array(value.array.map { $0.map(convert) } ?? [])
        case .string: return .string(value.string ?? "")
        case .int: return .integer(value.int.map { Int64($0) } ?? 0)
        case .double: return .float(value.double ?? .nan)
        case .bool: return .boolean(value.bool ?? false)
        case .date: return .dateTime(value.date?.debugDescription ?? "")
        case .time: return .dateTime(value.time?.debugDescription ?? "")
        case .dateTime: return .dateTime(value.dateTime?.debugDescription ?? "")
        }
    }
}

/// Finds where each key and table of a TOML document is named: `[table]` and `[[array]]` headers and the
/// (dotted, quoted) keys of `key = value` lines, with their line and column. It only locates keys in text that
/// TOMLKit has already accepted, skipping over values (strings, multi-line strings, arrays, inline tables)
/// without reading them; keys inside inline tables are not located and share their table's position.
enum TOMLKeyLocator {
    static func locate(in text: String) -> (lines: [[String]: Int], columns: [[String]: Int]) {
        var scanner = KeyScanner(Array(text.unicodeScalars))
        scanner.run()
        return (scanner.lines, scanner.columns)
    }

    private struct KeyScanner {
        let s: [Unicode.Scalar]
        var i = 0
        var line = 1
        var lineStart = 0
        var lines: [[String]: Int] = [:]
        var columns: [[String]: Int] = [:]
        /// The table that `key = value` lines go to.
        var current: [String] = []
        /// How many `[[name]]` headers each array of tables has had.
        var arrayCounts: [[String]: Int] = [:]

        init(_ s: [Unicode.Scalar]) { self.s = s }

        var atEnd: Bool { i >= s.count }
        var column: Int { i - lineStart + 1 }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            i + offset < s.count ? s[i + offset] : nil
        }

        mutating func advance() {
            if s[i] == "\n" {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }

        mutating func skipBlanks() {
            while let c = peek(), c == " " || c == "\t" || c == "\r" { advance() }
        }

        mutating func skipToEndOfLine() {
            while let c = peek(), c != "\n" { advance() }
        }

        /// Notes the position of `path` and of every table above it not seen before; `columns` has the column
        /// of each of the last `columns.count` parts of `path` (those written on this line).
        mutating func note(_ path: [String], line: Int, columns partColumns: [Int]) {
            guard !path.isEmpty else { return }
            let first = path.count - partColumns.count
            for count in 1...path.count {
                let prefix = Array(path.prefix(count))
                guard lines[prefix] == nil else { continue }
                lines[prefix] = line
                if count > first { columns[prefix] = partColumns[count - first - 1] }
            }
        }

        mutating func run() {
            while !atEnd {
                skipBlanks()
                guard let c = peek() else { return }
                switch c {
                case "\n": advance()
                case "#": skipToEndOfLine()
                case "[": header()
                default: keyValue()
                }
            }
        }

        /// `[a.b]` or `[[a.b]]`.
        mutating func header() {
            let headerLine = line
            advance()
            let isArray = peek() == "["
            if isArray { advance() }
            let (path, partColumns) = key()
            skipToEndOfLine()
            note(path, line: headerLine, columns: partColumns)
            if isArray {
                let n = arrayCounts[path, default: 0]
                arrayCounts[path] = n + 1
                current = path + ["#\(n)"]
                note(current, line: headerLine, columns: [partColumns.first ?? 1])
            } else {
                current = path
            }
        }

        /// `a.b = value`: the key's position, then past the value to the end of its line.
        mutating func keyValue() {
            let keyLine = line
            let (path, partColumns) = key()
            note(current + path, line: keyLine, columns: partColumns)
            if peek() == "=" { advance() }
            skipValue()
        }

        /// A dotted key of bare and quoted parts with the column of each; stops at `=`, `]` or the end of the line.
        mutating func key() -> (parts: [String], columns: [Int]) {
            var parts: [String] = []
            var partColumns: [Int] = []
            while true {
                skipBlanks()
                guard let c = peek() else { return (parts, partColumns) }
                partColumns.append(column)
                if c == "\"" {
                    parts.append(basicString())
                } else if c == "'" {
                    parts.append(literalString())
                } else {
                    var part = ""
                    while let c = peek(),
                        c.properties.isAlphabetic || c.properties.numericType != nil || c == "_"
                            || c == "-"
                    {
                        part.unicodeScalars.append(c)
                        advance()
                    }
                    parts.append(part)
                }
                skipBlanks()
                guard peek() == "." else { return (parts, partColumns) }
                advance()
            }
        }

        /// A `"…"` key, unescaped.
        mutating func basicString() -> String {
            var result = ""
            advance()
            while let c = peek(), c != "\"", c != "\n" {
                advance()
                guard c == "\\", let e = peek() else {
                    result.unicodeScalars.append(c)
                    continue
                }
                advance()
                switch e {
                case "b": result += "\u{8}"
                case "t": result += "\t"
                case "n": result += "\n"
                case "f": result += "\u{c}"
                case "r": result += "\r"
                case "e": result += "\u{1b}"
                case "u", "U":
                    var hex = ""
                    for _ in 0..<(e == "u" ? 4 : 8) {
                        guard let h = peek(), h.properties.isASCIIHexDigit else { break }
                        hex.unicodeScalars.append(h)
                        advance()
                    }
                    if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
                        result.unicodeScalars.append(scalar)
                    }
                default: result.unicodeScalars.append(e)
                }
            }
            if peek() == "\"" { advance() }
            return result
        }

        /// A `'…'` key, taken as written.
        mutating func literalString() -> String {
            var result = ""
            advance()
            while let c = peek(), c != "'", c != "\n" {
                result.unicodeScalars.append(c)
                advance()
            }
            if peek() == "'" { advance() }
            return result
        }

        /// Past a value (and its comment) to the end of its last line: strings of every kind, and arrays and
        /// inline tables over as many lines as they take.
        mutating func skipValue() {
            var depth = 0
            while let c = peek() {
                switch c {
                case "\n":
                    if depth == 0 { return }
                    advance()
                case "#":
                    skipToEndOfLine()
                case "[", "{":
                    depth += 1
                    advance()
                case "]", "}":
                    depth -= 1
                    advance()
                case "\"", "'":
                    skipString(quote: c)
                default:
                    advance()
                }
            }
        }

        /// Past a basic or literal string, single- or multi-line.
        mutating func skipString(quote: Unicode.Scalar) {
            let multiLine = peek(1) == quote && peek(2) == quote
            let escapes = quote == "\""
            for _ in 0..<(multiLine ? 3 : 1) { advance() }
            while let c = peek() {
                if escapes, c == "\\" {
                    advance()
                    if !atEnd { advance() }
                    continue
                }
                if c == quote {
                    if !multiLine {
                        advance()
                        return
                    }
                    if peek(1) == quote, peek(2) == quote {
                        advance()
                        advance()
                        advance()
                        // Up to two more quotes before the closing three belong to the content.
                        var extra = 0
                        while extra < 2, peek() == quote {
                            advance()
                            extra += 1
                        }
                        return
                    }
                }
                if !multiLine, c == "\n" { return }
                advance()
            }
        }
    }
}
