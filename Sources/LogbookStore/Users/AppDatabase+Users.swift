import Foundation
public import TrackModel

/// Users, their vehicles, API tokens and web sessions. Secrets arrive here already hashed: the caller
/// (the server) hashes passwords with bcrypt and tokens with SHA-256; nothing here sees them in clear.
extension AppDatabase {
    /// Adds a user; a driver is given the vehicles they may see, a checklist role its restaurants (which must exist).
    public func addUser(
        name: String, role: UserRole, vehicles: [String], passwordHash: String?, restaurants: [String] = []
    ) throws -> AppUser {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw StoreError(.invalidArgument, operation: "addUser", detail: "empty user name") }
        let now = clock().secondsSince1970
        return try write("addUser") { db in
            if try Self.userRow(name, db) != nil {
                throw StoreError(.refused, operation: "addUser", detail: "there is already a user '\(name)'")
            }
            let id = try db.insertReturningID(
                sql: "INSERT INTO app_user (name, role, password_hash, created_at) VALUES (?, ?, ?, ?)",
                arguments: [name, role.rawValue, passwordHash, now])
            for plate in vehicles {
                let vehicle = try Self.requireVehicle(plate, db)
                try db.execute(
                    sql: "INSERT INTO app_user_vehicle (user_id, vehicle_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
                    arguments: [id, vehicle.id])
            }
            for restaurant in restaurants {
                let restaurantID = try Self.requireRestaurant(restaurant, db)
                try db.execute(
                    sql:
                        "INSERT INTO app_user_restaurant (user_id, restaurant_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
                    arguments: [id, restaurantID])
            }
            return try Self.user(id: id, db, now: now)
        }
    }

    /// All users, by name.
    public func users() throws -> [AppUser] {
        let now = clock().secondsSince1970
        return try read("users") { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM app_user ORDER BY \(db.dialect.nameOrder("name"))").map {
                try Self.user(id: $0, db, now: now)
            }
        }
    }

    /// The user with this name (without regard to case).
    public func user(named name: String) throws -> AppUser {
        let now = clock().secondsSince1970
        return try read("user") { db in
            guard let row = try Self.userRow(name, db) else { throw Self.unknownUser(name) }
            return try Self.user(id: row, db, now: now)
        }
    }

    /// The stored password hash of a user, `nil` when the user has none or does not exist.
    public func passwordHash(user name: String) throws -> (user: AppUser, hash: String)? {
        let now = clock().secondsSince1970
        return try read("passwordHash") { db in
            guard let id = try Self.userRow(name, db),
                let hash = try String.fetchOne(
                    db, sql: "SELECT password_hash FROM app_user WHERE id = ?", arguments: [id])
            else { return nil }
            return try Self.signedInUser(id: id, db, now: now).map { ($0, hash) }
        }
    }

    /// Sets a user's password hash; their web sessions end (a changed password logs everyone out).
    public func setPasswordHash(user name: String, _ hash: String, keepingSession sessionHash: String? = nil) throws {
        try write("setPassword") { db in
            guard let id = try Self.userRow(name, db) else { throw Self.unknownUser(name) }
            try db.execute(sql: "UPDATE app_user SET password_hash = ? WHERE id = ?", arguments: [hash, id])
            // Every session of the user but `sessionHash` (all of them when it is nil).
            try db.execute(
                sql: "DELETE FROM web_session WHERE user_id = ? AND (? IS NULL OR id_hash <> ?)",
                arguments: [id, sessionHash, sessionHash])
        }
    }

    /// Stores the hash of a new API token for a user; `expiresAt` nil: never.
    public func addToken(user name: String, tokenHash: String, expiresAt: Timestamp?) throws -> Int64 {
        let now = clock().secondsSince1970
        return try write("addToken") { db in
            guard let id = try Self.userRow(name, db) else { throw Self.unknownUser(name) }
            return try db.insertReturningID(
                sql: "INSERT INTO api_token (user_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [id, tokenHash, now, expiresAt?.secondsSince1970])
        }
    }

    /// Revokes a user's tokens (one, or all) and ends their web sessions; how many tokens were revoked.
    @discardableResult
    public func revokeTokens(user name: String, token: Int64? = nil) throws -> Int {
        let now = clock().secondsSince1970
        return try write("revokeTokens") { db in
            guard let id = try Self.userRow(name, db) else { throw Self.unknownUser(name) }
            let count = try db.executeCounting(
                sql: """
                    UPDATE api_token SET revoked_at = ?
                    WHERE user_id = ? AND revoked_at IS NULL AND (? IS NULL OR id = ?)
                    """,
                arguments: [now, id, token, token])
            if token == nil { try db.execute(sql: "DELETE FROM web_session WHERE user_id = ?", arguments: [id]) }
            return count
        }
    }

    /// The user a token hash belongs to, if the token is neither revoked nor expired.
    public func user(tokenHash: String) throws -> AppUser? {
        let now = clock().secondsSince1970
        return try read("tokenUser") { db in
            guard
                let id = try Int64.fetchOne(
                    db,
                    sql: """
                        SELECT user_id FROM api_token
                        WHERE token_hash = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)
                        """,
                    arguments: [tokenHash, now])
            else { return nil }
            return try Self.signedInUser(id: id, db, now: now)
        }
    }

    /// Starts a web session for a user; expired sessions are cleared on the way.
    public func startSession(user id: Int64, idHash: String, csrfToken: String, expiresAt: Timestamp) throws {
        let now = clock().secondsSince1970
        try write("startSession") { db in
            try db.execute(sql: "DELETE FROM web_session WHERE expires_at <= ?", arguments: [now])
            try db.execute(
                sql:
                    "INSERT INTO web_session (id_hash, user_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [idHash, id, csrfToken, now, expiresAt.secondsSince1970])
        }
    }

    /// The live session with this id hash.
    public func session(idHash: String) throws -> WebSession? {
        let now = clock().secondsSince1970
        return try read("session") { db in
            guard
                let row = try SQLRow.fetchOne(
                    db,
                    sql: "SELECT user_id, csrf_token, expires_at FROM web_session WHERE id_hash = ? AND expires_at > ?",
                    arguments: [idHash, now])
            else { return nil }
            guard let user = try Self.signedInUser(id: try row["user_id"], db, now: now) else { return nil }
            return WebSession(
                user: user, csrfToken: try row["csrf_token"],
                expiresAt: Timestamp(secondsSince1970: try row["expires_at"]))
        }
    }

    /// Ends a web session (logout).
    public func endSession(idHash: String) throws {
        try write("endSession") { db in
            try db.execute(sql: "DELETE FROM web_session WHERE id_hash = ?", arguments: [idHash])
        }
    }

    // MARK: Rows

    static func userRow(_ name: String, _ db: any SQLSession) throws -> Int64? {
        try Int64.fetchOne(
            db, sql: "SELECT id FROM app_user WHERE \(db.dialect.sameName("name"))",
            arguments: [name.trimmingCharacters(in: .whitespaces)])
    }

    static func unknownUser(_ name: String) -> StoreError {
        StoreError(.notFound, operation: "user", detail: "there is no user '\(name)'; add one with `logbook users add`")
    }

    /// A user as stored; `now` (the log's clock) decides which tokens are still active.
    /// The user who signs in with a password, token or session; nobody when the stored role is one this program does
    /// not know (a newer logbook's), so that such a user gets no rights rather than guessed ones.
    static func signedInUser(id: Int64, _ db: any SQLSession, now: Double) throws -> AppUser? {
        do {
            return try user(id: id, db, now: now)
        } catch let error as StoreError where error.code == .invalidData && error.field == "role" {
            return nil
        }
    }

    static func user(id: Int64, _ db: any SQLSession, now: Double) throws -> AppUser {
        guard
            let row = try SQLRow.fetchOne(
                db,
                sql:
                    "SELECT name, role, password_hash IS NOT NULL AS has_password, created_at FROM app_user WHERE id = ?",
                arguments: [id])
        else { throw StoreError(.notFound, operation: "user", detail: "there is no user \(id)") }
        let plates = try String.fetchAll(
            db,
            sql: """
                SELECT v.plate FROM app_user_vehicle uv JOIN vehicle v ON v.id = uv.vehicle_id
                WHERE uv.user_id = ? ORDER BY \(db.dialect.nameOrder("v.plate"))
                """,
            arguments: [id])
        let tokens =
            try Int.fetchOne(
                db,
                sql: """
                    SELECT count(*) FROM api_token
                    WHERE user_id = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)
                    """,
                arguments: [id, now]) ?? 0
        let restaurants = try String.fetchAll(
            db,
            sql: """
                SELECT r.name FROM app_user_restaurant ur JOIN checklist_restaurant r ON r.id = ur.restaurant_id
                WHERE ur.user_id = ? ORDER BY \(db.dialect.nameOrder("r.name"))
                """,
            arguments: [id])
        let roleText: String = try row["role"]
        guard let role = UserRole(rawValue: roleText) else {
            // A role of a newer logbook: no rights are guessed for it (an allow-list grants nothing unknown).
            throw StoreError(
                .invalidData, operation: "user",
                detail:
                    "the user '\(try row["name"] as String)' has the role '\(roleText)', which this logbook does not "
                    + "know; use the logbook that gave it", field: "role")
        }
        return AppUser(
            id: id, name: try row["name"], role: role, vehicles: plates,
            hasPassword: try row["has_password"], createdAt: Timestamp(secondsSince1970: try row["created_at"]),
            activeTokens: tokens, restaurants: restaurants)
    }
}
