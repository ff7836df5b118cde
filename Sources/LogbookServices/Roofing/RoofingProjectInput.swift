public import CalendarDays
public import Roofing

/// A new project (`roofing project add`, `POST /api/v1/roofing/projects`, the new-project form): its name, where
/// and for whom, the catalogue its lines are priced from (the only one when none is named), its first and last
/// day, the hourly pay each roofer is guaranteed, and the team as `NAME` or `NAME:HOURS`.
public struct RoofingProjectInput: RoofingInput, Hashable {
    public var name: String?
    public var address: String?
    public var customer: String?
    public var catalogue: String?
    public var start: CalendarDay?
    public var end: CalendarDay?
    public var guaranteedRate: Money?
    public var roofers: [String]?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, address, customer, catalogue, start, end, roofers
        case guaranteedRate = "guaranteed_rate"
    }

    public static var fields: [String] { CodingKeys.allCases.map(\.rawValue) }

    public init(
        name: String, address: String? = nil, customer: String? = nil, catalogue: String? = nil,
        start: CalendarDay? = nil, end: CalendarDay? = nil, guaranteedRate: Money? = nil, roofers: [String]? = nil
    ) {
        self.name = name
        self.address = address
        self.customer = customer
        self.catalogue = catalogue
        self.start = start
        self.end = end
        self.guaranteedRate = guaranteedRate
        self.roofers = roofers
    }

    /// The team: each `NAME` or `NAME:HOURS` (`Jens:37,5`), hours not negative.
    func team() throws(ServiceError) -> [Roofer] {
        var team: [Roofer] = []
        for text in roofers ?? [] {
            do throws(RoofingError) {
                team.append(try Roofer(parsing: text, field: "roofers"))
            } catch {
                throw ServiceError(
                    .invalid, field: "roofers", "'\(text.prefix(40))' is not NAME or NAME:HOURS: \(error.message)")
            }
        }
        return team
    }

    /// The guaranteed hourly pay, zero when none is given; a negative one is refused.
    func rate() throws(ServiceError) -> Money {
        let rate = guaranteedRate ?? .zero
        guard !rate.isNegative else { throw ServiceError(.invalid, field: "guaranteed_rate", "cannot be negative") }
        return rate
    }
}
