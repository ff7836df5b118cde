import Foundation
import Testing

@testable import Roofing

@Suite("Roofing accounts: supplements, totals, surplus, shares, versions")
struct AccountTests {
    /// Lines 4715.00 + 2950.00; supplements 368.75 + 153.30; extra work 713.75; deduction 200.00; advance 2000.00;
    /// Anne 20 h and Bo 15.5 h at a guaranteed 150.00 kr/h.
    static func project() throws -> Project {
        var project = try Project(
            name: "Skolevej 4", address: "Skolevej 4, 8000 Aarhus", customer: "Tag & Co", start: date("2026-05-04"),
            end: date("2026-05-08"), catalogue: "Tagdækning 2026", guaranteedHourlyRate: money("150.00"),
            roofers: [Roofer(name: "Anne", hours: 20), Roofer(name: "Bo", hours: qty("15.5"))])
        try project.add(activity("12.1.1", "Tagdækning", "Tagsten", .squareMetre, "47.15"), quantity: 100)  // 4715.00
        try project.add(activity("12.3.4", "Tagrender", "Tagrende", .runningMetre, "147.50"), quantity: 20)  // 2950.00
        // 12.5 % of the Tagrender section: 2950.00 × 0.125 = 368.75.
        try project.addSupplement(
            SupplementLine(position: "90.1", name: "Højdetillæg", percent: qty("12.5"), base: .section("Tagrender")))
        // 2 % of all measured lines: 7665.00 × 0.02 = 153.30.
        try project.addSupplement(SupplementLine(position: "90.2", name: "Vintertillæg", percent: 2, base: .account))
        // 2.5 h × 285.50 = 713.75.
        try project.addExtraWork(ExtraWork(text: "Skifte lægter", pricing: .hours(qty("2.5"), rate: money("285.50"))))
        try project.addDeduction(Deduction(text: "Materialer leveret", amount: money("200")))
        try project.addAdvance(Advance(date: date("2026-05-06"), amount: money("2000")))
        return project
    }

    @Test("total, surplus and shares by hours, by hand")
    func account() throws {
        let account = try Account(Self.project())
        #expect(account.linesTotal.description == "7665.00")
        #expect(account.supplements.map(\.amount.description) == ["368.75", "153.30"])
        #expect(account.extraWorkTotal.description == "713.75")
        // 7665.00 + 522.05 + 713.75 − 200.00 = 8700.80.
        #expect(account.total.description == "8700.80")
        // Guaranteed: 20 × 150 = 3000.00 and 15.5 × 150 = 2325.00; surplus 8700.80 − 5325.00 − 2000.00 = 1375.80.
        #expect(account.guaranteed.description == "5325.00")
        #expect(account.surplus.description == "1375.80")
        // 8700.80 / 35.5 h = 245.0929… → 245.09 kr/h. Anne 870080 øre × 20/35.5 = 490185.915…, Bo × 15.5/35.5 =
        // 379894.084…: floors sum to 870079, the øre left goes to the larger remainder (Anne): 4901.86 and 3798.94.
        #expect(account.hourly?.description == "245.09")
        #expect(account.shares.map(\.amount.description) == ["4901.86", "3798.94"])
        #expect(account.shares.map { $0.hourly?.description } == ["245.09", "245.09"])
        // Advances by hours: 112676.056… and 87323.943… øre; the øre left goes to Bo: 1126.76 and 873.24.
        #expect(account.shares.map(\.advance.description) == ["1126.76", "873.24"])
        // Balances: 4901.86 − 3000.00 − 1126.76 = 775.10; 3798.94 − 2325.00 − 873.24 = 600.70; together the surplus.
        #expect(account.shares.map(\.balance.description) == ["775.10", "600.70"])
        #expect(account.shares.reduce(Money.zero) { $0 + $1.balance } == account.surplus)
    }

