import Foundation
import GRDB
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
            try db.execute(
                sql: """
                    INSERT INTO vsm_map (name, description, state, future_of, demand_per_day, available_s,
                        next_sticker, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    map.name, map.description, map.state.rawValue, futureOf, map.demandPerDay,
                    map.availableSecondsPerDay, map.nextStickerID, map.created.timeIntervalSince1970,
                    map.updated.timeIntervalSince1970,
                ])
            try Self.writeContents(map, id: db.lastInsertedRowID, db)
        }
    }

    /// The map named (any case).
    public func valueStreamMap(named name: String) throws -> ValueStreamMap {
        try read("map") { db in try Self.loadMap(try Self.requireMapID(name, db), db) }
    }

    /// Every map, the last saved first.
    public func valueStreamMaps() throws -> [ValueStreamMapSummary] {
        try read("maps") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT m.name, m.state, f.name AS future_of, m.created_at, m.updated_at,
                        (SELECT count(*) FROM vsm_section s WHERE s.map_id = m.id) AS sections,
                        (SELECT count(*) FROM vsm_sticker k WHERE k.map_id = m.id) AS stickers
                    FROM vsm_map m LEFT JOIN vsm_map f ON f.id = m.future_of
                    ORDER BY m.updated_at DESC, m.id DESC
                    """
            ).map { row in
                ValueStreamMapSummary(
                    name: row["name"], state: MapState(rawValue: row["state"]) ?? .current, futureOf: row["future_of"],
                    sections: row["sections"], stickers: row["stickers"],
                    created: Date(timeIntervalSince1970: row["created_at"]),
                    updated: Date(timeIntervalSince1970: row["updated_at"]))
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
            try db.execute(
                sql: """
                    UPDATE vsm_map SET name = ?, description = ?, state = ?, future_of = ?, demand_per_day = ?,
                        available_s = ?, next_sticker = ?, updated_at = ? WHERE id = ?
                    """,
                arguments: [
                    map.name, map.description, map.state.rawValue, futureOf, map.demandPerDay,
                    map.availableSecondsPerDay, map.nextStickerID, map.updated.timeIntervalSince1970, id,
                ])
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
            try Row.fetchAll(
                db,
                sql: """
                    SELECT m.name AS map, s.name AS section, k.* FROM vsm_sticker k
                    JOIN vsm_map m ON m.id = k.map_id
                    JOIN vsm_section s ON s.map_id = k.map_id AND s.position = k.section_position
                    ORDER BY m.updated_at DESC, m.id DESC, k.section_position, k.position
                    """
            ).compactMap { row -> StickerMatch? in
                let sticker = Self.sticker(row)
                guard SearchText.contains(sticker.text, text) else { return nil }
                return StickerMatch(map: row["map"], section: row["section"], sticker: sticker)
            }
        }
        return (maps, stickers)
    }

    // MARK: Rows

    static func mapID(_ name: String, _ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT id FROM vsm_map WHERE name = ?", arguments: [name])
    }

    static func requireMapID(_ name: String, _ db: Database) throws -> Int64 {
        guard let id = try mapID(name, db) else {
            throw StoreError(.notFound, operation: "map", detail: "there is no map named \"\(name)\"")
        }
        return id
    }

    static func loadMap(_ id: Int64, _ db: Database) throws -> ValueStreamMap {
        guard
            let row = try Row.fetchOne(
                db,
                sql: "SELECT m.*, f.name AS future_name FROM vsm_map m LEFT JOIN vsm_map f ON f.id = m.future_of "
                    + "WHERE m.id = ?", arguments: [id])
        else { throw StoreError(.notFound, operation: "map", detail: "there is no map \(id)") }
        var sections = try Row.fetchAll(
            db, sql: "SELECT name FROM vsm_section WHERE map_id = ? ORDER BY position", arguments: [id]
        ).map { MapSection(name: $0["name"]) }
        for sticker in try Row.fetchAll(
            db, sql: "SELECT * FROM vsm_sticker WHERE map_id = ? ORDER BY section_position, position", arguments: [id])
        {
            let section: Int = sticker["section_position"]
            sections[section].stickers.append(Self.sticker(sticker))
        }
        return ValueStreamMap(
            name: row["name"], description: row["description"], state: MapState(rawValue: row["state"]) ?? .current,
            futureOf: row["future_name"], demandPerDay: row["demand_per_day"],
            availableSecondsPerDay: row["available_s"], sections: sections,
            created: Date(timeIntervalSince1970: row["created_at"]),
            updated: Date(timeIntervalSince1970: row["updated_at"]), nextStickerID: row["next_sticker"])
    }

    static func sticker(_ row: Row) -> Sticker {
        Sticker(
            id: row["number"], text: row["text"], kind: StickerKind(rawValue: row["kind"]) ?? .waste,
            style: StickerStyle(
                background: (row["background"] as String?).flatMap(Colour.init(parsing:)), font: row["font"],
                size: row["size"]),
            processSeconds: row["process_s"], waitSeconds: row["wait_s"], ca: row["ca"], inventory: row["inventory"])
    }

    static func writeContents(_ map: ValueStreamMap, id: Int64, _ db: Database) throws {
        for (s, section) in map.sections.enumerated() {
            try db.execute(
                sql: "INSERT INTO vsm_section (map_id, position, name) VALUES (?, ?, ?)",
                arguments: [id, s, section.name])
            for (k, sticker) in section.stickers.enumerated() {
                try db.execute(
                    sql: """
                        INSERT INTO vsm_sticker (map_id, number, section_position, position, text, kind, background,
                            font, size, process_s, wait_s, ca, inventory) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        id, sticker.id, s, k, sticker.text, sticker.kind.rawValue,
                        sticker.style.background?.description, sticker.style.font, sticker.style.size,
                        sticker.processSeconds, sticker.waitSeconds, sticker.ca, sticker.inventory,
                    ])
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

    func valueStreamWrite<T>(_ operation: String, _ updates: (Database) throws -> T) throws -> T {
        try write(operation, updates)
    }
}
