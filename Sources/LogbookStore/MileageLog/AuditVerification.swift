public import MileageLog

/// A trip's audited fields as the history writes them (absent values left out), read from whichever database.
public struct AuditedTrip: Sendable, Hashable {
    public var id: Int64
    public var values: [String: String]

    public init(id: Int64, values: [String: String]) {
        self.id = id
        self.values = values
    }

    /// The audited fields of a trip row: its vehicle's plate, its driver's name, numbers as the history writes them
    /// (the shortest text that reads back as the same `Double`), and the texts (`category`, `purpose`, `partner`,
    /// `destination`, `notes`, `start_label`, `end_label`, `source`, `void_reason`) as they are.
    public static func values(
        plate: String?, driver: String?, startedAt: Double?, endedAt: Double?, distanceMetres: Double?,
        startOdometer: Double?, endOdometer: Double?, texts: [String: String]
    ) -> [String: String] {
        var values = texts
        values["vehicle"] = plate
        values["driver"] = driver
        values["start"] = AuditSnapshot.number(startedAt)
        values["end"] = AuditSnapshot.number(endedAt)
        values["distance_m"] = AuditSnapshot.number(distanceMetres)
        values["start_odometer"] = AuditSnapshot.number(startOdometer)
        values["end_odometer"] = AuditSnapshot.number(endOdometer)
        return values
    }
}

/// An odometer reading's audited fields, read from whichever database.
public struct AuditedReading: Sendable, Hashable {
    public var id: Int64
    public var readAt: Double
    public var reading: Double
    public var note: String?
    public var voidReason: String?

    public init(id: Int64, readAt: Double, reading: Double, note: String?, voidReason: String?) {
        self.id = id
        self.readAt = readAt
        self.reading = reading
        self.note = note
        self.voidReason = voidReason
    }

    var values: [String: String] {
        var values: [String: String] = [:]
        values["read_at"] = AuditSnapshot.number(readAt)
        values["reading"] = AuditSnapshot.number(reading)
        values["note"] = note
        values["void_reason"] = voidReason
        return values
    }
}

/// `audit verify` as a pure function over the rows, so that the same code checks a log on SQLite and on PostgreSQL:
/// the hash chain (`AuditChain.verify`), then every trip and odometer reading against the values its history says
/// it has now.
public enum AuditVerification {
    /// The fields of an odometer reading its history records (`forced` is a mark, not a value, and is left out).
    static let readingFields = ["read_at", "reading", "note", "void_reason"]

    /// `entries` in sequence order; `trips` and `readings` in id order.
    public static func verify(entries: [AuditEntry], trips: [AuditedTrip], readings: [AuditedReading]) -> AuditReport {
        var problems: [AuditProblem] = []
        let head: AuditAnchor
        switch AuditChain.verify(entries) {
        case .intact(_, let last):
            head = last
        case .broken(let broken):
            let entry = entries[broken.index]
            problems.append(
                AuditProblem(
                    kind: .brokenChain, sequence: broken.sequence, tripID: Int64(entry.change.entityID),
                    message: "\(broken) (it records \(entry.change.entity) \(entry.change.entityID))"))
            head = AuditAnchor(
                sequence: entries.last?.sequence ?? 0, hash: entries.last?.hash ?? AuditAnchor.genesis.hash)
        }
        // Replay the history into the values each trip must have now.
        var expected = replay(entries, entity: "trip")
        for trip in trips {
            guard let history = expected.removeValue(forKey: trip.id) else {
                problems.append(
                    AuditProblem(
                        kind: .tripWithoutHistory, tripID: trip.id,
                        message: "trip \(trip.id): not in the audit history (added behind the log's back)"))
                continue
            }
            for field in AuditedField.all where trip.values[field] != history.values[field] {
                problems.append(
                    AuditProblem(
                        kind: .tripChanged, sequence: history.lastSequence, tripID: trip.id, field: field,
                        message: "trip \(trip.id): \(field) is \(quoted(trip.values[field])) but the audit history "
                            + "(up to entry \(history.lastSequence)) says \(quoted(history.values[field]))"))
            }
        }
        for id in expected.keys.sorted() {
            problems.append(
                AuditProblem(
                    kind: .tripMissing, tripID: id,
                    message: "trip \(id): in the audit history but missing from the log (deleted)"))
        }
        let readingHistory = replay(entries, entity: "odometer_reading")
        for reading in readings {
            let actual = reading.values
            guard let history = readingHistory[reading.id] else {
                problems.append(
                    AuditProblem(
                        kind: .readingWithoutHistory,
                        message: "odometer reading \(reading.id): not in the audit history (added behind the log's "
                            + "back)"))
                continue
            }
            for field in readingFields where actual[field] != history.values[field] {
                problems.append(
                    AuditProblem(
                        kind: .readingChanged, sequence: history.lastSequence, field: field,
                        message: "odometer reading \(reading.id): \(field) is \(quoted(actual[field])) but the audit "
                            + "history (up to entry \(history.lastSequence)) says \(quoted(history.values[field]))"))
            }
        }
        return AuditReport(entries: entries.count, trips: trips.count, head: head, problems: problems)
    }

    /// The values each entity of a kind must have after its history: the snapshot of its creation (or merge or split),
    /// then each edit and void.
    static func replay(_ entries: [AuditEntry], entity: String) -> [Int64: (
        values: [String: String], lastSequence: Int64
    )] {
        var expected: [Int64: (values: [String: String], lastSequence: Int64)] = [:]
        for entry in entries where entry.change.entity == entity {
            guard let id = Int64(entry.change.entityID) else { continue }
            switch entry.change.action {
            case .create, .merge, .split:
                expected[id] = (AuditSnapshot.decode(entry.change.newValue) ?? [:], entry.sequence)
            case .edit, .void:
                guard var current = expected[id], let field = entry.change.field else { continue }
                current.values[field] = entry.change.newValue
                current.lastSequence = entry.sequence
                expected[id] = current
            }
        }
        return expected
    }

    private static func quoted(_ value: String?) -> String { value.map { "'\($0)'" } ?? "empty" }
}
