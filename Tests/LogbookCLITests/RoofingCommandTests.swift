import Foundation
import LogbookTestSupport
import Testing

/// `logbook roofing` through the real binary on an on-disk log.
@Suite("logbook roofing")
struct RoofingCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/roofing")

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The semicolon CSV with decimal commas: 12.1 Tagpap 47,15 kr./m², 12.2 Tagrende 1.234,50 kr./lbm, 12.3
    /// Nedløbsrør 312,40 kr./stk, 90.1 Højdetillæg 10 % of the section Tagdækning. A project with Jens (30 h)
    /// and Ole (10 h), 150 kr./h guaranteed, three lines, the supplement, extra work, a deduction and an advance.
    static func makeProject(_ log: IsolatedLog) throws {
        try log.run([
            "roofing", "catalogue", "import", fixtures.appendingPathComponent("tagdaekning-2026.csv").path, "--name",
            "Tagdækning 2026",
        ])
        try log.run([
            "roofing", "project", "add", "Skolegade 4", "--customer", "Tag A/S", "--roofer", "Jens:30", "--roofer",
            "Ole", "--guaranteed-rate", "150", "--start", "2026-05-04",
        ])
        try log.run(["roofing", "project", "hours", "Skolegade 4", "--roofer", "Ole", "--hours", "10"])
        let first = try log.run(["roofing", "add", "Skolegade 4", "--pos", "12.1", "--quantity", "33,333"])
        #expect(first.stdout == "1\n")
        try log.run(["roofing", "add", "Skolegade 4", "--pos", "12.2", "--quantity", "10.5"])
        try log.run(["roofing", "project", "select", "skolegade 4"])
        let third = try log.run(["roofing", "add", "--pos", "12.3", "--quantity", "2", "--note", "hjørner"])
        #expect(third.stdout == "3\n")
        try log.run(["roofing", "supplement", "--pos", "90.1"])
        try log.run(["roofing", "extra", "Skolegade 4", "--text", "Stillads", "--hours", "2,5", "--rate", "420"])
        try log.run(["roofing", "deduct", "Skolegade 4", "--text", "Materialer", "--amount", "500"])
        try log.run(["roofing", "advance", "Skolegade 4", "--amount", "2000", "--date", "2026-05-15"])
    }

    @Test("project show --format json: the API's project, its lines numbered (no longer their count)")
    func projectShowJSON() throws {
        let log = try IsolatedLog()
        try Self.makeProject(log)
        let p = try Self.object(try log.run(["roofing", "project", "show", "Skolegade 4", "--format", "json"]).stdout)
        let lines = try #require(p["lines"] as? [[String: Any]], "lines is the array of the lines (issue 27)")
        #expect(lines.map { $0["line"] as? Int } == [1, 2, 3])
        #expect(lines.map { $0["pos"] as? String } == ["12.1", "12.2", "12.3"])
        #expect(lines.map { $0["amount"] as? String } == ["1571.65", "12962.25", "624.80"])
        #expect(lines[2]["note"] as? String == "hjørner")
        #expect(p["name"] as? String == "Skolegade 4" && p["guaranteed_rate"] as? String == "150.00")
        #expect(p["start"] as? String == "2026-05-04" && p["end"] is NSNull && p["versions"] as? Int == 0)
        let roofers = try #require(p["roofers"] as? [[String: Any]])
        #expect(roofers.map { $0["name"] as? String } == ["Jens", "Ole"])
        #expect(roofers.map { $0["hours"] as? String } == ["30", "10"])
        // The list keeps its count.
        let list = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try log.run(["roofing", "project", "list", "--format", "json"]).stdout.utf8))
                as? [[String: Any]])
        #expect(list.first?["lines"] as? Int == 3)
    }

    @Test("account --format json: amounts computed by hand, strings with two decimals")
    func accountContract() throws {
        let log = try IsolatedLog()
        try Self.makeProject(log)
        let a = try Self.object(try log.run(["roofing", "account", "Skolegade 4", "--format", "json"]).stdout)
        for key in [
            "project", "lines", "supplements", "extra_work", "deductions", "total", "advances", "surplus", "shares",
        ] {
            #expect(a[key] != nil, "the contract's key \(key)")
        }
        let lines = try #require(a["lines"] as? [[String: Any]])
        // 33.333 × 47.15 = 1571.65095 → 1571.65; 10.5 × 1234.50 = 12962.25; 2 × 312.40 = 624.80.
        #expect(lines.map { $0["amount"] as? String } == ["1571.65", "12962.25", "624.80"])
        #expect(lines.map { $0["unit_price"] as? String } == ["47.15", "1234.50", "312.40"])
        #expect(lines.map { $0["quantity"] as? String } == ["33.333", "10.5", "2"])
        #expect(lines.map { $0["pos"] as? String } == ["12.1", "12.2", "12.3"])
        #expect(lines[0]["name"] as? String == "Tagpap, 2 lag" && lines[0]["unit"] as? String == "m²")
        #expect(a["lines_total"] as? String == "15158.70")
        // 10 % of the section Tagdækning (1571.65) = 157.165 → 157.17 (half away from zero).
        let supplements = try #require(a["supplements"] as? [[String: Any]])
        #expect(supplements.map { $0["amount"] as? String } == ["157.17"])
        // 2.5 h × 420 = 1050.00; the deduction is a negative line.
        #expect((a["extra_work"] as? [[String: Any]])?.first?["amount"] as? String == "1050.00")
        #expect((a["deductions"] as? [[String: Any]])?.first?["amount"] as? String == "-500.00")
        // 15158.70 + 157.17 + 1050.00 − 500.00 = 15865.87.
        #expect(a["total"] as? String == "15865.87")
        // Guaranteed 150 × 40 h = 6000.00; surplus 15865.87 − 6000.00 − 2000.00 = 7865.87.
        #expect(a["advances"] as? String == "2000.00" && a["guaranteed"] as? String == "6000.00")
        #expect(a["surplus"] as? String == "7865.87")
        let shares = try #require(a["shares"] as? [[String: Any]])
        // 1 586 587 øre × 30/40 = 1 189 940.25 → 1 189 940; × 10/40 = 396 646.75 → 396 646; the øre left over
        // goes to the larger remainder (Ole's .75): 11899.40 and 3966.47. Both 396.65 per hour (rounded).
        #expect(shares.map { $0["roofer"] as? String } == ["Jens", "Ole"])
        #expect(shares.map { $0["hours"] as? String } == ["30", "10"])
        #expect(shares.map { $0["amount"] as? String } == ["11899.40", "3966.47"])
        #expect(shares.map { $0["hourly"] as? String } == ["396.65", "396.65"])
        // Balance = share − 150 × hours − the advance by hours (1500.00, 500.00): 5899.40 and 1966.47.
        #expect(shares.map { $0["balance"] as? String } == ["5899.40", "1966.47"])
        let table = try log.run(["roofing", "account", "Skolegade 4"]).stdout
        #expect(table.contains("15.865,87 kr.") && table.contains("11.899,40 kr.") && table.contains("Højdetillæg"))
    }

    @Test("account --pdf, --csv and --payroll: the union's form, its entries and each roofer's pay")
    func accountFiles() throws {
        let log = try IsolatedLog()
        try Self.makeProject(log)
        let pdf = log.dir.path("akkord.pdf")
        let csv = log.dir.path("akkord.csv")
        let payroll = log.dir.path("loen.csv")
        try log.run(["roofing", "account", "Skolegade 4", "--pdf", pdf, "--csv", csv, "--payroll", payroll])
        let text = try PDFTools(url: URL(fileURLWithPath: pdf)).text()
        // The amounts of accountContract, in Danish form, and the labels with their letters.
        for expected in [
            "Akkordopgørelse", "Skolegade 4", "1.571,65", "12.962,25", "15.865,87", "11.899,40", "3.966,47",
        ] {
            #expect(text.contains(expected), "\(expected) missing from the PDF")
        }
        let rows = try String(contentsOf: URL(fileURLWithPath: payroll), encoding: .utf8)
            .split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = rows.first.map { $0.map(String.init) } ?? []
        let roofer = try #require(header.firstIndex(of: "roofer"))
        let amount = try #require(header.firstIndex(of: "amount"))
        #expect(rows.dropFirst().map { String($0[roofer]) } == ["Jens", "Ole"])
        #expect(rows.dropFirst().map { String($0[amount]) } == ["11899.40", "3966.47"])
        let entries = try String(contentsOf: URL(fileURLWithPath: csv), encoding: .utf8)
        #expect(entries.contains("1571.65") && entries.contains("15865.87"))
        try log.run(["roofing", "account", "Skolegade 4", "--pdf", pdf, "--english"])
        #expect(try PDFTools(url: URL(fileURLWithPath: pdf)).text().contains("15.865,87"))
    }

    @Test("catalogue list, search (typo, accents) and export; a bad CSV names its line and column")
    func catalogues() throws {
        let log = try IsolatedLog()
        try log.run([
            "roofing", "catalogue", "import", Self.fixtures.appendingPathComponent("tagdaekning-2026.csv").path,
        ])
        let list = try #require(try log.json(["roofing", "catalogue", "list"]) as? [[String: Any]])
        #expect(list.map { $0["name"] as? String } == ["tagdaekning-2026"])
        #expect(list.first?["activities"] as? Int == 3 && list.first?["supplements"] as? Int == 1)
        let hits = try #require(try log.json(["roofing", "catalogue", "search", "nedlobsror"]) as? [[String: Any]])
        #expect(hits.first?["pos"] as? String == "12.3" && hits.first?["price"] as? String == "312.40")
        let typo = try #require(try log.json(["roofing", "catalogue", "search", "tagrnde"]) as? [[String: Any]])
        #expect(typo.first?["pos"] as? String == "12.2")
        let exported = try log.run(["roofing", "catalogue", "export", "TAGDAEKNING-2026", "--json", "-"]).stdout
        let json = try Self.object(exported)
        let activities = try #require(json["activities"] as? [[String: Any]])
        #expect(activities.map { $0["price"] as? String } == ["47.15", "1234.50", "312.40", "10"])
        try log.run(
            ["roofing", "catalogue", "import", Self.fixtures.appendingPathComponent("tagdaekning-2026.csv").path],
            expect: 65)
        let bad = try log.run(
            ["roofing", "catalogue", "import", Self.fixtures.appendingPathComponent("bad-price.csv").path], expect: 65)
        #expect(bad.stderr.contains("bad-price.csv: line 3, column 5 (price)"))
        let indexed = try log.run(
            [
                "roofing", "catalogue", "index", "tagdaekning-2026", "--from", "2026-13-01", "--percent", "2",
            ], expect: 64)
        #expect(indexed.stderr.contains("--from"))
    }

    @Test("a submitted account refuses changes; revise then submit makes version 2 in the history")
    func versions() throws {
        let log = try IsolatedLog()
        try Self.makeProject(log)
        try log.run(["roofing", "submit"])
        let refused = try log.run(["roofing", "edit", "Skolegade 4", "2", "--quantity", "12"], expect: 65)
        #expect(refused.stderr.contains("submitted"))
        try log.run(["roofing", "project", "delete", "Skolegade 4"], expect: 65)
        try log.run(["roofing", "revise", "Skolegade 4", "--reason", "gutter measured again"])
        try log.run(["roofing", "edit", "2", "--quantity", "12"])
        try log.run(["roofing", "submit", "Skolegade 4"])
        let history = try #require(try log.json(["roofing", "history"]) as? [[String: Any]])
        #expect(history.map { $0["version"] as? Int } == [1, 2])
        #expect(history.map { $0["author"] as? String } == ["units", "units"])
        #expect(history.map { $0["reason"] as? String } == ["submitted", "gutter measured again"])
        // 12 × 1234.50 = 14814.00 instead of 12962.25: the total rises by 1851.75 to 17717.62.
        #expect(history.map { $0["total"] as? String } == ["15865.87", "17717.62"])
        #expect((history[1]["changes"] as? String)?.contains("total 15865.87 → 17717.62") == true)
        let projects = try #require(try log.json(["roofing", "project", "list"]) as? [[String: Any]])
        #expect(projects.first?["status"] as? String == "submitted" && projects.first?["versions"] as? Int == 2)
    }

    @Test("usage mistakes name the option (exit 64)")
    func usage() throws {
        let log = try IsolatedLog()
        try Self.makeProject(log)
        let quantity = try log.run(["roofing", "add", "--pos", "12.1", "--quantity", "1,2345"], expect: 64)
        #expect(quantity.stderr.contains("--quantity"))
        let pos = try log.run(["roofing", "add", "--pos", "99.9", "--quantity", "1"], expect: 64)
        #expect(pos.stderr.contains("--pos 99.9"))
        let roofer = try log.run(["roofing", "project", "add", "Kirken", "--roofer", ":5"], expect: 64)
        #expect(roofer.stderr.contains("--roofer"))
        try log.run(["roofing", "project", "add", "skolegade 4"], expect: 65)
    }

    @Test("split --percent/--amount/--clear: the account's shares by hand; settle locks a submitted account")
    func splitAndSettle() throws {
        let log = try IsolatedLog()
        try Self.makeProject(log)
        func shares() throws -> [[String: Any]] {
            let a = try Self.object(try log.run(["roofing", "account", "Skolegade 4", "--format", "json"]).stdout)
            return try #require(a["shares"] as? [[String: Any]])
        }
        // 60 % and 40 % of 15865.87: 9519.522 → 9519.52 and 6346.348 → 6346.35; the advance of 2000 as 1200 and
        // 800; balances 9519.52 − 4500 − 1200 and 6346.35 − 1500 − 800.
        try log.run([
            "roofing", "split", "Skolegade 4", "--roofer", "Jens", "--percent", "60", "--roofer", "Ole",
            "--percent", "40",
        ])
        var s = try shares()
        #expect(s.map { $0["amount"] as? String } == ["9519.52", "6346.35"])
        #expect(s.map { $0["advance"] as? String } == ["1200.00", "800.00"])
        #expect(s.map { $0["balance"] as? String } == ["3819.52", "4046.35"])
        // Fixed amounts summing to the total; per hour 10000 / 30 = 333.33, 5865.87 / 10 = 586.587 → 586.59.
        try log.run([
            "roofing", "split", "--roofer", "Jens", "--amount", "10000", "--roofer", "Ole", "--amount",
            "5865,87",
        ])
        s = try shares()
        #expect(s.map { $0["amount"] as? String } == ["10000.00", "5865.87"])
        #expect(s.map { $0["hourly"] as? String } == ["333.33", "586.59"])
        // Refused: percentages not summing to 100, amounts not the total, a roofer not on the project.
        try log.run(
            ["roofing", "split", "--roofer", "Jens", "--percent", "60", "--roofer", "Ole", "--percent", "30"],
            expect: 65)
        try log.run(
            ["roofing", "split", "--roofer", "Jens", "--amount", "1", "--roofer", "Ole", "--amount", "2"],
            expect: 65)
        try log.run(
            ["roofing", "split", "--roofer", "Jens", "--percent", "60", "--roofer", "Per", "--percent", "40"],
            expect: 65)
        try log.run(["roofing", "split", "--roofer", "Jens", "--percent", "60", "--amount", "5"], expect: 64)
        #expect(try shares().map { $0["amount"] as? String } == ["10000.00", "5865.87"])
        try log.run(["roofing", "split", "Skolegade 4", "--clear"])
        #expect(try shares().map { $0["amount"] as? String } == ["11899.40", "3966.47"])
        // Settling needs a submitted account; after it nothing changes.
        try log.run(["roofing", "settle", "Skolegade 4"], expect: 65)
        try log.run(["roofing", "submit", "Skolegade 4"])
        try log.run(["roofing", "settle", "Skolegade 4"])
        let projects = try #require(try log.json(["roofing", "project", "list"]) as? [[String: Any]])
        #expect(projects.first?["status"] as? String == "settled")
        let history = try #require(try log.json(["roofing", "history", "Skolegade 4"]) as? [[String: Any]])
        #expect(history.map { $0["reason"] as? String } == ["submitted", "settled"])
        try log.run(["roofing", "settle", "Skolegade 4"], expect: 65)
        try log.run(["roofing", "split", "--clear"], expect: 65)
        try log.run(["roofing", "revise", "Skolegade 4", "--reason", "late"], expect: 65)
    }
}
