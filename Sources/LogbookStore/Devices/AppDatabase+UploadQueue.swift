public import TrackModel

/// A position a vehicle box keeps until the central server has it (`[upload]`).
public struct QueuedPosition: Sendable, Hashable {
    /// The row id: positions go in this order, and are removed up to the last one the server took.
    public var id: Int64
    public var position: DevicePosition

    public init(id: Int64, position: DevicePosition) {
        self.id = id
        self.position = position
    }
}

extension AppDatabase {
    /// Queues a fix with a position for the central server; a fix time already queued is kept once.
    public func queueUpload(_ fix: Fix) throws {
        guard let time = fix.time, let latitude = fix.latitude, let longitude = fix.longitude,
            latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return }
        try write("queue upload") { db in
            try db.execute(
                sql: """
                    INSERT INTO upload_queue (fixed_at, lat, lon, speed_mps, course_deg, altitude_m, eph_m, hdop)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (fixed_at) DO NOTHING
                    """,
                arguments: [
                    time.secondsSince1970, latitude, longitude, fix.speed.flatMap(Self.finite),
                    fix.track.flatMap(Self.finite), fix.altitudeMSL.flatMap(Self.finite), fix.eph.flatMap(Self.finite),
                    fix.hdop.flatMap(Self.finite),
                ])
        }
    }

    /// The oldest queued positions, at most `limit`.
    public func queuedUploads(limit: Int) throws -> [QueuedPosition] {
        try read("queued uploads") { db in
            try SQLRow.fetchAll(
                db, sql: "SELECT * FROM upload_queue ORDER BY id LIMIT ?", arguments: [limit]
            ).map { row in
                QueuedPosition(
                    id: try row["id"],
                    position: DevicePosition(
                        fixedAt: Timestamp(secondsSince1970: try row["fixed_at"]), latitude: try row["lat"],
                        longitude: try row["lon"], speedMetresPerSecond: try row["speed_mps"],
                        courseDegrees: try row["course_deg"], altitudeMetres: try row["altitude_m"],
                        accuracyMetres: try row["eph_m"], hdop: try row["hdop"]))
            }
        }
    }

    /// Removes the queued positions up to and including `id` (the server has them).
    public func removeUploads(through id: Int64) throws {
        try write("remove uploads") { db in
            try db.execute(sql: "DELETE FROM upload_queue WHERE id <= ?", arguments: [id])
        }
    }

    /// How many positions wait for the server.
    public func queuedUploadCount() throws -> Int {
        try read("queued uploads") { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM upload_queue") ?? 0 }
    }

    private static func finite(_ value: Double) -> Double? { value.isFinite ? value : nil }
}
