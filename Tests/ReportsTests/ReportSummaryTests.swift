import Reports
import Testing
import TrackModel
import ReportDocuments

@Suite("Report summary") struct ReportSummaryTests {
    @Test func summaryTextForTheMail() {
        // The hand-computed document of ReportTotalsTests: 112.6 business, 36.9 private, 5.0 commute.
        let expected = """
            Vehicle log 2026-10 — B-XY 123

            Name: Jürgen Groß
            Company: Straßenbau Süd GmbH
            Vehicle: B-XY 123
            Period: 2026-10

            Trips: 5
            Business: 112.6 km (3 trips)
            Private: 36.9 km (1 trip)
            Commute: 5.0 km (1 trip)
            Total: 154.5 km
            Private share: 23.9 %
            Reimbursement: 112.6 km × 0.30 EUR/km = 33.78 EUR

            The full log is attached as CSV and PDF.

            """
        #expect(ReportTotalsTests.handDocument.summaryText == expected)
    }

    @Test(arguments: [
        ("2026-10", "123ABC", "vehicle-log-2026-10-123ABC"), ("2026-10", "B-XY 123", "vehicle-log-2026-10-B-XY-123"),
        ("2026-10", "", "vehicle-log-2026-10"), ("2026-Q4", "ÖÄ 12/3", "vehicle-log-2026-Q4-12-3"),
    ])
    func fileStem(period: String, plate: String, expected: String) {
        var document = ReportTotalsTests.handDocument
        document.header.periodLabel = period
        document.header.vehiclePlate = plate
        #expect(document.fileStem == expected)
    }
}