    @Test(
        "shares sum exactly to the total with awkward hours",
        arguments: [
            // 1000.00 / 21 h: 333.333… each; one øre left, to the first listed.
            ("1000.00", ["7", "7", "7"], ["333.34", "333.33", "333.33"]),
            // 100000 øre × 7.5/17.75 = 42253.52…, × 7.25/17.75 = 40845.07…, × 3/17.75 = 16901.40…: first gets it.
            ("1000.00", ["7.5", "7.25", "3"], ["422.54", "408.45", "169.01"]),
            // 0.02 / 3: floors 0, 0, 0; two øre to the first two (equal remainders, list order).
            ("0.02", ["1", "1", "1"], ["0.01", "0.01", "0.00"]),
            // A negative total (deductions larger than the work) is shared the same way: −333.34, −333.33, −333.33.
            ("-1000.00", ["7", "7", "7"], ["-333.34", "-333.33", "-333.33"]),
            // A roofer without hours gets nothing.
            ("999.99", ["0", "8", "1"], ["0.00", "888.88", "111.11"]),
        ] as [(String, [String], [String])])
    func awkwardHours(total: String, hours: [String], expected: [String]) throws {
        let parts = try Account.allocate(money(total), weights: hours.map { Int128(qty($0).thousandths) })
        #expect(parts.map(\.description) == expected)
        #expect(parts.reduce(Money.zero, +) == money(total))
    }

    @Test("a project of 1000.00 kr. for three roofers with 7 hours each")
    func sevenSevenSeven() throws {
        var project = try Project(
            name: "P", roofers: [Roofer(name: "A", hours: 7), Roofer(name: "B", hours: 7), Roofer(name: "C", hours: 7)])
        try project.addExtraWork(ExtraWork(text: "Akkord", pricing: .fixed(money("1000"))))
        let account = try Account(project)
        #expect(account.shares.map(\.amount.description) == ["333.34", "333.33", "333.33"])
        #expect(account.hourly?.description == "47.62")  // 1000 / 21 = 47.619…
    }

