import Foundation
import ValueStreams
import ReportDocuments

/// Lays a value-stream map out into pages of drawing operations (one endless page when not `paged`): the title, the
/// measures, the icon strip, then the sections' lanes of sticker cards over their timeline ladder.
final class ValueStreamLayout {
    let map: ValueStreamMap
    let comparison: MapComparison?
    let paged: Bool
    let pageWidth: Double
    /// The paper's height when paged; else the height the drawing needs.
    private(set) var pageHeight: Double
    let fonts = FontCache()
    private(set) var pages: [[DrawOperation]] = [[]]
    var y = 0.0

    let margin = 30.0
    var contentWidth: Double { pageWidth - 2 * margin }
    /// Where a page's content ends (the footer is below).
    var contentBottom: Double { paged ? pageHeight - 36 : .infinity }

    static let uiFamily = StickerStyle.defaultFont
    static let grey = RGB(grey: 0.42)

    // Geometry of a lane row, in points.
    /// Cards are at least this wide; those of a row share what is left over.
    static let minimumCardWidth = 76.0
    private(set) var cardWidth = minimumCardWidth
    let cardHeight = 80.0
    /// Cards per row: as many as fit with the ladder's totals after the last.
    private(set) var cardsPerRow = 1
    /// The space before each card: the ladder's upper step, with the waiting time.
    let gapWidth = 36.0
    let totalsWidth = 80.0
    let laneHeader = 16.0
    let lanePadding = 8.0
    /// From the cards' bottom to the ladder's upper and lower step.
    let upperStep = 15.0
    let lowerStep = 28.0
    var ladderHeight: Double { lowerStep + 12 }
    var rowHeight: Double { laneHeader + lanePadding + cardHeight + ladderHeight + 4 }
    var slotWidth: Double { gapWidth + cardWidth }

    init(map: ValueStreamMap, comparison: MapComparison?, paper: ValueStreamRendering.Paper, paged: Bool)
        throws(ReportError)
    {
        self.map = map
        self.comparison = comparison
        self.paged = paged
        (pageWidth, pageHeight) = paper.size
        y = margin
        let room = pageWidth - 2 * margin - 2 * lanePadding - totalsWidth
        cardsPerRow = max(1, Int(room / (gapWidth + Self.minimumCardWidth)))
        cardWidth = min(room / Double(cardsPerRow) - gapWidth, 120)
        try layOut()
        if !paged { pageHeight = (y + margin).rounded(.up) }
    }

    func add(_ operation: DrawOperation) { pages[pages.count - 1].append(operation) }

    func font(_ size: Double, bold: Bool = false) -> FontSpec {
        FontSpec(family: Self.uiFamily, bold: bold, size: size)
    }

    func width(_ text: String, _ spec: FontSpec) throws(ReportError) -> Double { try fonts.font(spec).width(text) }

    /// Text cut (with an ellipsis) to `limit` points.
    func fitted(_ text: String, _ spec: FontSpec, _ limit: Double) throws(ReportError) -> String {
        try fonts.font(spec).fitting(text.singleLine, width: limit)
    }

    func text(_ text: String, x: Double, baseline: Double, _ spec: FontSpec, colour: RGB = .text) {
        add(.text(text, x: x, baseline: baseline, font: spec, colour: colour))
    }

    /// Starts a new page when `height` more points do not fit on this one (never on an endless page).
    func ensureRoom(_ height: Double) {
        guard paged, y + height > contentBottom, !pages[pages.count - 1].isEmpty else { return }
        pages.append([])
        y = margin
    }

    func layOut() throws(ReportError) {
        try title()
        try summary()
        try iconStrip()
        try lanes()
    }

    // MARK: Title

    func title() throws(ReportError) {
        text(
            try fitted(map.name, font(18, bold: true), contentWidth), x: margin, baseline: y + 17, font(18, bold: true))
        y += 24
        var facts: [String] = []
        switch map.state {
        case .current: facts.append("Current state")
        case .future:
            facts.append(map.futureOf.map { "Future state of “\($0)”" } ?? "Future state")
        }
        facts.append("created \(Self.displayDate(map.created))")
        facts.append("updated \(Self.displayDate(map.updated))")
        let stickers = map.stickers.count
        facts.append(
            "\(stickers) sticker\(stickers == 1 ? "" : "s") in \(map.sections.count) section\(map.sections.count == 1 ? "" : "s")"
        )
        text(
            try fitted(facts.joined(separator: "  ·  "), font(9), contentWidth), x: margin, baseline: y + 10, font(9),
            colour: Self.grey)
        y += 14
        let description = map.description.trimmingBlanks
        if !description.isEmpty {
            let lines = try fonts.font(font(9)).wrapped(description, width: contentWidth, maxLines: 3)
            for line in lines {
                text(line, x: margin, baseline: y + 10, font(9))
                y += 12
            }
        }
        y += 8
    }

