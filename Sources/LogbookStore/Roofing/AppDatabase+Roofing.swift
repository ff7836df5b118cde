import CalendarDays
import Foundation
import GRDB
public import Roofing
import TrackModel

/// A catalogue in the list: what `roofing catalogue list` shows.
public struct RoofingCatalogueSummary: Sendable, Hashable {
    public var name: String
    public var currency: String
    public var activities: Int
    public var supplements: Int
    public var indexings: Int
}

/// A project in the list: what `roofing project list` shows (`status` may be `revising`: a submitted account
/// reopened for its next version).
public struct RoofingProjectSummary: Sendable, Hashable {
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
            if try Self.catalogueID(catalogue.name, db) != nil {
                throw StoreError(
                    .refused, operation: "importCatalogue",
                    detail: "a catalogue named \"\(catalogue.name)\" exists already (import it with another --name)")
            }
            try db.execute(
                sql: "INSERT INTO roofing_catalogue (name, name_key, currency, created_at) VALUES (?, ?, ?, ?)",
                arguments: [catalogue.name, Self.nameKey(catalogue.name), catalogue.currency, now])
            let id = db.lastInsertedRowID
            for (ordinal, activity) in catalogue.activities.enumerated() {
                let supplement = activity.supplement
                try db.execute(
                    sql: """
                        INSERT INTO roofing_activity (catalogue_id, position, ordinal, section, name, unit, price_ore,
                            percent_milli, base) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        id, activity.position, ordinal, activity.section, activity.name, activity.unit.description,
                        activity.price?.minorUnits, supplement?.percent.thousandths, supplement?.base.description,
                    ])
            }
            try Self.writeIndexings(catalogue.indexings, id: id, db)
        }
    }

    /// Every catalogue, by name.
    public func roofingCatalogues() throws -> [RoofingCatalogueSummary] {
        try read("catalogues") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT c.name, c.currency,
                        (SELECT count(*) FROM roofing_activity a WHERE a.catalogue_id = c.id AND a.unit != '%') AS n,
                        (SELECT count(*) FROM roofing_activity a WHERE a.catalogue_id = c.id AND a.unit = '%') AS s,
                        (SELECT count(*) FROM roofing_indexing i WHERE i.catalogue_id = c.id) AS i
                    FROM roofing_catalogue c ORDER BY c.name
                    """
            ).map {
                RoofingCatalogueSummary(
                    name: $0["name"], currency: $0["currency"], activities: $0["n"], supplements: $0["s"],
                    indexings: $0["i"])
            }
        }
    }

    /// The catalogue named (any case), with its activities and indexings.
    public func roofingCatalogue(named name: String) throws -> Catalogue {
        try read("catalogue") { db in try Self.loadCatalogue(try Self.requireCatalogueID(name, db), db) }
    }

    /// Raises every unit price of the catalogue by `indexing.percent` % from `indexing.from` on.
    public func addRoofingIndexing(_ indexing: PriceIndexing, catalogue name: String) throws {
        try write("indexCatalogue") { db in
            let id = try Self.requireCatalogueID(name, db)
            var catalogue = try Self.loadCatalogue(id, db)
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
            if try Self.projectID(project.name, db) != nil {
                throw StoreError(
                    .refused, operation: "createProject", detail: "a project named \"\(project.name)\" exists already")
            }
            try db.execute(
                sql: "INSERT INTO roofing_project (name, name_key, created_at, updated_at) VALUES (?, ?, ?, ?)",
                arguments: [project.name, Self.nameKey(project.name), now, now])
            try Self.writeProject(project, id: db.lastInsertedRowID, now: now, db)
        }
    }

    /// Every project, the last changed first.
    public func roofingProjects() throws -> [RoofingProjectSummary] {
        try read("projects") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT p.*, (SELECT count(*) FROM roofing_roofer r WHERE r.project_id = p.id) AS roofers,
                        (SELECT count(*) FROM roofing_line l WHERE l.project_id = p.id) AS lines,
                        (SELECT count(*) FROM roofing_version v WHERE v.project_id = p.id) AS versions,
                        EXISTS (SELECT 1 FROM roofing_selection s WHERE s.project_id = p.id) AS selected
                    FROM roofing_project p ORDER BY p.updated_at DESC, p.id DESC
                    """
            ).map {
                RoofingProjectSummary(
                    name: $0["name"], customer: $0["customer"], address: $0["address"], status: $0["status"],
                    catalogue: $0["catalogue"], roofers: $0["roofers"], lines: $0["lines"], versions: $0["versions"],
                    selected: $0["selected"])
            }
        }
    }

    /// The project named (any case) with its versions.
    public func roofingProject(named name: String) throws -> StoredRoofingProject {
        try read("project") { db in try Self.loadProject(try Self.requireProjectID(name, db), db) }
    }

    /// Loads the open (or revising) project, lets `change` edit it and saves it in one transaction. A submitted or
    /// settled project is refused (`StoreError.refused`): a change after submission needs `reviseRoofingProject`.
    @discardableResult
    public func updateRoofingProject(named name: String, _ change: (inout Project) throws(RoofingError) -> Void)
        throws -> Project
    {
        let now = clock().secondsSince1970
        return try write("updateProject") { db in
            let id = try Self.requireProjectID(name, db)
            var history = ProjectHistory(project: try Self.loadProject(id, db).project)
            do throws(RoofingError) {
                try history.edit(change)
            } catch {
                throw Self.storeError(error, operation: "updateProject")
            }
            let project = history.project
            if Self.nameKey(project.name) != Self.nameKey(name), try Self.projectID(project.name, db) != nil {
                throw StoreError(
                    .refused, operation: "renameProject", detail: "a project named \"\(project.name)\" exists already")
            }
            try Self.writeProject(project, id: id, now: now, db)
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
            let id = try Self.requireProjectID(name, db)
            let stored = try Self.loadProject(id, db)
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
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let snapshot = String(decoding: try encoder.encode(version.project), as: UTF8.self)
            let changes = String(decoding: try encoder.encode(version.changes), as: UTF8.self)
            try db.execute(
                sql: """
                    INSERT INTO roofing_version (project_id, number, author, created_at, reason, changes, snapshot)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [id, version.number, author, now, version.reason, changes, snapshot])
            try db.execute(
                sql: """
                    UPDATE roofing_project SET status = 'submitted', version = ?, revision_reason = NULL,
                        updated_at = ? WHERE id = ?
                    """,
                arguments: [version.number, now, id])
            return version
        }
    }

    /// Reopens a submitted account for its next version: the changes that follow are collected and
    /// `submitRoofingProject` records them as a new version with `reason`, who, when and what changed.
    public func reviseRoofingProject(named name: String, reason: String) throws {
        try write("reviseProject") { db in
            let id = try Self.requireProjectID(name, db)
            let status = try String.fetchOne(
                db, sql: "SELECT status FROM roofing_project WHERE id = ?", arguments: [id])
            guard status == "submitted" else {
                throw StoreError(
                    .refused, operation: "reviseProject",
                    detail: status == "revising"
                        ? "\(name) is being revised already: change it, then submit it"
                        : "\(name) is \(status ?? "unknown"): only a submitted account is revised")
            }
            guard !reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw StoreError(.refused, operation: "reviseProject", detail: "a revision needs a reason")
            }
            try db.execute(
                sql: "UPDATE roofing_project SET status = 'revising', revision_reason = ? WHERE id = ?",
                arguments: [reason, id])
        }
    }

    /// Deletes an open project (a submitted or settled account is kept).
    public func deleteRoofingProject(named name: String) throws {
        try write("deleteProject") { db in
            let id = try Self.requireProjectID(name, db)
            let status = try String.fetchOne(
                db, sql: "SELECT status FROM roofing_project WHERE id = ?", arguments: [id])
            guard status == "open" else {
                throw StoreError(
                    .refused, operation: "deleteProject",
                    detail: "\(name) is \(status ?? "unknown"): a submitted account is kept, not deleted")
            }
            try db.execute(sql: "DELETE FROM roofing_project WHERE id = ?", arguments: [id])
        }
    }

    /// Remembers the project commands use when none is named.
    public func selectRoofingProject(named name: String) throws {
        try write("selectProject") { db in
            let id = try Self.requireProjectID(name, db)
            try db.execute(
                sql: "INSERT OR REPLACE INTO roofing_selection (id, project_id) VALUES (1, ?)", arguments: [id])
        }
    }

    /// The selected project's name, if any.
    public func selectedRoofingProject() throws -> String? {
        try read("selectedProject") { db in
            try String.fetchOne(
                db,
                sql: "SELECT p.name FROM roofing_selection s JOIN roofing_project p ON p.id = s.project_id")
        }
    }

    // MARK: Rows

    /// A name as compared: lower case in every script (`Tagdækning` and `TAGDÆKNING` are the same name).
    static func nameKey(_ name: String) -> String { name.lowercased() }

    static func catalogueID(_ name: String, _ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT id FROM roofing_catalogue WHERE name_key = ?", arguments: [nameKey(name)])
    }

    static func requireCatalogueID(_ name: String, _ db: Database) throws -> Int64 {
        guard let id = try catalogueID(name, db) else {
            throw StoreError(.notFound, operation: "catalogue", detail: "there is no catalogue named \"\(name)\"")
        }
        return id
    }

    static func projectID(_ name: String, _ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT id FROM roofing_project WHERE name_key = ?", arguments: [nameKey(name)])
    }

    static func requireProjectID(_ name: String, _ db: Database) throws -> Int64 {
        guard let id = try projectID(name, db) else {
            throw StoreError(.notFound, operation: "project", detail: "there is no project named \"\(name)\"")
        }
        return id
    }

    static func writeIndexings(_ indexings: [PriceIndexing], id: Int64, _ db: Database) throws {
        for (ordinal, indexing) in indexings.enumerated() {
            try db.execute(
                sql:
                    "INSERT INTO roofing_indexing (catalogue_id, ordinal, from_day, percent_milli) VALUES (?, ?, ?, ?)",
                arguments: [id, ordinal, indexing.from.description, indexing.percent.thousandths])
        }
    }

    static func loadCatalogue(_ id: Int64, _ db: Database) throws -> Catalogue {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM roofing_catalogue WHERE id = ?", arguments: [id])
        else { throw StoreError(.notFound, operation: "catalogue", detail: "there is no catalogue \(id)") }
        do {
            var activities: [Activity] = []
            for a in try Row.fetchAll(
                db, sql: "SELECT * FROM roofing_activity WHERE catalogue_id = ? ORDER BY ordinal", arguments: [id])
            {
                let unit = try ActivityUnit(parsing: a["unit"])
                if let percent: Int64 = a["percent_milli"] {
                    activities.append(
                        try Activity(
                            supplement: a["position"], section: a["section"], name: a["name"],
                            percent: Quantity(thousandths: percent), base: try SupplementBase(parsing: a["base"] ?? ""))
                    )
                } else {
                    activities.append(
                        try Activity(
                            position: a["position"], section: a["section"], name: a["name"], unit: unit,
                            price: Money(minorUnits: a["price_ore"] ?? 0)))
                }
            }
            let indexings = try Row.fetchAll(
                db, sql: "SELECT * FROM roofing_indexing WHERE catalogue_id = ? ORDER BY ordinal", arguments: [id]
            ).map { i in
                PriceIndexing(
                    from: CalendarDay(parsing: i["from_day"] as String) ?? CalendarDay(dayNumber: 0),
                    percent: Quantity(thousandths: i["percent_milli"]))
            }
            return try Catalogue(
                name: row["name"], currency: row["currency"], activities: activities, indexings: indexings)
        } catch let error as RoofingError {
            throw StoreError(.invalidData, operation: "catalogue", detail: error.description)
        }
    }

    static func loadProject(_ id: Int64, _ db: Database) throws -> StoredRoofingProject {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM roofing_project WHERE id = ?", arguments: [id])
        else { throw StoreError(.notFound, operation: "project", detail: "there is no project \(id)") }
        func rows(_ table: String) throws -> [Row] {
            try Row.fetchAll(db, sql: "SELECT * FROM \(table) WHERE project_id = ? ORDER BY ordinal", arguments: [id])
        }
        let status: String = row["status"]
        let decoder = JSONDecoder()
        do {
            let roofers = try rows("roofing_roofer").map {
                Roofer(name: $0["name"], hours: Quantity(thousandths: $0["hours_milli"]))
            }
            var lines: [AccountLine] = []
            for l in try rows("roofing_line") {
                lines.append(
                    AccountLine(
                        position: l["position"], section: l["section"], name: l["name"],
                        unit: try ActivityUnit(parsing: l["unit"]),
                        quantity: Quantity(thousandths: l["quantity_milli"]),
                        unitPrice: Money(minorUnits: l["unit_price_ore"]), note: l["note"]))
            }
            var supplements: [SupplementLine] = []
            for s in try rows("roofing_supplement") {
                supplements.append(
                    SupplementLine(
                        position: s["position"], section: s["section"], name: s["name"],
                        percent: Quantity(thousandths: s["percent_milli"]), base: try SupplementBase(parsing: s["base"])
                    ))
            }
            let extraWork = try rows("roofing_extra_work").map { e in
                let hours: Int64? = e["hours_milli"]
                let rate: Int64? = e["rate_ore"]
                let amount: Int64? = e["amount_ore"]
                if let hours, let rate {
                    return ExtraWork(
                        text: e["text"], pricing: .hours(Quantity(thousandths: hours), rate: Money(minorUnits: rate)))
                }
                return ExtraWork(text: e["text"], pricing: .fixed(Money(minorUnits: amount ?? 0)))
            }
            let deductions = try rows("roofing_deduction").map {
                Deduction(text: $0["text"], amount: Money(minorUnits: $0["amount_ore"]))
            }
            let advances = try rows("roofing_advance").map {
                Advance(
                    date: CalendarDay(parsing: $0["day"] as String) ?? CalendarDay(dayNumber: 0),
                    amount: Money(minorUnits: $0["amount_ore"]), note: $0["note"])
            }
            let splitRows = try Row.fetchAll(
                db, sql: "SELECT * FROM roofing_split WHERE project_id = ? ORDER BY roofer", arguments: [id])
            var split: AgreedSplit?
            if !splitRows.isEmpty {
                if splitRows.allSatisfy({ ($0["percent_milli"] as Int64?) != nil }) {
                    split = .percentages(
                        Dictionary(
                            uniqueKeysWithValues: splitRows.map {
                                ($0["roofer"], Quantity(thousandths: $0["percent_milli"]))
                            }))
                } else {
                    split = .amounts(
                        Dictionary(
                            uniqueKeysWithValues: splitRows.map {
                                ($0["roofer"], Money(minorUnits: $0["amount_ore"] ?? 0))
                            }
                        ))
                }
            }
            let project = try Project(
                name: row["name"], address: row["address"], customer: row["customer"],
                start: (row["start_day"] as String?).flatMap { CalendarDay(parsing: $0) },
                end: (row["end_day"] as String?).flatMap { CalendarDay(parsing: $0) },
                status: status == "revising" ? .open : ProjectStatus(rawValue: status) ?? .open,
                catalogue: row["catalogue"], currency: row["currency"],
                guaranteedHourlyRate: Money(minorUnits: row["guaranteed_rate_ore"]), roofers: roofers, lines: lines,
                supplements: supplements, extraWork: extraWork, deductions: deductions, advances: advances,
                agreedSplit: split)
            var versions: [ProjectVersion] = []
            for v in try Row.fetchAll(
                db, sql: "SELECT * FROM roofing_version WHERE project_id = ? ORDER BY number", arguments: [id])
            {
                guard let snapshot = try? decoder.decode(Project.self, from: Data((v["snapshot"] as String).utf8)),
                    let changes = try? decoder.decode([String].self, from: Data((v["changes"] as String).utf8))
                else {
                    throw RoofingError(.invalid, path: "snapshot", "version \(v["number"] as Int) cannot be read")
                }
                versions.append(
                    ProjectVersion(
                        number: v["number"], author: v["author"], date: Date(timeIntervalSince1970: v["created_at"]),
                        reason: v["reason"], changes: changes, project: snapshot))
            }
            return StoredRoofingProject(
                project: project, status: status, revisionReason: row["revision_reason"], versions: versions)
        } catch let error as RoofingError {
            throw StoreError(.invalidData, operation: "project", detail: error.description)
        }
    }

    /// Writes the project's columns and replaces its entries' rows.
    static func writeProject(_ project: Project, id: Int64, now: Double, _ db: Database) throws {
        try db.execute(
            sql: """
                UPDATE roofing_project SET name = ?, name_key = ?, address = ?, customer = ?, start_day = ?, end_day = ?,
                    catalogue = ?, currency = ?, guaranteed_rate_ore = ?, updated_at = ? WHERE id = ?
                """,
            arguments: [
                project.name, nameKey(project.name), project.address, project.customer, project.start?.description,
                project.end?.description, project.catalogue, project.currency,
                project.guaranteedHourlyRate.minorUnits, now, id,
            ])
        for table in [
            "roofing_roofer", "roofing_line", "roofing_supplement", "roofing_extra_work", "roofing_deduction",
            "roofing_advance", "roofing_split",
        ] {
            try db.execute(sql: "DELETE FROM \(table) WHERE project_id = ?", arguments: [id])
        }
        for (k, r) in project.roofers.enumerated() {
            try db.execute(
                sql: "INSERT INTO roofing_roofer (project_id, ordinal, name, hours_milli) VALUES (?, ?, ?, ?)",
                arguments: [id, k, r.name, r.hours.thousandths])
        }
        for (k, l) in project.lines.enumerated() {
            try db.execute(
                sql: """
                    INSERT INTO roofing_line (project_id, ordinal, position, section, name, unit, quantity_milli,
                        unit_price_ore, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    id, k, l.position, l.section, l.name, l.unit.description, l.quantity.thousandths,
                    l.unitPrice.minorUnits, l.note,
                ])
        }
        for (k, s) in project.supplements.enumerated() {
            try db.execute(
                sql: """
                    INSERT INTO roofing_supplement (project_id, ordinal, position, section, name, percent_milli, base)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [id, k, s.position, s.section, s.name, s.percent.thousandths, s.base.description])
        }
        for (k, e) in project.extraWork.enumerated() {
            var hours: Int64?
            var rate: Int64?
            var amount: Int64?
            switch e.pricing {
            case .hours(let h, let r):
                hours = h.thousandths
                rate = r.minorUnits
            case .fixed(let a): amount = a.minorUnits
            }
            try db.execute(
                sql: """
                    INSERT INTO roofing_extra_work (project_id, ordinal, text, hours_milli, rate_ore, amount_ore)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [id, k, e.text, hours, rate, amount])
        }
        for (k, d) in project.deductions.enumerated() {
            try db.execute(
                sql: "INSERT INTO roofing_deduction (project_id, ordinal, text, amount_ore) VALUES (?, ?, ?, ?)",
                arguments: [id, k, d.text, d.amount.minorUnits])
        }
        for (k, a) in project.advances.enumerated() {
            try db.execute(
                sql: "INSERT INTO roofing_advance (project_id, ordinal, day, amount_ore, note) VALUES (?, ?, ?, ?, ?)",
                arguments: [id, k, a.date.description, a.amount.minorUnits, a.note])
        }
        switch project.agreedSplit {
        case nil: break
        case .percentages(let parts):
            for (roofer, percent) in parts {
                try db.execute(
                    sql: "INSERT INTO roofing_split (project_id, roofer, percent_milli) VALUES (?, ?, ?)",
                    arguments: [id, roofer, percent.thousandths])
            }
        case .amounts(let parts):
            for (roofer, amount) in parts {
                try db.execute(
                    sql: "INSERT INTO roofing_split (project_id, roofer, amount_ore) VALUES (?, ?, ?)",
                    arguments: [id, roofer, amount.minorUnits])
            }
        }
    }

    static func storeError(_ error: RoofingError, operation: String) -> StoreError {
        StoreError(
            error.code == .notFound ? .notFound : .refused,
            operation: operation, detail: error.description)
    }
}
