extension AppDatabase: DeviceLeaseStore {
    public func acquireDeviceLease(deviceID: Int64, holder: String, now: Double, duration: Double) throws
        -> DeviceLease?
    {
        try write("acquireDeviceLease") { db in
            try Self.acquireLease(deviceID: deviceID, holder: holder, now: now, duration: duration, db)
        }
    }

    public func releaseDeviceLease(deviceID: Int64, holder: String) throws {
        try write("releaseDeviceLease") { db in
            // Released by expiring it now: the epoch stays, so the next holder's take-over is counted.
            try db.execute(
                sql: "UPDATE device_lease SET expires_at = ? WHERE device_id = ? AND holder = ?",
                arguments: [0.0, deviceID, holder])
        }
    }

    public func deviceLease(deviceID: Int64) throws -> DeviceLease? {
        try read("deviceLease") { db in try Self.lease(deviceID, db) }
    }

    static func acquireLease(
        deviceID: Int64, holder: String, now: Double, duration: Double, _ db: any SQLSession
    ) throws -> DeviceLease? {
        try SQLRow.fetchOne(db, sql: DeviceLeaseRules.acquireSQL, arguments: [deviceID, holder, now + duration, now])
            .map { try DeviceLease(deviceID: deviceID, row: $0) }
    }

    static func lease(_ deviceID: Int64, _ db: any SQLSession) throws -> DeviceLease? {
        try SQLRow.fetchOne(
            db, sql: "SELECT holder, epoch, expires_at FROM device_lease WHERE device_id = ?", arguments: [deviceID]
        ).map { try DeviceLease(deviceID: deviceID, row: $0) }
    }

    /// Inside a commit: the lease the commit was made under must still be the device's.
    static func requireLease(_ lease: DeviceLease, operation: String, _ db: any SQLSession) throws {
        guard let current = try Self.lease(lease.deviceID, db), current.holder == lease.holder,
            current.epoch == lease.epoch
        else { throw DeviceLeaseRules.lost(operation: operation) }
    }
}

extension DeviceLease {
    /// A lease from a row with its `holder`, `epoch` and `expires_at`.
    init(deviceID: Int64, row: SQLRow) throws {
        self.init(
            deviceID: deviceID, holder: try row["holder"], epoch: try row["epoch"], expiresAt: try row["expires_at"])
    }
}
