import Foundation
import TrackFormats
public import MileageLog
import TrackModel

/// The trip fields the audit history records, by the names its entries use.
enum AuditedField {
    static let all = [
        "vehicle", "driver", "start", "end", "distance_m", "start_odometer", "end_odometer", "category", "purpose",
        "partner", "destination", "notes", "start_label", "end_label", "source", "void_reason",
    ]
}

/// Appends entries to the audit chain inside one write transaction.
struct AuditWriter {
    private var chain: AuditChain
    let actor: String
    let time: Timestamp

    init(_ db: any SQLSession, actor: String, time: Timestamp) throws {
        if let row = try SQLRow.fetchOne(
            db, sql: "SELECT sequence, hash FROM audit_entry ORDER BY sequence DESC LIMIT 1")
        {
            chain = AuditChain(after: AuditAnchor(sequence: try row["sequence"], hash: try row["hash"]))
        } else {
            chain = AuditChain()
        }
        self.actor = actor
        self.time = time
    }

    mutating func record(
        _ db: any SQLSession, trip: Int64, action: AuditAction, field: String? = nil, old: String? = nil,
        new: String? = nil, actor: String? = nil
    ) throws {
        try record(db, entity: "trip", id: trip, action: action, field: field, old: old, new: new, actor: actor)
    }

