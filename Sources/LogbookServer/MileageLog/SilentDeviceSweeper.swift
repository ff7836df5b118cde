import LogbookServices
import LogbookStore
import Logging
import ServiceLifecycle
import TripEngine

/// Closes the trips of devices that fell silent, every `interval` while the server runs: phones stop reporting when
/// they stand still, so a trip whose device has sent nothing for the parking threshold has ended at its last position
/// (`DeviceTracker.closeSilentTrips`). At start it also brings every device's engine up to its stored positions.
package struct SilentDeviceSweeper: Service {
    let tracker: DeviceTracker
    let interval: Duration
    let logger: Logger

    /// Every `interval`; by default a tenth of the gap that closes a trip, between 1 and 30 s.
    package init(tracker: DeviceTracker, interval: Duration? = nil, logger: Logger) {
        self.tracker = tracker
        let seconds = min(30, max(1, tracker.configuration.gapThreshold / 10))
        self.interval = interval ?? .milliseconds(Int64(seconds * 1_000))
        self.logger = logger
    }

    package func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                let closed = try tracker.closeSilentTrips(now: tracker.database.now)
                if closed > 0 { logger.info("Trips of silent devices closed", metadata: ["trips": "\(closed)"]) }
            } catch {
                logger.error("Cannot close the trips of silent devices", metadata: ["error.type": "\(type(of: error))"])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }
}
