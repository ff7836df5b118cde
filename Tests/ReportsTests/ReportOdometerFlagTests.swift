import LogbookTestSupport
import Reports
import Testing
import TrackModel
import ReportDocuments

/// Issue 11 §2: the report marks the trips where the odometer chain is broken — a ⚠ on the row and a note under
/// the table in the PDF, a column in the CSV.
@Suite struct ReportOdometerFlagTests {
    static let document: ReportDocument = {
        let header = ReportHeader(
            personName: "Mari Maasikas", vehiclePlate: "123ABC", periodLabel: "2026-11",
            createdAt: Timestamp(year: 2026, month: 12, day: 1, hour: 7)!)
        let morning = Timestamp(year: 2026, month: 11, day: 20, hour: 8)!
        return ReportDocument(
            header: header,
            rows: [
                ReportRow(
                    ref: "1", start: morning, end: morning + 1_800, odometerStart: 12_864, odometerEnd: 12_906,
                    distanceMetres: 42_000, category: .private),
                ReportRow(
                    ref: "3", start: morning + 7_200, end: morning + 9_000, odometerStart: 12_924, odometerEnd: 12_964,
                    distanceMetres: 40_000, category: .private,
                    odometerFlag: "gap of 18.0 km after trip 1 that no trip accounts for"),
            ])
    }()

    @Test func thePDFMarksTheRowAndExplainsIt() throws {
        let pdf = try PDFTools(bytes: try ReportPDF().render(Self.document), name: "odometer-flag")
        defer { pdf.remove() }
        let text = try pdf.text()
        #expect(text.contains("12924 ⚠"), "\(text)")
        #expect(!text.contains("12864 ⚠"))
        #expect(text.contains("The odometer chain is broken at these trips:"))
        #expect(text.contains("Trip 3: gap of 18.0 km after trip 1 that no trip accounts for"))
    }

    @Test func theCSVHasTheFlagInItsOwnColumn() {
        let csv = String(
            decoding: ReportCSV(byteOrderMark: false, layout: .tripsOnly).render(Self.document), as: UTF8.self)
        let lines = csv.split(separator: "\r\n").map(String.init)
        #expect(lines.first?.hasSuffix(",Edited,Odometer check,Estimated") == true, "\(csv)")
        #expect(lines[1].hasSuffix(",Private,,,,,,"), "\(lines[1])")
        #expect(
            lines[2].hasSuffix(",Private,,,,,gap of 18.0 km after trip 1 that no trip accounts for,"), "\(lines[2])")
    }
}
