import Foundation
import LogbookTestSupport
import Testing

/// What one run of a scenario printed, step by step, made comparable between two logs (issue 30: every command
/// behaves on PostgreSQL as on SQLite). Each step keeps its exit status and its output — parsed JSON, or text (CSV) —
/// with what legitimately differs between two runs replaced by placeholders:
/// - the log's folder and address (`<dir>`, `<db>`);
/// - moments taken from the clock while the scenario ran (`<now>`): creation times, entries, clocked times;
/// - random values — UUIDs (shift ids, idempotency keys), API and device tokens, SHA-256 hex strings (the audit
///   chain hashes the entries' times) — numbered in the order they first appear (`<uuid#2>`), so that the same
///   value shown twice must still be the same value in both logs.
final class ParityTranscript {
    struct Step {
        var label: String
        var status: Int32
        var output: Any
    }

    let log: IsolatedLog
    private(set) var steps: [Step] = []
    private var placeholders: [String: String] = [:]
    private let started = Date()
    /// When the last output was normalised: the end of the run's window for `<now>`.
    private var lastSeen = Date()

    init(_ log: IsolatedLog) { self.log = log }

    /// Runs `logbook ARGUMENTS --format json`, expecting `status`; records and returns the parsed output.
    @discardableResult
    func json(
        _ label: String, _ arguments: [String], expect status: Int32 = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Any {
        let result = try log.run(arguments + ["--format", "json"], expect: status, sourceLocation: sourceLocation)
        let parsed: Any
        if result.stdout.isEmpty, result.status != 0 {
            parsed = "stderr: " + result.stderr
        } else {
            do {
                parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: [.fragmentsAllowed])
            } catch {
                Issue.record(
                    "\(label): not JSON on \(log.kind): \(result.stdout) \(result.stderr)",
                    sourceLocation: sourceLocation)
                parsed = result.stdout
            }
        }
        steps.append(Step(label: label, status: result.status, output: normalised(parsed)))
        return parsed
    }

    /// Runs `logbook ARGUMENTS`, expecting `status`; records its standard output (and, when asked, the first line of
    /// its standard error) as text.
    @discardableResult
    func text(
        _ label: String, _ arguments: [String], expect status: Int32 = 0, stderr: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CLIRunner.Result {
        let result = try log.run(arguments, expect: status, sourceLocation: sourceLocation)
        let shown = result.stdout + (stderr ? "\n--- stderr\n" + result.stderr : "")
        steps.append(Step(label: label, status: result.status, output: normalised(shown)))
        return result
    }

    /// Records a file the scenario wrote (a CSV export), as text.
    func file(_ label: String, _ path: String) throws {
        let contents = try String(contentsOfFile: path, encoding: .utf8)
        steps.append(Step(label: label, status: 0, output: normalised(contents)))
    }

    /// Records a value the scenario got otherwise (an HTTP answer).
    func record(_ label: String, _ value: Any) {
        steps.append(Step(label: label, status: 0, output: normalised(value)))
    }

    /// The steps as text, each under its label and exit status, JSON pretty-printed.
    var text: String {
        steps.map { step in
            let output =
                (try? JSONSerialization.data(
                    withJSONObject: step.output, options: [.prettyPrinted, .sortedKeys, .fragmentsAllowed]))
                .map { String(decoding: $0, as: UTF8.self) } ?? "\(step.output)"
            return "## \(step.label) [\(step.status)]\n\(output)"
        }.joined(separator: "\n")
    }

    // MARK: Normalising

    func normalised(_ value: Any) -> Any {
        switch value {
        case let string as String: return normalised(string)
        case let array as [Any]: return array.map { normalised($0) }
        case let object as [String: Any]: return object.mapValues { normalised($0) }
        default: return value
        }
    }

    private static let uuid = try! NSRegularExpression(
        pattern: "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
    private static let apiToken = try! NSRegularExpression(pattern: "lbk_[A-Za-z0-9_-]+")
    /// SHA-256 in hex, whole or its first 16 digits (as `trips show` and `audit list` print the chain's hashes).
    private static let hex = try! NSRegularExpression(
        pattern: "(?<![0-9a-fA-F])[0-9a-f]{16}(?:[0-9a-f]{48})?(?![0-9a-fA-F])")
    /// OwnTracks' setup link: its configuration (with the device's token) in base64.
    private static let inline = try! NSRegularExpression(pattern: "(?<=inline=)[A-Za-z0-9+/=]+")
    private static let moment = try! NSRegularExpression(
        pattern: "\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?")

    func normalised(_ string: String) -> String {
        var text = replace(Self.inline, in: string) { found in
            Data(base64Encoded: found).map { String(decoding: $0, as: UTF8.self) } ?? found
        }
        text = text.replacingOccurrences(of: log.dir.url.path, with: "<dir>")
        text = text.replacingOccurrences(of: log.database, with: "<db>")
        for (pattern, kind) in [(Self.uuid, "uuid"), (Self.apiToken, "token"), (Self.hex, "hex")] {
            text = replace(pattern, in: text) { found in
                if let known = placeholders[found] { return known }
                let next = "<\(kind)#\(placeholders.values.filter { $0.hasPrefix("<\(kind)#") }.count + 1)>"
                placeholders[found] = next
                return next
            }
        }
        lastSeen = Date()
        return replace(Self.moment, in: text) { found in
            guard let date = Self.date(found) else { return found }
            let window = started.addingTimeInterval(-120)...Date().addingTimeInterval(120)
            if window.contains(date) { return "<now>" }
            // An API token's default expiry: 90 days from its making.
            if window.contains(date.addingTimeInterval(-90 * 86_400)) { return "<now+90d>" }
            return found
        }
    }

    private func replace(_ pattern: NSRegularExpression, in text: String, _ with: (String) -> String) -> String {
        let ns = text as NSString
        var result = ""
        var last = 0
        for match in pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            result += ns.substring(with: NSRange(location: last, length: match.range.location - last))
            result += with(ns.substring(with: match.range))
            last = match.range.location + match.range.length
        }
        return result + ns.substring(from: last)
    }

    /// A moment written in ISO 8601 (or `YYYY-MM-DD HH:MM[:SS]`, UTC unless an offset is given).
    static func date(_ text: String) -> Date? {
        var t = text.replacingOccurrences(of: " ", with: "T")
        if !(t.hasSuffix("Z") || t.dropFirst(16).contains("+") || t.dropFirst(16).contains("-")) { t += "Z" }
        if t.count >= 16, t.dropFirst(16).first != ":" {
            t.insert(contentsOf: ":00", at: t.index(t.startIndex, offsetBy: 16))
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: t) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: t)
    }

