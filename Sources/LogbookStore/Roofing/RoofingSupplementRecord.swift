import Roofing

/// A row of `roofing_supplement`: a supplement on a project's account, its percentage and its base.
struct RoofingSupplementRecord: RoofingEntryRecord {
    static let databaseTableName = "roofing_supplement"

    var projectID: Int64
    var ordinal: Int
    var position: String
    var section: String
    var name: String
    var percentMilli: Int64
    var base: String

    enum CodingKeys: String, CodingKey {
        case ordinal, position, section, name, base
        case projectID = "project_id"
        case percentMilli = "percent_milli"
    }

    init(projectID: Int64, ordinal: Int, supplement: SupplementLine) {
        self.projectID = projectID
        self.ordinal = ordinal
        position = supplement.position
        section = supplement.section
        name = supplement.name
        percentMilli = supplement.percent.thousandths
        base = supplement.base.description
    }

    func supplement() throws(RoofingError) -> SupplementLine {
        SupplementLine(
            position: position, section: section, name: name, percent: Quantity(thousandths: percentMilli),
            base: try SupplementBase(parsing: base))
    }
}
