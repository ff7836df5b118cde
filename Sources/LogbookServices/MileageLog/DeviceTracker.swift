import Foundation
public import Ingest
public import LogbookStore
import Synchronization
public import TrackModel
public import TripEngine

/// The trip engine of every device that reports over HTTP: each device's stored positions, in fix-time order, run
/// through its own `TripEngine`, and the trips it ends are stored as the device's vehicle's.
///
/// The engine is a function of the positions: the store keeps them all, so an engine can always be rebuilt. It is
/// kept in memory between requests and saved to the store when a trip ends and at most every `checkpointInterval`
/// otherwise; a server that restarts resumes from the saved engine and feeds it the positions stored since.
/// Positions that arrive after later ones (a phone that was offline for hours, batches that overtook each other)
/// make the engine start again from the snapshot it left at the last trip end before them, so the trips they touch
/// are measured again from the stored positions, never patched.
///
/// Devices are phone apps and trackers that send points on their own schedule (a point every so many metres or
/// seconds, nothing while standing or without a fix), so their engines take the positions as `Reporting.filtered`:
/// a silence is no power-off, and the first point after one waits for the next to confirm it.
///
/// One device's engine work is serialized under its lock (positions are stored in groups by `IngestWriter`); the
/// store's transactions keep the trips and the engine consistent with each other.
public final class DeviceTracker: Sendable {
    public let database: AppDatabase
    public let configuration: EngineConfiguration
    /// Seconds between saves of an engine that ended no trip.
    public let checkpointInterval: Double
    private let engines = Mutex<[Int64: Tracked]>([:])
    /// One device's engine work (feed, commit) runs under its lock; devices on other locks go on meanwhile.
    private let locks = (0..<64).map { _ in DeviceLock() }

    struct Tracked: Sendable {
        var engine: TripEngine
        /// The fix time of the last position fed to the engine (rejected ones included).
        var fedThrough: Double?
        /// Wall-clock time of the last save.
        var savedAt: Double
        /// `fedThrough` when the trip was closed because the device fell silent (see `closeSilentTrips`).
        var closedSilently: Double?
        /// Positions were fed since the last save.
        var unsaved = false
    }

    /// What feeding a device's positions did.
    public struct Progress: Sendable, Hashable {
        public var tripsStored = 0
        public var tripsVoided = 0
        /// Whether the trips were measured again from a snapshot because positions arrived late.
        public var recomputed = false
        /// The trip under way after it.
        public var tripInProgress: TripProgress?
    }

    public init(database: AppDatabase, configuration: EngineConfiguration, checkpointInterval: Double = 30) {
        self.database = database
        var configuration = configuration
        configuration.collectTrack = true
        self.configuration = configuration
        self.checkpointInterval = checkpointInterval
    }

    /// Runs `body` with the device's work serialized.
    func serialized<T>(_ deviceID: Int64, _ body: () throws -> T) rethrows -> T {
        try locks[Int(UInt64(bitPattern: deviceID) % UInt64(locks.count))].mutex.withLock { _ in try body() }
    }

    /// Brings the device's engine up to its stored positions: the new ones are fed to it, or, when `earliest` (the
    /// earliest position just stored) lies at or before the last position fed, the trips are measured again from the
    /// last snapshot before it. `now` is the wall clock (for the checkpoint's interval).
    @discardableResult
    ///
    /// `fresh`: the positions just stored, when the caller has them: an engine in memory that is not restarted takes
    /// them as they are, without reading them back.
    public func advance(
        deviceID: Int64, earliest: Timestamp?, now: Double, fresh: [DevicePosition]? = nil
    ) throws -> Progress {
        try serialized(deviceID) {
            try advanceGuarded(deviceID: deviceID, earliest: earliest, now: now, fresh: fresh)
        }
    }

    private func advanceGuarded(
        deviceID: Int64, earliest: Timestamp?, now: Double, fresh: [DevicePosition]? = nil
    ) throws -> Progress {
        do {
            return try advanceLocked(deviceID: deviceID, earliest: earliest, now: now, fresh: fresh)
        } catch {
            // What is in memory may be ahead of the store: the next request rebuilds it from the store.
            engines.withLock { _ = $0.removeValue(forKey: deviceID) }
            throw error
        }
    }

