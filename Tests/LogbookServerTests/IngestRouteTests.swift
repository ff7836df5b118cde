import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LogbookServer
import LogbookServices
import LogbookStore
import Testing
import TrackModel

/// `/ingest/…` over HTTP with requests shaped exactly as each app sends them (see `docs/ingest.md` for the sources):
/// the answer each app expects, the positions stored in the units of gpsd, and refusals that store nothing.
@Suite("Ingest routes")
struct IngestRouteTests {
    struct Setup {
        var harness: ServerHarness
        var token: String
        var context: ServiceContext

        init(speedUnit: String = "knots") throws {
            harness = try ServerHarness()
            context = ServiceContext(
                database: harness.database, caller: .terminal, clock: LocalClock(identifier: "UTC"))
            token = try DeviceService(context).add(name: "Phone", vehicle: "ABC1", speedUnit: speedUnit).token
        }

        var positions: [DevicePosition] {
            get throws {
                try harness.database.devicePositions(deviceID: try harness.database.device(name: "phone").id!)
            }
        }
    }

    /// Seconds since 1970 a few minutes ago: the screen refuses fixes from the future.
    static let recent = (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 - 600

    static func iso(_ seconds: Double) -> String { Timestamp(secondsSince1970: seconds).iso8601 }

    @Test("Traccar Client 8 (GET query, speed in knots) and OsmAnd's template (m/s per device)")
    func osmand() async throws {
        let setup = try Setup()
        let t = Int(Self.recent)
        try await setup.harness.application().test(.router) { client in
            let response = try await client.execute(
                uri: "/ingest/osmand?id=\(setup.token)&timestamp=\(t)&lat=52.520008&lon=13.404954&speed=10.0"
                    + "&bearing=271.5&altitude=34.0&accuracy=12.0&batt=85.0&charge=true",
                method: .get)
            #expect(response.status == .ok)
            #expect(response.body.readableBytes == 0)
            // The same protocol as a form body.
            let form = try await client.execute(
                uri: "/ingest/osmand", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "id=\(setup.token)&timestamp=\(t + 1)&lat=52.5201&lon=13.4050&speed=0"))
            #expect(form.status == .ok)
        }
        let stored = try setup.positions
        #expect(stored.count == 2)
        let first = try #require(stored.first)
        #expect(first.fixedAt.secondsSince1970 == Double(t))
        #expect(first.latitude == 52.520008 && first.longitude == 13.404954)
        // 10 knots = 5.144 m/s, computed by hand: 10 × 1852 m / 3600 s.
        #expect(abs((first.speedMetresPerSecond ?? 0) - 5.1444) < 0.001)
        #expect(first.courseDegrees == 271.5 && first.accuracyMetres == 12 && first.altitudeMetres == 34)
        #expect(first.battery == 85)
        #expect(try setup.harness.database.device(name: "phone").lastBattery == 85)
    }

    @Test("a device set to m/s reads the osmand speed in m/s")
    func osmandMetresPerSecond() async throws {
        let setup = try Setup(speedUnit: "m/s")
        try await setup.harness.application().test(.router) { client in
            let response = try await client.execute(
                uri: "/ingest/osmand?id=\(setup.token)&lat=52.5&lon=13.4&timestamp=\(Int(Self.recent))&hdop=0.9"
                    + "&altitude=40&speed=12.5&bearing=90",
                method: .get)
            #expect(response.status == .ok)
        }
        #expect(try setup.positions.first?.speedMetresPerSecond == 12.5)
        #expect(try setup.positions.first?.hdop == 0.9)
    }

