import Foundation
import GRDB
public import Roofing
import TrackModel

extension AppDatabase {
    /// Marks a submitted account settled (paid out): recorded as its next version, after which nothing changes.
    @discardableResult
    public func settleRoofingProject(named name: String) throws -> ProjectVersion {
        let now = clock().secondsSince1970
        let author = policy.actor
        return try write("settleProject") { db in
            let id = try Self.requireProjectID(name, db)
            let stored = try Self.loadProject(id, db)
            guard stored.status == "submitted" else {
                throw StoreError(
                    .refused, operation: "settleProject",
                    detail: "\(stored.project.name) is \(stored.status): only a submitted account is settled")
            }
            var history = ProjectHistory(project: stored.project, versions: stored.versions)
            do throws(RoofingError) {
                try history.settle(by: author, at: Date(timeIntervalSince1970: now))
            } catch {
                throw Self.storeError(error, operation: "settleProject")
            }
            guard let version = history.versions.last else {
                throw StoreError(.invalidData, operation: "settleProject", detail: "no version recorded")
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try db.execute(
                sql: """
                    INSERT INTO roofing_version (project_id, number, author, created_at, reason, changes, snapshot)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    id, version.number, author, now, version.reason,
                    String(decoding: try encoder.encode(version.changes), as: UTF8.self),
                    String(decoding: try encoder.encode(version.project), as: UTF8.self),
                ])
            try db.execute(
                sql: "UPDATE roofing_project SET status = 'settled', version = ?, updated_at = ? WHERE id = ?",
                arguments: [version.number, now, id])
            return version
        }
    }
}
