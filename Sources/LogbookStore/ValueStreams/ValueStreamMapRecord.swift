import Foundation
import GRDB
import ValueStreams

/// A row of `vsm_map`: a map's own fields. Its sections and stickers are rows of their own tables; the map it
/// improves is referred to by row.
struct ValueStreamMapRecord: FetchableRecord, PersistableRecord, Sendable, Hashable {
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

    enum Columns {
        static let id = Column("id")
        static let name = Column("name")
        static let description = Column("description")
        static let state = Column("state")
        static let futureOf = Column("future_of")
        static let demandPerDay = Column("demand_per_day")
        static let availableSeconds = Column("available_s")
        static let nextSticker = Column("next_sticker")
        static let createdAt = Column("created_at")
        static let updatedAt = Column("updated_at")
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

    init(row: SQLRow) throws {
        id = row[Columns.id]
        name = row[Columns.name]
        description = row[Columns.description]
        state = MapState(rawValue: row[Columns.state]) ?? .current
        futureOf = row[Columns.futureOf]
        demandPerDay = row[Columns.demandPerDay]
        availableSeconds = row[Columns.availableSeconds]
        nextSticker = row[Columns.nextSticker]
        createdAt = row[Columns.createdAt]
        updatedAt = row[Columns.updatedAt]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id
        container[Columns.name] = name
        container[Columns.description] = description
        container[Columns.state] = state.rawValue
        container[Columns.futureOf] = futureOf
        container[Columns.demandPerDay] = demandPerDay
        container[Columns.availableSeconds] = availableSeconds
        container[Columns.nextSticker] = nextSticker
        container[Columns.createdAt] = createdAt
        container[Columns.updatedAt] = updatedAt
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
