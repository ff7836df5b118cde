public import LogbookStore

/// `DeviceLeaseStore` on PostgreSQL: the same single statement as on SQLite, so that two servers asking at once
/// meet on the row (one writes it, the other's condition then fails and it gets nothing).
public struct PostgresDeviceLeaseStore: DeviceLeaseStore {
    let pool: PostgresPool

    public init(pool: PostgresPool) { self.pool = pool }

    public func acquireDeviceLease(deviceID: Int64, holder: String, now: Double, duration: Double) throws
        -> DeviceLease?
    {
        try pool.write("acquireDeviceLease") { session in
            try session.row(
                DeviceLeaseRules.acquireSQL, [.int(deviceID), .text(holder), .double(now + duration), .double(now)]
            ).map {
                DeviceLease(
                    deviceID: deviceID, holder: try $0.text("holder"), epoch: try $0.int("epoch"),
                    expiresAt: try $0.double("expires_at"))
            }
        }
    }

    public func releaseDeviceLease(deviceID: Int64, holder: String) throws {
        try pool.write("releaseDeviceLease") { session in
            try session.execute(
                "UPDATE device_lease SET expires_at = 0 WHERE device_id = ? AND holder = ?",
                [.int(deviceID), .text(holder)])
        }
    }

    public func deviceLease(deviceID: Int64) throws -> DeviceLease? {
        try pool.read("deviceLease") { session in
            try session.row(
                "SELECT holder, epoch, expires_at FROM device_lease WHERE device_id = ?", [.int(deviceID)]
            ).map {
                DeviceLease(
                    deviceID: deviceID, holder: try $0.text("holder"), epoch: try $0.int("epoch"),
                    expiresAt: try $0.double("expires_at"))
            }
        }
    }
}
