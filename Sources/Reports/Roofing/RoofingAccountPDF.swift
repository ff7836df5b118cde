import CCairo
import Roofing
import ReportDocuments

/// Renders a roofing account to PDF through Cairo, laid out like the union's piecework account: the header
/// (project, address, customer, roofers, period), one table of the measured positions grouped by section with
/// section totals, then supplements, extra work and deductions in the same columns, the summary (total,
/// guaranteed pay, advances, surplus), the distribution among the roofers (hours, share, hourly rate, balance),
/// signature lines for each roofer and the employer, the photos as an appendix ("Bilag: fotos", two to a page, each
/// upright by its EXIF orientation with its caption and file name under it), and "Side n af m" on every page. A table that runs onto the
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
        /// Photo `index` (of `images`) upright in the box: `width` × `height` points as shown.
        case image(Int, x: Double, y: Double, width: Double, height: Double)
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
    /// The document's photos made ready to draw (nil where one cannot be shown); destroyed after the PDF is done.
    var images: [PhotoImage?] = []

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
        photoAppendix()
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

    /// After the signatures: the photos on new pages, two to a page, each scaled to fit its half of the page,
    /// upright, centred, with its caption and original file name under it; one that cannot be shown (HEIC, or a
    /// file Cairo cannot read) as a framed box saying so.
    func photoAppendix() {
        guard !document.photos.isEmpty else { return }
        let captionFont = font(bold: true, size: 2)
        let nameFont = font(bold: false, size: 2)
        let captionHeight = 2 * captionFont.lineHeight + 10
        for (index, photo) in document.photos.enumerated() {
            if index % 2 == 0 {
                newPage()
                text(labels.photosAppendix, x: margin, baseline: y + 12, bold: true, size: 1)
                y += 22
            }
            let slot = (bottom - (margin + 40)) / 2
            let box = (width: contentWidth, height: slot - captionHeight - 12)
            let top = y
            if let image = images[index] {
                let shown = image.shownSize
                let scale = min(box.width / shown.width, box.height / shown.height)
                let width = shown.width * scale
                let height = shown.height * scale
                add(
                    .image(
                        index, x: margin + (box.width - width) / 2, y: top + (box.height - height) / 2,
                        width: width, height: height))
            } else {
                let notice = photo.format == .heic ? labels.heicNotShown : labels.photoNotShown
                let frame = (x: margin + box.width / 4, y: top + box.height / 4, w: box.width / 2, h: box.height / 2)
                for (x1, y1, x2, y2) in [
                    (frame.x, frame.y, frame.x + frame.w, frame.y),
                    (frame.x, frame.y + frame.h, frame.x + frame.w, frame.y + frame.h),
                    (frame.x, frame.y, frame.x, frame.y + frame.h),
                    (frame.x + frame.w, frame.y, frame.x + frame.w, frame.y + frame.h),
                ] {
                    add(.line(x1: x1, y1: y1, x2: x2, y2: y2, width: 0.8, grey: 0.4))
                }
                let lines = [notice, photo.caption].filter { !$0.isEmpty }
                for (k, line) in lines.enumerated() {
                    let fitted = nameFont.fitting(line, width: frame.w - 16)
                    let baseline = frame.y + frame.h / 2 + Double(k) * 14 - Double(lines.count - 1) * 7 + 3
                    text(
                        fitted, x: frame.x + (frame.w - nameFont.width(fitted)) / 2, baseline: baseline, bold: k == 0,
                        grey: k == 0 ? 0 : 0.35)
                }
            }
            y = top + box.height + 6
            let caption = photo.caption.isEmpty ? photo.originalName : photo.caption
            text(
                captionFont.fitting(caption, width: contentWidth), x: margin, baseline: y + captionFont.ascent,
                bold: true)
            y += captionFont.lineHeight + 2
            if !photo.caption.isEmpty {
                text(
                    nameFont.fitting(photo.originalName, width: contentWidth), x: margin,
                    baseline: y + nameFont.ascent, grey: 0.4)
            }
            y = top + slot + 6
        }
    }

    // MARK: Drawing

    func render() throws(ReportError) -> [UInt8] {
        images = document.photos.map(PhotoImage.init)
        defer { for image in images { image?.destroy() } }
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
                case .image(let index, let x, let y, let width, let height):
                    images[index]?.draw(on: canvas, x: x, y: y, width: width, height: height)
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

/// A photo as a Cairo image surface, with its EXIF orientation: a JPEG as an empty surface of its size carrying the
/// file as JPEG mime data (the PDF embeds the JPEG stream as it is), a PNG decoded by Cairo. HEIC (no decoder here)
/// and files Cairo cannot read give nil.
final class PhotoImage {
    let surface: OpaquePointer
    /// The stored image's size in pixels (before the orientation is applied).
    let width: Double
    let height: Double
    /// The EXIF orientation, 1–8.
    let orientation: Int

    /// Feeds a PNG's bytes to Cairo's read callback.
    final class Source {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    private static let read: cairo_read_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
        let source = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
        source.bytes.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { data.update(from: base + source.offset, count: count) }
        }
        source.offset += count
        return CAIRO_STATUS_SUCCESS
    }

    convenience init?(_ photo: RoofingAccountDocument.Photo) {
        let orientation = (1...8).contains(photo.orientation ?? 1) ? photo.orientation ?? 1 : 1
        switch photo.format {
        case .heic: return nil
        case .png:
            // Cairo decodes a PNG whole: one whose IHDR declares an implausible size (stored before uploads were
            // checked for it) is not decoded at all.
            let b = photo.bytes
            guard b.count >= 24 else { return nil }
            let declared = (b[16..<20].reduce(0) { $0 << 8 | Int($1) }, b[20..<24].reduce(0) { $0 << 8 | Int($1) })
            guard PhotoFile.implausibility(width: declared.0, height: declared.1) == nil else { return nil }
            let source = Source(photo.bytes)
            let surface = withExtendedLifetime(source) {
                cairo_image_surface_create_from_png_stream(Self.read, Unmanaged.passUnretained(source).toOpaque())
            }
            guard let surface else { return nil }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
                cairo_surface_destroy(surface)
                return nil
            }
            self.init(surface: surface, orientation: orientation)
        case .jpeg:
            guard let size = Self.jpegSize(photo.bytes), size.width > 0, size.height > 0,
                PhotoFile.implausibility(width: size.width, height: size.height) == nil,
                let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(size.width), Int32(size.height))
            else { return nil }
            let attached = photo.bytes.withUnsafeBufferPointer { buffer in
                logbook_surface_attach_jpeg(surface, buffer.baseAddress, UInt(buffer.count))
            }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, attached == CAIRO_STATUS_SUCCESS else {
                cairo_surface_destroy(surface)
                return nil
            }
            self.init(surface: surface, orientation: orientation)
        }
    }

    private init(surface: OpaquePointer, orientation: Int) {
        self.surface = surface
        width = Double(cairo_image_surface_get_width(surface))
        height = Double(cairo_image_surface_get_height(surface))
        self.orientation = orientation
    }

    func destroy() { cairo_surface_destroy(surface) }

    /// Width and height as shown: swapped for orientations 5–8 (turned a quarter).
    var shownSize: (width: Double, height: Double) { orientation >= 5 ? (height, width) : (width, height) }

    /// The JPEG's width and height from its SOF0, SOF1 or SOF2 segment; nil without one before the scan.
    static func jpegSize(_ b: [UInt8]) -> (width: Int, height: Int)? {
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        while i + 3 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF {
                i += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                i += 2
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            if (0xC0...0xC2).contains(marker) {
                guard i + 8 < b.count, length >= 8 else { return nil }
                let height = Int(b[i + 5]) << 8 | Int(b[i + 6])
                let width = Int(b[i + 7]) << 8 | Int(b[i + 8])
                return (width, height)
            }
            guard length >= 2 else { return nil }
            i += 2 + length
        }
        return nil
    }

    /// Draws the photo upright filling the box at (`x`, `y`), `boxWidth` × `boxHeight` points as shown.
    func draw(on canvas: CairoCanvas, x: Double, y: Double, width boxWidth: Double, height boxHeight: Double) {
        let context = canvas.context
        let shown = shownSize
        cairo_save(context)
        cairo_translate(context, x, y)
        cairo_scale(context, boxWidth / shown.width, boxHeight / shown.height)
        // The EXIF orientation as the map from the stored image's pixels to the upright picture.
        let (w, h) = (width, height)
        let m: (Double, Double, Double, Double, Double, Double)
        switch orientation {
        case 2: m = (-1, 0, 0, 1, w, 0)  // mirrored left to right
        case 3: m = (-1, 0, 0, -1, w, h)  // turned half round
        case 4: m = (1, 0, 0, -1, 0, h)  // mirrored top to bottom
        case 5: m = (0, 1, 1, 0, 0, 0)  // mirrored along the main diagonal
        case 6: m = (0, 1, -1, 0, h, 0)  // to be turned a quarter clockwise
        case 7: m = (0, -1, -1, 0, h, w)  // mirrored along the other diagonal
        case 8: m = (0, -1, 1, 0, 0, w)  // to be turned a quarter anticlockwise
        default: m = (1, 0, 0, 1, 0, 0)
        }
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, m.0, m.1, m.2, m.3, m.4, m.5)
        cairo_transform(context, &matrix)
        cairo_set_source_surface(context, surface, 0, 0)
        cairo_rectangle(context, 0, 0, w, h)
        cairo_fill(context)
        cairo_restore(context)
        canvas.color(0)
    }
}
