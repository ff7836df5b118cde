import CCairo
import ReportDocuments

/// Renders a report as a PDF through Cairo: a header block, the trip table (breaking across pages with its header
/// row repeated), totals, the edit-history appendix, a signature line and "Page n of m" on every page.
///
/// Text is set in DejaVu Sans through Cairo's toy font API (fontconfig finds the font; Debian's fonts-dejavu-core),
/// embedded as a subset with a Unicode map, so names like Jõgeva, Müller, Straße and Åsa show and extract from the
/// PDF. Characters DejaVu lacks (Thai, CJK, …) are set in the font fontconfig prefers that has them (Noto where
/// installed). Purposes, partners and destinations wrap within their cells, the row growing, and are never cut. The document's `createdAt` is written as the PDF's creation date, so the same document renders to the
/// same bytes.
public struct ReportPDF: Sendable, Hashable {
    public enum Paper: String, Sendable, Hashable, Codable, CaseIterable {
        case a4 = "A4"
        case letter = "Letter"

        /// Width and height in PostScript points (1/72 inch): A4 is 210 × 297 mm, Letter 8.5 × 11 in.
        public var size: (width: Double, height: Double) {
            switch self {
            case .a4: (210 / 25.4 * 72, 297 / 25.4 * 72)
            case .letter: (612, 792)
            }
        }
    }

    public var paper: Paper
    /// A fontconfig family name.
    public var fontFamily: String

    public init(paper: Paper = .a4, fontFamily: String = "DejaVu Sans") {
        self.paper = paper
        self.fontFamily = fontFamily
    }

    /// The PDF file's bytes.
    public func render(_ document: ReportDocument) throws(ReportError) -> [UInt8] {
        let renderer = try PDFReportRenderer(document: document, paper: paper, fontFamily: fontFamily)
        return try renderer.render()
    }

    /// Renders and writes the file atomically (a temporary file renamed over `path`).
    public func write(_ document: ReportDocument, to path: String) throws(ReportError) {
        try FileOutput.write(render(document), to: path)
    }
}

/// Lays the report out into pages of drawing operations, then draws them; the layout pass knows the page count
/// before anything is drawn, for "Page n of m".
final class PDFReportRenderer {
    /// The mark on a trip row where the odometer chain is broken (gap or step backwards).
    static let odometerMark = "⚠"
    /// Marks a start or end time the engine estimated.
    static let estimatedMark = "≈"

    enum FontKey: Int {
        case title, section, label, value, cell, cellBold, small
    }

    enum Operation {
        case text(String, x: Double, baseline: Double, font: FontKey, grey: Double)
        case fill(x: Double, y: Double, width: Double, height: Double, grey: Double)
        case line(x1: Double, y1: Double, x2: Double, y2: Double, width: Double, grey: Double)
    }

    enum Alignment {
        case left, right
    }

    struct Column {
        var title: String
        var width: Double
        var alignment: Alignment
        var maxLines: Int
    }

    /// A table's columns and its header row, laid out once.
    struct Table {
        var x: Double
        var columns: [Column]
        var headerLines: [[String]]
        var headerHeight: Double
        var width: Double { columns.reduce(0) { $0 + $1.width } }
    }

    let document: ReportDocument
    let totals: ReportTotals
    let pageWidth: Double
    let pageHeight: Double
    let fonts: [CairoFont]
    let margin = 40.0
    let cellPaddingX = 3.0
    let cellPaddingY = 2.0
    var bottom: Double { pageHeight - 48 }
    var contentWidth: Double { pageWidth - 2 * margin }

    private(set) var pages: [[Operation]] = []
    private var y = 0.0

    init(document: ReportDocument, paper: ReportPDF.Paper, fontFamily: String) throws(ReportError) {
        self.document = document
        totals = document.totals
        (pageWidth, pageHeight) = paper.size
        fonts = [
            try CairoFont(family: fontFamily, bold: true, size: 15),  // title
            try CairoFont(family: fontFamily, bold: true, size: 10.5),  // section
            try CairoFont(family: fontFamily, bold: true, size: 7.5),  // label
            try CairoFont(family: fontFamily, bold: false, size: 8.5),  // value
            try CairoFont(family: fontFamily, bold: false, size: 7.5),  // cell
            try CairoFont(family: fontFamily, bold: true, size: 7.5),  // cellBold
            try CairoFont(family: fontFamily, bold: false, size: 7),  // small
        ]
    }

