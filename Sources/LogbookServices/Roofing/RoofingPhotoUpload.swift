/// A photo to attach (`roofing photo add`, `POST …/photos` with the caption and file name in the query, the photo
/// form): its bytes, checked by content when attached, its caption and the file's name.
public struct RoofingPhotoUpload: RoofingInput, Hashable {
    public var filename: String?
    public var caption: String?
    /// The file's bytes (the request's body, or the file read from disk; not a field).
    public var bytes: [UInt8] = []

    enum CodingKeys: String, CodingKey, CaseIterable { case filename, caption }

    public static var fields: [String] { CodingKeys.allCases.map(\.rawValue) }

    public init(bytes: [UInt8], filename: String?, caption: String?) {
        self.bytes = bytes
        self.filename = filename
        self.caption = caption
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        filename = try c.decodeIfPresent(String.self, forKey: .filename)
        caption = try c.decodeIfPresent(String.self, forKey: .caption)
    }
}

/// A photo the account's PDF and `photo export` write: the name of its file (`ID-NAME`, plain whatever was
/// stored), its bytes (without the location unless kept), and whether a location was removed.
public struct RoofingPhotoFile: Sendable, Hashable {
    public var fileName: String
    public var bytes: [UInt8]
    public var locationRemoved: Bool
}
