/// A row of one of a project's entry tables (roofers, lines, supplements, extra work, deductions, advances, the
/// agreed split): the project's rows of that table are replaced whenever the project is saved.
protocol RoofingEntryRecord: SQLRecord {}

extension RoofingEntryRecord {
    /// The project's rows in the order they were entered.
    static func of(project id: Int64, _ db: any SQLSession) throws -> [Self] {
        try fetchAll(db, where: "project_id = ?", [id], orderBy: "ordinal")
    }

    static func deleteAll(project id: Int64, _ db: any SQLSession) throws {
        try db.execute(sql: "DELETE FROM \(databaseTableName) WHERE project_id = ?", arguments: [id])
    }
}
