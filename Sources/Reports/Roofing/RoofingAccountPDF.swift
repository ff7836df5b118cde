import CCairo
import RoofingAccounts

/// Renders a roofing account to PDF through Cairo, laid out like the union's piecework account: the header
/// (project, address, customer, roofers, period), one table of the measured positions grouped by section with
/// section totals, then supplements, extra work and deductions in the same columns, the summary (total,
/// guaranteed pay, advances, surplus), the distribution among the roofers (hours, share, hourly rate, balance),
/// signature lines for each roofer and the employer, and "Side n af m" on every page. A table that runs onto the
/// next page repeats its header row there. The creation date is the document's (same document, same bytes).
public enum RoofingAccountPDF {
    public static func render(
        _ document: RoofingAccountDocument, paper: ReportPDF.Paper = .a4, fontFamily: String = "DejaVu Sans"
    ) throws(ReportError) -> [UInt8] {
        try RoofingAccountRenderer(document: document, paper: paper, fontFamily: fontFamily).render()
    }

    /// Renders and writes the file atomically.
    public static func write(
        _ document: RoofingAccountDocument, to path: String, paper: ReportPDF.Paper = .a4,
        fontFamily: String = "DejaVu Sans"
    ) throws(ReportError) {
        try FileOutput.write(render(document, paper: paper, fontFamily: fontFamily), to: path)
    }
}

final class RoofingAccountRenderer {
    enum Operation {
        case text(String, x: Double, baseline: Double, bold: Bool, size: Int, grey: Double)
        case fill(x: Double, y: Double, width: Double, height: Double, grey: Double)
        case line(x1: Double, y1: Double, x2: Double, y2: Double, width: Double, grey: Double)
    }

    struct Column {
        var title: String
        var width: Double
        var rightAligned: Bool
    }

    enum Style {
        case plain
        /// A group's heading: shaded, bold, kept with the row after it.
        case heading
        /// A group's total: bold under a rule.
        case subtotal
    }

    let document: RoofingAccountDocument
    let labels: RoofingAccountLabels
    let pageWidth: Double
    let pageHeight: Double
    let margin = 40.0
    let contentWidth: Double
    /// Fonts by size index (0 title, 1 header and summary, 2 table) and weight.
    let regular: [CairoFont]
    let bold: [CairoFont]
    var pages: [[Operation]] = [[]]
    var y = 0.0
    var bottom: Double { pageHeight - 56 }
    /// The columns of the table being laid out: their header row is repeated on a new page.
    var runningTable: [Column]?

    init(document: RoofingAccountDocument, paper: ReportPDF.Paper, fontFamily: String) throws(ReportError) {
        self.document = document
        labels = document.labels
        (pageWidth, pageHeight) = paper.size
        contentWidth = pageWidth - 2 * margin
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
    }

    func font(bold isBold: Bool, size: Int) -> CairoFont { isBold ? bold[size] : regular[size] }

    func add(_ operation: Operation) { pages[pages.count - 1].append(operation) }

    func text(_ s: String, x: Double, baseline: Double, bold: Bool = false, size: Int = 2, grey: Double = 0) {
        add(.text(s, x: x, baseline: baseline, bold: bold, size: size, grey: grey))
    }

    /// `s` ending at `right`.
    func textRight(_ s: String, right: Double, baseline: Double, bold: Bool = false, size: Int = 2) {
        let width = font(bold: bold, size: size).width(s)
        text(s, x: right - width, baseline: baseline, bold: bold, size: size)
    }

    func rule(_ y: Double, from x1: Double? = nil, to x2: Double? = nil, width: Double = 0.5, grey: Double = 0.6) {
        add(.line(x1: x1 ?? margin, y1: y, x2: x2 ?? margin + contentWidth, y2: y, width: width, grey: grey))
    }

