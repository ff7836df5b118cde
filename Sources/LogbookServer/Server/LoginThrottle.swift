import LogbookStore

/// Failed logins, counted per user name and per client address over a sliding window: past the limit,
/// further attempts are refused (429) without checking the password, until the window has moved on.
///
/// With a log (`store`), the failures are kept there (`login_failure`, under hashes of the name and the address), so
/// that several servers on one database count the same attempts: a guesser spreading tries over the servers meets the
/// same limit. Without one (tests, a single process), they are counted in memory.
package actor LoginThrottle {
    package struct Limits: Sendable {
        package var perUser: Int = 5
        package var perAddress: Int = 20
        package var window: Double = 15 * 60
        package init(perUser: Int = 5, perAddress: Int = 20, window: Double = 15 * 60) {
            self.perUser = perUser
            self.perAddress = perAddress
            self.window = window
        }
    }

    private let limits: Limits
    private let store: AppDatabase?
    private var failures: [String: [Double]] = [:]

    package init(limits: Limits = Limits(), store: AppDatabase? = nil) {
        self.limits = limits
        self.store = store
    }

    static func userKey(_ user: String) -> String { "user:" + user.lowercased() }
    static func addressKey(_ address: String) -> String { "address:" + address }
    static func stored(_ key: String) -> String { LoginThrottleKeys.stored(key) }

    /// Seconds until another attempt is allowed, or `nil` when one is allowed now.
    package func retryAfter(user: String, address: String, now: Double) throws -> Double? {
        let counted = [(Self.userKey(user), limits.perUser), (Self.addressKey(address), limits.perAddress)]
        var recentByKey: [String: [Double]] = [:]
        if let store {
            let found = try store.loginFailures(keys: counted.map { Self.stored($0.0) }, since: now - limits.window)
            for (key, _) in counted { recentByKey[key] = found[Self.stored(key)] ?? [] }
        } else {
            for (key, _) in counted {
                let recent = (failures[key] ?? []).filter { now - $0 < limits.window }
                failures[key] = recent.isEmpty ? nil : recent
                recentByKey[key] = recent
            }
        }
        var wait: Double?
        for (key, limit) in counted {
            let recent = recentByKey[key] ?? []
            if recent.count >= limit, let oldest = recent.first {
                wait = max(wait ?? 0, oldest + limits.window - now)
            }
        }
        return wait
    }

    package func recordFailure(user: String, address: String, now: Double) throws {
        let keys = [Self.userKey(user), Self.addressKey(address)]
        if let store {
            try store.recordLoginFailure(
                keys: keys.map(Self.stored), at: now, forgettingBefore: now - limits.window)
            return
        }
        for key in keys { failures[key, default: []].append(now) }
        if failures.count > 10_000 {
            failures = failures.filter { $0.value.contains { now - $0 < limits.window } }
        }
    }

    package func recordSuccess(user: String) throws {
        if let store {
            try store.clearLoginFailures(key: Self.stored(Self.userKey(user)))
            return
        }
        failures[Self.userKey(user)] = nil
    }
}

/// The keys failed logins are counted under in the log: a hash, so that names and addresses are not stored in the
/// clear (the same name in any case is one key).
package enum LoginThrottleKeys {
    package static func stored(_ key: String) -> String { Secrets.hash("login-throttle/" + key) }
    package static func user(_ name: String) -> String { stored(LoginThrottle.userKey(name)) }
}
