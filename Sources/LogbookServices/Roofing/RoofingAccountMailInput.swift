import Foundation

/// Where the final account is e-mailed (`POST …/projects/{name}/email`, the project page): the employer's
/// addresses (1 to 10; the page's field is one line, addresses separated by commas or spaces) and the labels'
/// language (`da`, the default, or `en`).
public struct RoofingAccountMailInput: RoofingInput, Hashable {
    public var to: [String]?
    public var lang: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case to, lang }

    public static var fields: [String] { CodingKeys.allCases.map(\.rawValue) }

    public init(to: [String], lang: String? = nil) {
        self.to = to
        self.lang = lang
    }

    /// The addresses as given on one line: split at commas and spaces.
    public static func addresses(_ line: String) -> [String] {
        line.split(whereSeparator: { $0 == "," || $0 == ";" || $0.isWhitespace }).map(String.init)
    }

    func validated() throws(ServiceError) -> (to: [String], english: Bool) {
        let to = (self.to ?? []).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard (1...10).contains(to.count) else {
            throw ServiceError(.invalid, field: "to", "give the employer's e-mail address (1 to 10 addresses)")
        }
        for address in to where !MailAddressText.isPlausible(address) {
            throw ServiceError(.invalid, field: "to", "\(address) is not an e-mail address")
        }
        switch lang?.lowercased() {
        case nil, "", "da": return (to, false)
        case "en": return (to, true)
        default: throw ServiceError(.invalid, field: "lang", "expected da or en")
        }
    }
}
