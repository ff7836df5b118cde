import Foundation
import GRDB
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

    /// Whether a file with this fingerprint has been imported.
    public func hasImported(fingerprint: String) throws -> Bool {
        try read("hasImported") { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM imported_file WHERE fingerprint = ?)",
                arguments: [fingerprint]) ?? false
        }
    }

    /// Stores all trips of one imported file and records the file, in one transaction; trips
    /// already present are skipped. Returns how many trips were added — 0 when a file with this
    /// fingerprint was imported before.
    public func importTrips(_ trips: [Trip], vehicle: Vehicle, fingerprint: String, path: String) throws -> Int {
        let operation = "importTrips"
        let vehicleID = try Self.requireID(vehicle, operation: operation)
        let rows = try trips.map { try PendingTrip($0, operation: operation) }
        let now = clock().secondsSince1970
        let policy = policy
        return try logWrite(operation) { db, context in
            let known =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM imported_file WHERE fingerprint = ?)",
                    arguments: [fingerprint]) ?? false
            if known { return 0 }
            try db.execute(
                sql: """
                    INSERT INTO imported_file (fingerprint, vehicle_id, path, imported_at, trips)
                    VALUES (?, ?, ?, ?, 0)
                    """,
                arguments: [fingerprint, vehicleID, path, now])
            var added = 0
            let rules = try Self.ruleSet(db)
            for row in rows {
                let id = try Self.insertMeasured(
                    row, vehicleID: vehicleID, source: .gps, importKey: fingerprint, rules: rules, policy: policy,
                    context: &context, db)
                if id != nil { added += 1 }
            }
            try db.execute(
                sql: "UPDATE imported_file SET trips = ? WHERE fingerprint = ?", arguments: [added, fingerprint])
            return added
        }
    }

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
        policy: LogPolicy, context: inout LogContext, _ db: Database
    ) throws -> Int64? {
        let trip = row.trip
        let vehicle = try Row.fetchOne(db, sql: "SELECT * FROM vehicle WHERE id = ?", arguments: [vehicleID])
        let unit = OdometerUnit(rawValue: vehicle?["odometer_unit"] ?? "km") ?? .km
        var startOdometer: Double?
        var endOdometer: Double?
        if let before = try odometer(
            before: trip.start, vehicleID: vehicleID, initial: vehicle?["initial_odometer"], db)
        {
            let factor = policy.applyOdometerCalibration ? try calibrationFactor(vehicleID: vehicleID, db) ?? 1 : 1
            startOdometer = before.value
            endOdometer = before.value + trip.distance * factor / unit.metres
        }
        let facts = TripFacts(
            start: trip.start, utcOffsetSeconds: policy.utcOffset(trip.start), startCoordinate: trip.startCoordinate,
            endCoordinate: trip.endCoordinate, vehiclePlate: vehicle?["plate"])
        let classification = rules.classify(facts)
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO trip (
                    vehicle_id, driver_id, started_at, ended_at, distance_m, idle_s, idle_periods, max_speed_mps,
                    start_lat, start_lon, end_lat, end_lon, fixes_used, source, import_key, created_at,
                    start_odometer, end_odometer, category, category_origin, purpose)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (vehicle_id, started_at) WHERE voided_at IS NULL DO NOTHING
                """)
        try statement.execute(arguments: [
            vehicleID, vehicle?["driver_id"] as Int64?, trip.start.secondsSince1970, trip.end.secondsSince1970,
            trip.distance, trip.idleSeconds, trip.idlePeriods, trip.maximumSpeed, trip.startCoordinate.latitude,
            trip.startCoordinate.longitude, trip.endCoordinate.latitude, trip.endCoordinate.longitude, trip.fixesUsed,
            source.rawValue, importKey, context.now.secondsSince1970, startOdometer, endOdometer,
            classification?.category.rawValue, classification.map { _ in CategoryOrigin.rule.rawValue },
            classification?.purpose,
        ])
        guard db.changesCount == 1 else { return nil }
        let id = db.lastInsertedRowID
        if let points = row.points {
            try db.cachedStatement(sql: "INSERT INTO trip_track (trip_id, point_count, points) VALUES (?, ?, ?)")
                .execute(arguments: [id, trip.track.count, points])
        }
        try context.audit.recordCreation(db, trip: id)
        return id
    }
}
