import Foundation
public import TrackModel

/// A message in the outbox.
public struct OutboxMessage: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case pending
        case sent
        case failed
    }

    public var id: Int64
    public var createdAt: Timestamp
    public var sender: String
    public var recipients: [String]
    public var messageID: String
    public var subject: String
    /// The whole message as it goes on the wire (RFC 5322 with MIME parts).
    public var message: [UInt8]
    public var status: Status
    public var attempts: Int
    public var nextAttemptAt: Timestamp
    /// The last delivery failure; never holds a password.
    public var lastError: String?
    public var sentAt: Timestamp?

    public init(
        id: Int64, createdAt: Timestamp, sender: String, recipients: [String], messageID: String, subject: String,
        message: [UInt8], status: Status, attempts: Int, nextAttemptAt: Timestamp, lastError: String?,
        sentAt: Timestamp?
    ) {
        self.id = id
        self.createdAt = createdAt
        self.sender = sender
        self.recipients = recipients
        self.messageID = messageID
        self.subject = subject
        self.message = message
        self.status = status
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
        self.sentAt = sentAt
    }
}

/// When to try again after a failed delivery: 30 s, doubling, at most 6 hours apart; after `maximumAttempts`
/// failures the message is `failed` (until `logbook mail retry`).
public struct RetryPolicy: Sendable, Hashable {
    public var firstDelay: Double
    public var maximumDelay: Double
    public var maximumAttempts: Int

    public init(firstDelay: Double = 30, maximumDelay: Double = 6 * 3_600, maximumAttempts: Int = 12) {
        self.firstDelay = firstDelay
        self.maximumDelay = maximumDelay
        self.maximumAttempts = maximumAttempts
    }

    /// Seconds to wait after the `attempts`-th failure.
    public func delay(afterAttempts attempts: Int) -> Double {
        min(maximumDelay, firstDelay * pow(2, Double(max(0, attempts - 1))))
    }
}

