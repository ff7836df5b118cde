import CalendarDays
import Foundation
public import Roofing
import TrackModel

/// A catalogue in the list: what `roofing catalogue list` shows.
public struct RoofingCatalogueSummary: Sendable, Hashable, Decodable {
    public var name: String
    public var currency: String
    public var activities: Int
    public var supplements: Int
    public var indexings: Int
}

/// A project in the list: what `roofing project list` shows (`status` may be `revising`: a submitted account
/// reopened for its next version).
public struct RoofingProjectSummary: Sendable, Hashable, Decodable {
    public var name: String
    public var customer: String
    public var address: String
    public var status: String
    public var catalogue: String
    public var roofers: Int
    public var lines: Int
    public var versions: Int
    public var selected: Bool
}

extension RoofingCatalogueSummary {
    init(row: SQLRow) throws { self = try row.decode() }
}

extension RoofingProjectSummary {
    init(row: SQLRow) throws { self = try row.decode() }
}

/// A stored project: the project (its status `.open` while a revision is under way), whether a revision is under
/// way (and why), and its versions.
public struct StoredRoofingProject: Sendable, Hashable {
    public var project: Project
    /// `open`, `submitted`, `revising` or `settled`.
    public var status: String
    public var revisionReason: String?
    public var versions: [ProjectVersion]
}

extension AppDatabase {
    // MARK: Catalogues

    /// Stores an imported catalogue; a name taken (in any case) is refused.
    public func importRoofingCatalogue(_ catalogue: Catalogue) throws {
        let now = clock().secondsSince1970
        try write("importCatalogue") { db in
            if try Self.catalogueRecord(catalogue.name, db) != nil {
                throw StoreError(
                    .refused, operation: "importCatalogue",
                    detail: "a catalogue named \"\(catalogue.name)\" exists already (import it with another --name)")
            }
            let record = RoofingCatalogueRecord(
                name: catalogue.name, nameKey: Self.nameKey(catalogue.name), currency: catalogue.currency,
                createdAt: now)
            let id = try record.insertReturningID(db)
            for (ordinal, activity) in catalogue.activities.enumerated() {
                try RoofingActivityRecord(catalogueID: id, ordinal: ordinal, activity: activity).insert(db)
            }
            try Self.writeIndexings(catalogue.indexings, id: id, db)
        }
    }

    /// Every catalogue, by name.
    public func roofingCatalogues() throws -> [RoofingCatalogueSummary] {
        try read("catalogues") { db in
            try SQLRow.fetchAll(
                db,
                sql: """
                    SELECT c.name, c.currency,
                        (SELECT count(*) FROM roofing_activity a WHERE a.catalogue_id = c.id AND a.unit != '%')
                            AS activities,
                        (SELECT count(*) FROM roofing_activity a WHERE a.catalogue_id = c.id AND a.unit = '%')
                            AS supplements,
                        (SELECT count(*) FROM roofing_indexing i WHERE i.catalogue_id = c.id) AS indexings
                    FROM roofing_catalogue c ORDER BY \(db.dialect.nameOrder("c.name"))
                    """
            ).map(RoofingCatalogueSummary.init(row:))
        }
    }

    /// The catalogue named (any case), with its activities and indexings.
    public func roofingCatalogue(named name: String) throws -> Catalogue {
        try read("catalogue") { db in try Self.loadCatalogue(try Self.requireCatalogue(name, db), db) }
    }

    /// Raises every unit price of the catalogue by `indexing.percent` % from `indexing.from` on.
    public func addRoofingIndexing(_ indexing: PriceIndexing, catalogue name: String) throws {
        try write("indexCatalogue") { db in
            let record = try Self.requireCatalogue(name, db)
            let id = try Self.rowID(record.id, operation: "indexCatalogue")
            var catalogue = try Self.loadCatalogue(record, db)
            catalogue.add(indexing)
            try db.execute(sql: "DELETE FROM roofing_indexing WHERE catalogue_id = ?", arguments: [id])
            try Self.writeIndexings(catalogue.indexings, id: id, db)
        }
    }

    // MARK: Projects

    /// Stores a new open project; a name taken (in any case) is refused.
    public func createRoofingProject(_ project: Project) throws {
        let now = clock().secondsSince1970
        try write("createProject") { db in
            if try Self.projectRecord(project.name, db) != nil {
                throw StoreError(
                    .refused, operation: "createProject", detail: "a project named \"\(project.name)\" exists already")
            }
            let id = try RoofingProjectRecord(project, now: now).insertReturningID(db)
            try RoofingProjectEntries(project).write(project: id, db)
        }
    }

    /// Every project, the last changed first.
    public func roofingProjects() throws -> [RoofingProjectSummary] {
        try read("projects") { db in
            try SQLRow.fetchAll(
                db,
                sql: """
                    SELECT p.name, p.customer, p.address, p.status, p.catalogue,
                        (SELECT count(*) FROM roofing_roofer r WHERE r.project_id = p.id) AS roofers,
                        (SELECT count(*) FROM roofing_line l WHERE l.project_id = p.id) AS lines,
                        (SELECT count(*) FROM roofing_version v WHERE v.project_id = p.id) AS versions,
                        EXISTS (SELECT 1 FROM roofing_selection s WHERE s.project_id = p.id) AS selected
                    FROM roofing_project p ORDER BY p.updated_at DESC, p.id DESC
                    """
            ).map(RoofingProjectSummary.init(row:))
        }
    }

