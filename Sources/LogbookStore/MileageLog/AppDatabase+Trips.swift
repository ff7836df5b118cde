import Foundation
import MileageLog
import TrackModel
public import TripEngine

extension AppDatabase {
    /// Stores a finished trip (and its track) in ONE transaction, together with the checkpoint that
    /// follows it (if given), so a crash never loses or duplicates a trip. Returns nil when the trip
    /// was already stored (same vehicle and start); the checkpoint is saved either way.
    ///
    /// The trip gets the vehicle's driver, the odometer after the previous trip advanced by its distance, and a
    /// category from the first matching classification rule; its creation is recorded in the audit history.
    /// The returned trip's track is the stored one (rounded to `TrackEncoding`'s resolution).
    @discardableResult
    public func insertTrip(
        _ trip: Trip, vehicle: Vehicle, source: TripSource = .gps, checkpoint: EngineCheckpoint? = nil
    ) throws -> StoredTrip? {
        let operation = "insertTrip"
        let vehicleID = try Self.requireID(vehicle, operation: operation)
        let row = try PendingTrip(trip, operation: operation)
        let policy = policy
        return try logWrite(operation) { db, context in
            let id = try Self.insertMeasured(
                row, vehicleID: vehicleID, source: source, importKey: nil, rules: try Self.ruleSet(db), policy: policy,
                context: &context, db)
            if let checkpoint { try Self.save(checkpoint, db) }
            return try id.map { try Self.fetchTrip($0, includeTrack: true, now: context.now, policy: policy, db) }
        }
    }

