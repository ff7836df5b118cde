import Foundation
import Hummingbird
import HummingbirdTesting
import LogbookServer
import LogbookStore
import MileageLog
import Testing
import TrackModel

/// Every API route in process (Hummingbird's router test client) against a log on disk.
@Suite struct TripAPITests {
    static let jsonType: HTTPFields = [.contentType: "application/json"]

    @Test("a request without a token, or with an unknown one, is 401 with the JSON error body")
    func unauthorized() async throws {
        let h = try ServerHarness()
        try await h.application().test(.router) { client in
            for headers in [HTTPFields(), [.authorization: "Bearer lbk_nope"], [.authorization: "Basic YTpi"]] {
                try await client.execute(uri: "/api/v1/trips", method: .get, headers: headers) { response in
                    #expect(response.status == .unauthorized)
                    #expect(ServerHarness.error(response.body)["code"] == "unauthorized")
                    #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                }
            }
        }
    }

    @Test("a revoked or expired token no longer works")
    func revokedTokens() async throws {
        let h = try ServerHarness()
        let expired = Secrets.randomToken()
        _ = try h.database.addToken(
            user: "anna", tokenHash: Secrets.hash(expired), expiresAt: Timestamp(secondsSince1970: 1_000))
        try h.database.revokeTokens(user: "carl")
        try await h.application().test(.router) { client in
            try await client.execute(uri: "/api/v1/me", method: .get, headers: h.bearer("anna")) { response in
                #expect(response.status == .ok)
                #expect(ServerHarness.json(response.body)["name"] as? String == "anna")
            }
            for headers in [h.bearer("carl"), [.authorization: "Bearer \(expired)"]] as [HTTPFields] {
                try await client.execute(uri: "/api/v1/me", method: .get, headers: headers) { response in
                    #expect(response.status == .unauthorized)
                }
            }
        }
    }

    @Test("a driver lists only their vehicles' trips; others see all")
    func listingIsScoped() async throws {
        let h = try ServerHarness()
        try await h.application().test(.router) { client in
            for (user, expected) in [("anna", [h.annasTrip]), ("carl", [h.annasTrip, h.othersTrip])] {
                try await client.execute(uri: "/api/v1/trips?period=all", method: .get, headers: h.bearer(user)) {
                    response in
                    #expect(response.status == .ok)
                    let object = ServerHarness.json(response.body)
                    let trips = object["trips"] as? [[String: Any]] ?? []
                    #expect(Set(trips.compactMap { ($0["id"] as? Int).map(Int64.init) }) == Set(expected))
                    #expect(object["total"] as? Int == expected.count)
                    // The contract's fields.
                    for key in ["id", "vehicle", "start", "end", "distance_m", "category", "purpose"] {
                        #expect(trips.first?.keys.contains(key) == true, "missing \(key)")
                    }
                }
            }
            // Naming another vehicle is the same as naming none that exists.
            try await client.execute(uri: "/api/v1/trips?vehicle=XYZ9", method: .get, headers: h.bearer("anna")) {
                response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test("another vehicle's trip is 404 for a driver, for reading and for changing")
    func otherVehiclesTripsDoNotExist() async throws {
        let h = try ServerHarness()
        try await h.application().test(.router) { client in
            try await client.execute(uri: "/api/v1/trips/\(h.othersTrip)", method: .get, headers: h.bearer("anna")) {
                response in
                #expect(response.status == .notFound)
                #expect(ServerHarness.error(response.body)["code"] == "not-found")
            }
            // Exactly what a trip that does not exist answers: plates and ids cannot be probed.
            try await client.execute(uri: "/api/v1/trips/999999", method: .get, headers: h.bearer("anna")) {
                response in
                #expect(response.status == .notFound)
            }
            try await client.execute(
                uri: "/api/v1/trips/\(h.othersTrip)", method: .patch, headers: h.bearer("anna"),
                body: ServerHarness.body(["category": "private"])
            ) { response in
                #expect(response.status == .notFound)
            }
        }
        #expect(try h.database.trip(id: h.othersTrip).category == nil)
    }

    @Test("PATCH changes the fields, and the history names the web user")
    func patchIsAudited() async throws {
        let h = try ServerHarness()
        try await h.application().test(.router) { client in
            try await client.execute(
                uri: "/api/v1/trips/\(h.annasTrip)", method: .patch,
                headers: h.bearer("anna").merging(Self.jsonType),
                body: ServerHarness.body(["category": "business", "purpose": "Client visit", "partner": "ACME"])
            ) { response in
                #expect(response.status == .ok)
                let trip = ServerHarness.json(response.body)["trip"] as? [String: Any]
                #expect(trip?["category"] as? String == "business")
            }
            try await client.execute(uri: "/api/v1/trips/\(h.annasTrip)", method: .get, headers: h.bearer("anna")) {
                response in
                let object = ServerHarness.json(response.body)
                let history = object["history"] as? [[String: Any]] ?? []
                #expect(
                    history.contains { $0["actor"] as? String == "web:anna" && $0["field"] as? String == "purpose" })
                #expect((object["track"] as? [[Any]])?.count == 3)
            }
        }
        let stored = try h.database.trip(id: h.annasTrip)
        #expect(stored.category == .business && stored.purpose == "Client visit" && stored.partner == "ACME")
        let entries = try h.database.auditEntries(trip: h.annasTrip)
        #expect(entries.filter { $0.change.actor == "web:anna" }.count == 3)
        #expect(try h.database.verifyAudit().isIntact)
    }

    @Test("an accountant reads everything but changes nothing")
    func accountantCannotEdit() async throws {
        let h = try ServerHarness()
        try await h.application().test(.router) { client in
            try await client.execute(uri: "/api/v1/trips/\(h.othersTrip)", method: .get, headers: h.bearer("carl")) {
                response in
                #expect(response.status == .ok)
            }
            try await client.execute(
                uri: "/api/v1/trips/\(h.annasTrip)", method: .patch, headers: h.bearer("carl"),
                body: ServerHarness.body(["purpose": "x"])
            ) { response in
                #expect(response.status == .forbidden)
                #expect(ServerHarness.error(response.body)["code"] == "forbidden")
            }
            try await client.execute(
                uri: "/api/v1/trips/\(h.annasTrip)/void", method: .post, headers: h.bearer("carl"),
                body: ServerHarness.body(["reason": "x"])
            ) { response in
                #expect(response.status == .forbidden)
            }
        }
        #expect(try h.database.trip(id: h.annasTrip).purpose == nil)
    }

    @Test("the log's refusals are 409 with the reason; bad values 422; bad JSON 400")
    func refusals() async throws {
        let h = try ServerHarness()
        try await h.application().test(.router) { client in
            // A manual trip over the GPS trip of the same vehicle: the CLI refuses overlaps too.
            let overlapping: [String: Any] = [
                "vehicle": "ABC1", "start": "2026-05-28T20:30:00Z", "end": "2026-05-28T20:40:00Z",
                "distance_m": 5_000,
            ]
            try await client.execute(
                uri: "/api/v1/trips", method: .post, headers: h.bearer("anna"), body: ServerHarness.body(overlapping)
            ) { response in
                #expect(response.status == .conflict, "\(String(buffer: response.body))")
                #expect(ServerHarness.error(response.body)["code"] == "refused")
            }
            var fine = overlapping
            fine["start"] = "2026-05-29T08:00:00Z"
            fine["end"] = "2026-05-29T08:30:00Z"
            try await client.execute(
                uri: "/api/v1/trips", method: .post, headers: h.bearer("anna"), body: ServerHarness.body(fine)
            ) { response in
                #expect(response.status == .created, "\(String(buffer: response.body))")
            }
            try await client.execute(
                uri: "/api/v1/trips/\(h.annasTrip)", method: .patch, headers: h.bearer("anna"),
                body: ServerHarness.body(["category": "holiday"])
            ) { response in
                #expect(response.status == .unprocessableContent)
            }
            try await client.execute(
                uri: "/api/v1/trips/\(h.annasTrip)", method: .patch, headers: h.bearer("anna"),
                body: ByteBuffer(string: "{not json")
            ) { response in
                #expect(response.status == .badRequest)
                #expect(ServerHarness.error(response.body)["code"] == "bad-request")
            }
            for query in ["limit=0", "limit=abc", "offset=-1", "include_voided=maybe", "period=someday"] {
                try await client.execute(uri: "/api/v1/trips?\(query)", method: .get, headers: h.bearer("boss")) {
                    response in
                    #expect(response.status == .unprocessableContent, "\(query)")
                }
            }
            try await client.execute(
                uri: "/api/v1/trips/\(h.annasTrip)/void", method: .post, headers: h.bearer("anna"),
                body: ServerHarness.body(["reason": "   "])
            ) { response in
                #expect(response.status == .unprocessableContent)
            }
            try await client.execute(uri: "/api/v1/nothing-here", method: .get, headers: h.bearer("boss")) {
                response in
                #expect(response.status == .notFound)
                #expect(ServerHarness.error(response.body)["code"] == "not-found")
            }
        }
    }

    @Test("void, split and merge through the API leave the log as the CLI would")
    func voidSplitMerge() async throws {
        let h = try ServerHarness()
        let second = try h.insertTrip(plate: "ABC1", start: 1_780_001_800)
        try await h.application().test(.router) { client in
            try await client.execute(
                uri: "/api/v1/trips/merge", method: .post, headers: h.bearer("anna"),
                body: ServerHarness.body(["first": h.annasTrip, "second": second])
            ) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
            }
            let merged = try h.database.trips(TripFilter(vehicle: "ABC1"))
            #expect(merged.count == 1)
            let id = try #require(merged.first?.id)
            try await client.execute(
                uri: "/api/v1/trips/\(id)/split", method: .post, headers: h.bearer("anna"),
                body: ServerHarness.body(["at": "2026-05-28T20:40:00Z"])
            ) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                #expect((ServerHarness.json(response.body)["trips"] as? [Any])?.count == 2)
            }
            let halves = try h.database.trips(TripFilter(vehicle: "ABC1"))
            #expect(halves.count == 2)
            try await client.execute(
                uri: "/api/v1/trips/\(halves[0].id)/void", method: .post, headers: h.bearer("anna"),
                body: ServerHarness.body(["reason": "test drive"])
            ) { response in
                #expect(response.status == .ok)
            }
        }
        #expect(try h.database.trips(TripFilter(vehicle: "ABC1")).count == 1)
        #expect(try h.database.verifyAudit().isIntact)
    }

    @Test("vehicles, odometer, regular trips, places, rules, outbox and status answer with their shapes")
    func otherRoutes() async throws {
        let h = try ServerHarness()
        try await h.application().test(.router) { client in
            try await client.execute(uri: "/api/v1/vehicles", method: .get, headers: h.bearer("anna")) { response in
                let plates = (ServerHarness.json(response.body)["vehicles"] as? [[String: Any]])?.compactMap {
                    $0["plate"] as? String
                }
                #expect(plates == ["ABC1"])
            }
            try await client.execute(
                uri: "/api/v1/vehicles", method: .post, headers: h.bearer("anna"),
                body: ServerHarness.body(["plate": "NEW1"])
            ) { response in
                #expect(response.status == .forbidden)
            }
            try await client.execute(
                uri: "/api/v1/vehicles", method: .post, headers: h.bearer("boss"),
                body: ServerHarness.body(["plate": "NEW1", "odometer_unit": "mi"])
            ) { response in
                #expect(response.status == .created)
            }
            try await client.execute(
                uri: "/api/v1/odometer", method: .post, headers: h.bearer("anna"),
                body: ServerHarness.body(["vehicle": "ABC1", "reading": 1_000, "time": "2026-05-28T19:00:00Z"])
            ) { response in
                #expect(response.status == .created, "\(String(buffer: response.body))")
            }
            try await client.execute(uri: "/api/v1/odometer?vehicle=ABC1", method: .get, headers: h.bearer("anna")) {
                response in
                #expect((ServerHarness.json(response.body)["readings"] as? [Any])?.count == 1)
            }
            for path in ["regular-trips", "places", "rules"] {
                try await client.execute(uri: "/api/v1/\(path)", method: .get, headers: h.bearer("anna")) { response in
                    #expect(response.status == .ok, "\(path)")
                }
            }
            try await client.execute(uri: "/api/v1/outbox", method: .get, headers: h.bearer("anna")) { response in
                #expect(response.status == .forbidden)
            }
            try await client.execute(uri: "/api/v1/outbox", method: .get, headers: h.bearer("carl")) { response in
                #expect(ServerHarness.json(response.body)["messages"] is [Any])
            }
            try await client.execute(uri: "/api/v1/status", method: .get, headers: h.bearer("anna")) { response in
                #expect(ServerHarness.json(response.body)["running"] as? Bool == false)
            }
        }
    }

    @Test("a month's report downloads as CSV and PDF for a vehicle the user may see")
    func reports() async throws {
        let h = try ServerHarness()
        try await h.application().test(.router) { client in
            try await client.execute(
                uri: "/api/v1/reports/ABC1/2026-05?format=csv", method: .get, headers: h.bearer("anna")
            ) {
                response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/csv") == true)
                let text = String(buffer: response.body)
                #expect(text.contains("12.3") || text.contains("12,3"), "the trip's 12.3 km: \(text.prefix(400))")
            }
            try await client.execute(
                uri: "/api/v1/reports/ABC1/2026-05?format=pdf", method: .get, headers: h.bearer("anna")
            ) {
                response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).hasPrefix("%PDF-"))
            }
            try await client.execute(uri: "/api/v1/reports/XYZ9/2026-05", method: .get, headers: h.bearer("anna")) {
                response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/api/v1/reports/ABC1/May", method: .get, headers: h.bearer("anna")) {
                response in
                #expect(response.status == .unprocessableContent)
            }
            // No [mail] settings: queuing is refused with a stable code, not a crash.
            try await client.execute(
                uri: "/api/v1/reports/ABC1/2026-05/email", method: .post, headers: h.bearer("anna"),
                body: ServerHarness.body(["to": ["accounts@example.org"]])
            ) { response in
                #expect(response.status == .conflict)
                #expect(ServerHarness.error(response.body)["code"] == "mail-not-configured")
            }
        }
    }
}
