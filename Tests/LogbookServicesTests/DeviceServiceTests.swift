import Crypto
import Foundation
import LogbookServices
import LogbookStore
import LogbookTestSupport
import Testing
import TrackModel

@Suite("DeviceService")
struct DeviceServiceTests {
    static func context(_ database: AppDatabase, _ caller: Caller) -> ServiceContext {
        ServiceContext(database: database, caller: caller, clock: LocalClock(identifier: "UTC"))
    }

    static func user(_ role: UserRole) -> Caller {
        .user(
            AppUser(
                id: 1, name: "anna", role: role, vehicles: ["ABC1"], hasPassword: false,
                createdAt: Timestamp(secondsSince1970: 0)))
    }

    @Test func theTerminalAddsListsRevokesAndRemoves() throws {
        let directory = try TemporaryDirectory()
        let database = try AppDatabase.open(path: directory.path("log.sqlite"))
        _ = try database.addVehicle(VehicleDetails(plate: "ABC1"))
        let service = try DeviceService(Self.context(database, .terminal))
        let added = try service.add(name: "phone", vehicle: "abc1")
        #expect(added.vehicle == "ABC1")
        #expect(added.token.count == 64)
        // Only the token's SHA-256 is kept, computed here independently.
        let expected = SHA256.hash(data: Data(added.token.utf8)).map { String(format: "%02x", $0) }.joined()
        #expect(try database.device(tokenHash: expected)?.name == "phone")
        #expect(try database.device(name: "phone").tokenHash != added.token)
        let second = try service.add(name: "tracker", vehicle: "ABC1")
        #expect(second.token != added.token)
        #expect(try service.list().map(\.name) == ["phone", "tracker"])
        try service.revoke(name: "phone")
        #expect(try service.list().map(\.revoked) == [true, false])
        try service.remove(name: "phone")
        #expect(try service.list().map(\.name) == ["tracker"])
        #expect(throws: ServiceError.self) { try service.add(name: " ", vehicle: "ABC1") }
    }

    @Test(arguments: [UserRole.driver, .accountant])
    func othersAreForbidden(role: UserRole) throws {
        let directory = try TemporaryDirectory()
        let database = try AppDatabase.open(path: directory.path("log.sqlite"))
        _ = try database.addVehicle(VehicleDetails(plate: "ABC1"))
        let service = try DeviceService(Self.context(database, Self.user(role)))
        #expect { try service.add(name: "phone", vehicle: "ABC1") } throws: {
            ($0 as? ServiceError)?.kind == .forbidden
        }
        #expect { try service.list() } throws: { ($0 as? ServiceError)?.kind == .forbidden }
        #expect(try database.deviceSummaries().isEmpty)
        let admin = try DeviceService(Self.context(database, Self.user(.admin)))
        #expect(try admin.add(name: "phone", vehicle: "ABC1").name == "phone")
    }
}
