import ValueStreams
import ReportDocuments

extension ValueStreamLayout {
    /// Each section as a lane of cards, `cardsPerRow` to a row; a section longer than a row continues on the next
    /// row (and page) with its name repeated "(continued)".
    func lanes() throws(ReportError) {
        if map.sections.isEmpty {
            ensureRoom(40)
            text("This map has no stickers yet.", x: margin, baseline: y + 14, font(10), colour: Self.grey)
            y += 24
            return
        }
        for (index, section) in map.sections.enumerated() {
            let measures = map.sectionMeasures[index]
            if section.stickers.isEmpty {
                let height = laneHeader + 26
                ensureRoom(height)
                try band(section.name, continued: false, measures: nil, height: height)
                text(
                    "No stickers", x: margin + lanePadding, baseline: y + laneHeader + 16, font(8.5), colour: Self.grey)
                y += height + 8
                continue
            }
            let rows = stride(from: 0, to: section.stickers.count, by: cardsPerRow).map {
                Array(section.stickers[$0..<min($0 + cardsPerRow, section.stickers.count)])
            }
            for (row, stickers) in rows.enumerated() {
                ensureRoom(rowHeight)
                try band(section.name, continued: row > 0, measures: row == 0 ? measures : nil, height: rowHeight)
                try cardsRow(stickers, last: row == rows.count - 1 ? measures : nil)
                y += rowHeight + 8
            }
        }
    }

    /// The lane's background and its header: the section's name (and its measures on its first row).
    func band(_ name: String, continued: Bool, measures: Measures?, height: Double) throws(ReportError) {
        add(
            .box(
                x: margin, y: y, width: contentWidth, height: height, radius: 5, fill: RGB(grey: 0.985), stroke: nil,
                line: 0))
        add(
            .box(
                x: margin, y: y, width: contentWidth, height: laneHeader, radius: 5, fill: RGB(grey: 0.91), stroke: nil,
                line: 0))
        add(
            .box(
                x: margin, y: y + laneHeader / 2, width: contentWidth, height: laneHeader / 2, radius: 0,
                fill: RGB(grey: 0.91), stroke: nil, line: 0))
        add(
            .box(
                x: margin, y: y, width: contentWidth, height: height, radius: 5, fill: nil, stroke: RGB(grey: 0.78),
                line: 0.6))
        var right = margin + contentWidth - lanePadding
        if let m = measures {
            let count = m.stickerCount
            var facts = [
                "\(count) sticker\(count == 1 ? "" : "s")", "lead time \(DurationText.text(m.leadTimeSeconds))",
            ]
            if let pce = m.pce { facts.append("PCE \(Self.percent(pce))") }
            if let ca = m.rolledCA { facts.append("rolled %C&A \(Self.percent(ca))") }
            let line = facts.joined(separator: "  ·  ")
            let lineWidth = try width(line, font(7.5))
            right -= lineWidth
            text(line, x: right, baseline: y + 11, font(7.5), colour: Self.grey)
            right -= 16
        }
        let nameFont = font(9, bold: true)
        let suffix = continued ? " (continued)" : ""
        let suffixWidth = try width(suffix, font(9))
        let shown = try fitted(name, nameFont, right - margin - lanePadding - suffixWidth)
        text(shown, x: margin + lanePadding, baseline: y + 11.5, nameFont)
        if continued {
            text(
                suffix, x: margin + lanePadding + (try width(shown, nameFont)), baseline: y + 11.5, font(9),
                colour: Self.grey)
        }
    }

