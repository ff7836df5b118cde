import Foundation
import TrackModel
public import Hours

extension AppDatabase: HoursDeliveryStore {
    /// Claims the changes to send for one server (`HoursDeliveryStore`).
    public func claimHoursChanges(worker: String, now: Double, duration: Double, dueOnly: Bool, limit: Int) throws
        -> [HoursChange]
    {
        try write("claimHoursChanges") { db in
            try Self.freeAbandonedClaims(in: "hours_outbox", now: now, db)
            // On PostgreSQL the changes are locked as they are chosen, passing over those another server is claiming.
            let chosen = try Int64.fetchAll(
                db, sql: HoursClaims.claimableSQL + db.dialect.claimingRows(of: "o"),
                arguments: [dueOnly ? 1 : 0, now, now, max(1, limit)])
            guard !chosen.isEmpty else { return [] }
            let marks = chosen.map { _ in "?" }.joined(separator: ", ")
            var claim: SQLArguments = [worker, now + duration]
            claim += SQLArguments(chosen)
            try db.execute(
                sql: "UPDATE hours_outbox SET claimed_by = ?, claimed_until = ? WHERE id IN (\(marks))",
                arguments: claim)
            return try SQLRow.fetchAll(
                db, sql: "SELECT * FROM hours_outbox WHERE id IN (\(marks)) ORDER BY id",
                arguments: SQLArguments(chosen)
            ).map(Self.change)
        }
    }

    public func releaseHoursChanges(_ ids: [Int64], worker: String) throws {
        guard !ids.isEmpty else { return }
        try write("releaseHoursChanges") { db in
            var arguments: SQLArguments = [worker]
            arguments += SQLArguments(ids)
            try db.execute(
                sql: """
                    UPDATE hours_outbox SET claimed_by = NULL, claimed_until = NULL
                    WHERE claimed_by = ? AND status = 'pending' AND id IN (\(ids.map { _ in "?" }.joined(separator: ", ")))
                    """, arguments: arguments)
        }
    }

    /// The changes to send now: for every entry, its oldest change not yet sent, if that one is pending (a failed
    /// change holds back the later changes of its entry, so the receiver never sees them out of order); with
    /// `dueOnly`, only those whose backoff has passed. Oldest first.
    public func hoursChangesToSend(dueOnly: Bool, now: Moment? = nil) throws -> [HoursChange] {
        let now = now?.seconds ?? clock().secondsSince1970
        return try read("hoursChangesToSend") { db in
            try SQLRow.fetchAll(
                db,
                sql: """
                    SELECT o.* FROM hours_outbox o
                    WHERE o.status = 'pending' AND (? = 0 OR o.next_attempt_at <= ?)
                    AND NOT EXISTS (
                        SELECT 1 FROM hours_outbox p WHERE p.shift_uuid = o.shift_uuid AND p.id < o.id
                        AND p.status != 'sent')
                    ORDER BY o.id
                    """, arguments: [dueOnly ? 1 : 0, now]
            ).map(Self.change)
        }
    }

    /// Every change, newest first; of one status, or all.
    public func hoursChanges(status: HoursSyncState? = nil, limit: Int = 1_000) throws -> [HoursChange] {
        try read("hoursChanges") { db in
            try SQLRow.fetchAll(
                db,
                sql: "SELECT * FROM hours_outbox WHERE (? IS NULL OR status = ?) ORDER BY id DESC LIMIT ?",
                arguments: [status?.rawValue, status?.rawValue, limit]
            ).map(Self.change)
        }
    }

    /// How many changes are pending, sent and failed.
    public func hoursChangeCounts() throws -> [HoursSyncState: Int] {
        try read("hoursChangeCounts") { db in
            var counts: [HoursSyncState: Int] = [.pending: 0, .sent: 0, .failed: 0]
            for row in try SQLRow.fetchAll(db, sql: "SELECT status, count(*) AS n FROM hours_outbox GROUP BY status") {
                if let state = HoursSyncState(rawValue: try row["status"]) { counts[state] = try row["n"] }
            }
            return counts
        }
    }

