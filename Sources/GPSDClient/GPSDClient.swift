internal import CLibGPS
internal import Foundation
public import Logging
internal import Synchronization
internal import TrackFormats
public import TrackModel

#if canImport(Glibc)
    internal import Glibc
#endif

/// Live fixes from gpsd, read through libgps (gpsd's own client library).
///
/// `fixes()` opens a session on a dedicated thread (libgps blocks; Swift's cooperative pool never
/// waits on it), asks gpsd for JSON reports (`WATCH_ENABLE | WATCH_JSON`) and yields every epoch once,
/// its reports merged by `GPSDEpochAssembler` — the same rules by which `logbook replay` reads a
/// `gpspipe -w` recording, so live and recorded drives give the same fixes. When gpsd is down or goes away the client
/// tries again after 0.5 s, doubling the wait up to `maximumBackoff`; the stream only ends when its
/// consumer is cancelled, which closes the session within about a quarter of a second (unless libgps
/// is still inside a blocking connect to an unreachable host).
///
/// Logging: `gpsd.endpoint` on every message; coordinates only at debug level.
public final class GPSDClient: Sendable {
    public let endpoint: GPSDEndpoint
    public let maximumBackoff: Double
    /// The device whose reports are used (`nil`: the first one gpsd reports).
    public let device: String?
    private let logger: Logger
    private let state = Mutex(GPSDStatus())

    /// The first wait before trying again, in seconds.
    static let initialBackoff = 0.5
    /// Longest time libgps waits for data before the reader looks at cancellation and quiet epochs.
    static let pollInterval = 0.25

    public init(endpoint: GPSDEndpoint, logger: Logger, maximumBackoff: Double = 30, device: String? = nil) {
        self.endpoint = endpoint
        self.device = device
        self.maximumBackoff = max(maximumBackoff, Self.initialBackoff)
        var logger = logger
        logger[metadataKey: "gpsd.endpoint"] = "\(endpoint)"
        self.logger = logger
    }

    /// A thread-safe snapshot of the connection.
    public var status: GPSDStatus { state.withLock { $0 } }

    /// Fixes as they arrive, each epoch once (epochs without a time are left out: gpsd has no date yet).
    ///
    /// Each call opens its own session with gpsd on its own thread; all sessions share `status`.
    /// The stream keeps up to 65 536 fixes for a slow consumer, then drops the oldest.
    public func fixes() -> AsyncStream<Fix> {
        let (stream, continuation) = AsyncStream.makeStream(of: Fix.self, bufferingPolicy: .bufferingNewest(65_536))
        let cancellation = CancellationFlag()
        continuation.onTermination = { _ in cancellation.cancel() }
        let thread = Thread { [self] in
            self.run(continuation, cancellation)
            continuation.finish()
        }
        thread.name = "gpsd \(endpoint)"
        thread.start()
        return stream
    }

    // MARK: - The reader thread

    private func run(_ continuation: AsyncStream<Fix>.Continuation, _ cancellation: CancellationFlag) {
        var backoff = Self.initialBackoff
        var sessions = 0
        var failuresInARow = 0
        var lastMode: FixMode?
        var epochs = GPSDEpochAssembler(device: device)  // one per stream: no epoch twice across sessions
        while !cancellation.isCancelled {
            state.withLock { $0.connectionAttempts += 1 }
            switch open() {
            case .failure(let error):
                state.withLock {
                    $0.connected = false
                    $0.lastError = error.message
                }
                failuresInARow += 1
                var log = logger
                log[metadataKey: "gpsd.error"] = "\(error.message)"
                log[metadataKey: "gpsd.retry_in"] = "\(backoff)"
                log.log(level: failuresInARow == 1 ? .warning : .debug, "Cannot connect to gpsd; will retry")
            case .success(let data):
                sessions += 1
                failuresInARow = 0
                backoff = Self.initialBackoff
                state.withLock {
                    $0.connected = true
                    $0.lastError = nil
                    if sessions > 1 { $0.reconnects += 1 }
                }
                logger.info("Connected to gpsd", metadata: ["gpsd.sessions": "\(sessions)"])
                epochs.sessionStarted()
                let ending = read(data, continuation, cancellation, &epochs, &lastMode)
                gps_close(data)
                logbook_gps_data_free(data)
                state.withLock {
                    $0.connected = false
                    if case .failed(let message) = ending { $0.lastError = message }
                }
                guard case .failed(let message) = ending else { break }
                logger.warning(
                    "Connection to gpsd lost; will reconnect",
                    metadata: ["gpsd.error": "\(message)", "gpsd.retry_in": "\(backoff)"])
            }
            if cancellation.isCancelled { break }
            cancellation.sleep(seconds: backoff)
            backoff = min(backoff * 2, maximumBackoff)
        }
        logger.debug("gpsd reader stopped")
    }