    /// Each project's team by the project's name: who may see it, for a roofer signed in.
    public func roofingProjectTeams() throws -> [String: [String]] {
        try read("projectTeams") { db in
            var teams: [String: [String]] = [:]
            let rows = try SQLRow.fetchAll(
                db,
                sql: """
                    SELECT p.name AS project, r.name AS roofer FROM roofing_project p
                    JOIN roofing_roofer r ON r.project_id = p.id ORDER BY p.id, r.ordinal
                    """)
            for row in rows { teams[try row["project"], default: []].append(try row["roofer"]) }
            return teams
        }
    }

    /// The project named (any case) with its versions.
    public func roofingProject(named name: String) throws -> StoredRoofingProject {
        try read("project") { db in try Self.loadProject(try Self.requireProject(name, db), db) }
    }

    /// Loads the open (or revising) project, lets `change` edit it and saves it in one transaction. A submitted or
    /// settled project is refused (`StoreError.refused`): a change after submission needs `reviseRoofingProject`.
    @discardableResult
    public func updateRoofingProject(named name: String, _ change: (inout Project) throws(RoofingError) -> Void)
        throws -> Project
    {
        let now = clock().secondsSince1970
        return try write("updateProject") { db in
            var record = try Self.requireProject(name, db)
            var history = ProjectHistory(project: try Self.loadProject(record, db).project)
            do throws(RoofingError) {
                try history.edit(change)
            } catch {
                throw Self.storeError(error, operation: "updateProject")
            }
            let project = history.project
            if Self.nameKey(project.name) != Self.nameKey(name), try Self.projectRecord(project.name, db) != nil {
                throw StoreError(
                    .refused, operation: "renameProject", detail: "a project named \"\(project.name)\" exists already")
            }
            record.take(project, now: now)
            try record.update(db, columns: RoofingProjectRecord.editedColumns)
            try RoofingProjectEntries(project).write(project: try Self.rowID(record.id, operation: "updateProject"), db)
            return project
        }
    }

    /// Locks an open project's account and records it as version 1; a project under revision gets its next
    /// version, with what changed since the last one.
    @discardableResult
    public func submitRoofingProject(named name: String) throws -> ProjectVersion {
        let now = clock().secondsSince1970
        let author = policy.actor
        return try write("submitProject") { db in
            var record = try Self.requireProject(name, db)
            let id = try Self.rowID(record.id, operation: "submitProject")
            let stored = try Self.loadProject(record, db)
            let date = Date(timeIntervalSince1970: now)
            let version: ProjectVersion
            do throws(RoofingError) {
                switch stored.status {
                case "open":
                    var history = ProjectHistory(project: stored.project)
                    version = try history.submit(by: author, at: date)
                case "revising":
                    guard let last = stored.versions.last else {
                        throw RoofingError(.refused, path: "status", "\(name) has no version to revise")
                    }
                    var history = ProjectHistory(project: last.project, versions: stored.versions)
                    let edited = stored.project
                    version = try history.revise(by: author, at: date, reason: stored.revisionReason ?? "revised") {
                        project throws(RoofingError) in project = edited
                    }
                    let account = try Account(history.project)
                    guard account.unshared == .zero else {
                        throw RoofingError(
                            .refused, path: "roofers",
                            "\(account.unshared) cannot be shared: enter the hours each roofer worked before submitting"
                        )
                    }
                default:
                    throw RoofingError(
                        .locked, path: "status", "\(stored.project.name) is \(stored.status): it was submitted already")
                }
            } catch {
                throw Self.storeError(error, operation: "submitProject")
            }
            try RoofingVersionRecord(projectID: id, version: version, createdAt: now).insert(db)
            record.status = ProjectStatus.submitted.rawValue
            record.version = version.number
            record.revisionReason = nil
            record.updatedAt = now
            try record.update(db, columns: ["status", "version", "revision_reason", "updated_at"])
            return version
        }
    }

