import Foundation
import GRDB
import LogbookStore
import Testing
import TrackModel

/// A role this program does not know (written by a newer logbook) grants nothing: the user cannot sign in with a
/// token, a session or a password, and reading the user names the role instead of guessing one.
@Suite struct UnknownRoleTests {
    @Test func aUserWithAnUnknownRoleGetsNoRights() throws {
        let test = try DatabaseKind.memory.make()
        defer { test.remove() }
        let database = test.database
        let user = try database.addUser(
            name: "pat", role: .driver, vehicles: [], passwordHash: "$2b$12$abcdefghijklmnopqrstuv", restaurants: [])
        _ = try database.addToken(user: "pat", tokenHash: String(repeating: "a", count: 64), expiresAt: nil)
        try database.startSession(
            user: user.id, idHash: String(repeating: "b", count: 64), csrfToken: "csrf",
            expiresAt: Timestamp(secondsSince1970: DatabaseKind.now.secondsSince1970 + 3_600))
        // Signed in while the role is known.
        #expect(try database.user(tokenHash: String(repeating: "a", count: 64))?.name == "pat")
        #expect(try database.session(idHash: String(repeating: "b", count: 64)) != nil)
        // A newer logbook's role, written past this program's check.
        try test.writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: "UPDATE app_user SET role = 'pilot' WHERE name = 'pat'")
            try db.execute(sql: "PRAGMA ignore_check_constraints = OFF")
        }
        #expect(try database.user(tokenHash: String(repeating: "a", count: 64)) == nil)
        #expect(try database.session(idHash: String(repeating: "b", count: 64)) == nil)
        #expect(try database.passwordHash(user: "pat") == nil)
        let error = try #require(throws: StoreError.self) { _ = try database.users() }
        #expect(error.code == .invalidData && error.detail.contains("'pilot'") && error.detail.contains("'pat'"))
    }
}
