import Roofing

/// A row of `roofing_activity`: one activity of a catalogue, a measured one with its price or a supplement with its
/// percentage and base.
struct RoofingActivityRecord: SQLRecord {
    static let databaseTableName = "roofing_activity"

    var catalogueID: Int64
    var position: String
    var ordinal: Int
    var section: String
    var name: String
    var unit: String
    var priceOre: Int64?
    var percentMilli: Int64?
    var base: String?

    enum CodingKeys: String, CodingKey {
        case position, ordinal, section, name, unit, base
        case catalogueID = "catalogue_id"
        case priceOre = "price_ore"
        case percentMilli = "percent_milli"
    }

    init(catalogueID: Int64, ordinal: Int, activity: Activity) {
        self.catalogueID = catalogueID
        self.ordinal = ordinal
        position = activity.position
        section = activity.section
        name = activity.name
        unit = activity.unit.description
        priceOre = activity.price?.minorUnits
        percentMilli = activity.supplement?.percent.thousandths
        base = activity.supplement?.base.description
    }

    func activity() throws(RoofingError) -> Activity {
        if let percentMilli {
            return try Activity(
                supplement: position, section: section, name: name, percent: Quantity(thousandths: percentMilli),
                base: try SupplementBase(parsing: base ?? ""))
        }
        return try Activity(
            position: position, section: section, name: name, unit: try ActivityUnit(parsing: unit),
            price: Money(minorUnits: priceOre ?? 0))
    }
}