    private struct OpenError: Error { var message: String }

    /// Opens a session and asks for JSON reports.
    private func open() -> Result<UnsafeMutablePointer<gps_data_t>, OpenError> {
        guard let data = logbook_gps_data_alloc() else { return .failure(OpenError(message: "out of memory")) }
        let code = logbook_gps_open(endpoint.host, String(endpoint.port), data)
        guard code == 0 else {
            logbook_gps_data_free(data)
            return .failure(OpenError(message: Self.describe(code)))
        }
        guard gps_stream(data, logbook_gps_watch_json(), nil) == 0 else {
            let message = "cannot start the watch: \(Self.describe(errno))"
            gps_close(data)
            logbook_gps_data_free(data)
            return .failure(OpenError(message: message))
        }
        return .success(data)
    }

    private enum SessionEnding { case cancelled, failed(String) }

    /// Reads reports until cancelled or the connection fails; every epoch read is handed on.
    private func read(
        _ data: UnsafeMutablePointer<gps_data_t>,
        _ continuation: AsyncStream<Fix>.Continuation,
        _ cancellation: CancellationFlag,
        _ epochs: inout GPSDEpochAssembler,
        _ lastMode: inout FixMode?
    ) -> SessionEnding {
        let countsAtStart = epochs.counts
        func deliverReady() {
            // An untimed report is no epoch: gpsd has no date yet.
            while let fix = epochs.next() { if fix.time != nil { deliver(fix) } }
        }
        func deliver(_ fix: Fix) {
            if fix.mode != lastMode {
                logger.info("GPS fix mode changed", metadata: ["gps.mode": "\(Self.name(fix.mode))"])
                lastMode = fix.mode
            }
            if fix.hasPosition {
                let now = GPSDStatus.monotonicNow()
                state.withLock {
                    $0.lastFixTime = fix.time
                    $0.lastFixReceivedAt = now
                }
            }
            if logger.logLevel <= .debug {
                logger.debug(
                    "Fix",
                    metadata: [
                        "gps.time": "\(fix.time.map(\.iso8601) ?? "-")", "gps.mode": "\(Self.name(fix.mode))",
                        "gps.lat": "\(fix.latitude.map { "\($0)" } ?? "-")",
                        "gps.lon": "\(fix.longitude.map { "\($0)" } ?? "-")",
                    ])
            }
            if case .dropped = continuation.yield(fix) {
                logger.warning("Fix consumer too slow; dropped the oldest buffered fix")
            }
        }
        defer {
            epochs.flush()
            deliverReady()
            let counts = epochs.counts
            logger.debug(
                "gpsd session statistics",
                metadata: [
                    "gpsd.merged_reports": "\(counts.mergedReports - countsAtStart.mergedReports)",
                    "gpsd.late_reports": "\(counts.lateReports - countsAtStart.lateReports)",
                    "gpsd.untimed_reports": "\(counts.untimedReports - countsAtStart.untimedReports)",
                    "gpsd.other_device_reports": "\(counts.otherDeviceReports - countsAtStart.otherDeviceReports)",
                    "gpsd.devices": "\(epochs.devicesSeen.joined(separator: ","))",
                ])
        }
        while !cancellation.isCancelled {
            let now = GPSDStatus.monotonicNow()
            epochs.flush(ifQuietAt: now)
            deliverReady()
            var wait = Self.pollInterval
            if let deadline = epochs.deadline { wait = min(wait, max(0.005, deadline - now)) }
            errno = 0
            guard gps_waiting(data, Int32(wait * 1_000_000)) else {
                // false on a timeout (errno 0) and on a failed select (errno set).
                if errno != 0 && errno != EINTR { return .failed(Self.describe(errno)) }
                continue
            }
            logbook_gps_clear_set(data)
            errno = 0
            let count = gps_read(data, nil, 0)
            if count < 0 {
                let detail = errno == 0 ? "gpsd closed the connection" : Self.describe(errno)
                return .failed(detail)
            }
            if count == 0 { continue }
            if logbook_gps_read_tpv(data) {
                let key = logbook_gps_fix_time_ms(data)
                let fix = Fix(gpsData: data, timeMilliseconds: key > 0 ? key : nil)
                epochs.tpv(fix, device: Self.reportDevice(data), at: GPSDStatus.monotonicNow())
                deliverReady()
            } else if logbook_gps_read_sky(data) {
                let key = logbook_gps_sky_time_ms(data)
                epochs.sky(
                    GPSDEpochAssembler.Sky(gpsData: data),
                    time: key > 0 ? Timestamp(secondsSince1970: Double(key) / 1_000) : nil,
                    device: Self.reportDevice(data))
            } else if logbook_gps_read_device(data) {
                let driver = String(cString: logbook_gps_dev_driver(data))
                epochs.deviceReport(
                    path: String(cString: logbook_gps_dev_path(data)), driver: driver,
                    deactivated: logbook_gps_dev_deactivated(data))
                if !driver.isEmpty { logger.info("gpsd device", metadata: ["gpsd.driver": "\(driver)"]) }
            } else if logbook_gps_read_devicelist(data) {
                for i in 0..<logbook_gps_devices_count(data) {
                    epochs.deviceReport(
                        path: String(cString: logbook_gps_devices_path(data, Int32(i))),
                        driver: String(cString: logbook_gps_devices_driver(data, Int32(i))))
                }
            }
        }
        return .cancelled
    }

