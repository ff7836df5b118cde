import Foundation
import GRDB
import TrackModel
public import TripEngine

/// A device's trip engine as saved: its state (`EngineCheckpoint.encoder()` JSON) and the time of the last fix it
/// took, so that the positions after it can be fed to it again.
public struct DeviceEngineState: Sendable, Hashable {
    public var lastFixTime: Double?
    /// Set when the engine's trip was closed because the device fell silent: the time of the last position fed
    /// then. Positions that come later but continue from there show the device was only offline.
    public var closedSilently: Double?
    public var state: Data

    public init(lastFixTime: Double?, closedSilently: Double? = nil, state: Data) {
        self.lastFixTime = lastFixTime
        self.closedSilently = closedSilently
        self.state = state
    }
}

/// The engine's state where a recomputation may start when positions arrive late: right after it ended a trip, or
/// right before it closed the trip of a device that fell silent. The engine is a function of the positions it took,
/// so feeding it the stored positions after `lastFixTime` gives exactly what feeding it all positions from the first
/// would; the trips that ended after `tripEnd` are the ones it measures again.
public struct DeviceSnapshot: Sendable, Hashable {
    /// The time of the engine's last fix: the one that ended the trip, or the last before the silence.
    public var lastFixTime: Double
    /// When the trip ended (back-dated to the stop; at or before `lastFixTime`); before a silence's close, when the
    /// trip it closed began.
    public var tripEnd: Double
    public var state: Data

    public init(lastFixTime: Double, tripEnd: Double, state: Data) {
        self.lastFixTime = lastFixTime
        self.tripEnd = tripEnd
        self.state = state
    }
}

/// A trip a device's engine ended, with the engine's state right after it (`nil`: no snapshot); for a trip closed
/// because the device fell silent, the state right before the close (a recomputation starts there when the next
/// positions come).
public struct DeviceTripEnd: Sendable {
    public var trip: Trip
    public var snapshot: DeviceSnapshot?

    public init(trip: Trip, snapshot: DeviceSnapshot?) {
        self.trip = trip
        self.snapshot = snapshot
    }
}

/// Where a recomputation starts: after a snapshot, or from the device's first position.
public enum DeviceRecomputation: Sendable, Hashable {
    case fromFirstPosition
    case after(DeviceSnapshot)
    /// After the snapshot a silence's close left (the engine right before it, its trip's track and all), which the
    /// recomputation spends: it is the largest of a device's snapshots, and the snapshots before it serve any
    /// positions that come late later.
    case afterClose(DeviceSnapshot)

    var tripEnd: Double {
        switch self {
        case .fromFirstPosition: -.infinity
        case .after(let snapshot), .afterClose(let snapshot): snapshot.tripEnd
        }
    }

    var lastFixTime: Double {
        switch self {
        case .fromFirstPosition: -.infinity
        case .after(let snapshot), .afterClose(let snapshot): snapshot.lastFixTime
        }
    }

    /// Snapshots from this fix time on are dropped: those after the start, and the start itself when spent.
    var dropsSnapshotsFrom: Double {
        switch self {
        case .afterClose(let snapshot): snapshot.lastFixTime
        default: lastFixTime.nextUp
        }
    }
}

/// What committing a device's trips did.
public struct DeviceTripCommit: Sendable, Hashable {
    /// The ids of the trips stored, in order.
    public var stored: [Int64] = []
    /// The ids of the trips voided because a recomputation replaced them.
    public var voided: [Int64] = []
    /// The ids of the stored trips a recomputation measured again the same, left as they were.
    public var kept: [Int64] = []
    /// Trips the engine ended that were not stored: the same start as a trip of the vehicle, or overlapping a
    /// locked trip a recomputation could not replace.
    public var skipped = 0

    public init() {}
}

extension AppDatabase {
    /// The device's saved engine, `nil` when it has none yet.
    public func deviceEngine(deviceID: Int64) throws -> DeviceEngineState? {
        try read("device engine") { db in
            try SQLRow.fetchOne(
                db, sql: "SELECT last_fix_time, closed_silently, state FROM device_engine WHERE device_id = ?",
                arguments: [deviceID]
            ).map {
                DeviceEngineState(
                    lastFixTime: try $0["last_fix_time"], closedSilently: try $0["closed_silently"],
                    state: try $0["state"])
            }
        }
    }

