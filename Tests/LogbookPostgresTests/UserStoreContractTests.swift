import Foundation
import LogbookStore
import Testing
import TrackModel

/// The users' store, one suite for every implementation (`StoreBackend`): SQLite in memory, on disk, in WAL mode,
/// and PostgreSQL. What one backend does, the others must do alike — including the words of a refusal.
@Suite struct UserStoreContractTests {
    static let start = 1_780_000_000.0
    static let hash = "$2b$12$" + String(repeating: "a", count: 53)

    static func token(_ n: Int) -> String { String(format: "%064x", n) }

    @Test(
        "users: added with their vehicles and restaurants, names unique without regard to case, listed by name",
        arguments: StoreBackend.available)
    func users(backend: StoreBackend) async throws {
        try await backend.withLog(clock: TestClock(Self.start)) { log in
            try log.addVehicle("B-AB 123")
            try log.addVehicle("M-XY 9")
            try log.addRestaurant("Main Street")
            let anna = try log.users.addUser(
                name: "  anna ", role: .driver, vehicles: ["M-XY 9", "b-ab 123"], passwordHash: nil, restaurants: [])
            #expect(anna.name == "anna")
            #expect(anna.vehicles == ["B-AB 123", "M-XY 9"])
            #expect(anna.hasPassword == false)
            #expect(anna.createdAt.secondsSince1970 == Self.start)
            let cook = try log.users.addUser(
                name: "Bert", role: .shiftManager, vehicles: [], passwordHash: Self.hash, restaurants: ["main street"])
            #expect(cook.restaurants == ["Main Street"])
            #expect(cook.hasPassword)
            _ = try log.users.addUser(name: "Carla", role: .admin, vehicles: [], passwordHash: nil, restaurants: [])
            #expect(try log.users.users().map(\.name) == ["anna", "Bert", "Carla"])
            #expect(try log.users.user(named: "ANNA").id == anna.id)
            #expect(try log.users.user(named: "bert").role == .shiftManager)

            let twice = #expect(throws: StoreError.self) {
                try log.users.addUser(name: "Anna", role: .admin, vehicles: [], passwordHash: nil, restaurants: [])
            }
            #expect(twice?.code == .refused)
            let unknownVehicle = #expect(throws: StoreError.self) {
                try log.users.addUser(name: "Dora", role: .driver, vehicles: ["X"], passwordHash: nil, restaurants: [])
            }
            #expect(unknownVehicle?.code == .notFound)
            let unknownRestaurant = #expect(throws: StoreError.self) {
                try log.users.addUser(name: "Dora", role: .crew, vehicles: [], passwordHash: nil, restaurants: ["Elm"])
            }
            #expect(unknownRestaurant?.code == .notFound)
            // Nothing of a refused user stays behind.
            #expect(try log.users.users().count == 3)
            let missing = #expect(throws: StoreError.self) { try log.users.user(named: "Dora") }
            #expect(missing?.code == .notFound)
        }
    }

    @Test(
        "the schema's rules refuse a bad name or password hash, in the same words on every backend",
        arguments: StoreBackend.available)
    func schemaRules(backend: StoreBackend) async throws {
        try await backend.withLog(clock: TestClock(Self.start)) { log in
            let long = #expect(throws: StoreError.self) {
                try log.users.addUser(
                    name: String(repeating: "n", count: 65), role: .driver, vehicles: [], passwordHash: nil,
                    restaurants: [])
            }
            #expect(long?.code == .constraint)
            #expect(long?.rule == "app_user_name")
            let clear = #expect(throws: StoreError.self) {
                try log.users.addUser(
                    name: "eve", role: .driver, vehicles: [], passwordHash: "secret", restaurants: [])
            }
            #expect(clear?.code == .constraint)
            #expect(clear?.rule == "app_user_password")
            #expect(clear?.description.contains("secret") == false)
            #expect(clear?.description == "a value is outside what the log allows")
        }
    }

    @Test(
        "passwords: a hash set ends every other session of the user; a user without one has none",
        arguments: StoreBackend.available)
    func passwordsAndSessions(backend: StoreBackend) async throws {
        let clock = TestClock(Self.start)
        try await backend.withLog(clock: clock) { log in
            let anna = try log.users.addUser(
                name: "anna", role: .admin, vehicles: [], passwordHash: nil, restaurants: [])
            let bert = try log.users.addUser(
                name: "bert", role: .admin, vehicles: [], passwordHash: nil, restaurants: [])
            #expect(try log.users.passwordHash(user: "anna") == nil)
            #expect(try log.users.passwordHash(user: "nobody") == nil)
            let expiry = Timestamp(secondsSince1970: Self.start + 3600)
            try log.users.startSession(user: anna.id, idHash: Self.token(1), csrfToken: "c1", expiresAt: expiry)
            try log.users.startSession(user: anna.id, idHash: Self.token(2), csrfToken: "c2", expiresAt: expiry)
            try log.users.startSession(user: bert.id, idHash: Self.token(3), csrfToken: "c3", expiresAt: expiry)
            let session = try #require(try log.users.session(idHash: Self.token(1)))
            #expect(session.user.name == "anna")
            #expect(session.csrfToken == "c1")
            #expect(session.expiresAt == expiry)

            try log.users.setPasswordHash(user: "ANNA", Self.hash, keepingSession: Self.token(2))
            let stored = try #require(try log.users.passwordHash(user: "anna"))
            #expect(stored.hash == Self.hash)
            #expect(stored.user.hasPassword)
            #expect(try log.users.session(idHash: Self.token(1)) == nil)
            #expect(try log.users.session(idHash: Self.token(2))?.csrfToken == "c2")
            #expect(try log.users.session(idHash: Self.token(3))?.user.name == "bert")

            try log.users.endSession(idHash: Self.token(2))
            #expect(try log.users.session(idHash: Self.token(2)) == nil)
            // A session past its expiry is not live, and the next session started clears it away.
            clock.value += 3601
            #expect(try log.users.session(idHash: Self.token(3)) == nil)
            let unknown = #expect(throws: StoreError.self) {
                try log.users.setPasswordHash(user: "nobody", Self.hash, keepingSession: nil)
            }
            #expect(unknown?.code == .notFound)
        }
    }

    @Test(
        "tokens: found while neither revoked nor expired, counted on the user, revoked one at a time or all",
        arguments: StoreBackend.available)
    func tokens(backend: StoreBackend) async throws {
        let clock = TestClock(Self.start)
        try await backend.withLog(clock: clock) { log in
            let anna = try log.users.addUser(
                name: "anna", role: .driver, vehicles: [], passwordHash: nil, restaurants: [])
            let first = try log.users.addToken(user: "anna", tokenHash: Self.token(10), expiresAt: nil)
            let second = try log.users.addToken(
                user: "anna", tokenHash: Self.token(11), expiresAt: Timestamp(secondsSince1970: Self.start + 60))
            _ = try log.users.addToken(user: "anna", tokenHash: Self.token(12), expiresAt: nil)
            #expect(first != second)
            #expect(try log.users.user(tokenHash: Self.token(10))?.id == anna.id)
            #expect(try log.users.user(tokenHash: Self.token(99)) == nil)
            #expect(try log.users.user(named: "anna").activeTokens == 3)

            clock.value += 61
            #expect(try log.users.user(tokenHash: Self.token(11)) == nil)
            #expect(try log.users.user(named: "anna").activeTokens == 2)

            #expect(try log.users.revokeTokens(user: "anna", token: first) == 1)
            #expect(try log.users.revokeTokens(user: "anna", token: first) == 0)
            #expect(try log.users.user(tokenHash: Self.token(10)) == nil)
            #expect(try log.users.user(tokenHash: Self.token(12))?.name == "anna")

            try log.users.startSession(
                user: anna.id, idHash: Self.token(20), csrfToken: "c",
                expiresAt: Timestamp(secondsSince1970: clock.value + 600))
            // All of them: the expired one was never revoked, so it counts too; the web session ends.
            #expect(try log.users.revokeTokens(user: "anna", token: nil) == 2)
            #expect(try log.users.user(tokenHash: Self.token(12)) == nil)
            #expect(try log.users.session(idHash: Self.token(20)) == nil)
            #expect(try log.users.user(named: "anna").activeTokens == 0)
        }
    }

    @Test(
        "failed logins: counted per key since a time, old ones forgotten, one key cleared",
        arguments: StoreBackend.available)
    func loginFailures(backend: StoreBackend) async throws {
        try await backend.withLog(clock: TestClock(Self.start)) { log in
            let name = Self.token(1)
            let address = Self.token(2)
            try log.loginFailures.recordLoginFailure(keys: [name, address], at: 100, forgettingBefore: 0)
            try log.loginFailures.recordLoginFailure(keys: [name, address], at: 200, forgettingBefore: 0)
            try log.loginFailures.recordLoginFailure(keys: [address], at: 300, forgettingBefore: 150)
            let counted = try log.loginFailures.loginFailures(keys: [name, address, Self.token(3)], since: 0)
            #expect(counted[name] == [200])
            #expect(counted[address] == [200, 300])
            #expect(counted[Self.token(3)] == [])
            #expect(try log.loginFailures.loginFailures(keys: [address], since: 250)[address] == [300])
            try log.loginFailures.clearLoginFailures(key: address)
            #expect(
                try log.loginFailures.loginFailures(keys: [name, address], since: 0) == [name: [200], address: []])
        }
    }

    @Test(
        "idempotency keys: one claim per user and key, the answer given again, abandoned claims taken over",
        arguments: StoreBackend.available)
    func requestKeys(backend: StoreBackend) async throws {
        let clock = TestClock(Self.start)
        try await backend.withLog(clock: clock) { log in
            let keys = log.requestKeys
            let anna = try log.users.addUser(
                name: "anna", role: .driver, vehicles: [], passwordHash: nil, restaurants: [])
            let bert = try log.users.addUser(
                name: "bert", role: .driver, vehicles: [], passwordHash: nil, restaurants: [])
            let key = "key-00000001"
            #expect(try keys.claimRequestKey(key, user: anna.id, method: "POST", path: "/a") == .claimed)
            #expect(try keys.claimRequestKey(key, user: anna.id, method: "POST", path: "/a") == .inProgress)
            #expect(try keys.claimRequestKey(key, user: anna.id, method: "PUT", path: "/a") == .reusedElsewhere)
            #expect(try keys.claimRequestKey(key, user: anna.id, method: "POST", path: "/b") == .reusedElsewhere)
            // Another user's key of the same text is another key.
            #expect(try keys.claimRequestKey(key, user: bert.id, method: "POST", path: "/a") == .claimed)
            clock.value += 119
            #expect(try keys.claimRequestKey(key, user: anna.id, method: "POST", path: "/a") == .inProgress)
            clock.value += 2
            #expect(try keys.claimRequestKey(key, user: anna.id, method: "POST", path: "/a") == .claimed)
            try keys.releaseRequestKey(key, user: anna.id)
            #expect(try keys.claimRequestKey(key, user: anna.id, method: "POST", path: "/a") == .claimed)
            let answer = StoredAnswer(
                status: 201, location: "/api/v1/trips/7", contentType: "application/json",
                body: Array(#"{"id":7,"note":"Grüße"}"#.utf8) + [0, 255])
            try keys.finishRequestKey(key, user: anna.id, answer: answer)
            #expect(try keys.claimRequestKey(key, user: anna.id, method: "POST", path: "/a") == .answered(answer))
            // Finishing again changes nothing: the first answer stays.
            try keys.finishRequestKey(
                key, user: anna.id, answer: StoredAnswer(status: 422, location: nil, contentType: nil, body: []))
            #expect(try keys.claimRequestKey(key, user: anna.id, method: "POST", path: "/a") == .answered(answer))
            // An answered key is not released by a late failure.
            try keys.releaseRequestKey(key, user: anna.id)
            #expect(try keys.claimRequestKey(key, user: anna.id, method: "POST", path: "/a") == .answered(answer))
            clock.value += RequestKeyRules.lifetime + 1
            #expect(try keys.claimRequestKey(key, user: anna.id, method: "POST", path: "/a") == .claimed)
        }
    }

    @Test("the same key sent by eight callers at once is claimed by exactly one", arguments: StoreBackend.available)
    func concurrentClaims(backend: StoreBackend) async throws {
        try await backend.withLog(clock: TestClock(Self.start)) { log in
            let user = try log.users.addUser(
                name: "anna", role: .driver, vehicles: [], passwordHash: nil, restaurants: [])
            let keys = log.requestKeys
            let results = ClaimResults()
            let group = DispatchGroup()
            for _ in 0..<8 {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    results.add(
                        Result { try keys.claimRequestKey("key-concurrent", user: user.id, method: "POST", path: "/a") }
                    )
                }
            }
            group.wait()
            let claims = results.all
            #expect(claims.count == 8)
            #expect(claims.filter { (try? $0.get()) == .claimed }.count == 1)
            #expect(claims.filter { (try? $0.get()) == .inProgress }.count == 7)
        }
    }
}

/// What concurrent callers got, collected under a lock.
final class ClaimResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<RequestKeyClaim, any Error>] = []
    func add(_ result: Result<RequestKeyClaim, any Error>) { lock.withLock { results.append(result) } }
    var all: [Result<RequestKeyClaim, any Error>] { lock.withLock { results } }
}
