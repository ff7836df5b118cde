public import GRDB
public import TrackModel

/// A phone or tracker that reports positions over HTTP for one vehicle. Only the SHA-256 hash of its token is
/// stored; the token itself is shown once, when the device is added.
public struct Device: Codable, FetchableRecord, PersistableRecord, Sendable, Hashable {
    /// The row id; `nil` until stored.
    public var id: Int64?
    /// The device's name, trimmed; unique without regard to ASCII case (OwnTracks sends it as its user).
    public var name: String
    public var vehicleID: Int64
    /// The SHA-256 hash of the token, 64 lower-case hexadecimal digits.
    public var tokenHash: String
    /// The unit the device reports speeds in (an `Ingest` speed unit's raw value).
    public var speedUnit: String
    public var revokedAt: Timestamp?
    public var createdAt: Timestamp
    public var lastSeenAt: Timestamp?
    /// The battery level (percent) the device last reported.
    public var lastBattery: Double?

    public init(
        id: Int64? = nil, name: String, vehicleID: Int64, tokenHash: String, speedUnit: String,
        revokedAt: Timestamp? = nil, createdAt: Timestamp, lastSeenAt: Timestamp? = nil, lastBattery: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.vehicleID = vehicleID
        self.tokenHash = tokenHash
        self.speedUnit = speedUnit
        self.revokedAt = revokedAt
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.lastBattery = lastBattery
    }

    enum CodingKeys: String, CodingKey {
        case id
        case name
        case vehicleID = "vehicle_id"
        case tokenHash = "token_hash"
        case speedUnit = "speed_unit"
        case revokedAt = "revoked_at"
        case createdAt = "created_at"
        case lastSeenAt = "last_seen_at"
        case lastBattery = "last_battery"
    }

    // MARK: Record

    public static let databaseTableName = "device"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let name = Column(CodingKeys.name)
        public static let vehicleID = Column(CodingKeys.vehicleID)
        public static let tokenHash = Column(CodingKeys.tokenHash)
        public static let speedUnit = Column(CodingKeys.speedUnit)
        public static let revokedAt = Column(CodingKeys.revokedAt)
        public static let createdAt = Column(CodingKeys.createdAt)
        public static let lastSeenAt = Column(CodingKeys.lastSeenAt)
        public static let lastBattery = Column(CodingKeys.lastBattery)
    }

    /// Columns are read and written explicitly, so the table keeps REAL timestamps.
    public init(row: SQLRow) throws {
        id = row[Columns.id]
        name = row[Columns.name]
        vehicleID = row[Columns.vehicleID]
        tokenHash = row[Columns.tokenHash]
        speedUnit = row[Columns.speedUnit]
        revokedAt = (row[Columns.revokedAt] as Double?).map(Timestamp.init(secondsSince1970:))
        createdAt = Timestamp(secondsSince1970: row[Columns.createdAt])
        lastSeenAt = (row[Columns.lastSeenAt] as Double?).map(Timestamp.init(secondsSince1970:))
        lastBattery = row[Columns.lastBattery]
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id
        container[Columns.name] = name
        container[Columns.vehicleID] = vehicleID
        container[Columns.tokenHash] = tokenHash
        container[Columns.speedUnit] = speedUnit
        container[Columns.revokedAt] = revokedAt?.secondsSince1970
        container[Columns.createdAt] = createdAt.secondsSince1970
        container[Columns.lastSeenAt] = lastSeenAt?.secondsSince1970
        container[Columns.lastBattery] = lastBattery
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
