import Crypto
import HummingbirdBcrypt
import MileageLog
import Synchronization

/// Passwords as salted bcrypt hashes (hummingbird-auth's bcrypt), never in clear.
package struct PasswordHasher: Sendable {
    /// 2^11 rounds: about 100–150 ms per hash on a vehicle box's class of CPU, well above the 50 ms floor.
    package static let defaultCost = 11
    /// Below 2^10 rounds a hash is too cheap to slow down guessing.
    package static let minimumCost = 10

    package var cost: Int
    /// Told the cost of every bcrypt check made (a stored hash's or the stand-in's), so that tests can count the
    /// work a login spends without timing it.
    package var checked: (@Sendable (_ cost: Int) -> Void)?

    package init(cost: Int = PasswordHasher.defaultCost) { self.cost = max(cost, Self.minimumCost) }

    package func hash(_ password: String) -> String { Bcrypt.hash(password, cost: UInt8(cost)) }

    package func verify(_ password: String, hash: String) -> Bool {
        checked?(Self.cost(of: hash) ?? -1)
        return Bcrypt.verify(password, hash: hash)
    }

    /// Spends the work of a password check when there is no hash to check against (a user name that does not
    /// exist, a user without a password): a login then takes as long whichever name is tried, so its time does not
    /// tell which names exist. Always false.
    package func verifyWithoutHash(_ password: String) -> Bool {
        let standIn = Self.standIn(cost: cost)
        checked?(Self.cost(of: standIn) ?? -1)
        _ = Bcrypt.verify(password, hash: standIn)
        return false
    }

    /// The cost (log2 of the rounds) a bcrypt hash `$2b$NN$…` was made with.
    package static func cost(of hash: String) -> Int? {
        let parts = hash.split(separator: "$", omittingEmptySubsequences: true)
        guard parts.count >= 3, parts[0].hasPrefix("2") else { return nil }
        return Int(parts[1])
    }

    /// A hash of a random password at each cost, made once (on first use) and kept for the process's life.
    private static let standIns = Mutex<[Int: String]>([:])

    private static func standIn(cost: Int) -> String {
        if let hash = standIns.withLock({ $0[cost] }) { return hash }
        let hash = Bcrypt.hash(Secrets.randomToken(), cost: UInt8(cost))
        standIns.withLock { $0[cost] = hash }
        return hash
    }

    /// What a password must be: 8 to 200 characters, not only white space.
    package static func problem(with password: String) -> String? {
        if password.count < 8 { return "a password needs at least 8 characters" }
        if password.utf8.count > 72 { return "a password may have at most 72 bytes (bcrypt reads no more)" }
        if password.allSatisfy(\.isWhitespace) { return "a password cannot be only spaces" }
        return nil
    }
}

/// Bearer tokens, session ids and CSRF tokens: 256 random bits from the system's generator, shown once in
/// URL-safe text; only their SHA-256 is stored.
package enum Secrets {
    package static func randomToken(prefix: String = "") -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<4 {
            let word = generator.next() as UInt64
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> shift)) }
        }
        return prefix + base64URL(bytes)
    }

    /// SHA-256 of a token, as 64 hex digits: what the database keeps.
    package static func hash(_ token: String) -> String {
        SHA256.hash(data: Array(token.utf8)).hex
    }

    /// Compares two secrets in time that does not depend on where they differ.
    package static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static func base64URL(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            for shift in [18, 12, 6, 0] { out.append(alphabet[Int(n >> UInt32(shift) & 63)]) }
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            var n = UInt32(bytes[i]) << 16
            if rest == 2 { n |= UInt32(bytes[i + 1]) << 8 }
            for shift in [18, 12, 6, 0].prefix(rest + 1) { out.append(alphabet[Int(n >> UInt32(shift) & 63)]) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