    /// One row of cards with its stretch of the ladder; `last` (the section's measures) ends the ladder with the
    /// section's totals, else it points on to the next row.
    func cardsRow(_ stickers: [Sticker], last: Measures?) throws(ReportError) {
        let left = margin + lanePadding
        let cardTop = y + laneHeader + lanePadding
        let cardBottom = cardTop + cardHeight
        let upper = cardBottom + upperStep
        let lower = cardBottom + lowerStep
        let ladder = RGB(grey: 0.3)
        let small = font(7)
        var points: [(Double, Double)] = []
        for (index, sticker) in stickers.enumerated() {
            let gapLeft = left + Double(index) * slotWidth
            let cardLeft = gapLeft + gapWidth
            points += [(gapLeft, upper), (cardLeft, upper), (cardLeft, lower), (cardLeft + cardWidth, lower)]
            try card(sticker, x: cardLeft, y: cardTop)
            if let inventory = sticker.inventory {
                try inventoryMark(inventory, centre: gapLeft + gapWidth / 2, top: cardTop + 10)
            }
            // Waiting on the upper step before the card, process time on the lower step under it.
            let wait = try fitted(DurationText.text(sticker.waitSeconds), small, gapWidth - 4)
            let waitWidth = try width(wait, small)
            text(
                wait, x: gapLeft + (gapWidth - waitWidth) / 2, baseline: upper - 3, small,
                colour: sticker.waitSeconds == 0 ? RGB(grey: 0.6) : .text)
            let process = try fitted(DurationText.text(sticker.processSeconds), small, cardWidth - 4)
            let processWidth = try width(process, small)
            text(process, x: cardLeft + (cardWidth - processWidth) / 2, baseline: lower + 9, small)
        }
        let end = left + Double(stickers.count) * slotWidth
        points += [(end, lower), (end, upper), (end + 8, upper)]
        add(.path(points, closed: false, fill: nil, stroke: ladder, line: 1.1))
        let textLeft = end + 12
        let room = margin + contentWidth - lanePadding - textLeft
        if let m = last {
            let bold = font(7.5, bold: true)
            text(
                try fitted("lead \(DurationText.text(m.leadTimeSeconds))", bold, room), x: textLeft,
                baseline: upper - 14, bold)
            text(
                try fitted("waiting \(DurationText.text(m.waitingSeconds))", small, room), x: textLeft,
                baseline: upper + 2.5, small)
            text(
                try fitted("process \(DurationText.text(m.processSeconds))", small, room), x: textLeft,
                baseline: lower + 2.5, small)
        } else {
            add(
                .path(
                    [(end + 8, upper - 3), (end + 13, upper), (end + 8, upper + 3)], closed: true, fill: ladder,
                    stroke: nil, line: 0))
            text(try fitted("continues", small, room), x: end + 2, baseline: lower + 2.5, small, colour: Self.grey)
        }
    }

    /// A sticker's card: its colour, its text in its font and size (fitted), its %C&A and process time at the foot.
    func card(_ sticker: Sticker, x: Double, y top: Double) throws(ReportError) {
        let colour = RGB(sticker.colour)
        let ink: RGB = sticker.colour.isLight ? .text : .white
        add(
            .box(
                x: x + 1.2, y: top + 1.6, width: cardWidth, height: cardHeight, radius: 3, fill: RGB(grey: 0.75),
                stroke: nil, line: 0))
        add(
            .box(
                x: x, y: top, width: cardWidth, height: cardHeight, radius: 3, fill: colour,
                stroke: colour.scaled(0.78), line: 0.6))
        let padding = 5.0
        let footer = 12.0
        let style = sticker.style
        let reference = try fonts.font(FontSpec(family: style.font, bold: false, size: 10))
        let fit = StickerTextFit.fit(
            sticker.text, width: cardWidth - 2 * padding - 0.5, height: cardHeight - 2 * padding - footer,
            preferredSize: style.size, lineHeightFactor: reference.lineHeight / reference.size,
            measure: { text, size in reference.width(text) * size / reference.size })
        let spec = FontSpec(family: style.font, bold: false, size: fit.size)
        let stickerFont = try fonts.font(spec)
        let block = Double(fit.lines.count) * fit.lineHeight
        var lineTop = top + padding + max(0, (cardHeight - 2 * padding - footer - block) / 2)
        for line in fit.lines {
            let lineWidth = stickerFont.width(line)
            let baseline = lineTop + (fit.lineHeight - stickerFont.lineHeight) / 2 + stickerFont.ascent
            text(line, x: x + (cardWidth - lineWidth) / 2, baseline: baseline, spec, colour: ink)
            lineTop += fit.lineHeight
        }
        let foot = top + cardHeight - padding - 1
        let small = font(6.5)
        let process = DurationText.text(sticker.processSeconds)
        let bold = FontSpec(family: Self.uiFamily, bold: true, size: 7)
        let processWidth = try width(process, bold)
        text(process, x: x + cardWidth - padding - processWidth, baseline: foot, bold, colour: ink)
        // %C&A at the left of the foot, its label dropped when the process time leaves too little room.
        if let ca = sticker.ca {
            let room = cardWidth - 2 * padding - processWidth - 4
            for label in ["C&A \(Self.decimal(ca))%", "\(Self.decimal(ca))%"] where try width(label, small) <= room {
                text(label, x: x + padding, baseline: foot, small, colour: ink)
                break
            }
        }
    }

    /// Inventory waiting before a step: the lean triangle with its count.
    func inventoryMark(_ count: Int, centre: Double, top: Double) throws(ReportError) {
        add(
            .path(
                [(centre, top), (centre + 8, top + 14), (centre - 8, top + 14)], closed: true,
                fill: RGB(red: 1, green: 0.95, blue: 0.75), stroke: RGB(grey: 0.3), line: 0.7))
        let mark = font(6.5, bold: true)
        text("I", x: centre - (try width("I", mark)) / 2, baseline: top + 12, mark)
        let label = try fitted("\(count)", font(7), gapWidth - 4)
        text(label, x: centre - (try width(label, font(7))) / 2, baseline: top + 24, font(7))
    }
}
