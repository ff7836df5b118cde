public import GRDB
public import TrackModel

/// A vehicle of the logbook, identified by its number plate.
public struct Vehicle: Codable, FetchableRecord, PersistableRecord, Sendable, Hashable {
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

    // MARK: Record

    public static let databaseTableName = "vehicle"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let plate = Column(CodingKeys.plate)
        public static let createdAt = Column(CodingKeys.createdAt)
    }

    /// Columns are read and written explicitly, so the table keeps REAL timestamps whatever
    /// `Codable` does.
    public init(row: SQLRow) throws {
        id = row[Columns.id]
        plate = row[Columns.plate]
        createdAt = Timestamp(secondsSince1970: row[Columns.createdAt])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Columns.id] = id
        container[Columns.plate] = plate
        container[Columns.createdAt] = createdAt.secondsSince1970
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