    func font(_ key: FontKey) -> CairoFont { fonts[key.rawValue] }

    // MARK: Rendering

    func render() throws(ReportError) -> [UInt8] {
        layOut()
        let canvas = try CairoCanvas(width: pageWidth, height: pageHeight)
        let header = document.header
        canvas.setMetadata(CAIRO_PDF_METADATA_TITLE, document.title)
        if !header.personName.isEmpty { canvas.setMetadata(CAIRO_PDF_METADATA_AUTHOR, header.personName.singleLine) }
        canvas.setMetadata(CAIRO_PDF_METADATA_CREATOR, "Logbook")
        let created = LocalTime(header.createdAt, utcOffsetSeconds: 0)
        let createdText = "\(created.date)T\(created.time):00Z"
        canvas.setMetadata(CAIRO_PDF_METADATA_CREATE_DATE, createdText)
        canvas.setMetadata(CAIRO_PDF_METADATA_MOD_DATE, createdText)
        let footerTitle = document.title.singleLine
        for (index, operations) in pages.enumerated() {
            for operation in operations { draw(operation, on: canvas) }
            let pageText = "Page \(index + 1) of \(pages.count)"
            let small = font(.small)
            let baseline = pageHeight - 26
            canvas.color(0.35)
            canvas.text(
                small.fitting(footerTitle, width: contentWidth - 80), x: margin, baseline: baseline, font: small)
            canvas.text(pageText, x: pageWidth - margin - small.width(pageText), baseline: baseline, font: small)
            canvas.color(0)
            canvas.showPage()
        }
        return try canvas.finish()
    }

    private func draw(_ operation: Operation, on canvas: CairoCanvas) {
        switch operation {
        case .text(let text, let x, let baseline, let key, let grey):
            if grey != 0 { canvas.color(grey) }
            canvas.text(text, x: x, baseline: baseline, font: font(key))
            if grey != 0 { canvas.color(0) }
        case .fill(let x, let y, let width, let height, let grey):
            canvas.fill(x: x, y: y, width: width, height: height, grey: grey)
        case .line(let x1, let y1, let x2, let y2, let width, let grey):
            canvas.line(from: (x1, y1), to: (x2, y2), width: width, grey: grey)
        }
    }

    // MARK: Layout

    func layOut() {
        pages = [[]]
        y = margin
        layOutHeaderBlock()
        layOutTrips()
        layOutTotals()
        layOutEdits()
        layOutSignature()
    }

    private func emit(_ operation: Operation) { pages[pages.count - 1].append(operation) }

    private func text(_ text: String, x: Double, top: Double, font key: FontKey, grey: Double = 0) {
        emit(.text(text, x: x, baseline: top + font(key).ascent, font: key, grey: grey))
    }

    /// Starts a new page with a running header when fewer than `height` points are left on this one.
    private func ensureSpace(_ height: Double, repeating table: Table? = nil) {
        guard y + height > bottom else { return }
        pages.append([])
        y = margin
        let small = font(.small)
        let running = [document.title, document.header.personName].filter { !$0.isEmpty }.joined(separator: " · ")
        text(small.fitting(running.singleLine, width: contentWidth), x: margin, top: y, font: .small, grey: 0.35)
        y += small.lineHeight + 6
        if let table { placeHeader(of: table) }
    }

    private func layOutHeaderBlock() {
        let header = document.header
        let title = font(.title)
        text(title.fitting(document.title.singleLine, width: contentWidth), x: margin, top: y, font: .title)
        y += title.lineHeight + 8
        let created = LocalTime(header.createdAt, utcOffsetSeconds: header.createdAtUTCOffsetSeconds)
        let left: [(String, String)] = [
            ("Name", header.personName), ("Company", header.company), ("Employee ID", header.employeeID),
            ("Unit", header.unit == .kilometres ? "kilometres (km)" : "miles (mi)"), ("Created", created.dateTime),
        ]
        let rate = header.rate.map { "\($0.decimalText) \($0.currency) per \(header.unit.symbol)" }
        let right: [(String, String)] = [
            ("Vehicle", header.vehiclePlate), ("Make and model", header.vehicleDescription),
            ("Period", header.periodLabel), ("Rate", rate ?? ""), ("Trips", String(document.rows.count)),
        ]
        let label = font(.label)
        let labelWidth = (left + right).reduce(0) { max($0, label.width($1.0)) } + 10
        let half = contentWidth / 2
        let value = font(.value)
        let rowHeight = value.lineHeight + 3
        for (index, pair) in zip(left, right).enumerated() {
            let top = y + Double(index) * rowHeight
            for (column, field) in [pair.0, pair.1].enumerated() {
                let x = margin + Double(column) * half
                text(field.0, x: x, top: top + 1, font: .label, grey: 0.35)
                let shown = field.1.singleLine.trimmingBlanks.isEmpty ? "—" : field.1.singleLine.trimmingBlanks
                text(value.fitting(shown, width: half - labelWidth - 8), x: x + labelWidth, top: top, font: .value)
            }
        }
        y += Double(left.count) * rowHeight + 10
    }