    /// Whether a file with this fingerprint has been imported (to any vehicle).
    public func hasImported(fingerprint: String) throws -> Bool {
        try read("hasImported") { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM imported_file WHERE fingerprint = ?)",
                arguments: [fingerprint]) ?? false
        }
    }

    /// Whether a file with this fingerprint has been imported to this vehicle: the duplicate-file check is per
    /// vehicle, so a file imported to the wrong one can still go to the right one.
    public func hasImported(fingerprint: String, vehicle: Vehicle) throws -> Bool {
        let vehicleID = try Self.requireID(vehicle, operation: "hasImported")
        return try read("hasImported") { db in
            try Self.isImported(fingerprint: fingerprint, vehicleID: vehicleID, db)
        }
    }

    static func isImported(fingerprint: String, vehicleID: Int64, _ db: any SQLSession) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM vehicle_import WHERE fingerprint = ? AND vehicle_id = ?)",
            arguments: [fingerprint, vehicleID]) ?? false
    }

    /// Stores all trips of one imported file and records the file, in one transaction. Returns how many trips
    /// were added — 0 when this file was imported to this vehicle before. See `importFile` for what is skipped.
    public func importTrips(_ trips: [Trip], vehicle: Vehicle, fingerprint: String, path: String) throws -> Int {
        try importFile(trips, vehicle: vehicle, fingerprint: fingerprint, path: path).added
    }

    /// Stores the trips of one imported file, in one transaction, without ever making two trips of the vehicle
    /// overlap:
    /// - a trip whose start and end lie within a minute of a trip already in the log (or of an imported trip kept
    ///   aside or resolved before) is the same drive, from another file or format, and is skipped;
    /// - a trip that overlaps a trip of the log otherwise is kept aside as a conflict (`conflicts`) for someone
    ///   to resolve (`resolveConflict`);
    /// - the rest is added.
    /// Nothing is stored when this file (same SHA-256) was imported to this vehicle before.
    public func importFile(_ trips: [Trip], vehicle: Vehicle, fingerprint: String, path: String) throws
        -> ImportOutcome
    {
        let operation = "importTrips"
        let vehicleID = try Self.requireID(vehicle, operation: operation)
        let rows = try trips.map { try PendingTrip($0, operation: operation) }
        let now = clock().secondsSince1970
        let policy = policy
        return try logWrite(operation) { db, context in
            var outcome = ImportOutcome()
            if try Self.isImported(fingerprint: fingerprint, vehicleID: vehicleID, db) {
                outcome.alreadyImported = true
                return outcome
            }
            try db.execute(
                sql: """
                    INSERT INTO imported_file (fingerprint, vehicle_id, path, imported_at, trips)
                    VALUES (?, ?, ?, ?, 0) ON CONFLICT (fingerprint) DO NOTHING
                    """,
                arguments: [fingerprint, vehicleID, path, now])
            let rules = try Self.ruleSet(db)
            for row in rows {
                if try Self.sameDrive(row.trip, vehicleID: vehicleID, db) {
                    outcome.duplicates += 1
                    continue
                }
                if let existing = try Self.overlapping(
                    vehicleID: vehicleID, start: row.trip.start, end: row.trip.end, excluding: [], db
                ).first {
                    outcome.conflicts.append(
                        try Self.keepAside(
                            row, vehicleID: vehicleID, existing: existing, importKey: fingerprint, now: now, db))
                    continue
                }
                let id = try Self.insertMeasured(
                    row, vehicleID: vehicleID, source: .gps, importKey: fingerprint, rules: rules, policy: policy,
                    context: &context, db)
                if id != nil { outcome.added += 1 } else { outcome.duplicates += 1 }
            }
            try db.execute(
                sql: """
                    INSERT INTO vehicle_import (fingerprint, vehicle_id, path, imported_at, trips, conflicts)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [fingerprint, vehicleID, path, now, outcome.added, outcome.conflicts.count])
            try db.execute(
                sql: "UPDATE imported_file SET trips = ? WHERE fingerprint = ? AND vehicle_id = ?",
                arguments: [outcome.added, fingerprint, vehicleID])
            return outcome
        }
    }

    /// Whether the vehicle has this drive already: a live trip, or an imported trip kept aside or resolved, whose
    /// start and end both lie within `sameDriveTolerance` of the trip's.
    static func sameDrive(_ trip: Trip, vehicleID: Int64, _ db: any SQLSession) throws -> Bool {
        // Plain `?`s (PostgreSQL has no `?NNN`), the values repeated for the second look-up.
        let values: [any SQLBindable] = [
            vehicleID, trip.start.secondsSince1970, sameDriveTolerance, trip.end.secondsSince1970, sameDriveTolerance,
        ]
        return try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (
                    SELECT 1 FROM trip WHERE vehicle_id = ? AND voided_at IS NULL
                    AND abs(started_at - ?) <= ? AND abs(ended_at - ?) <= ?
                ) OR EXISTS (
                    SELECT 1 FROM trip_conflict WHERE vehicle_id = ?
                    AND abs(started_at - ?) <= ? AND abs(ended_at - ?) <= ?
                )
                """, arguments: SQLArguments(values + values)) ?? false
    }

    /// Two recordings of one drive: start and end within a minute of each other.
    static let sameDriveTolerance = 60.0

    // MARK: Rows

    /// A trip with its track already encoded (outside the transaction).
    struct PendingTrip {
        var trip: Trip
        var points: Data?
        /// The trip as it reads back.
        var stored: Trip

        init(_ trip: Trip, operation: String) throws {
            self.trip = trip
            stored = trip
            guard !trip.track.isEmpty else { return }
            do {
                let bytes = try TrackEncoding.encode(trip.track)
                points = Data(bytes)
                stored.track = try TrackEncoding.decode(bytes)
            } catch {
                throw StoreError.wrap(error, operation: operation)
            }
        }
    }

    /// Inserts a measured trip and its track unless the vehicle already has a trip with this start (voided
    /// ones aside); returns the new id, or nil. Only that uniqueness is forgiven: a CHECK failure still throws.
    static func insertMeasured(
        _ row: PendingTrip, vehicleID: Int64, source: TripSource, importKey: String?, rules: RuleSet,
        policy: LogPolicy, context: inout LogContext, _ db: any SQLSession, voidReason: String? = nil
    ) throws -> Int64? {
        let trip = row.trip
        let vehicle = try SQLRow.fetchOne(db, sql: "SELECT * FROM vehicle WHERE id = ?", arguments: [vehicleID])
        let unitName: String? = try vehicle?.value("odometer_unit")
        let unit = OdometerUnit(rawValue: unitName ?? "km") ?? .km
        let initialOdometer: Double? = try vehicle?.value("initial_odometer")
        let plate: String? = try vehicle?.value("plate")
        let driverID: Int64? = try vehicle?.value("driver_id")
        var startOdometer: Double?
        var endOdometer: Double?
        if voidReason == nil,
            let before = try odometer(before: trip.start, vehicleID: vehicleID, initial: initialOdometer, db)
        {
            let factor = policy.applyOdometerCalibration ? try calibrationFactor(vehicleID: vehicleID, db) ?? 1 : 1
            startOdometer = before.value
            endOdometer = before.value + trip.distance * factor / unit.metres
        }
        let facts = TripFacts(
            start: trip.start, utcOffsetSeconds: policy.utcOffset(trip.start), startCoordinate: trip.startCoordinate,
            endCoordinate: trip.endCoordinate, vehiclePlate: plate)
        let classification = rules.classify(facts)
        // Returns no row when the vehicle already has a trip with this start.
        let inserted = try Int64.fetchOne(
            db,
            sql: """
                INSERT INTO trip (
                    vehicle_id, driver_id, started_at, ended_at, distance_m, idle_s, idle_periods, max_speed_mps,
                    start_lat, start_lon, end_lat, end_lon, fixes_used, source, import_key, created_at,
                    start_odometer, end_odometer, category, category_origin, purpose, voided_at, void_reason,
                    estimated)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (vehicle_id, started_at) WHERE voided_at IS NULL DO NOTHING
                RETURNING id
                """,
            arguments: [
                vehicleID, driverID, trip.start.secondsSince1970, trip.end.secondsSince1970, trip.distance,
                trip.idleSeconds, trip.idlePeriods, trip.maximumSpeed, trip.startCoordinate.latitude,
                trip.startCoordinate.longitude, trip.endCoordinate.latitude, trip.endCoordinate.longitude,
                trip.fixesUsed, source.rawValue, importKey, context.now.secondsSince1970, startOdometer, endOdometer,
                classification?.category.rawValue, classification.map { _ in CategoryOrigin.rule.rawValue },
                classification?.purpose, voidReason.map { _ in context.now.secondsSince1970 }, voidReason,
                trip.estimated.column,
            ])
        guard let id = inserted else { return nil }
        if let points = row.points {
            try db.execute(
                sql: "INSERT INTO trip_track (trip_id, point_count, points) VALUES (?, ?, ?)",
                arguments: [id, trip.track.count, points])
        }
        if let voidReason {
            // Entered void: its creation, then the void with its reason, as two entries of its history.
            var snapshot = try snapshot(trip: id, db)
            snapshot["void_reason"] = nil
            try context.audit.record(db, trip: id, action: .create, new: AuditSnapshot.encode(snapshot))
            try context.audit.record(db, trip: id, action: .void, field: "void_reason", new: voidReason)
        } else {
            try context.audit.recordCreation(db, trip: id)
        }
        return id
    }
}