    /// Reopens a submitted account for its next version: the changes that follow are collected and
    /// `submitRoofingProject` records them as a new version with `reason`, who, when and what changed.
    public func reviseRoofingProject(named name: String, reason: String) throws {
        try write("reviseProject") { db in
            var record = try Self.requireProject(name, db)
            guard record.status == "submitted" else {
                throw StoreError(
                    .refused, operation: "reviseProject",
                    detail: record.status == "revising"
                        ? "\(name) is being revised already: change it, then submit it"
                        : "\(name) is \(record.status): only a submitted account is revised")
            }
            guard !reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw StoreError(.refused, operation: "reviseProject", detail: "a revision needs a reason")
            }
            record.status = "revising"
            record.revisionReason = reason
            try record.update(db, columns: ["status", "revision_reason"])
        }
    }

    /// Deletes an open project (a submitted or settled account is kept).
    public func deleteRoofingProject(named name: String) throws {
        try write("deleteProject") { db in
            let record = try Self.requireProject(name, db)
            guard record.status == "open" else {
                throw StoreError(
                    .refused, operation: "deleteProject",
                    detail: "\(name) is \(record.status): a submitted account is kept, not deleted")
            }
            try db.execute(
                sql: "DELETE FROM roofing_project WHERE id = ?",
                arguments: [try Self.rowID(record.id, operation: "deleteProject")])
        }
    }

    /// Remembers the project commands use when none is named.
    public func selectRoofingProject(named name: String) throws {
        try write("selectProject") { db in
            let record = try Self.requireProject(name, db)
            let selection = RoofingSelectionRecord(projectID: try Self.rowID(record.id, operation: "selectProject"))
            try db.execute(
                sql: """
                    INSERT INTO roofing_selection (id, project_id) VALUES (?, ?)
                    ON CONFLICT (id) DO UPDATE SET project_id = excluded.project_id
                    """,
                arguments: [selection.id, selection.projectID])
        }
    }

    /// The selected project's name, if any.
    public func selectedRoofingProject() throws -> String? {
        try read("selectedProject") { db in
            guard let selection = try RoofingSelectionRecord.fetchAll(db).first else { return nil }
            return try String.fetchOne(
                db, sql: "SELECT name FROM roofing_project WHERE id = ?", arguments: [selection.projectID])
        }
    }

    // MARK: Rows

    /// A name as compared: lower case in every script (`Tagdækning` and `TAGDÆKNING` are the same name).
    static func nameKey(_ name: String) -> String { name.lowercased() }

    /// The id a stored row got.
    static func rowID(_ id: Int64?, operation: String) throws -> Int64 {
        guard let id else { throw StoreError(.invalidData, operation: operation, detail: "a row without an id") }
        return id
    }

    static func catalogueRecord(_ name: String, _ db: any SQLSession) throws -> RoofingCatalogueRecord? {
        try RoofingCatalogueRecord.fetchOne(db, where: "name_key = ?", [nameKey(name)])
    }

    static func requireCatalogue(_ name: String, _ db: any SQLSession) throws -> RoofingCatalogueRecord {
        guard let record = try catalogueRecord(name, db) else {
            throw StoreError(.notFound, operation: "catalogue", detail: "there is no catalogue named \"\(name)\"")
        }
        return record
    }

    static func projectRecord(_ name: String, _ db: any SQLSession) throws -> RoofingProjectRecord? {
        try RoofingProjectRecord.fetchOne(db, where: "name_key = ?", [nameKey(name)])
    }

    static func requireProject(_ name: String, _ db: any SQLSession) throws -> RoofingProjectRecord {
        guard let record = try projectRecord(name, db) else {
            throw StoreError(.notFound, operation: "project", detail: "there is no project named \"\(name)\"")
        }
        return record
    }

    /// The id of the project named (any case), or `notFound`.
    static func requireProjectID(_ name: String, _ db: any SQLSession) throws -> Int64 {
        try rowID(try requireProject(name, db).id, operation: "project")
    }

    static func writeIndexings(_ indexings: [PriceIndexing], id: Int64, _ db: any SQLSession) throws {
        for (ordinal, indexing) in indexings.enumerated() {
            try RoofingIndexingRecord(catalogueID: id, ordinal: ordinal, indexing: indexing).insert(db)
        }
    }

    static func loadCatalogue(_ record: RoofingCatalogueRecord, _ db: any SQLSession) throws -> Catalogue {
        let id = try rowID(record.id, operation: "catalogue")
        let activityRows = try RoofingActivityRecord.fetchAll(db, where: "catalogue_id = ?", [id], orderBy: "ordinal")
        let indexings = try RoofingIndexingRecord.fetchAll(db, where: "catalogue_id = ?", [id], orderBy: "ordinal")
            .map(\.indexing)
        do throws(RoofingError) {
            var activities: [Activity] = []
            for row in activityRows { activities.append(try row.activity()) }
            return try Catalogue(
                name: record.name, currency: record.currency, activities: activities, indexings: indexings)
        } catch {
            throw StoreError(.invalidData, operation: "catalogue", detail: error.description)
        }
    }

    static func loadProject(_ record: RoofingProjectRecord, _ db: any SQLSession) throws -> StoredRoofingProject {
        let id = try rowID(record.id, operation: "project")
        let versionRows = try RoofingVersionRecord.fetchAll(db, where: "project_id = ?", [id], orderBy: "number")
        do {
            let project = try record.project(try RoofingProjectEntries.load(project: id, db))
            var versions: [ProjectVersion] = []
            for row in versionRows { versions.append(try row.version()) }
            return StoredRoofingProject(
                project: project, status: record.status, revisionReason: record.revisionReason, versions: versions)
        } catch let error as RoofingError {
            throw StoreError(.invalidData, operation: "project", detail: error.description)
        }
    }

    static func storeError(_ error: RoofingError, operation: String) -> StoreError {
        StoreError(
            error.code == .notFound ? .notFound : .refused,
            operation: operation, detail: error.description)
    }
}
