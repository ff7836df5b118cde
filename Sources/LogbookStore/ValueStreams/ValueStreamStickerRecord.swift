import ValueStreams

/// A row of `vsm_sticker`: a sticker, by its number in its map, at its place (0-based) in its section (0-based).
struct ValueStreamStickerRecord: SQLRecord, Sendable, Hashable {
    var mapID: Int64
    var sectionPosition: Int
    var position: Int
    var sticker: Sticker

    static let databaseTableName = "vsm_sticker"

    enum CodingKeys: String, CodingKey {
        case number, position, text, kind, background, font, size, ca, inventory
        case mapID = "map_id"
        case sectionPosition = "section_position"
        case processSeconds = "process_s"
        case waitSeconds = "wait_s"
    }

    init(mapID: Int64, sectionPosition: Int, position: Int, sticker: Sticker) {
        self.mapID = mapID
        self.sectionPosition = sectionPosition
        self.position = position
        self.sticker = sticker
    }

    init(from decoder: any Decoder) throws {
        let row = try decoder.container(keyedBy: CodingKeys.self)
        mapID = try row.decode(Int64.self, forKey: .mapID)
        sectionPosition = try row.decode(Int.self, forKey: .sectionPosition)
        position = try row.decode(Int.self, forKey: .position)
        let background = try row.decodeIfPresent(String.self, forKey: .background)
        sticker = Sticker(
            id: try row.decode(Int.self, forKey: .number), text: try row.decode(String.self, forKey: .text),
            kind: StickerKind(rawValue: try row.decode(String.self, forKey: .kind)) ?? .waste,
            style: StickerStyle(
                background: background.flatMap(Colour.init(parsing:)), font: try row.decode(String.self, forKey: .font),
                size: try row.decode(Double.self, forKey: .size)),
            processSeconds: try row.decode(Double.self, forKey: .processSeconds),
            waitSeconds: try row.decode(Double.self, forKey: .waitSeconds),
            ca: try row.decodeIfPresent(Double.self, forKey: .ca),
            inventory: try row.decodeIfPresent(Int.self, forKey: .inventory))
    }

    func encode(to encoder: any Encoder) throws {
        var row = encoder.container(keyedBy: CodingKeys.self)
        try row.encode(mapID, forKey: .mapID)
        try row.encode(sticker.id, forKey: .number)
        try row.encode(sectionPosition, forKey: .sectionPosition)
        try row.encode(position, forKey: .position)
        try row.encode(sticker.text, forKey: .text)
        try row.encode(sticker.kind.rawValue, forKey: .kind)
        try row.encodeIfPresent(sticker.style.background?.description, forKey: .background)
        try row.encode(sticker.style.font, forKey: .font)
        try row.encode(sticker.style.size, forKey: .size)
        try row.encode(sticker.processSeconds, forKey: .processSeconds)
        try row.encode(sticker.waitSeconds, forKey: .waitSeconds)
        try row.encodeIfPresent(sticker.ca, forKey: .ca)
        try row.encodeIfPresent(sticker.inventory, forKey: .inventory)
    }
}
