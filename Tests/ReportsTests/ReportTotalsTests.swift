import Reports
import Testing
import TrackModel
import ReportDocuments

@Suite("ReportTotals") struct ReportTotalsTests {
    static let start = Timestamp(year: 2026, month: 10, day: 5, hour: 6)!

    static func row(_ ref: String, _ metres: Double, _ category: ReportCategory) -> ReportRow {
        ReportRow(ref: ref, start: start, end: start + 1_800, distanceMetres: metres, category: category)
    }

    /// Figures worked out by hand:
    /// business 12,345 m → 12.3 km; 250 m → 0.25 km → 0.3 km (half away from zero); 100,000 m → 100.0 km
    /// private 36,900 m → 36.9 km; commute 5,049 m → 5.0 km
    /// business 112.6, private 36.9, commute 5.0, total 154.5 km; private share 36.9 / 154.5 = 23.88 % → 23.9 %;
    /// reimbursement 112.6 × 0.30 = 33.78 EUR.
    static let handDocument = ReportDocument(
        header: ReportHeader(
            personName: "Jürgen Groß", company: "Straßenbau Süd GmbH", vehiclePlate: "B-XY 123",
            periodLabel: "2026-10", rate: ReimbursementRate(currency: "EUR", decimal: "0.30"),
            createdAt: Timestamp(year: 2026, month: 11, day: 1)!),
        rows: [
            row("1", 12_345, .business), row("2", 250, .business), row("3", 100_000, .business),
            row("4", 36_900, .private), row("5", 5_049, .commute),
        ])

    @Test func handComputedTotals() {
        let totals = Self.handDocument.totals
        #expect(totals.distanceTenths(.business) == 1_126)
        #expect(totals.distanceTenths(.private) == 369)
        #expect(totals.distanceTenths(.commute) == 50)
        #expect(totals.totalDistanceTenths == 1_545)
        #expect(totals.trips == [.business: 3, .private: 1, .commute: 1])
        #expect(totals.totalTrips == 5)
        #expect(totals.privateShareTenthsPercent == 239)
        #expect(totals.reimbursementHundredths == 3_378)
        #expect(totals.distanceText(.business) == "112.6")
        #expect(totals.totalDistanceText == "154.5")
        #expect(totals.privateShareText == "23.9")
        #expect(totals.reimbursementText == "33.78")
    }

    @Test(arguments: [
        // rate, expected cents: 112.6 km × rate, rounded half up to the cent.
        ("0.30", 3_378), ("0.455", 5_123),  // 51.233
        ("0.125", 1_408),  // 14.075 → 14.08
        ("0", 0), ("2.5", 28_150),
    ])
    func reimbursementRounding(rate: String, cents: Int64) throws {
        var document = Self.handDocument
        let parsed: ReimbursementRate = try #require(ReimbursementRate(currency: "EUR", decimal: rate))
        document.header.rate = parsed
        #expect(document.totals.reimbursementHundredths == cents)
    }

    @Test func noRateNoReimbursement() {
        var document = Self.handDocument
        document.header.rate = nil
        #expect(document.totals.reimbursementHundredths == nil)
        #expect(document.totals.reimbursementText == "")
    }

    @Test func nothingDrivenHasNoShare() {
        let document = ReportDocument(header: Self.handDocument.header, rows: [])
        #expect(document.totals.privateShareTenthsPercent == nil)
        #expect(document.totals.privateShareText == "")
        #expect(document.totals.reimbursementText == "0.00")
    }

    @Test func miles() {
        var document = Self.handDocument
        document.header.unit = .miles
        // 1 mi = 1,609.344 m. 16,093.44 m = 10.0 mi; 2,413.6 m = 1.4997 mi → 1.5 mi; private 804.672 m = 0.5 mi.
        document.rows = [
            Self.row("1", 16_093.44, .business), Self.row("2", 2_413.6, .business), Self.row("3", 804.672, .private),
        ]
        let totals = document.totals
        #expect(totals.distanceTenths(.business) == 115)
        #expect(totals.distanceTenths(.private) == 5)
        #expect(totals.reimbursementText == "3.45")  // 11.5 mi × 0.30
        #expect(totals.privateShareText == "4.2")  // 0.5 / 12.0 = 4.17 %
    }

    @Test(arguments: [
        ("0.30", 3_000 as Int64), ("0.3", 3_000), ("2.5", 25_000), ("0.4550", 4_550), ("12", 120_000),
        (" 0.30 ", 3_000),
    ])
    func rateFromDecimalText(text: String, expected: Int64) {
        #expect(ReimbursementRate(currency: "EUR", decimal: text)?.tenThousandthsPerUnit == expected)
    }

    @Test(arguments: ["", ".5", "0.", "0.12345", "-0.3", "1e3", "0,30", "abc", "1.2.3"])
    func rateRejects(text: String) {
        #expect(ReimbursementRate(currency: "EUR", decimal: text) == nil)
    }

    @Test(arguments: [(3_000 as Int64, "0.30"), (4_550, "0.455"), (25_000, "2.50"), (1, "0.0001"), (0, "0.00")])
    func rateText(tenThousandths: Int64, expected: String) {
        #expect(ReimbursementRate(currency: "EUR", tenThousandthsPerUnit: tenThousandths).decimalText == expected)
    }

    @Test func rateFromDouble() {
        #expect(ReimbursementRate(currency: "GBP", perUnit: 0.45)?.tenThousandthsPerUnit == 4_500)
        #expect(ReimbursementRate(currency: "GBP", perUnit: -1) == nil)
        #expect(ReimbursementRate(currency: "GBP", perUnit: .nan) == nil)
    }

    @Test func title() {
        #expect(Self.handDocument.title == "Vehicle log 2026-10 — B-XY 123")
    }
}
