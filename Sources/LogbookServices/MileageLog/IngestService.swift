import Foundation
public import Ingest
public import LogbookStore
import Synchronization
public import TrackModel

/// Why a device's request was not taken, for the edge to answer (401, 400, 429, 503).
public enum IngestFailure: Error, Sendable, Hashable {
    /// No credential, a wrong or revoked token, or a name that is not the token's device: one answer for all, so
    /// nobody learns whether a device exists.
    case unauthorized
    /// The request is not what the protocol sends: the field and what is wrong (never its value).
    case invalid(IngestError)
    /// The device sends faster than its limit; it may send again after this many seconds.
    case tooFrequent(retryAfter: Int)
    /// The store could not take the positions (nothing of the request is kept): the app sends them again.
    case unavailable
}

/// What a device's request did.
public struct IngestReceipt: Sendable, Hashable {
    /// The device's name (for the server's log line; never its token).
    public var device: String
    /// Positions in the request.
    public var received = 0
    /// Positions stored now.
    public var stored = 0
    /// Positions already stored (a batch sent again).
    public var duplicates = 0
    /// Positions refused by the screen (0,0, out of range, in the future), by reason.
    public var refused: [IngestRefusal: Int] = [:]
    /// Messages without a position, accepted and ignored.
    public var ignored = 0
    public var tripsStored = 0
    public var tripsVoided = 0
    /// Stored trips the recomputation measured again the same, left as they were.
    public var tripsKept = 0
    public var recomputed = false
    /// Another server on the log runs this device's engine now: the positions are stored, its trips made there.
    public var ranElsewhere = false
}

/// Positions from phones and trackers (`/ingest/…`): the device is found by its token, its positions are screened,
/// stored once each, and run through its trip engine (`DeviceTracker`). A device token opens nothing but this.
public struct IngestService: Sendable {
    public let database: AppDatabase
    public let tracker: DeviceTracker
    public let screen: IngestScreen
    public let limiter: DeviceRateLimiter
    public let writer: IngestWriter
    /// Devices found by their token's hash in the last `DeviceCache.lifetime` seconds (found ones only: a wrong token
    /// is looked up every time). A revocation takes effect within that time.
    let devices = DeviceCache()

    public init(
        tracker: DeviceTracker, screen: IngestScreen = IngestScreen(),
        limiter: DeviceRateLimiter = DeviceRateLimiter()
    ) {
        database = tracker.database
        self.tracker = tracker
        self.screen = screen
        self.limiter = limiter
        writer = IngestWriter(tracker: tracker)
    }

    /// Takes one request of `kind`'s protocol, arrived at `now` (the server's clock).
    public func ingest(_ kind: IngestProtocol, _ request: IngestRequest, now: Timestamp) async throws(IngestFailure)
        -> IngestReceipt
    {
        var batch: IngestBatch
        do {
            batch = try kind.decode(request, options: IngestOptions(receivedAt: now))
        } catch {
            // An `Authorization` header that is no credential at all is a failed authentication like any other.
            throw error.code == .badAuthorization ? .unauthorized : .invalid(error)
        }
        let device = try authenticate(batch.credential, now: now)
        guard let deviceID = device.id else { throw .unauthorized }
        if let wait = limiter.admit(deviceID, now: now.secondsSince1970) { throw .tooFrequent(retryAfter: wait) }
        if kind == .osmand, let unit = SpeedUnit(rawValue: device.speedUnit), unit != .knots {
            do {
                batch = try kind.decode(request, options: IngestOptions(speedUnit: unit, receivedAt: now))
            } catch {
                throw .invalid(error)
            }
        }
        var receipt = IngestReceipt(
            device: device.name, received: batch.positions.count, ignored: batch.ignoredMessages)
        let screening = screen.screen(batch.positions, now: now)
        receipt.refused = screening.refused
        do {
            let (outcome, progress) = try await writer.submit(
                PositionBatch(
                    positions: screening.accepted.map(DevicePosition.init),
                    refused: Dictionary(uniqueKeysWithValues: screening.refused.map { ($0.key.rawValue, $0.value) }),
                    deviceID: deviceID, receivedAt: now))
            receipt.stored = outcome.stored
            receipt.duplicates = outcome.duplicates
            if let progress {
                receipt.tripsStored = progress.tripsStored
                receipt.tripsVoided = progress.tripsVoided
                receipt.tripsKept = progress.tripsKept
                receipt.recomputed = progress.recomputed
                receipt.ranElsewhere = progress.ranElsewhere
            }
        } catch let error as StoreError {
            // The positions of this request are stored or not as one: the app sends them again on an error.
            if error.code == .notFound { throw .unauthorized }
            throw .unavailable
        } catch {
            throw .unavailable
        }
        return receipt
    }

