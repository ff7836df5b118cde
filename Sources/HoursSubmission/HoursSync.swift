import Foundation
public import LogbookStore
public import Logging
public import Hours
import TrackModel

/// Delivers the queued changes of hours entries, oldest first, each entry's changes in order.
///
/// A change the receiver took is marked sent; one that may work later (no connection, a timeout, 408, 429, 5xx)
/// is counted and due again after a backoff, and holds back the later changes of its entry; one the receiver
/// refused is marked failed with its message until `hours retry`. A change is marked only after its answer, so a
/// process killed in between sends it again — with the same `Idempotency-Key`, which the receiver applies once.
///
/// Several servers on one log sync the same outbox: each change is claimed first (`HoursDeliveryStore`) for
/// `claimDuration`, so one server sends it; a server stopped mid-delivery leaves its claim to run out.
public struct HoursSync: Sendable {
    /// What one pass did.
    public struct Summary: Sendable, Hashable {
        public var sent = 0
        public var deferred = 0
        public var refused = 0
        /// Changes still pending after the pass (due now or later).
        public var pending = 0
        /// Changes that failed (refused in this pass or earlier).
        public var failed = 0
        /// The last problem per change tried in this pass and not sent: (change id, what happened).
        public var problems: [Problem] = []

        public struct Problem: Sendable, Hashable {
            public var change: Int64
            public var entry: String
            public var refused: Bool
            public var message: String
        }
    }

    public let database: AppDatabase
    public let client: PayrollClient
    public var backoff: SubmissionBackoff
    public let logger: Logger
    /// A random number in 0..<1 for each backoff (injected for tests).
    public var jitter: @Sendable () -> Double
    /// This process's name in the claims.
    public var worker = ProcessName.current
    /// How long a change stays claimed: longer than `claimBatch` deliveries may take.
    public var claimDuration: Double = 300
    /// How many changes a pass claims at a time: other servers deliver the rest meanwhile, and a claim need only
    /// outlast this many deliveries.
    public var claimBatch = 20

    public init(
        database: AppDatabase, client: PayrollClient, backoff: SubmissionBackoff = SubmissionBackoff(),
        logger: Logger, jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.database = database
        self.client = client
        self.backoff = backoff
        self.logger = logger
        self.jitter = jitter
    }

    /// Sends what is pending (with `dueOnly`, only what its backoff lets go now) until nothing more can be sent in
    /// this pass. Stops early when the task is cancelled; throws only when the log cannot be read or written.
    public func run(dueOnly: Bool) async throws -> Summary {
        var summary = Summary()
        var held: Set<String> = []
        while !Task.isCancelled {
            let claimed = try database.claimHoursChanges(
                worker: worker, now: database.now.secondsSince1970, duration: claimDuration, dueOnly: dueOnly,
                limit: claimBatch)
            // An entry held back in this pass waits for the next one: its change is given back unsent.
            let batch = claimed.filter { !held.contains($0.entryUUID) }
            let skipped = claimed.filter { held.contains($0.entryUUID) }.map(\.id)
            if !skipped.isEmpty { try database.releaseHoursChanges(skipped, worker: worker) }
            if batch.isEmpty { break }
            for change in batch {
                if Task.isCancelled { break }
                let outcome = await client.send(change)
                switch outcome {
                case .accepted:
                    try database.markHoursChangeSent(change.id)
                    summary.sent += 1
                    logger.debug(
                        "Change delivered",
                        metadata: ["hours.change": "\(change.id)", "hours.method": "\(change.method.rawValue)"])
                case .retryLater(let reason, let retryAfter):
                    let delay = backoff.delay(
                        afterFailures: change.attempts + 1, retryAfter: retryAfter, jitter: jitter())
                    try database.markHoursChangeDeferred(
                        change.id, error: reason, nextAttempt: Moment(Date().addingTimeInterval(delay)))
                    held.insert(change.entryUUID)
                    summary.deferred += 1
                    summary.problems.append(
                        .init(change: change.id, entry: change.entryUUID, refused: false, message: reason))
                    logger.notice(
                        "Change not delivered; will try again",
                        metadata: [
                            "hours.change": "\(change.id)", "hours.reason": "\(reason)",
                            "hours.retry_in_s": "\(Int(delay.rounded()))",
                        ])
                case .refused(let message):
                    try database.markHoursChangeFailed(change.id, error: message)
                    held.insert(change.entryUUID)
                    summary.refused += 1
                    summary.problems.append(
                        .init(change: change.id, entry: change.entryUUID, refused: true, message: message))
                    logger.warning(
                        "The payroll system refused a change",
                        metadata: ["hours.change": "\(change.id)", "hours.reason": "\(message)"])
                }
            }
        }
        let counts = try database.hoursChangeCounts()
        summary.pending = counts[.pending] ?? 0
        summary.failed = counts[.failed] ?? 0
        return summary
    }
}