    @Test("Traccar Client 9 posts its JSON record")
    func traccarClient9() async throws {
        let setup = try Setup()
        let body = """
            {"location": {"timestamp": "\(Self.iso(Self.recent))",
              "coords": {"latitude": 52.520008, "longitude": 13.404954, "accuracy": 8.5, "speed": 13.9,
                         "heading": 182.3, "altitude": 41.2},
              "is_moving": true, "odometer": 12345.6, "event": "",
              "battery": {"level": 0.85, "is_charging": false}, "activity": {"type": "in_vehicle"}, "extras": {},
              "_": "&id=\(setup.token)&lat=52.520008&lon=13.404954&timestamp=1&"},
             "device_id": "\(setup.token)"}
            """
        try await setup.harness.application().test(.router) { client in
            let response = try await client.execute(
                uri: "/ingest/osmand", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: body))
            #expect(response.status == .ok)
        }
        let first = try #require(try setup.positions.first)
        #expect(first.speedMetresPerSecond == 13.9 && first.accuracyMetres == 8.5 && first.courseDegrees == 182.3)
        #expect(first.battery == 85)
        // The token is never kept with the position.
        #expect(first.attributes?.contains(setup.token) != true)
    }

    @Test("OwnTracks: HTTP Basic with the device's name, answered with []; other messages accepted and ignored")
    func owntracks() async throws {
        let setup = try Setup()
        let basic = "Basic " + Data("phone:\(setup.token)".utf8).base64EncodedString()
        let t = Int(Self.recent)
        try await setup.harness.application().test(.router) { client in
            for body in [
                "{\"_type\":\"location\",\"lat\":52.520008,\"lon\":13.404954,\"tst\":\(t),\"acc\":13,\"vel\":36,"
                    + "\"cog\":270,\"alt\":41,\"batt\":67,\"bs\":2,\"tid\":\"JP\",\"t\":\"u\",\"conn\":\"m\"}",
                "{\"_type\":\"lwt\",\"tst\":\(t)}", "",
            ] {
                let response = try await client.execute(
                    uri: "/ingest/owntracks", method: .post,
                    headers: [.authorization: basic, .contentType: "application/json"], body: ByteBuffer(string: body))
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "[]")
            }
        }
        let stored = try setup.positions
        #expect(stored.count == 1)
        // 36 km/h = 10 m/s.
        #expect(stored.first?.speedMetresPerSecond == 10)
    }

    @Test("Overland: a batch answered with {\"result\":\"ok\"} once stored, and again as duplicates")
    func overland() async throws {
        let setup = try Setup()
        let features = (0..<50).map { i in
            """
            {"type":"Feature","geometry":{"type":"Point","coordinates":[\(13.4 + Double(i) * 0.0002),52.5]},
             "properties":{"timestamp":"\(Self.iso(Self.recent + Double(i)))","speed":\(i == 0 ? -1 : 12),
             "horizontal_accuracy":5,"altitude":30,"course":90,"battery_level":0.5,"battery_state":"unplugged",
             "motion":["driving"]}}
            """
        }
        let body = "{\"locations\":[\(features.joined(separator: ","))],\"current\":{},\"trip\":{}}"
        try await setup.harness.application().test(.router) { client in
            for _ in 0..<2 {
                let response = try await client.execute(
                    uri: "/ingest/overland", method: .post,
                    headers: [.authorization: "Bearer \(setup.token)", .contentType: "application/json"],
                    body: ByteBuffer(string: body))
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "{\"result\":\"ok\"}")
            }
        }
        let stored = try setup.positions
        #expect(stored.count == 50)
        // −1 is Overland's "unknown".
        #expect(stored.first?.speedMetresPerSecond == nil)
        #expect(stored.last?.speedMetresPerSecond == 12)
    }

    @Test("GPSLogger's custom URL, GET")
    func gpslogger() async throws {
        let setup = try Setup()
        try await setup.harness.application().test(.router) { client in
            let response = try await client.execute(
                uri: "/ingest/gpslogger?token=\(setup.token)&lat=52.5&lon=13.4&time=\(Self.iso(Self.recent))"
                    + "&speed=8.5&dir=45&alt=33&acc=4&batt=77&ischarging=false&hdop=&sat=9",
                method: .get)
            #expect(response.status == .ok)
        }
        let first = try #require(try setup.positions.first)
        #expect(first.speedMetresPerSecond == 8.5 && first.courseDegrees == 45 && first.accuracyMetres == 4)
        #expect(first.hdop == nil)
    }

    @Test("a wrong token, a revoked one and no token get the same 401 and store nothing")
    func wrongTokens() async throws {
        let setup = try Setup()
        let other = try DeviceService(setup.context).add(name: "old", vehicle: "ABC1").token
        try DeviceService(setup.context).revoke(name: "old")
        let t = Int(Self.recent)
        let answers = try await setup.harness.application().test(.router) { client in
            var answers: Set<String> = []
            for id in [other, String(setup.token.reversed()), ""] {
                let response = try await client.execute(
                    uri: "/ingest/osmand?id=\(id)&lat=52.5&lon=13.4&timestamp=\(t)", method: .get)
                #expect(response.status == .unauthorized)
                answers.insert(String(buffer: response.body))
            }
            for authorization in ["Bearer \(other)", "Bearer nothing", "Basic Zm9vOmJhcg=="] {
                let response = try await client.execute(
                    uri: "/ingest/overland", method: .post,
                    headers: [.authorization: authorization, .contentType: "application/json"],
                    body: ByteBuffer(string: "{\"locations\":[]}"))
                #expect(response.status == .unauthorized)
                answers.insert(String(buffer: response.body))
            }
            // A device's token opens nothing else of the server.
            for uri in ["/api/v1/me", "/api/v1/trips"] {
                let response = try await client.execute(
                    uri: uri, method: .get, headers: [.authorization: "Bearer \(setup.token)"])
                #expect(response.status == .unauthorized)
            }
            return answers
        }
        #expect(answers.count == 1, "\(answers)")
        #expect(try setup.positions.isEmpty)
    }

    @Test("broken JSON and a missing field are a 400 naming the field; a 10 MB body a 413; nothing stored")
    func badRequests() async throws {
        let setup = try Setup()
        try await setup.harness.application().test(.router) { client in
            let broken = try await client.execute(
                uri: "/ingest/overland", method: .post,
                headers: [.authorization: "Bearer \(setup.token)", .contentType: "application/json"],
                body: ByteBuffer(string: "{\"locations\":[{\"type\":\"Feature\""))
            #expect(broken.status == .badRequest)
            #expect(ServerHarness.error(broken.body)["field"] == "body")
            let missing = try await client.execute(
                uri: "/ingest/overland", method: .post,
                headers: [.authorization: "Bearer \(setup.token)", .contentType: "application/json"],
                body: ByteBuffer(
                    string: "{\"locations\":[{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\","
                        + "\"coordinates\":[13.4,52.5]},\"properties\":{}}]}"))
            #expect(missing.status == .badRequest)
            #expect(ServerHarness.error(missing.body)["field"] == "locations[0].properties.timestamp")
            let huge = ByteBuffer(repeating: UInt8(ascii: " "), count: 10 << 20)
            let large = try await client.execute(
                uri: "/ingest/overland", method: .post,
                headers: [.authorization: "Bearer \(setup.token)", .contentType: "application/json"], body: huge)
            #expect(large.status == .contentTooLarge)
            // No answer names a coordinate or the token.
            for response in [broken, missing, large] {
                let text = String(buffer: response.body)
                #expect(!text.contains("52.5") && !text.contains(setup.token))
            }
        }
        #expect(try setup.positions.isEmpty)
    }

    @Test("a device sending far too often gets 429 with Retry-After")
    func rateLimit() async throws {
        let setup = try Setup()
        let t = Int(Self.recent)
        var environment = setup.harness.environment
        environment.ingest = IngestService(
            tracker: environment.ingest.tracker, limiter: DeviceRateLimiter(perSecond: 0.000_1, burst: 10))
        let limited = try await Application(router: try LogbookWebServer.router(environment)).test(.router) {
            client in
            var limited = 0
            for i in 0..<30 {
                let response = try await client.execute(
                    uri: "/ingest/osmand?id=\(setup.token)&lat=52.5&lon=13.4&timestamp=\(t + i)", method: .get)
                if response.status == .tooManyRequests {
                    limited += 1
                    #expect(response.headers[.retryAfter] != nil)
                }
            }
            return limited
        }
        // A refill of one request in about three hours: the burst of 10 passes, the other 20 are refused, whatever
        // the machine's speed.
        #expect(limited == 20)
        #expect(try setup.positions.count == 10)
    }
}
