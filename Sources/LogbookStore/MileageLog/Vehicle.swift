public import TrackModel

/// A vehicle of the logbook, identified by its number plate.
public struct Vehicle: Codable, Sendable, Hashable {
    /// The row id; `nil` until stored. Get stored vehicles from `AppDatabase.vehicle(plate:)`.
    public var id: Int64?
    /// The number plate, trimmed; unique without regard to ASCII case.
    public var plate: String
    public var createdAt: Timestamp

    /// The plate used when the configuration names no vehicle.
    public static let defaultPlate = "default"

    public init(id: Int64? = nil, plate: String, createdAt: Timestamp) {
        self.id = id
        self.plate = plate
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case plate
        case createdAt = "created_at"
    }

    // MARK: Row

    public static let databaseTableName = "vehicle"

    /// Columns are read explicitly, so the table keeps REAL timestamps whatever `Codable` does.
    public init(row: SQLRow) throws {
        id = try row["id"]
        plate = try row["plate"]
        createdAt = Timestamp(secondsSince1970: try row["created_at"])
    }
}
