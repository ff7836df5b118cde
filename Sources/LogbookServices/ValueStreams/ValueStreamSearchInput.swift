import Foundation

/// What to look for across the maps (`vsm search TEXT`, `GET /api/v1/vsm/search?q=`): 1 to 200 characters.
public struct ValueStreamSearchInput: Decodable, Sendable, Hashable {
    public var q: String

    public init(q: String) {
        self.q = q
    }

    /// The text, trimmed; refused when empty or longer than 200 characters.
    func validated() throws(ServiceError) -> String {
        let text = q.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.count <= 200 else {
            throw ServiceError(.invalid, field: "q", "give 1 to 200 characters to look for")
        }
        return text
    }
}
