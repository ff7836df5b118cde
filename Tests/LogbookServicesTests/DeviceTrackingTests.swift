import Foundation
import Ingest
import LogbookServices
import LogbookStore
import LogbookTestSupport
import MileageLog
import Testing
import TrackFormats
import TrackModel
import TripEngine

/// Positions from a phone, through `IngestService` (the Overland protocol, batches of 100) into each device's trip
/// engine: the trips must be those the same positions give replayed as a gpsd JSON file, and those the drive really
/// had, whatever order the batches come in, however often they are sent, and across a restart.
@Suite("Device tracking")
struct DeviceTrackingTests {
    /// A drive with its truth: park 10 min, drive ~17 min, park 15 min, drive ~7 min, park 15 min.
    struct Drive {
        var positions: [IngestPosition]
        /// True trips: start, end, distance.
        var trips: [(start: Double, end: Double, distance: Double)]
    }

    static func drive(seed: UInt64) -> Drive {
        var builder = ScenarioBuilder(
            options: .init(
                rate: 1, doppler: true, eph: 6, hdop: nil,
                noise: .init(white: 1.5, drift: 2, driftTime: 120, driftBound: 4, speed: 0.15), seed: seed))
        builder.stand(600)
        let go1 = builder.accelerate(20, to: 14)
        builder.drive(500, turnRate: 0.04)
        builder.drive(500, turnRate: -0.06)
        let stop1 = builder.accelerate(20, to: 0)
        builder.stand(900)
        let go2 = builder.accelerate(15, to: 11)
        builder.drive(400, turnRate: 0.1)
        let stop2 = builder.accelerate(15, to: 0)
        builder.stand(900)
        let positions = builder.fixes.map { fix in
            IngestPosition(
                time: fix.time!, latitude: fix.latitude!, longitude: fix.longitude!, speed: fix.speed,
                course: fix.track, altitude: fix.altitudeMSL, accuracy: fix.eph)
        }
        return Drive(
            positions: positions,
            trips: [
                (go1.start, stop1.end, stop1.endDistance - go1.startDistance),
                (go2.start, stop2.end, stop2.endDistance - go2.startDistance),
            ])
    }

    struct Setup {
        var directory: TemporaryDirectory
        var database: AppDatabase
        var service: IngestService
        var token: String
        var deviceID: Int64
        /// The PostgreSQL database the log is on, when not SQLite (dropped with the setup).
        var cluster: ClusterDatabase?

        /// On SQLite, or with `onCluster` on a database of its own on the test cluster.
        init(onCluster: Bool = false) throws {
            directory = try TemporaryDirectory()
            if onCluster {
                let cluster = try ClusterDatabase()
                self.cluster = cluster
                database = try cluster.open()
            } else {
                database = try AppDatabase.open(path: directory.path("log.sqlite"))
            }
            _ = try database.addVehicle(VehicleDetails(plate: "ABC1"))
            let context = ServiceContext(database: database, caller: .terminal, clock: LocalClock(identifier: "UTC"))
            token = try DeviceService(context).add(name: "phone", vehicle: "ABC1").token
            deviceID = try database.device(name: "phone").id!
            service = IngestService(tracker: DeviceTracker(database: database, configuration: EngineConfiguration()))
        }

        /// Sends the positions as Overland batches of `size`, each arriving `delay` seconds after its last fix.
        @discardableResult
        func send(_ positions: ArraySlice<IngestPosition>, size: Int = 100, delay: Double = 5) async throws
            -> [IngestReceipt]
        {
            var receipts: [IngestReceipt] = []
            var start = positions.startIndex
            while start < positions.endIndex {
                let batch = positions[start..<min(start + size, positions.endIndex)]
                let now = batch.last!.time + delay
                receipts.append(
                    try await service.ingest(
                        .overland, DeviceTrackingTests.overland(batch, token: token), now: now))
                start += size
            }
            return receipts
        }

        /// The vehicle's trips that are not void, by start.
        func trips() throws -> [StoredTrip] {
            try database.trips(vehicle: "ABC1", includeTracks: false).filter { !$0.voided }.sorted {
                $0.start < $1.start
            }
        }
    }

    /// An Overland request exactly as the app sends it (GeoJSON features, ISO 8601 times, Bearer token).
    static func overland(_ positions: ArraySlice<IngestPosition>, token: String) -> IngestRequest {
        let features: [[String: Any]] = positions.map { p in
            var properties: [String: Any] = ["timestamp": p.time.iso8601]
            if let speed = p.speed { properties["speed"] = speed }
            if let course = p.course { properties["course"] = course }
            if let altitude = p.altitude { properties["altitude"] = altitude }
            if let accuracy = p.accuracy { properties["horizontal_accuracy"] = accuracy }
            return [
                "type": "Feature", "geometry": ["type": "Point", "coordinates": [p.longitude, p.latitude]],
                "properties": properties,
            ]
        }
        let body = try! JSONSerialization.data(withJSONObject: ["locations": features])
        return IngestRequest(
            body: Array(body), contentType: "application/json", authorization: "Bearer \(token)")
    }

