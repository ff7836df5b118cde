public import LogbookStore

/// `LoginFailureStore` on PostgreSQL: failed logins every server on the log counts together.
public struct PostgresLoginFailureStore: LoginFailureStore {
    let pool: PostgresPool

    public init(pool: PostgresPool) { self.pool = pool }

    public func loginFailures(keys: [String], since: Double) throws -> [String: [Double]] {
        try pool.read("loginFailures") { session in
            var found: [String: [Double]] = [:]
            for key in keys {
                found[key] = try session.rows(
                    "SELECT at FROM login_failure WHERE key_hash = ? AND at >= ? ORDER BY at",
                    [.text(key), .double(since)]
                ).map { try $0.double("at") }
            }
            return found
        }
    }

    public func recordLoginFailure(keys: [String], at time: Double, forgettingBefore since: Double) throws {
        try pool.write("recordLoginFailure") { session in
            try session.execute("DELETE FROM login_failure WHERE at < ?", [.double(since)])
            for key in keys {
                try session.execute(
                    "INSERT INTO login_failure (key_hash, at) VALUES (?, ?)", [.text(key), .double(time)])
            }
        }
    }

    public func clearLoginFailures(key: String) throws {
        try pool.write("clearLoginFailures") { session in
            try session.execute("DELETE FROM login_failure WHERE key_hash = ?", [.text(key)])
        }
    }
}