    private func advanceLocked(
        deviceID: Int64, earliest: Timestamp?, now: Double, fresh: [DevicePosition]?
    ) throws -> Progress {
        var progress = Progress()
        let inMemory = engines.withLock { $0[deviceID] }
        var tracked = try inMemory ?? loaded(deviceID, now: now)
        var recomputation: DeviceRecomputation?
        if let earliest, let fed = tracked.fedThrough, earliest.secondsSince1970 <= fed {
            (tracked, recomputation) = try restart(deviceID, before: earliest.secondsSince1970, now: now)
            progress.recomputed = true
        }
        var positions: [DevicePosition]
        if let fresh, inMemory != nil, recomputation == nil, tracked.closedSilently == nil {
            positions = fresh.sorted { $0.fixedAt < $1.fixedAt }
        } else {
            positions = try database.devicePositions(deviceID: deviceID, after: tracked.fedThrough)
        }
        if recomputation == nil, let closed = tracked.closedSilently, let first = positions.first {
            if first.fixedAt.secondsSince1970 - closed < configuration.gapThreshold {
                // The device was not silent, only offline: its positions came late. The trip closed at the silence
                // is measured again with them, from the last snapshot before it.
                (tracked, recomputation) = try restart(deviceID, before: closed + 0.001, now: now)
                progress.recomputed = true
                positions = try database.devicePositions(deviceID: deviceID, after: tracked.fedThrough)
            }
            tracked.closedSilently = nil
        }
        let ended = try feed(positions, into: &tracked)
        if !positions.isEmpty { tracked.unsaved = true }
        if !ended.isEmpty || recomputation != nil || (tracked.unsaved && now - tracked.savedAt >= checkpointInterval) {
            let commit = try database.commitDeviceTrips(
                ended, deviceID: deviceID, engine: try Self.state(tracked), recomputation: recomputation)
            tracked.savedAt = now
            tracked.unsaved = false
            progress.tripsStored = commit.stored.count
            progress.tripsVoided = commit.voided.count
        }
        progress.tripInProgress = tracked.engine.tripInProgress
        engines.withLock { $0[deviceID] = tracked }
        return progress
    }

    /// The engine as it was at the last snapshot taken before `time` (or a fresh one before the first position), and
    /// where the recomputation from it starts.
    private func restart(_ deviceID: Int64, before time: Double, now: Double) throws -> (
        Tracked, DeviceRecomputation
    ) {
        guard let snapshot = try database.deviceSnapshot(deviceID: deviceID, before: time) else {
            return (
                Tracked(
                    engine: TripEngine(configuration: configuration, reporting: .filtered), fedThrough: nil,
                    savedAt: now),
                .fromFirstPosition
            )
        }
        let engine = try Self.engine(from: snapshot.state).reconfigured(configuration, reporting: .filtered)
        return (Tracked(engine: engine, fedThrough: snapshot.lastFixTime, savedAt: now), .after(snapshot))
    }

    /// Closes the trip of every device whose last position is `gapThreshold` or more before `now` (the wall clock):
    /// phones stop sending when they stand still, so a device that fell silent has parked at its last position.
    /// Returns how many trips were stored.
    @discardableResult
    public func closeSilentTrips(now: Timestamp) throws -> Int {
        var stored = 0
        for deviceID in try database.reportingDeviceIDs() {
            stored += try serialized(deviceID) { try closeIfSilent(deviceID, now: now) }
        }
        return stored
    }

