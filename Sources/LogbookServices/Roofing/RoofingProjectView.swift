public import CalendarDays
public import LogbookStore
public import Roofing

/// A project as `roofing project show --format json` prints it and `GET /api/v1/roofing/projects/{name}` answers:
/// where, for whom, when, its status, catalogue and team, its numbered lines, the number of versions, and
/// `account` — the `roofing account --format json` document, null with `account_error` when the account cannot
/// be made. After a submission, `version` is the version recorded.
public struct RoofingProjectView: Encodable, Sendable, Hashable {
    public var name: String
    public var address: String
    public var customer: String
    public var start: CalendarDay?
    public var end: CalendarDay?
    /// `open`, `submitted`, `revising` or `settled`.
    public var status: String
    public var catalogue: String
    public var currency: String
    public var guaranteedRate: Money
    public var roofers: [Roofer]
    public var lines: [RoofingLineView]
    public var versions: Int
    public var version: Int?
    public var account: Account?
    public var accountError: String?

    enum CodingKeys: String, CodingKey {
        case name, address, customer, start, end, status, catalogue, currency, roofers, lines, versions, version
        case account
        case guaranteedRate = "guaranteed_rate"
        case accountError = "account_error"
    }

    public init(_ stored: StoredRoofingProject) {
        let p = stored.project
        name = p.name
        address = p.address
        customer = p.customer
        start = p.start
        end = p.end
        status = stored.status
        catalogue = p.catalogue
        currency = p.currency
        guaranteedRate = p.guaranteedHourlyRate
        roofers = p.roofers
        lines = p.lines.enumerated().map { RoofingLineView($0.element, number: $0.offset + 1) }
        versions = stored.versions.count
        do throws(RoofingError) {
            account = try Account(p)
        } catch {
            accountError = error.description
        }
    }

    /// Whether the account may still change (open, or reopened for its next version).
    public var isOpen: Bool { status == "open" || status == "revising" }

    /// `start`, `end` and `account` always present (null when there is none); `version` and `account_error` only
    /// when there is one.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(address, forKey: .address)
        try c.encode(customer, forKey: .customer)
        try c.encode(start, forKey: .start)
        try c.encode(end, forKey: .end)
        try c.encode(status, forKey: .status)
        try c.encode(catalogue, forKey: .catalogue)
        try c.encode(currency, forKey: .currency)
        try c.encode(guaranteedRate, forKey: .guaranteedRate)
        try c.encode(roofers, forKey: .roofers)
        try c.encode(lines, forKey: .lines)
        try c.encode(versions, forKey: .versions)
        try c.encodeIfPresent(version, forKey: .version)
        try c.encode(account, forKey: .account)
        try c.encodeIfPresent(accountError, forKey: .accountError)
    }
}
