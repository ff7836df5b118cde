import Foundation
import TrackModel

/// The later trips of a vehicle whose odometer moves to make room for a trip back-filled before them, and by how
/// much (in the vehicle's unit).
struct ChainShift {
    var trips: [Int64] = []
    var by: Double = 0
}

extension AppDatabase {
    /// Makes room in the odometer chain for a trip typed in by distance that ends at `end` and starts at `time`,
    /// before later trips of the vehicle.
    ///
    /// When the next trip starts at or past `end`, the trip fits and nothing moves. Otherwise the later trips whose
    /// odometer was derived from the chain (typed in by distance; not locked, not voided) move up by the
    /// overlap, one after the other, up to the first trip whose odometer is anchored (given explicitly, measured,
    /// locked) or that starts after a dashboard reading: the chain is never moved past an anchor, and a shift that
    /// would run past one is refused with the numbers.
    static func chainShift(
        vehicleID: Int64, after time: Timestamp, end: Double, unit: OdometerUnit, _ db: any SQLSession
    ) throws -> ChainShift {
        let later = try SQLRow.fetchAll(
            db,
            sql: """
                SELECT id, started_at, start_odometer, end_odometer, odometer_derived, locked FROM trip
                WHERE vehicle_id = ? AND voided_at IS NULL AND started_at > ? AND start_odometer IS NOT NULL
                ORDER BY started_at
                """, arguments: [vehicleID, time.secondsSince1970])
        guard let next = later.first, (try next["start_odometer"] as Double) < end else { return ChainShift() }
        let by = end - (try next["start_odometer"] as Double)
        let reading = try SQLRow.fetchOne(
            db,
            sql: """
                SELECT read_at, reading FROM odometer_reading WHERE vehicle_id = ? AND voided_at IS NULL
                AND read_at > ? ORDER BY read_at LIMIT 1
                """, arguments: [vehicleID, time.secondsSince1970])
        var shift = ChainShift(by: by)
        var lastEnd = end
        var lastID: Int64 = 0
        for trip in later {
            let derived: Bool = try trip["odometer_derived"]
            let locked: Bool = try trip["locked"]
            let startedAt: Double = try trip["started_at"]
            let beforeReading = try reading.map { startedAt < (try $0["read_at"] as Double) } ?? true
            let movable = derived && !locked && beforeReading
            guard movable, let tripEnd: Double = try trip["end_odometer"] else { break }
            shift.trips.append(try trip["id"])
            lastEnd = tripEnd + by
            lastID = try trip["id"]
        }
        guard !shift.trips.isEmpty else {
            // The next trip is anchored: the trip must fit the gap before it, as for a trip given by its odometer.
            try refuseOdometerPastNext(vehicleID: vehicleID, after: time, end: end, unit: unit, db)
            return ChainShift()
        }
        let anchor = later.dropFirst(shift.trips.count).first
        if let anchor, (try anchor["start_odometer"] as Double) < lastEnd {
            throw StoreError(
                .refused, operation: "addTrip",
                detail: "the odometer would end at \(format(end)) \(unit.rawValue), moving trip \(lastID) to end at "
                    + "\(format(lastEnd)) \(unit.rawValue), past the start of the next trip \(try anchor["id"] as Int64) "
                    + "at \(format(try anchor["start_odometer"])) \(unit.rawValue), whose odometer is not derived")
        }
        if let reading, (try reading["reading"] as Double) < lastEnd,
            try anchor.map({ (try $0["started_at"] as Double) >= (try reading["read_at"] as Double) }) ?? true
        {
            let at = Timestamp(secondsSince1970: try reading["read_at"]).iso8601
            throw StoreError(
                .refused, operation: "addTrip",
                detail: "the odometer would end at \(format(end)) \(unit.rawValue), moving trip \(lastID) to end at "
                    + "\(format(lastEnd)) \(unit.rawValue), past the reading of \(at) "
                    + "(\(format(try reading["reading"])) \(unit.rawValue))")
        }
        return shift
    }

    /// Moves the trips of `shift` up the odometer chain, each change in the audit history with the reason.
    static func apply(_ shift: ChainShift, backFilled id: Int64, context: inout LogContext, _ db: any SQLSession) throws
    {
        guard shift.by > 0 else { return }
        let actor = "\(context.audit.actor) (back-filled trip \(id))"
        for trip in shift.trips {
            let before = try snapshot(trip: trip, db)
            try db.execute(
                sql:
                    "UPDATE trip SET start_odometer = start_odometer + ?, end_odometer = end_odometer + ? WHERE id = ?",
                arguments: [shift.by, shift.by, trip])
            try context.audit.recordEdits(db, trip: trip, from: before, to: try snapshot(trip: trip, db), actor: actor)
        }
    }
}
