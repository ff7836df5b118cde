import CalendarDays
import Roofing

/// A row of `roofing_project`: a project's own columns (its entries are rows of their own tables), its status
/// (`open`, `submitted`, `revising`, `settled`), the number of versions recorded and why a revision is under way.
struct RoofingProjectRecord: SQLRecord {
    static let databaseTableName = "roofing_project"

    var id: Int64?
    var name: String
    var nameKey: String
    var address: String
    var customer: String
    var startDay: String?
    var endDay: String?
    var status: String
    var catalogue: String
    var currency: String
    var guaranteedRateOre: Int64
    var version: Int
    var revisionReason: String?
    var createdAt: Double
    var updatedAt: Double

    enum CodingKeys: String, CodingKey {
        case id, name, address, customer, status, catalogue, currency, version
        case nameKey = "name_key"
        case startDay = "start_day"
        case endDay = "end_day"
        case guaranteedRateOre = "guaranteed_rate_ore"
        case revisionReason = "revision_reason"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// The columns a change of the project writes (its status, versions and creation are the store's own).
    static let editedColumns: [String] = [
        CodingKeys.name, .nameKey, .address, .customer, .startDay, .endDay, .catalogue, .currency, .guaranteedRateOre,
        .updatedAt,
    ].map(\.rawValue)

    /// A new open project's row.
    init(_ project: Project, now: Double) {
        name = project.name
        nameKey = AppDatabase.nameKey(project.name)
        address = project.address
        customer = project.customer
        startDay = project.start?.description
        endDay = project.end?.description
        status = ProjectStatus.open.rawValue
        catalogue = project.catalogue
        currency = project.currency
        guaranteedRateOre = project.guaranteedHourlyRate.minorUnits
        version = 0
        createdAt = now
        updatedAt = now
    }

    /// Takes the project's own columns (not its status: a revision under way stays `revising`).
    mutating func take(_ project: Project, now: Double) {
        name = project.name
        nameKey = AppDatabase.nameKey(project.name)
        address = project.address
        customer = project.customer
        startDay = project.start?.description
        endDay = project.end?.description
        catalogue = project.catalogue
        currency = project.currency
        guaranteedRateOre = project.guaranteedHourlyRate.minorUnits
        updatedAt = now
    }

    /// The project with `entries`; while a revision is under way the project itself is open.
    func project(_ entries: RoofingProjectEntries) throws(RoofingError) -> Project {
        try Project(
            name: name, address: address, customer: customer, start: startDay.flatMap { CalendarDay(parsing: $0) },
            end: endDay.flatMap { CalendarDay(parsing: $0) },
            status: status == "revising" ? .open : ProjectStatus(rawValue: status) ?? .open, catalogue: catalogue,
            currency: currency, guaranteedHourlyRate: Money(minorUnits: guaranteedRateOre), roofers: entries.roofers,
            lines: entries.lines, supplements: entries.supplements, extraWork: entries.extraWork,
            deductions: entries.deductions, advances: entries.advances, agreedSplit: entries.agreedSplit)
    }
}
