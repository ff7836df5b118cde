import Foundation
import Hummingbird
import HummingbirdTesting
import LogbookServer
import LogbookServices
import LogbookStore
import LogbookTestSupport
import Testing
import TrackModel

/// Issue 28 §3: the positions a phone sent to the server, written as a gpsd JSON file (`eph` = accuracy) and given to
/// `logbook replay --source phone` (a phone app's points, as the server takes them), give the server's trips: same
/// count, ends within 2 s, distance within 0.5 %.
@Suite("Phone and replay")
struct PhoneReplayTests {
    static func positions(seed: UInt64) -> [(
        time: Double, lat: Double, lon: Double, speed: Double?, course: Double?, accuracy: Double
    )] {
        var builder = ScenarioBuilder(
            start: Timestamp(secondsSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 - 10_000),
            options: .init(
                rate: 1, doppler: true, eph: 7, hdop: nil,
                noise: .init(white: 2, drift: 2, driftTime: 120, driftBound: 5, speed: 0.2), seed: seed))
        builder.stand(400)
        builder.accelerate(25, to: 13)
        builder.drive(600, turnRate: 0.06)
        builder.accelerate(20, to: 0)
        builder.stand(120)
        builder.accelerate(20, to: 16)
        builder.drive(500, turnRate: -0.03)
        builder.accelerate(20, to: 0)
        builder.stand(900)
        builder.accelerate(15, to: 10)
        builder.drive(300, turnRate: 0.1)
        builder.accelerate(15, to: 0)
        builder.stand(600)
        return builder.fixes.map {
            ($0.time!.secondsSince1970, $0.latitude!, $0.longitude!, $0.speed, $0.track, $0.eph!)
        }
    }

    @Test(arguments: [31, 32] as [UInt64])
    func serverTripsAreTheReplaysTrips(seed: UInt64) async throws {
        let harness = try ServerHarness()
        let context = ServiceContext(
            database: harness.database, caller: .terminal, clock: LocalClock(identifier: "UTC"))
        let token = try DeviceService(context).add(name: "phone", vehicle: "ABC1").token
        let positions = Self.positions(seed: seed)
        try await harness.application().test(.router) { client in
            for start in stride(from: 0, to: positions.count, by: 200) {
                let features = positions[start..<min(start + 200, positions.count)].map { p in
                    var properties = "\"timestamp\":\"\(Timestamp(secondsSince1970: p.time).iso8601)\""
                    properties += ",\"horizontal_accuracy\":\(p.accuracy)"
                    if let speed = p.speed { properties += ",\"speed\":\(speed)" }
                    if let course = p.course { properties += ",\"course\":\(course)" }
                    return
                        "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(p.lon),\(p.lat)]},"
                        + "\"properties\":{\(properties)}}"
                }
                let response = try await client.execute(
                    uri: "/ingest/overland", method: .post,
                    headers: [.authorization: "Bearer \(token)", .contentType: "application/json"],
                    body: ByteBuffer(string: "{\"locations\":[\(features.joined(separator: ","))]}"))
                #expect(response.status == .ok)
            }
        }
        let server = try harness.database.trips(vehicle: "ABC1", includeTracks: false).filter {
            !$0.voided && $0.start.secondsSince1970 >= positions[0].time
        }.sorted { $0.start < $1.start }

        // The same positions as gpsd reports, replayed by the command.
        let folder = try TemporaryDirectory()
        var lines = ""
        for p in positions {
            var line = "{\"class\":\"TPV\",\"time\":\"\(Timestamp(secondsSince1970: p.time).iso8601)\",\"mode\":2"
            line += ",\"lat\":\(p.lat),\"lon\":\(p.lon),\"eph\":\(p.accuracy)"
            if let speed = p.speed { line += ",\"speed\":\(speed)" }
            if let course = p.course { line += ",\"track\":\(course)" }
            lines += line + "}\n"
        }
        let file = try folder.write("phone.jsonl", Array(lines.utf8))
        let config = try folder.write("none.toml", Array("".utf8))
        let result = try CLIRunner.run(
            ["replay", "--format", "json", "--source", "phone", file], environment: ["LOGBOOK_CONFIG": config])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let replayed = try #require(object["trips"] as? [[String: Any]])
        #expect(server.count == replayed.count, "server \(server.count) trips, replay \(replayed.count)")
        #expect(server.count >= 2)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        func seconds(_ value: Any?) -> Double {
            guard let text = value as? String else { return .nan }
            if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
            return ISO8601DateFormatter().date(from: text)?.timeIntervalSince1970 ?? .nan
        }
        for (trip, replay) in zip(server, replayed) {
            #expect(abs(trip.start.secondsSince1970 - seconds(replay["start"])) <= 2)
            #expect(abs(trip.end.secondsSince1970 - seconds(replay["end"])) <= 2)
            let distance = try #require(replay["distance_m"] as? Double)
            #expect(
                abs(trip.distance - distance) <= 0.005 * distance, "server \(trip.distance) m, replay \(distance) m")
        }
    }
}
