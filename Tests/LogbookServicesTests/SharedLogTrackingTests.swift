import Foundation
import Ingest
import LogbookServices
import LogbookStore
import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// Two servers on one log (two `DeviceTracker`s with their own names on one database file): a device's engine runs
/// on one of them at a time, under its lease, and the trips are those of the drive whichever server its batches
/// reach — the same as a replay of the positions, never stored twice, never lost.
@Suite("Two servers on one log")
struct SharedLogTrackingTests {
    struct Servers {
        var setup: DeviceTrackingTests.Setup
        var a: IngestService
        var b: IngestService

        init() throws {
            setup = try DeviceTrackingTests.Setup()
            a = IngestService(
                tracker: DeviceTracker(
                    database: setup.database, configuration: EngineConfiguration(), holder: "server-a",
                    leaseDuration: 60))
            b = IngestService(
                tracker: DeviceTracker(
                    database: setup.database, configuration: EngineConfiguration(), holder: "server-b",
                    leaseDuration: 60))
        }

        /// Sends batches of 100 positions, each arriving 5 s after its last fix, to the server `route` picks.
        func send(_ positions: [IngestPosition], route: (Int) -> IngestService) async throws -> [IngestReceipt] {
            var receipts: [IngestReceipt] = []
            for (index, start) in stride(from: 0, to: positions.count, by: 100).enumerated() {
                let batch = positions[start..<min(start + 100, positions.count)]
                receipts.append(
                    try await route(index).ingest(
                        .overland, DeviceTrackingTests.overland(batch, token: setup.token),
                        now: batch.last!.time + 5))
            }
            return receipts
        }
    }

    @Test(
        "a phone that moves to the other server mid-drive: the other one takes the engine over once the lease has run out",
        arguments: [11, 12] as [UInt64])
    func moveMidDrive(seed: UInt64) async throws {
        let drive = DeviceTrackingTests.drive(seed: seed)
        let servers = try Servers()
        let half = drive.positions.count / 200
        let receipts = try await servers.send(drive.positions) { $0 < half ? servers.a : servers.b }
        #expect(receipts.map(\.stored).reduce(0, +) == drive.positions.count)
        let stored = try servers.setup.trips()
        DeviceTrackingTests.expectTruth(stored, drive, "seed \(seed)")
        DeviceTrackingTests.expectSame(stored, try DeviceTrackingTests.replayed(drive.positions), "seed \(seed)")
        let lease = try #require(try servers.setup.database.deviceLease(deviceID: servers.setup.deviceID))
        #expect(lease.holder == "server-b")
        #expect(lease.epoch == 2)
    }

    @Test(
        "batches alternating between the two servers: each take-over loads the engine the other one left",
        arguments: [13, 14] as [UInt64])
    func alternating(seed: UInt64) async throws {
        let drive = DeviceTrackingTests.drive(seed: seed)
        let servers = try Servers()
        _ = try await servers.send(drive.positions) { $0 % 2 == 0 ? servers.a : servers.b }
        let stored = try servers.setup.trips()
        DeviceTrackingTests.expectTruth(stored, drive, "seed \(seed)")
        DeviceTrackingTests.expectSame(stored, try DeviceTrackingTests.replayed(drive.positions), "seed \(seed)")
        // Every batch is 100 s of fixes, longer than the lease: each one found the other server's lease run out.
        let batches = (drive.positions.count + 99) / 100
        #expect(try servers.setup.database.deviceLease(deviceID: servers.setup.deviceID)?.epoch == Int64(batches))
    }

