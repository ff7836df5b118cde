import Foundation

/// A row of `roofing_photo_blob`: a photo's bytes, stored once by their SHA-256 however many projects show them.
struct RoofingPhotoBlobRecord: SQLRecord {
    static let databaseTableName = "roofing_photo_blob"

    var hash: String
    var kind: String
    var bytes: Data
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case hash, kind, bytes
        case createdAt = "created_at"
    }
}
