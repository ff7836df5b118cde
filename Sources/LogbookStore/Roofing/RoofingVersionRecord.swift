import Foundation
import Roofing

/// A row of `roofing_version`: one version of a submitted account, with who, when, why, what changed (a JSON array)
/// and the whole project as it then stood (a JSON object). Never changed once written.
struct RoofingVersionRecord: SQLRecord {
    static let databaseTableName = "roofing_version"

    var projectID: Int64
    var number: Int
    var author: String
    var createdAt: Double
    var reason: String
    var changes: String
    var snapshot: String

    enum CodingKeys: String, CodingKey {
        case number, author, reason, changes, snapshot
        case projectID = "project_id"
        case createdAt = "created_at"
    }

    init(projectID: Int64, version: ProjectVersion, createdAt: Double) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        self.projectID = projectID
        number = version.number
        author = version.author
        self.createdAt = createdAt
        reason = version.reason
        changes = String(decoding: try encoder.encode(version.changes), as: UTF8.self)
        snapshot = String(decoding: try encoder.encode(version.project), as: UTF8.self)
    }

    func version() throws(RoofingError) -> ProjectVersion {
        let decoder = JSONDecoder()
        guard let project = try? decoder.decode(Project.self, from: Data(snapshot.utf8)),
            let changes = try? decoder.decode([String].self, from: Data(changes.utf8))
        else { throw RoofingError(.invalid, path: "snapshot", "version \(number) cannot be read") }
        return ProjectVersion(
            number: number, author: author, date: Date(timeIntervalSince1970: createdAt), reason: reason,
            changes: changes, project: project)
    }
}
