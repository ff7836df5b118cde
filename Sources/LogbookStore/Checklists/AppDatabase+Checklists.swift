import Foundation
public import Checklists
import TrackModel

extension AppDatabase {
    // MARK: Restaurants

    /// Adds a restaurant; `staff`, when given, is a user who works there from now on (a restaurant manager who added
    /// it), in the same transaction.
    @discardableResult
    public func addRestaurant(name: String, email: String?, timezone: String, staff: String? = nil) throws
        -> Restaurant
    {
        let now = clock().secondsSince1970
        return try write("addRestaurant") { db in
            if try Self.restaurantRow(name, db) != nil {
                throw StoreError(
                    .refused, operation: "addRestaurant", detail: "there is already a restaurant '\(name)'")
            }
            let id = try db.insertReturningID(
                sql: "INSERT INTO checklist_restaurant (name, email, timezone, created_at) VALUES (?, ?, ?, ?)",
                arguments: [name.trimmingCharacters(in: .whitespaces), email, timezone, now])
            if let staff {
                guard let user = try Self.userRow(staff, db) else { throw Self.unknownUser(staff) }
                try db.execute(
                    sql: "INSERT INTO app_user_restaurant (user_id, restaurant_id) VALUES (?, ?)",
                    arguments: [user, id])
            }
            return try Self.restaurant(id, db)
        }
    }

    public func restaurants() throws -> [Restaurant] {
        try read("restaurants") { db in
            try SQLRow.fetchAll(
                db, sql: "SELECT * FROM checklist_restaurant ORDER BY \(db.dialect.nameOrder("name"))"
            ).map(Self.restaurant)
        }
    }

    public func restaurant(named name: String) throws -> Restaurant {
        try read("restaurant") { db in try Self.restaurant(try Self.requireRestaurant(name, db), db) }
    }

    // MARK: Templates

