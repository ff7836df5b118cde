/// A member of the team on a project and the hours they worked on it.
public struct Roofer: Sendable, Hashable, Codable {
    public var name: String
    public var hours: Quantity

    public init(name: String, hours: Quantity = .zero) {
        self.name = name
        self.hours = hours
    }

    /// `NAME` or `NAME:HOURS` (`Jens:37,5`), as the team is given on the command line and in the API.
    public init(parsing text: String, field: String = "roofer") throws(RoofingError) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts[0].trimmingWhitespace()
        guard !name.isEmpty else { throw RoofingError(.invalid, path: field, "a roofer needs a name") }
        let hours = parts.count > 1 ? try Quantity(parsing: String(parts[1]), field: field) : .zero
        guard hours.thousandths >= 0 else { throw RoofingError(.invalid, path: field, "hours cannot be negative") }
        self.init(name: name, hours: hours)
    }
}