extension AppDatabase: MailDeliveryStore {
    /// Queues a message; when `report` names a vehicle and period, records the delivery in the same transaction
    /// and refuses (returns nil) if that period was already queued for the vehicle.
    @discardableResult
    public func enqueueMail(
        sender: String, recipients: [String], messageID: String = "", subject: String, message: [UInt8],
        report: (vehicle: String, period: String)? = nil
    ) throws -> Int64? {
        let now = clock().secondsSince1970
        return try write("enqueueMail") { db -> Int64? in
            var vehicleID: Int64?
            if let report {
                vehicleID = try Self.requireVehicle(report.vehicle, db).id
                if try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM report_delivery WHERE vehicle_id = ? AND period = ?)",
                    arguments: [vehicleID, report.period]) == true
                {
                    return nil
                }
            }
            let id = try db.insertReturningID(
                sql: """
                    INSERT INTO mail_outbox (
                        created_at, sender, recipients, message_id, subject, message, next_attempt_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [now, sender, recipients.joined(separator: ", "), messageID, subject, Data(message), now])
            if let report, let vehicleID {
                try db.execute(
                    sql: "INSERT INTO report_delivery (vehicle_id, period, mail_id, created_at) VALUES (?, ?, ?, ?)",
                    arguments: [vehicleID, report.period, id, now])
            }
            return id
        }
    }

    /// Whether a report for this vehicle and period was queued (sent or not).
    public func reportQueued(vehicle: String, period: String) throws -> Bool {
        try read("reportQueued") { db in
            let vehicleID = try Self.requireVehicle(vehicle, db).id
            return try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM report_delivery WHERE vehicle_id = ? AND period = ?)",
                arguments: [vehicleID, period]) ?? false
        }
    }

    /// Messages in the outbox, newest first; of one status, or all.
    public func outbox(status: OutboxMessage.Status? = nil) throws -> [OutboxMessage] {
        try read("outbox") { db in
            var sql = "SELECT * FROM mail_outbox"
            var arguments = SQLArguments()
            if let status {
                sql += " WHERE status = ?"
                arguments += [status.rawValue]
            }
            sql += " ORDER BY id DESC"
            return try SQLRow.fetchAll(db, sql: sql, arguments: arguments).map(Self.outboxMessage)
        }
    }

    /// Pending messages whose next attempt is due, oldest first.
    public func dueMail(now: Timestamp? = nil) throws -> [OutboxMessage] {
        let now = now ?? clock()
        return try read("dueMail") { db in
            try SQLRow.fetchAll(
                db,
                sql: "SELECT * FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY id",
                arguments: [now.secondsSince1970]
            ).map(Self.outboxMessage)
        }
    }

    /// Claims due messages for one server's delivery (`MailDeliveryStore`).
    public func claimDueMail(worker: String, now: Double, duration: Double, limit: Int, only ids: Set<Int64>?) throws
        -> [OutboxMessage]
    {
        try write("claimDueMail") { db in
            try Self.freeAbandonedClaims(in: "mail_outbox", now: now, db)
            var sql = """
                SELECT id FROM mail_outbox
                WHERE status = 'pending' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)
                """
            var arguments: SQLArguments = [now, now]
            if let ids {
                sql += " AND id IN (\(ids.map { _ in "?" }.joined(separator: ", ")))"
                arguments += SQLArguments(ids.sorted())
            }
            // On PostgreSQL the rows are locked as they are chosen, passing over those another server is claiming.
            sql += " ORDER BY id LIMIT ?" + db.dialect.claimingRows()
            arguments += [limit]
            let chosen = try Int64.fetchAll(db, sql: sql, arguments: arguments)
            guard !chosen.isEmpty else { return [] }
            let marks = chosen.map { _ in "?" }.joined(separator: ", ")
            var claim: SQLArguments = [worker, now + duration]
            claim += SQLArguments(chosen)
            try db.execute(
                sql: "UPDATE mail_outbox SET claimed_by = ?, claimed_until = ? WHERE id IN (\(marks))", arguments: claim
            )
            return try SQLRow.fetchAll(
                db, sql: "SELECT * FROM mail_outbox WHERE id IN (\(marks)) ORDER BY id",
                arguments: SQLArguments(chosen)
            ).map(Self.outboxMessage)
        }
    }

    /// Records a delivery. Only a pending message can become sent, so a message is never marked sent twice.
    public func markSent(_ id: Int64) throws {
        let now = clock().secondsSince1970
        try write("markSent") { db in
            try db.execute(
                sql: """
                    UPDATE mail_outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL,
                        claimed_by = NULL, claimed_until = NULL
                    WHERE id = ? AND status = 'pending'
                    """, arguments: [now, id])
        }
    }

    /// Records a failed attempt and when to try again (or `failed` after the last attempt).
    public func markFailed(_ id: Int64, error: String, retry: RetryPolicy = RetryPolicy()) throws {
        let now = clock().secondsSince1970
        try write("markFailed") { db in
            guard
                let attempts = try Int.fetchOne(
                    db,
                    sql: "SELECT attempts FROM mail_outbox WHERE id = ? AND status = 'pending'"
                        + db.dialect.lockingRows,
                    arguments: [id])
            else { return }
            let made = attempts + 1
            let status = made >= retry.maximumAttempts ? "failed" : "pending"
            try db.execute(
                sql: """
                    UPDATE mail_outbox SET attempts = ?, status = ?, last_error = ?, next_attempt_at = ?,
                        claimed_by = NULL, claimed_until = NULL
                    WHERE id = ?
                    """,
                arguments: [made, status, String(error.prefix(500)), now + retry.delay(afterAttempts: made), id])
        }
    }

    /// Makes a failed (or waiting) message due now.
    public func retryMail(_ id: Int64) throws {
        let now = clock().secondsSince1970
        try write("retryMail") { db in
            guard
                let status = try String.fetchOne(
                    db, sql: "SELECT status FROM mail_outbox WHERE id = ?" + db.dialect.lockingRows, arguments: [id])
            else { throw StoreError(.notFound, operation: "retryMail", detail: "there is no message \(id)") }
            guard status != "sent" else {
                throw StoreError(.refused, operation: "retryMail", detail: "message \(id) was sent already")
            }
            try db.execute(
                sql: "UPDATE mail_outbox SET status = 'pending', next_attempt_at = ? WHERE id = ?",
                arguments: [now, id])
        }
    }

    /// Gives up the running claims of processes of this host that have stopped (`AbandonedClaims`).
    static func freeAbandonedClaims(in table: String, now: Double, _ db: any SQLSession) throws {
        let running = try String.fetchAll(
            db, sql: "SELECT DISTINCT claimed_by FROM \(table) WHERE claimed_by IS NOT NULL AND claimed_until > ?",
            arguments: [now])
        for holder in AbandonedClaims.holders(running) {
            try db.execute(
                sql:
                    "UPDATE \(table) SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ? AND status = 'pending'",
                arguments: [holder])
        }
    }

    static func outboxMessage(_ row: SQLRow) throws -> OutboxMessage {
        let bytes: Data = try row["message"]
        return OutboxMessage(
            id: try row["id"], createdAt: Timestamp(secondsSince1970: try row["created_at"]), sender: try row["sender"],
            recipients: (try row["recipients"] as String).split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }, messageID: try row["message_id"], subject: try row["subject"], message: [UInt8](bytes),
            status: OutboxMessage.Status(rawValue: try row["status"]) ?? .pending, attempts: try row["attempts"],
            nextAttemptAt: Timestamp(secondsSince1970: try row["next_attempt_at"]), lastError: try row["last_error"],
            sentAt: (try row["sent_at"] as Double?).map(Timestamp.init(secondsSince1970:)))
    }
}