    /// What `logbook replay` measures for the same positions written as a gpsd JSON file (`eph` = accuracy).
    static func replayed(_ positions: [IngestPosition]) throws -> [Trip] {
        var text = ""
        for p in positions {
            var line = "{\"class\":\"TPV\",\"time\":\"\(p.time.iso8601)\",\"mode\":\(p.altitude == nil ? 2 : 3)"
            line += ",\"lat\":\(p.latitude),\"lon\":\(p.longitude)"
            if let altitude = p.altitude { line += ",\"alt\":\(altitude)" }
            if let speed = p.speed { line += ",\"speed\":\(speed)" }
            if let course = p.course { line += ",\"track\":\(course)" }
            if let accuracy = p.accuracy { line += ",\"eph\":\(accuracy)" }
            text += line + "}\n"
        }
        var decoder = GPSDJSONDecoder()
        var engine = TripEngine(configuration: EngineConfiguration())
        var trips: [Trip] = []
        for fix in try decoder.decodeAll(Array(text.utf8)) {
            for case .tripEnded(let trip) in engine.ingest(fix) { trips.append(trip) }
        }
        for case .tripEnded(let trip) in engine.finish() { trips.append(trip) }
        return trips
    }

    /// Same count, boundaries within 2 s, distance within 0.5 %.
    static func expectSame(_ stored: [StoredTrip], _ replayed: [Trip], _ comment: Comment) {
        #expect(stored.count == replayed.count, comment)
        for (a, b) in zip(stored, replayed) {
            #expect(abs(a.start - b.start) <= 2, comment)
            #expect(abs(a.end - b.end) <= 2, comment)
            #expect(abs(a.distance - b.distance) <= 0.005 * b.distance, comment)
        }
    }

    /// Against the drive's truth: every trip found, its distance within 2 %, its ends within 60 s.
    static func expectTruth(_ stored: [StoredTrip], _ drive: Drive, _ comment: Comment) {
        #expect(stored.count == drive.trips.count, comment)
        for (a, truth) in zip(stored, drive.trips) {
            #expect(abs(a.start.secondsSince1970 - truth.start) <= 60, comment)
            #expect(abs(a.end.secondsSince1970 - truth.end) <= 60, comment)
            #expect(abs(a.distance - truth.distance) <= 0.02 * truth.distance, comment)
        }
    }

    @Test("in order: the trips of the drive, the same as a replay of the positions", arguments: [1, 2, 3] as [UInt64])
    func inOrder(seed: UInt64) async throws {
        let drive = Self.drive(seed: seed)
        let setup = try Setup()
        let receipts = try await setup.send(drive.positions[...])
        #expect(receipts.map(\.stored).reduce(0, +) == drive.positions.count)
        let stored = try setup.trips()
        Self.expectTruth(stored, drive, "seed \(seed)")
        Self.expectSame(stored, try Self.replayed(drive.positions), "seed \(seed)")
        #expect(try setup.database.deviceSummaries().first?.positions == drive.positions.count)
    }

    @Test("a batch sent twice is stored once and changes no trip")
    func batchTwice() async throws {
        let drive = Self.drive(seed: 4)
        let setup = try Setup()
        try await setup.send(drive.positions[...])
        let before = try setup.trips()
        let again = try await setup.send(drive.positions[1_000..<1_300])
        #expect(again.map(\.stored).reduce(0, +) == 0)
        #expect(again.map(\.duplicates).reduce(0, +) == 300)
        #expect(try setup.trips() == before)
        #expect(try setup.database.deviceSummaries().first?.positions == drive.positions.count)
    }

