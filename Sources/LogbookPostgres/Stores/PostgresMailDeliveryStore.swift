import Foundation
public import LogbookStore
public import TrackModel

/// `MailDeliveryStore` on PostgreSQL: servers claiming at once lock the rows they take and skip the rows another one
/// is taking (`FOR UPDATE SKIP LOCKED`), so each due message is claimed by one of them and none waits on another.
public struct PostgresMailDeliveryStore: MailDeliveryStore {
    let pool: PostgresPool
    let clock: @Sendable () -> Timestamp

    public init(pool: PostgresPool, clock: @escaping @Sendable () -> Timestamp = PostgresStores.systemClock) {
        self.pool = pool
        self.clock = clock
    }

    public func claimDueMail(worker: String, now: Double, duration: Double, limit: Int, only ids: Set<Int64>?) throws
        -> [OutboxMessage]
    {
        try pool.write("claimDueMail") { session in
            try Self.freeAbandonedClaims(in: "mail_outbox", now: now, session)
            var sql = """
                SELECT id FROM mail_outbox
                WHERE status = 'pending' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)
                """
            var binds: [SQLValue] = [.double(now), .double(now)]
            if let ids {
                sql += " AND id IN (\(ids.map { _ in "?" }.joined(separator: ", ")))"
                binds += ids.sorted().map { .int($0) }
            }
            sql += " ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED"
            binds.append(.int(limit))
            let chosen = try session.rows(sql, binds).map { try $0.int("id") }
            guard !chosen.isEmpty else { return [] }
            let marks = chosen.map { _ in "?" }.joined(separator: ", ")
            return try session.rows(
                """
                UPDATE mail_outbox SET claimed_by = ?, claimed_until = ? WHERE id IN (\(marks))
                RETURNING id, created_at, sender, recipients, message_id, subject, message, status, attempts,
                    next_attempt_at, last_error, sent_at
                """,
                [.text(worker), .double(now + duration)] + chosen.map { .int($0) }
            ).map(Self.message).sorted { $0.id < $1.id }
        }
    }

    public func markSent(_ id: Int64) throws {
        let now = clock().secondsSince1970
        try pool.write("markSent") { session in
            try session.execute(
                """
                UPDATE mail_outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL,
                    claimed_by = NULL, claimed_until = NULL
                WHERE id = ? AND status = 'pending'
                """, [.double(now), .int(id)])
        }
    }

    public func markFailed(_ id: Int64, error: String, retry: RetryPolicy) throws {
        let now = clock().secondsSince1970
        try pool.write("markFailed") { session in
            guard
                let attempts = try session.row(
                    "SELECT attempts FROM mail_outbox WHERE id = ? AND status = 'pending' FOR UPDATE", [.int(id)]
                )?.int("attempts")
            else { return }
            let made = Int(attempts) + 1
            try session.execute(
                """
                UPDATE mail_outbox SET attempts = ?, status = ?, last_error = ?, next_attempt_at = ?,
                    claimed_by = NULL, claimed_until = NULL
                WHERE id = ?
                """,
                [
                    .int(made), .text(made >= retry.maximumAttempts ? "failed" : "pending"),
                    .text(String(error.prefix(500))), .double(now + retry.delay(afterAttempts: made)), .int(id),
                ])
        }
    }

    /// Gives up the running claims of processes of this host that have stopped (`AbandonedClaims`).
    static func freeAbandonedClaims(in table: String, now: Double, _ session: PostgresSession) throws {
        let running = try session.rows(
            "SELECT DISTINCT claimed_by FROM \(table) WHERE claimed_by IS NOT NULL AND claimed_until > ?",
            [.double(now)]
        ).map { try $0.text("claimed_by") }
        for holder in AbandonedClaims.holders(running) {
            try session.execute(
                "UPDATE \(table) SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ? AND status = 'pending'",
                [.text(holder)])
        }
    }

    static func message(_ row: SQLRow) throws -> OutboxMessage {
        OutboxMessage(
            id: try row.int("id"), createdAt: Timestamp(secondsSince1970: try row.double("created_at")),
            sender: try row.text("sender"),
            recipients: try row.text("recipients").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }, messageID: try row.text("message_id"), subject: try row.text("subject"),
            message: try row.optionalBytes("message") ?? [],
            status: OutboxMessage.Status(rawValue: try row.text("status")) ?? .pending,
            attempts: Int(try row.int("attempts")),
            nextAttemptAt: Timestamp(secondsSince1970: try row.double("next_attempt_at")),
            lastError: try row.optionalText("last_error"),
            sentAt: try row.optionalDouble("sent_at").map(Timestamp.init(secondsSince1970:)))
    }
}
