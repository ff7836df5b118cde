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

    /// A batch longer than one INSERT carries, with a time twice in it and times stored before, across two months
    /// (two partitions on PostgreSQL): each time stored once, the first of a batch's twins, in the batch's order.
    @Test(arguments: DatabaseKind.allCases)
    func aLongBatchWithTwinsIsStoredOnceEach(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        _ = try test.database.vehicle(plate: "M-LB 43")
        let id = try #require(
            try test.database.addDevice(name: "box", plate: "M-LB 43", tokenHash: hash, speedUnit: "mps").id)
        // 2027-01-31 23:59:00 UTC: the batch runs into February.
        let start = 1_801_439_940.0
        let earlier = (0..<10).map { position(start + Double($0) * 10) }
        let now = Timestamp(secondsSince1970: start + 10_000)
        #expect(try test.database.storePositions(earlier, refused: [:], deviceID: id, receivedAt: now).stored == 10)
        var batch = (0..<150).map { position(start + Double($0) * 5, battery: Double($0 % 100)) }
        batch.insert(position(start + 5 * 70, battery: 1), at: 100)  // a twin of the 71st, after it
        let stored = try test.database.storePositions(batch, refused: [:], deviceID: id, receivedAt: now)
        // Every even 5 s step up to 45 s is one of the earlier times (0, 10, …, 90 s): 10 of the 150 were there.
        #expect(stored.stored == 140 && stored.duplicates == 11)
        #expect(stored.new.count == 140 && stored.new.first?.fixedAt.secondsSince1970 == start + 5)
        #expect(stored.new.map(\.fixedAt) == stored.new.map(\.fixedAt).sorted())
        #expect(stored.new.first { $0.fixedAt.secondsSince1970 == start + 350 }?.battery == 70)
        #expect(stored.earliestStored?.secondsSince1970 == start + 5)
        #expect(stored.positionCount == 150)
        let all = try test.database.devicePositions(deviceID: id)
        #expect(all.count == 150 && Set(all.map(\.fixedAt)).count == 150)
        #expect(all.first { $0.fixedAt.secondsSince1970 == start + 350 }?.battery == 70)
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
