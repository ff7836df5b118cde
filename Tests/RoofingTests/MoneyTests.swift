import Foundation
import Testing

@testable import Roofing

@Suite("Roofing accounts: exact money, quantities, parsing and formatting")
struct MoneyTests {
    @Test(
        "amounts as people write them",
        arguments: [
            ("1234.50", 123_450), ("1234,50", 123_450), ("1.234,50", 123_450), ("1,234.50", 123_450),
            ("-1.234,50", -123_450), ("1 234,50", 123_450), ("12", 1_200), ("0,5", 50), (",5", 50),
            ("1.234.567,89", 123_456_789), ("1,234,567.89", 123_456_789), ("+7.05", 705),
            // A single separator before exactly three digits groups thousands when only two decimals are allowed.
            ("1.234", 123_400), ("1,234", 123_400),
        ] as [(String, Int64)])
    func parsesAmounts(text: String, minorUnits: Int64) throws {
        #expect(try Money(parsing: text).minorUnits == minorUnits)
    }

    @Test(
        "bad amounts are refused, naming the field",
        arguments: ["abc", "1,2,3", "1.23.45", "", "12,345.678", "1.234,5,6", "12kr", "--1"])
    func refusesAmounts(text: String) {
        let error = roofingError { _ = try Money(parsing: text, field: "--amount") }
        #expect(error?.code == .invalid)
        #expect(error?.path == "--amount")
    }

    @Test("quantities keep three decimals; a fourth is refused")
    func quantities() throws {
        #expect(try Quantity(parsing: "33,333").thousandths == 33_333)
        #expect(try Quantity(parsing: "33.333").thousandths == 33_333)
        #expect(try Quantity(parsing: "1.234,567").thousandths == 1_234_567)
        #expect(try Quantity(parsing: "12.5").description == "12.5")
        #expect(Quantity(thousandths: 7_000).description == "7")
        #expect(Quantity(thousandths: -2_250).danish == "-2,25")
        let error = roofingError { _ = try Quantity(parsing: "1.2345", field: "--quantity") }
        #expect(error?.path == "--quantity")
        #expect(error?.message.contains("at most 3 decimals") == true)
    }

    @Test("the contract's form has exactly two places and a leading minus; the Danish form groups thousands")
    func formatting() {
        #expect(Money(minorUnits: 123_450).description == "1234.50")
        #expect(Money(minorUnits: -123_450).description == "-1234.50")
        #expect(Money(minorUnits: -5).description == "-0.05")
        #expect(Money(minorUnits: 0).description == "0.00")
        #expect(Money(minorUnits: 123_450).danish() == "1.234,50 kr.")
        #expect(Money(minorUnits: -123_456_789).danish() == "-1.234.567,89 kr.")
        #expect(Money(minorUnits: 99).danish(currency: "EUR") == "0,99 EUR")
    }

    @Test("each line is rounded to øre, the total is the sum of the rounded lines")
    func threeTimesThirtyThree() throws {
        // 33.333 m² × 47.15 kr/m² = 1571.65095 → 1571.65 each; 3 × 1571.65 = 4714.95.
        // (Rounding the unrounded sum 4714.95285 happens to give 4714.95 as well; the next case shows a difference.)
        var project = try Project(name: "Roof")
        let tiles = activity("12.1.1", "Tagdækning", "Tagsten", .squareMetre, "47.15")
        for _ in 0..<3 { try project.add(tiles, quantity: qty("33.333")) }
        #expect(project.lines.map(\.amount.description) == ["1571.65", "1571.65", "1571.65"])
        #expect(try Account(project).total.description == "4714.95")

        // 1.5 stk × 0.33 = 0.495 → 0.50 each; three lines 1.50, where rounding the sum 1.485 would give 1.49.
        var small = try Project(name: "Small")
        let clip = activity("7.1", "Beslag", "Clips", .piece, "0.33")
        for _ in 0..<3 { try small.add(clip, quantity: qty("1.5")) }
        #expect(try Account(small).total.description == "1.50")
    }

    @Test("half away from zero, also for negative lines")
    func halfAwayFromZero() {
        // 2.5 × 47.15 = 117.875 → 117.88; −2.5 × 47.15 = −117.875 → −117.88 (not −117.87).
        #expect(money("47.15").times(qty("2.5")).description == "117.88")
        #expect(money("47.15").times(qty("-2.5")).description == "-117.88")
        // 0.001 × 4.99 = 0.00499 → 0.00; 0.001 × 5.00 = 0.005 → 0.01.
        #expect(money("4.99").times(qty("0.001")).description == "0.00")
        #expect(money("5.00").times(qty("0.001")).description == "0.01")
    }

    @Test("large quantities at large prices without overflow or lost precision")
    func largeQuantities() throws {
        // 999 999.999 × 99 999.99 = 99 999 999 900 − 9 999.99999 = 99 999 989 900.00001 → 99 999 989 900.00.
        let amount = money("99999.99").times(qty("999999.999"))
        #expect(amount.minorUnits == 9_999_998_990_000)
        #expect(amount.description == "99999989900.00")
        // A price whose product ends in …5 in the third decimal: 999 999.999 × 0.05 = 49 999.99995 → 50 000.00.
        #expect(money("0.05").times(qty("999999.999")).description == "50000.00")
        // Three such lines add up exactly.
        var project = try Project(name: "Warehouse")
        let big = activity("1.1", "A", "Big", .squareMetre, "99999.99")
        for _ in 0..<3 { try project.add(big, quantity: qty("999999.999")) }
        #expect(try Account(project).total.description == "299999969700.00")
    }

    @Test("negative lines reduce the total")
    func negativeLines() throws {
        var project = try Project(name: "Roof")
        let gutter = activity("12.3.4", "Tagrender", "Tagrende", .runningMetre, "147.50")
        try project.add(gutter, quantity: 20)  // 2950.00
        try project.add(gutter, quantity: qty("-2.5"), note: "measured again")  // −368.75
        #expect(try Account(project).total.description == "2581.25")
    }

    @Test("money and quantities encode as exact strings")
    func coding() throws {
        let line = AccountLine(
            position: "1", section: "", name: "x", unit: .piece, quantity: qty("2.5"), unitPrice: money("10"))
        let data = try JSONEncoder().encode(line)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"quantity\":\"2.5\""))
        #expect(text.contains("\"unitPrice\":\"10.00\""))
        #expect(try JSONDecoder().decode(AccountLine.self, from: data) == line)
    }
}
