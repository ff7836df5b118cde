public import ValueStreams
import ReportDocuments

/// A value-stream map drawn for people (issue 15 §4): PDF pages, or one SVG or PNG picture, all from the same
/// drawing through Cairo.
///
/// What is drawn: the title (name, state, description, dates), a box of measures (and a future map's comparison
/// with its current map), the icon strip (every sticker as a small square in its colour, grouped by section), then
/// each section as a labelled lane of sticker cards in order, wrapping across rows (and pages, in a PDF) with the
/// label repeated "(continued)". Under the cards runs the timeline ladder: waiting before each sticker on the upper
/// step, its process time on the lower step, the section's totals at the ladder's end. A sticker's text is set in its
/// font and size, wrapped to the card, shrunk when it does not fit, and cut with an ellipsis only when even 6 pt
/// cannot hold it (`StickerTextFit`).
///
/// The same map gives the same bytes: the PDF's creation date is the map's last update.
public enum ValueStreamRendering {
    /// Landscape paper for the PDF; its width is also the width of the SVG and PNG picture.
    public enum Paper: String, Sendable, Hashable, Codable, CaseIterable {
        case a4
        case a3
        case letter

        /// Width and height in points (1/72 inch), landscape: A4 297 × 210 mm, A3 420 × 297 mm, Letter 11 × 8.5 in.
        public var size: (width: Double, height: Double) {
            switch self {
            case .a4: (297 / 25.4 * 72, 210 / 25.4 * 72)
            case .a3: (420 / 25.4 * 72, 297 / 25.4 * 72)
            case .letter: (792, 612)
            }
        }
    }

    /// The map as PDF pages with "n / m" page numbers.
    public static func pdf(
        _ map: ValueStreamMap, paper: Paper = .a4, comparison: MapComparison? = nil
    ) throws(ReportError) -> [UInt8] {
        let layout = try ValueStreamLayout(map: map, comparison: comparison, paper: paper, paged: true)
        return try layout.draw(on: .pdf)
    }

    /// The map as one SVG picture, the paper's width wide and as tall as the map needs; its words are also in a
    /// transparent text layer (Cairo draws glyphs as outlines), so they can be searched and selected.
    public static func svg(
        _ map: ValueStreamMap, paper: Paper = .a4, comparison: MapComparison? = nil
    ) throws(ReportError) -> [UInt8] {
        let layout = try ValueStreamLayout(map: map, comparison: comparison, paper: paper, paged: false)
        return try layout.draw(on: .svg)
    }

    /// The map as one PNG picture: the SVG's picture at `scale` pixels per point, on white.
    public static func png(
        _ map: ValueStreamMap, paper: Paper = .a4, comparison: MapComparison? = nil, scale: Double = 2
    ) throws(ReportError) -> [UInt8] {
        guard scale.isFinite, scale > 0, scale <= 8 else {
            throw ReportError(code: .rendering, operation: "png", reason: "scale must be more than 0 and at most 8")
        }
        let layout = try ValueStreamLayout(map: map, comparison: comparison, paper: paper, paged: false)
        return try layout.draw(on: .png(scale: scale))
    }

    /// The size of the SVG and PNG picture in points (the PNG has `width × scale` by `height × scale` pixels,
    /// rounded up).
    public static func pictureSize(
        _ map: ValueStreamMap, paper: Paper = .a4, comparison: MapComparison? = nil
    ) throws(ReportError) -> (width: Double, height: Double) {
        let layout = try ValueStreamLayout(map: map, comparison: comparison, paper: paper, paged: false)
        return (layout.pageWidth, layout.pageHeight)
    }
}
