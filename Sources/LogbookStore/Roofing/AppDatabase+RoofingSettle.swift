import Foundation
public import Roofing
import TrackModel

extension AppDatabase {
    /// Marks a submitted account settled (paid out): recorded as its next version, after which nothing changes.
    @discardableResult
    public func settleRoofingProject(named name: String) throws -> ProjectVersion {
        let now = clock().secondsSince1970
        let author = policy.actor
        return try write("settleProject") { db in
            var record = try Self.requireProject(name, db)
            let id = try Self.rowID(record.id, operation: "settleProject")
            let stored = try Self.loadProject(record, db)
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
            try RoofingVersionRecord(projectID: id, version: version, createdAt: now).insert(db)
            record.status = ProjectStatus.settled.rawValue
            record.version = version.number
            record.updatedAt = now
            try record.update(db, columns: ["status", "version", "updated_at"])
            return version
        }
    }
}
