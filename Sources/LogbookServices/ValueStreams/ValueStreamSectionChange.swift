/// A section renamed, moved to a position (from 1), or both.
public struct ValueStreamSectionChange: Decodable, Sendable, Hashable {
    public var name: String?
    public var position: Int?

    public init(name: String? = nil, position: Int? = nil) {
        self.name = name
        self.position = position
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, position
    }

    public init(from decoder: any Decoder) throws {
        try ValueStreamInputFields.refuseUnknown(decoder, CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        position = try c.decodeIfPresent(Int.self, forKey: .position)
    }
}