    /// Starts a page: a line naming the account, then the running table's header row.
    func newPage() {
        pages.append([])
        y = margin
        text(
            font(bold: false, size: 2).fitting(
                "\(labels.title) – \(document.project.name) (\(labels.continued))", width: contentWidth),
            x: margin, baseline: y + 8, grey: 0.35)
        y += 18
        if let columns = runningTable { headerRow(columns) }
    }

    /// A new page unless `height` more points fit on this one.
    func keep(_ height: Double) { if y + height > bottom { newPage() } }

    // MARK: Layout

    func layOut() {
        y = margin
        headerBlock()
        accountTable()
        summary()
        distribution()
        signatures()
    }

    /// The title, then the header's label and value pairs in two columns (who and where on the left; when,
    /// price list and rate on the right). Long values wrap within their column.
    func headerBlock() {
        text(labels.title, x: margin, baseline: y + 15, bold: true, size: 0)
        y += 30
        let pairs = document.header
        let leftCount = (pairs.count + 1) / 2
        let value = font(bold: false, size: 1)
        let label = font(bold: true, size: 1)
        let gap = 16.0
        let groups = [pairs[..<leftCount], pairs[leftCount...]]
        let labelWidths = groups.map { group in
            min(group.map { label.width($0.label) }.max() ?? 0, contentWidth / 4) + 8
        }
        // The right column as wide as its widest value needs (at most 45 %), the left one the rest.
        let rightValues = groups[1].map { value.width($0.value) }.max() ?? 0
        let rightWidth = min(labelWidths[1] + rightValues + 2, contentWidth * 0.45)
        let widths = [contentWidth - gap - rightWidth, rightWidth]
        var bottoms: [Double] = []
        for (column, group) in groups.enumerated() {
            let x = column == 0 ? margin : margin + widths[0] + gap
            let labelWidth = labelWidths[column]
            var rowY = y
            for (name, content) in group {
                let lines = value.wrapped(content, width: widths[column] - labelWidth, maxLines: 3)
                text(label.fitting(name, width: labelWidth - 8), x: x, baseline: rowY + 10, bold: true, size: 1)
                for (index, line) in lines.enumerated() {
                    text(line, x: x + labelWidth, baseline: rowY + 10 + Double(index) * value.lineHeight, size: 1)
                }
                rowY += Double(max(0, lines.count - 1)) * value.lineHeight + 14
            }
            bottoms.append(rowY)
        }
        y = (bottoms.max() ?? y) + 12
    }

    var accountColumns: [Column] {
        let fixed: [Column] = [
            Column(title: labels.position, width: 44, rightAligned: false),
            Column(title: labels.quantity, width: 56, rightAligned: true),
            Column(title: labels.unit, width: 44, rightAligned: false),
            Column(title: labels.unitPrice, width: 66, rightAligned: true),
            Column(title: "\(labels.amount) (\(document.currencySymbol))", width: 76, rightAligned: true),
        ]
        let rest = contentWidth - fixed.reduce(0) { $0 + $1.width }
        return [fixed[0], Column(title: labels.description, width: rest, rightAligned: false)] + fixed[1...]
    }

    func headerRow(_ columns: [Column]) {
        let height = 15.0
        add(.fill(x: margin, y: y, width: contentWidth, height: height, grey: 0.85))
        var x = margin
        for column in columns {
            if column.rightAligned {
                textRight(column.title, right: x + column.width - 4, baseline: y + 10.5, bold: true)
            } else {
                text(column.title, x: x + 4, baseline: y + 10.5, bold: true)
            }
            x += column.width
        }
        y += height
    }

