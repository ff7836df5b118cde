extension AppDatabase {
    /// The times of the failed logins counted under each of `keys` (hashes) since `since`, oldest first.
    public func loginFailures(keys: [String], since: Double) throws -> [String: [Double]] {
        try read("loginFailures") { db in
            var found: [String: [Double]] = [:]
            for key in keys {
                found[key] = try Double.fetchAll(
                    db, sql: "SELECT at FROM login_failure WHERE key_hash = ? AND at >= ? ORDER BY at",
                    arguments: [key, since])
            }
            return found
        }
    }

    /// Counts a failed login under each of `keys`, and forgets every failure older than `since`.
    public func recordLoginFailure(keys: [String], at time: Double, forgettingBefore since: Double) throws {
        try write("recordLoginFailure") { db in
            try db.execute(sql: "DELETE FROM login_failure WHERE at < ?", arguments: [since])
            for key in keys {
                try db.execute(sql: "INSERT INTO login_failure (key_hash, at) VALUES (?, ?)", arguments: [key, time])
            }
        }
    }

    /// Forgets the failures counted under `key` (a successful login of that user).
    public func clearLoginFailures(key: String) throws {
        try write("clearLoginFailures") { db in
            try db.execute(sql: "DELETE FROM login_failure WHERE key_hash = ?", arguments: [key])
        }
    }
}
