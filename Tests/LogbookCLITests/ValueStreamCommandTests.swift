import Foundation
import LogbookTestSupport
import Testing

/// `logbook vsm` through the real binary on an on-disk log.
@Suite("logbook vsm")
struct ValueStreamCommandTests {
    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Order to cash: Sales (Take order 5m after 1h, %C&A 95; Check credit 10m after 2h), Warehouse (Pick goods
    /// 20m after 1d, %C&A 90; Search pallet 15m, waste), 40 orders a day in 7h30m.
    static func makeMap(_ log: IsolatedLog, name: String = "Order to cash") throws {
        try log.run(["vsm", "create", name, "--demand", "40", "--available", "7h30m"])
        try log.run(["vsm", "section", "add", name, "Sales"])
        try log.run([
            "vsm", "add", name, "--text", "Take order", "--kind", "value", "--process", "5m", "--wait", "1h", "--ca",
            "95",
        ])
        try log.run([
            "vsm", "add", name, "--text", "Check crédit", "--kind", "auxiliary", "--process", "10m", "--wait", "2h",
        ])
        try log.run(["vsm", "section", "add", name, "Warehouse"])
        try log.run([
            "vsm", "add", name, "--text", "Pick goods", "--kind", "value", "--process", "20m", "--wait", "1d",
            "--ca", "90",
        ])
        try log.run(["vsm", "add", name, "--text", "Search pallet", "--kind", "waste", "--process", "15m"])
    }

    @Test("vsm show --format json: the contract's keys and measures computed by hand")
    func showContract() throws {
        let log = try IsolatedLog()
        try Self.makeMap(log)
        let document = try Self.object(try log.run(["vsm", "show", "Order to cash", "--format", "json"]).stdout)
        #expect(document["name"] as? String == "Order to cash" && document["state"] as? String == "current")
        let sections = try #require(document["sections"] as? [[String: Any]])
        #expect(sections.map { $0["name"] as? String } == ["Sales", "Warehouse"])
        let texts = sections.map { ($0["stickers"] as? [[String: Any]] ?? []).map { $0["text"] as? String ?? "" } }
        #expect(texts == [["Take order", "Check crédit"], ["Pick goods", "Search pallet"]])
        let m = try #require(document["measures"] as? [String: Any])
        // Process 5+10+20+15 = 50 min = 3000 s; waiting 1 h + 2 h + 1 d = 97 200 s; lead 100 200 s.
        #expect(m["process_time_s"] as? Int == 3_000 && m["waiting_s"] as? Int == 97_200)
        #expect(m["lead_time_s"] as? Int == 100_200)
        // Value-added 5 + 20 min = 1500 s; PCE 1500 / 100 200 = 0.014 970…; rolled %C&A 0.95 × 0.90 = 0.855.
        #expect(m["value_added_s"] as? Int == 1_500)
        #expect(abs((m["pce"] as? Double ?? 0) - 1_500.0 / 100_200.0) < 1e-6)
        #expect(abs((m["rolled_ca"] as? Double ?? 0) - 0.855) < 1e-9)
        // Takt: 7.5 h = 27 000 s over 40 = 675 s.
        #expect(m["takt_s"] as? Int == 675)
        let kinds = try #require(m["by_kind"] as? [String: [String: Int]])
        #expect(kinds["value"] == ["count": 2, "time_s": 1_500])
        #expect(kinds["auxiliary"] == ["count": 1, "time_s": 600])
        #expect(kinds["waste"] == ["count": 1, "time_s": 900])
        let warehouse = try #require(sections[1]["measures"] as? [String: Any])
        #expect(warehouse["lead_time_s"] as? Int == 86_400 + 2_100)
        let table = try log.run(["vsm", "show", "Order to cash"]).stdout
        #expect(table.contains("takt time 11m 15s") && table.contains("PCE 1.5 %"))
    }

    @Test("stickers are appended, inserted with --at, moved, edited and removed; numbers stay")
    func ordering() throws {
        let log = try IsolatedLog()
        try Self.makeMap(log)
        let added = try log.run([
            "vsm", "add", "Order to cash", "--text", "Print label", "--kind", "auxiliary", "--section", "Warehouse",
            "--at", "1", "--format", "json",
        ])
        #expect(try Self.object(added.stdout)["id"] as? Int == 5)
        try log.run(["vsm", "move", "Order to cash", "search PALLET", "--to", "1", "--section", "Sales"])
        try log.run(["vsm", "move", "Order to cash", "#1", "--to", "3"])
        try log.run(["vsm", "edit", "Order to cash", "2", "--kind", "waste", "--colour", "#FFEB3B", "--ca", "80"])
        try log.run(["vsm", "remove", "Order to cash", "Pick goods"])
        let csv = try log.run(["vsm", "show", "Order to cash", "--format", "csv"]).stdout
        let rows = csv.split(whereSeparator: \.isNewline).dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        // section, position, id, text, kind, …, colour
        #expect(
            rows.map { [$0[0], $0[1], $0[2], $0[3]] } == [
                ["Sales", "1", "4", "Search pallet"], ["Sales", "2", "2", "Check crédit"],
                ["Sales", "3", "1", "Take order"],
                ["Warehouse", "1", "5", "Print label"],
            ])
        #expect(rows[1][4] == "waste" && rows[1][7] == "80" && rows[1][9] == "#ffeb3b")
        let next = try log.run(["vsm", "add", "Order to cash", "--text", "Ship", "--kind", "value"]).stdout
        #expect(next.trimmingCharacters(in: .whitespacesAndNewlines) == "6", "a removed sticker's number is not reused")
        // Refusals name what is wrong; nothing changes.
        let far = try log.run(["vsm", "move", "Order to cash", "Ship", "--to", "9"], expect: 65)
        #expect(far.stderr.contains("--to 9 is not between 1 and 2"))
        let unknown = try log.run(["vsm", "remove", "Order to cash", "Nothing"], expect: 65)
        #expect(unknown.stderr.contains("Nothing: no sticker has this number or text"))
        let badWait = try log.run(["vsm", "edit", "Order to cash", "6", "--wait", "90"], expect: 64)
        #expect(badWait.stderr.contains("'90'") && badWait.stderr.contains("--wait"))
        let badCA = try log.run(["vsm", "edit", "Order to cash", "6", "--ca", "120"], expect: 64)
        #expect(badCA.stderr.contains("--ca: must be 0 to 100"))
        #expect(try log.run(["vsm", "show", "Order to cash", "--format", "csv"]).stdout.contains("Ship"))
    }