    /// One table row. The second column wraps (up to four lines) with `note` in grey below it; the others fit their
    /// column.
    func row(_ cells: [String], _ columns: [Column], style: Style = .plain, note: String = "") {
        let isBold = style != .plain
        let cell = font(bold: isBold, size: 2)
        let wrapWidth = columns[1].width - 8
        let main = cell.wrapped(cells[1], width: wrapWidth, maxLines: 4)
        let notes = note.isEmpty ? [] : font(bold: false, size: 2).wrapped(note, width: wrapWidth, maxLines: 3)
        let lineCount = max(1, main.count + notes.count)
        let height = Double(lineCount) * cell.lineHeight + 6
        // A heading stays with the row after it.
        keep(style == .heading ? 2 * height + 4 : height)
        switch style {
        case .heading:
            y += 4
            add(.fill(x: margin, y: y, width: contentWidth, height: height, grey: 0.93))
        case .subtotal: rule(y, width: 0.7, grey: 0.3)
        case .plain: break
        }
        let baseline = y + 3 + cell.ascent
        var x = margin
        for (index, (value, column)) in zip(cells, columns).enumerated() {
            if index == 1 {
                for (k, line) in main.enumerated() {
                    text(line, x: x + 4, baseline: baseline + Double(k) * cell.lineHeight, bold: isBold)
                }
                for (k, line) in notes.enumerated() {
                    text(
                        line, x: x + 4, baseline: baseline + Double(main.count + k) * cell.lineHeight, grey: 0.4)
                }
            } else {
                let fitted = cell.fitting(value, width: column.width - 8)
                if column.rightAligned {
                    textRight(fitted, right: x + column.width - 4, baseline: baseline, bold: isBold)
                } else {
                    text(fitted, x: x + 4, baseline: baseline, bold: isBold)
                }
            }
            x += column.width
        }
        y += height
        if style == .plain { rule(y, width: 0.3, grey: 0.75) }
        if style == .subtotal { y += 4 }
    }

    func accountTable() {
        let columns = accountColumns
        let account = document.account
        headerRow(columns)
        runningTable = columns
        for section in document.sections {
            row(["", document.sectionTitle(section), "", "", "", ""], columns, style: .heading)
            for line in section.lines {
                row(
                    [
                        line.pos, line.name, document.quantity(line.quantity), line.unit,
                        document.amount(line.unitPrice), document.amount(line.amount),
                    ], columns, note: line.note)
            }
            row(
                [
                    "", "\(document.sectionTitle(section)) \(labels.sectionTotalSuffix)", "", "", "",
                    document.amount(section.total),
                ],
                columns, style: .subtotal)
        }
        if !account.supplements.isEmpty {
            row(["", labels.supplements, "", "", "", ""], columns, style: .heading)
            for supplement in account.supplements {
                row(
                    [
                        supplement.pos, supplement.name, document.quantity(supplement.percent), "%",
                        document.amount(supplement.baseAmount), document.amount(supplement.amount),
                    ], columns, note: document.supplementBasis(supplement))
            }
            row(
                [
                    "", "\(labels.supplements) \(labels.sectionTotalSuffix)", "", "", "",
                    document.amount(account.supplementsTotal),
                ],
                columns, style: .subtotal)
        }
        if !account.extraWork.isEmpty {
            row(["", labels.extraWork, "", "", "", ""], columns, style: .heading)
            for work in account.extraWork {
                row(
                    [
                        "", work.text, work.hours.map(document.quantity) ?? "",
                        work.hours == nil ? "" : labels.hoursUnit, work.rate.map(document.amount) ?? "",
                        document.amount(work.amount),
                    ], columns, note: work.hours == nil ? labels.fixedAmount : "")
            }
            row(
                [
                    "", "\(labels.extraWork) \(labels.sectionTotalSuffix)", "", "", "",
                    document.amount(account.extraWorkTotal),
                ],
                columns, style: .subtotal)
        }
        if !account.deductions.isEmpty {
            row(["", labels.deductions, "", "", "", ""], columns, style: .heading)
            for deduction in account.deductions {
                row(["", deduction.text, "", "", "", document.amount(deduction.amount)], columns)
            }
            row(
                [
                    "", "\(labels.deductions) \(labels.sectionTotalSuffix)", "", "", "",
                    document.amount(-account.deductionsTotal),
                ],
                columns, style: .subtotal)
        }
        runningTable = nil
    }

