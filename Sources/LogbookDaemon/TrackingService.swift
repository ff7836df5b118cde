import Foundation
import GPSDClient
import LogbookStore
import Logging
import ServiceLifecycle
import Synchronization
import TrackModel
import TripEngine
import LogbookServices

/// The daemon's pipeline: live fixes from gpsd through the trip engine into the store.
///
/// Each finished trip is committed in one transaction together with the engine state that follows
/// it, so a crash never loses or duplicates a trip. The open trip is checkpointed at least every
/// `checkpointInterval` and on graceful shutdown; after a crash the engine resumes from the last
/// checkpoint, and the gap since then decides (as any gap in the data) whether the trip goes on or
/// ends at its last checkpointed fix.
final class TrackingService: Service, Sendable {
    let client: GPSDClient
    let database: AppDatabase
    let vehicle: Vehicle
    let configuration: EngineConfiguration
    let logger: Logger
    let checkpointInterval: Duration
    let statusPath: String
    /// Runs the configured command on reminders (long idle).
    let notifier: Notifier?
    /// `[upload]` is set: every fix with a position goes to the upload queue too.
    let uploading: Bool
    private let snapshot = Mutex<Snapshot>(Snapshot())

    struct Snapshot: Sendable {
        var lastFixTime: Double?
        var lastFixReceivedAt: Double?
        var speed: Double?
        var trip: DaemonStatus.TripStatus?
    }

    init(
        client: GPSDClient, database: AppDatabase, vehicle: Vehicle, configuration: EngineConfiguration,
        logger: Logger, checkpointInterval: Duration = .seconds(30), statusPath: String, notifier: Notifier? = nil,
        uploading: Bool = false
    ) {
        self.uploading = uploading
        self.notifier = notifier
        self.client = client
        self.database = database
        self.vehicle = vehicle
        self.configuration = configuration
        self.logger = logger
        self.checkpointInterval = checkpointInterval
        self.statusPath = statusPath
    }

