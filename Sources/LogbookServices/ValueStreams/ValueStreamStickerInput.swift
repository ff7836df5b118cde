public import ValueStreams

/// A new sticker (`vsm add`, `POST /api/v1/vsm/maps/{name}/stickers`, the add-sticker form): text and kind, style,
/// times, %C&A and inventory, and where it goes — after the last sticker of the last section unless `section` and
/// `position` (from 1) say otherwise.
public struct ValueStreamStickerInput: Decodable, Sendable, Hashable {
    public var text: String
    public var kind: StickerKind
    /// nil: the kind's colour.
    public var background: Colour?
    public var font: String?
    public var size: Double?
    public var processTime: ValueStreamDuration?
    public var waitTime: ValueStreamDuration?
    public var ca: Double?
    public var inventory: Int?
    public var section: String?
    public var position: Int?

    public init(
        text: String, kind: StickerKind, background: Colour? = nil, font: String? = nil, size: Double? = nil,
        processTime: ValueStreamDuration? = nil, waitTime: ValueStreamDuration? = nil, ca: Double? = nil,
        inventory: Int? = nil, section: String? = nil, position: Int? = nil
    ) {
        self.text = text
        self.kind = kind
        self.background = background
        self.font = font
        self.size = size
        self.processTime = processTime
        self.waitTime = waitTime
        self.ca = ca
        self.inventory = inventory
        self.section = section
        self.position = position
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case text, kind, background, font, size
        case processTime = "process_s"
        case waitTime = "wait_s"
        case ca, inventory, section, position
    }

    public init(from decoder: any Decoder) throws {
        try ValueStreamInputFields.refuseUnknown(decoder, CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decode(String.self, forKey: .text)
        guard let kind = try ValueStreamInputFields.kind(c, .kind) else {
            throw ServiceError(.invalid, field: CodingKeys.kind.stringValue, "is required (value, auxiliary or waste)")
        }
        self.kind = kind
        background = try ValueStreamInputFields.colour(c, .background) ?? nil
        font = try c.decodeIfPresent(String.self, forKey: .font)
        size = try c.decodeIfPresent(Double.self, forKey: .size)
        processTime = try c.decodeIfPresent(ValueStreamDuration.self, forKey: .processTime)
        waitTime = try c.decodeIfPresent(ValueStreamDuration.self, forKey: .waitTime)
        ca = try c.decodeIfPresent(Double.self, forKey: .ca)
        inventory = try c.decodeIfPresent(Int.self, forKey: .inventory)
        section = try c.decodeIfPresent(String.self, forKey: .section)
        position = try c.decodeIfPresent(Int.self, forKey: .position)
    }

    /// The sticker it makes (its number is given when it is added).
    var sticker: Sticker {
        Sticker(
            id: 0, text: text, kind: kind,
            style: StickerStyle(
                background: background, font: font ?? StickerStyle.defaultFont, size: size ?? StickerStyle.defaultSize),
            processSeconds: processTime?.seconds ?? 0, waitSeconds: waitTime?.seconds ?? 0, ca: ca,
            inventory: inventory)
    }
}
