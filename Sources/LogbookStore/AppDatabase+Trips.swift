import Foundation
import GRDB
public import TripEngine
import TrackModel

extension AppDatabase {
    /// Stores a finished trip (and its track) in ONE transaction, together with the checkpoint that
    /// follows it (if given), so a crash never loses or duplicates a trip. Returns nil when the trip
    /// was already stored (same vehicle and start); the checkpoint is saved either way.
    ///
    /// The returned trip's track is the stored one (rounded to `TrackEncoding`'s resolution).
    @discardableResult
    public func insertTrip(
        _ trip: Trip, vehicle: Vehicle, source: TripSource, checkpoint: EngineCheckpoint? = nil
    ) throws -> StoredTrip? {
        let operation = "insertTrip"
        let vehicleID = try Self.requireID(vehicle, operation: operation)
        let row = try PendingTrip(trip, operation: operation)
        let now = clock().secondsSince1970
        let id = try write(operation) { db in
            let id = try Self.insert(row, vehicleID: vehicleID, source: source, importKey: nil, createdAt: now, db)
            if let checkpoint { try Self.save(checkpoint, db) }
            return id
        }
        return id.map { StoredTrip(id: $0, vehicle: vehicle.plate, trip: row.stored, source: source) }
    }

    /// The stored trips, of one vehicle (by plate) or of all, ordered by start. With
    /// `includeTracks: false` the trips come without their tracks (much faster for listings).
    public func trips(vehicle: String? = nil, includeTracks: Bool = true) throws -> [StoredTrip] {
        let plate = vehicle?.trimmingCharacters(in: .whitespacesAndNewlines)
        return try read("trips") { db in
            let trackColumn = includeTracks ? "trip_track.points" : "NULL"
            var sql = """
                SELECT trip.*, vehicle.plate, \(trackColumn) AS track
                FROM trip
                JOIN vehicle ON vehicle.id = trip.vehicle_id
                LEFT JOIN trip_track ON trip_track.trip_id = trip.id
                """
            var arguments = StatementArguments()
            if let plate {
                sql += " WHERE vehicle.plate = ?"
                arguments += [plate]
            }
            sql += " ORDER BY trip.started_at, trip.vehicle_id"
            let cursor = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            var trips: [StoredTrip] = []
            while let row = try cursor.next() {
                trips.append(try Self.storedTrip(row))
            }
            return trips
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
        return try write(operation) { db in
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
            for row in rows {
                let id = try Self.insert(
                    row, vehicleID: vehicleID, source: .import, importKey: fingerprint, createdAt: now, db)
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

    /// Inserts a trip and its track unless the vehicle already has a trip with this start;
    /// returns the new id, or nil. Only that uniqueness is forgiven: a CHECK failure still throws.
    static func insert(
        _ row: PendingTrip, vehicleID: Int64, source: TripSource, importKey: String?, createdAt: Double,
        _ db: Database
    ) throws -> Int64? {
        let trip = row.trip
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO trip (
                    vehicle_id, started_at, ended_at, distance_m, idle_s, idle_periods, max_speed_mps,
                    start_lat, start_lon, end_lat, end_lon, fixes_used, source, import_key, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (vehicle_id, started_at) DO NOTHING
                """)
        try statement.execute(arguments: [
            vehicleID, trip.start.secondsSince1970, trip.end.secondsSince1970, trip.distance, trip.idleSeconds,
            trip.idlePeriods, trip.maximumSpeed, trip.startCoordinate.latitude, trip.startCoordinate.longitude,
            trip.endCoordinate.latitude, trip.endCoordinate.longitude, trip.fixesUsed, source.rawValue, importKey,
            createdAt,
        ])
        guard db.changesCount == 1 else { return nil }
        let id = db.lastInsertedRowID
        if let points = row.points {
            try db.cachedStatement(sql: "INSERT INTO trip_track (trip_id, point_count, points) VALUES (?, ?, ?)")
                .execute(arguments: [id, trip.track.count, points])
        }
        return id
    }

    static func storedTrip(_ row: Row) throws -> StoredTrip {
        let sourceText: String = row["source"]
        guard let source = TripSource(rawValue: sourceText) else {
            throw StoreError(.invalidData, operation: "trips", detail: "unknown trip source")
        }
        var track: [TrackPoint] = []
        if let points: Data = row["track"] {
            do {
                track = try TrackEncoding.decode([UInt8](points))
            } catch {
                throw StoreError(.invalidData, operation: "trips", detail: "\(error) (trip \(row["id"] as Int64))")
            }
        }
        let trip = Trip(
            start: Timestamp(secondsSince1970: row["started_at"]),
            end: Timestamp(secondsSince1970: row["ended_at"]),
            distance: row["distance_m"],
            idleSeconds: row["idle_s"],
            idlePeriods: row["idle_periods"],
            maximumSpeed: row["max_speed_mps"],
            startCoordinate: Coordinate(latitude: row["start_lat"], longitude: row["start_lon"]),
            endCoordinate: Coordinate(latitude: row["end_lat"], longitude: row["end_lon"]),
            fixesUsed: row["fixes_used"],
            track: track)
        return StoredTrip(id: row["id"], vehicle: row["plate"], trip: trip, source: source)
    }
}
