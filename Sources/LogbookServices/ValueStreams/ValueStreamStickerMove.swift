/// A sticker moved to a position (from 1) of its section, or of `section`.
public struct ValueStreamStickerMove: Decodable, Sendable, Hashable {
    public var position: Int
    public var section: String?

    public init(position: Int, section: String? = nil) {
        self.position = position
        self.section = section
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case position, section
    }

    public init(from decoder: any Decoder) throws {
        try ValueStreamInputFields.refuseUnknown(decoder, CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        position = try c.decode(Int.self, forKey: .position)
        section = try c.decodeIfPresent(String.self, forKey: .section)
    }
}
