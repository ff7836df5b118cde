/// The one row of `roofing_selection`: the project the command line uses when none is named.
struct RoofingSelectionRecord: SQLRecord {
    static let databaseTableName = "roofing_selection"

    var id: Int64 = 1
    var projectID: Int64

    enum CodingKeys: String, CodingKey {
        case id
        case projectID = "project_id"
    }
}