    /// One server's sweep closes the trip of a phone that fell silent in a tunnel; its next positions reach the other
    /// server once the lease has run out. That one runs the engine again from the snapshot the close left, as a replay
    /// decides the silence: one trip through the tunnel, not two.
    @Test("a trip one server closed at a silence is measured again by the other when the next positions come")
    func closedOnOneMeasuredOnTheOther() async throws {
        let (sent, k) = try SilentCloseTests.throughATunnel(seed: 16)
        let servers = try Servers()
        _ = try await servers.send(Array(sent[...k])) { _ in servers.a }
        let sweep = Timestamp(secondsSince1970: sent[k].time.secondsSince1970 + 301)
        #expect(try servers.a.tracker.closeSilentTrips(now: sweep) == 1)
        let receipts = try await servers.send(Array(sent[(k + 1)...])) { _ in servers.b }
        #expect(receipts.first?.recomputed == true)
        _ = try servers.b.tracker.closeSilentTrips(
            now: Timestamp(secondsSince1970: sent.last!.time.secondsSince1970 + 600))
        let replayed = SilentCloseTests.replayed(sent)
        #expect(replayed.count == 2)
        DeviceTrackingTests.expectSame(try servers.setup.trips(), replayed, "two servers")
        #expect(try servers.setup.database.deviceLease(deviceID: servers.setup.deviceID)?.holder == "server-b")
    }

    @Test("while one server holds the lease, the other stores the positions and leaves the trips to it")
    func heldElsewhere() async throws {
        let drive = DeviceTrackingTests.drive(seed: 15)
        let servers = try Servers()
        // Batches 10 s apart (fixes sent as they come): server a keeps its lease fresh; b gets every third batch.
        var ranElsewhere = 0
        for (index, start) in stride(from: 0, to: drive.positions.count, by: 10).enumerated() {
            let batch = drive.positions[start..<min(start + 10, drive.positions.count)]
            let server = index % 3 == 2 ? servers.b : servers.a
            let receipt = try await server.ingest(
                .overland, DeviceTrackingTests.overland(batch, token: servers.setup.token), now: batch.last!.time + 1)
            if receipt.ranElsewhere { ranElsewhere += 1 }
        }
        #expect(ranElsewhere == drive.positions.count / 30)
        let stored = try servers.setup.trips()
        DeviceTrackingTests.expectSame(stored, try DeviceTrackingTests.replayed(drive.positions), "held elsewhere")
        // Exactly the trips one server makes of the same batches: no position the other server stored was skipped.
        let alone = try DeviceTrackingTests.Setup()
        for start in stride(from: 0, to: drive.positions.count, by: 10) {
            let batch = drive.positions[start..<min(start + 10, drive.positions.count)]
            _ = try await alone.service.ingest(
                .overland, DeviceTrackingTests.overland(batch, token: alone.token), now: batch.last!.time + 1)
        }
        let reference = try alone.trips()
        #expect(stored.map(\.start) == reference.map(\.start))
        #expect(stored.map(\.end) == reference.map(\.end))
        #expect(stored.map(\.distance) == reference.map(\.distance))
        let lease = try #require(try servers.setup.database.deviceLease(deviceID: servers.setup.deviceID))
        #expect(lease.holder == "server-a")
        #expect(lease.epoch == 1)
    }

    @Test("a commit under a lease another server has taken over stores nothing")
    func fencedCommit() throws {
        let setup = try DeviceTrackingTests.Setup()
        let database = setup.database
        let first = try #require(
            try database.acquireDeviceLease(deviceID: setup.deviceID, holder: "server-a", now: 100, duration: 60))
        let state = DeviceEngineState(lastFixTime: 50, state: Data("{}".utf8))
        _ = try database.commitDeviceTrips([], deviceID: setup.deviceID, engine: state, lease: first)
        #expect(try database.deviceEngine(deviceID: setup.deviceID)?.lastFixTime == 50)
        // Server a stalls past its lease; b takes the device over.
        let second = try #require(
            try database.acquireDeviceLease(deviceID: setup.deviceID, holder: "server-b", now: 161, duration: 60))
        #expect(second.epoch == 2)
        let late = DeviceEngineState(lastFixTime: 70, state: Data("{}".utf8))
        let refused = #expect(throws: StoreError.self) {
            try database.commitDeviceTrips([], deviceID: setup.deviceID, engine: late, lease: first)
        }
        #expect(refused?.rule == DeviceLeaseRules.lostRule)
        #expect(try database.deviceEngine(deviceID: setup.deviceID)?.lastFixTime == 50)
        _ = try database.commitDeviceTrips([], deviceID: setup.deviceID, engine: late, lease: second)
        #expect(try database.deviceEngine(deviceID: setup.deviceID)?.lastFixTime == 70)
    }
}