    /// Saves the device's engine (a checkpoint between trips).
    public func saveDeviceEngine(_ engine: DeviceEngineState, deviceID: Int64) throws {
        let now = clock().secondsSince1970
        try write("save device engine") { db in try Self.saveDeviceEngine(engine, deviceID: deviceID, now: now, db) }
    }

    /// The latest snapshot taken before `time` (its last fix strictly earlier), `nil` when there is none.
    public func deviceSnapshot(deviceID: Int64, before time: Double) throws -> DeviceSnapshot? {
        try read("device snapshot") { db in
            try SQLRow.fetchOne(
                db,
                sql: """
                    SELECT last_fix_time, trip_end, state FROM device_snapshot
                    WHERE device_id = ? AND last_fix_time < ? ORDER BY last_fix_time DESC LIMIT 1
                    """, arguments: [deviceID, time]
            ).map {
                DeviceSnapshot(
                    lastFixTime: try $0["last_fix_time"], tripEnd: try $0["trip_end"], state: try $0["state"])
            }
        }
    }

    /// The device's stored positions with a fix time after `time` (all of them for `nil`), by fix time.
    public func devicePositions(deviceID: Int64, after time: Double?) throws -> [DevicePosition] {
        try read("device positions") { db in
            try SQLRow.fetchAll(
                db,
                sql: """
                    SELECT fixed_at, lat, lon, speed_mps, course_deg, altitude_m, accuracy_m, hdop
                    FROM device_position WHERE device_id = ? AND fixed_at > ? ORDER BY fixed_at
                    """, arguments: [deviceID, time ?? -Double.greatestFiniteMagnitude]
            ).map { row in
                DevicePosition(
                    fixedAt: Timestamp(secondsSince1970: try row["fixed_at"]), latitude: try row["lat"],
                    longitude: try row["lon"], speedMetresPerSecond: try row["speed_mps"],
                    courseDegrees: try row["course_deg"],
                    altitudeMetres: try row["altitude_m"], accuracyMetres: try row["accuracy_m"], hdop: try row["hdop"])
            }
        }
    }

    /// The ids of the devices that have reported at least once.
    public func reportingDeviceIDs() throws -> [Int64] {
        try read("devices") { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM device WHERE last_seen_at IS NOT NULL ORDER BY id")
        }
    }

    /// The devices that have reported, with when each last did (the wall clock of the request), by id.
    public func reportingDevices() throws -> [(id: Int64, lastSeenAt: Double)] {
        try read("devices") { db in
            try SQLRow.fetchAll(
                db, sql: "SELECT id, last_seen_at FROM device WHERE last_seen_at IS NOT NULL ORDER BY id"
            )
            .map { (id: try $0["id"], lastSeenAt: try $0["last_seen_at"]) }
        }
    }

    /// The ids of the device's trips that are not void, by start.
    public func deviceTripIDs(deviceID: Int64) throws -> [Int64] {
        try read("device trips") { db in
            try Int64.fetchAll(
                db,
                sql: """
                    SELECT trip.id FROM trip JOIN device_trip ON device_trip.trip_id = trip.id
                    WHERE device_trip.device_id = ? AND trip.voided_at IS NULL ORDER BY trip.started_at
                    """, arguments: [deviceID])
        }
    }

