import Foundation
import GRDB
import LogbookStore
import Testing
import ValueStreams

@Suite("Value-stream maps in the store: round trip, names, links, the schema's rules")
struct ValueStreamStoreTests {
    static let day = Date(timeIntervalSince1970: 1_795_000_000)

    /// Two sections, four stickers with every field used once.
    static func map(_ name: String = "Order to cash") throws -> ValueStreamMap {
        var map = ValueStreamMap(
            name: name, description: "From order to payment", demandPerDay: 40,
            availableSecondsPerDay: 27_000, created: day)
        try map.addSection("Sales")
        try map.addSticker(
            Sticker(id: 0, text: "Take order", kind: .value, processSeconds: 300, waitSeconds: 3_600, ca: 95))
        try map.addSticker(
            Sticker(
                id: 0, text: "Check crédit", kind: .auxiliary,
                style: StickerStyle(background: Colour(parsing: "#ffeb3b"), font: "DejaVu Serif", size: 14),
                processSeconds: 600, waitSeconds: 7_200, inventory: 12))
        try map.addSection("Warehouse")
        try map.addSticker(
            Sticker(id: 0, text: "Pick goods", kind: .value, processSeconds: 1_200, waitSeconds: 86_400, ca: 90))
        try map.addSticker(Sticker(id: 0, text: "Search pallet", kind: .waste, processSeconds: 900))
        return map
    }

    @Test(
        "a map comes back as it was stored; a change is saved whole with a new time", arguments: DatabaseKind.allCases)
    func roundTrip(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let db = test.database
        let map = try Self.map()
        try db.createValueStreamMap(map)
        #expect(try db.valueStreamMap(named: "order TO cash") == map)
        let moved = try db.updateValueStreamMap(named: "Order to cash") { m throws(ValueStreamError) in
            try m.moveSticker(4, to: 1, section: "Sales")
            try m.removeSticker(1)
        }
        let stored = try db.valueStreamMap(named: "Order to cash")
        #expect(stored == moved)
        #expect(stored.sections.map { $0.stickers.map(\.id) } == [[4, 2], [3]])
        #expect(stored.nextStickerID == 5, "numbers are never given again")
        #expect(stored.updated > map.updated)
        // A refused operation saves nothing.
        #expect(throws: StoreError.self) {
            try db.updateValueStreamMap(named: "Order to cash") { m throws(ValueStreamError) in
                try m.removeSticker(2)
                try m.moveSticker(3, to: 9)
            }
        }
        #expect(try db.valueStreamMap(named: "Order to cash") == stored)
    }

    @Test("names are unique in any case; a future map's link follows a rename and goes with a delete")
    func namesAndLinks() throws {
        let test = try DatabaseKind.walPool.make()
        defer { test.remove() }
        let db = test.database
        try db.createValueStreamMap(try Self.map())
        #expect(throws: StoreError.self) { try db.createValueStreamMap(try Self.map("ORDER TO CASH")) }
        var future = try Self.map("Order to cash 2027")
        future.state = .future
        future.futureOf = "order to cash"
        try db.createValueStreamMap(future)
        #expect(try db.valueStreamMap(named: "Order to cash 2027").futureOf == "Order to cash")
        try db.updateValueStreamMap(named: "Order to cash") { m throws(ValueStreamError) in m.name = "O2C" }
        #expect(try db.valueStreamMap(named: "Order to cash 2027").futureOf == "O2C")
        #expect(throws: StoreError.self) {
            try db.updateValueStreamMap(named: "O2C") { m throws(ValueStreamError) in m.name = "order to cash 2027" }
        }
        try db.deleteValueStreamMap(named: "o2c")
        #expect(try db.valueStreamMap(named: "Order to cash 2027").futureOf == nil)
        #expect(try db.valueStreamMaps().map(\.name) == ["Order to cash 2027"])
        #expect(throws: StoreError.self) { try db.valueStreamMap(named: "O2C") }
    }

    @Test("the schema refuses what the model refuses, written past the store in SQL")
    func schemaRules() throws {
        let test = try DatabaseKind.diskQueue.make()
        defer { test.remove() }
        try test.database.createValueStreamMap(try Self.map())
        for sql in [
            "UPDATE vsm_sticker SET ca = 101 WHERE number = 1",
            "UPDATE vsm_sticker SET kind = 'great' WHERE number = 1",
            "UPDATE vsm_sticker SET background = 'yellow' WHERE number = 1",
            "UPDATE vsm_sticker SET process_s = -1 WHERE number = 1",
            "UPDATE vsm_sticker SET size = 60 WHERE number = 1",
            "UPDATE vsm_map SET next_sticker = 2",
            "INSERT INTO vsm_sticker (map_id, number, section_position, position, text, kind, font, size, process_s,"
                + " wait_s) VALUES (1, 5, 0, 9, 'x', 'value', 'DejaVu Sans', 12, 0, 0)",
            "INSERT INTO vsm_section (map_id, position, name) VALUES (1, 5, 'SALES')",
            "UPDATE vsm_map SET future_of = id",
        ] {
            #expect(throws: DatabaseError.self, "\(sql)") { try test.writer.write { try $0.execute(sql: sql) } }
        }
    }

    @Test("search finds maps by name and stickers by text in any case and with any accents")
    func search() throws {
        let test = try DatabaseKind.memory.make()
        defer { test.remove() }
        let db = test.database
        try db.createValueStreamMap(try Self.map())
        try db.createValueStreamMap(try Self.map("Crédit check"))
        let found = try db.searchValueStreams("CREDIT")
        #expect(found.maps.map(\.name) == ["Crédit check"])
        #expect(found.stickers.map(\.map).sorted() == ["Crédit check", "Order to cash"])
        #expect(found.stickers.allSatisfy { $0.sticker.text == "Check crédit" && $0.section == "Sales" })
        #expect(try db.searchValueStreams("pallet").stickers.count == 2)
        #expect(try db.searchValueStreams("nothing like it").stickers.isEmpty)
    }
}
