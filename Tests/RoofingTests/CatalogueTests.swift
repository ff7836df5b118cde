import Foundation
import Testing

@testable import Roofing

@Suite("Roofing accounts: catalogues, price indexing, CSV and JSON")
struct CatalogueTests {
    static func sample() throws -> Catalogue {
        try Catalogue(
            name: "Tagdækning 2026",
            activities: [
                activity("12.3.4", "Tagrender", "Tagrende, zink \"halvrund\"", .runningMetre, "147.50"),
                activity("12.1.1", "Tagdækning", "Tagsten; vingetegl", .squareMetre, "47.15"),
                activity("12.10.1", "Tagdækning", "Rygning", .other("m"), "1234.56"),
                try Activity(
                    supplement: "90.1", section: "Tillæg", name: "Højdetillæg", percent: qty("12.5"),
                    base: .section("Tagrender")),
                try Activity(
                    supplement: "90.2", section: "Tillæg", name: "Skorstenstillæg", percent: qty("3"),
                    base: .positions(["12.1.1", "12.10.1"])),
            ],
            indexings: [PriceIndexing(from: date("2026-07-01"), percent: qty("2.5"))])
    }

    @Test("activities are kept in position order (numbers as numbers); positions are unique")
    func positions() throws {
        var catalogue = try Self.sample()
        #expect(catalogue.activities.map(\.position) == ["12.1.1", "12.3.4", "12.10.1", "90.1", "90.2"])
        let error = roofingError { try catalogue.add(activity("12.3.4", "X", "Again", .piece, "1")) }
        #expect(error?.code == .refused)
        #expect(error?.path == "pos")
        #expect(
            roofingError { _ = try Activity(position: "12..3", section: "", name: "x", unit: .piece, price: .zero) }?
                .path == "pos")
    }

    @Test("indexing applies from its day on, not the day before; several compound, each rounded to øre")
    func indexingBoundary() throws {
        var catalogue = try Self.sample()
        // 147.50 until 30 June; from 1 July + 2.5 %: 147.50 × 1.025 = 151.1875 → 151.19.
        #expect(catalogue.price(of: "12.3.4", on: date("2026-06-30")) == money("147.50"))
        #expect(catalogue.price(of: "12.3.4", on: date("2026-07-01")) == money("151.19"))
        catalogue.add(PriceIndexing(from: date("2027-01-01"), percent: qty("3")))
        // 151.19 × 1.03 = 155.7257 → 155.73 (from the rounded 151.19; 147.50 × 1.05575 = 155.723125 would give 155.72).
        #expect(catalogue.price(of: "12.3.4", on: date("2026-12-31")) == money("151.19"))
        #expect(catalogue.price(of: "12.3.4", on: date("2027-01-01")) == money("155.73"))
        // Supplements are percentages, not prices: they stay.
        #expect(catalogue.activity("90.1", on: date("2027-01-01"))?.supplement?.percent == qty("12.5"))
        // A project line keeps the price it was accounted at.
        var project = try Project(name: "Roof", catalogue: catalogue.name)
        try project.add(catalogue.activity("12.3.4", on: date("2026-06-30"))!, quantity: 10)
        #expect(project.lines[0].unitPrice == money("147.50"))
    }

    @Test("a supplement based on another supplement is refused in a catalogue")
    func supplementOnSupplementInCatalogue() throws {
        let error = roofingError {
            _ = try Catalogue(
                name: "X",
                activities: [
                    try Activity(supplement: "90.1", section: "T", name: "A", percent: 10, base: .account),
                    try Activity(supplement: "90.2", section: "T", name: "B", percent: 5, base: .positions(["90.1"])),
                ])
        }
        #expect(error?.code == .refused)
        #expect(error?.path == "activities[1].base")
    }

    @Test("CSV with a BOM, semicolons, decimal commas, extra columns in any order")
    func danishCSV() throws {
        let text =
            "\u{FEFF}Note;pos;name;section;unit;price\r\n"
            + "x;12.3.4;Tagrende, zink;Tagrender;lbm;1.234,50\r\n"
            + "\r\n"
            + ";90.1;Højdetillæg;Tillæg;%;12,5\r\n"
        let catalogue = try CatalogueCSV.decode(Array(text.utf8), name: "Tag 2026")
        #expect(catalogue.activities.count == 2)
        #expect(catalogue.activity("12.3.4")?.name == "Tagrende, zink")
        #expect(catalogue.activity("12.3.4")?.price == money("1234.50"))
        #expect(catalogue.activity("12.3.4")?.unit == .runningMetre)
        #expect(catalogue.activity("90.1")?.supplement?.percent == qty("12.5"))
        #expect(catalogue.activity("90.1")?.supplement?.base == .account)
    }

    @Test("quoted fields hold separators, doubled quotes and line breaks")
    func quotedFields() throws {
        let text = #"""
            pos,section,name,unit,price
            12.3.4,Tagrender,"Tagrende, zink ""halvrund""",lbm,"1,234.50"
            12.3.5,Tagrender,"Nedløb
            i to linjer",stk,"12,5"
            12.3.6,Tagrender,Bad,stk,x

            """#
        let error = roofingError { _ = try CatalogueCSV.decode(text: text, name: "T") }
        // The record of 12.3.5 spans lines 3 and 4, so 12.3.6 is on line 5; price is the 5th column.
        #expect(error?.line == 5)
        #expect(error?.column == 5)
        #expect(error?.path == "price")
        #expect(error?.description == "line 5, column 5 (price): 'x' is not a number: unexpected 'x'")
        let good = try CatalogueCSV.decode(text: text.replacing("Bad,stk,x", with: "Ok,stk,1"), name: "T")
        #expect(good.activity("12.3.4")?.name == "Tagrende, zink \"halvrund\"")
        #expect(good.activity("12.3.4")?.price == money("1234.50"))
        #expect(good.activity("12.3.5")?.name == "Nedløb\ni to linjer")
        #expect(good.activity("12.3.5")?.price == money("12.50"))
    }

    @Test(
        "bad CSV names the line, the column and the field",
        arguments: [
            ("pos,section,name,unit\n1,A,B,stk\n", 1, nil, "price"),
            ("pos,section,name,unit,price\n1,A,B,stk,10\n1,A,C,stk,11\n", 3, 1, "pos"),
            ("pos,section,name,unit,price\n1,A,B,,10\n", 2, 4, "unit"),
            ("pos,section,name,unit,price\n1,A,B,stk\n", 2, 5, "price"),
            ("pos,section,name,unit,price\n1,A,\"B,stk,10\n", 2, 3, ""),
            ("pos,section,name,unit,price\n1,A,B\"x,stk,10\n", 2, 3, ""),
            ("pos,section,name,unit,price\n1,A,\"B\"x,stk,10\n", 2, 3, ""),
            ("pos,section,name,unit,price,base\n1,A,B,stk,10,\n2,T,S,%,5,positions:9\n", 3, 6, "base"),
            ("pos,section,name,unit,price,base\n1,A,B,stk,10,account\n", 2, 6, "base"),
        ] as [(String, Int, Int?, String)])
    func badCSV(text: String, line: Int, column: Int?, path: String) {
        let error = roofingError { _ = try CatalogueCSV.decode(text: text, name: "T") }
        #expect(error?.line == line)
        #expect(error?.column == column)
        #expect(error?.path == path)
    }

    @Test("a file that is not UTF-8 is refused with its line")
    func notUTF8() {
        let bytes = Array("pos,section,name,unit,price\n1,A,".utf8) + [0xE6] + Array(",stk,10\n".utf8)
        let error = roofingError { _ = try CatalogueCSV.decode(bytes, name: "T") }
        #expect(error?.line == 2)
        #expect(error?.message.contains("UTF-8") == true)
    }

    @Test("CSV round trip, with points and commas and with semicolons and decimal commas")
    func csvRoundTrip() throws {
        var catalogue = try Self.sample()
        catalogue = try Catalogue(name: catalogue.name, activities: catalogue.activities)
        for danish in [false, true] {
            let text = CatalogueCSV.encode(catalogue, danish: danish)
            #expect(try CatalogueCSV.decode(text: text, name: catalogue.name) == catalogue)
        }
        #expect(CatalogueCSV.encode(catalogue).hasPrefix("pos,section,name,unit,price,base\r\n12.1.1,"))
        #expect(CatalogueCSV.encode(catalogue, danish: true).contains("12.10.1;Tagdækning;Rygning;m;1234,56;\r\n"))
    }

    @Test("JSON with prices as strings and numbers, indexing, and its round trip")
    func json() throws {
        let text = """
            {"name": "Tagdækning 2026", "currency": "DKK", "source": "ignored",
             "activities": [
               {"pos": "12.3.4", "section": "Tagrender", "name": "Tagrende", "unit": "lbm", "price": "147,50"},
               {"pos": "12.1.1", "section": "Tagdækning", "name": "Tagsten", "unit": "m2", "price": 47.15},
               {"pos": "12.1.2", "section": "Tagdækning", "name": "Rygning", "unit": "stk", "price": 1234},
               {"pos": "90.1", "section": "Tillæg", "name": "Højde", "unit": "%", "price": 12.5,
                "base": "section:Tagrender"}],
             "indexing": [{"from": "2026-07-01", "percent": "2.5"}]}
            """
        let catalogue = try CatalogueJSON.decode(Data(text.utf8))
        #expect(catalogue.activity("12.3.4")?.price == money("147.50"))
        #expect(catalogue.activity("12.1.1")?.price == money("47.15"))
        #expect(catalogue.activity("12.1.1")?.unit == .squareMetre)
        #expect(catalogue.activity("12.1.2")?.price == money("1234.00"))
        #expect(catalogue.activity("90.1")?.supplement?.base == .section("Tagrender"))
        #expect(catalogue.indexings == [PriceIndexing(from: date("2026-07-01"), percent: qty("2.5"))])
        #expect(try CatalogueJSON.decode(CatalogueJSON.encode(catalogue)) == catalogue)
        #expect(try CatalogueJSON.decode(CatalogueJSON.encode(Self.sample())) == Self.sample())
        let encoded = String(decoding: CatalogueJSON.encode(catalogue), as: UTF8.self)
        #expect(encoded.contains("\"price\" : \"47.15\""))
        #expect(try CatalogueJSON.decode(Data(text.utf8), name: "Other").name == "Other")
    }

    @Test(
        "bad JSON names the path and the field",
        arguments: [
            (
                #"{"name": "T", "activities": [{"pos": "1", "section": "A", "name": "B", "unit": "stk", "price": [1]}]}"#,
                "activities[0].price"
            ),
            (
                #"{"name": "T", "activities": [{"pos": "1", "section": "A", "name": "B", "price": "1"}]}"#,
                "activities[0].unit"
            ),
            (
                #"{"name": "T", "activities": [{"pos": "1", "section": "A", "name": "B", "unit": "stk", "price": "1"},"#
                    + #" {"pos": "2", "section": "A", "name": "C", "unit": "stk", "price": "1.2.3"}]}"#,
                "activities[1].price"
            ),
            (
                #"{"name": "T", "activities": [], "indexing": [{"from": "2026-13-01", "percent": 2}]}"#,
                "indexing[0].from"
            ),
            (#"{"activities": []}"#, "name"),
            (#"{"name": "T"}"#, "activities"),
            (#"[1]"#, ""),
        ] as [(String, String)])
    func badJSON(text: String, path: String) {
        let error = roofingError { _ = try CatalogueJSON.decode(Data(text.utf8)) }
        #expect(error?.path == path)
    }
}
