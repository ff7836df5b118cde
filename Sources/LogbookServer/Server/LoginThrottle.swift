/// Failed logins, counted per user name and per client address over a sliding window: past the limit,
/// further attempts are refused (429) without checking the password, until the window has moved on.
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
    private var failures: [String: [Double]] = [:]

    package init(limits: Limits = Limits()) { self.limits = limits }

    /// Seconds until another attempt is allowed, or `nil` when one is allowed now.
    package func retryAfter(user: String, address: String, now: Double) -> Double? {
        var wait: Double?
        for (key, limit) in [("user:" + user.lowercased(), limits.perUser), ("address:" + address, limits.perAddress)] {
            let recent = (failures[key] ?? []).filter { now - $0 < limits.window }
            failures[key] = recent.isEmpty ? nil : recent
            if recent.count >= limit, let oldest = recent.first {
                wait = max(wait ?? 0, oldest + limits.window - now)
            }
        }
        return wait
    }

    package func recordFailure(user: String, address: String, now: Double) {
        failures["user:" + user.lowercased(), default: []].append(now)
        failures["address:" + address, default: []].append(now)
        if failures.count > 10_000 {
            failures = failures.filter { $0.value.contains { now - $0 < limits.window } }
        }
    }

    package func recordSuccess(user: String) {
        failures["user:" + user.lowercased()] = nil
    }
}
