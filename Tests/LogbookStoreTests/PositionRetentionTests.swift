import Foundation
import LogbookStore
import Testing
import TrackModel

/// `[database] position_retention_days` on SQLite (issue 30 §5): positions fixed before the cut-off are deleted, the
/// rest kept, and each device's count of stored positions follows.
@Suite struct PositionRetentionTests {
    @Test(arguments: [DatabaseKind.memory, .walPool])
    func positionsBeforeTheCutOffGo(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        _ = try test.database.vehicle(plate: "M-LB 42")
        let phone = try test.database.addDevice(
            name: "phone", plate: "M-LB 42", tokenHash: String(repeating: "ab", count: 32), speedUnit: "mps")
        let tracker = try test.database.addDevice(
            name: "tracker", plate: "M-LB 42", tokenHash: String(repeating: "cd", count: 32), speedUnit: "mps")
        func positions(_ times: [Double]) -> [DevicePosition] {
            times.map { DevicePosition(fixedAt: Timestamp(secondsSince1970: $0), latitude: 48.1, longitude: 11.5) }
        }
        let now = Timestamp(secondsSince1970: 5_000)
        _ = try test.database.storePositions(
            positions([1_000, 2_000, 3_000]), refused: [:], deviceID: phone.id!, receivedAt: now)
        _ = try test.database.storePositions(
            positions([1_500, 4_000]), refused: [:], deviceID: tracker.id!, receivedAt: now)
        // Before 2500: the phone's 1000 and 2000 and the tracker's 1500; the cut-off itself is kept.
        #expect(try test.database.deletePositions(before: 2_500) == 3)
        #expect(try test.database.devicePositions(deviceID: phone.id!).map(\.fixedAt.secondsSince1970) == [3_000])
        #expect(try test.database.devicePositions(deviceID: tracker.id!).map(\.fixedAt.secondsSince1970) == [4_000])
        let counts = Dictionary(
            uniqueKeysWithValues: try test.database.deviceSummaries().map { ($0.device.name, $0.positions) })
        #expect(counts == ["phone": 1, "tracker": 1])
        #expect(try test.database.deletePositions(before: 3_000) == 0)
    }
}
