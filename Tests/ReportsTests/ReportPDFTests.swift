import Foundation
import LogbookTestSupport
import Reports
import Testing
import TrackModel
import ReportDocuments

@Suite("ReportPDF") struct ReportPDFTests {
    /// The 1,000-trip month, rendered once for the tests that read it.
    static let month = SampleReport.month(trips: 1_000)

    @Test func thousandTripsBreakAcrossPagesWithTheHeaderRowRepeated() throws {
        let bytes = try ReportPDF(paper: .a4).render(Self.month)
        let pdf = try PDFTools(bytes: bytes, name: "month")
        defer { pdf.remove() }
        if let keep = ProcessInfo.processInfo.environment["LOGBOOK_KEEP_PDF"] {
            try Data(bytes).write(to: URL(fileURLWithPath: keep))
        }
        let info = try pdf.info()
        let pages = try #require(Int(info["Pages"] ?? ""))
        #expect(pages > 10)
        #expect(info["Page size"]?.hasPrefix("595.276 x 841.89 pts") == true)
        #expect(info["Title"] == "Vehicle log 2026-10 — 123ABC")
        #expect(info["Author"] == "Mari Õunapuu")

        // Page 2 starts with the running header and the table's header row again, then trips.
        let page2 = try pdf.text(first: 2, last: 2)
        #expect(page2.contains("Vehicle log 2026-10 — 123ABC · Mari Õunapuu"))
        #expect(page2.contains("Trip"))
        #expect(page2.contains("Odometer"))
        #expect(page2.contains("Purpose"))
        #expect(page2.contains("Page 2 of \(pages)"))

        let all = try pdf.text()
        // Every trip shows up exactly once (refs 1000...1999, "1007 *" for edited ones).
        for ref in [1_000, 1_001, 1_500, 1_999] { #expect(all.contains(String(ref))) }
        // Unicode names, as pdftotext extracts them from the embedded font's Unicode map (words, as the table wraps).
        for name in [
            "Mari Õunapuu", "Põhja Logistika OÜ", "Škoda Octavia", "Müller", "Söhne", "Straßenbau", "Süd", "Åsa",
            "Öberg", "Jõgeva", "Hämeen", "Võru", "Pärnu",
        ] {
            #expect(all.contains(name), "missing \(name)")
        }
        #expect(all.contains("Page \(pages) of \(pages)"))
    }

    @Test func lastPagesShowTotalsHistoryAndSignature() throws {
        let document = Self.month
        let bytes = try ReportPDF().render(document)
        let pdf = try PDFTools(bytes: bytes, name: "totals")
        defer { pdf.remove() }
        let text = try pdf.text()
        let totals = document.totals
        // The figures themselves are checked against hand-computed values in ReportTotalsTests; here they must
        // appear in the PDF as printed.
        #expect(text.contains("Totals"))
        #expect(text.contains("Private share of distance: \(totals.privateShareText) %"))
        #expect(text.contains("= \(totals.reimbursementText) EUR"))
        #expect(text.contains(totals.totalDistanceText))
        #expect(text.contains("Edit history"))
        #expect(text.contains("Fleet admin"))
        #expect(text.contains("1003 *"))
        #expect(text.contains("Jogeva Vesi"))
        #expect(text.contains("I confirm that this vehicle log is complete and correct."))
        #expect(text.contains("Signature — Mari Õunapuu"))
    }

    @Test func smallDocumentTotalsAsPrinted() throws {
        let document = ReportTotalsTests.handDocument
        let pdf = try PDFTools(bytes: try ReportPDF().render(document), name: "small")
        defer { pdf.remove() }
        let text = try pdf.text()
        // Hand-computed in ReportTotalsTests: business 12.3 + 0.3 + 100.0 = 112.6 km at 0.30 EUR = 33.78 EUR.
        #expect(text.contains("Reimbursement: 112.6 km business × 0.30 EUR/km = 33.78 EUR"))
        #expect(text.contains("Private share of distance: 23.9 %"))
        #expect(try pdf.info()["Pages"] == "1")
    }

    @Test(arguments: [
        (ReportPDF.Paper.a4, "595.276 x 841.89 pts (A4)"), (ReportPDF.Paper.letter, "612 x 792 pts (letter)"),
    ])
    func paperSize(paper: ReportPDF.Paper, expected: String) throws {
        let pdf = try PDFTools(bytes: try ReportPDF(paper: paper).render(SampleReport.month(trips: 40)), name: "paper")
        defer { pdf.remove() }
        #expect(try pdf.info()["Page size"] == expected)
    }

    @Test func embedsDejaVuSans() throws {
        let pdf = try PDFTools(bytes: try ReportPDF().render(SampleReport.month(trips: 5)), name: "fonts")
        defer { pdf.remove() }
        let fonts = try pdf.fonts()
        #expect(fonts.contains("DejaVuSans"))
        #expect(fonts.contains("DejaVuSans-Bold"))
    }

    @Test func sameDocumentSameBytes() throws {
        let document = SampleReport.month(trips: 60)
        let first = try ReportPDF().render(document)
        let second = try ReportPDF().render(document)
        #expect(first == second)
        #expect(first.starts(with: Array("%PDF-".utf8)))
        let text = String(decoding: first, as: UTF8.self)
        // Cairo 1.16 writes the date without PDF's "D:" prefix; pdfinfo reads it all the same.
        #expect(text.contains("/CreationDate (20261101060000Z)"))
        let pdf = try PDFTools(bytes: first, name: "dates")
        defer { pdf.remove() }
        #expect(try pdf.info()["CreationDate"] == "Sun Nov  1 06:00:00 2026 UTC")
    }

    @Test func emptyMonth() throws {
        var document = SampleReport.month(trips: 0)
        document.edits = []
        let pdf = try PDFTools(bytes: try ReportPDF().render(document), name: "empty")
        defer { pdf.remove() }
        let text = try pdf.text()
        #expect(text.contains("No trips in this period."))
        #expect(text.contains("No trip was changed after it was entered."))
        #expect(text.contains("Page 1 of 1"))
    }

    @Test func writesTheFileAtomically() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(getpid()).pdf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let document = SampleReport.month(trips: 3)
        try ReportPDF().write(document, to: path)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == (try ReportPDF().render(document)))
        let error = #expect(throws: ReportError.self) {
            try ReportPDF().write(document, to: "/nonexistent-dir/report.pdf")
        }
        #expect(error?.code == .output)
        #expect(error?.description.contains("/nonexistent-dir/report.pdf") == true)
    }
}
