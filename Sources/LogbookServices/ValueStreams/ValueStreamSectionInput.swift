/// A new section (process stream) of a map: its name, and its position from 1 (default: after the last).
public struct ValueStreamSectionInput: Decodable, Sendable, Hashable {
    public var name: String
    public var position: Int?

    public init(name: String, position: Int? = nil) {
        self.name = name
        self.position = position
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, position
    }

    public init(from decoder: any Decoder) throws {
        try ValueStreamInputFields.refuseUnknown(decoder, CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        position = try c.decodeIfPresent(Int.self, forKey: .position)
    }
}
