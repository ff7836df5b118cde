public import ValueStreams

/// A change of a sticker (`vsm edit`, `PATCH /api/v1/vsm/maps/{name}/stickers/{id}`, the sticker's form): a field
/// left out stays as it is; `null` clears the background (back to the kind's colour), %C&A and inventory.
public struct ValueStreamStickerChange: Decodable, Sendable, Hashable {
    public var text: String?
    public var kind: StickerKind?
    public var background: Colour??
    public var font: String?
    public var size: Double?
    public var processTime: ValueStreamDuration?
    public var waitTime: ValueStreamDuration?
    public var ca: Double??
    public var inventory: Int??

    public init(
        text: String? = nil, kind: StickerKind? = nil, background: Colour?? = nil, font: String? = nil,
        size: Double? = nil, processTime: ValueStreamDuration? = nil, waitTime: ValueStreamDuration? = nil,
        ca: Double?? = nil, inventory: Int?? = nil
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
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case text, kind, background, font, size
        case processTime = "process_s"
        case waitTime = "wait_s"
        case ca, inventory
    }

    public init(from decoder: any Decoder) throws {
        try ValueStreamInputFields.refuseUnknown(decoder, CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decodeIfPresent(String.self, forKey: .text)
        kind = try ValueStreamInputFields.kind(c, .kind)
        background = try ValueStreamInputFields.colour(c, .background)
        font = try c.decodeIfPresent(String.self, forKey: .font)
        size = try c.decodeIfPresent(Double.self, forKey: .size)
        processTime = try c.decodeIfPresent(ValueStreamDuration.self, forKey: .processTime)
        waitTime = try c.decodeIfPresent(ValueStreamDuration.self, forKey: .waitTime)
        ca = try ValueStreamInputFields.change(Double.self, c, .ca)
        inventory = try ValueStreamInputFields.change(Int.self, c, .inventory)
    }

    /// Whether it changes nothing.
    public var isEmpty: Bool { self == ValueStreamStickerChange() }

    /// The model's change.
    var stickerChange: StickerChange {
        StickerChange(
            text: text, kind: kind, background: background, font: font, size: size,
            processSeconds: processTime?.seconds, waitSeconds: waitTime?.seconds, ca: ca, inventory: inventory)
    }
}