    /// The totals from the table down to the surplus, as label and amount lines on the right half of the page.
    func summary() {
        let account = document.account
        var lines: [(label: String, amount: Money, bold: Bool, ruleAbove: Bool)] = [
            (labels.linesTotal, account.linesTotal, false, false)
        ]
        if !account.supplements.isEmpty {
            lines.append((labels.supplementsTotal, account.supplementsTotal, false, false))
        }
        if !account.extraWork.isEmpty { lines.append((labels.extraWorkTotal, account.extraWorkTotal, false, false)) }
        if !account.deductions.isEmpty {
            lines.append((labels.deductionsTotal, -account.deductionsTotal, false, false))
        }
        lines.append((labels.total, account.total, true, true))
        if account.guaranteed != .zero {
            let rate = document.amount(document.project.guaranteedHourlyRate)
            lines.append(
                (
                    "\(labels.guaranteedPay) (\(document.quantity(account.hours)) \(labels.hoursUnit) \(labels.at) \(rate))",
                    -account.guaranteed, false, false
                ))
        }
        for payment in account.advancePayments {
            let note = payment.note.isEmpty ? "" : ", " + payment.note
            lines.append(("\(labels.advances) \(document.day(payment.date))\(note)", -payment.amount, false, false))
        }
        lines.append((labels.surplus, account.surplus, true, true))

        let lineHeight = 14.0
        keep(Double(lines.count) * lineHeight + 30)
        y += 14
        let labelX = margin + contentWidth * 0.3
        let right = margin + contentWidth - 4
        let labelFont = font(bold: false, size: 1)
        for line in lines {
            if line.ruleAbove { rule(y + 1, from: labelX, width: 0.7, grey: 0.3) }
            let baseline = y + 12
            let amount = document.amountWithCurrency(line.amount)
            let room = right - labelX - font(bold: line.bold, size: 1).width(amount) - 12
            text(labelFont.fitting(line.label, width: room), x: labelX, baseline: baseline, bold: line.bold, size: 1)
            textRight(amount, right: right, baseline: baseline, bold: line.bold, size: 1)
            y += lineHeight
        }
    }

    /// Each roofer's hours, share, hourly rate, guaranteed pay, advances and balance, with a total row.
    func distribution() {
        let account = document.account
        guard !account.shares.isEmpty else { return }
        let fixed: [Column] = [
            Column(title: labels.hours, width: 50, rightAligned: true),
            Column(title: labels.share, width: 72, rightAligned: true),
            Column(title: labels.hourly, width: 58, rightAligned: true),
            Column(title: labels.guaranteed, width: 66, rightAligned: true),
            Column(title: labels.advance, width: 62, rightAligned: true),
            Column(title: labels.balance, width: 74, rightAligned: true),
        ]
        let rest = contentWidth - fixed.reduce(0) { $0 + $1.width }
        // The wrapping column is the second one: the roofer's name goes there, the first stays narrow and empty.
        let columns =
            [
                Column(title: "", width: 0, rightAligned: false),
                Column(title: labels.roofer, width: rest, rightAligned: false),
            ] + fixed
        let cell = font(bold: false, size: 2)
        let rowHeight = cell.lineHeight + 6
        keep(30 + 15 + Double(account.shares.count + 1) * rowHeight + (account.unshared == .zero ? 0 : 16))
        y += 18
        let split: String
        switch account.split {
        case .hours: split = labels.splitHours
        case .percentages: split = labels.splitPercentages
        case .amounts: split = labels.splitAmounts
        }
        text(labels.distribution, x: margin, baseline: y + 10, bold: true, size: 1)
        let headingWidth = font(bold: true, size: 1).width(labels.distribution)
        text(
            "(\(split); \(labels.amountsIn) \(document.currencySymbol))",
            x: margin + headingWidth + 8, baseline: y + 10, size: 2, grey: 0.35)
        y += 16
        headerRow(columns)
        for share in account.shares {
            row(
                [
                    "", share.roofer, document.quantity(share.hours), document.amount(share.amount),
                    share.hourly.map(document.amount) ?? "", document.amount(share.guaranteed),
                    document.amount(share.advance), document.amount(share.balance),
                ], columns)
        }
        let shared = (try? Money.sum(account.shares.map(\.amount), field: "shares")) ?? .zero
        let balances = (try? Money.sum(account.shares.map(\.balance), field: "shares")) ?? .zero
        let advances = (try? Money.sum(account.shares.map(\.advance), field: "shares")) ?? .zero
        row(
            [
                "", labels.sum, document.quantity(account.hours), document.amount(shared),
                account.hourly.map(document.amount) ?? "", document.amount(account.guaranteed),
                document.amount(advances), document.amount(balances),
            ], columns, style: .subtotal)
        if account.unshared != .zero {
            text(
                "\(labels.unshared): \(document.amountWithCurrency(account.unshared))", x: margin, baseline: y + 10,
                bold: true, size: 1)
            y += 16
        }
    }

