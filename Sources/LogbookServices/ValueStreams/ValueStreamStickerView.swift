public import ValueStreams

/// One sticker with where it is, as the API answers for a sticker and `vsm add --format json` prints it: the map's
/// document fields of the sticker (`id`, `text`, `kind`, `background`, `font`, `size`, `process_s`, `wait_s`, `ca`,
/// `inventory`) and `section`, `position` (from 1) and `map`.
public struct ValueStreamStickerView: Encodable, Sendable, Hashable {
    public var map: String
    public var section: String
    public var position: Int
    public var sticker: Sticker

    public init(map: String, section: String, position: Int, sticker: Sticker) {
        self.map = map
        self.section = section
        self.position = position
        self.sticker = sticker
    }

    enum CodingKeys: String, CodingKey {
        case map, section, position
    }

    public func encode(to encoder: any Encoder) throws {
        try ValueStreamDocument.StickerFields(sticker).encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(map, forKey: .map)
        try c.encode(section, forKey: .section)
        try c.encode(position, forKey: .position)
    }
}