    // MARK: Comparing

    /// Where two transcripts differ: one line per difference, with the step and the JSON path. A moment the
    /// scenario gave (`hours start --at 01:00`) that one run's clock passed and the other's did not (a run at 00:59,
    /// the next at 01:04) is `<now>` in one and itself in the other: moments within either run count as now in both.
    static func differences(_ a: ParityTranscript, _ b: ParityTranscript) -> [String] {
        var found: [String] = []
        if a.steps.map(\.label) != b.steps.map(\.label) {
            found.append("different steps: \(a.steps.map(\.label)) vs \(b.steps.map(\.label))")
        }
        let window =
            min(a.started, b.started).addingTimeInterval(-120)...max(a.lastSeen, b.lastSeen).addingTimeInterval(120)
        for (x, y) in zip(a.steps, b.steps) where x.label == y.label {
            if x.status != y.status { found.append("\(x.label): exit \(x.status) vs \(y.status)") }
            compare(a.now(in: x.output, window), b.now(in: y.output, window), at: x.label, into: &found)
        }
        return found
    }

    /// `value` with the moments left in it that lie within `window` written `<now>`.
    private func now(in value: Any, _ window: ClosedRange<Date>) -> Any {
        switch value {
        case let string as String:
            return replace(Self.moment, in: string) { found in
                Self.date(found).map { window.contains($0) } == true ? "<now>" : found
            }
        case let array as [Any]: return array.map { now(in: $0, window) }
        case let object as [String: Any]: return object.mapValues { now(in: $0, window) }
        default: return value
        }
    }

    static func compare(_ a: Any, _ b: Any, at path: String, into found: inout [String]) {
        switch (a, b) {
        case (let x as [String: Any], let y as [String: Any]):
            for key in Set(x.keys).union(y.keys).sorted() {
                guard let u = x[key], let v = y[key] else {
                    found.append("\(path).\(key): only in \(x[key] == nil ? "the second" : "the first")")
                    continue
                }
                compare(u, v, at: "\(path).\(key)", into: &found)
            }
        case (let x as [Any], let y as [Any]):
            if x.count != y.count { found.append("\(path): \(x.count) vs \(y.count) elements") }
            for (index, (u, v)) in zip(x, y).enumerated() { compare(u, v, at: "\(path)[\(index)]", into: &found) }
        case (let x as String, let y as String):
            if x != y {
                if x.contains("\n") || y.contains("\n") {
                    let xs = x.split(separator: "\n", omittingEmptySubsequences: false)
                    let ys = y.split(separator: "\n", omittingEmptySubsequences: false)
                    if xs.count != ys.count { found.append("\(path): \(xs.count) vs \(ys.count) lines") }
                    for (index, (u, v)) in zip(xs, ys).enumerated() where u != v {
                        found.append("\(path) line \(index + 1): \(u) ≠ \(v)")
                    }
                } else {
                    found.append("\(path): \(x) ≠ \(y)")
                }
            }
        case (let x as NSNumber, let y as NSNumber):
            let (u, v) = (x.doubleValue, y.doubleValue)
            if x.isBool != y.isBool || abs(u - v) > 1e-9 * max(1, abs(u), abs(v)) {
                found.append("\(path): \(x) ≠ \(y)")
            }
        case (is NSNull, is NSNull):
            break
        default:
            found.append("\(path): \(a) ≠ \(b)")
        }
    }
}

extension NSNumber {
    /// Whether JSONSerialization read it from `true`/`false`.
    fileprivate var isBool: Bool { String(cString: objCType) == "c" }
}
