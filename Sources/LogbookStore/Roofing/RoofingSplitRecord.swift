import Roofing

/// A row of `roofing_split`: one roofer's part of an agreed split, a percentage or an amount.
struct RoofingSplitRecord: RoofingEntryRecord {
    static let databaseTableName = "roofing_split"

    var projectID: Int64
    var roofer: String
    var percentMilli: Int64?
    var amountOre: Int64?

    enum CodingKeys: String, CodingKey {
        case roofer
        case projectID = "project_id"
        case percentMilli = "percent_milli"
        case amountOre = "amount_ore"
    }

    /// The project's rows, by roofer.
    static func split(project id: Int64, _ db: any SQLSession) throws -> [Self] {
        try fetchAll(db, where: "project_id = ?", [id], orderBy: db.dialect.binaryOrder("roofer"))
    }

    /// The rows of an agreed split.
    static func rows(_ split: AgreedSplit?, projectID: Int64) -> [RoofingSplitRecord] {
        switch split {
        case nil: []
        case .percentages(let parts):
            parts.map { RoofingSplitRecord(projectID: projectID, roofer: $0.key, percentMilli: $0.value.thousandths) }
        case .amounts(let parts):
            parts.map { RoofingSplitRecord(projectID: projectID, roofer: $0.key, amountOre: $0.value.minorUnits) }
        }
    }

    /// The agreed split its rows make: percentages when every row has one, amounts otherwise; none without rows.
    static func split(_ rows: [RoofingSplitRecord]) -> AgreedSplit? {
        guard !rows.isEmpty else { return nil }
        if rows.allSatisfy({ $0.percentMilli != nil }) {
            return .percentages(
                Dictionary(rows.map { ($0.roofer, Quantity(thousandths: $0.percentMilli ?? 0)) }) { $1 })
        }
        return .amounts(Dictionary(rows.map { ($0.roofer, Money(minorUnits: $0.amountOre ?? 0)) }) { $1 })
    }
}
