/// A row of `vsm_section`: a section's name at its place (0-based) in its map.
struct ValueStreamSectionRecord: SQLRecord, Sendable, Hashable {
    var mapID: Int64
    var position: Int
    var name: String

    static let databaseTableName = "vsm_section"

    enum CodingKeys: String, CodingKey {
        case position, name
        case mapID = "map_id"
    }

    init(mapID: Int64, position: Int, name: String) {
        self.mapID = mapID
        self.position = position
        self.name = name
    }
}
