/// What a supplement ("tillæg") is a percentage of: every measured line of the account, the lines of one section,
/// or the lines of named positions. Supplements, extra work and deductions are never part of a base, so a
/// supplement cannot be computed on another supplement.
///
/// Written as text in both catalogue formats: `account` (also empty), `section:NAME`, `positions:12.1.1 12.1.2`.
public enum SupplementBase: Sendable, Hashable, Codable, CustomStringConvertible {
    case account
    case section(String)
    case positions([String])

    public init(parsing text: String, field: String = "base") throws(RoofingError) {
        let trimmed = text.trimmingWhitespace()
        let lower = trimmed.lowercased()
        if lower.isEmpty || lower == "account" || lower == "all" {
            self = .account
        } else if lower.hasPrefix("section:") {
            let name = trimmed.dropFirst("section:".count).trimmingWhitespace()
            guard !name.isEmpty else { throw RoofingError(.invalid, path: field, "'section:' needs a section name") }
            self = .section(name)
        } else if lower.hasPrefix("positions:") {
            let list = trimmed.dropFirst("positions:".count).split(whereSeparator: { $0 == " " || $0 == "," })
                .map(String.init)
            guard !list.isEmpty else {
                throw RoofingError(.invalid, path: field, "'positions:' needs one or more position numbers")
            }
            self = .positions(list)
        } else {
            throw RoofingError(
                .invalid, path: field,
                "'\(trimmed)' is not a base: write account, section:NAME or positions:12.1.1 12.1.2")
        }
    }

    public var description: String {
        switch self {
        case .account: "account"
        case .section(let name): "section:" + name
        case .positions(let list): "positions:" + list.joined(separator: " ")
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            self = try SupplementBase(parsing: try container.decode(String.self))
        } catch let error as RoofingError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
