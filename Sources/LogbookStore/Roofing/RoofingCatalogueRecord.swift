/// A row of `roofing_catalogue`: a catalogue's name, the key its name is compared by (any case), its currency.
struct RoofingCatalogueRecord: SQLRecord {
    static let databaseTableName = "roofing_catalogue"

    var id: Int64?
    var name: String
    var nameKey: String
    var currency: String
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case id, name, currency
        case nameKey = "name_key"
        case createdAt = "created_at"
    }
}