    /// A signature line for each roofer and one for the employer, three to a row, each with who signs under it.
    func signatures() {
        var signers = document.account.shares.map { (labels.rooferSignature, $0.roofer) }
        signers.append((labels.employerSignature, document.project.customer))
        let perRow = 3
        let rows = (signers.count + perRow - 1) / perRow
        let space = 34.0
        let captions = 24.0
        keep(30 + Double(rows) * (space + captions))
        y += 16
        text(labels.signatures, x: margin, baseline: y + 10, bold: true, size: 1)
        y += 12
        let gap = 24.0
        let width = (contentWidth - Double(perRow - 1) * gap) / Double(perRow)
        let small = font(bold: false, size: 2)
        for start in stride(from: 0, to: signers.count, by: perRow) {
            y += space
            for (offset, signer) in signers[start..<min(start + perRow, signers.count)].enumerated() {
                let x = margin + Double(offset) * (width + gap)
                rule(y, from: x, to: x + width, width: 0.6, grey: 0.2)
                let caption = signer.1.isEmpty ? signer.0 : "\(signer.0): \(signer.1)"
                text(small.fitting(caption, width: width), x: x, baseline: y + 11)
                text(small.fitting(labels.dateAndSignature, width: width), x: x, baseline: y + 21, grey: 0.4)
            }
            y += captions
        }
    }

    // MARK: Drawing

    func render() throws(ReportError) -> [UInt8] {
        layOut()
        let canvas = try CairoCanvas(width: pageWidth, height: pageHeight)
        let title = "\(labels.title) – \(document.project.name)"
        canvas.setMetadata(CAIRO_PDF_METADATA_TITLE, title)
        canvas.setMetadata(CAIRO_PDF_METADATA_CREATOR, "Logbook")
        canvas.setMetadata(CAIRO_PDF_METADATA_CREATE_DATE, document.createdAt)
        canvas.setMetadata(CAIRO_PDF_METADATA_MOD_DATE, document.createdAt)
        let small = font(bold: false, size: 2)
        for (index, operations) in pages.enumerated() {
            for operation in operations {
                switch operation {
                case .text(let s, let x, let baseline, let isBold, let size, let grey):
                    if grey != 0 { canvas.color(grey) }
                    canvas.text(s, x: x, baseline: baseline, font: font(bold: isBold, size: size))
                    if grey != 0 { canvas.color(0) }
                case .fill(let x, let y, let width, let height, let grey):
                    canvas.fill(x: x, y: y, width: width, height: height, grey: grey)
                case .line(let x1, let y1, let x2, let y2, let width, let grey):
                    canvas.line(from: (x1, y1), to: (x2, y2), width: width, grey: grey)
                }
            }
            let pageText = labels.page(index + 1, of: pages.count)
            canvas.color(0.35)
            canvas.text(
                small.fitting(title, width: contentWidth - small.width(pageText) - 20), x: margin,
                baseline: pageHeight - 26, font: small)
            canvas.text(pageText, x: pageWidth - margin - small.width(pageText), baseline: pageHeight - 26, font: small)
            canvas.color(0)
            canvas.showPage()
        }
        return try canvas.finish()
    }
}
