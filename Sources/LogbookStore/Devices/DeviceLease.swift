import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A server's right to run one device's engine: held by `holder` until `expiresAt` (the log's clock). `epoch` grows
/// each time another server takes the lease over, so a server knows whether the engine it keeps in memory is still
/// the one the log has (same epoch) or must be loaded again (another server ran it meanwhile); and a commit of
/// trips carries the lease, so that a server which lost it (stalled past its expiry) cannot store stale trips.
public struct DeviceLease: Sendable, Hashable {
    public var deviceID: Int64
    public var holder: String
    public var epoch: Int64
    public var expiresAt: Double

    public init(deviceID: Int64, holder: String, epoch: Int64, expiresAt: Double) {
        self.deviceID = deviceID
        self.holder = holder
        self.epoch = epoch
        self.expiresAt = expiresAt
    }
}

/// The name of this process among the servers on one log (in leases and claims): host, process id and a random
/// part (a process id comes again after a restart).
public enum ProcessName {
    public static let current: String = {
        let random = UUID().uuidString.prefix(8).lowercased()
        return "\(host):\(ProcessInfo.processInfo.processIdentifier):\(random)"
    }()

    static let host = String(ProcessInfo.processInfo.hostName.prefix(64))

    /// Whether `name` is a process of this host that has stopped: its claims are given up at once instead of when
    /// they run out (`logbook hours sync` run again after a crash does not wait). Names of other hosts, or not of
    /// this form, are never taken for gone.
    public static func isGone(_ name: String) -> Bool {
        guard name != current else { return false }
        let parts = name.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts.dropLast(2).joined(separator: ":") == host,
            let pid = Int32(parts[parts.count - 2]), pid > 0
        else { return false }
        // Our own process id under another name: that process is gone and the id was given to us.
        if pid == ProcessInfo.processInfo.processIdentifier { return true }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}

/// Device engine leases: one server at a time runs a device's engine.
public protocol DeviceLeaseStore: Sendable {
    /// Takes or renews the lease of `deviceID` for `holder` until `now + duration` (`now`: the server's clock, in
    /// seconds since 1970): renewed when `holder` has it (the epoch stays), taken over when it is free or has
    /// expired (the epoch grows), `nil` while another holder's lease runs.
    func acquireDeviceLease(deviceID: Int64, holder: String, now: Double, duration: Double) throws -> DeviceLease?
    /// Gives the lease up (a server shutting down), so that another server need not wait for it to expire.
    func releaseDeviceLease(deviceID: Int64, holder: String) throws
    /// The lease as the log has it.
    func deviceLease(deviceID: Int64) throws -> DeviceLease?
}

/// The refusal a commit gets when its lease is no longer the device's: another server runs the engine now.
public enum DeviceLeaseRules {
    public static let lostRule = "device_lease_lost"

    /// One statement takes, renews or refuses a lease, the same on SQLite and PostgreSQL: the row is written only
    /// when `holder` has it or it has expired, and comes back only then. Values: device, holder, expiry, now.
    public static let acquireSQL = """
        INSERT INTO device_lease (device_id, holder, epoch, expires_at) VALUES (?, ?, 1, ?)
        ON CONFLICT (device_id) DO UPDATE SET
            epoch = device_lease.epoch + CASE WHEN device_lease.holder = excluded.holder THEN 0 ELSE 1 END,
            holder = excluded.holder,
            expires_at = excluded.expires_at
        WHERE device_lease.holder = excluded.holder OR device_lease.expires_at <= ?
        RETURNING holder, epoch, expires_at
        """

    public static func lost(operation: String) -> StoreError {
        StoreError(
            .refused, operation: operation,
            detail: "another server runs this device's engine now; its trips are stored there", rule: lostRule)
    }
}
