import Foundation
import LogbookServices
import LogbookStore
import Testing
import ValueStreams

/// The value-stream maps' use cases on a real SQLite log on disk: what they store (read back from the store
/// itself), the measures in their views (worked out by hand), and what they refuse — with the kind, the neutral
/// field and the command line's status the edges map.
@Suite struct ValueStreamServiceTests {
    /// A log in a fresh directory, opened as `logbook` opens it (WAL, migrations).
    struct Log {
        let directory: URL
        let database: AppDatabase

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("vsm-services-\(UUID())")
            database = try AppDatabase.open(path: directory.appendingPathComponent("logbook.sqlite").path)
        }

        func service(_ caller: Caller = .terminal, editing: Bool = false) throws -> ValueStreamService {
            try ValueStreamService(
                ServiceContext(database: database, caller: caller, clock: LocalClock(identifier: "UTC")),
                editing: editing)
        }

        func user(_ name: String, _ role: UserRole) throws -> Caller {
            .user(try database.addUser(name: name, role: role, vehicles: [], passwordHash: nil))
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    /// The JSON of a view as an object.
    static func object(_ view: some Encodable) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: ServiceJSON.encode(view)) as? [String: Any])
    }

    /// The error `body` throws, as the edges see it.
    static func failure(_ body: () throws -> Void) -> ServiceError? {
        do {
            try body()
            return nil
        } catch {
            return ServiceError.from(error)
        }
    }

    /// Order to cash: Sales (Take order 5m after 1h, %C&A 95; Check credit 10m after 2h, auxiliary), Warehouse
    /// (Pick goods 20m after 1d, %C&A 90; Search pallet 15m, waste), 40 orders a day in 7h30m.
    static func orderToCash(_ service: ValueStreamService) throws {
        _ = try service.create(
            ValueStreamMapInput(
                name: "Order to cash", demandPerDay: 40, availableTime: ValueStreamDuration(text: "7h30m")))
        try service.addSection(map: "Order to cash", ValueStreamSectionInput(name: "Sales"))
        try service.addSection(map: "order TO cash", ValueStreamSectionInput(name: "Warehouse"))
        for (text, kind, section, process, wait, ca) in [
            ("Take order", StickerKind.value, "sales", "5m", "1h", 95.0 as Double?),
            ("Check crédit", .auxiliary, "Sales", "10m", "2h", nil),
            ("Pick goods", .value, "Warehouse", "20m", "1d", 90),
            ("Search pallet", .waste, nil, "15m", "0s", nil),
        ] {
            _ = try service.addSticker(
                map: "Order to cash",
                ValueStreamStickerInput(
                    text: text, kind: kind, processTime: ValueStreamDuration(text: process),
                    waitTime: ValueStreamDuration(text: wait), ca: ca, section: section))
        }
    }

    @Test("a map built through the use cases is stored as built, and its view carries the measures")
    func lifecycle() throws {
        let log = try Log()
        defer { log.remove() }
        let service = try log.service()
        try Self.orderToCash(service)

        let stored = try log.database.valueStreamMap(named: "Order to cash")
        #expect(stored.sections.map(\.name) == ["Sales", "Warehouse"])
        #expect(
            stored.sections.map { $0.stickers.map(\.text) } == [
                ["Take order", "Check crédit"], ["Pick goods", "Search pallet"],
            ])
        #expect(stored.stickers.map(\.id) == [1, 2, 3, 4])
        #expect(stored.demandPerDay == 40 && stored.availableSecondsPerDay == 27_000)

        let shown = try Self.object(try service.map(named: "ORDER to cash"))
        #expect(shown["format"] as? String == "logbook-value-stream-map" && shown["name"] as? String == "Order to cash")
        let m = try #require(shown["measures"] as? [String: Any])
        // Process 5 + 10 + 20 + 15 min = 3000 s; waiting 1 h + 2 h + 1 d = 97 200 s; lead time 100 200 s.
        #expect(m["process_time_s"] as? Int == 3_000 && m["waiting_s"] as? Int == 97_200)
        #expect(m["lead_time_s"] as? Int == 100_200)
        // Value-added 5 + 20 min = 1500 s; PCE 1500 / 100 200; rolled %C&A 0.95 × 0.90; takt 27 000 / 40 = 675 s.
        #expect(m["value_added_s"] as? Int == 1_500)
        #expect(abs((m["pce"] as? Double ?? 0) - 1_500.0 / 100_200.0) < 1e-6)
        #expect(abs((m["rolled_ca"] as? Double ?? 0) - 0.855) < 1e-9)
        #expect(m["takt_s"] as? Int == 675)
        // A value the map has not got is null, not left out.
        #expect(shown["future_of"] is NSNull)

        // The list: one row, lead time in whole seconds, PCE to 3 decimals (0.01497… → 0.015).
        let list = try service.list()
        let row = try Self.object(try #require(list.first))
        #expect(list.count == 1 && row["name"] as? String == "Order to cash")
        #expect(row["lead_time_s"] as? Int == 100_200 && row["pce"] as? Double == 0.015)
        #expect(row["sections"] as? Int == 2 && row["stickers"] as? Int == 4 && row["future_of"] is NSNull)

        // A future state: the copy keeps the numbers; without the waste sticker its lead time is 900 s shorter.
        let future = try service.duplicate(
            named: "Order to cash", ValueStreamDuplicateInput(name: "Order to cash 2027", future: true))
        #expect(future.map.futureOf == "Order to cash" && future.map.stickers.map(\.id) == [1, 2, 3, 4])
        try service.removeSticker(map: "Order to cash 2027", "search PALLET")
        let comparison = try #require(
            try Self.object(try service.map(named: "Order to cash 2027"))["comparison"] as? [String: Any])
        #expect(comparison["lead_time_change_s"] as? Int == -900)
        #expect(comparison["waste_removed_count"] as? Int == 1 && comparison["waste_removed_s"] as? Int == 900)

        try service.delete(named: "order to cash")
        #expect(try log.database.valueStreamMaps().map(\.name) == ["Order to cash 2027"])
        #expect(try log.database.valueStreamMap(named: "Order to cash 2027").futureOf == nil)
    }

    @Test("stickers: added where asked, found by number or text, edited, moved between sections, cleared")
    func stickers() throws {
        let log = try Log()
        defer { log.remove() }
        let service = try log.service()
        try Self.orderToCash(service)

        let label = try service.addSticker(
            map: "Order to cash",
            ValueStreamStickerInput(
                text: "Print label", kind: .auxiliary, background: Colour(parsing: "#ffeb3b"), size: 14,
                section: "warehouse", position: 1))
        #expect(label.sticker.id == 5 && label.section == "Warehouse" && label.position == 1)
        let labelJSON = try Self.object(label)
        #expect(labelJSON["background"] as? String == "#ffeb3b" && labelJSON["map"] as? String == "Order to cash")
        #expect(labelJSON["section"] as? String == "Warehouse" && labelJSON["position"] as? Int == 1)

        let moved = try service.moveSticker(
            map: "Order to cash", "#1", ValueStreamStickerMove(position: 2, section: "Warehouse"))
        #expect(moved.section == "Warehouse" && moved.position == 2)
        let edited = try service.editSticker(
            map: "Order to cash", "check CREDIT",
            ValueStreamStickerChange(kind: .waste, waitTime: ValueStreamDuration(seconds: 60), ca: .some(80)))
        #expect(edited.sticker.id == 2 && edited.sticker.kind == .waste && edited.sticker.ca == 80)
        // null clears %C&A and the background; a field left out stays.
        let cleared = try service.editSticker(
            map: "Order to cash", "5", ValueStreamStickerChange(background: .some(nil), ca: .some(nil)))
        #expect(cleared.sticker.style.background == nil && cleared.sticker.style.size == 14)

        let stored = try log.database.valueStreamMap(named: "Order to cash")
        #expect(stored.sections.map { $0.stickers.map(\.id) } == [[2], [5, 1, 3, 4]])
        #expect(stored.stickers.first { $0.id == 2 }?.waitSeconds == 60)
        // A removed number is never given again.
        try service.removeSticker(map: "Order to cash", "5")
        let next = try service.addSticker(map: "Order to cash", ValueStreamStickerInput(text: "Ship", kind: .value))
        #expect(next.sticker.id == 6 && next.section == "Warehouse" && next.position == 4)
    }

    @Test("refusals name the input's field neutrally, with the kind and the command line's status")
    func refusals() throws {
        let log = try Log()
        defer { log.remove() }
        let service = try log.service()
        try Self.orderToCash(service)
        let before = try log.database.valueStreamMap(named: "Order to cash")

        func expect(
            _ kind: ServiceError.Kind, _ field: String?, _ status: Int32, _ words: String,
            sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
        ) {
            let error = Self.failure(body)
            #expect(error?.kind == kind, "\(String(describing: error))", sourceLocation: sourceLocation)
            #expect(error?.field == field, "\(String(describing: error))", sourceLocation: sourceLocation)
            #expect(error?.exitStatus == status, "\(String(describing: error))", sourceLocation: sourceLocation)
            #expect(
                error?.message.contains(words) == true, "\(String(describing: error))", sourceLocation: sourceLocation)
        }
        // A section the input names that the map lacks: a value out of its rules (422), 65 on the command line.
        expect(.invalid, "section", 65, "no such section (the map has Sales, Warehouse)") {
            _ = try service.addSticker(
                map: "Order to cash", ValueStreamStickerInput(text: "X", kind: .value, section: "Bar"))
        }
        expect(.refused, "position", 65, "position 9 is not between 1 and 2") {
            _ = try service.moveSticker(map: "Order to cash", "1", ValueStreamStickerMove(position: 9))
        }
        expect(.refused, "position", 65, "position 4 is not between 1 and 3") {
            _ = try service.addSection(map: "Order to cash", ValueStreamSectionInput(name: "Late", position: 4))
        }
        // A section there twice is refused about the section named, which is no field.
        expect(.refused, nil, 65, "sales: the map has this section already") {
            _ = try service.addSection(map: "Order to cash", ValueStreamSectionInput(name: "sales"))
        }
        // The section's name is the input's `name`.
        expect(.invalid, "name", 64, "needs 1 to 120 characters") {
            _ = try service.changeSection(map: "Order to cash", section: "Sales", ValueStreamSectionChange(name: " "))
        }
        expect(.notFound, nil, 65, "Nothing: no sticker has this number or text") {
            try service.removeSticker(map: "Order to cash", "Nothing")
        }
        expect(.invalid, "ca", 64, "must be 0 to 100") {
            _ = try service.editSticker(map: "Order to cash", "1", ValueStreamStickerChange(ca: .some(120)))
        }
        expect(.invalid, "process_s", 64, "must be 0 to 10 years") {
            _ = try service.editSticker(
                map: "Order to cash", "1", ValueStreamStickerChange(processTime: ValueStreamDuration(seconds: -5)))
        }
        expect(.invalid, "demand_per_day", 64, "must be 0.001") {
            _ = try service.change(named: "Order to cash", ValueStreamMapChange(demandPerDay: .some(0)))
        }
        expect(.invalid, "future_of", 65, "there is no map named \"Nowhere\"") {
            _ = try service.change(named: "Order to cash", ValueStreamMapChange(futureOf: .some("Nowhere")))
        }
        expect(.invalid, "future_of", 64, "cannot improve itself") {
            _ = try service.change(named: "Order to cash", ValueStreamMapChange(futureOf: .some("order to cash")))
        }
        expect(.invalid, "name", 64, "a slash is not allowed") {
            _ = try service.create(ValueStreamMapInput(name: "a/b"))
        }
        expect(.refused, nil, 65, "exists already") {
            _ = try service.create(ValueStreamMapInput(name: "ORDER TO CASH"))
        }
        expect(.notFound, nil, 65, "there is no map named \"Nowhere\"") {
            _ = try service.map(named: "Nowhere")
        }
        expect(.invalid, "q", 64, "1 to 200 characters") {
            _ = try service.search(ValueStreamSearchInput(q: "  "))
        }
        // Nothing above changed the map.
        #expect(try log.database.valueStreamMap(named: "Order to cash") == before)

        _ = try service.duplicate(named: "Order to cash", ValueStreamDuplicateInput(name: "Future", future: true))
        expect(.refused, "future", 64, "is a future state itself") {
            _ = try service.duplicate(named: "Future", ValueStreamDuplicateInput(name: "Future 2", future: true))
        }
        expect(.invalid, "future_of", 64, "Future is a future state itself; name a current map") {
            _ = try service.create(ValueStreamMapInput(name: "Other", futureOf: "future"))
        }
        #expect(try log.database.valueStreamMaps().map(\.name).sorted() == ["Future", "Order to cash"])
    }

    @Test("who may: readers read, only editors change (nothing changed), drivers and crew have no maps")
    func access() throws {
        let log = try Log()
        defer { log.remove() }
        try Self.orderToCash(try log.service())
        let before = try log.database.valueStreamMap(named: "Order to cash")

        for (name, role) in [("dora", UserRole.driver), ("cole", .crew)] {
            let caller = try log.user(name, role)
            #expect(!ValueStreamAccess(caller).mayRead)
            #expect(Self.failure { _ = try log.service(caller) }?.kind == .forbidden)
        }
        for (name, role) in [("carl", UserRole.accountant), ("sam", .shiftManager)] {
            let reader = try log.service(try log.user(name, role))
            #expect(try reader.map(named: "Order to cash").map == before)
            #expect(try reader.search(ValueStreamSearchInput(q: "CREDIT")).stickers.map(\.sticker.id) == [2])
            #expect(Self.failure { _ = try log.service(reader.context.caller, editing: true) }?.kind == .forbidden)
            let refused = Self.failure { try reader.removeSticker(map: "Order to cash", "1") }
            #expect(refused?.kind == .forbidden && refused?.exitStatus == 77)
            #expect(Self.failure { try reader.delete(named: "Order to cash") }?.kind == .forbidden)
        }
        #expect(try log.database.valueStreamMap(named: "Order to cash") == before)

        let rita = try log.service(try log.user("rita", .restaurantManager), editing: true)
        try rita.removeSticker(map: "Order to cash", "1")
        #expect(try log.database.valueStreamMap(named: "Order to cash").stickers.map(\.id) == [2, 3, 4])
    }

    @Test("export, import under another name, refuse it again, replace it keeping its creation date")
    func importExport() throws {
        let log = try Log()
        defer { log.remove() }
        let service = try log.service()
        try Self.orderToCash(service)
        let original = try log.database.valueStreamMap(named: "Order to cash")
        let export = try service.export(named: "Order to cash")
        #expect(export.json.last == 0x0A)

        let document = try ValueStreamService.document(export.json)
        #expect(document == original)
        let copy = try service.importMap(document, ValueStreamImportInput(name: "Copy"))
        #expect(!copy.replaced && copy.view.map.stickers == original.stickers)
        let taken = Self.failure { _ = try service.importMap(document, ValueStreamImportInput(name: "copy")) }
        #expect(taken?.kind == .refused && taken?.exitStatus == 64)

        // The show document (measures and all) imports too; replacing keeps the stored creation date.
        try log.database.updateValueStreamMap(named: "Copy") { map throws(ValueStreamError) in
            try map.removeSticker(1)
        }
        let created = try log.database.valueStreamMap(named: "Copy").created
        let shown = try ServiceJSON.encode(try service.map(named: "Order to cash"), pretty: true)
        var changed = try ValueStreamService.document(shown)
        changed.created = Date(timeIntervalSince1970: 0)
        let replaced = try service.importMap(changed, ValueStreamImportInput(name: "Copy", replace: true))
        #expect(replaced.replaced)
        let stored = try log.database.valueStreamMap(named: "Copy")
        #expect(stored.stickers == original.stickers && stored.created == created)

        // A document that does not read names its JSON path; on the command line it is bad data (65).
        let typo = Data(#"{"name": "X", "sections": [{"name": "A", "stickers": [{"id": 1, "txt": "t"}]}]}"#.utf8)
        let bad = Self.failure { _ = try ValueStreamService.document(typo) }
        #expect(bad?.kind == .invalid && bad?.field == "sections[0].stickers[0].txt" && bad?.exitStatus == 65)
    }
}
