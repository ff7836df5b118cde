public import TrackModel

/// The users of `logbook serve`, their API tokens and web sessions: what every domain's pages and API share.
///
/// Implemented by `AppDatabase`, whose one store code runs on SQLite and on PostgreSQL (`SQLBackend`);
/// `UserStoreContractTests` runs one suite against SQLite in memory, on disk, in WAL mode and PostgreSQL. Secrets arrive already hashed (bcrypt for passwords, SHA-256 for tokens and session
/// ids). Every method throws `StoreError`, worded alike on both.
public protocol UserStore: Sendable {
    /// Adds a user; a driver is given the vehicles they may see, a checklist role its restaurants (which must exist).
    func addUser(
        name: String, role: UserRole, vehicles: [String], passwordHash: String?, restaurants: [String]
    ) throws -> AppUser
    /// All users, by name.
    func users() throws -> [AppUser]
    /// The user with this name (without regard to case); `StoreError.notFound` when there is none.
    func user(named name: String) throws -> AppUser
    /// The stored password hash of a user, `nil` when the user has none or does not exist.
    func passwordHash(user name: String) throws -> (user: AppUser, hash: String)?
    /// Sets a user's password hash; their web sessions end, except `sessionHash` (the one that changed it).
    func setPasswordHash(user name: String, _ hash: String, keepingSession sessionHash: String?) throws
    /// Stores the hash of a new API token; `expiresAt` nil: never. Returns the token's id.
    func addToken(user name: String, tokenHash: String, expiresAt: Timestamp?) throws -> Int64
    /// Revokes a user's tokens (one, or all when `token` is nil, which also ends their web sessions); how many.
    @discardableResult func revokeTokens(user name: String, token: Int64?) throws -> Int
    /// The user a token hash belongs to, if the token is neither revoked nor expired.
    func user(tokenHash: String) throws -> AppUser?
    /// Starts a web session; expired sessions are cleared on the way.
    func startSession(user id: Int64, idHash: String, csrfToken: String, expiresAt: Timestamp) throws
    /// The live session with this id hash.
    func session(idHash: String) throws -> WebSession?
    /// Ends a web session (logout).
    func endSession(idHash: String) throws
}

/// Failed logins counted under hashes of the name and the address, shared by every server on the log.
public protocol LoginFailureStore: Sendable {
    /// The times of the failed logins counted under each of `keys` since `since`, oldest first.
    func loginFailures(keys: [String], since: Double) throws -> [String: [Double]]
    /// Counts a failed login under each of `keys`, and forgets every failure older than `since`.
    func recordLoginFailure(keys: [String], at time: Double, forgettingBefore since: Double) throws
    /// Forgets the failures counted under `key` (a successful login of that user).
    func clearLoginFailures(key: String) throws
}

/// Changes sent with an idempotency key: applied once, their answers kept to be given again.
public protocol RequestKeyStore: Sendable {
    /// Claims `key` for `user`'s `method path` in one transaction (see `RequestKeyClaim`).
    func claimRequestKey(_ key: String, user: Int64, method: String, path: String) throws -> RequestKeyClaim
    /// Keeps the answer of a claimed key's request.
    func finishRequestKey(_ key: String, user: Int64, answer: StoredAnswer) throws
    /// Gives a claimed key back when its request failed on the server's side.
    func releaseRequestKey(_ key: String, user: Int64) throws
}

/// How long an idempotency key's answer is kept, and when a claim without an answer counts as abandoned: one rule
/// for every implementation.
public enum RequestKeyRules {
    /// A phone that was offline longer sends its change again as a new one.
    public static let lifetime: Double = 30 * 24 * 3600
    /// A claim older than this without an answer was left by a server that stopped while handling it.
    public static let abandonedClaim: Double = 120
}

extension AppDatabase: UserStore, LoginFailureStore, RequestKeyStore {}
