public import Foundation

/// A link of the user's own in the menu (the payroll portal, the roster), name and address checked.
public struct WebLink: Sendable, Hashable, Codable {
    public var name: String
    public var url: URL

    public static let longestName = 40

    public init(name: String, url text: String) throws(HoursError) {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= Self.longestName else {
            throw HoursError(
                .invalidValue, field: "name", "a link needs a name of 1 to \(Self.longestName) characters")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw HoursError(.invalidValue, field: "name", "control characters are not allowed in a link's name")
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty, !text.contains(where: { $0 == " " || $0.isNewline })
        else {
            throw HoursError(
                .invalidValue, field: "url", "'\(text)' is not a web address (expected http:// or https://HOST/…)")
        }
        self.name = name
        self.url = url
    }
}
