/// A copy of a map under a new name (`vsm duplicate`, `POST /api/v1/vsm/maps/{name}/duplicate`), with the same
/// sticker numbers; `future`: as the map's future state.
public struct ValueStreamDuplicateInput: Decodable, Sendable, Hashable {
    public var name: String
    public var future: Bool

    public init(name: String, future: Bool = false) {
        self.name = name
        self.future = future
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, future
    }

    public init(from decoder: any Decoder) throws {
        try ValueStreamInputFields.refuseUnknown(decoder, CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        future = try c.decodeIfPresent(Bool.self, forKey: .future) ?? false
    }
}
