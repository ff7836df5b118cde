import GRDB
import ValueStreams

/// A row of `vsm_sticker`: a sticker, by its number in its map, at its place (0-based) in its section (0-based).
struct ValueStreamStickerRecord: FetchableRecord, PersistableRecord, Sendable, Hashable {
    var mapID: Int64
    var sectionPosition: Int
    var position: Int
    var sticker: Sticker

    static let databaseTableName = "vsm_sticker"

    enum Columns {
        static let mapID = Column("map_id")
        static let number = Column("number")
        static let sectionPosition = Column("section_position")
        static let position = Column("position")
        static let text = Column("text")
        static let kind = Column("kind")
        static let background = Column("background")
        static let font = Column("font")
        static let size = Column("size")
        static let processSeconds = Column("process_s")
        static let waitSeconds = Column("wait_s")
        static let ca = Column("ca")
        static let inventory = Column("inventory")
    }

    init(mapID: Int64, sectionPosition: Int, position: Int, sticker: Sticker) {
        self.mapID = mapID
        self.sectionPosition = sectionPosition
        self.position = position
        self.sticker = sticker
    }

    init(row: SQLRow) throws {
        mapID = row[Columns.mapID]
        sectionPosition = row[Columns.sectionPosition]
        position = row[Columns.position]
        let background: String? = row[Columns.background]
        sticker = Sticker(
            id: row[Columns.number], text: row[Columns.text],
            kind: StickerKind(rawValue: row[Columns.kind]) ?? .waste,
            style: StickerStyle(
                background: background.flatMap(Colour.init(parsing:)), font: row[Columns.font], size: row[Columns.size]),
            processSeconds: row[Columns.processSeconds], waitSeconds: row[Columns.waitSeconds], ca: row[Columns.ca],
            inventory: row[Columns.inventory])
    }

    func encode(to container: inout PersistenceContainer) throws {
        container[Columns.mapID] = mapID
        container[Columns.number] = sticker.id
        container[Columns.sectionPosition] = sectionPosition
        container[Columns.position] = position
        container[Columns.text] = sticker.text
        container[Columns.kind] = sticker.kind.rawValue
        container[Columns.background] = sticker.style.background?.description
        container[Columns.font] = sticker.style.font
        container[Columns.size] = sticker.style.size
        container[Columns.processSeconds] = sticker.processSeconds
        container[Columns.waitSeconds] = sticker.waitSeconds
        container[Columns.ca] = sticker.ca
        container[Columns.inventory] = sticker.inventory
    }
}
