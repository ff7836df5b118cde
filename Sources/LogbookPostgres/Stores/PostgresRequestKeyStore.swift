public import LogbookStore
public import TrackModel

/// `RequestKeyStore` on PostgreSQL. Two servers that get the same key at once both try to insert it; the primary key
/// lets one win and the other (after the winner commits) see its claim, so the change is applied once.
public struct PostgresRequestKeyStore: RequestKeyStore {
    let pool: PostgresPool
    let clock: @Sendable () -> Timestamp

    public init(pool: PostgresPool, clock: @escaping @Sendable () -> Timestamp = PostgresStores.systemClock) {
        self.pool = pool
        self.clock = clock
    }

    public func claimRequestKey(_ key: String, user: Int64, method: String, path: String) throws -> RequestKeyClaim {
        let now = clock().secondsSince1970
        return try pool.write("claimRequestKey") { session in
            try session.execute(
                "DELETE FROM request_key WHERE created_at < ?", [.double(now - RequestKeyRules.lifetime)])
            // Claims the key, or waits for a concurrent claim of it to commit and then reads that one.
            let inserted = try session.rows(
                """
                INSERT INTO request_key (user_id, key, method, path, created_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (user_id, key) DO NOTHING RETURNING key
                """,
                [.int(user), .text(key), .text(method), .text(path), .double(now)])
            if !inserted.isEmpty { return .claimed }
            guard
                let row = try session.row(
                    """
                    SELECT method, path, status, location, content_type, body, created_at FROM request_key
                    WHERE user_id = ? AND key = ? FOR UPDATE
                    """,
                    [.int(user), .text(key)])
            else { return .inProgress }
            guard try row.text("method") == method, try row.text("path") == path else { return .reusedElsewhere }
            guard let status = try row.optionalInt("status") else {
                // A first request that never finished (its server stopped mid-way) leaves the key to a later one.
                guard try row.double("created_at") < now - RequestKeyRules.abandonedClaim else { return .inProgress }
                try session.execute(
                    "UPDATE request_key SET created_at = ? WHERE user_id = ? AND key = ?",
                    [.double(now), .int(user), .text(key)])
                return .claimed
            }
            return .answered(
                StoredAnswer(
                    status: Int(status), location: try row.optionalText("location"),
                    contentType: try row.optionalText("content_type"), body: try row.optionalBytes("body") ?? []))
        }
    }

    public func finishRequestKey(_ key: String, user: Int64, answer: StoredAnswer) throws {
        try pool.write("finishRequestKey") { session in
            try session.execute(
                """
                UPDATE request_key SET status = ?, location = ?, content_type = ?, body = ?
                WHERE user_id = ? AND key = ? AND status IS NULL
                """,
                [
                    .int(answer.status), .text(answer.location), .text(answer.contentType), .bytes(answer.body),
                    .int(user), .text(key),
                ])
        }
    }

    public func releaseRequestKey(_ key: String, user: Int64) throws {
        try pool.write("releaseRequestKey") { session in
            try session.execute(
                "DELETE FROM request_key WHERE user_id = ? AND key = ? AND status IS NULL", [.int(user), .text(key)])
        }
    }
}
