import Foundation
import MileageLog
public import TrackModel
import TripEngine

/// What an import did with a file's trips.
public struct ImportOutcome: Sendable, Hashable {
    /// This file was imported to this vehicle before: nothing was read into the log.
    public var alreadyImported = false
    public var added = 0
    /// Trips the log already had (the same drive, maybe from another file or format).
    public var duplicates = 0
    /// The conflicts kept aside: trips that overlap trips of the log.
    public var conflicts: [Int64] = []

    public init() {}
}

/// Which of two overlapping trips stays.
public enum ConflictChoice: String, Sendable, Hashable, CaseIterable {
    /// The trip already in the log stays; the imported one goes into the log voided.
    case existing
    /// The imported trip goes into the log; the trips it overlaps are voided.
    case imported
}

/// An imported GPS trip kept aside because it overlaps a trip of the log.
public struct TripConflict: Sendable, Hashable {
    public var id: Int64
    public var vehicle: String
    /// The trip of the log it overlaps (the earliest, when several).
    public var existingTripID: Int64
    public var existingStart: Timestamp
    public var existingEnd: Timestamp
    public var existingDistance: Double
    /// The imported file's path, when known.
    public var file: String?
    public var start: Timestamp
    public var end: Timestamp
    public var distance: Double
    public var createdAt: Timestamp
    public var resolution: ConflictChoice?
    public var resolvedAt: Timestamp?
    /// The trip that stayed.
    public var keptTripID: Int64?

    public var isResolved: Bool { resolution != nil }
}

extension AppDatabase {
    /// The conflicts, oldest first: open ones only unless `includeResolved`.
    public func conflicts(vehicle plate: String? = nil, includeResolved: Bool = false) throws -> [TripConflict] {
        try read("conflicts") { db in
            var conditions: [String] = []
            var arguments = SQLArguments()
            if let plate {
                let vehicle = try Self.requireVehicle(plate, db)
                conditions.append("c.vehicle_id = ?")
                arguments += [vehicle.id]
            }
            if !includeResolved { conditions.append("c.resolution IS NULL") }
            let sql =
                Self.conflictSelect + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
                + " ORDER BY c.id"
            return try SQLRow.fetchAll(db, sql: sql, arguments: arguments).map(Self.conflict)
        }
    }

    public func conflict(id: Int64) throws -> TripConflict {
        try read("conflict") { db in try Self.fetchConflict(id, db) }
    }

    /// Resolves a conflict by choosing which trip stays; the other is voided with a reason (in the audit history).
    /// With `.existing` the imported trip enters the log voided, so its history shows what was set aside; with
    /// `.imported` it enters the log and every live trip it overlaps is voided.
    public func resolveConflict(id: Int64, keep choice: ConflictChoice) throws -> TripConflict {
        let policy = policy
        return try logWrite("resolveConflict") { db, context in
            let conflict = try Self.fetchConflict(id, db)
            if let resolution = conflict.resolution {
                throw StoreError(
                    .refused, operation: "resolveConflict",
                    detail: "conflict \(id) was resolved already (kept the \(resolution.rawValue) trip "
                        + "\(conflict.keptTripID.map(String.init) ?? "?"))")
            }
            guard let row = try SQLRow.fetchOne(db, sql: "SELECT * FROM trip_conflict WHERE id = ?", arguments: [id])
            else { throw StoreError(.notFound, operation: "resolveConflict", detail: "there is no conflict \(id)") }
            let pending = try Self.pendingTrip(row)
            let vehicleID: Int64 = try row["vehicle_id"]
            let kept: Int64
            switch choice {
            case .existing:
                let recorded = try Self.insertMeasured(
                    pending, vehicleID: vehicleID, source: .gps, importKey: row["import_key"], rules: RuleSet([]),
                    policy: policy, context: &context, db,
                    voidReason: "conflict \(conflict.id): overlaps trip \(conflict.existingTripID), which was kept")
                guard recorded != nil else {
                    throw StoreError(
                        .refused, operation: "resolveConflict", detail: "the imported trip could not be recorded")
                }
                kept = conflict.existingTripID
            case .imported:
                let others = try Self.overlapping(
                    vehicleID: vehicleID, start: pending.trip.start, end: pending.trip.end, excluding: [], db)
                for other in others {
                    try Self.refuseChange(of: try Self.fetchTrip(other, now: context.now, policy: policy, db))
                }
                for other in others {
                    try Self.void(
                        other, reason: "conflict \(conflict.id): replaced by the imported GPS trip", context: &context,
                        db)
                }
                guard
                    let id = try Self.insertMeasured(
                        pending, vehicleID: vehicleID, source: .gps, importKey: row["import_key"],
                        rules: try Self.ruleSet(db), policy: policy, context: &context, db)
                else {
                    throw StoreError(
                        .refused, operation: "resolveConflict", detail: "the imported trip could not be stored")
                }
                kept = id
            }
            try db.execute(
                sql: "UPDATE trip_conflict SET resolution = ?, resolved_at = ?, kept_trip_id = ? WHERE id = ?",
                arguments: [choice.rawValue, context.now.secondsSince1970, kept, id])
            return try Self.fetchConflict(id, db)
        }
    }