    @Test("an agreed split by percentages or fixed amounts")
    func agreedSplit() throws {
        var project = try Project(
            name: "P",
            roofers: [Roofer(name: "A", hours: 10), Roofer(name: "B", hours: 10), Roofer(name: "C", hours: 5)])
        try project.addExtraWork(ExtraWork(text: "Akkord", pricing: .fixed(money("1000.01"))))
        // 50/30/20 % of 1000.01: 500.005, 300.003, 200.002 → floors 500.00, 300.00, 200.00; the øre to A.
        try project.setAgreedSplit(.percentages(["A": 50, "B": 30, "C": 20]))
        var account = try Account(project)
        #expect(account.split == .percentages)
        #expect(account.shares.map(\.amount.description) == ["500.01", "300.00", "200.00"])
        #expect(account.shares.map { $0.hourly?.description } == ["50.00", "30.00", "40.00"])

        try project.setAgreedSplit(.amounts(["A": money("600"), "B": money("300.01"), "C": money("100")]))
        account = try Account(project)
        #expect(account.shares.map(\.amount.description) == ["600.00", "300.01", "100.00"])

        try project.setAgreedSplit(.amounts(["A": money("600"), "B": money("300"), "C": money("100")]))
        #expect(
            roofingError { _ = try Account(project) }?.message
                == "the agreed amounts sum to 1000.00, the total to share is 1000.01")
        try project.setAgreedSplit(.percentages(["A": 50, "B": 30]))
        #expect(roofingError { _ = try Account(project) }?.message == "the agreed split leaves out C")
        try project.setAgreedSplit(.percentages(["A": 50, "B": 30, "C": 19]))
        #expect(roofingError { _ = try Account(project) }?.path == "split")
    }

    @Test("no hours: the account still shows its total, unshared, and cannot be submitted")
    func noHours() throws {
        var project = try Project(name: "P", roofers: [Roofer(name: "A")])
        try project.addExtraWork(ExtraWork(text: "x", pricing: .fixed(money("1"))))
        let account = try Account(project)
        #expect(account.total.description == "1.00")
        #expect(account.shares.map(\.amount) == [.zero])
        #expect(account.unshared.description == "1.00")
        var history = ProjectHistory(project: project)
        #expect(roofingError { try history.submit(by: "A", at: Date()) }?.path == "roofers")
        #expect(roofingError { _ = try Account.allocate(money("1"), weights: [0]) }?.code == .invalid)
    }

    @Test("a supplement on a supplement is refused; a supplement is not a line")
    func supplementOnSupplement() throws {
        var project = try Self.project()
        let error = roofingError {
            try project.addSupplement(
                SupplementLine(position: "90.3", name: "Tillæg på tillæg", percent: 5, base: .positions(["90.1"])))
        }
        #expect(error?.code == .refused)
        #expect(error?.message.contains("a supplement on a supplement") == true)
        // Also when the catalogue says the base position is a supplement, though it is not on the project yet.
        let catalogue = try Catalogue(
            name: "T",
            activities: [try Activity(supplement: "91.1", section: "T", name: "Weekend", percent: 10, base: .account)])
        let onCatalogue = roofingError {
            try project.addSupplement(
                SupplementLine(position: "90.4", name: "X", percent: 1, base: .positions(["91.1"])),
                catalogue: catalogue)
        }
        #expect(onCatalogue?.code == .refused)
        let asLine = roofingError { try project.add(catalogue.activity("91.1")!, quantity: 1) }
        #expect(asLine?.code == .refused)
        // Supplements on named positions take only those measured lines: 3 % of 4715.00 = 141.45.
        try project.addSupplement(
            SupplementLine(position: "90.5", name: "Skorsten", percent: 3, base: .positions(["12.1.1"])))
        #expect(try Account(project).supplements.last?.amount.description == "141.45")
    }

    @Test("the account's JSON contract: amounts as strings with two places")
    func jsonContract() throws {
        let data = try Account(Self.project()).json()
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for key in [
            "project", "lines", "supplements", "extra_work", "deductions", "total", "advances", "surplus", "shares",
        ] {
            #expect(root[key] != nil, "missing \(key)")
        }
        #expect(root["project"] as? String == "Skolevej 4")
        #expect(root["total"] as? String == "8700.80")
        #expect(root["advances"] as? String == "2000.00")
        #expect(root["surplus"] as? String == "1375.80")
        let line = try #require((root["lines"] as? [[String: Any]])?.first)
        #expect(line["pos"] as? String == "12.1.1")
        #expect(line["unit"] as? String == "m²")
        #expect(line["quantity"] as? String == "100")
        #expect(line["unit_price"] as? String == "47.15")
        #expect(line["amount"] as? String == "4715.00")
        #expect((root["deductions"] as? [[String: Any]])?.first?["amount"] as? String == "-200.00")
        let share = try #require((root["shares"] as? [[String: Any]])?.first)
        #expect(share["roofer"] as? String == "Anne")
        #expect(share["hours"] as? String == "20")
        #expect(share["amount"] as? String == "4901.86")
        #expect(share["hourly"] as? String == "245.09")
    }

    @Test("a submitted account is locked; changes after that are versions with who, when and what")
    func versions() throws {
        var history = ProjectHistory(project: try Self.project())
        try history.edit { project throws(RoofingError) in try project.setHours(21, for: "Anne") }
        let submitted = try history.submit(by: "Anne", at: Date(timeIntervalSince1970: 1_778_000_000))
        #expect(submitted.number == 1)
        #expect(history.project.status == .submitted)

        var locked = history.project
        let error = roofingError { try locked.add(activity("1", "A", "B", .piece, "1"), quantity: 1) }
        #expect(error?.code == .locked)
        #expect(
            roofingError { try history.edit { project throws(RoofingError) in try project.setHours(1, for: "Bo") } }?
                .code == .locked)

        let version = try history.revise(
            by: "Bo", at: Date(timeIntervalSince1970: 1_778_100_000), reason: "measured again"
        ) {
            project throws(RoofingError) in
            try project.editLine(at: 1, quantity: 22)  // 22 × 147.50 = 3245.00 (+295.00)
        }
        #expect(version.number == 2)
        #expect(version.author == "Bo")
        #expect(history.project.status == .submitted)
        // The section supplement grows by 12.5 % of 295.00 = 36.875 → 36.88 (368.75 → 405.63, i.e. 405.625 → 405.63)
        // and the account supplement by 2 % of 295.00 = 5.90: 8700.80 + 295.00 + 36.88 + 5.90 = 9038.58.
        #expect(
            version.changes == [
                "removed line 12.3.4 20 lbm × 147.50", "added line 12.3.4 22 lbm × 147.50", "total 8700.80 → 9038.58",
            ])
        #expect(history.versions[0].project.lines[1].quantity == 20)
        #expect(
            roofingError { try history.revise(by: "Bo", at: Date(), reason: "nothing") { _ throws(RoofingError) in } }?
                .code == .refused)

        try history.settle(by: "Anne", at: Date(timeIntervalSince1970: 1_778_200_000))
        let settled = roofingError {
            try history.revise(by: "Bo", at: Date(), reason: "late") { project throws(RoofingError) in
                try project.editLine(at: 0, quantity: 1)
            }
        }
        #expect(settled?.code == .locked)
        #expect(history.versions.count == 3)
    }
}
