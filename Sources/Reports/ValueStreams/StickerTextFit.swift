import ReportDocuments
/// How a sticker's text sits on its card: wrapped to the card's width at the sticker's own size where it fits, else
/// at the largest smaller size (stepwise, down to `minimumSize`) where it fits, and only when even that cannot hold
/// it, cut with an ellipsis.
public struct StickerTextFit: Sendable, Hashable {
    /// The lines, top to bottom; each at most the width it was fitted to at `size`.
    public var lines: [String]
    /// The font size chosen, in points.
    public var size: Double
    /// The distance between baselines at `size`.
    public var lineHeight: Double
    /// Whether text was left out (the last line ends in "…"): only at `minimumSize`.
    public var isCut: Bool

    public init(lines: [String], size: Double, lineHeight: Double, isCut: Bool) {
        self.lines = lines
        self.size = size
        self.lineHeight = lineHeight
        self.isCut = isCut
    }

    /// The ellipsis that ends a cut line.
    public static let ellipsis = "…"

    /// Fits `text` into a box `width` × `height` points.
    ///
    /// - Parameters:
    ///   - preferredSize: the sticker's font size; sizes tried are it, then whole points below it, then `minimumSize`.
    ///   - lineHeightFactor: line height ÷ font size of the font.
    ///   - measure: the advance width of a text at a size, in points.
    /// Line breaks in `text` are kept; words break inside only at `minimumSize`, when a word alone is wider than
    /// the box.
    public static func fit(
        _ text: String, width: Double, height: Double, preferredSize: Double, minimumSize: Double = 6,
        lineHeightFactor: Double = 1.17, measure: (String, Double) -> Double
    ) -> StickerTextFit {
        let paragraphs = paragraphs(of: text)
        let smallest = min(minimumSize, preferredSize)
        var sizes: [Double] = [preferredSize]
        var next = preferredSize.rounded(.up) - 1
        while next > smallest {
            sizes.append(next)
            next -= 1
        }
        if sizes.last != smallest { sizes.append(smallest) }
        for size in sizes {
            let lineHeight = size * lineHeightFactor
            let capacity = Int((height / lineHeight + 1e-9).rounded(.down))
            guard capacity > 0 else { continue }
            if let lines = wrap(paragraphs, width: width, size: size, breakWords: false, measure: measure),
                lines.count <= capacity
            {
                return StickerTextFit(lines: lines, size: size, lineHeight: lineHeight, isCut: false)
            }
        }
        // Even the smallest size cannot hold the text whole: words break, and the last line that fits ends in "…".
        let lineHeight = smallest * lineHeightFactor
        let capacity = Int((height / lineHeight + 1e-9).rounded(.down))
        let lines = wrap(paragraphs, width: width, size: smallest, breakWords: true, measure: measure) ?? []
        if lines.count <= capacity {
            return StickerTextFit(lines: lines, size: smallest, lineHeight: lineHeight, isCut: false)
        }
        guard capacity > 0 else {
            return StickerTextFit(lines: [], size: smallest, lineHeight: lineHeight, isCut: true)
        }
        var kept = Array(lines.prefix(capacity - 1))
        let rest = lines[(capacity - 1)...].joined(separator: " ")
        kept.append(cut(rest, width: width, size: smallest, measure: measure))
        return StickerTextFit(lines: kept, size: smallest, lineHeight: lineHeight, isCut: true)
    }

    /// The text's paragraphs (its own line breaks), each as its words.
    static func paragraphs(of text: String) -> [[String]] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.split(whereSeparator: { $0.isWhitespace }).map(String.init) }
            .filter { !$0.isEmpty }
    }

    /// Greedy wrapping, word by word; nil when a word is wider than `width` and `breakWords` is false.
    static func wrap(
        _ paragraphs: [[String]], width: Double, size: Double, breakWords: Bool, measure: (String, Double) -> Double
    ) -> [String]? {
        var lines: [String] = []
        for words in paragraphs {
            var line = ""
            for word in words {
                let candidate = line.isEmpty ? word : line + " " + word
                if measure(candidate, size) <= width {
                    line = candidate
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                line = ""
                if measure(word, size) <= width {
                    line = word
                    continue
                }
                guard breakWords else { return nil }
                // Pieces of the word as long as fit, the last piece carried on like a word.
                var piece = ""
                for character in word {
                    let longer = piece + String(character)
                    if measure(longer, size) > width, !piece.isEmpty {
                        lines.append(piece)
                        piece = String(character)
                    } else {
                        piece = longer
                    }
                }
                line = piece
            }
            if !line.isEmpty { lines.append(line) }
        }
        return lines
    }

    /// The longest start of `text` that fits `width` with the ellipsis after it.
    static func cut(_ text: String, width: Double, size: Double, measure: (String, Double) -> Double) -> String {
        let characters = Array(text)
        func candidate(_ count: Int) -> String { String(characters[..<count]).trimmingBlanks + ellipsis }
        // Binary search on whole characters for the longest prefix that fits.
        var low = 0
        var high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            if measure(candidate(middle), size) <= width { low = middle } else { high = middle - 1 }
        }
        let best = candidate(low)
        return measure(best, size) <= width ? best : ""
    }
}
