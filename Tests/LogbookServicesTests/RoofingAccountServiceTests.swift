import CalendarDays
import Foundation
import LogbookServices
import LogbookStore
import LogbookTestSupport
import Roofing
import Testing

/// The account's use cases on a real log on disk: who may do what, submission and versions under the caller's
/// name, the agreed split, the views' JSON, the catalogues and the photos.
@Suite struct RoofingAccountServiceTests {
    typealias Log = RoofingTestLog

    static func object(_ value: some Encodable) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: try ServiceJSON.encode(value)) as? [String: Any])
    }

    @Test("accountants read, only admins change, drivers have no roofing; the terminal may everything")
    func access() throws {
        let log = try Log()
        defer { log.remove() }
        try log.importCatalogue()
        _ = try log.service().createProject(RoofingProjectInput(name: "Villa"))
        let driver = Log.failure { _ = try log.service(Log.user("anna", .driver)) }
        #expect(driver?.kind == .forbidden && driver?.exitStatus == 77)
        let reader = try log.service(Log.user("carl", .accountant))
        #expect(try reader.project(named: "Villa").name == "Villa" && !reader.canEdit)
        let change = Log.failure {
            _ = try reader.addLine(project: "Villa", RoofingLineInput(pos: "20.1", quantity: 1))
        }
        #expect(change?.kind == .forbidden)
        let editing = Log.failure { _ = try log.service(Log.user("carl", .accountant), editing: true) }
        #expect(editing?.kind == .forbidden)
        #expect(try log.service(Log.user("boss", .admin), editing: true).canEdit)
        #expect(try log.service().canEdit)
        #expect(try log.service().project(named: "Villa").lines.isEmpty)
    }

    @Test("submit locks the account as version 1 under the caller's name; a revision becomes version 2")
    func versions() throws {
        let log = try Log()
        defer { log.remove() }
        try log.importCatalogue()
        let boss = try log.service(Log.user("boss", .admin))
        _ = try boss.createProject(RoofingProjectInput(name: "Villa", roofers: ["Ib:10"]))
        _ = try boss.addLine(project: "Villa", RoofingLineInput(pos: "20.1", quantity: 2))
        let submitted = try boss.submit(project: "Villa")
        #expect(submitted.version == 1 && submitted.status == "submitted" && submitted.versions == 1)
        let locked = Log.failure { _ = try boss.addLine(project: "Villa", RoofingLineInput(pos: "20.1", quantity: 1)) }
        #expect(locked?.kind == .refused && locked?.exitStatus == 65)
        let again = Log.failure { _ = try boss.submit(project: "Villa") }
        #expect(again?.kind == .refused)
        let noReason = Log.failure { try boss.revise(project: "Villa", RoofingReviseInput(reason: " ")) }
        #expect(noReason?.field == "reason" && noReason?.kind == .invalid)
        try boss.revise(project: "Villa", RoofingReviseInput(reason: "one more"))
        _ = try boss.editLine(project: "Villa", line: 1, RoofingLineChange(quantity: 3))
        #expect(try boss.submit(project: "Villa").version == 2)
        let history = try log.service().history(project: "Villa")
        #expect(history.map(\.version) == [1, 2] && history.map(\.reason) == ["submitted", "one more"])
        #expect(history.map(\.author) == ["web:boss", "web:boss"])
        // 2 × 250.00 = 500.00, then 3 × 250.00 = 750.00.
        #expect(history.map(\.total) == [Money(minorUnits: 50_000), Money(minorUnits: 75_000)])
        #expect(history[1].changes.contains("total 500.00 → 750.00"))
        #expect(try log.service().settle(project: "Villa") == 3)
        #expect(try log.service().project(named: "Villa").status == "settled")
    }

    @Test("an agreed split is checked at once (65); one that no longer adds up leaves the account unmade")
    func split() throws {
        let log = try Log()
        defer { log.remove() }
        try log.importCatalogue()
        let service = try log.service()
        _ = try service.createProject(RoofingProjectInput(name: "Villa", roofers: ["Ib:10", "Bo:30"]))
        _ = try service.addLine(project: "Villa", RoofingLineInput(pos: "20.1", quantity: 4))
        let wrong = Log.failure {
            _ = try service.split(project: "Villa", RoofingSplitInput(percentages: ["Ib": 60, "Bo": 30]))
        }
        #expect(wrong?.field == "split" && wrong?.kind == .invalid && wrong?.exitStatus == 65)
        let range = Log.failure {
            _ = try service.split(project: "Villa", RoofingSplitInput(percentages: ["Ib": 160, "Bo": -60]))
        }
        #expect(range?.field == "percentages" && range?.exitStatus == 64)
        // 4 × 250.00 = 1000.00 shared 400.00 and 600.00.
        _ = try service.split(
            project: "Villa",
            RoofingSplitInput(amounts: ["Ib": Money(minorUnits: 40_000), "Bo": Money(minorUnits: 60_000)]))
        #expect(try service.account(project: "Villa").shares.map(\.amount.minorUnits) == [40_000, 60_000])
        _ = try service.addLine(project: "Villa", RoofingLineInput(pos: "20.1", quantity: 1))
        let view = try service.project(named: "Villa")
        #expect(view.account == nil && view.accountError?.contains("1250.00") == true)
        let json = try Self.object(view)
        #expect(json["account"] is NSNull && json["account_error"] is String)
        let account = Log.failure { _ = try service.account(project: "Villa") }
        #expect(account?.field == "split" && account?.exitStatus == 65)
        _ = try service.split(project: "Villa", RoofingSplitInput())
        #expect(try service.account(project: "Villa").shares.map(\.amount.minorUnits) == [31_250, 93_750])
    }

    @Test("the project's JSON: its lines themselves, numbered, null dates, and the account")
    func projectJSON() throws {
        let log = try Log()
        defer { log.remove() }
        try log.importCatalogue()
        let service = try log.service()
        _ = try service.createProject(RoofingProjectInput(name: "Villa", roofers: ["Ib:4"]))
        _ = try service.addLine(project: "Villa", RoofingLineInput(pos: "12.3.4", quantity: 10, note: "nord"))
        let json = try Self.object(try service.project(named: "Villa"))
        let lines = try #require(json["lines"] as? [[String: Any]])
        #expect(lines.count == 1 && lines[0]["line"] as? Int == 1 && lines[0]["pos"] as? String == "12.3.4")
        // 10 × 123.40 = 1234.00.
        #expect(lines[0]["unit_price"] as? String == "123.40" && lines[0]["amount"] as? String == "1234.00")
        #expect(lines[0]["quantity"] as? String == "10" && lines[0]["unit"] as? String == "lbm")
        #expect(lines[0]["project"] == nil)
        #expect(json["start"] is NSNull && json["end"] is NSNull && json["version"] == nil)
        #expect(json["guaranteed_rate"] as? String == "0.00" && json["versions"] as? Int == 0)
        #expect((json["roofers"] as? [[String: String]]) == [["name": "Ib", "hours": "4"]])
        let account = try #require(json["account"] as? [String: Any])
        #expect(account["total"] as? String == "1234.00" && account["hourly"] as? String == "308.50")
        #expect(json["account_error"] == nil)
    }

    @Test(
        "inputs read from JSON: amounts and quantities are strings, dates YYYY-MM-DD; a field is named, not its value")
    func decoding() throws {
        func failure<T: Decodable>(_ type: T.Type, _ json: String) -> ServiceError? {
            Log.failure { _ = try ServiceJSON.decode(T.self, from: Data(json.utf8)) }
        }
        let line = try ServiceJSON.decode(
            RoofingLineInput.self, from: Data(#"{"pos": "12.1.1", "quantity": "1.234,5"}"#.utf8))
        #expect(line.quantity == Quantity(thousandths: 1_234_500) && line.note == nil)
        let number = failure(RoofingLineInput.self, #"{"pos": "1", "quantity": 3}"#)
        #expect(number?.field == "quantity" && number?.kind == .invalid)
        let secret = failure(RoofingDeductionInput.self, #"{"text": "x", "amount": "12kr-secret"}"#)
        #expect(secret?.field == "amount" && secret?.description.contains("secret") == false)
        let decimals = failure(RoofingLineInput.self, #"{"pos": "1", "quantity": "1.2345"}"#)
        #expect(decimals?.description == "quantity: is not a number: at most 3 decimals")
        let date = failure(RoofingAdvanceInput.self, #"{"amount": "5", "date": "soon"}"#)
        #expect(date?.field == "date")
        let project = try ServiceJSON.decode(
            RoofingProjectInput.self,
            from: Data(#"{"name": "V", "guaranteed_rate": "150", "start": "2026-05-04", "roofers": ["Ib:2"]}"#.utf8))
        #expect(project.guaranteedRate == Money(minorUnits: 15_000) && project.start == Log.day("2026-05-04"))
        #expect(RoofingProjectInput.fields.contains("guaranteed_rate") && !RoofingProjectInput.fields.contains("rate"))
    }

    @Test("catalogues: imported once by name, a bad file named with its line and column, searched and priced")
    func catalogues() throws {
        let log = try Log()
        defer { log.remove() }
        let service = try log.service()
        let imported = try log.importCatalogue()
        #expect(imported.activities == 3 && imported.supplements == 1 && imported.indexings == 0)
        let twice = Log.failure { try log.importCatalogue("TAGDÆKNING 2026") }
        #expect(twice?.kind == .refused && twice?.exitStatus == 65)
        let bad = Log.failure {
            _ = try service.importCatalogue(
                RoofingCatalogueFile(
                    data: Data("pos;section;name;unit;price\n1.1;A;Tag;m²;lots\n".utf8), fileName: "dir/bad.csv"))
        }
        #expect(bad?.exitStatus == 65 && bad?.field == nil)
        #expect(bad?.message.hasPrefix("dir/bad.csv: line 2, column 5 (price)") == true)
        let json = try service.importCatalogue(
            RoofingCatalogueFile(
                data: Data(
                    #" {"name": "Murer", "activities": [{"pos": "1", "name": "Mur", "unit": "m²", "price": "10"}]}"#
                        .utf8),
                fileName: "murer.csv"))
        #expect(json.name == "Murer" && json.activities == 1)
        #expect(try service.catalogues().map(\.name) == ["Murer", "Tagdækning 2026"])
        // +2.5 % from 2026-07-01: 123.40 + 3.085 → 3.09 = 126.49 on that day, 123.40 the day before.
        _ = try service.indexCatalogue(
            "Tagdækning 2026",
            RoofingIndexingInput(from: Log.day("2026-07-01"), percent: Quantity(thousandths: 2_500)))
        let hits = try service.search(
            RoofingSearchInput(q: "tagrende", catalogue: "tagdækning 2026", date: Log.day("2026-07-01")))
        #expect(hits.map(\.activity.position) == ["12.3.4"] && hits.first?.price == Money(minorUnits: 12_649))
        let before = try service.search(RoofingSearchInput(q: "12.3.4", date: Log.day("2026-06-30")))
        #expect(before.first?.price == Money(minorUnits: 12_340) && before.first?.catalogue == "Tagdækning 2026")
        let hit = try Self.object(try #require(hits.first))
        #expect(hit["price"] as? String == "126.49" && hit["pos"] as? String == "12.3.4" && hit["percent"] == nil)
        let supplement = try Self.object(try #require(try service.search(RoofingSearchInput(q: "90.1")).first))
        #expect(supplement["price"] is NSNull && supplement["percent"] as? String == "12.5")
        #expect(supplement["base"] as? String == "section:Tagrender")
        #expect(Log.failure { _ = try service.search(RoofingSearchInput(q: "")) }?.field == "q")
        #expect(Log.failure { _ = try service.search(RoofingSearchInput(q: "x", limit: 0)) }?.field == "limit")
        let invalid = Log.failure {
            _ = try service.indexCatalogue("Murer", RoofingIndexingInput(from: Log.day("2026-01-01"), percent: -100))
        }
        #expect(invalid?.field == "percent")
    }

    @Test("the project commands use when none is named: the selected one, else a usage error")
    func selection() throws {
        let log = try Log()
        defer { log.remove() }
        let service = try log.service()
        let none = Log.failure { _ = try service.projectName(nil) }
        #expect(none?.field == "project" && none?.exitStatus == 64)
        _ = try service.createProject(RoofingProjectInput(name: "Villa"))
        try service.selectProject("VILLA")
        #expect(try service.projectName(nil) == "Villa" && service.projectName("Other") == "Other")
        #expect(try service.projects().map(\.selected) == [true])
        try service.deleteProject("villa")
        #expect(try service.projects().isEmpty)
    }

    @Test("photos: checked by content, stored once, named plainly on export; a caption is plain text")
    func photos() throws {
        let log = try Log()
        defer { log.remove() }
        let service = try log.service()
        _ = try service.createProject(RoofingProjectInput(name: "Villa"))
        _ = try service.createProject(RoofingProjectInput(name: "Havn"))
        let png = TestImages.png(width: 4, height: 3)
        let text = Log.failure {
            _ = try service.addPhotos(
                project: "Villa", [RoofingPhotoUpload(bytes: Array("hello".utf8), filename: "x.jpg", caption: nil)])
        }
        #expect(text?.field == "photo" && text?.exitStatus == 65 && text?.message.hasPrefix("x.jpg: ") == true)
        let caption = Log.failure {
            _ = try service.addPhotos(
                project: "Villa", [RoofingPhotoUpload(bytes: png, filename: "a.png", caption: "a\u{1B}b")])
        }
        #expect(caption?.field == "caption" && caption?.kind == .invalid)
        let first = try service.addPhotos(
            project: "Villa", [RoofingPhotoUpload(bytes: png, filename: "dir/tag.png", caption: "Nord")])
        #expect(first.map(\.storedBytes) == [true] && first.map(\.alreadyAttached) == [false])
        #expect(first.first?.photo.name == "tag.png" && first.first?.photo.size == png.count)
        let again = try service.addPhotos(
            project: "Villa", [RoofingPhotoUpload(bytes: png, filename: nil, caption: nil)])
        #expect(again.map(\.alreadyAttached) == [true])
        let other = try service.addPhotos(
            project: "Havn", [RoofingPhotoUpload(bytes: png, filename: nil, caption: nil)])
        #expect(other.map(\.storedBytes) == [false] && other.first?.photo.name == "photo")
        #expect(try log.database.roofingPhotoBlobCount() == 1)
        let listed = try service.photos(project: "Villa")
        let json = try #require(
            try JSONSerialization.jsonObject(with: try ServiceJSON.encode(listed)) as? [[String: Any]])
        #expect(json.first?["sha256"] as? String == listed.first?.hash && json.first?["bytes"] as? Int == png.count)
        #expect(json.first?["orientation"] is NSNull && json.first?["caption"] as? String == "Nord")
        let photo = try service.photo(project: "Villa", id: try #require(listed.first?.id))
        #expect([UInt8](try service.bytes(of: photo)) == png)
        #expect(Log.failure { _ = try service.photo(project: "Villa", id: 99) }?.kind == .notFound)
        let files = try service.exportPhotos(project: "Villa", keepLocation: false)
        #expect(files.map(\.fileName) == ["\(photo.id)-tag.png"] && files.first?.bytes == png)
        // The PDF appendix: the project's one photo (captions are checked by the PDF tests).
        #expect(try service.accountPhotos(project: "Villa").count == 1)
        try service.removePhoto(project: "Villa", id: photo.id)
        #expect(try service.photos(project: "Villa").isEmpty && service.photos(project: "Havn").count == 1)
    }
}