    /// Stores a template as the next version of its restaurant, day part and kind (version 1 if new). An import
    /// identical to the latest version stores nothing and returns that version.
    @discardableResult
    public func saveTemplate(_ template: ChecklistTemplate, by actor: String) throws -> TemplateVersion {
        if let problem = template.problems().first {
            throw StoreError(.refused, operation: "saveTemplate", detail: problem.description)
        }
        let now = clock().secondsSince1970
        return try write("saveTemplate") { db in
            let restaurantID = try Self.requireRestaurant(template.restaurant, db)
            var stored = template
            stored.restaurant = try Self.restaurant(restaurantID, db).name
            let body = try Self.encoder.encode(stored)
            if let latest = try Self.latestTemplate(restaurantID, template.dayPart, template.kind, db),
                latest.template == stored
            {
                return latest
            }
            let version =
                (try Int.fetchOne(
                    db,
                    sql: """
                        SELECT max(version) FROM checklist_template WHERE restaurant_id = ? AND day_part = ? AND kind = ?
                        """, arguments: [restaurantID, template.dayPart.rawValue, template.kind.rawValue]) ?? 0) + 1
            let id = try db.insertReturningID(
                sql: """
                    INSERT INTO checklist_template (restaurant_id, day_part, kind, version, body, created_at, created_by)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [restaurantID, template.dayPart.rawValue, template.kind.rawValue, version, body, now, actor])
            return TemplateVersion(id: id, version: version, template: stored, createdAt: now, createdBy: actor)
        }
    }

    /// The latest version of a restaurant's template for a day part and kind.
    public func template(restaurant: String, dayPart: DayPart, kind: ChecklistKind) throws -> TemplateVersion? {
        try read("template") { db in
            try Self.latestTemplate(try Self.requireRestaurant(restaurant, db), dayPart, kind, db)
        }
    }

    /// Every latest template of a restaurant.
    public func templates(restaurant: String) throws -> [TemplateVersion] {
        try read("templates") { db in
            let id = try Self.requireRestaurant(restaurant, db)
            return try DayPart.allCases.flatMap { part in
                try ChecklistKind.allCases.compactMap { try Self.latestTemplate(id, part, $0, db) }
            }
        }
    }

    /// Every version of a restaurant's templates: by day part, kind and version.
    public func templateVersions(restaurant: String) throws -> [TemplateVersion] {
        try read("templateVersions") { db in
            let id = try Self.requireRestaurant(restaurant, db)
            let order = Dictionary(uniqueKeysWithValues: ChecklistKind.allCases.enumerated().map { ($1, $0) })
            return try SQLRow.fetchAll(
                db, sql: "SELECT * FROM checklist_template WHERE restaurant_id = ? ORDER BY day_part, version",
                arguments: [id]
            ).map(Self.templateVersion).sorted {
                ($0.template.dayPart.rawValue, order[$0.template.kind] ?? 0, $0.version)
                    < ($1.template.dayPart.rawValue, order[$1.template.kind] ?? 0, $1.version)
            }
        }
    }

    /// Applies an edit to the latest version, storing the result as the next version.
    @discardableResult
    public func editTemplate(
        restaurant: String, dayPart: DayPart, kind: ChecklistKind, _ edit: TemplateEdit, by actor: String
    ) throws -> TemplateVersion {
        guard let latest = try template(restaurant: restaurant, dayPart: dayPart, kind: kind) else {
            throw StoreError(
                .notFound, operation: "editTemplate",
                detail: "\(restaurant) has no \(dayPart.rawValue) \(kind.rawValue) checklist yet; import one first")
        }
        let next: ChecklistTemplate
        do {
            next = try latest.template.applying(edit)
        } catch {
            throw StoreError(.refused, operation: "editTemplate", detail: error.description)
        }
        return try saveTemplate(next, by: actor)
    }

    // MARK: Helpers

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func restaurantRow(_ name: String, _ db: any SQLSession) throws -> Int64? {
        try Int64.fetchOne(
            db, sql: "SELECT id FROM checklist_restaurant WHERE \(db.dialect.sameName("name"))",
            arguments: [name.trimmingCharacters(in: .whitespaces)])
    }

    static func requireRestaurant(_ name: String, _ db: any SQLSession) throws -> Int64 {
        guard let id = try restaurantRow(name, db) else {
            throw StoreError(
                .notFound, operation: "restaurant",
                detail: "unknown restaurant '\(name)'; add it with `logbook checklists restaurants add \"\(name)\"`")
        }
        return id
    }

    static func restaurant(_ id: Int64, _ db: any SQLSession) throws -> Restaurant {
        guard let row = try SQLRow.fetchOne(db, sql: "SELECT * FROM checklist_restaurant WHERE id = ?", arguments: [id])
        else { throw StoreError(.notFound, operation: "restaurant", detail: "there is no restaurant \(id)") }
        return try restaurant(row)
    }

    static func restaurant(_ row: SQLRow) throws -> Restaurant {
        Restaurant(id: try row["id"], name: try row["name"], email: try row["email"], timezone: try row["timezone"])
    }

    static func latestTemplate(
        _ restaurantID: Int64, _ dayPart: DayPart, _ kind: ChecklistKind, _ db: any SQLSession
    ) throws -> TemplateVersion? {
        try SQLRow.fetchOne(
            db,
            sql: """
                SELECT * FROM checklist_template WHERE restaurant_id = ? AND day_part = ? AND kind = ?
                ORDER BY version DESC LIMIT 1
                """, arguments: [restaurantID, dayPart.rawValue, kind.rawValue]
        ).map(templateVersion)
    }

    static func templateVersion(_ row: SQLRow) throws -> TemplateVersion {
        let body: Data = try row["body"]
        return TemplateVersion(
            id: try row["id"], version: try row["version"],
            template: try JSONDecoder().decode(ChecklistTemplate.self, from: body), createdAt: try row["created_at"],
            createdBy: try row["created_by"])
    }
}