    /// Stores what a device's engine did, in one transaction: the trips it ended (each recorded as the device's, with
    /// the snapshot after it) and its state.
    ///
    /// With `recomputation`, the trips come from feeding the engine again from a snapshot (or from the first
    /// position) because positions arrived late: the device's trips that ended after that point are voided first
    /// (they stay in the history, with the reason), together with the snapshots after it, and what a person set on
    /// a voided trip (category, purpose, partner, destination, notes, labels) passes to the new trip that overlaps it
    /// most. Locked trips are never voided; a new trip that overlaps one is not stored. A stored trip the
    /// recomputation measured again exactly as it is (`MeasuredTrip`: its times, way, places and estimated ends) is
    /// left as it is, neither voided nor stored twice (`kept`): its id and history stay.
    ///
    /// With `lease`, the commit is refused (`DeviceLeaseRules.lost`) unless that lease is still the device's: a
    /// server that lost it to another one stores nothing.
    public func commitDeviceTrips(
        _ ended: [DeviceTripEnd], deviceID: Int64, engine: DeviceEngineState,
        recomputation: DeviceRecomputation? = nil, reason: String = "recomputed from positions that arrived late",
        lease: DeviceLease? = nil
    ) throws -> DeviceTripCommit {
        let operation = "commit device trips"
        let rows = try ended.map { try PendingTrip($0.trip, operation: operation) }
        let policy = policy
        let now = clock().secondsSince1970
        return try logWrite(operation) { db, context in
            if let lease { try Self.requireLease(lease, operation: operation, db) }
            var commit = DeviceTripCommit()
            guard
                let vehicleID = try Int64.fetchOne(
                    db, sql: "SELECT vehicle_id FROM device WHERE id = ?", arguments: [deviceID])
            else {
                throw StoreError(.notFound, operation: operation, detail: "the device was removed")
            }
            var replaced: [(id: Int64, start: Double, end: Double)] = []
            var locked: [(start: Double, end: Double)] = []
            /// The new trips (by index in `rows`) that are stored trips measured again the same.
            var same: Set<Int> = []
            if let recomputation {
                let stored = try SQLRow.fetchAll(
                    db,
                    sql: """
                        SELECT \(MeasuredTrip.columns), trip.id, trip.locked FROM trip
                        JOIN device_trip ON device_trip.trip_id = trip.id
                        WHERE device_trip.device_id = ? AND trip.voided_at IS NULL AND trip.ended_at > ?
                        ORDER BY trip.started_at
                        """, arguments: [deviceID, recomputation.tripEnd])
                let measured = rows.map { MeasuredTrip($0.trip) }
                for row in stored {
                    let trip = (
                        id: try row["id"] as Int64, start: try row["started_at"] as Double,
                        end: try row["ended_at"] as Double
                    )
                    let was = try MeasuredTrip(row)
                    if let index = measured.indices.first(where: { !same.contains($0) && measured[$0] == was }) {
                        same.insert(index)
                        commit.kept.append(trip.id)
                        continue
                    }
                    if try row["locked"] as Bool {
                        locked.append((trip.start, trip.end))
                        continue
                    }
                    try Self.void(trip.id, reason: reason, context: &context, db)
                    replaced.append(trip)
                    commit.voided.append(trip.id)
                }
                try db.execute(
                    sql: "DELETE FROM device_snapshot WHERE device_id = ? AND last_fix_time >= ?",
                    arguments: [deviceID, recomputation.dropsSnapshotsFrom])
            }
            let rules = try Self.ruleSet(db)
            for (index, (row, end)) in zip(rows, ended).enumerated() {
                let start = row.trip.start.secondsSince1970
                let finish = row.trip.end.secondsSince1970
                if let snapshot = end.snapshot {
                    try db.execute(
                        sql: """
                            INSERT INTO device_snapshot (device_id, last_fix_time, trip_end, state) VALUES (?, ?, ?, ?)
                            ON CONFLICT (device_id, last_fix_time) DO UPDATE SET
                                trip_end = excluded.trip_end, state = excluded.state
                            """, arguments: [deviceID, snapshot.lastFixTime, snapshot.tripEnd, snapshot.state])
                }
                if same.contains(index) { continue }
                if locked.contains(where: { $0.start < finish && start < $0.end }) {
                    commit.skipped += 1
                    continue
                }
                guard
                    let id = try Self.insertMeasured(
                        row, vehicleID: vehicleID, source: .gps, importKey: nil, rules: rules, policy: policy,
                        context: &context, db)
                else {
                    commit.skipped += 1
                    continue
                }
                try db.execute(
                    sql: "INSERT INTO device_trip (trip_id, device_id) VALUES (?, ?)", arguments: [id, deviceID])
                let overlaps = replaced.map { (id: $0.id, overlap: min($0.end, finish) - max($0.start, start)) }
                if let old = overlaps.filter({ $0.overlap > 0 }).max(by: { $0.overlap < $1.overlap }) {
                    try Self.carryOverEdits(from: old.id, to: id, context: &context, db)
                }
                commit.stored.append(id)
            }
            try Self.saveDeviceEngine(engine, deviceID: deviceID, now: now, db)
            return commit
        }
    }

