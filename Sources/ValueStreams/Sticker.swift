import Foundation
import PlainText

/// How a sticker looks: its background (the kind's colour unless set), font family and size.
public struct StickerStyle: Sendable, Hashable {
    public static let defaultFont = "DejaVu Sans"
    public static let defaultSize = 12.0
    public static let sizes = 6.0...48.0
    /// The families the pages offer: those Logbook's own font packages install (fonts-dejavu-core, fonts-noto-core),
    /// which the PDF, SVG and PNG drawings find. Any other family a map was given stays valid.
    public static let fontChoices = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "Noto Sans", "Noto Serif"]
    /// The sizes the pages offer, in points (a sticker may hold any size in `sizes`).
    public static let sizeChoices: [Double] = [6, 8, 9, 10, 11, 12, 14, 16, 18, 20, 24, 28, 32, 36, 48]

    public var background: Colour?
    public var font: String
    public var size: Double

    public init(
        background: Colour? = nil, font: String = StickerStyle.defaultFont, size: Double = StickerStyle.defaultSize
    ) {
        self.background = background
        self.font = font
        self.size = size
    }
}

/// One step of the process: a post-it on the timeline.
public struct Sticker: Sendable, Hashable, Identifiable {
    /// Its number in the map: stable across moves and edits, never reused.
    public var id: Int
    public var text: String
    public var kind: StickerKind
    public var style: StickerStyle
    /// How long the step itself takes, in seconds.
    public var processSeconds: Double
    /// How long the work waits before this step, in seconds.
    public var waitSeconds: Double
    /// Percent complete and accurate: the share of this step's output the next step can use as it is (0–100).
    public var ca: Double?
    /// Pieces waiting before the step.
    public var inventory: Int?

    public init(
        id: Int, text: String, kind: StickerKind, style: StickerStyle = StickerStyle(), processSeconds: Double = 0,
        waitSeconds: Double = 0, ca: Double? = nil, inventory: Int? = nil
    ) {
        self.id = id
        self.text = text
        self.kind = kind
        self.style = style
        self.processSeconds = processSeconds
        self.waitSeconds = waitSeconds
        self.ca = ca
        self.inventory = inventory
    }

    /// Process and waiting times a sticker may have: 0 to ten years, as `DurationText` reads them.
    public static let secondsRange = 0.0...(10 * 365 * 86_400)

    /// The colour it is drawn in.
    public var colour: Colour { style.background ?? kind.defaultColour }

    /// Refuses what no map may hold, naming the field (`path` is where the sticker is: `sections[0].stickers[3]`; empty for a sticker on its own).
    public func validate(path: String = "") throws(ValueStreamError) {
        func fail(_ field: String, _ message: String) -> ValueStreamError {
            ValueStreamError(.invalid, path: path.isEmpty ? field : "\(path).\(field)", message)
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, text.count <= 500 else { throw fail("text", "needs 1 to 500 characters") }
        if let bad = PlainText.firstRefused(in: text, lines: .multiple) {
            let field = path.isEmpty ? "text" : "\(path).text"
            throw ValueStreamError(.invalid, path: field, PlainText.refusal(field: field, bad))
        }
        guard Self.secondsRange.contains(processSeconds) else { throw fail("process_s", "must be 0 to 10 years") }
        guard Self.secondsRange.contains(waitSeconds) else { throw fail("wait_s", "must be 0 to 10 years") }
        if let ca, !(ca.isFinite && (0...100).contains(ca)) { throw fail("ca", "must be 0 to 100 (percent)") }
        if let inventory, inventory < 0 { throw fail("inventory", "must be 0 or more") }
        guard StickerStyle.sizes.contains(style.size) else { throw fail("size", "must be 6 to 48 points") }
        let font = style.font.trimmingCharacters(in: .whitespaces)
        guard !font.isEmpty, font.count <= 100 else { throw fail("font", "needs 1 to 100 characters") }
    }
}

/// What `vsm edit` changes; nil leaves a field as it is.
public struct StickerChange: Sendable, Hashable {
    public var text: String?
    public var kind: StickerKind?
    public var background: Colour??
    public var font: String?
    public var size: Double?
    public var processSeconds: Double?
    public var waitSeconds: Double?
    public var ca: Double??
    public var inventory: Int??

    public init(
        text: String? = nil, kind: StickerKind? = nil, background: Colour?? = nil, font: String? = nil,
        size: Double? = nil, processSeconds: Double? = nil, waitSeconds: Double? = nil, ca: Double?? = nil,
        inventory: Int?? = nil
    ) {
        self.text = text
        self.kind = kind
        self.background = background
        self.font = font
        self.size = size
        self.processSeconds = processSeconds
        self.waitSeconds = waitSeconds
        self.ca = ca
        self.inventory = inventory
    }

    public var isEmpty: Bool { self == StickerChange() }

    public func applied(to sticker: Sticker) -> Sticker {
        var s = sticker
        if let text { s.text = text }
        if let kind { s.kind = kind }
        if let background { s.style.background = background }
        if let font { s.style.font = font }
        if let size { s.style.size = size }
        if let processSeconds { s.processSeconds = processSeconds }
        if let waitSeconds { s.waitSeconds = waitSeconds }
        if let ca { s.ca = ca }
        if let inventory { s.inventory = inventory }
        return s
    }
}