    /// The device a credential opens: the token's (by its SHA-256), not revoked, and for HTTP Basic the one with
    /// that name. Every failure is the same `unauthorized`, and the work done is the same whether a device with
    /// that token exists or not (one hash, one indexed lookup).
    func authenticate(_ credential: DeviceCredential?, now: Timestamp) throws(IngestFailure) -> Device {
        guard let credential else { throw .unauthorized }
        let hash = DeviceService.hash(credential.token)
        let found: Device?
        if let cached = devices.device(hash, now: now.secondsSince1970) {
            found = cached
        } else {
            do {
                found = try database.device(tokenHash: hash)
            } catch {
                throw .unauthorized
            }
            if let found, found.revokedAt == nil { devices.keep(found, for: hash, now: now.secondsSince1970) }
        }
        guard let device = found, device.revokedAt == nil else { throw .unauthorized }
        if case .basic(let name, _) = credential,
            name.trimmingCharacters(in: .whitespaces).lowercased() != device.name.lowercased()
        {
            throw .unauthorized
        }
        return device
    }
}

/// The devices requests presented lately, by their token's hash, each kept `lifetime` seconds: most requests come from
/// a few phones, each every few seconds, and the lookup is a read transaction of its own. At most `capacity` entries.
final class DeviceCache: Sendable {
    static let lifetime = 2.0
    static let capacity = 20_000
    private let entries = Mutex<[String: (device: Device, until: Double)]>([:])

    func device(_ hash: String, now: Double) -> Device? {
        entries.withLock { entries in
            guard let entry = entries[hash] else { return nil }
            guard entry.until > now else {
                entries[hash] = nil
                return nil
            }
            return entry.device
        }
    }

    func keep(_ device: Device, for hash: String, now: Double) {
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[hash] = (device, now + Self.lifetime)
        }
    }
}

/// A token bucket per device: `burst` requests at once, refilled at `perSecond`. Phones send one position every few
/// seconds and batches now and then; a device far above that is broken or not a device.
public final class DeviceRateLimiter: Sendable {
    public let perSecond: Double
    public let burst: Double
    private let buckets = Mutex<[Int64: Bucket]>([:])

    struct Bucket {
        var tokens: Double
        var updated: Double
    }

    public init(perSecond: Double = 20, burst: Double = 200) {
        self.perSecond = perSecond
        self.burst = burst
    }

    /// `nil` when the request may go on, else the seconds to wait.
    public func admit(_ deviceID: Int64, now: Double) -> Int? {
        buckets.withLock { buckets in
            var bucket = buckets[deviceID] ?? Bucket(tokens: burst, updated: now)
            bucket.tokens = min(burst, bucket.tokens + max(0, now - bucket.updated) * perSecond)
            bucket.updated = now
            guard bucket.tokens >= 1 else {
                buckets[deviceID] = bucket
                return max(1, Int(((1 - bucket.tokens) / perSecond).rounded(.up)))
            }
            bucket.tokens -= 1
            buckets[deviceID] = bucket
            return nil
        }
    }
}

extension DevicePosition {
    /// The position as stored: attributes as JSON text (keys sorted).
    init(_ position: IngestPosition) {
        let attributes =
            position.attributes.isEmpty ? nil : (try? ServiceJSON.text(position.attributes)) ?? nil
        self.init(
            fixedAt: position.time, latitude: position.latitude, longitude: position.longitude,
            speedMetresPerSecond: position.speed, courseDegrees: position.course, altitudeMetres: position.altitude,
            accuracyMetres: position.accuracy, hdop: position.hdop,
            battery: position.battery.flatMap { (0...100).contains($0) ? $0 : nil }, attributes: attributes)
    }
}
