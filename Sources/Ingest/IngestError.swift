/// Why a request's positions could not be read: the field that is wrong, in the path a person can find it by
/// (`lat`, `location.coords.latitude`, `locations[3].properties.timestamp`), and what is wrong with it in plain words.
///
/// The message never repeats the value that was sent: it may be a coordinate or a token.
public struct IngestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of fault it is, for the edge that maps it to an answer (all of them are a 400).
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// A required field is absent or empty.
        case missing
        /// A field is present but does not read as what it must be.
        case invalid
        /// The body is not what the protocol sends (not JSON, not an object).
        case malformedBody = "malformed-body"
        /// More positions in one request than the protocol allows.
        case tooMany = "too-many"
        /// The `Authorization` header is neither `Bearer TOKEN` nor HTTP Basic.
        case badAuthorization = "bad-authorization"
    }

    public var code: Code
    /// The field's path: a query or form key, a JSON path, `body` or `Authorization`.
    public var field: String
    /// What is wrong, completing a sentence that begins with the field's name.
    public var reason: String

    public init(_ code: Code, field: String, _ reason: String) {
        self.code = code
        self.field = field
        self.reason = reason
    }

    /// `locations[3].properties.timestamp must be an ISO 8601 date-time`.
    public var message: String { "\(field) \(reason)" }
    public var description: String { message }

    static func missing(_ field: String) -> IngestError { IngestError(.missing, field: field, "is missing") }
}