    // MARK: Measures

    func summary() throws(ReportError) {
        let m = map.measures
        let tiles: [(String, String)] = [
            ("Lead time", DurationText.text(m.leadTimeSeconds)),
            ("Process time", DurationText.text(m.processSeconds)),
            ("Value-added", DurationText.text(m.valueAddedSeconds)),
            ("Non-value-added", DurationText.text(m.nonValueAddedSeconds)),
            ("Waiting", DurationText.text(m.waitingSeconds)),
            ("PCE", m.pce.map(Self.percent) ?? "–"),
            ("Rolled %C&A", m.rolledCA.map(Self.percent) ?? "–"),
            ("Takt time", m.taktSeconds.map(DurationText.text) ?? "–"),
        ]
        let comparisonLines =
            try comparisonText().map { line throws(ReportError) in
                try fonts.font(font(8)).wrapped(line, width: contentWidth - 20, maxLines: 2)
            } ?? []
        let height = 62 + Double(comparisonLines.count) * 11 + (comparisonLines.isEmpty ? 0 : 4)
        let top = y
        add(
            .box(
                x: margin, y: top, width: contentWidth, height: height, radius: 4, fill: RGB(grey: 0.965),
                stroke: RGB(grey: 0.78), line: 0.6))
        let tileWidth = (contentWidth - 16) / Double(tiles.count)
        for (index, (label, value)) in tiles.enumerated() {
            let x = margin + 8 + Double(index) * tileWidth
            text(try fitted(label, font(7.5), tileWidth - 6), x: x, baseline: top + 14, font(7.5), colour: Self.grey)
            text(try fitted(value, font(12, bold: true), tileWidth - 6), x: x, baseline: top + 30, font(12, bold: true))
        }
        add(
            .path(
                [(margin + 8, top + 38), (margin + contentWidth - 8, top + 38)], closed: false, fill: nil,
                stroke: RGB(grey: 0.82), line: 0.5))
        // Count and process time per kind, each after a swatch of its colour.
        let kindWidth = (contentWidth - 16) / 3
        for (index, kind) in StickerKind.allCases.enumerated() {
            let x = margin + 8 + Double(index) * kindWidth
            let total = m.byKind[kind] ?? Measures.KindTotal()
            add(
                .box(
                    x: x, y: top + 45, width: 9, height: 9, radius: 1.5, fill: RGB(kind.defaultColour),
                    stroke: RGB(kind.defaultColour).scaled(0.8), line: 0.5))
            let line =
                "\(kind.title): \(total.count) sticker\(total.count == 1 ? "" : "s") · \(DurationText.text(total.seconds))"
            text(try fitted(line, font(8.5), kindWidth - 20), x: x + 14, baseline: top + 53, font(8.5))
        }
        var baseline = top + 69
        for line in comparisonLines {
            text(line, x: margin + 8, baseline: baseline, font(8))
            baseline += 11
        }
        y = top + height + 12
    }

    /// A future map against its current map, in one sentence.
    func comparisonText() -> String? {
        guard let c = comparison else { return nil }
        let future = map.measures.leadTimeSeconds
        let current = future - c.leadTimeChangeSeconds
        var parts = [
            "lead time \(Self.signed(c.leadTimeChangeSeconds)) (\(DurationText.text(current)) → \(DurationText.text(future)))"
        ]
        if let pce = c.pceChange {
            let points = pce * 100
            parts.append("PCE \(points >= 0 ? "+" : "−")\(Self.decimal(abs(points))) points")
        }
        let stickers = "sticker\(abs(c.wasteRemovedCount) == 1 ? "" : "s")"
        if c.wasteRemovedCount >= 0, c.wasteRemovedSeconds >= 0 {
            parts.append(
                "waste removed: \(c.wasteRemovedCount) \(stickers), \(DurationText.text(c.wasteRemovedSeconds))")
        } else {
            let count = c.wasteRemovedCount > 0 ? "−\(c.wasteRemovedCount)" : "+\(-c.wasteRemovedCount)"
            parts.append("waste changed: \(count) \(stickers), \(Self.signed(-c.wasteRemovedSeconds))")
        }
        parts.append(
            c.waitingRemovedSeconds >= 0
                ? "waiting removed: \(DurationText.text(c.waitingRemovedSeconds))"
                : "waiting added: \(DurationText.text(-c.waitingRemovedSeconds))")
        return "Against the current map “\(c.current)”: " + parts.joined(separator: "  ·  ")
    }

