import Foundation
public import Hours
public import LogbookStore
public import TrackModel

/// `HoursDeliveryStore` on PostgreSQL: the entries' changes claimed with `FOR UPDATE SKIP LOCKED`, so servers
/// syncing at once never take the same change.
public struct PostgresHoursDeliveryStore: HoursDeliveryStore {
    let pool: PostgresPool
    let clock: @Sendable () -> Timestamp

    public init(pool: PostgresPool, clock: @escaping @Sendable () -> Timestamp = PostgresStores.systemClock) {
        self.pool = pool
        self.clock = clock
    }

    public func claimHoursChanges(worker: String, now: Double, duration: Double, dueOnly: Bool) throws
        -> [HoursChange]
    {
        try pool.write("claimHoursChanges") { session in
            try PostgresMailDeliveryStore.freeAbandonedClaims(in: "hours_outbox", now: now, session)
            let chosen = try session.rows(
                HoursClaims.claimableSQL + " FOR UPDATE OF o SKIP LOCKED",
                [.int(dueOnly ? 1 : 0), .double(now), .double(now)]
            ).map { try $0.int("id") }
            guard !chosen.isEmpty else { return [] }
            let marks = chosen.map { _ in "?" }.joined(separator: ", ")
            return try session.rows(
                """
                UPDATE hours_outbox SET claimed_by = ?, claimed_until = ? WHERE id IN (\(marks))
                RETURNING id, change_uuid, shift_uuid, method, body, created_at, status, attempts, next_attempt_at,
                    last_error, sent_at
                """,
                [.text(worker), .double(now + duration)] + chosen.map { .int($0) }
            ).map(Self.change).sorted { $0.id < $1.id }
        }
    }

    public func markHoursChangeSent(_ id: Int64) throws {
        let now = clock().secondsSince1970
        try pool.write("markHoursChangeSent") { session in
            try session.execute(
                """
                UPDATE hours_outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL,
                    claimed_by = NULL, claimed_until = NULL
                WHERE id = ? AND status = 'pending'
                """, [.double(now), .int(id)])
        }
    }

    public func markHoursChangeDeferred(_ id: Int64, error: String, nextAttempt: Moment) throws {
        try pool.write("markHoursChangeDeferred") { session in
            try session.execute(
                """
                UPDATE hours_outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?,
                    claimed_by = NULL, claimed_until = NULL
                WHERE id = ? AND status = 'pending'
                """, [.text(String(error.prefix(500))), .double(nextAttempt.seconds), .int(id)])
        }
    }

    public func markHoursChangeFailed(_ id: Int64, error: String) throws {
        try pool.write("markHoursChangeFailed") { session in
            try session.execute(
                """
                UPDATE hours_outbox SET attempts = attempts + 1, status = 'failed', last_error = ?,
                    claimed_by = NULL, claimed_until = NULL
                WHERE id = ? AND status = 'pending'
                """, [.text(String(error.prefix(500))), .int(id)])
        }
    }

    public func releaseHoursChanges(_ ids: [Int64], worker: String) throws {
        guard !ids.isEmpty else { return }
        try pool.write("releaseHoursChanges") { session in
            try session.execute(
                """
                UPDATE hours_outbox SET claimed_by = NULL, claimed_until = NULL
                WHERE claimed_by = ? AND status = 'pending' AND id IN (\(ids.map { _ in "?" }.joined(separator: ", ")))
                """, [.text(worker)] + ids.map { .int($0) })
        }
    }

    static func change(_ row: SQLRow) throws -> HoursChange {
        HoursChange(
            id: try row.int("id"), changeUUID: try row.text("change_uuid"), entryUUID: try row.text("shift_uuid"),
            method: HoursChange.Method(rawValue: try row.text("method")) ?? .put,
            body: try row.optionalBytes("body").map { Data($0) },
            createdAt: Moment(seconds: try row.double("created_at")),
            status: HoursSyncState(rawValue: try row.text("status")) ?? .pending,
            attempts: Int(try row.int("attempts")),
            nextAttemptAt: Moment(seconds: try row.double("next_attempt_at")),
            lastError: try row.optionalText("last_error"),
            sentAt: try row.optionalDouble("sent_at").map(Moment.init(seconds:)))
    }
}
