import Foundation
public import LogbookStore
import TrackModel
import ValueStreams

/// What a search found across the maps (`GET /api/v1/vsm/search`): maps whose name holds the text and stickers whose
/// text does, any case, any accents; `rows` is the same as one list (`vsm search`).
public struct ValueStreamSearchView: Encodable, Sendable, Hashable {
    public var query: String
    public var maps: [ValueStreamMapSummary]
    public var stickers: [StickerMatch]

    public init(query: String, maps: [ValueStreamMapSummary], stickers: [StickerMatch]) {
        self.query = query
        self.maps = maps
        self.stickers = stickers
    }

    enum CodingKeys: String, CodingKey {
        case query, maps, stickers
    }

    struct MapHit: Encodable {
        var name: String
        var state: String
        var updated: String
    }

    struct StickerHit: Encodable {
        var map: String
        var section: String
        var id: Int
        var text: String
        var kind: String
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(query, forKey: .query)
        try c.encode(
            maps.map {
                MapHit(
                    name: $0.name, state: $0.state.rawValue,
                    updated: Timestamp(secondsSince1970: $0.updated.timeIntervalSince1970).iso8601)
            }, forKey: .maps)
        try c.encode(
            stickers.map {
                StickerHit(
                    map: $0.map, section: $0.section, id: $0.sticker.id, text: $0.sticker.text,
                    kind: $0.sticker.kind.rawValue)
            }, forKey: .stickers)
    }

    /// The maps, then the stickers, as one list.
    public var rows: [ValueStreamSearchRow] {
        maps.map { ValueStreamSearchRow(kind: "map", map: $0.name) }
            + stickers.map {
                ValueStreamSearchRow(
                    kind: "sticker", map: $0.map, section: $0.section, sticker: $0.sticker.id, text: $0.sticker.text,
                    stickerKind: $0.sticker.kind.rawValue)
            }
    }
}

/// One thing found, in the list of `vsm search`: `kind` is `map` or `sticker`; a map's row has no section, sticker,
/// text or sticker kind (`null`).
public struct ValueStreamSearchRow: Encodable, Sendable, Hashable {
    public var kind: String
    public var map: String
    public var section: String?
    public var sticker: Int?
    public var text: String?
    public var stickerKind: String?

    public init(
        kind: String, map: String, section: String? = nil, sticker: Int? = nil, text: String? = nil,
        stickerKind: String? = nil
    ) {
        self.kind = kind
        self.map = map
        self.section = section
        self.sticker = sticker
        self.text = text
        self.stickerKind = stickerKind
    }

    enum CodingKeys: String, CodingKey {
        case kind, map, section, sticker, text
        case stickerKind = "sticker_kind"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(map, forKey: .map)
        try c.encode(section, forKey: .section)
        try c.encode(sticker, forKey: .sticker)
        try c.encode(text, forKey: .text)
        try c.encode(stickerKind, forKey: .stickerKind)
    }
}
