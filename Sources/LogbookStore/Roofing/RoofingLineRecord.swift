import Roofing

/// A row of `roofing_line`: a measured line with the activity, unit and unit price it was accounted at.
struct RoofingLineRecord: RoofingEntryRecord {
    static let databaseTableName = "roofing_line"

    var projectID: Int64
    var ordinal: Int
    var position: String
    var section: String
    var name: String
    var unit: String
    var quantityMilli: Int64
    var unitPriceOre: Int64
    var note: String

    enum CodingKeys: String, CodingKey {
        case ordinal, position, section, name, unit, note
        case projectID = "project_id"
        case quantityMilli = "quantity_milli"
        case unitPriceOre = "unit_price_ore"
    }

    init(projectID: Int64, ordinal: Int, line: AccountLine) {
        self.projectID = projectID
        self.ordinal = ordinal
        position = line.position
        section = line.section
        name = line.name
        unit = line.unit.description
        quantityMilli = line.quantity.thousandths
        unitPriceOre = line.unitPrice.minorUnits
        note = line.note
    }

    func line() throws(RoofingError) -> AccountLine {
        AccountLine(
            position: position, section: section, name: name, unit: try ActivityUnit(parsing: unit),
            quantity: Quantity(thousandths: quantityMilli), unitPrice: Money(minorUnits: unitPriceOre), note: note)
    }
}
