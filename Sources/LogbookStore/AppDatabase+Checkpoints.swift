import Foundation

extension AppDatabase {
    /// Saves (or replaces) a vehicle's engine checkpoint.
    public func saveCheckpoint(_ checkpoint: EngineCheckpoint) throws {
        try write("saveCheckpoint") { db in try Self.save(checkpoint, db) }
    }

    /// The vehicle's last checkpoint, if any.
    public func checkpoint(vehicle: Vehicle) throws -> EngineCheckpoint? {
        let id = try Self.requireID(vehicle, operation: "checkpoint")
        return try read("checkpoint") { db in
            guard
                let row = try SQLRow.fetchOne(
                    db, sql: "SELECT * FROM engine_checkpoint WHERE vehicle_id = ?", arguments: [id])
            else { return nil }
            return EngineCheckpoint(
                vehicleID: try row["vehicle_id"], savedAt: try row["saved_at"], lastFixTime: try row["last_fix_time"],
                state: try row["state"])
        }
    }

    /// Removes the vehicle's checkpoint (e.g. after the engine was finished cleanly).
    public func deleteCheckpoint(vehicle: Vehicle) throws {
        let id = try Self.requireID(vehicle, operation: "deleteCheckpoint")
        try write("deleteCheckpoint") { db in
            try db.execute(sql: "DELETE FROM engine_checkpoint WHERE vehicle_id = ?", arguments: [id])
        }
    }

    static func save(_ checkpoint: EngineCheckpoint, _ db: any SQLSession) throws {
        try db.execute(
            sql: """
                INSERT INTO engine_checkpoint (vehicle_id, saved_at, last_fix_time, state) VALUES (?, ?, ?, ?)
                ON CONFLICT (vehicle_id) DO UPDATE SET
                    saved_at = excluded.saved_at, last_fix_time = excluded.last_fix_time, state = excluded.state
                """,
            arguments: [checkpoint.vehicleID, checkpoint.savedAt, checkpoint.lastFixTime, checkpoint.state])
    }
}