    @Test("batches that overtake each other give the trips of the drive in order", arguments: [5, 6] as [UInt64])
    func batchesSwapped(seed: UInt64) async throws {
        let drive = Self.drive(seed: seed)
        let setup = try Setup()
        var batches = stride(from: 0, to: drive.positions.count, by: 100).map {
            drive.positions[$0..<min($0 + 100, drive.positions.count)]
        }
        // Swap neighbours all through the drive, and send the batch of the first departure last of all.
        for i in stride(from: 0, to: batches.count - 1, by: 2) { batches.swapAt(i, i + 1) }
        let departure = batches.remove(at: 6)
        batches.append(departure)
        let now = drive.positions.last!.time + 10
        for batch in batches {
            _ = try await setup.service.ingest(.overland, Self.overland(batch, token: setup.token), now: now)
        }
        let stored = try setup.trips()
        Self.expectSame(stored, try Self.replayed(drive.positions), "seed \(seed)")
        Self.expectTruth(stored, drive, "seed \(seed)")
        for trip in stored { #expect(trip.distance >= 0) }
    }

    @Test("batches of one device sent all at once give the trips of the drive")
    func concurrentBatches() async throws {
        let drive = Self.drive(seed: 13)
        let setup = try Setup()
        let batches = stride(from: 0, to: drive.positions.count, by: 50).map {
            drive.positions[$0..<min($0 + 50, drive.positions.count)]
        }
        let now = drive.positions.last!.time + 10
        let (service, token) = (setup.service, setup.token)
        // All at once: they meet in the writer's groups, and a batch of a device may overtake another.
        let failures = await withTaskGroup(of: Bool.self) { group in
            for batch in batches {
                group.addTask {
                    (try? await service.ingest(.overland, Self.overland(batch, token: token), now: now)) == nil
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(failures == 0)
        #expect(try setup.database.deviceSummaries().first?.positions == drive.positions.count)
        let stored = try setup.trips()
        Self.expectSame(stored, try Self.replayed(drive.positions), "concurrent")
        Self.expectTruth(stored, drive, "concurrent")
    }

    @Test("an upload six hours late that falls inside a trip: the trip is measured again, what a person set kept")
    func lateUploadInsideTrip() async throws {
        let drive = Self.drive(seed: 7)
        let setup = try Setup()
        // Minutes 3 to 11 of the first drive (8 minutes: longer than a gap that ends a trip) come six hours late.
        let first = drive.trips[0]
        let held = drive.positions.indices.filter {
            let t = drive.positions[$0].time.secondsSince1970
            return t > first.start + 180 && t <= first.start + 660
        }
        let live = drive.positions.indices.filter { !held.contains($0) }.map { drive.positions[$0] }
        try await setup.send(live[...])
        let before = try setup.trips()
        #expect(!before.isEmpty)
        // A person classifies the first trip the live positions gave.
        _ = try setup.database.editTrip(
            id: before[0].id, TripChanges(category: .business, purpose: "Customer visit"))
        let late = held.map { drive.positions[$0] }
        let receipt = try await setup.service.ingest(
            .overland, Self.overland(late[...], token: setup.token), now: late.last!.time + 6 * 3_600)
        #expect(receipt.recomputed)
        #expect(receipt.tripsVoided >= 1)
        let after = try setup.trips()
        Self.expectSame(after, try Self.replayed(drive.positions), "late upload")
        Self.expectTruth(after, drive, "late upload")
        #expect(after.first?.purpose == "Customer visit")
        #expect(after.first?.category == .business)
        // The replaced trips stay in the log, void, with the reason.
        let voided = try before.map { try setup.database.trip(id: $0.id) }.filter(\.voided)
        #expect(voided.count == receipt.tripsVoided)
        #expect(voided.allSatisfy { $0.voidReason?.contains("late") == true })
        #expect(try setup.database.verifyAudit().isIntact)
    }

    @Test("a device that falls silent has its trip closed once the silence exceeds the parking threshold")
    func silentDevice() async throws {
        let drive = Self.drive(seed: 8)
        let setup = try Setup()
        // The phone sends while it moves and stops when the car stands (as the apps do): nothing after the
        // second trip's last fix with speed.
        let end = drive.trips[1].end
        let sent = drive.positions.filter { $0.time.secondsSince1970 <= end }
        try await setup.send(sent[...])
        #expect(try setup.trips().count == 1)
        let last = sent.last!.time
        #expect(try setup.service.tracker.closeSilentTrips(now: last + 200) == 0)
        #expect(try setup.trips().count == 1)
        #expect(try setup.service.tracker.closeSilentTrips(now: last + 301) == 1)
        let stored = try setup.trips()
        #expect(stored.count == 2)
        Self.expectTruth(stored, drive, "silent")
        // Nothing twice.
        #expect(try setup.service.tracker.closeSilentTrips(now: last + 900) == 0)
    }

    @Test("a phone that was only offline: the trip closed at its silence is measured again when its positions come")
    func offlineNotSilent() async throws {
        let drive = Self.drive(seed: 12)
        let setup = try Setup()
        let middle = drive.positions.firstIndex { $0.time.secondsSince1970 > drive.trips[0].start + 300 }!
        try await setup.send(drive.positions[..<middle])
        let silence = drive.positions[middle - 1].time + 400
        #expect(try setup.service.tracker.closeSilentTrips(now: silence) == 1)
        let closed = try setup.trips()
        #expect(closed.count == 1)
        // The rest of the drive arrives when the network is back: no gap in the fixes, so no parking.
        try await setup.send(drive.positions[middle...], delay: 500)
        let stored = try setup.trips()
        Self.expectSame(stored, try Self.replayed(drive.positions), "offline")
        Self.expectTruth(stored, drive, "offline")
        #expect(try setup.database.trip(id: closed[0].id).voided)
    }

    @Test("a restart mid-trip resumes the trip from the store")
    func restartMidTrip() async throws {
        let drive = Self.drive(seed: 9)
        let setup = try Setup()
        let middle = drive.positions.firstIndex { $0.time.secondsSince1970 > drive.trips[0].start + 400 }!
        // The first part arrives over a minute of wall time, so the engine is checkpointed mid-trip.
        try await setup.send(drive.positions[..<middle], delay: 40)
        #expect(try setup.database.deviceEngine(deviceID: setup.deviceID) != nil)
        // A new server process: nothing in memory, the same store.
        let restarted = IngestService(
            tracker: DeviceTracker(database: setup.database, configuration: EngineConfiguration()))
        var rest = drive.positions[middle...]
        while !rest.isEmpty {
            let batch = rest.prefix(100)
            rest = rest.dropFirst(100)
            _ = try await restarted.ingest(
                .overland, Self.overland(batch, token: setup.token), now: batch.last!.time + 5)
        }
        let stored = try setup.trips()
        Self.expectSame(stored, try Self.replayed(drive.positions), "restart")
        Self.expectTruth(stored, drive, "restart")
    }

    @Test("a first fix at 0,0 is refused and counted, never distance")
    func nullIsland() async throws {
        let drive = Self.drive(seed: 10)
        let setup = try Setup()
        var positions = drive.positions
        positions.insert(
            IngestPosition(
                time: positions[0].time + -1, latitude: 0, longitude: 0, speed: 0, accuracy: 5),
            at: 0)
        let receipts = try await setup.send(positions[...])
        #expect(receipts[0].refused[.nullIsland] == 1)
        #expect(try setup.database.deviceSummaries().first?.refused == ["null-island": 1])
        Self.expectTruth(try setup.trips(), drive, "0,0")
    }

    @Test("a wrong, revoked or someone else's token stores nothing, with one answer for all")
    func credentials() async throws {
        let drive = Self.drive(seed: 11)
        let setup = try Setup()
        let batch = drive.positions[0..<10]
        let now = batch.last!.time + 1
        let wrong = (setup.token.first == "0" ? "1" : "0") + setup.token.dropFirst()
        for token in [wrong, "", "x"] {
            await #expect(throws: IngestFailure.unauthorized) {
                try await setup.service.ingest(.overland, Self.overland(batch, token: token), now: now)
            }
        }
        // OwnTracks: the right token under another device's name.
        let owntracks = IngestRequest(
            body: Array("{\"_type\":\"location\",\"lat\":48.1,\"lon\":11.5,\"tst\":1717221600}".utf8),
            contentType: "application/json",
            authorization: "Basic " + Data("tracker:\(setup.token)".utf8).base64EncodedString())
        await #expect(throws: IngestFailure.unauthorized) {
            try await setup.service.ingest(.owntracks, owntracks, now: now)
        }
        let context = ServiceContext(
            database: setup.database, caller: .terminal, clock: LocalClock(identifier: "UTC"))
        try DeviceService(context).revoke(name: "phone")
        // A revocation takes effect within the device cache's two seconds.
        await #expect(throws: IngestFailure.unauthorized) {
            try await setup.service.ingest(.overland, Self.overland(batch, token: setup.token), now: now + 2.5)
        }
        #expect(try setup.database.deviceSummaries().first?.positions == 0)
    }

    @Test("a fix dated in the future is refused and counted")
    func future() async throws {
        let setup = try Setup()
        let now = Timestamp(secondsSince1970: 1_800_000_000)
        let positions = [
            IngestPosition(time: now + -10, latitude: 48.1, longitude: 11.5, accuracy: 5),
            IngestPosition(time: now + 3_600, latitude: 48.1, longitude: 11.5, accuracy: 5),
        ]
        let receipt = try await setup.service.ingest(
            .overland, Self.overland(positions[...], token: setup.token), now: now)
        #expect(receipt.stored == 1)
        #expect(receipt.refused == [.future: 1])
    }
}