    // MARK: Tables

    /// The most lines a table row can hold and still fit on a page under the running header and the table's header
    /// row: purposes, partners and destinations wrap up to this (in practice without limit) rather than being cut.
    var linesPerPage: Int {
        let cell = font(.cell)
        let room = bottom - margin - (font(.small).lineHeight + 6) - 2 * (font(.cellBold).lineHeight + cellPaddingY)
        return max(2, Int((room - 2 * cellPaddingY) / cell.lineHeight))
    }

    /// Column widths: fixed columns as wide as their widest cell (or the header's longest word), the flexible ones
    /// share what is left in the given proportions.
    private func makeTable(
        titles: [String], alignments: [Alignment], maxLines: [Int], fixedCells: [Int: [String]],
        maxFixedWidth: Double, flexible: [Int: Double]
    ) -> Table {
        let cell = font(.cell)
        let bold = font(.cellBold)
        var widths = [Double](repeating: 0, count: titles.count)
        for index in titles.indices where flexible[index] == nil {
            let longestWord = titles[index].split(separator: " ").map { bold.width($0) }.max() ?? 0
            let widest = fixedCells[index, default: []].reduce(0) { max($0, cell.width($1)) }
            widths[index] = min(max(longestWord, widest), maxFixedWidth) + 2 * cellPaddingX
        }
        let left = max(contentWidth - widths.reduce(0, +), 60)
        for (index, share) in flexible { widths[index] = (left * share).rounded(.down) }
        var columns: [Column] = []
        for index in titles.indices {
            columns.append(
                Column(
                    title: titles[index], width: widths[index], alignment: alignments[index],
                    maxLines: maxLines[index]))
        }
        let headerLines = columns.map { bold.wrapped($0.title, width: $0.width - 2 * cellPaddingX, maxLines: 2) }
        let lines = headerLines.map(\.count).max() ?? 1
        return Table(
            x: margin, columns: columns, headerLines: headerLines,
            headerHeight: Double(lines) * bold.lineHeight + 2 * cellPaddingY)
    }

    private func placeHeader(of table: Table) {
        emit(.fill(x: table.x, y: y, width: table.width, height: table.headerHeight, grey: 0.86))
        placeCells(table.headerLines, in: table, font: .cellBold)
        y += table.headerHeight
        emit(.line(x1: table.x, y1: y, x2: table.x + table.width, y2: y, width: 0.6, grey: 0.3))
    }

    /// One table row: cells wrapped to their columns; a new page (with the header row again) when it does not fit.
    private func placeRow(_ cells: [String], in table: Table, shaded: Bool, bold: Bool = false) {
        let key: FontKey = bold ? .cellBold : .cell
        let measure = font(key)
        var lines: [[String]] = []
        for (column, text) in zip(table.columns, cells) {
            let width = column.width - 2 * cellPaddingX
            lines.append(measure.wrapped(text, width: width, maxLines: column.maxLines))
        }
        let height = Double(max(lines.map(\.count).max() ?? 1, 1)) * measure.lineHeight + 2 * cellPaddingY
        ensureSpace(height, repeating: table)
        if shaded { emit(.fill(x: table.x, y: y, width: table.width, height: height, grey: 0.95)) }
        placeCells(lines, in: table, font: key)
        y += height
    }

    private func placeCells(_ lines: [[String]], in table: Table, font key: FontKey) {
        let measure = font(key)
        var x = table.x
        for (column, cellLines) in zip(table.columns, lines) {
            for (index, line) in cellLines.enumerated() {
                let top = y + cellPaddingY + Double(index) * measure.lineHeight
                let left =
                    column.alignment == .left
                    ? x + cellPaddingX : x + column.width - cellPaddingX - measure.width(line)
                text(line, x: left, top: top, font: key)
            }
            x += column.width
        }
    }

