public import Foundation
public import LogbookStore
import TrackModel
import Hours

/// The changes queued for the payroll system (`hours status --format json`):
/// `{"endpoint": URL | null, "counts": {"pending", "sent", "failed"}, "changes": [change…]}`.
public struct HoursOutboxView: Encodable, Sendable, Hashable {
    public var endpoint: String?
    public var counts: Counts
    public var changes: [Change]

    public struct Counts: Encodable, Sendable, Hashable {
        public var pending: Int
        public var sent: Int
        public var failed: Int
    }

    /// `{"id", "shift" (the entry's number; null once deleted), "shift_id", "method", "state", "attempts",
    /// "created", "next_attempt", "sent", "error", "idempotency_key"}`; times ISO 8601 in UTC.
    public struct Change: Encodable, Sendable, Hashable {
        public var id: Int64
        public var number: Int64?
        public var entryID: String
        public var method: String
        public var state: HoursSyncState
        public var attempts: Int
        public var created: String
        /// When a pending change is tried next.
        public var nextAttempt: String?
        public var sent: String?
        public var error: String?
        public var idempotencyKey: String

        enum CodingKeys: String, CodingKey {
            case id, method, state, attempts, created, sent, error
            case number = "shift"
            case entryID = "shift_id"
            case nextAttempt = "next_attempt"
            case idempotencyKey = "idempotency_key"
        }

        public init(_ change: HoursChange, number: Int64?) {
            id = change.id
            self.number = number
            entryID = change.entryUUID
            method = change.method.rawValue
            state = change.status
            attempts = change.attempts
            created = Self.time(change.createdAt.seconds)
            nextAttempt = change.status == .pending ? Self.time(change.nextAttemptAt.seconds) : nil
            sent = change.sentAt.map { Self.time($0.seconds) }
            error = change.lastError
            idempotencyKey = change.changeUUID
        }

        static func time(_ seconds: Double) -> String { Timestamp(secondsSince1970: seconds).iso8601 }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(number, forKey: .number)
            try c.encode(entryID, forKey: .entryID)
            try c.encode(method, forKey: .method)
            try c.encode(state, forKey: .state)
            try c.encode(attempts, forKey: .attempts)
            try c.encode(created, forKey: .created)
            try c.encode(nextAttempt, forKey: .nextAttempt)
            try c.encode(sent, forKey: .sent)
            try c.encode(error, forKey: .error)
            try c.encode(idempotencyKey, forKey: .idempotencyKey)
        }
    }

    public init(endpoint: URL?, counts: [HoursSyncState: Int], changes: [Change]) {
        self.endpoint = endpoint?.absoluteString
        self.counts = Counts(
            pending: counts[.pending] ?? 0, sent: counts[.sent] ?? 0, failed: counts[.failed] ?? 0)
        self.changes = changes
    }

    enum CodingKeys: String, CodingKey { case endpoint, counts, changes }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(endpoint, forKey: .endpoint)
        try c.encode(counts, forKey: .counts)
        try c.encode(changes, forKey: .changes)
    }
}