    /// Appends one entry about any entity (`trip`, `odometer_reading`, `trip_conflict`).
    mutating func record(
        _ db: any SQLSession, entity: String, id: Int64, action: AuditAction, field: String? = nil, old: String? = nil,
        new: String? = nil, actor: String? = nil
    ) throws {
        let entry = chain.append(
            AuditChange(
                actor: actor ?? self.actor, time: time, entity: entity, entityID: String(id), action: action,
                field: field, oldValue: old, newValue: new))
        try db.execute(
            sql: """
                INSERT INTO audit_entry (
                    sequence, recorded_at, actor, entity, entity_id, action, field, old_value, new_value,
                    previous_hash, hash)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                entry.sequence, entry.change.time.secondsSince1970, entry.change.actor, entry.change.entity,
                entry.change.entityID, entry.change.action.rawValue, entry.change.field, entry.change.oldValue,
                entry.change.newValue, entry.previousHash, entry.hash,
            ])
    }

    /// Records a whole new trip: its snapshot as one JSON object.
    mutating func recordCreation(_ db: any SQLSession, trip: Int64, action: AuditAction = .create, note: String? = nil)
        throws
    {
        let snapshot = try AppDatabase.snapshot(trip: trip, db)
        try record(db, trip: trip, action: action, old: note, new: AuditSnapshot.encode(snapshot))
    }

    /// Records a new odometer reading: its values as one JSON object.
    mutating func recordReadingCreation(_ db: any SQLSession, reading id: Int64) throws {
        guard
            let row = try SQLRow.fetchOne(
                db, sql: "SELECT read_at, reading, note, forced FROM odometer_reading WHERE id = ?", arguments: [id])
        else { throw StoreError(.notFound, operation: "audit", detail: "there is no odometer reading \(id)") }
        var values: [String: String] = [:]
        values["read_at"] = AuditSnapshot.number(try row["read_at"])
        values["reading"] = AuditSnapshot.number(try row["reading"])
        values["note"] = try row["note"]
        if (try row["forced"] as Int?) == 1 { values["forced"] = "true" }
        try record(db, entity: "odometer_reading", id: id, action: .create, new: AuditSnapshot.encode(values))
    }

    /// Records each audited field that differs between two snapshots of one trip.
    mutating func recordEdits(
        _ db: any SQLSession, trip: Int64, from old: [String: String], to new: [String: String], actor: String? = nil
    ) throws {
        for field in AuditedField.all where old[field] != new[field] {
            try record(
                db, trip: trip, action: field == "void_reason" ? .void : .edit, field: field,
                old: old[field], new: new[field], actor: actor)
        }
    }
}

/// A trip's audited fields as text, as the audit history stores them.
enum AuditSnapshot {
    /// One compact JSON object, keys in code-point order: for the audited fields' ASCII names the text
    /// `JSONSerialization` writes with `.sortedKeys` and `.withoutEscapingSlashes` (tested), without its locale-aware
    /// key sort, which loads ICU (about 2 MB resident in the daemon, for every trip it stores).
    static func encode(_ snapshot: [String: String]) -> String {
        let members = snapshot.sorted { $0.key < $1.key }.map {
            TextEscaping.json($0.key) + ":" + TextEscaping.json($0.value)
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    static func decode(_ text: String?) -> [String: String]? {
        guard let text, let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { return nil }
        return object as? [String: String]
    }

    /// A number as the history writes it: the shortest text that reads back as the same `Double`.
    static func number(_ value: Double?) -> String? { value.map { "\($0)" } }
}

/// One thing `audit verify` found wrong.
public struct AuditProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// The chain itself is broken (an entry changed, removed or moved).
        case brokenChain = "broken-chain"
        /// A trip's row differs from what its history says.
        case tripChanged = "trip-changed"
        /// A trip has no history: inserted behind the log's back.
        case tripWithoutHistory = "trip-without-history"
        /// The history names a trip that is no longer there.
        case tripMissing = "trip-missing"
        /// An odometer reading's row differs from what its history says.
        case readingChanged = "reading-changed"
        /// An odometer reading has no history: inserted behind the log's back.
        case readingWithoutHistory = "reading-without-history"
    }

    public var kind: Kind
    public var sequence: Int64?
    public var tripID: Int64?
    public var field: String?
    public var message: String

    public var description: String { message }
}

/// What `verifyAudit` found.
public struct AuditReport: Sendable, Hashable {
    public var entries: Int
    public var trips: Int
    /// The last entry's sequence and hash: keep it elsewhere (a report, a mail) to detect a cut-off tail.
    public var head: AuditAnchor
    /// In the order found: the broken chain link first, then trips in id order.
    public var problems: [AuditProblem]

    public var isIntact: Bool { problems.isEmpty }
}

extension AppDatabase {
    /// The audit history, oldest first; of one trip, or of all.
    public func auditEntries(trip: Int64? = nil) throws -> [AuditEntry] {
        try read("auditEntries") { db in
            var sql = "SELECT * FROM audit_entry"
            var arguments = SQLArguments()
            if let trip {
                sql += " WHERE entity = 'trip' AND entity_id = ?"
                arguments += [String(trip)]
            }
            sql += " ORDER BY sequence"
            return try SQLRow.fetchAll(db, sql: sql, arguments: arguments).map(Self.auditEntry)
        }
    }

    /// Checks the hash chain and then every trip against its history: a row changed with the `sqlite3` shell
    /// keeps a valid chain but no longer matches the values the chain recorded.
    public func verifyAudit() throws -> AuditReport {
        try read("verifyAudit") { db in
            let entries = try SQLRow.fetchAll(db, sql: "SELECT * FROM audit_entry ORDER BY sequence")
                .map(Self.auditEntry)
            var trips: [AuditedTrip] = []
            for id in try Int64.fetchAll(db, sql: "SELECT id FROM trip ORDER BY id") {
                trips.append(AuditedTrip(id: id, values: try Self.snapshot(trip: id, db)))
            }
            let readings = try SQLRow.fetchAll(
                db, sql: "SELECT id, read_at, reading, note, void_reason FROM odometer_reading ORDER BY id"
            ).map { row in
                AuditedReading(
                    id: try row["id"], readAt: try row["read_at"], reading: try row["reading"], note: try row["note"],
                    voidReason: try row["void_reason"])
            }
            return AuditVerification.verify(entries: entries, trips: trips, readings: readings)
        }
    }

    /// The fields of an odometer reading its history records (`forced` is a mark, not a value, and is left out).
    static let readingFields = AuditVerification.readingFields

    static func auditEntry(_ row: SQLRow) throws -> AuditEntry {
        let actionText: String = try row["action"]
        let change = AuditChange(
            actor: try row["actor"], time: Timestamp(secondsSince1970: try row["recorded_at"]),
            entity: try row["entity"], entityID: try row["entity_id"],
            action: AuditAction(rawValue: actionText) ?? .edit,
            field: try row["field"], oldValue: try row["old_value"], newValue: try row["new_value"])
        return AuditEntry(
            sequence: try row["sequence"], change: change, previousHash: try row["previous_hash"],
            hash: try row["hash"])
    }

    /// A trip's audited fields as the history writes them; absent values are left out.
    static func snapshot(trip id: Int64, _ db: any SQLSession) throws -> [String: String] {
        guard
            let row = try SQLRow.fetchOne(
                db,
                sql: """
                    SELECT trip.*, vehicle.plate, driver.name AS driver_name FROM trip
                    JOIN vehicle ON vehicle.id = trip.vehicle_id
                    LEFT JOIN driver ON driver.id = trip.driver_id
                    WHERE trip.id = ?
                    """, arguments: [id])
        else { throw StoreError(.notFound, operation: "snapshot", detail: "trip \(id) does not exist") }
        var texts: [String: String] = [:]
        for text in ["category", "purpose", "partner", "destination", "notes", "start_label", "end_label", "source"] {
            texts[text] = try row[text]
        }
        texts["void_reason"] = try row["void_reason"]
        return AuditedTrip.values(
            plate: try row["plate"], driver: try row["driver_name"], startedAt: try row["started_at"],
            endedAt: try row["ended_at"], distanceMetres: try row["distance_m"],
            startOdometer: try row["start_odometer"], endOdometer: try row["end_odometer"], texts: texts)
    }
}
