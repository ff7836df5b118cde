public import Foundation
public import Hours

/// Where an entry stands with the payroll system.
public enum HoursSyncState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Changes are waiting to be sent (or the entry is still running).
    case pending
    /// Every change arrived.
    case sent
    /// The payroll system refused a change; `hours retry` sends it again.
    case failed
}

/// A stored entry: its number in the log, the entry, and its state.
public struct StoredHoursEntry: Sendable, Hashable {
    public var number: Int64
    public var entry: HoursEntry
    /// Since when a running clock is paused.
    public var pausedAt: Moment?
    public var sync: HoursSyncState
    public var updatedAt: Moment
    /// The payroll system's last word on a change of the entry not sent yet: the message of a refused change (the
    /// one holding the entry's line), else the last problem of one waiting to be tried again; nil when none.
    public var syncError: String?

    public init(
        number: Int64, entry: HoursEntry, pausedAt: Moment?, sync: HoursSyncState, updatedAt: Moment,
        syncError: String? = nil
    ) {
        self.number = number
        self.entry = entry
        self.pausedAt = pausedAt
        self.sync = sync
        self.updatedAt = updatedAt
        self.syncError = syncError
    }
}

/// Whether a driver's pay period was submitted and whether it is locked.
public struct PayPeriodStatus: Sendable, Hashable {
    public var submittedAt: Moment?
    public var submittedBy: String?
    public var lockedAt: Moment?
    public var lockedBy: String?

    public init(
        submittedAt: Moment? = nil, submittedBy: String? = nil, lockedAt: Moment? = nil, lockedBy: String? = nil
    ) {
        self.submittedAt = submittedAt
        self.submittedBy = submittedBy
        self.lockedAt = lockedAt
        self.lockedBy = lockedBy
    }

    public var isLocked: Bool { lockedAt != nil }
    public var isSubmitted: Bool { submittedAt != nil }
}

/// A change waiting for (or done with) the payroll system.
public struct HoursChange: Sendable, Hashable {
    public enum Method: String, Sendable, Hashable {
        case put = "PUT"
        case delete = "DELETE"
    }

    public var id: Int64
    /// The `Idempotency-Key`: the receiver applies a change once however often it arrives.
    public var changeUUID: String
    public var entryUUID: String
    public var method: Method
    public var body: Data?
    public var createdAt: Moment
    public var status: HoursSyncState
    public var attempts: Int
    public var nextAttemptAt: Moment
    public var lastError: String?
    public var sentAt: Moment?

    public init(
        id: Int64, changeUUID: String, entryUUID: String, method: Method, body: Data?, createdAt: Moment,
        status: HoursSyncState, attempts: Int, nextAttemptAt: Moment, lastError: String?, sentAt: Moment?
    ) {
        self.id = id
        self.changeUUID = changeUUID
        self.entryUUID = entryUUID
        self.method = method
        self.body = body
        self.createdAt = createdAt
        self.status = status
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
        self.sentAt = sentAt
    }
}

/// Delivering the changes of hours to the payroll system from several servers at once: each entry's oldest change
/// not yet sent is claimed by one server at a time, so the receiver never gets an entry's changes twice at once or
/// out of order; a claim that ran out (its server stopped) is taken over. `AppDatabase`, on SQLite and on PostgreSQL
/// (there the rows a server claims are locked and the others' skipped: `FOR UPDATE SKIP LOCKED`).
public protocol HoursDeliveryStore: Sendable {
    /// Claims, for `worker` until `now + duration`, each entry's oldest unsent change that is pending (with
    /// `dueOnly`: whose backoff has passed at `now`) and not under a running claim; oldest first, at most `limit` (so
    /// that a claim need only outlast that many deliveries, and other servers take the rest meanwhile).
    func claimHoursChanges(worker: String, now: Double, duration: Double, dueOnly: Bool, limit: Int) throws
        -> [HoursChange]
    /// The receiver took the change; ends the claim.
    func markHoursChangeSent(_ id: Int64) throws
    /// A try that may work later: counted, due again at `nextAttempt`; ends the claim.
    func markHoursChangeDeferred(_ id: Int64, error: String, nextAttempt: Moment) throws
    /// The receiver refused the change; ends the claim.
    func markHoursChangeFailed(_ id: Int64, error: String) throws
    /// Gives claimed changes back unsent (`worker`'s claims only).
    func releaseHoursChanges(_ ids: [Int64], worker: String) throws
}

extension HoursDeliveryStore {
    /// Every claimable change at once.
    public func claimHoursChanges(worker: String, now: Double, duration: Double, dueOnly: Bool) throws
        -> [HoursChange]
    {
        try claimHoursChanges(worker: worker, now: now, duration: duration, dueOnly: dueOnly, limit: Int(Int32.max))
    }
}

/// The statement that picks each entry's change to claim, on both databases. Values: due-only flag (0 or 1), now,
/// now, the most to claim.
public enum HoursClaims {
    public static let claimableSQL = """
        SELECT o.id FROM hours_outbox o
        WHERE o.status = 'pending' AND (? = 0 OR o.next_attempt_at <= ?)
        AND (o.claimed_until IS NULL OR o.claimed_until <= ?)
        AND NOT EXISTS (
            SELECT 1 FROM hours_outbox p WHERE p.shift_uuid = o.shift_uuid AND p.id < o.id AND p.status != 'sent')
        ORDER BY o.id LIMIT ?
        """
}

/// A link in the menu: for everyone, or for one driver.
public struct StoredLink: Sendable, Hashable {
    public var id: Int64
    public var link: WebLink
    public var driver: String?
}
