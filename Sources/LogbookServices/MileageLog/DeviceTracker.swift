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
/// are measured again from the stored positions, never patched. A trip closed because its device fell silent
/// (`closeSilentTrips`) is measured again the same way when the device's next position comes, from the engine as it
/// was right before the close: a replay decides the silence by that position, and so does the server. Trips a
/// recomputation measures the same are left as stored.
///
/// Devices are phone apps and trackers that send points on their own schedule (a point every so many metres or
/// seconds, nothing while standing or without a fix), so their engines take the positions as `Reporting.filtered`:
/// a silence is no power-off, and the first point after one waits for the next to confirm it.
///
/// One device's engine work is serialized under its lock (positions are stored in groups by `IngestWriter`); the
/// store's transactions keep the trips and the engine consistent with each other.
///
/// Several servers on one log: each device's engine is run by one server at a time, the holder of its lease
/// (`DeviceLeaseStore`). A server that gets positions of a device whose lease another server holds stores them and
/// leaves the engine to that server; when that server stops reporting for it (its device now talks to another
/// server, or it died), the lease runs out after `leaseDuration` and the next server takes the engine over from the
/// store. The engine kept in memory is used only while the lease's epoch is the one it was loaded under, and every
/// commit carries the lease, so a server that lost it stores nothing.
public final class DeviceTracker: Sendable {
    public let database: AppDatabase
    public let configuration: EngineConfiguration
    /// Seconds between saves of an engine that ended no trip.
    public let checkpointInterval: Double
    /// This server's name in the leases (`ProcessName.current`).
    public let holder: String
    /// How long a lease lasts without being renewed: how long a device's engine waits before another server takes
    /// it over from one that stopped running it.
    public let leaseDuration: Double
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
        /// The lease the engine runs under.
        var lease: DeviceLease?
        /// The device's stored position count the engine has seen through (`StoredPositions.positionCount`), when
        /// known: fresh positions continue it only when nothing was stored in between.
        var positionCount: Int64?
    }

    /// What feeding a device's positions did.
    public struct Progress: Sendable, Hashable {
        public var tripsStored = 0
        public var tripsVoided = 0
        /// Stored trips a recomputation measured again the same, left as they were.
        public var tripsKept = 0
        /// Whether the trips were measured again from a snapshot because positions arrived late.
        public var recomputed = false
        /// The trip under way after it.
        public var tripInProgress: TripProgress?
        /// Another server runs this device's engine (it holds the lease): the positions are stored, and that server
        /// makes the trips from them.
        public var ranElsewhere = false
    }

    public init(
        database: AppDatabase, configuration: EngineConfiguration, checkpointInterval: Double = 30,
        holder: String = ProcessName.current, leaseDuration: Double = 60
    ) {
        self.database = database
        self.holder = holder
        self.leaseDuration = leaseDuration
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
    /// `fresh`: the positions just stored, when the caller has them, with the device's position count after them:
    /// an engine in memory that is not restarted, and that has seen every position stored before them, takes them
    /// as they are, without reading them back.
    public func advance(
        deviceID: Int64, earliest: Timestamp?, now: Double, fresh: [DevicePosition]? = nil,
        positionCount: Int64? = nil
    ) throws -> Progress {
        try serialized(deviceID) {
            try advanceGuarded(
                deviceID: deviceID, earliest: earliest, now: now, fresh: fresh, positionCount: positionCount)
        }
    }

    private func advanceGuarded(
        deviceID: Int64, earliest: Timestamp?, now: Double, fresh: [DevicePosition]? = nil,
        positionCount: Int64? = nil, renew: Bool = true
    ) throws -> Progress {
        do {
            return try advanceLocked(
                deviceID: deviceID, earliest: earliest, now: now, fresh: fresh, positionCount: positionCount,
                renew: renew)
        } catch let error as StoreError where error.rule == DeviceLeaseRules.lostRule {
            // Another server took the engine over between this one's lease check and its commit.
            engines.withLock { _ = $0.removeValue(forKey: deviceID) }
            var progress = Progress()
            progress.ranElsewhere = true
            return progress
        } catch {
            // What is in memory may be ahead of the store: the next request rebuilds it from the store.
            engines.withLock { _ = $0.removeValue(forKey: deviceID) }
            throw error
        }
    }

    private func advanceLocked(
        deviceID: Int64, earliest: Timestamp?, now: Double, fresh: [DevicePosition]?, positionCount: Int64?,
        renew: Bool
    ) throws -> Progress {
        var progress = Progress()
        var inMemory = engines.withLock { $0[deviceID] }
        guard let lease = try lease(deviceID, held: inMemory?.lease, now: now, renew: renew) else {
            engines.withLock { _ = $0.removeValue(forKey: deviceID) }
            progress.ranElsewhere = true
            return progress
        }
        if let held = inMemory?.lease, held.epoch != lease.epoch {
            // Another server ran the engine since this one loaded it: the store has the engine as it left it.
            inMemory = nil
            engines.withLock { _ = $0.removeValue(forKey: deviceID) }
        }
        var tracked = try inMemory ?? loaded(deviceID, now: now)
        tracked.lease = lease
        var recomputation: DeviceRecomputation?
        if let earliest, let fed = tracked.fedThrough, earliest.secondsSince1970 <= fed {
            (tracked, recomputation) = try restart(deviceID, before: earliest.secondsSince1970, now: now)
            progress.recomputed = true
        }
        var positions: [DevicePosition]
        let continuous =
            if let fresh, let positionCount, let known = tracked.positionCount {
                positionCount - Int64(fresh.count) == known
            } else { false }
        if let fresh, continuous, inMemory != nil, recomputation == nil, tracked.closedSilently == nil {
            positions = fresh.sorted { $0.fixedAt < $1.fixedAt }
        } else {
            positions = try database.devicePositions(deviceID: deviceID, after: tracked.fedThrough)
        }
        if recomputation == nil, let closed = tracked.closedSilently, let first = positions.first {
            // The trip was closed when the device fell silent, without what came after it; a replay of the positions
            // decides that silence by the first position after it (a phone's timer point that shows the car waiting,
            // or leaving a short stand: the trip goes on), and that position may reach the server just after the
            // close. So the engine is run again from where it was at the close (the snapshot the close left) over the
            // positions since: trips it measures the same stay as they are (`commitDeviceTrips`). Without that
            // snapshot (a close stored before it was kept), only positions that came within the gap threshold: the
            // device was only offline.
            let snapshot = try database.deviceSnapshot(deviceID: deviceID, before: closed + 0.001)
            let leftByClose = snapshot.map { $0.lastFixTime == closed } ?? false
            if leftByClose || first.fixedAt.secondsSince1970 - closed < configuration.gapThreshold {
                (tracked, recomputation) = try restart(deviceID, from: snapshot, spent: leftByClose, now: now)
                progress.recomputed = true
                positions = try database.devicePositions(deviceID: deviceID, after: tracked.fedThrough)
            }
            tracked.closedSilently = nil
        }
        tracked.lease = lease
        // Read from the store or not, the engine has now seen at least every position counted up to this batch.
        tracked.positionCount = positionCount
        let ended = try feed(positions, into: &tracked)
        if !positions.isEmpty { tracked.unsaved = true }
        if !ended.isEmpty || recomputation != nil || (tracked.unsaved && now - tracked.savedAt >= checkpointInterval) {
            let commit = try database.commitDeviceTrips(
                ended, deviceID: deviceID, engine: try Self.state(tracked), recomputation: recomputation,
                lease: tracked.lease)
            tracked.savedAt = now
            tracked.unsaved = false
            progress.tripsStored = commit.stored.count
            progress.tripsVoided = commit.voided.count
            progress.tripsKept = commit.kept.count
        }
        progress.tripInProgress = tracked.engine.tripInProgress
        engines.withLock { $0[deviceID] = tracked }
        return progress
    }

    /// The device's lease for this server: the one held, while more than half of it is left (without `renew`: while
    /// any is left), else taken or renewed in the store; `nil` while another server holds it.
    private func lease(_ deviceID: Int64, held: DeviceLease?, now: Double, renew: Bool) throws -> DeviceLease? {
        if let held, held.holder == holder, held.expiresAt - now > (renew ? leaseDuration / 2 : 0) { return held }
        return try database.acquireDeviceLease(deviceID: deviceID, holder: holder, now: now, duration: leaseDuration)
    }

    /// Gives up the leases of the engines in memory (a server shutting down): other servers take the devices over
    /// at once instead of after `leaseDuration`.
    public func releaseLeases() {
        let held = engines.withLock { engines in
            defer { engines.removeAll() }
            return engines.values.compactMap(\.lease)
        }
        for lease in held { try? database.releaseDeviceLease(deviceID: lease.deviceID, holder: holder) }
    }

    /// The engine as it was at the last snapshot taken before `time` (or a fresh one before the first position), and
    /// where the recomputation from it starts.
    private func restart(_ deviceID: Int64, before time: Double, now: Double) throws -> (
        Tracked, DeviceRecomputation
    ) {
        try restart(deviceID, from: try database.deviceSnapshot(deviceID: deviceID, before: time), now: now)
    }

    /// The engine as it was at `snapshot` (or a fresh one before the first position, for `nil`), and where the
    /// recomputation from it starts; `spent` when the snapshot is a silence's close's, which the recomputation uses up.
    private func restart(
        _ deviceID: Int64, from snapshot: DeviceSnapshot?, spent: Bool = false, now: Double
    ) throws -> (
        Tracked, DeviceRecomputation
    ) {
        guard let snapshot else {
            return (
                Tracked(
                    engine: TripEngine(configuration: configuration, reporting: .filtered), fedThrough: nil,
                    savedAt: now),
                .fromFirstPosition
            )
        }
        let engine = try Self.engine(from: snapshot.state).reconfigured(configuration, reporting: .filtered)
        return (
            Tracked(engine: engine, fedThrough: snapshot.lastFixTime, savedAt: now),
            spent ? .afterClose(snapshot) : .after(snapshot)
        )
    }

    /// Closes the trip of every device whose last position is `gapThreshold` or more before `now` (the wall clock):
    /// phones stop sending when they stand still, so a device that fell silent has parked at its last position.
    /// Returns how many trips were stored.
    @discardableResult
    ///
    /// With several servers on the log, a device that reported within `leaseDuration` is left to the server its
    /// requests reach, and sweeping never extends a lease: a device that moved to another server is not held here.
    public func closeSilentTrips(now: Timestamp) throws -> Int {
        var stored = 0
        for device in try database.reportingDevices() {
            let held = engines.withLock { $0[device.id]?.lease }
            let holding = held.map { $0.holder == holder && $0.expiresAt > now.secondsSince1970 } ?? false
            guard holding || now.secondsSince1970 - device.lastSeenAt >= leaseDuration else { continue }
            stored += try serialized(device.id) { try closeIfSilent(device.id, now: now) }
        }
        return stored
    }

    private func closeIfSilent(_ deviceID: Int64, now: Timestamp) throws -> Int {
        // Up to date first: a device not in memory (after a restart) gets its stored positions.
        _ = try advanceGuarded(deviceID: deviceID, earliest: nil, now: now.secondsSince1970, renew: false)
        guard var tracked = engines.withLock({ $0[deviceID] }) else { return 0 }
        let before = tracked.engine
        let events = tracked.engine.closeIfSilent(now: now)
        guard !events.isEmpty else { return 0 }
        var ended = events.compactMap { event -> DeviceTripEnd? in
            guard case .tripEnded(let trip) = event else { return nil }
            return DeviceTripEnd(trip: trip, snapshot: nil)
        }
        if let fed = tracked.fedThrough, let earliest = ended.map(\.trip.start.secondsSince1970).min() {
            // The engine as it was before the close: when the next positions come, it is run again from here as a
            // replay would run it (`advanceLocked`), and the trips the close ended are those it measures again.
            ended[0].snapshot = DeviceSnapshot(lastFixTime: fed, tripEnd: earliest, state: try Self.encode(before))
        }
        tracked.closedSilently = tracked.fedThrough
        do {
            let commit = try database.commitDeviceTrips(
                ended, deviceID: deviceID, engine: try Self.state(tracked), lease: tracked.lease)
            tracked.savedAt = now.secondsSince1970
            tracked.unsaved = false
            engines.withLock { $0[deviceID] = tracked }
            return commit.stored.count
        } catch let error as StoreError where error.rule == DeviceLeaseRules.lostRule {
            engines.withLock { _ = $0.removeValue(forKey: deviceID) }
            return 0
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
