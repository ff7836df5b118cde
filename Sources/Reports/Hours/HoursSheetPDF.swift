import CCairo
import ReportDocuments

/// Renders a timesheet to PDF through Cairo: header block, the entries' table (its header row repeated on every
/// page, day totals shaded), the period's totals, signature lines and "Page n of m".
public struct HoursSheetPDF: Sendable {
    public var paper: ReportPDF.Paper
    public var fontFamily: String

    public init(paper: ReportPDF.Paper = .a4, fontFamily: String = "DejaVu Sans") {
        self.paper = paper
        self.fontFamily = fontFamily
    }

    public func render(_ document: HoursSheetDocument) throws(ReportError) -> [UInt8] {
        try HoursSheetRenderer(document: document, paper: paper, fontFamily: fontFamily).render()
    }

    public func write(_ document: HoursSheetDocument, to path: String) throws(ReportError) {
        try FileOutput.write(render(document), to: path)
    }
}

final class HoursSheetRenderer {
    enum Operation {
        case text(String, x: Double, baseline: Double, bold: Bool, size: Int)
        case fill(x: Double, y: Double, width: Double, height: Double, grey: Double)
        case line(x1: Double, y1: Double, x2: Double, y2: Double)
    }

    let document: HoursSheetDocument
    let pageWidth: Double
    let pageHeight: Double
    let margin = 40.0
    /// Fonts by size index (0 title, 1 section, 2 cell) and weight.
    let regular: [CairoFont]
    let bold: [CairoFont]
    var pages: [[Operation]] = [[]]
    var y = 0.0
    var bottom: Double { pageHeight - 56 }

    /// Column titles and widths (points), filling A4's text width; the message column takes the rest.
    let titles = ["Date", "Start", "End", "Break", "Worked", "Net", "Overtime", "Vehicle", "Message"]
    let widths: [Double]

    init(document: HoursSheetDocument, paper: ReportPDF.Paper, fontFamily: String) throws(ReportError) {
        self.document = document
        (pageWidth, pageHeight) = paper.size
        regular = [
            try CairoFont(family: fontFamily, bold: false, size: 15),
            try CairoFont(family: fontFamily, bold: false, size: 9),
            try CairoFont(family: fontFamily, bold: false, size: 8),
        ]
        bold = [
            try CairoFont(family: fontFamily, bold: true, size: 15),
            try CairoFont(family: fontFamily, bold: true, size: 9),
            try CairoFont(family: fontFamily, bold: true, size: 8),
        ]
        let fixed: [Double] = [62, 58, 58, 36, 40, 36, 46, 52]
        widths = fixed + [max(60, paper.size.width - 80 - fixed.reduce(0, +))]
    }

    func font(bold isBold: Bool, size: Int) -> CairoFont { isBold ? bold[size] : regular[size] }

    func add(_ operation: Operation) { pages[pages.count - 1].append(operation) }

    func text(_ s: String, x: Double, baseline: Double, bold: Bool = false, size: Int = 2) {
        add(.text(s, x: x, baseline: baseline, bold: bold, size: size))
    }

    func newPage() {
        pages.append([])
        y = margin
        tableHeader()
    }

    func tableHeader() {
        let height = 14.0
        add(.fill(x: margin, y: y, width: widths.reduce(0, +), height: height, grey: 0.85))
        var x = margin
        for (title, width) in zip(titles, widths) {
            text(title, x: x + 3, baseline: y + 10, bold: true)
            x += width
        }
        y += height
    }

    func layOut() {
        y = margin
        text(document.title, x: margin, baseline: y + 15, bold: true, size: 0)
        y += 26
        for (label, value) in document.header {
            text(label, x: margin, baseline: y + 10, bold: true, size: 1)
            text(value, x: margin + 110, baseline: y + 10, size: 1)
            y += 13
        }
        y += 8
        tableHeader()
        let cell = font(bold: false, size: 2)
        for row in document.rows {
            let cells = [
                row.date, row.start, row.end, row.breakText, row.worked, row.net, row.overtime, row.vehicle,
                row.message,
            ]
            // The message wraps (never cut off); other cells fit their column.
            let messageLines = cell.wrapped(row.message, width: widths[8] - 6, maxLines: 20)
            let height = Double(max(1, messageLines.count)) * cell.lineHeight + 4
            if y + height > bottom { newPage() }
            if row.isTotal {
                add(.fill(x: margin, y: y, width: widths.reduce(0, +), height: height, grey: 0.93))
            }
            var x = margin
            for (index, (value, width)) in zip(cells, widths).enumerated() {
                let lines = index == 8 ? messageLines : [cell.fitting(value, width: width - 6)]
                for (k, line) in lines.enumerated() {
                    text(line, x: x + 3, baseline: y + 2 + cell.ascent + Double(k) * cell.lineHeight, bold: row.isTotal)
                }
                x += width
            }
            y += height
            add(.line(x1: margin, y1: y, x2: margin + widths.reduce(0, +), y2: y))
        }
        let closing = Double(document.totals.count) * 13 + 90
        if y + closing > bottom {
            pages.append([])
            y = margin
        }
        y += 14
        for (label, value) in document.totals {
            text(label, x: margin, baseline: y + 10, bold: true, size: 1)
            text(value, x: margin + 150, baseline: y + 10, size: 1)
            y += 13
        }
        y += 44
        let half = (pageWidth - 2 * margin - 40) / 2
        for (index, label) in ["Employee: date, signature", "Employer / payroll: date, signature"].enumerated() {
            let x = margin + Double(index) * (half + 40)
            add(.line(x1: x, y1: y, x2: x + half, y2: y))
            text(label, x: x, baseline: y + 11)
        }
    }

    func render() throws(ReportError) -> [UInt8] {
        layOut()
        let canvas = try CairoCanvas(width: pageWidth, height: pageHeight)
        canvas.setMetadata(CAIRO_PDF_METADATA_TITLE, document.title)
        canvas.setMetadata(CAIRO_PDF_METADATA_CREATOR, "Logbook")
        canvas.setMetadata(CAIRO_PDF_METADATA_CREATE_DATE, document.createdAt)
        canvas.setMetadata(CAIRO_PDF_METADATA_MOD_DATE, document.createdAt)
        let small = font(bold: false, size: 2)
        for (index, operations) in pages.enumerated() {
            for operation in operations {
                switch operation {
                case .text(let s, let x, let baseline, let isBold, let size):
                    canvas.text(s, x: x, baseline: baseline, font: font(bold: isBold, size: size))
                case .fill(let x, let y, let width, let height, let grey):
                    canvas.fill(x: x, y: y, width: width, height: height, grey: grey)
                case .line(let x1, let y1, let x2, let y2):
                    canvas.line(from: (x1, y1), to: (x2, y2), grey: 0.6)
                }
            }
            let pageText = "Page \(index + 1) of \(pages.count)"
            canvas.color(0.35)
            canvas.text(
                small.fitting(document.title, width: pageWidth - 2 * margin - 80), x: margin, baseline: pageHeight - 26,
                font: small)
            canvas.text(pageText, x: pageWidth - margin - small.width(pageText), baseline: pageHeight - 26, font: small)
            canvas.color(0)
            canvas.showPage()
        }
        return try canvas.finish()
    }
}
