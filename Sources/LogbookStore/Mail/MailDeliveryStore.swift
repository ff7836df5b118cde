/// Delivering the mail outbox from several servers at once: each due message is claimed by one of them for the
/// time a delivery may take; a claim that ran out (its server stopped mid-delivery) is taken over by another.
///
/// Implemented by `AppDatabase` on both databases: on SQLite its one writer makes every claim in turn; on PostgreSQL
/// the claim also locks the rows it takes and skips those another server is taking (`FOR UPDATE SKIP LOCKED`).
public protocol MailDeliveryStore: Sendable {
    /// Claims up to `limit` pending messages due at `now` and not under a running claim, for `worker` until
    /// `now + duration`; oldest first. With `only`, just those messages.
    func claimDueMail(worker: String, now: Double, duration: Double, limit: Int, only ids: Set<Int64>?) throws
        -> [OutboxMessage]
    /// Records a delivery (a pending message only, so a message is never marked sent twice) and ends the claim.
    func markSent(_ id: Int64) throws
    /// Records a failed attempt and when to try again (or `failed` after the last attempt); ends the claim.
    func markFailed(_ id: Int64, error: String, retry: RetryPolicy) throws
}

/// What claims are: one statement shape for both implementations.
public enum MailClaims {
    /// How long a claim lasts: longer than a delivery may take (the SMTP client gives up after `[mail] timeout`,
    /// 60 s by default, per step), so that no server takes over a message another one is still sending.
    public static let defaultDuration: Double = 300
}

/// Claims held by processes of this host that have stopped (`ProcessName.isGone`) are given up before claiming, the
/// same way on both implementations: which holders to free, from those with running claims.
public enum AbandonedClaims {
    public static func holders(_ running: [String]) -> [String] { running.filter(ProcessName.isGone) }
}
