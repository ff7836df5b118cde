import Foundation
import LogbookTestSupport
import Reports
import Testing
import TrackModel
import ReportDocuments

/// Issue 11 §6: the PDF never cuts a purpose, partner or destination, and text in scripts DejaVu Sans lacks is set
/// in a fallback font fontconfig finds rather than printed as boxes.
struct ReportPDFTextTests {
    static func document(purpose: String, partner: String, destination: String) -> ReportDocument {
        let start = Timestamp(year: 2026, month: 10, day: 5, hour: 7)!
        return ReportDocument(
            header: ReportHeader(
                personName: "Mari Õunapuu", vehiclePlate: "123ABC", periodLabel: "2026-10",
                createdAt: Timestamp(year: 2026, month: 11, day: 1)!),
            rows: [
                ReportRow(
                    ref: "1", start: start, end: start + 1_800, distanceMetres: 12_300, category: .business,
                    purpose: purpose, partner: partner, destination: destination),
                ReportRow(
                    ref: "2", start: start + 7_200, end: start + 9_000, distanceMetres: 4_000, category: .private),
            ])
    }

    static func words(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }

    @Test func longTextWrapsWithinItsCellAndIsNeverCut() throws {
        let purpose = (1...40).map { "purpose\($0)" }.joined(separator: " ")
        let partner = (1...25).map { "partner\($0)" }.joined(separator: " ")
        let destination = (1...25).map { "place\($0)" }.joined(separator: " ")
        let pdf = try PDFTools(
            bytes: try ReportPDF().render(Self.document(purpose: purpose, partner: partner, destination: destination)),
            name: "wrap")
        defer { pdf.remove() }
        let text = try pdf.text()
        let shown = Set(Self.words(text.replacingOccurrences(of: "\n", with: " ")))
        for word in Self.words(purpose) + Self.words(partner) + Self.words(destination) {
            #expect(shown.contains(word), "\(word) is missing")
        }
        #expect(!text.contains("…"))
        // The next row follows the grown one on the same page.
        #expect(text.contains("Private"))
        #expect(try pdf.info()["Pages"] == "1")
    }

    @Test func aWordLongerThanItsCellIsBrokenNotCut() throws {
        // Greek letters appear nowhere else on the page.
        let word = String(repeating: "αβγδεζηθικ", count: 12)
        let pdf = try PDFTools(
            bytes: try ReportPDF().render(Self.document(purpose: word, partner: "", destination: "")), name: "word")
        defer { pdf.remove() }
        let text = try pdf.text()
        let letters = String(text.filter { "αβγδεζηθικ".contains($0) })
        #expect(letters == word, "\(text)")
        #expect(!text.contains("…"))
    }

    static let fontsInstalled: Bool = {
        (try? PDFTools.run("fc-list", [":lang=th", "family"]))?.contains("Noto Sans Thai") == true
    }()

    @Test(.enabled(if: fontsInstalled, "needs fonts-noto-core (scripts/install-deps)"))
    func thaiTextFallsBackToANotoFont() throws {
        // "Customer meeting" and "Bangkok" in Thai, next to Latin text in the same cell.
        let pdf = try PDFTools(
            bytes: try ReportPDF().render(
                Self.document(purpose: "ประชุมลูกค้า (Q4)", partner: "Müller", destination: "กรุงเทพ")),
            name: "thai")
        defer { pdf.remove() }
        let fonts = try pdf.fonts()
        #expect(fonts.contains("NotoSansThai"), "\(fonts)")
        #expect(fonts.contains("DejaVuSans"), "\(fonts)")
        let text = try pdf.text()
        #expect(text.contains("ประชุมลูกค้า (Q4)"), "\(text)")
        #expect(text.contains("กรุงเทพ"), "\(text)")
        #expect(text.contains("Müller"), "\(text)")
    }

    @Test func latinTextUsesOnlyDejaVu() throws {
        let pdf = try PDFTools(
            bytes: try ReportPDF().render(Self.document(purpose: "Jõgeva", partner: "Straße", destination: "Åsa")),
            name: "latin")
        defer { pdf.remove() }
        let fonts = try pdf.fonts().split(separator: "\n").dropFirst(2)
        #expect(!fonts.isEmpty)
        #expect(fonts.allSatisfy { $0.contains("DejaVuSans") }, "\(fonts)")
    }
}