    // MARK: Inside a write

    /// The vehicle's live trips that overlap the interval (touching ends do not), earliest first.
    static func overlapping(
        vehicleID: Int64, start: Timestamp, end: Timestamp, excluding: [Int64], _ db: any SQLSession
    ) throws -> [Int64] {
        let excluded = excluding.isEmpty ? "" : " AND id NOT IN (\(excluding.map(String.init).joined(separator: ",")))"
        // A trip of no duration overlaps what it lies strictly inside.
        return try Int64.fetchAll(
            db,
            sql: """
                SELECT id FROM trip
                WHERE vehicle_id = ? AND voided_at IS NULL AND started_at < ? AND ended_at > ?\(excluded)
                ORDER BY started_at, id
                """, arguments: [vehicleID, max(end, start + 0.001).secondsSince1970, start.secondsSince1970])
    }

    /// Keeps an imported trip aside; returns the conflict's id.
    static func keepAside(
        _ row: PendingTrip, vehicleID: Int64, existing: Int64, importKey: String?, now: Double, _ db: any SQLSession
    ) throws -> Int64 {
        let trip = row.trip
        return try db.insertReturningID(
            sql: """
                INSERT INTO trip_conflict (
                    vehicle_id, existing_trip_id, import_key, started_at, ended_at, distance_m, idle_s, idle_periods,
                    max_speed_mps, start_lat, start_lon, end_lat, end_lon, fixes_used, point_count, points, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                vehicleID, existing, importKey, trip.start.secondsSince1970, trip.end.secondsSince1970, trip.distance,
                trip.idleSeconds, trip.idlePeriods, trip.maximumSpeed, trip.startCoordinate.latitude,
                trip.startCoordinate.longitude, trip.endCoordinate.latitude, trip.endCoordinate.longitude,
                trip.fixesUsed, row.points == nil ? 0 : trip.track.count, row.points, now,
            ])
    }

    static func pendingTrip(_ row: SQLRow) throws -> PendingTrip {
        var track: [TrackPoint] = []
        if let points: Data = try row["points"] {
            do { track = try TrackEncoding.decode([UInt8](points)) } catch {
                throw StoreError(
                    .invalidData, operation: "conflict", detail: "\(error) (conflict \(try row["id"] as Int64))")
            }
        }
        let trip = Trip(
            start: Timestamp(secondsSince1970: try row["started_at"]),
            end: Timestamp(secondsSince1970: try row["ended_at"]),
            distance: try row["distance_m"], idleSeconds: try row["idle_s"], idlePeriods: try row["idle_periods"],
            maximumSpeed: try row["max_speed_mps"],
            startCoordinate: Coordinate(latitude: try row["start_lat"], longitude: try row["start_lon"]),
            endCoordinate: Coordinate(latitude: try row["end_lat"], longitude: try row["end_lon"]),
            fixesUsed: try row["fixes_used"],
            track: track)
        return try PendingTrip(trip, operation: "resolveConflict")
    }

    static let conflictSelect = """
        SELECT c.id, c.existing_trip_id, c.started_at, c.ended_at, c.distance_m, c.created_at, c.resolution,
            c.resolved_at, c.kept_trip_id, vehicle.plate, trip.started_at AS existing_start,
            trip.ended_at AS existing_end, trip.distance_m AS existing_distance, f.path
        FROM trip_conflict AS c
        JOIN vehicle ON vehicle.id = c.vehicle_id
        JOIN trip ON trip.id = c.existing_trip_id
        LEFT JOIN vehicle_import AS f ON f.fingerprint = c.import_key AND f.vehicle_id = c.vehicle_id
        """

    static func fetchConflict(_ id: Int64, _ db: any SQLSession) throws -> TripConflict {
        guard let row = try SQLRow.fetchOne(db, sql: conflictSelect + " WHERE c.id = ?", arguments: [id]) else {
            throw StoreError(
                .notFound, operation: "conflict",
                detail: "there is no conflict \(id); `logbook trips conflicts` lists them")
        }
        return try conflict(row)
    }

    static func conflict(_ row: SQLRow) throws -> TripConflict {
        TripConflict(
            id: try row["id"], vehicle: try row["plate"], existingTripID: try row["existing_trip_id"],
            existingStart: Timestamp(secondsSince1970: try row["existing_start"]),
            existingEnd: Timestamp(secondsSince1970: try row["existing_end"]),
            existingDistance: try row["existing_distance"],
            file: try row["path"], start: Timestamp(secondsSince1970: try row["started_at"]),
            end: Timestamp(secondsSince1970: try row["ended_at"]), distance: try row["distance_m"],
            createdAt: Timestamp(secondsSince1970: try row["created_at"]),
            resolution: (try row["resolution"] as String?).flatMap(ConflictChoice.init(rawValue:)),
            resolvedAt: (try row["resolved_at"] as Double?).map(Timestamp.init(secondsSince1970:)),
            keptTripID: try row["kept_trip_id"])
    }
}
