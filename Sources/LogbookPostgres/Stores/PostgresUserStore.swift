import Foundation
public import LogbookStore
public import TrackModel

/// `UserStore` on PostgreSQL: the same users, tokens and sessions as `AppDatabase`'s, over the pool's prepared
/// statements. Names are compared without regard to case, as SQLite's `COLLATE NOCASE` columns do.
public struct PostgresUserStore: UserStore {
    let pool: PostgresPool
    let clock: @Sendable () -> Timestamp

    public init(pool: PostgresPool, clock: @escaping @Sendable () -> Timestamp = PostgresStores.systemClock) {
        self.pool = pool
        self.clock = clock
    }

    public func addUser(
        name: String, role: UserRole, vehicles: [String], passwordHash: String?, restaurants: [String]
    ) throws -> AppUser {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw StoreError(.invalidArgument, operation: "addUser", detail: "empty user name") }
        let now = clock().secondsSince1970
        return try pool.write("addUser") { session in
            if try Self.userID(name, session) != nil {
                throw StoreError(.refused, operation: "addUser", detail: "there is already a user '\(name)'")
            }
            guard
                let id = try session.row(
                    "INSERT INTO app_user (name, role, password_hash, created_at) VALUES (?, ?, ?, ?) RETURNING id",
                    [.text(name), .text(role.rawValue), .text(passwordHash), .double(now)]
                )?.int("id")
            else { throw StoreError(.other, operation: "addUser", detail: "no id came back") }
            for plate in vehicles {
                let vehicle = try Self.requireVehicle(plate, session)
                try session.execute(
                    "INSERT INTO app_user_vehicle (user_id, vehicle_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
                    [.int(id), .int(vehicle)])
            }
            for restaurant in restaurants {
                let restaurantID = try Self.requireRestaurant(restaurant, session)
                try session.execute(
                    "INSERT INTO app_user_restaurant (user_id, restaurant_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
                    [.int(id), .int(restaurantID)])
            }
            return try Self.user(id: id, session, now: now)
        }
    }

    public func users() throws -> [AppUser] {
        let now = clock().secondsSince1970
        return try pool.read("users") { session in
            try session.rows("SELECT id FROM app_user ORDER BY lower(name), name").map {
                try Self.user(id: $0.int("id"), session, now: now)
            }
        }
    }

    public func user(named name: String) throws -> AppUser {
        let now = clock().secondsSince1970
        return try pool.read("user") { session in
            guard let id = try Self.userID(name, session) else { throw Self.unknownUser(name) }
            return try Self.user(id: id, session, now: now)
        }
    }

    public func passwordHash(user name: String) throws -> (user: AppUser, hash: String)? {
        let now = clock().secondsSince1970
        return try pool.read("passwordHash") { session in
            guard let id = try Self.userID(name, session),
                let hash = try session.row("SELECT password_hash FROM app_user WHERE id = ?", [.int(id)])?
                    .optionalText("password_hash")
            else { return nil }
            return (try Self.user(id: id, session, now: now), hash)
        }
    }

    public func setPasswordHash(user name: String, _ hash: String, keepingSession sessionHash: String?) throws {
        try pool.write("setPassword") { session in
            guard let id = try Self.userID(name, session) else { throw Self.unknownUser(name) }
            try session.execute("UPDATE app_user SET password_hash = ? WHERE id = ?", [.text(hash), .int(id)])
            try session.execute(
                "DELETE FROM web_session WHERE user_id = ? AND id_hash IS DISTINCT FROM ?",
                [.int(id), .text(sessionHash)])
        }
    }

    public func addToken(user name: String, tokenHash: String, expiresAt: Timestamp?) throws -> Int64 {
        let now = clock().secondsSince1970
        return try pool.write("addToken") { session in
            guard let id = try Self.userID(name, session) else { throw Self.unknownUser(name) }
            guard
                let token = try session.row(
                    """
                    INSERT INTO api_token (user_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)
                    RETURNING id
                    """,
                    [.int(id), .text(tokenHash), .double(now), .double(expiresAt?.secondsSince1970)]
                )?.int("id")
            else { throw StoreError(.other, operation: "addToken", detail: "no id came back") }
            return token
        }
    }

    @discardableResult
    public func revokeTokens(user name: String, token: Int64?) throws -> Int {
        let now = clock().secondsSince1970
        return try pool.write("revokeTokens") { session in
            guard let id = try Self.userID(name, session) else { throw Self.unknownUser(name) }
            let revoked = try session.rows(
                """
                UPDATE api_token SET revoked_at = ?
                WHERE user_id = ? AND revoked_at IS NULL AND (? IS NULL OR id = ?)
                RETURNING id
                """,
                [.double(now), .int(id), .int(token), .int(token)])
            if token == nil { try session.execute("DELETE FROM web_session WHERE user_id = ?", [.int(id)]) }
            return revoked.count
        }
    }

    public func user(tokenHash: String) throws -> AppUser? {
        let now = clock().secondsSince1970
        return try pool.read("tokenUser") { session in
            guard
                let id = try session.row(
                    """
                    SELECT user_id FROM api_token
                    WHERE token_hash = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)
                    """,
                    [.text(tokenHash), .double(now)]
                )?.int("user_id")
            else { return nil }
            return try Self.user(id: id, session, now: now)
        }
    }

    public func startSession(user id: Int64, idHash: String, csrfToken: String, expiresAt: Timestamp) throws {
        let now = clock().secondsSince1970
        try pool.write("startSession") { session in
            try session.execute("DELETE FROM web_session WHERE expires_at <= ?", [.double(now)])
            try session.execute(
                "INSERT INTO web_session (id_hash, user_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                [.text(idHash), .int(id), .text(csrfToken), .double(now), .double(expiresAt.secondsSince1970)])
        }
    }

    public func session(idHash: String) throws -> WebSession? {
        let now = clock().secondsSince1970
        return try pool.read("session") { session in
            guard
                let row = try session.row(
                    "SELECT user_id, csrf_token, expires_at FROM web_session WHERE id_hash = ? AND expires_at > ?",
                    [.text(idHash), .double(now)])
            else { return nil }
            return WebSession(
                user: try Self.user(id: row.int("user_id"), session, now: now), csrfToken: try row.text("csrf_token"),
                expiresAt: Timestamp(secondsSince1970: try row.double("expires_at")))
        }
    }

    public func endSession(idHash: String) throws {
        try pool.write("endSession") { session in
            try session.execute("DELETE FROM web_session WHERE id_hash = ?", [.text(idHash)])
        }
    }

    // MARK: Rows

    static func userID(_ name: String, _ session: PostgresSession) throws -> Int64? {
        try session.row(
            "SELECT id FROM app_user WHERE lower(name) = lower(?)", [.text(name.trimmingCharacters(in: .whitespaces))]
        )?.int("id")
    }

    static func unknownUser(_ name: String) -> StoreError {
        StoreError(.notFound, operation: "user", detail: "there is no user '\(name)'; add one with `logbook users add`")
    }

    static func requireVehicle(_ plate: String, _ session: PostgresSession) throws -> Int64 {
        let plate = plate.trimmingCharacters(in: .whitespacesAndNewlines)
        guard
            let id = try session.row("SELECT id FROM vehicle WHERE lower(plate) = lower(?)", [.text(plate)])?.int("id")
        else {
            throw StoreError(
                .notFound, operation: "vehicle",
                detail: "unknown vehicle '\(plate)'; add it with `logbook vehicles add --plate \(plate)`")
        }
        return id
    }

    static func requireRestaurant(_ name: String, _ session: PostgresSession) throws -> Int64 {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard
            let id = try session.row(
                "SELECT id FROM checklist_restaurant WHERE lower(name) = lower(?)", [.text(trimmed)]
            )?.int("id")
        else {
            throw StoreError(
                .notFound, operation: "restaurant",
                detail: "unknown restaurant '\(name)'; add it with `logbook checklists restaurants add \"\(name)\"`")
        }
        return id
    }

    static func user(id: Int64, _ session: PostgresSession, now: Double) throws -> AppUser {
        guard
            let row = try session.row(
                "SELECT name, role, password_hash IS NOT NULL AS has_password, created_at FROM app_user WHERE id = ?",
                [.int(id)])
        else { throw StoreError(.notFound, operation: "user", detail: "there is no user \(id)") }
        let plates = try session.rows(
            """
            SELECT v.plate FROM app_user_vehicle uv JOIN vehicle v ON v.id = uv.vehicle_id
            WHERE uv.user_id = ? ORDER BY lower(v.plate), v.plate
            """,
            [.int(id)]
        ).map { try $0.text("plate") }
        let tokens =
            try session.row(
                """
                SELECT count(*) AS n FROM api_token
                WHERE user_id = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)
                """,
                [.int(id), .double(now)]
            )?.int("n") ?? 0
        let restaurants = try session.rows(
            """
            SELECT r.name FROM app_user_restaurant ur JOIN checklist_restaurant r ON r.id = ur.restaurant_id
            WHERE ur.user_id = ? ORDER BY lower(r.name), r.name
            """,
            [.int(id)]
        ).map { try $0.text("name") }
        return AppUser(
            id: id, name: try row.text("name"), role: UserRole(rawValue: try row.text("role")) ?? .driver,
            vehicles: plates, hasPassword: try row.bool("has_password"),
            createdAt: Timestamp(secondsSince1970: try row.double("created_at")), activeTokens: Int(tokens),
            restaurants: restaurants)
    }
}
