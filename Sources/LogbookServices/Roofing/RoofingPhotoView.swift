public import LogbookStore
public import TrackModel

/// A photo on a project, as `roofing photo list --format json` and `GET /api/v1/roofing/projects/{name}/photos`
/// show it: its number, the SHA-256 of its bytes (`hash`, and `sha256` as the command line names it), its kind,
/// caption, the file's name, EXIF orientation (null without one), its size in bytes (`size`, and `bytes`) and
/// when it was added (ISO 8601 UTC).
public struct RoofingPhotoView: Encodable, Sendable, Hashable {
    public var id: Int64
    public var hash: String
    public var kind: String
    public var caption: String
    public var name: String
    public var orientation: Int?
    public var size: Int
    public var added: Timestamp

    enum CodingKeys: String, CodingKey {
        case id, hash, sha256, kind, caption, name, orientation, size, bytes, added
    }

    public init(_ photo: RoofingPhoto) {
        id = photo.id
        hash = photo.hash
        kind = photo.kind
        caption = photo.caption
        name = photo.originalName
        orientation = photo.orientation
        size = photo.size
        added = Timestamp(secondsSince1970: photo.addedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(hash, forKey: .hash)
        try c.encode(hash, forKey: .sha256)
        try c.encode(kind, forKey: .kind)
        try c.encode(caption, forKey: .caption)
        try c.encode(name, forKey: .name)
        try c.encode(orientation, forKey: .orientation)
        try c.encode(size, forKey: .size)
        try c.encode(size, forKey: .bytes)
        try c.encode(added.iso8601, forKey: .added)
    }
}

/// What became of a photo attached: the photo, whether its bytes were new to the log, and whether the project had
/// it already (then nothing changed).
public struct RoofingAttachedPhoto: Sendable, Hashable {
    public var photo: RoofingPhotoView
    public var storedBytes: Bool
    public var alreadyAttached: Bool
}
