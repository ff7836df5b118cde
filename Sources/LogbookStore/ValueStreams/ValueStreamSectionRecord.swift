import GRDB

/// A row of `vsm_section`: a section's name at its place (0-based) in its map.
struct ValueStreamSectionRecord: FetchableRecord, PersistableRecord, Sendable, Hashable {
    var mapID: Int64
    var position: Int
    var name: String

    static let databaseTableName = "vsm_section"

    enum Columns {
        static let mapID = Column("map_id")
        static let position = Column("position")
        static let name = Column("name")
    }

    init(mapID: Int64, position: Int, name: String) {
        self.mapID = mapID
        self.position = position
        self.name = name
    }

    init(row: SQLRow) throws {
        mapID = row[Columns.mapID]
        position = row[Columns.position]
        name = row[Columns.name]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container[Columns.mapID] = mapID
        container[Columns.position] = position
        container[Columns.name] = name
    }
}
