public import TrackModel

/// A phone or tracker that reports positions over HTTP for one vehicle. Only the SHA-256 hash of its token is
/// stored; the token itself is shown once, when the device is added.
public struct Device: Codable, Sendable, Hashable {
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

    static let columns =
        "id, name, vehicle_id, token_hash, speed_unit, revoked_at, created_at, last_seen_at, last_battery"

    /// Columns are read and written explicitly, so the table keeps REAL timestamps.
    public init(row: SQLRow) throws {
        id = try row["id"]
        name = try row["name"]
        vehicleID = try row["vehicle_id"]
        tokenHash = try row["token_hash"]
        speedUnit = try row["speed_unit"]
        revokedAt = try row.optionalDouble("revoked_at").map(Timestamp.init(secondsSince1970:))
        createdAt = Timestamp(secondsSince1970: try row["created_at"])
        lastSeenAt = try row.optionalDouble("last_seen_at").map(Timestamp.init(secondsSince1970:))
        lastBattery = try row["last_battery"]
    }

    /// Stores a new device; the stored one, with its id.
    func inserted(_ db: any SQLSession) throws -> Device {
        var device = self
        device.id = try db.insertReturningID(
            sql: """
                INSERT INTO device (name, vehicle_id, token_hash, speed_unit, revoked_at, created_at, last_seen_at,
                    last_battery)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                name, vehicleID, tokenHash, speedUnit, revokedAt?.secondsSince1970, createdAt.secondsSince1970,
                lastSeenAt?.secondsSince1970, lastBattery,
            ])
        return device
    }

    /// The device whose `column` holds this value (a name compared without regard to case).
    static func fetch(name: String, _ db: any SQLSession) throws -> Device? {
        try SQLRow.fetchOne(
            db, sql: "SELECT \(columns) FROM device WHERE \(db.dialect.sameName("name"))", arguments: [name]
        ).map(Device.init(row:))
    }
}
