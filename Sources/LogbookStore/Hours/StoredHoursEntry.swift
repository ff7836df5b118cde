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
}

/// A link in the menu: for everyone, or for one driver.
public struct StoredLink: Sendable, Hashable {
    public var id: Int64
    public var link: WebLink
    public var driver: String?
}
