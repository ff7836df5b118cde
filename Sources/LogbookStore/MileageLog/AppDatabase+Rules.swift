import Foundation
public import MileageLog
import TrackModel

/// A classification rule as stored, with its places by name.
public struct StoredRule: Sendable, Hashable {
    public var rule: ClassificationRule
    public var vehicle: String?
}

/// What `rules apply` did (or would do) to one trip.
public struct RuleOutcome: Sendable, Hashable {
    public var tripID: Int64
    public var rule: String
    public var category: TripCategory
    public var purpose: String?
    /// The category before (nil: unclassified).
    public var previous: TripCategory?
}

extension AppDatabase {
    // MARK: Places

    @discardableResult
    public func addPlace(_ place: Place) throws -> Place {
        guard let name = Self.clean(place.name) else {
            throw StoreError(.refused, operation: "addPlace", detail: "a place needs a name")
        }
        let now = clock().secondsSince1970
        try write("addPlace") { db in
            if try Int64.fetchOne(
                db, sql: "SELECT id FROM place WHERE \(db.dialect.sameName("name"))", arguments: [name])
                != nil
            {
                throw StoreError(.refused, operation: "addPlace", detail: "there is already a place '\(name)'")
            }
            try db.execute(
                sql: "INSERT INTO place (name, lat, lon, radius_m, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [name, place.centre.latitude, place.centre.longitude, place.radiusMetres, now])
        }
        return Place(name: name, centre: place.centre, radiusMetres: place.radiusMetres)
    }

    public func places() throws -> [Place] {
        try read("places") { db in
            try SQLRow.fetchAll(db, sql: "SELECT * FROM place ORDER BY \(db.dialect.nameOrder("name"))").map(Self.place)
        }
    }

    public func removePlace(named name: String) throws {
        try write("removePlace") { db in
            let id = try Self.placeID(name, db)
            if let rule = try String.fetchOne(
                db, sql: "SELECT name FROM rule WHERE start_place_id = ? OR end_place_id = ? LIMIT 1",
                arguments: [id, id])
            {
                throw StoreError(.refused, operation: "removePlace", detail: "rule '\(rule)' uses place '\(name)'")
            }
            try db.execute(sql: "DELETE FROM place WHERE id = ?", arguments: [id])
        }
    }

    static func place(_ row: SQLRow) throws -> Place {
        Place(
            name: try row["name"], centre: Coordinate(latitude: try row["lat"], longitude: try row["lon"]),
            radiusMetres: try row["radius_m"])
    }

    static func placeID(_ name: String, _ db: any SQLSession) throws -> Int64 {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard
            let id = try Int64.fetchOne(
                db, sql: "SELECT id FROM place WHERE \(db.dialect.sameName("name"))", arguments: [name])
        else {
            throw StoreError(
                .notFound, operation: "place", detail: "there is no place '\(name)'; add it with `logbook places add`")
        }
        return id
    }

    // MARK: Rules

    /// Stores a rule; its places (by name) and vehicle must exist.
    public func addRule(
        name: String, priority: Int = 0, weekdays: Set<Weekday> = [], timeWindow: TimeWindow? = nil,
        startPlace: String? = nil, endPlace: String? = nil, vehicle: String? = nil, category: TripCategory,
        purpose: String? = nil
    ) throws {
        guard let name = Self.clean(name) else {
            throw StoreError(.refused, operation: "addRule", detail: "a rule needs a name")
        }
        if category == .business, Self.clean(purpose) == nil {
            throw StoreError(.refused, operation: "addRule", detail: "a business rule needs a purpose (--purpose)")
        }
        let now = clock().secondsSince1970
        try write("addRule") { db in
            if try Int64.fetchOne(
                db, sql: "SELECT id FROM rule WHERE \(db.dialect.sameName("name"))", arguments: [name])
                != nil
            {
                throw StoreError(.refused, operation: "addRule", detail: "there is already a rule '\(name)'")
            }
            try db.execute(
                sql: """
                    INSERT INTO rule (
                        name, priority, weekdays, time_window, start_place_id, end_place_id, vehicle_id, category,
                        purpose, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    name, priority, weekdays.sorted().map { String($0.rawValue) }.joined(separator: ","),
                    timeWindow?.description, try startPlace.map { try Self.placeID($0, db) },
                    try endPlace.map { try Self.placeID($0, db) },
                    try vehicle.map { try Self.requireVehicle($0, db).id }, category.rawValue, Self.clean(purpose), now,
                ])
        }
    }

    public func rules() throws -> [StoredRule] {
        try read("rules") { db in try Self.storedRules(db) }
    }

    public func removeRule(named name: String) throws {
        try write("removeRule") { db in
            let removed = try db.executeCounting(
                sql: "DELETE FROM rule WHERE \(db.dialect.sameName("name"))", arguments: [name])
            if removed == 0 {
                throw StoreError(.notFound, operation: "removeRule", detail: "there is no rule '\(name)'")
            }
        }
    }

    /// Applies the rules to stored trips that no person classified (unclassified, or classified by a rule or the
    /// default), unlocked and not voided; with `dryRun` only says what would change.
    public func applyRules(_ filter: TripFilter = TripFilter(), dryRun: Bool) throws -> [RuleOutcome] {
        let policy = policy
        let candidates = try trips(filter).filter {
            !$0.locked && !$0.voided && $0.categoryOrigin != .manual && $0.categoryOrigin != .regular
        }
        let body = { (db: any SQLSession, context: inout LogContext) throws -> [RuleOutcome] in
            let rules = try Self.ruleSet(db)
            var outcomes: [RuleOutcome] = []
            for trip in candidates {
                let facts = TripFacts(
                    start: trip.start, utcOffsetSeconds: policy.utcOffset(trip.start),
                    startCoordinate: trip.startCoordinate, endCoordinate: trip.endCoordinate,
                    vehiclePlate: trip.vehicle)
                guard let classification = rules.classify(facts), let rule = classification.ruleName else { continue }
                let purpose = classification.purpose ?? trip.purpose
                guard classification.category != trip.category || purpose != trip.purpose else { continue }
                outcomes.append(
                    RuleOutcome(
                        tripID: trip.id, rule: rule, category: classification.category, purpose: purpose,
                        previous: trip.category))
                guard !dryRun else { continue }
                let before = try Self.snapshot(trip: trip.id, db)
                try db.execute(
                    sql: "UPDATE trip SET category = ?, category_origin = 'rule', purpose = ? WHERE id = ?",
                    arguments: [classification.category.rawValue, purpose, trip.id])
                try context.audit.recordEdits(
                    db, trip: trip.id, from: before, to: try Self.snapshot(trip: trip.id, db))
            }
            return outcomes
        }
        if dryRun {
            let now = clock()
            return try read("applyRules") { db in
                var context = LogContext(now: now, audit: try AuditWriter(db, actor: policy.actor, time: now))
                return try body(db, &context)
            }
        }
        return try logWrite("applyRules", body)
    }

    static func storedRules(_ db: any SQLSession) throws -> [StoredRule] {
        let places = Dictionary(
            uniqueKeysWithValues: try SQLRow.fetchAll(db, sql: "SELECT * FROM place").map {
                (try $0["id"] as Int64, try place($0))
            })
        return try SQLRow.fetchAll(
            db,
            sql: """
                SELECT rule.*, vehicle.plate FROM rule LEFT JOIN vehicle ON vehicle.id = rule.vehicle_id
                ORDER BY rule.priority DESC, rule.id
                """
        ).map { row in
            let weekdays = Set(
                (try row["weekdays"] as String).split(separator: ",").compactMap { Int($0).flatMap(Weekday.init) })
            guard let category = TripCategory(rawValue: try row["category"]) else {
                throw StoreError(.invalidData, operation: "rules", detail: "unknown category in rule")
            }
            let plate: String? = try row["plate"]
            let rule = ClassificationRule(
                name: try row["name"], priority: try row["priority"], weekdays: weekdays,
                timeWindow: (try row["time_window"] as String?).flatMap { TimeWindow(parsing: $0) },
                startPlace: (try row["start_place_id"] as Int64?).flatMap { places[$0] },
                endPlace: (try row["end_place_id"] as Int64?).flatMap { places[$0] },
                vehiclePlates: plate.map { [$0] } ?? [], category: category, purpose: try row["purpose"])
            return StoredRule(rule: rule, vehicle: plate)
        }
    }

    static func ruleSet(_ db: any SQLSession) throws -> RuleSet {
        RuleSet(try storedRules(db).map(\.rule))
    }
}
