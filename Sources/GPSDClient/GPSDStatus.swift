internal import CLibGPS
public import TrackModel

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// A snapshot of a `GPSDClient`'s connection, for status pages and health checks.
public struct GPSDStatus: Sendable, Hashable {
    /// Whether a session with gpsd is open right now.
    public var connected: Bool
    /// UTC time of the last epoch delivered with a position (mode 2D or 3D).
    public var lastFixTime: Timestamp?
    /// When that epoch was delivered, in `GPSDStatus.monotonicNow()` seconds (CLOCK_MONOTONIC: immune to
    /// wall-clock steps, which are common on a vehicle box that sets its clock after boot).
    public var lastFixReceivedAt: Double?
    /// Sessions opened again after the first one (gpsd restarted or the connection broke).
    public var reconnects: Int
    /// Connection attempts so far, successful or not.
    public var connectionAttempts: Int
    /// Why the last attempt or session failed; `nil` once a session is open again.
    public var lastError: String?

    public init(
        connected: Bool = false,
        lastFixTime: Timestamp? = nil,
        lastFixReceivedAt: Double? = nil,
        reconnects: Int = 0,
        connectionAttempts: Int = 0,
        lastError: String? = nil
    ) {
        self.connected = connected
        self.lastFixTime = lastFixTime
        self.lastFixReceivedAt = lastFixReceivedAt
        self.reconnects = reconnects
        self.connectionAttempts = connectionAttempts
        self.lastError = lastError
    }

    /// Seconds since the last positioned epoch was delivered, measured on the monotonic clock.
    public func secondsSinceLastFix(now: Double = GPSDStatus.monotonicNow()) -> Double? {
        lastFixReceivedAt.map { now - $0 }
    }

    /// The monotonic clock (CLOCK_MONOTONIC) in seconds, the clock of `lastFixReceivedAt`.
    public static func monotonicNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
