import Foundation
import TrackModel
#if canImport(Glibc)
    import Glibc
#endif

/// What the daemon reports about itself, written atomically beside the database every few seconds
/// and read by `logbook status`, `GET /api/v1/status` and the live page. It holds no coordinates.
public struct DaemonStatus: Codable, Sendable {
    public var pid: Int32
    public var vehicle: String
    public var updatedAt: Double
    public var gpsdEndpoint: String
    public var connected: Bool
    public var reconnects: Int
    public var lastError: String?
    /// Time of the last fix (from the fix itself) and when it arrived (wall clock).
    public var lastFixTime: Double?
    public var lastFixReceivedAt: Double?
    /// The last fix's speed over ground, m/s (absent when it had none).
    public var speed: Double?
    public var trip: TripStatus?

    public init(
        pid: Int32, vehicle: String, updatedAt: Double, gpsdEndpoint: String, connected: Bool, reconnects: Int,
        lastError: String? = nil, lastFixTime: Double? = nil, lastFixReceivedAt: Double? = nil, speed: Double? = nil,
        trip: TripStatus? = nil
    ) {
        self.pid = pid
        self.vehicle = vehicle
        self.updatedAt = updatedAt
        self.gpsdEndpoint = gpsdEndpoint
        self.connected = connected
        self.reconnects = reconnects
        self.lastError = lastError
        self.lastFixTime = lastFixTime
        self.lastFixReceivedAt = lastFixReceivedAt
        self.speed = speed
        self.trip = trip
    }

    public struct TripStatus: Codable, Sendable {
        public var start: Double
        public var distance: Double
        public var standingSince: Double?

        public init(start: Double, distance: Double, standingSince: Double? = nil) {
            self.start = start
            self.distance = distance
            self.standingSince = standingSince
        }
    }

    enum CodingKeys: String, CodingKey {
        case pid, vehicle, connected, reconnects, trip
        case updatedAt = "updated_at"
        case gpsdEndpoint = "gpsd"
        case lastError = "last_error"
        case lastFixTime = "last_fix_time"
        case lastFixReceivedAt = "last_fix_received_at"
        case speed = "speed_mps"
    }

    /// A status older than this means the daemon is not running.
    public static let staleAfter: Double = 15

    public static func path(forDatabase database: String) -> String { database + ".status.json" }

    public func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    public static func read(from path: String) -> DaemonStatus? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(DaemonStatus.self, from: data)
    }

    /// The daemon's status beside the database at `databasePath`, and whether the daemon is running.
    /// A log on PostgreSQL (`databasePath` nil) has no daemon beside it.
    public static func current(databasePath: String?, now: Double) -> (status: DaemonStatus?, running: Bool) {
        guard let databasePath else { return (nil, false) }
        let status = read(from: path(forDatabase: databasePath))
        let running = status.map { now - $0.updatedAt <= staleAfter && kill($0.pid, 0) == 0 } ?? false
        return (status, running)
    }
}

/// The daemon's state as `logbook status --format json` and `GET /api/v1/status` give it: whether it runs, and —
/// for those who may see its vehicle — the vehicle, gpsd, the last fix's age and speed, and the trip so far.
public struct DaemonStatusView: Encodable, Sendable {
    /// nil when there is none, or when the caller may not see its vehicle.
    public var status: DaemonStatus?
    public var running: Bool
    /// The daemon runs for a vehicle the caller may not see.
    public var otherVehicle: Bool
    /// When it was read (seconds since 1970), for the ages.
    public var now: Double

    public init(status: DaemonStatus?, running: Bool, otherVehicle: Bool = false, now: Double) {
        self.status = status
        self.running = running
        self.otherVehicle = otherVehicle
        self.now = now
    }

    /// The daemon's status for the caller (`access`): its vehicle, speed and trip only for those who may see it.
    public static func current(databasePath: String?, access: MileageLogAccess) -> DaemonStatusView {
        let now = Date().timeIntervalSince1970
        let (status, running) = DaemonStatus.current(databasePath: databasePath, now: now)
        let visible = status.flatMap { access.canSee(plate: $0.vehicle) ? $0 : nil }
        return DaemonStatusView(
            status: visible, running: running, otherVehicle: status != nil && visible == nil, now: now)
    }

    enum CodingKeys: String, CodingKey {
        case running, vehicle, gpsd, connected, reconnects, trip
        case speed = "speed_mps"
        case lastFixAge = "last_fix_age_s"
        case lastFixTime = "last_fix_time"
        case statusAge = "status_age_s"
    }

    enum TripKeys: String, CodingKey {
        case start
        case distance = "distance_m"
        case standingSince = "standing_since"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(running, forKey: .running)
        guard let status else { return }
        try c.encode(status.vehicle, forKey: .vehicle)
        try c.encode(status.gpsdEndpoint, forKey: .gpsd)
        try c.encode(running && status.connected, forKey: .connected)
        try c.encode(status.reconnects, forKey: .reconnects)
        if let speed = status.speed, running { try c.encodeIfPresent(ViewNumber.rounded(speed, 2), forKey: .speed) }
        if let at = status.lastFixReceivedAt {
            try c.encodeIfPresent(ViewNumber.rounded(now - at, 1), forKey: .lastFixAge)
        }
        if let time = status.lastFixTime {
            try c.encode(Timestamp(secondsSince1970: time).iso8601, forKey: .lastFixTime)
        }
        if let trip = status.trip {
            var t = c.nestedContainer(keyedBy: TripKeys.self, forKey: .trip)
            try t.encode(Timestamp(secondsSince1970: trip.start).iso8601, forKey: .start)
            try t.encodeIfPresent(ViewNumber.rounded(trip.distance, 1), forKey: .distance)
            if let standing = trip.standingSince {
                try t.encode(Timestamp(secondsSince1970: standing).iso8601, forKey: .standingSince)
            }
        }
        try c.encodeIfPresent(ViewNumber.rounded(now - status.updatedAt, 1), forKey: .statusAge)
    }
}
