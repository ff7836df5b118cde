extension AppDatabase {
    /// Deletes the devices' positions fixed before `before` (seconds since 1970), each device's count of stored
    /// positions going down by what it lost; returns how many went. `[database] position_retention_days` on SQLite:
    /// PostgreSQL drops whole months instead (`logbook_drop_positions`).
    @discardableResult
    public func deletePositions(before: Double) throws -> Int {
        try write("delete positions") { db in
            try db.execute(
                sql: """
                    UPDATE device SET position_count = \(db.dialect.greatest("0", "position_count - (SELECT count(*) FROM device_position WHERE device_id = device.id AND fixed_at < ?)"))
                    """, arguments: [before])
            return try db.executeCounting(sql: "DELETE FROM device_position WHERE fixed_at < ?", arguments: [before])
        }
    }
}
