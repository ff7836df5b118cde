import GRDB

/// A row of one of a project's entry tables (roofers, lines, supplements, extra work, deductions, advances, the
/// agreed split): the project's rows of that table are replaced whenever the project is saved.
protocol RoofingEntryRecord: FetchableRecord, PersistableRecord {}

extension RoofingEntryRecord {
    static var projectID: Column { Column("project_id") }

    /// The project's rows in the order they were entered.
    static func of(project id: Int64) -> QueryInterfaceRequest<Self> {
        filter(projectID == id).order(Column("ordinal"))
    }

    static func deleteAll(project id: Int64, _ db: any SQLSession) throws {
        try filter(projectID == id).deleteAll(db)
    }
}
