/// A row of `roofing_project_photo`: a photo on a project (its bytes by hash), its caption, the file's original
/// name, its EXIF orientation and when it was added.
struct RoofingProjectPhotoRecord: SQLRecord {
    static let databaseTableName = "roofing_project_photo"

    var id: Int64?
    var projectID: Int64
    var hash: String
    var caption: String
    var originalName: String
    var orientation: Int?
    var addedAt: Double

    enum CodingKeys: String, CodingKey {
        case id, hash, caption, orientation
        case projectID = "project_id"
        case originalName = "original_name"
        case addedAt = "added_at"
    }
}
