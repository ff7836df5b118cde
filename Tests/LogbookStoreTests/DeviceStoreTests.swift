import Foundation
import GRDB
import LogbookStore
import Testing
import TrackModel

@Suite struct DeviceStoreTests {
    private let hash = String(repeating: "ab", count: 32)

    private func position(_ seconds: Double, battery: Double? = nil) -> DevicePosition {
        DevicePosition(
            fixedAt: Timestamp(secondsSince1970: seconds), latitude: 48.1, longitude: 11.5, speedMetresPerSecond: 3,
            battery: battery, attributes: #"{"motion":["driving"]}"#)
    }

    @Test(arguments: [DatabaseKind.diskQueue, .walPool])
    func aResentBatchIsStoredOnce(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        _ = try test.database.vehicle(plate: "M-LB 42")
        let device = try test.database.addDevice(name: "phone", plate: "M-LB 42", tokenHash: hash, speedUnit: "mps")
        let id = try #require(device.id)
        let batch = [position(1_800_000_000, battery: 80), position(1_800_000_010, battery: 79)]
        let now = Timestamp(secondsSince1970: 1_800_000_020)
        let first = try test.database.storePositions(batch, refused: ["null-island": 1], deviceID: id, receivedAt: now)
        #expect(first.stored == 2 && first.duplicates == 0)
        #expect(first.earliestStored?.secondsSince1970 == 1_800_000_000)
        let again = try test.database.storePositions(batch, refused: ["null-island": 1], deviceID: id, receivedAt: now)
        #expect(again == StoredPositions(stored: 0, duplicates: 2, earliestStored: nil))
        #expect(
            try test.database.devicePositions(deviceID: id).map(\.fixedAt.secondsSince1970) == [
                1_800_000_000, 1_800_000_010,
            ])
        let summary = try #require(try test.database.deviceSummaries().first)
        #expect(summary.vehicle == "M-LB 42")
        #expect(summary.positions == 2)
        #expect(summary.refused == ["null-island": 2])
        #expect(summary.device.lastBattery == 79)
        #expect(summary.device.lastSeenAt == now)
    }

    @Test func namesAreUniqueTokensFoundByHashAndRevocationKept() throws {
        let test = try DatabaseKind.diskQueue.make()
        defer { test.remove() }
        _ = try test.database.vehicle(plate: "M-LB 42")
        _ = try test.database.addDevice(name: "phone", plate: "M-LB 42", tokenHash: hash, speedUnit: "kmh")
        #expect(throws: StoreError.self) {
            try test.database.addDevice(
                name: "PHONE", plate: "M-LB 42", tokenHash: String(repeating: "cd", count: 32), speedUnit: "kmh")
        }
        #expect(throws: StoreError.self) {
            try test.database.addDevice(name: "tracker", plate: "B-XY 1", tokenHash: hash, speedUnit: "kmh")
        }
        #expect(try test.database.device(tokenHash: hash)?.name == "phone")
        #expect(try test.database.device(tokenHash: String(repeating: "00", count: 32)) == nil)
        let revoked = try test.database.revokeDevice(name: "phone")
        #expect(revoked.revokedAt == DatabaseKind.now)
        try test.database.removeDevice(name: "phone")
        #expect(try test.database.deviceSummaries().isEmpty)
        #expect(throws: StoreError.self) { try test.database.device(name: "phone") }
    }
}
