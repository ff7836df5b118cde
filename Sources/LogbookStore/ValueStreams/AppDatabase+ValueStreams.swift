import Foundation
import TrackModel
public import ValueStreams

/// A map in the list: what `vsm list` shows.
public struct ValueStreamMapSummary: Sendable, Hashable {
    public var name: String
    public var state: MapState
    public var futureOf: String?
    public var sections: Int
    public var stickers: Int
    public var created: Date
    public var updated: Date
}

/// A sticker found by `vsm search`, with where it is.
public struct StickerMatch: Sendable, Hashable {
    public var map: String
    public var section: String
    public var sticker: Sticker
}

extension AppDatabase {
    /// Stores a new map; a name taken (in any case) is refused.
    public func createValueStreamMap(_ map: ValueStreamMap) throws {
        try valueStreamWrite("createMap") { db in
            try Self.refuseInvalid(map)
            if try Self.mapID(map.name, db) != nil {
                throw StoreError(.refused, operation: "createMap", detail: "a map named \"\(map.name)\" exists already")
            }
            let futureOf = try map.futureOf.map { try Self.requireMapID($0, db) }
            let id = try ValueStreamMapRecord(map, futureOf: futureOf).insertReturningID(db)
            try Self.writeContents(map, id: id, db)
        }
    }

    /// The map named (any case).
    public func valueStreamMap(named name: String) throws -> ValueStreamMap {
        try read("map") { db in try Self.loadMap(try Self.requireMapID(name, db), db) }
    }

    /// Every map, the last saved first.
    public func valueStreamMaps() throws -> [ValueStreamMapSummary] {
        try read("maps") { db in
            try SQLRow.fetchAll(
                db,
                sql: """
                    SELECT m.*, f.name AS future_name,
                        (SELECT count(*) FROM vsm_section s WHERE s.map_id = m.id) AS sections,
                        (SELECT count(*) FROM vsm_sticker k WHERE k.map_id = m.id) AS stickers
                    FROM vsm_map m LEFT JOIN vsm_map f ON f.id = m.future_of
                    ORDER BY m.updated_at DESC, m.id DESC
                    """
            ).map { row in
                let record = try ValueStreamMapRecord(row: row)
                return ValueStreamMapSummary(
                    name: record.name, state: record.state, futureOf: try row["future_name"],
                    sections: try row["sections"],
                    stickers: try row["stickers"], created: Date(timeIntervalSince1970: record.createdAt),
                    updated: Date(timeIntervalSince1970: record.updatedAt))
            }
        }
    }

    /// Loads the map named, lets `change` edit it, and saves it in the same transaction with a new `updated`
    /// time; returns the saved map. A rule the change breaks is refused and nothing is saved.
    @discardableResult
    public func updateValueStreamMap(
        named name: String, _ change: (inout ValueStreamMap) throws(ValueStreamError) -> Void
    ) throws -> ValueStreamMap {
        let now = clock().secondsSince1970.rounded(.down)
        return try valueStreamWrite("updateMap") { db in
            let id = try Self.requireMapID(name, db)
            var map = try Self.loadMap(id, db)
            let before = map
            do throws(ValueStreamError) {
                try change(&map)
            } catch {
                throw Self.storeError(error, operation: "updateMap")
            }
            guard map != before else { return map }
            map.updated = Date(timeIntervalSince1970: max(now, map.created.timeIntervalSince1970))
            try Self.refuseInvalid(map)
            if map.name.caseInsensitiveCompare(before.name) != .orderedSame, try Self.mapID(map.name, db) != nil {
                throw StoreError(.refused, operation: "renameMap", detail: "a map named \"\(map.name)\" exists already")
            }
            let futureOf = try map.futureOf.map { try Self.requireMapID($0, db) }
            // The creation time stays the stored one, whatever the change did to it.
            var record = ValueStreamMapRecord(map, id: id, futureOf: futureOf)
            record.createdAt = before.created.timeIntervalSince1970
            try record.update(db)
            try db.execute(sql: "DELETE FROM vsm_sticker WHERE map_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM vsm_section WHERE map_id = ?", arguments: [id])
            try Self.writeContents(map, id: id, db)
            return map
        }
    }

