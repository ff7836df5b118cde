import Roofing

/// A row of `roofing_deduction`: an amount taken off a project's account.
struct RoofingDeductionRecord: RoofingEntryRecord {
    static let databaseTableName = "roofing_deduction"

    var projectID: Int64
    var ordinal: Int
    var text: String
    var amountOre: Int64

    enum CodingKeys: String, CodingKey {
        case ordinal, text
        case projectID = "project_id"
        case amountOre = "amount_ore"
    }

    init(projectID: Int64, ordinal: Int, deduction: Deduction) {
        self.projectID = projectID
        self.ordinal = ordinal
        text = deduction.text
        amountOre = deduction.amount.minorUnits
    }

    var deduction: Deduction { Deduction(text: text, amount: Money(minorUnits: amountOre)) }
}
