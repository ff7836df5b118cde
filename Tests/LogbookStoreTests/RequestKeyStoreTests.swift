import Foundation
import GRDB
import LogbookStore
import Testing
import TrackModel

/// The idempotency keys of changes (`request_key`, v18): one claim per user and key, the first answer kept and given
/// again, abandoned claims taken over, released ones tried again, old ones forgotten.
@Suite struct RequestKeyStoreTests {
    @Test("a claim whose request never finished is taken over after two minutes; a released key may try again")
    func abandonedAndReleasedClaims() throws {
        let now = LockedClock(1_780_000_000)
        let database = try AppDatabase(
            try DatabaseQueue(configuration: AppDatabase.configuration()),
            clock: { Timestamp(secondsSince1970: now.value) })
        let user = try database.addUser(name: "anna", role: .driver, vehicles: [], passwordHash: nil).id
        #expect(try database.claimRequestKey("key-00000001", user: user, method: "POST", path: "/a") == .claimed)
        #expect(try database.claimRequestKey("key-00000001", user: user, method: "POST", path: "/a") == .inProgress)
        now.value += 119
        #expect(try database.claimRequestKey("key-00000001", user: user, method: "POST", path: "/a") == .inProgress)
        now.value += 2
        #expect(try database.claimRequestKey("key-00000001", user: user, method: "POST", path: "/a") == .claimed)
        try database.releaseRequestKey("key-00000001", user: user)
        #expect(try database.claimRequestKey("key-00000001", user: user, method: "POST", path: "/a") == .claimed)
        let answer = StoredAnswer(status: 303, location: "/hours", contentType: nil, body: [])
        try database.finishRequestKey("key-00000001", user: user, answer: answer)
        #expect(
            try database.claimRequestKey("key-00000001", user: user, method: "POST", path: "/a") == .answered(answer))
        // After the lifetime the key is forgotten: the change counts as a new one.
        now.value += AppDatabase.requestKeyLifetime + 1
        #expect(try database.claimRequestKey("key-00000001", user: user, method: "POST", path: "/a") == .claimed)
    }

}

/// A clock the test moves.
final class LockedClock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: Double
    init(_ seconds: Double) { self.seconds = seconds }
    var value: Double {
        get { lock.withLock { seconds } }
        set { lock.withLock { seconds = newValue } }
    }
}