    /// Deletes the map; a future map that improved it keeps its stickers and loses the link.
    public func deleteValueStreamMap(named name: String) throws {
        try valueStreamWrite("deleteMap") { db in
            let id = try Self.requireMapID(name, db)
            try db.execute(sql: "DELETE FROM vsm_map WHERE id = ?", arguments: [id])
        }
    }

    /// Maps whose name holds `text`, and stickers whose text does, across all maps: any case, any accents.
    public func searchValueStreams(_ text: String) throws -> (maps: [ValueStreamMapSummary], stickers: [StickerMatch]) {
        let maps = try valueStreamMaps().filter { SearchText.contains($0.name, text) }
        let stickers = try read("searchStickers") { db in
            try SQLRow.fetchAll(
                db,
                sql: """
                    SELECT m.name AS map, s.name AS section, k.* FROM vsm_sticker k
                    JOIN vsm_map m ON m.id = k.map_id
                    JOIN vsm_section s ON s.map_id = k.map_id AND s.position = k.section_position
                    ORDER BY m.updated_at DESC, m.id DESC, k.section_position, k.position
                    """
            ).compactMap { row -> StickerMatch? in
                let sticker = try ValueStreamStickerRecord(row: row).sticker
                guard SearchText.contains(sticker.text, text) else { return nil }
                return StickerMatch(map: try row["map"], section: try row["section"], sticker: sticker)
            }
        }
        return (maps, stickers)
    }

    // MARK: Rows

    static func mapID(_ name: String, _ db: any SQLSession) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT id FROM vsm_map WHERE \(db.dialect.sameName("name"))", arguments: [name])
    }

    static func requireMapID(_ name: String, _ db: any SQLSession) throws -> Int64 {
        guard let id = try mapID(name, db) else {
            throw StoreError(.notFound, operation: "map", detail: "there is no map named \"\(name)\"")
        }
        return id
    }

    static func mapRecord(_ id: Int64, _ db: any SQLSession) throws -> ValueStreamMapRecord {
        guard let record = try ValueStreamMapRecord.fetchOne(db, where: "id = ?", [id]) else {
            throw StoreError(.notFound, operation: "map", detail: "there is no map \(id)")
        }
        return record
    }

    static func loadMap(_ id: Int64, _ db: any SQLSession) throws -> ValueStreamMap {
        let record = try mapRecord(id, db)
        let futureName = try record.futureOf.flatMap {
            try String.fetchOne(db, sql: "SELECT name FROM vsm_map WHERE id = ?", arguments: [$0])
        }
        var sections = try ValueStreamSectionRecord.fetchAll(db, where: "map_id = ?", [id], orderBy: "position")
            .map { MapSection(name: $0.name) }
        let stickers = try ValueStreamStickerRecord.fetchAll(
            db, where: "map_id = ?", [id], orderBy: "section_position, position")
        for row in stickers {
            sections[row.sectionPosition].stickers.append(row.sticker)
        }
        return record.map(futureName: futureName, sections: sections)
    }

    static func writeContents(_ map: ValueStreamMap, id: Int64, _ db: any SQLSession) throws {
        for (s, section) in map.sections.enumerated() {
            try ValueStreamSectionRecord(mapID: id, position: s, name: section.name).insert(db)
            for (k, sticker) in section.stickers.enumerated() {
                try ValueStreamStickerRecord(mapID: id, sectionPosition: s, position: k, sticker: sticker).insert(db)
            }
        }
    }

    static func refuseInvalid(_ map: ValueStreamMap) throws {
        do throws(ValueStreamError) {
            try map.validate()
        } catch {
            throw storeError(error, operation: "map")
        }
    }

    static func storeError(_ error: ValueStreamError, operation: String) -> StoreError {
        StoreError(error.code == .notFound ? .notFound : .refused, operation: operation, detail: error.description)
    }

    func valueStreamWrite<T>(_ operation: String, _ updates: (any SQLSession) throws -> T) throws -> T {
        try write(operation, updates)
    }
}
