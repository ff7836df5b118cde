import Foundation
/// An input of a roofing use case read from a request's body or a form: `Decodable` with the API's field names,
/// and the list of those names, so the API can refuse a field it does not know (422 naming it) instead of
/// ignoring a misspelt one.
public protocol RoofingInput: Decodable, Sendable {
    /// The fields the input takes, as the JSON body and the form name them.
    static var fields: [String] { get }
}

extension RoofingInput {
    /// `field` is required: nil is refused, naming it.
    static func required<T>(_ value: T?, _ field: String) throws(ServiceError) -> T {
        guard let value else { throw ServiceError(.invalid, field: field, "\(field) is required") }
        return value
    }

    /// `text` with something in it, else refused naming `field` with `message`.
    static func text(_ text: String?, _ field: String, _ message: String) throws(ServiceError) -> String {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ServiceError(.invalid, field: field, message)
        }
        return text
    }
}