    private func sectionTitle(_ title: String, keepWith height: Double) {
        let section = font(.section)
        y += 12
        ensureSpace(section.lineHeight + 6 + height)
        text(title, x: margin, top: y, font: .section)
        y += section.lineHeight + 6
    }

    // MARK: Sections

    private func layOutTrips() {
        let unit = document.header.unit.symbol
        var fixed: [Int: [String]] = [:]
        var rows: [[String]] = []
        rows.reserveCapacity(document.rows.count)
        let decimals = DecimalText.odometerDecimals(document.rows)
        for row in document.rows {
            let start = LocalTime(row.start, utcOffsetSeconds: row.utcOffsetSeconds)
            let end = LocalTime(row.end, utcOffsetSeconds: row.utcOffsetSeconds)
            let days = end.dayNumber - start.dayNumber
            let partner = [row.partner, row.destination].map { $0.singleLine.trimmingBlanks }.filter { !$0.isEmpty }
            let estimated = row.estimated ?? []
            let startMark = estimated.contains("start") ? Self.estimatedMark : ""
            let endMark = estimated.contains("end") ? Self.estimatedMark : ""
            let cells = [
                row.ref.singleLine + (row.edited ? " *" : ""), start.date, startMark + start.time,
                endMark + (days == 0 ? end.time : "\(end.time) \(days > 0 ? "+" : "")\(days)"),
                DecimalText.odometer(row.odometerStart, decimals: decimals)
                    + (row.odometerFlag == nil ? "" : " \(Self.odometerMark)"),
                DecimalText.odometer(row.odometerEnd, decimals: decimals),
                DecimalText.fixed(row.distanceTenths(in: document.header.unit), scale: 1), row.category.label,
                row.purpose, partner.joined(separator: " / "),
            ]
            for index in 0..<8 { fixed[index, default: []].append(cells[index]) }
            rows.append(cells)
        }
        let table = makeTable(
            titles: [
                "Trip", "Date", "Start", "End", "Odometer start", "Odometer end", "Distance \(unit)", "Category",
                "Purpose", "Partner / destination",
            ],
            alignments: [.left, .left, .left, .left, .right, .right, .right, .left, .left, .left],
            maxLines: [1, 1, 1, 1, 1, 1, 1, 1, linesPerPage, linesPerPage], fixedCells: fixed, maxFixedWidth: 60,
            flexible: [8: 0.55, 9: 0.45])
        ensureSpace(table.headerHeight + 20)
        placeHeader(of: table)
        if rows.isEmpty {
            y += 4
            text("No trips in this period.", x: margin + cellPaddingX, top: y, font: .cell)
            y += font(.cell).lineHeight
        }
        for (index, cells) in rows.enumerated() {
            placeRow(cells, in: table, shaded: index % 2 == 1)
        }
        emit(.line(x1: table.x, y1: y, x2: table.x + table.width, y2: y, width: 0.6, grey: 0.3))
        let flagged = document.rows.filter { $0.odometerFlag != nil }
        if !flagged.isEmpty {
            y += 3
            let small = font(.small)
            let lines =
                ["\(Self.odometerMark) The odometer chain is broken at these trips:"]
                + flagged.map { "Trip \($0.ref.singleLine): \(($0.odometerFlag ?? "").singleLine)" }
            for line in lines {
                for wrapped in small.wrapped(line, width: contentWidth, maxLines: 3) {
                    ensureSpace(small.lineHeight)
                    text(wrapped, x: margin, top: y, font: .small, grey: 0.1)
                    y += small.lineHeight
                }
            }
        }
        if document.rows.contains(where: { !($0.estimated ?? []).isEmpty }) {
            y += 3
            ensureSpace(font(.small).lineHeight)
            text(
                "\(Self.estimatedMark) Estimated: the GPS fix was lost on the way (a garage, a tunnel) and the time comes "
                    + "from the first fix after it and the speed before.", x: margin, top: y, font: .small, grey: 0.35)
            y += font(.small).lineHeight
        }
        if document.rows.contains(where: \.edited) {
            y += 3
            ensureSpace(font(.small).lineHeight)
            text(
                "* Changed after it was entered; the changes are listed under Edit history.", x: margin, top: y,
                font: .small, grey: 0.35)
            y += font(.small).lineHeight
        }
    }