    // MARK: Icon strip

    /// Every sticker as a small square in its colour, in order, grouped by section under the section's name.
    func iconStrip() throws(ReportError) {
        let square = 10.0
        let step = 12.5
        let groupGap = 16.0
        let labelFont = font(7.5)
        text("Overview", x: margin, baseline: y + 9, font(9, bold: true))
        y += 14
        var x = margin
        var lineTop = y
        let lineHeight = 12 + square + 8
        for section in map.sections {
            let squares = max(1, section.stickers.count)
            // As wide as its squares, or as its name (up to 160 points) when that is wider.
            let labelRoom = min(try width(section.name.singleLine, labelFont) + 4, 160)
            let groupWidth = max(Double(squares) * step, labelRoom, 40)
            if x > margin, x + min(groupWidth, contentWidth) > margin + contentWidth {
                x = margin
                lineTop += lineHeight
            }
            let labelWidth = min(groupWidth, margin + contentWidth - x)
            text(
                try fitted(section.name, labelFont, labelWidth - 2), x: x, baseline: lineTop + 8, labelFont,
                colour: Self.grey)
            var sx = x
            var sy = lineTop + 12
            if section.stickers.isEmpty {
                add(
                    .box(
                        x: sx, y: sy, width: square, height: square, radius: 1.5, fill: nil, stroke: RGB(grey: 0.7),
                        line: 0.5))
            }
            for sticker in section.stickers {
                if sx + square > margin + contentWidth {
                    sx = margin
                    lineTop += lineHeight
                    sy = lineTop + 12
                }
                let colour = RGB(sticker.colour)
                add(
                    .box(
                        x: sx, y: sy, width: square, height: square, radius: 1.5, fill: colour,
                        stroke: colour.scaled(0.78), line: 0.5))
                sx += step
            }
            x = max(sx, x + groupWidth) + groupGap
        }
        y = lineTop + lineHeight + 4
    }

    // MARK: Formatting

    static func percent(_ fraction: Double) -> String { decimal(fraction * 100) + "%" }

    /// One decimal, without a trailing ".0".
    static func decimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(abs(tenths % 10))"
    }

    /// A change of time: `+1h 30m`, `−2d 3h`, `±0s`.
    static func signed(_ seconds: Double) -> String {
        let rounded = seconds.rounded()
        if rounded == 0 { return "±0s" }
        return (rounded < 0 ? "−" : "+") + DurationText.text(abs(rounded))
    }

    static func components(_ date: Date) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    }

    static func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }

    /// `2026-11-20 08:00 UTC`.
    static func displayDate(_ date: Date) -> String {
        let c = components(date)
        return "\(c.year ?? 0)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute)) UTC"
    }

    /// `2026-11-20T08:00:00Z`, Cairo's form of a PDF date.
    static func metadataDate(_ date: Date) -> String {
        let c = components(date)
        return "\(c.year ?? 0)-\(two(c.month))-\(two(c.day))T\(two(c.hour)):\(two(c.minute)):\(two(c.second))Z"
    }

    /// The footer of page `number`: the map's name and "n / m".
    func footer(page number: Int, of count: Int) -> [DrawOperation] {
        let spec = font(7.5)
        let pageText = "\(number) / \(count)"
        let baseline = pageHeight - 18
        let pageWidthText = (try? width(pageText, spec)) ?? 20
        let name = (try? fitted(map.name, spec, contentWidth - pageWidthText - 20)) ?? ""
        return [
            .path(
                [(margin, baseline - 10), (pageWidth - margin, baseline - 10)], closed: false, fill: nil,
                stroke: RGB(grey: 0.85), line: 0.5),
            .text(name, x: margin, baseline: baseline, font: spec, colour: Self.grey),
            .text(pageText, x: pageWidth - margin - pageWidthText, baseline: baseline, font: spec, colour: Self.grey),
        ]
    }
}