    @Test("list by last save; search any case and accents; rename, duplicate as future, delete")
    func listSearchAndFuture() throws {
        let log = try IsolatedLog()
        try Self.makeMap(log, name: "Order to cash")
        try log.run(["vsm", "create", "Returns"])
        sleep(1)
        try log.run(["vsm", "set", "Order to cash", "--description", "From order to payment"])
        let listed = try #require(try log.json(["vsm", "list"]) as? [[String: Any]])
        #expect(listed.map { $0["name"] as? String } == ["Order to cash", "Returns"])
        let found = try #require(try log.json(["vsm", "search", "CREDIT"]) as? [[String: Any]])
        #expect(
            found.count == 1 && found[0]["text"] as? String == "Check crédit"
                && found[0]["kind"] as? String == "sticker")
        let maps = try #require(try log.json(["vsm", "search", "retur"]) as? [[String: Any]])
        #expect(maps.map { $0["map"] as? String } == ["Returns"])

        try log.run(["vsm", "duplicate", "Order to cash", "Order to cash 2027", "--future"])
        try log.run(["vsm", "remove", "Order to cash 2027", "Search pallet"])
        try log.run(["vsm", "edit", "Order to cash 2027", "Pick goods", "--wait", "2h"])
        let future = try Self.object(try log.run(["vsm", "show", "Order to cash 2027", "--format", "json"]).stdout)
        #expect(future["state"] as? String == "future" && future["future_of"] as? String == "Order to cash")
        let comparison = try #require(future["comparison"] as? [String: Any])
        // Lead time: current 100 200 s; future 3000 − 900 (no pallet search) + 1 h + 2 h + 2 h = 20 100 s.
        #expect(comparison["lead_time_change_s"] as? Int == 20_100 - 100_200)
        #expect(comparison["waste_removed_s"] as? Int == 900 && comparison["waste_removed_count"] as? Int == 1)
        try log.run(["vsm", "rename", "Order to cash", "O2C"])
        #expect(
            try Self.object(try log.run(["vsm", "show", "Order to cash 2027", "--format", "json"]).stdout)["future_of"]
                as? String == "O2C")
        try log.run(["vsm", "create", "o2c"], expect: 65)
        try log.run(["vsm", "delete", "O2C"])
        try log.run(["vsm", "show", "O2C"], expect: 65)
    }

    @Test("export --json and import give back exactly the same document; bad files name the file and the path")
    func importExport() throws {
        let log = try IsolatedLog()
        try Self.makeMap(log)
        try log.run(["vsm", "edit", "Order to cash", "1", "--font", "DejaVu Serif", "--size", "16", "--colour", "pink"])
        let file = log.dir.path("o2c.json")
        try log.run(["vsm", "export", "Order to cash", "--json", file])
        let exported = try Data(contentsOf: URL(fileURLWithPath: file))
        let other = try IsolatedLog()
        try other.run(["vsm", "import", file])
        let again = try other.run(["vsm", "export", "Order to cash", "--json", "-"]).stdout
        #expect(Data(again.utf8) == exported)
        // The drawings: a PDF whose text holds every sticker, an SVG and a PNG.
        let pdf = log.dir.path("o2c.pdf")
        let svg = log.dir.path("o2c.svg")
        let png = log.dir.path("o2c.png")
        try log.run(["vsm", "export", "Order to cash", "--pdf", pdf, "--svg", svg, "--png", png, "--paper", "a3"])
        let text = try PDFTools(url: URL(fileURLWithPath: pdf)).text()
        // Cards wrap their text, so each word is looked for (pdftotext lays lines out as on the page).
        for word in ["Take", "order", "Check", "crédit", "Pick", "goods", "Search", "pallet"] {
            #expect(text.contains(word), "\(word) missing from the PDF")
        }
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: png)).prefix(8)
                == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(try String(contentsOf: URL(fileURLWithPath: svg), encoding: .utf8).contains("<svg"))
        try log.run(["vsm", "export", "Order to cash", "--pdf", pdf, "--paper", "a5"], expect: 64)
        // The show document (with measures) imports too, under another name.
        let shown = try other.dir.write(
            "shown.json", Array(try log.run(["vsm", "show", "Order to cash", "--format", "json"]).stdout.utf8))
        try other.run(["vsm", "import", shown, "--name", "Copy"])
        try other.run(["vsm", "import", shown], expect: 64)
        try other.run(["vsm", "import", shown, "--replace"])

        let typo = try other.dir.write(
            "typo.json",
            Array(
                #"{"name": "X", "sections": [{"name": "A", "stickers": [{"id": 1, "text": "t", "kind": "value", "proces_s": 3}]}]}"#
                    .utf8))
        let refused = try other.run(["vsm", "import", typo], expect: 65)
        #expect(refused.stderr.contains("typo.json: sections[0].stickers[0].proces_s: unknown key"))
        let broken = try other.dir.write("broken.json", Array("{\"name\": ".utf8))
        #expect(try other.run(["vsm", "import", broken], expect: 65).stderr.contains("broken.json: not JSON"))
        try other.run(["vsm", "import", other.dir.path("missing.json")], expect: 66)
        #expect(try #require(try other.json(["vsm", "list"]) as? [[String: Any]]).count == 2)
    }
}