    func run() async throws {
        let start = try restoreEngine()
        // Three children: the tracker, the status writer and a waiter for graceful shutdown. When
        // shutdown comes (or the tracker fails) the others are cancelled; the tracker's stream then
        // ends and it saves the open trip before returning.
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.track(from: start) }
            group.addTask { await self.reportStatus() }
            group.addTask { try? await gracefulShutdown() }
            _ = try await group.next()
            group.cancelAll()
            while try await group.next() != nil {}
        }
        logger.info("Tracking stopped; state saved", metadata: ["vehicle.plate": "\(vehicle.plate)"])
    }

    /// Feeds the live fixes to the engine until the stream ends (the task is cancelled), storing
    /// trips as they end and checkpointing the open one.
    private func track(from start: TripEngine) async throws {
        var engine = start
        let clock = ContinuousClock()
        var lastCheckpoint = clock.now
        var dirty = false
        for await fix in client.fixes() {
            if uploading {
                do {
                    try database.queueUpload(fix)
                } catch {
                    logger.warning("Cannot queue a position for upload", metadata: ["error.type": "\(type(of: error))"])
                }
            }
            let events = engine.ingest(fix)
            try record(events, engine: engine)
            dirty = true
            snapshot.withLock { s in
                s.lastFixTime = fix.time?.secondsSince1970
                s.lastFixReceivedAt = Date().timeIntervalSince1970
                s.speed = fix.speed
                s.trip = engine.tripInProgress.map {
                    DaemonStatus.TripStatus(
                        start: $0.start.secondsSince1970, distance: $0.distance,
                        standingSince: $0.standingSince?.secondsSince1970)
                }
            }
            if clock.now - lastCheckpoint >= checkpointInterval {
                try checkpoint(engine)
                lastCheckpoint = clock.now
                dirty = false
            }
        }
        // Shutting down: the open trip is kept, not lost.
        if dirty { try checkpoint(engine) }
    }

    private func restoreEngine() throws -> TripEngine {
        guard let saved = try database.checkpoint(vehicle: vehicle) else {
            logger.info("Starting with a fresh engine", metadata: ["vehicle.plate": "\(vehicle.plate)"])
            return TripEngine(configuration: configuration)
        }
        do {
            let restored = try JSONDecoder().decode(TripEngine.self, from: saved.state)
            logger.info(
                "Resuming from checkpoint",
                metadata: [
                    "vehicle.plate": "\(vehicle.plate)",
                    "checkpoint.saved_at": "\(Timestamp(secondsSince1970: saved.savedAt).iso8601)",
                    "trip.open": "\(restored.tripInProgress != nil)",
                ])
            // The configuration may have changed since: the state carries on under the new one.
            return restored.reconfigured(configuration)
        } catch {
            logger.error("Checkpoint unreadable; starting afresh", metadata: ["error": "\(error)"])
            return TripEngine(configuration: configuration)
        }
    }

    private func record(_ events: [TripEvent], engine: TripEngine) throws {
        for event in events {
            switch event {
            case .tripStarted(let start, _):
                logger.info("Trip started", metadata: ["trip.start": "\(start.iso8601)"])
            case .tripEnded(let trip):
                let stored = try database.insertTrip(
                    trip, vehicle: vehicle, source: .gps, checkpoint: try makeCheckpoint(engine))
                logger.info(
                    "Trip stored",
                    metadata: [
                        "trip.id": "\(stored.map { String($0.id) } ?? "duplicate")",
                        "trip.start": "\(trip.start.iso8601)", "trip.end": "\(trip.end.iso8601)",
                        "trip.distance_m": "\(Int(trip.distance.rounded()))",
                    ])
            case .tripDiscarded(let trip):
                logger.debug("Movement too short for a trip", metadata: ["trip.distance_m": "\(Int(trip.distance))"])
            case .longIdle(let since, let duration):
                logger.notice(
                    "Standing for a long time with tracking on",
                    metadata: ["idle.since": "\(since.iso8601)", "idle.minutes": "\(Int(duration / 60))"])
                notifier?.notify(
                    event: "long-idle",
                    details: [
                        "LOGBOOK_VEHICLE": vehicle.plate, "LOGBOOK_IDLE_SINCE": since.iso8601,
                        "LOGBOOK_IDLE_SECONDS": String(Int(duration.rounded())),
                    ])
            }
        }
    }

    private func makeCheckpoint(_ engine: TripEngine) throws -> EngineCheckpoint {
        EngineCheckpoint(
            vehicleID: vehicle.id!, savedAt: Date().timeIntervalSince1970,
            lastFixTime: engine.lastFixTime?.secondsSince1970, state: try JSONEncoder().encode(engine))
    }

    private func checkpoint(_ engine: TripEngine) throws {
        try database.saveCheckpoint(try makeCheckpoint(engine))
        logger.debug("Checkpoint saved")
    }

    /// Writes the status file every few seconds until cancelled.
    private func reportStatus() async {
        while !Task.isCancelled {
            let gpsd = client.status
            let s = snapshot.withLock { $0 }
            let status = DaemonStatus(
                pid: ProcessInfo.processInfo.processIdentifier, vehicle: vehicle.plate,
                updatedAt: Date().timeIntervalSince1970, gpsdEndpoint: client.endpoint.description,
                connected: gpsd.connected, reconnects: gpsd.reconnects, lastError: gpsd.lastError,
                lastFixTime: s.lastFixTime, lastFixReceivedAt: s.lastFixReceivedAt, speed: s.speed,
                trip: s.trip)
            do {
                try status.write(to: statusPath)
            } catch {
                logger.warning("Cannot write the status file", metadata: ["error": "\(error.localizedDescription)"])
            }
            try? await Task.sleep(for: .seconds(2))
        }
    }
}