    /// The soonest moment a pending change may be tried again.
    public func nextHoursAttempt() throws -> Moment? {
        try read("nextHoursAttempt") { db in
            try Double.fetchOne(db, sql: "SELECT min(next_attempt_at) FROM hours_outbox WHERE status = 'pending'")
                .map(Moment.init(seconds:))
        }
    }

    /// The receiver took the change. Only a pending change becomes sent, so it is never marked twice.
    public func markHoursChangeSent(_ id: Int64) throws {
        let now = clock().secondsSince1970
        try write("markHoursChangeSent") { db in
            try db.execute(
                sql: """
                    UPDATE hours_outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL,
                        claimed_by = NULL, claimed_until = NULL
                    WHERE id = ? AND status = 'pending'
                    """, arguments: [now, id])
        }
    }

    /// A try that may work later (no connection, a timeout, 429, 5xx): counted, and due again at `nextAttempt`.
    public func markHoursChangeDeferred(_ id: Int64, error: String, nextAttempt: Moment) throws {
        try write("markHoursChangeDeferred") { db in
            try db.execute(
                sql: """
                    UPDATE hours_outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?,
                        claimed_by = NULL, claimed_until = NULL
                    WHERE id = ? AND status = 'pending'
                    """, arguments: [String(error.prefix(500)), nextAttempt.seconds, id])
        }
    }

    /// The receiver refused the change (a 4xx other than 429): kept, with its message, until `hours retry`.
    public func markHoursChangeFailed(_ id: Int64, error: String) throws {
        try write("markHoursChangeFailed") { db in
            try db.execute(
                sql: """
                    UPDATE hours_outbox SET attempts = attempts + 1, status = 'failed', last_error = ?,
                        claimed_by = NULL, claimed_until = NULL
                    WHERE id = ? AND status = 'pending'
                    """, arguments: [String(error.prefix(500)), id])
        }
    }

    /// Makes a failed (or waiting) change due now.
    public func retryHoursChange(_ id: Int64) throws {
        let now = clock().secondsSince1970
        try write("retryHoursChange") { db in
            guard
                let status = try String.fetchOne(
                    db, sql: "SELECT status FROM hours_outbox WHERE id = ?" + db.dialect.lockingRows, arguments: [id])
            else { throw StoreError(.notFound, operation: "retryHoursChange", detail: "there is no change \(id)") }
            guard status != "sent" else {
                throw StoreError(.refused, operation: "retryHoursChange", detail: "change \(id) was sent already")
            }
            try db.execute(
                sql: "UPDATE hours_outbox SET status = 'pending', next_attempt_at = ? WHERE id = ?",
                arguments: [now, id])
        }
    }

    /// Makes every failed change of one entry (by its UUID) due now, in one transaction; their ids, oldest first.
    /// The entry's changes then go in the order they were made, at the next sync.
    public func retryFailedHoursChanges(entry uuid: UUID) throws -> [Int64] {
        let now = clock().secondsSince1970
        return try write("retryFailedHoursChanges") { db in
            let ids = try Int64.fetchAll(
                db, sql: "SELECT id FROM hours_outbox WHERE shift_uuid = ? AND status = 'failed' ORDER BY id",
                arguments: [uuid.uuidString.lowercased()])
            for id in ids {
                try db.execute(
                    sql: "UPDATE hours_outbox SET status = 'pending', next_attempt_at = ? WHERE id = ?",
                    arguments: [now, id])
            }
            return ids
        }
    }

    static func change(_ row: SQLRow) throws -> HoursChange {
        HoursChange(
            id: try row["id"], changeUUID: try row["change_uuid"], entryUUID: try row["shift_uuid"],
            method: HoursChange.Method(rawValue: try row["method"]) ?? .put, body: try row["body"],
            createdAt: Moment(seconds: try row["created_at"]),
            status: HoursSyncState(rawValue: try row["status"]) ?? .pending, attempts: try row["attempts"],
            nextAttemptAt: Moment(seconds: try row["next_attempt_at"]), lastError: try row["last_error"],
            sentAt: (try row["sent_at"] as Double?).map(Moment.init(seconds:)))
    }
}
