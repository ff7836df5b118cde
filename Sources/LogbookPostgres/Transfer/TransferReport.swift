import LogbookStore
import MileageLog
import TrackModel

/// What `logbook database export|import` copied: `{"source", "destination", "tables": [{"table", "rows"}], "rows",
/// "audit": {"entries", "last_sequence", "last_hash", "source_intact", "destination_intact"}}`.
public struct TransferReport: Sendable, Encodable {
    public struct Table: Sendable, Encodable {
        public var table: String
        public var rows: Int
    }

    public struct Audit: Sendable, Encodable {
        public var entries: Int
        public var lastSequence: Int64
        public var lastHash: String
        public var sourceIntact: Bool
        public var destinationIntact: Bool

        enum CodingKeys: String, CodingKey {
            case entries
            case lastSequence = "last_sequence"
            case lastHash = "last_hash"
            case sourceIntact = "source_intact"
            case destinationIntact = "destination_intact"
        }
    }

    public var source: String
    public var destination: String
    public var tables: [Table]
    public var rows: Int { tables.reduce(0) { $0 + $1.rows } }
    public var audit: Audit

    enum CodingKeys: String, CodingKey {
        case source, destination, tables, rows, audit
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(destination, forKey: .destination)
        try container.encode(tables, forKey: .tables)
        try container.encode(rows, forKey: .rows)
        try container.encode(audit, forKey: .audit)
    }
}

/// The audit history read alike from either database (standard SQL), and checked by the one pure function
/// `AuditVerification.verify`.
enum TransferAudit {
    static let entriesSQL = """
        SELECT sequence, recorded_at, actor, entity, entity_id, action, field, old_value, new_value, previous_hash, hash
        FROM audit_entry ORDER BY sequence
        """
    static let tripsSQL = """
        SELECT trip.id, vehicle.plate, driver.name, trip.started_at, trip.ended_at, trip.distance_m,
            trip.start_odometer, trip.end_odometer, trip.category, trip.purpose, trip.partner, trip.destination,
            trip.notes, trip.start_label, trip.end_label, trip.source, trip.void_reason
        FROM trip JOIN vehicle ON vehicle.id = trip.vehicle_id LEFT JOIN driver ON driver.id = trip.driver_id
        ORDER BY trip.id
        """
    static let readingsSQL = "SELECT id, read_at, reading, note, void_reason FROM odometer_reading ORDER BY id"

    static let tripTexts = [
        "category", "purpose", "partner", "destination", "notes", "start_label", "end_label", "source", "void_reason",
    ]

    static func report(entries: [[TransferValue]], trips: [[TransferValue]], readings: [[TransferValue]])
        -> AuditReport
    {
        let auditEntries = entries.map { row in
            AuditEntry(
                sequence: row[0].integer ?? 0,
                change: AuditChange(
                    actor: row[2].text ?? "", time: Timestamp(secondsSince1970: row[1].real ?? .nan),
                    entity: row[3].text ?? "", entityID: row[4].text ?? "",
                    action: AuditAction(rawValue: row[5].text ?? "") ?? .edit, field: row[6].text,
                    oldValue: row[7].text, newValue: row[8].text),
                previousHash: row[9].text ?? "", hash: row[10].text ?? "")
        }
        let audited = trips.map { row in
            var texts: [String: String] = [:]
            for (offset, name) in tripTexts.enumerated() { texts[name] = row[8 + offset].text }
            return AuditedTrip(
                id: row[0].integer ?? 0,
                values: AuditedTrip.values(
                    plate: row[1].text, driver: row[2].text, startedAt: row[3].real, endedAt: row[4].real,
                    distanceMetres: row[5].real, startOdometer: row[6].real, endOdometer: row[7].real, texts: texts))
        }
        let auditedReadings = readings.map { row in
            AuditedReading(
                id: row[0].integer ?? 0, readAt: row[1].real ?? .nan, reading: row[2].real ?? .nan, note: row[3].text,
                voidReason: row[4].text)
        }
        return AuditVerification.verify(entries: auditEntries, trips: audited, readings: auditedReadings)
    }
}