    /// Passes what a person set on a replaced trip to the trip that replaces it (an audited edit of the new trip).
    /// A category only a rule or the default set is left to the new trip's own rules.
    static func carryOverEdits(from old: Int64, to new: Int64, context: inout LogContext, _ db: any SQLSession) throws {
        guard
            let row = try SQLRow.fetchOne(
                db,
                sql: """
                    SELECT category, category_origin, purpose, partner, destination, notes, start_label, end_label
                    FROM trip WHERE id = ?
                    """, arguments: [old])
        else { return }
        let personal = (try row["category_origin"] as String?).map { $0 == "manual" || $0 == "regular" } ?? false
        let texts = ["purpose", "partner", "destination", "notes", "start_label", "end_label"]
        guard try personal || texts.contains(where: { (try row[$0] as String?) != nil }) else { return }
        let before = try snapshot(trip: new, db)
        try db.execute(
            sql: """
                UPDATE trip SET
                    category = CASE WHEN ?1 = 1 THEN ?2 ELSE category END,
                    category_origin = CASE WHEN ?1 = 1 THEN ?3 ELSE category_origin END,
                    purpose = coalesce(?4, purpose), partner = coalesce(?5, partner),
                    destination = coalesce(?6, destination), notes = coalesce(?7, notes),
                    start_label = coalesce(?8, start_label), end_label = coalesce(?9, end_label)
                WHERE id = ?10
                """,
            arguments: [
                personal, row["category"] as String?, row["category_origin"] as String?, row["purpose"] as String?,
                row["partner"] as String?, row["destination"] as String?, row["notes"] as String?,
                row["start_label"] as String?, row["end_label"] as String?, new,
            ])
        try context.audit.recordEdits(db, trip: new, from: before, to: try snapshot(trip: new, db))
    }

    static func saveDeviceEngine(_ engine: DeviceEngineState, deviceID: Int64, now: Double, _ db: any SQLSession) throws
    {
        try db.execute(
            sql: """
                INSERT INTO device_engine (device_id, last_fix_time, closed_silently, saved_at, state)
                VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (device_id) DO UPDATE SET
                    last_fix_time = excluded.last_fix_time, closed_silently = excluded.closed_silently,
                    saved_at = excluded.saved_at, state = excluded.state
                """, arguments: [deviceID, engine.lastFixTime, engine.closedSilently, now, engine.state])
    }
}

/// What the engine measured of a stored trip (its times, way, idling, top speed, places, fixes and estimated ends): a
/// recomputation that measures the same again leaves the trip as it is. The engine is a function of its positions, so
/// the same positions give the same figures to the last bit, and the store keeps them as given.
struct MeasuredTrip: Equatable {
    /// Times, way, idle seconds, top speed and the ends' coordinates, in the order of `figureColumns` (a column
    /// without a value, as a manual trip's coordinates may be, is `nil` and equals no measured figure).
    var figures: [Double?]
    var idlePeriods: Int64
    var fixesUsed: Int64
    var estimated: EstimatedEnds

    static let columns = """
        trip.started_at, trip.ended_at, trip.distance_m, trip.idle_s, trip.max_speed_mps, trip.start_lat, \
        trip.start_lon, trip.end_lat, trip.end_lon, trip.idle_periods, trip.fixes_used, trip.estimated
        """
    private static let figureColumns = [
        "started_at", "ended_at", "distance_m", "idle_s", "max_speed_mps", "start_lat", "start_lon", "end_lat",
        "end_lon",
    ]

    init(_ trip: Trip) {
        figures = [
            trip.start.secondsSince1970, trip.end.secondsSince1970, trip.distance, trip.idleSeconds,
            trip.maximumSpeed, trip.startCoordinate.latitude, trip.startCoordinate.longitude,
            trip.endCoordinate.latitude, trip.endCoordinate.longitude,
        ]
        idlePeriods = Int64(trip.idlePeriods)
        fixesUsed = Int64(trip.fixesUsed)
        estimated = trip.estimated
    }

    init(_ row: SQLRow) throws {
        figures = try Self.figureColumns.map { try row[$0] as Double? }
        idlePeriods = try row["idle_periods"]
        fixesUsed = try row["fixes_used"]
        estimated = EstimatedEnds(column: try row["estimated"])
    }
}

extension EstimatedEnds {
    /// The `estimated` column's value: the names (`start`, `end`, `start end`), `NULL` for none.
    var column: String? { isEmpty ? nil : names.joined(separator: " ") }

    /// The set the `estimated` column holds.
    init(column: String?) { self.init(names: (column ?? "").split(separator: " ")) }
}
