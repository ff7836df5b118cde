import Foundation
import GRDB
import LogbookStore
import Testing

/// Migration v17 (issue 29 §2): the user table takes the roofer role; a log from before keeps its users, their
/// vehicles, restaurants, tokens and sessions, and its checklist shifts' managers.
@Suite struct UsersMigrationTests {
    @Test func aVersion16LogUpgradesWithItsUsersAndTakesRoofers() throws {
        let directory = try TestDatabase.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("old.sqlite").path
        let queue = try DatabaseQueue(path: path, configuration: AppDatabase.configuration())
        let v16 = try #require(AppDatabase.migrationIdentifiers.firstIndex { $0.hasPrefix("v16 ") })
        try AppDatabase.migrate(queue, upTo: AppDatabase.migrationIdentifiers[v16])
        try queue.write { db in
            // Before v17 the table refuses a roofer.
            #expect(throws: DatabaseError.self) {
                try db.execute(
                    sql: "INSERT INTO app_user (name, role, created_at) VALUES ('Early', 'roofer', 1)")
            }
            try db.execute(sql: "INSERT INTO vehicle (plate, created_at) VALUES ('OLD1', 1)")
            try db.execute(
                sql: "INSERT INTO checklist_restaurant (name, timezone, created_at) VALUES ('Main Street', 'UTC', 1)")
            try db.execute(
                sql: """
                    INSERT INTO app_user (id, name, role, password_hash, created_at) VALUES
                        (7, 'anna', 'driver', NULL, 1), (9, 'sam', 'shift-manager', NULL, 2)
                    """)
            try db.execute(sql: "INSERT INTO app_user_vehicle (user_id, vehicle_id) VALUES (7, 1)")
            try db.execute(sql: "INSERT INTO app_user_restaurant (user_id, restaurant_id) VALUES (9, 1)")
            try db.execute(
                sql: "INSERT INTO api_token (user_id, token_hash, created_at) VALUES (7, ?, 1)",
                arguments: [String(repeating: "a", count: 64)])
            try db.execute(
                sql:
                    "INSERT INTO checklist_shift (restaurant_id, day_part, manager_id, started_at) VALUES (1, 'day', 9, 10)"
            )
        }
        try queue.close()

        let upgraded = try AppDatabase.open(path: path)
        let users = try upgraded.users()
        #expect(users.map(\.name) == ["anna", "sam"])
        #expect(users.map(\.id) == [7, 9])
        #expect(users[0].vehicles == ["OLD1"] && users[0].activeTokens == 1)
        #expect(users[1].restaurants == ["Main Street"])
        #expect(try upgraded.user(tokenHash: String(repeating: "a", count: 64))?.name == "anna")
        let roofer = try upgraded.addUser(name: "Ib", role: .roofer, vehicles: [], passwordHash: nil)
        #expect(roofer.role == .roofer)
        #expect(try upgraded.user(named: "ib").role == .roofer)
        try upgraded.reader.read { db in
            let problems = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
            #expect(problems.isEmpty)
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            #expect(try Int.fetchOne(db, sql: "SELECT manager_id FROM checklist_shift") == 9)
        }
        // A role the table does not know is still refused by its rule.
        #expect(throws: (any Error).self) {
            try upgraded.writer.write { db in
                try db.execute(sql: "INSERT INTO app_user (name, role, created_at) VALUES ('Tom', 'tiler', 1)")
            }
        }
    }
}