    /// The device the last report named, `nil` when it named none.
    private static func reportDevice(_ data: UnsafeMutablePointer<gps_data_t>) -> String? {
        let path = String(cString: logbook_gps_dev_path(data))
        return path.isEmpty ? nil : path
    }

    /// libgps's error text for a negative gpsd code, the system's for an errno.
    static func describe(_ code: Int32) -> String {
        if code < 0 { return String(cString: gps_errstr(code)) }
        return String(cString: strerror(code))
    }

    static func name(_ mode: FixMode) -> String {
        switch mode {
        case .unknown: "unknown"
        case .noFix: "no fix"
        case .twoD: "2D"
        case .threeD: "3D"
        }
    }
}

/// Set when the stream's consumer goes away; the reader thread polls it and sleeps on it.
final class CancellationFlag: Sendable {
    private let flag = Mutex(false)

    var isCancelled: Bool { flag.withLock { $0 } }

    func cancel() { flag.withLock { $0 = true } }

    /// Sleeps up to `seconds`, waking within 50 ms of cancellation.
    func sleep(seconds: Double) {
        let end = GPSDStatus.monotonicNow() + seconds
        while !isCancelled {
            let left = end - GPSDStatus.monotonicNow()
            if left <= 0 { return }
            usleep(useconds_t(min(left, 0.05) * 1_000_000))
        }
    }
}
