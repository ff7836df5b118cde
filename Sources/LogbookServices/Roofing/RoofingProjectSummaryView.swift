public import LogbookStore

/// A project in the list (`roofing project list --format json`, `GET /api/v1/roofing/projects`): counts of its
/// roofers, lines and versions, and whether the command line has it selected.
public struct RoofingProjectSummaryView: Encodable, Sendable, Hashable {
    public var name: String
    public var status: String
    public var customer: String
    public var address: String
    public var catalogue: String
    public var roofers: Int
    public var lines: Int
    public var versions: Int
    public var selected: Bool

    public init(_ summary: RoofingProjectSummary) {
        name = summary.name
        status = summary.status
        customer = summary.customer
        address = summary.address
        catalogue = summary.catalogue
        roofers = summary.roofers
        lines = summary.lines
        versions = summary.versions
        selected = summary.selected
    }

    /// Whether its account may still change (open, or reopened for its next version).
    public var isOpen: Bool { status == "open" || status == "revising" }
}
