/// How a map's JSON document is imported (`vsm import FILE`, `POST /api/v1/vsm/import?name=&replace=`): under
/// another name than the document's, and whether a map of that name is replaced.
public struct ValueStreamImportInput: Decodable, Sendable, Hashable {
    public var name: String?
    public var replace: Bool

    public init(name: String? = nil, replace: Bool = false) {
        self.name = name
        self.replace = replace
    }

    enum CodingKeys: String, CodingKey {
        case name, replace
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        replace = try c.decodeIfPresent(Bool.self, forKey: .replace) ?? false
    }
}
