import Foundation
import ValueStreams

/// A row of `vsm_map`: a map's own fields. Its sections and stickers are rows of their own tables; the map it
/// improves is referred to by row.
struct ValueStreamMapRecord: SQLRecord, Sendable, Hashable {
    var id: Int64?
    var name: String
    var description: String
    var state: MapState
    /// The row of the current map this future map improves.
    var futureOf: Int64?
    var demandPerDay: Double?
    var availableSeconds: Double?
    var nextSticker: Int
    var createdAt: Double
    var updatedAt: Double

    static let databaseTableName = "vsm_map"

    enum CodingKeys: String, CodingKey {
        case id, name, description, state
        case futureOf = "future_of"
        case demandPerDay = "demand_per_day"
        case availableSeconds = "available_s"
        case nextSticker = "next_sticker"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// The row for `map`, which improves the map of row `futureOf`.
    init(_ map: ValueStreamMap, id: Int64? = nil, futureOf: Int64?) {
        self.id = id
        name = map.name
        description = map.description
        state = map.state
        self.futureOf = futureOf
        demandPerDay = map.demandPerDay
        availableSeconds = map.availableSecondsPerDay
        nextSticker = map.nextStickerID
        createdAt = map.created.timeIntervalSince1970
        updatedAt = map.updated.timeIntervalSince1970
    }

    init(from decoder: any Decoder) throws {
        let row = try decoder.container(keyedBy: CodingKeys.self)
        id = try row.decodeIfPresent(Int64.self, forKey: .id)
        name = try row.decode(String.self, forKey: .name)
        description = try row.decode(String.self, forKey: .description)
        state = MapState(rawValue: try row.decode(String.self, forKey: .state)) ?? .current
        futureOf = try row.decodeIfPresent(Int64.self, forKey: .futureOf)
        demandPerDay = try row.decodeIfPresent(Double.self, forKey: .demandPerDay)
        availableSeconds = try row.decodeIfPresent(Double.self, forKey: .availableSeconds)
        nextSticker = try row.decode(Int.self, forKey: .nextSticker)
        createdAt = try row.decode(Double.self, forKey: .createdAt)
        updatedAt = try row.decode(Double.self, forKey: .updatedAt)
    }

    func encode(to encoder: any Encoder) throws {
        var row = encoder.container(keyedBy: CodingKeys.self)
        try row.encodeIfPresent(id, forKey: .id)
        try row.encode(name, forKey: .name)
        try row.encode(description, forKey: .description)
        try row.encode(state.rawValue, forKey: .state)
        try row.encodeIfPresent(futureOf, forKey: .futureOf)
        try row.encodeIfPresent(demandPerDay, forKey: .demandPerDay)
        try row.encodeIfPresent(availableSeconds, forKey: .availableSeconds)
        try row.encode(nextSticker, forKey: .nextSticker)
        try row.encode(createdAt, forKey: .createdAt)
        try row.encode(updatedAt, forKey: .updatedAt)
    }

    /// The map of this row with its sections, naming the map it improves by `futureName`.
    func map(futureName: String?, sections: [MapSection]) -> ValueStreamMap {
        ValueStreamMap(
            name: name, description: description, state: state, futureOf: futureName, demandPerDay: demandPerDay,
            availableSecondsPerDay: availableSeconds, sections: sections,
            created: Date(timeIntervalSince1970: createdAt), updated: Date(timeIntervalSince1970: updatedAt),
            nextStickerID: nextSticker)
    }
}
