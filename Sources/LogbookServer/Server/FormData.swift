import Foundation
import Hummingbird
import NIOCore

/// A submitted HTML form (`application/x-www-form-urlencoded`), at most 1 MiB (`BodyLimit`).
package struct FormData: Sendable {
    package var values: [String: String] = [:]

    package subscript(_ name: String) -> String? { values[name] }

    /// The trimmed value, `nil` when absent or empty.
    package func text(_ name: String) -> String? {
        guard let value = values[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            return nil
        }
        return value
    }

    package init(values: [String: String]) { self.values = values }

    /// The form's fields as a use case's `Decodable` input (`FormDecoder`, naming the field of a value that does not
    /// read): a blank field is a field not given, the CSRF token no field.
    package func decoded<T: Decodable>(_ type: T.Type) throws -> T {
        try FormDecoder().decode(
            T.self, from: values.filter { $0.key != "csrf" && !$0.value.isEmpty }.map { ($0.key, $0.value) })
    }

    package static func read(_ request: Request) async throws -> FormData {
        parse(String(buffer: try await BodyLimit.collect(request)))
    }

    /// The form's fields; a browser sends a text area's line breaks as CR LF, kept as LF.
    package static func parse(_ text: String) -> FormData {
        var values: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = RequestText.formDecode(parts[0]) else { continue }
            let value = parts.count > 1 ? RequestText.formDecode(parts[1]) ?? "" : ""
            values[name] = value.replacingOccurrences(of: "\r\n", with: "\n")
        }
        return FormData(values: values)
    }
}