    private func layOutTotals() {
        let unit = document.header.unit.symbol
        let cell = font(.cell)
        let table = Table(
            x: margin,
            columns: [
                Column(title: "Category", width: 110, alignment: .left, maxLines: 1),
                Column(title: "Trips", width: 50, alignment: .right, maxLines: 1),
                Column(title: "Distance \(unit)", width: 80, alignment: .right, maxLines: 1),
            ], headerLines: [["Category"], ["Trips"], ["Distance \(unit)"]],
            headerHeight: font(.cellBold).lineHeight + 2 * cellPaddingY)
        let rowHeight = cell.lineHeight + 2 * cellPaddingY
        sectionTitle("Totals", keepWith: table.headerHeight + 6 * rowHeight + 2 * (font(.value).lineHeight + 4))
        placeHeader(of: table)
        for category in ReportCategory.allCases {
            placeRow(
                [category.label, String(totals.trips[category] ?? 0), totals.distanceText(category)], in: table,
                shaded: false)
        }
        emit(.line(x1: table.x, y1: y, x2: table.x + table.width, y2: y, width: 0.6, grey: 0.3))
        placeRow(["Total", String(totals.totalTrips), totals.totalDistanceText], in: table, shaded: false, bold: true)
        y += 6
        let value = font(.value)
        let share = totals.privateShareText.isEmpty ? "—" : "\(totals.privateShareText) %"
        text("Private share of distance: \(share)", x: margin, top: y, font: .value)
        y += value.lineHeight + 4
        if let rate = totals.rate {
            let line =
                "Reimbursement: \(totals.distanceText(.business)) \(unit) business × \(rate.decimalText) "
                + "\(rate.currency)/\(unit) = \(totals.reimbursementText) \(rate.currency)"
            text(value.fitting(line, width: contentWidth), x: margin, top: y, font: .value)
            y += value.lineHeight + 4
        }
    }

    private func layOutEdits() {
        var fixed: [Int: [String]] = [:]
        var rows: [[String]] = []
        for edit in document.edits {
            let at = LocalTime(edit.at, utcOffsetSeconds: edit.utcOffsetSeconds)
            let cells = [edit.tripRef, at.dateTime, edit.by, edit.field, edit.oldValue, edit.newValue].map {
                $0.singleLine
            }
            for index in 0..<4 { fixed[index, default: []].append(cells[index]) }
            rows.append(cells)
        }
        let table = makeTable(
            titles: ["Trip", "Changed", "By", "Field", "Old value", "New value"],
            alignments: [.left, .left, .left, .left, .left, .left], maxLines: [1, 1, 1, 1, linesPerPage, linesPerPage],
            fixedCells: fixed, maxFixedWidth: 90, flexible: [4: 0.5, 5: 0.5])
        sectionTitle("Edit history", keepWith: table.headerHeight + 3 * font(.cell).lineHeight)
        if rows.isEmpty {
            text("No trip was changed after it was entered.", x: margin, top: y, font: .value)
            y += font(.value).lineHeight
            return
        }
        placeHeader(of: table)
        for (index, cells) in rows.enumerated() { placeRow(cells, in: table, shaded: index % 2 == 1) }
        emit(.line(x1: table.x, y1: y, x2: table.x + table.width, y2: y, width: 0.6, grey: 0.3))
    }

    private func layOutSignature() {
        let value = font(.value)
        let small = font(.small)
        y += 18
        ensureSpace(value.lineHeight + 40 + small.lineHeight)
        text("I confirm that this vehicle log is complete and correct.", x: margin, top: y, font: .value)
        y += value.lineHeight + 34
        let dateWidth = min(150, contentWidth * 0.3)
        let signatureX = margin + dateWidth + 40
        emit(.line(x1: margin, y1: y, x2: margin + dateWidth, y2: y, width: 0.6, grey: 0))
        emit(.line(x1: signatureX, y1: y, x2: margin + contentWidth, y2: y, width: 0.6, grey: 0))
        y += 3
        text("Date", x: margin, top: y, font: .small, grey: 0.35)
        let name = document.header.personName.singleLine.trimmingBlanks
        text(
            small.fitting(name.isEmpty ? "Signature" : "Signature — \(name)", width: contentWidth - dateWidth - 40),
            x: signatureX, top: y, font: .small, grey: 0.35)
        y += small.lineHeight
    }
}
