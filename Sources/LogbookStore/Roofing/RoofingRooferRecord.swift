import Roofing

/// A row of `roofing_roofer`: a roofer on a project and the hours they worked.
struct RoofingRooferRecord: RoofingEntryRecord {
    static let databaseTableName = "roofing_roofer"

    var projectID: Int64
    var ordinal: Int
    var name: String
    var hoursMilli: Int64

    enum CodingKeys: String, CodingKey {
        case ordinal, name
        case projectID = "project_id"
        case hoursMilli = "hours_milli"
    }

    init(projectID: Int64, ordinal: Int, roofer: Roofer) {
        self.projectID = projectID
        self.ordinal = ordinal
        name = roofer.name
        hoursMilli = roofer.hours.thousandths
    }

    var roofer: Roofer { Roofer(name: name, hours: Quantity(thousandths: hoursMilli)) }
}
