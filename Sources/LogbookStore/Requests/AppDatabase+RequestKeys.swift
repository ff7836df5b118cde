import Foundation
import TrackModel

/// A change sent with an idempotency key, as far as the log knows it.
public enum RequestKeyClaim: Sendable, Equatable {
    /// The key is new: this request is the one that applies the change; `finish` or `release` it afterwards.
    case claimed
    /// The same change was handled before: its answer, to be given again.
    case answered(StoredAnswer)
    /// The same change is being handled right now (the first request has not finished).
    case inProgress
    /// The key was used by this user for another request (another method or address).
    case reusedElsewhere
}

/// The answer a change got, kept to be given again when the change arrives again.
public struct StoredAnswer: Sendable, Equatable {
    public var status: Int
    public var location: String?
    public var contentType: String?
    public var body: [UInt8]

    public init(status: Int, location: String?, contentType: String?, body: [UInt8]) {
        self.status = status
        self.location = location
        self.contentType = contentType
        self.body = body
    }
}

extension AppDatabase {
    /// How long an answer is kept (`RequestKeyRules.lifetime`).
    public static let requestKeyLifetime = RequestKeyRules.lifetime

    /// Claims `key` for `user`'s `method path`, in one transaction: the first request with a key claims it, every later
    /// one gets the first one's answer (or learns that it is still being handled).
    public func claimRequestKey(_ key: String, user: Int64, method: String, path: String) throws -> RequestKeyClaim {
        let now = clock().secondsSince1970
        return try write("claimRequestKey") { db in
            try db.execute(
                sql: "DELETE FROM request_key WHERE created_at < ?", arguments: [now - Self.requestKeyLifetime])
            if let row = try SQLRow.fetchOne(
                db,
                sql: """
                    SELECT method, path, status, location, content_type, body, created_at FROM request_key
                    WHERE user_id = ? AND key = ?
                    """,
                arguments: [user, key])
            {
                guard try row["method"] == method, try row["path"] == path else { return .reusedElsewhere }
                guard let status: Int = try row["status"] else {
                    // A first request that never finished (its server stopped mid-way) leaves the key to a later one.
                    let started: Double = try row["created_at"]
                    guard started < now - RequestKeyRules.abandonedClaim else { return .inProgress }
                    try db.execute(
                        sql: "UPDATE request_key SET created_at = ? WHERE user_id = ? AND key = ?",
                        arguments: [now, user, key])
                    return .claimed
                }
                let body: Data? = try row["body"]
                return .answered(
                    StoredAnswer(
                        status: status, location: try row["location"], contentType: try row["content_type"],
                        body: body.map { [UInt8]($0) } ?? []))
            }
            try db.execute(
                sql: "INSERT INTO request_key (user_id, key, method, path, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [user, key, method, path, now])
            return .claimed
        }
    }

    /// Keeps the answer of a claimed key's request.
    public func finishRequestKey(_ key: String, user: Int64, answer: StoredAnswer) throws {
        try write("finishRequestKey") { db in
            try db.execute(
                sql: """
                    UPDATE request_key SET status = ?, location = ?, content_type = ?, body = ?
                    WHERE user_id = ? AND key = ? AND status IS NULL
                    """,
                arguments: [answer.status, answer.location, answer.contentType, Data(answer.body), user, key])
        }
    }

    /// Gives a claimed key back when its request failed on the server's side: the change was not applied, so the
    /// same key may try again.
    public func releaseRequestKey(_ key: String, user: Int64) throws {
        try write("releaseRequestKey") { db in
            try db.execute(
                sql: "DELETE FROM request_key WHERE user_id = ? AND key = ? AND status IS NULL",
                arguments: [user, key])
        }
    }
}