    private func closeIfSilent(_ deviceID: Int64, now: Timestamp) throws -> Int {
        // Up to date first: a device not in memory (after a restart) gets its stored positions.
        _ = try advanceGuarded(deviceID: deviceID, earliest: nil, now: now.secondsSince1970)
        guard var tracked = engines.withLock({ $0[deviceID] }) else { return 0 }
        let events = tracked.engine.closeIfSilent(now: now)
        guard !events.isEmpty else { return 0 }
        let ended = events.compactMap { event -> DeviceTripEnd? in
            guard case .tripEnded(let trip) = event else { return nil }
            return DeviceTripEnd(trip: trip, snapshot: nil)
        }
        tracked.closedSilently = tracked.fedThrough
        do {
            let commit = try database.commitDeviceTrips(ended, deviceID: deviceID, engine: try Self.state(tracked))
            tracked.savedAt = now.secondsSince1970
            tracked.unsaved = false
            engines.withLock { $0[deviceID] = tracked }
            return commit.stored.count
        } catch {
            engines.withLock { _ = $0.removeValue(forKey: deviceID) }
            throw error
        }
    }

    /// The trip under way for a device, as far as its engine has come (`nil` when none or not loaded).
    public func tripInProgress(deviceID: Int64) -> TripProgress? {
        engines.withLock { $0[deviceID]?.engine.tripInProgress }
    }

    /// Forgets the engines in memory (as a restart would); they are rebuilt from the store.
    public func forgetEngines() {
        engines.withLock { $0.removeAll() }
    }

    // MARK: Engine

    /// The device's engine: the one in memory, else the saved one, else a fresh one.
    private func loaded(_ deviceID: Int64, now: Double) throws -> Tracked {
        if let tracked = engines.withLock({ $0[deviceID] }) { return tracked }
        guard let saved = try database.deviceEngine(deviceID: deviceID) else {
            return Tracked(
                engine: TripEngine(configuration: configuration, reporting: .filtered), fedThrough: nil, savedAt: now)
        }
        return Tracked(
            engine: try Self.engine(from: saved.state).reconfigured(configuration, reporting: .filtered),
            fedThrough: saved.lastFixTime,
            savedAt: now, closedSilently: saved.closedSilently)
    }

    /// Feeds the positions (in fix-time order) to the engine; returns the trips it ended, each with the snapshot of
    /// the engine right after.
    private func feed(_ positions: [DevicePosition], into tracked: inout Tracked) throws -> [DeviceTripEnd] {
        var ended: [DeviceTripEnd] = []
        for position in positions {
            let events = tracked.engine.ingest(position.fix)
            tracked.fedThrough = position.fixedAt.secondsSince1970
            for event in events {
                guard case .tripEnded(let trip) = event else { continue }
                let snapshot = DeviceSnapshot(
                    lastFixTime: position.fixedAt.secondsSince1970, tripEnd: trip.end.secondsSince1970,
                    state: try Self.encode(tracked.engine))
                ended.append(DeviceTripEnd(trip: trip, snapshot: snapshot))
            }
        }
        return ended
    }

    static func state(_ tracked: Tracked) throws -> DeviceEngineState {
        DeviceEngineState(
            lastFixTime: tracked.fedThrough, closedSilently: tracked.closedSilently, state: try encode(tracked.engine))
    }

    static func encode(_ engine: TripEngine) throws -> Data {
        do {
            return try EngineCheckpoint.encoder().encode(engine)
        } catch {
            throw StoreError(.invalidData, operation: "device engine", detail: "engine state cannot be encoded")
        }
    }

    static func engine(from state: Data) throws -> TripEngine {
        do {
            return try EngineCheckpoint.decoder().decode(TripEngine.self, from: state)
        } catch {
            throw StoreError(.invalidData, operation: "device engine", detail: "engine state cannot be decoded")
        }
    }
}

/// One of the tracker's locks (a class: a `Mutex` cannot be copied into an array).
final class DeviceLock: Sendable {
    let mutex = Mutex<Void>(())
}

extension DevicePosition {
    /// The position as a phone reported it: the engine takes its `fix` (`eph` the accuracy).
    public var reported: IngestPosition {
        IngestPosition(
            time: fixedAt, latitude: latitude, longitude: longitude, speed: speedMetresPerSecond,
            course: courseDegrees, altitude: altitudeMetres, accuracy: accuracyMetres, hdop: hdop)
    }

    /// The fix the engine takes for this position.
    public var fix: Fix { reported.fix }
}
