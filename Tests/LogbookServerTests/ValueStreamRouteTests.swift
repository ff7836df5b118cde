import Foundation
import Hummingbird
import HummingbirdTesting
import LogbookServer
import LogbookStore
import LogbookTestSupport
import Testing
import ValueStreams

/// The value-stream maps' API and pages in process: the lifecycle through the API checked against the store and
/// against measures worked out by hand, the error shapes, roles, the timeline page and its forms, search and
/// downloads.
@Suite struct ValueStreamRouteTests {
    static let json: HTTPFields = [.contentType: "application/json"]

    /// The harness with a restaurant manager (`rita`, who changes maps) and a crew member (`cole`, who has none).
    static func harness() throws -> ServerHarness {
        var h = try ServerHarness()
        let hash = h.environment.passwords.hash(ServerHarness.password)
        try h.database.addRestaurant(name: "Main Street", email: nil, timezone: "Europe/Berlin")
        for (name, role) in [("rita", UserRole.restaurantManager), ("cole", .crew)] {
            _ = try h.database.addUser(
                name: name, role: role, vehicles: [], passwordHash: hash, restaurants: ["Main Street"])
            let token = Secrets.randomToken(prefix: "lbk_")
            _ = try h.database.addToken(user: name, tokenHash: Secrets.hash(token), expiresAt: nil)
            h.tokens[name] = token
        }
        return h
    }

    /// A map stored directly (not through the routes): two sections, four stickers, one with accents.
    static func storeMap(_ h: ServerHarness, name: String = "Café flow") throws {
        try h.database.createValueStreamMap(
            ValueStreamMap(name: name, created: Date(timeIntervalSince1970: 1_780_000_000)))
        try h.database.updateValueStreamMap(named: name) { map throws(ValueStreamError) in
            try map.addSection("Counter")
            try map.addSection("Kitchen")
            try map.addSticker(
                Sticker(id: 0, text: "Take the order", kind: .value, processSeconds: 60, ca: 98), section: "Counter")
            try map.addSticker(
                Sticker(id: 0, text: "Café crème & milk", kind: .value, processSeconds: 120, waitSeconds: 30),
                section: "Counter")
            try map.addSticker(
                Sticker(id: 0, text: "Search the cups", kind: .waste, processSeconds: 45, waitSeconds: 300),
                section: "Kitchen")
            try map.addSticker(Sticker(id: 0, text: "Wipe the machine", kind: .auxiliary, processSeconds: 90))
        }
    }

    static func mapPath(_ name: String) -> String {
        name.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(
                charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"))!
    }

    @Test("the API lifecycle: create, sections, stickers, move, patch, duplicate as future, list, delete")
    func lifecycle() async throws {
        let h = try Self.harness()
        try await h.application().test(.router) { client in
            func call(
                _ uri: String, _ method: HTTPRequest.Method, _ body: [String: Any]? = nil, as user: String = "boss"
            ) async throws -> TestResponse { try await h.call(client, uri, method, body, as: user) }
            let created = try await call(
                "/api/v1/vsm/maps", .post, ["name": "Order to cash", "description": "From call to cash"])
            #expect(created.status == .created)
            #expect(ServerHarness.json(created.body)["state"] as? String == "current")
            let base = "/api/v1/vsm/maps/Order%20to%20cash"
            #expect(try await call(base + "/sections", .post, ["name": "Sales"]).status == .created)
            #expect(try await call(base + "/sections", .post, ["name": "Kitchen"]).status == .created)
            var ids: [String: Int] = [:]
            for (text, kind, section, process, wait, ca, position) in [
                ("Take order", "value", "Sales", 300, 0, 95 as Int?, nil as Int?),
                ("Check credit", "auxiliary", "sales", 120, 3_600, 90, nil),
                ("Wait for cook", "waste", "Kitchen", 600, 1_800, nil, nil),
                ("Cook", "value", "Kitchen", 900, 0, nil, 1),
            ] {
                var body: [String: Any] = [
                    "text": text, "kind": kind, "section": section, "process_s": process, "wait_s": wait,
                ]
                body["ca"] = ca
                body["position"] = position
                let added = try await call(base + "/stickers", .post, body)
                #expect(added.status == .created, "\(text)")
                let sticker = ServerHarness.json(added.body)
                ids[text] = sticker["id"] as? Int
                #expect(sticker["text"] as? String == text)
            }
            #expect(ids == ["Take order": 1, "Check credit": 2, "Wait for cook": 3, "Cook": 4])
            // Check credit moves to the front of Kitchen.
            let moved = try await call(base + "/stickers/2/move", .post, ["position": 1, "section": "Kitchen"])
            #expect(moved.status == .ok)
            #expect(ServerHarness.json(moved.body)["section"] as? String == "Kitchen")
            #expect(ServerHarness.json(moved.body)["position"] as? Int == 1)

            // The store, read independently, has the order the operations made.
            var stored = try h.database.valueStreamMap(named: "order TO cash")
            #expect(stored.sections.map(\.name) == ["Sales", "Kitchen"])
            #expect(
                stored.sections.map { $0.stickers.map(\.text) } == [
                    ["Take order"], ["Check credit", "Cook", "Wait for cook"],
                ])
            #expect(stored.description == "From call to cash")

            // Measures by hand: process 300 + 120 + 600 + 900 = 1920 s, waiting 3600 + 1800 = 5400 s, lead time
            // 7320 s; value-added 300 + 900 = 1200 s, PCE 1200 / 7320; rolled %C&A 0.95 × 0.90 = 0.855.
            let shown = ServerHarness.json(try await call(base, .get, as: "carl").body)
            let measures = try #require(shown["measures"] as? [String: Any])
            #expect(measures["lead_time_s"] as? Int == 7_320)
            #expect(measures["process_time_s"] as? Int == 1_920)
            #expect(measures["waiting_s"] as? Int == 5_400)
            #expect(measures["value_added_s"] as? Int == 1_200)
            #expect(abs((measures["pce"] as? Double ?? 0) - 1_200.0 / 7_320.0) < 1e-6)
            #expect(abs((measures["rolled_ca"] as? Double ?? 0) - 0.855) < 1e-9)
            let waste = (measures["by_kind"] as? [String: Any])?["waste"] as? [String: Any]
            #expect(waste?["count"] as? Int == 1 && waste?["time_s"] as? Int == 600)
            #expect(measures["takt_s"] is NSNull)

            // Patch a sticker and the map (takt: 8 h ÷ 40 = 720 s); rename and move a section.
            let patched = try await call(base + "/stickers/3", .patch, ["process_s": 60, "ca": 80])
            #expect(patched.status == .ok && ServerHarness.json(patched.body)["process_s"] as? Int == 60)
            let takt = try await call(base, .patch, ["demand_per_day": 40, "available_time_per_day_s": 28_800])
            #expect((ServerHarness.json(takt.body)["measures"] as? [String: Any])?["takt_s"] as? Int == 720)
            let section = try await call(base + "/sections/kitchen", .patch, ["name": "Küche", "position": 1])
            #expect(section.status == .ok)
            stored = try h.database.valueStreamMap(named: "Order to cash")
            #expect(stored.sections.map(\.name) == ["Küche", "Sales"])
            #expect(stored.sticker(id: 3)?.processSeconds == 60 && stored.sticker(id: 3)?.ca == 80)
            #expect(stored.demandPerDay == 40 && stored.availableSecondsPerDay == 28_800)
            #expect(stored.measures.leadTimeSeconds == 1_920 - 540 + 5_400)

            // A future state: a copy without the waste sticker, compared with the current map.
            let copy = try await call(base + "/duplicate", .post, ["name": "Order to cash 2027", "future": true])
            #expect(copy.status == .created)
            #expect(ServerHarness.json(copy.body)["future_of"] as? String == "Order to cash")
            let future = "/api/v1/vsm/maps/Order%20to%20cash%202027"
            #expect(try await call(future + "/stickers/3", .delete).status == .noContent)
            let compared = ServerHarness.json(try await call(future, .get).body)
            let comparison = compared["comparison"] as? [String: Any]
            #expect(comparison?["waste_removed_count"] as? Int == 1)
            #expect(comparison?["lead_time_change_s"] as? Int == -(60 + 1_800))

            let list = try await client.execute(uri: "/api/v1/vsm/maps", method: .get, headers: h.bearer("rita"))
            let rows = try #require(
                try JSONSerialization.jsonObject(with: Data(list.body.readableBytesView)) as? [[String: Any]])
            #expect(Set(rows.compactMap { $0["name"] as? String }) == ["Order to cash", "Order to cash 2027"])
            #expect(rows.first { $0["name"] as? String == "Order to cash" }?["lead_time_s"] as? Int == 6_780)

            // Restaurant managers change maps too; the last sticker goes, then the future map.
            #expect(try await call(base + "/stickers/1", .delete, as: "rita").status == .noContent)
            #expect(try h.database.valueStreamMap(named: "Order to cash").stickers.map(\.id) == [2, 4, 3])
            #expect(try await call(future, .delete).status == .noContent)
            #expect(try await call(future, .get).status == .notFound)
            #expect(try await call(base + "/sections/Sales", .delete).status == .noContent)
            #expect(try h.database.valueStreamMap(named: "Order to cash").sections.map(\.name) == ["Küche"])
        }
    }

    @Test("errors: 404 for an unknown map or sticker, 409 for refused operations, 422 naming the field")
    func errorShapes() async throws {
        let h = try Self.harness()
        try Self.storeMap(h)
        try await h.application().test(.router) { client in
            func call(
                _ uri: String, _ method: HTTPRequest.Method, _ body: [String: Any]? = nil, as user: String = "boss"
            ) async throws -> TestResponse { try await h.call(client, uri, method, body, as: user) }
            let base = "/api/v1/vsm/maps/" + Self.mapPath("Café flow")
            for (uri, method) in [
                ("/api/v1/vsm/maps/Nowhere", HTTPRequest.Method.get), ("/api/v1/vsm/maps/Nowhere", .delete),
                (base + "/stickers/99", .delete), (base + "/stickers/abc", .delete),
                ("/api/v1/vsm/maps/Nowhere/export.json", .get),
            ] {
                let response = try await call(uri, method)
                #expect(response.status == .notFound, "\(method) \(uri)")
                #expect(ServerHarness.error(response.body)["code"] == "not-found")
            }
            let unknownMap = try await call("/api/v1/vsm/maps/Nowhere/stickers", .post, ["text": "X", "kind": "value"])
            #expect(unknownMap.status == .notFound)

            for (uri, body) in [
                (base + "/sections", ["name": "counter"] as [String: Any]),
                (base + "/stickers", ["text": "Late", "kind": "waste", "section": "Kitchen", "position": 9]),
                (base + "/stickers/1/move", ["position": 0]),
                ("/api/v1/vsm/maps", ["name": "café FLOW"]),
            ] {
                let response = try await call(uri, .post, body)
                #expect(response.status == .conflict, "\(uri) \(body)")
                #expect(ServerHarness.error(response.body)["code"] == "refused")
            }
            for (uri, method, body, field) in [
                (
                    base + "/stickers", HTTPRequest.Method.post,
                    ["text": "X", "kind": "value", "ca": 150] as [String: Any], "ca"
                ),
                (base + "/stickers", .post, ["text": "X", "kind": "blue"], "kind"),
                (base + "/stickers", .post, ["kind": "value"], "text"),
                (base + "/stickers", .post, ["text": "X", "kind": "value", "section": "Bar"], "section"),
                (base + "/stickers", .post, ["text": "X", "kind": "value", "colour": "red"], "colour"),
                (base + "/stickers/1", .patch, ["process_s": -5], "process_s"),
                (base + "/stickers/1", .patch, ["size": "big"], "size"),
                (base, .patch, ["demand_per_day": 0], "demand_per_day"),
                (base, .patch, ["future_of": "Nowhere"], "future_of"),
                ("/api/v1/vsm/maps", .post, ["name": "a/b"], "name"),
            ] {
                let response = try await call(uri, method, body)
                #expect(response.status == .unprocessableContent, "\(method) \(uri) \(body)")
                let error = ServerHarness.error(response.body)
                #expect(error["code"] == "invalid-request" && error["field"] == field, "\(error)")
            }
            let search = try await call("/api/v1/vsm/search", .get)
            #expect(search.status == .unprocessableContent && ServerHarness.error(search.body)["field"] == "q")
            let notJSON = try await client.execute(
                uri: "/api/v1/vsm/import", method: .post, headers: h.bearer("boss").merging(Self.json),
                body: ByteBuffer(
                    string: "{\"name\": \"X\", \"sections\": [{\"name\": \"A\", \"stickers\": [{\"id\": 1}]}]}"))
            #expect(notJSON.status == .unprocessableContent)
            #expect(ServerHarness.error(notJSON.body)["field"]?.hasPrefix("sections[0].stickers[0]") == true)
            // Nothing above changed the map.
            #expect(try h.database.valueStreamMap(named: "Café flow").stickers.count == 4)
        }
    }

    @Test(
        "roles: accountants and shift managers read, only admins and restaurant managers change, drivers and crew see none"
    )
    func roles() async throws {
        let h = try Self.harness()
        try Self.storeMap(h)
        try await h.application().test(.router) { client in
            let base = "/api/v1/vsm/maps/" + Self.mapPath("Café flow")
            let read = try await client.execute(uri: base, method: .get, headers: h.bearer("carl"))
            #expect(read.status == .ok && ServerHarness.json(read.body)["name"] as? String == "Café flow")
            let write = try await client.execute(
                uri: base + "/stickers", method: .post, headers: h.bearer("carl").merging(Self.json),
                body: ServerHarness.body(["text": "Sneak", "kind": "waste"]))
            #expect(write.status == .forbidden && ServerHarness.error(write.body)["code"] == "forbidden")
            for user in ["anna", "cole"] {
                let refused = try await client.execute(uri: "/api/v1/vsm/maps", method: .get, headers: h.bearer(user))
                #expect(refused.status == .forbidden, "\(user)")
            }
            let anonymous = try await client.execute(uri: "/api/v1/vsm/maps", method: .get)
            #expect(anonymous.status == .unauthorized)
            #expect(try h.database.valueStreamMap(named: "Café flow").stickers.count == 4)
        }
    }

    @Test("the pages: the timeline has every sticker, a form with CSRF changes the map, search, navigation")
    func pages() async throws {
        let h = try Self.harness()
        try Self.storeMap(h)
        let map = try h.database.valueStreamMap(named: "Café flow")
        try await h.application().test(.router) { client in
            let (browser, _) = try await PageTests.logIn(client, name: "boss")
            let index = String(
                buffer: try await client.execute(uri: "/vsm", method: .get, headers: browser.header).body)
            // In the menu, marked as the page shown.
            #expect(index.contains("<a href=\"/vsm\" aria-current=\"page\">Maps</a>"))
            #expect(index.contains("Café flow") && index.contains("href=\"/vsm/maps/Caf%C3%A9%20flow\""))
            // Lead time: process 60 + 120 + 45 + 90 = 315 s, waiting 30 + 300 = 330 s, 645 s = 10m 45s; PCE 180 / 645.
            #expect(index.contains("10m 45s") && index.contains(String(format: "%.1f %%", 18_000.0 / 645)))

            let uri = "/vsm/maps/" + Self.mapPath("Café flow")
            let page = try await client.execute(uri: uri, method: .get, headers: browser.header)
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            for sticker in map.stickers {
                let escaped = sticker.text.replacingOccurrences(of: "&", with: "&amp;")
                #expect(html.contains(escaped), "\(sticker.text)")
                #expect(html.contains("id=\"sticker-\(sticker.id)\""))
            }
            #expect(html.contains("class=\"vsm-track\"") && html.contains("id=\"lane-2\">Kitchen"))
            #expect(html.contains("wait 5m") && html.contains("id=\"measure-lead\">10m 45s"))
            for format in ["json", "pdf", "svg", "png"] { #expect(html.contains("\(uri)/export.\(format)")) }
            let css = String(
                buffer: try await client.execute(uri: "/static/vsm.css", method: .get, headers: browser.header).body)
            #expect(css.contains("overflow-x: auto") && css.contains("scroll-snap-type: x"))
            #expect(css.contains("min-height: 44px"))
            let colours = String(
                buffer: try await client.execute(uri: uri + "/stickers.css", method: .get, headers: browser.header).body
            )
            #expect(colours.contains(".vsm-s3 { background: #e53935"))

            // A forged form changes nothing; the session's token adds a sticker at the front of Kitchen.
            let csrf = try #require(PageTests.Browser.hidden("csrf", in: html))
            let add: [String: String] = [
                "text": "Grind the beans", "kind": "value", "section": "Kitchen", "process": "1m30s", "wait": "2m",
                "ca": "99", "position": "1",
            ]
            let forged = try await client.execute(
                uri: uri + "/stickers", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: PageTests.Browser.form(add.merging(["csrf": "forged"]) { $1 }))
            #expect(forged.status == .forbidden)
            let posted = try await client.execute(
                uri: uri + "/stickers", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: PageTests.Browser.form(add.merging(["csrf": csrf]) { $1 }))
            #expect(posted.status == .seeOther && posted.headers[.location] == uri + "#sticker-5")
            var stored = try h.database.valueStreamMap(named: "Café flow")
            #expect(
                stored.sections[1].stickers.map(\.text) == ["Grind the beans", "Search the cups", "Wipe the machine"])
            #expect(stored.sticker(id: 5)?.processSeconds == 90 && stored.sticker(id: 5)?.waitSeconds == 120)
            // Move it right, then edit it on its own page.
            let right = try await client.execute(
                uri: uri + "/stickers/5/move", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: PageTests.Browser.form(["csrf": csrf, "to": "2"]))
            #expect(right.status == .seeOther)
            stored = try h.database.valueStreamMap(named: "Café flow")
            #expect(stored.sections[1].stickers.map(\.id) == [3, 5, 4])
            let edit = String(
                buffer: try await client.execute(uri: uri + "/stickers/5", method: .get, headers: browser.header).body)
            #expect(edit.contains("Grind the beans") && edit.contains("value=\"1m30s\""))
            let saved = try await client.execute(
                uri: uri + "/stickers/5", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: PageTests.Browser.form([
                    "csrf": csrf, "text": "Grind fresh beans", "kind": "auxiliary", "process": "2m", "wait": "0s",
                    "ca": "", "inventory": "3", "colour": "yellow", "font": "DejaVu Sans", "size": "14",
                ]))
            #expect(saved.status == .seeOther)
            let edited = try #require(try h.database.valueStreamMap(named: "Café flow").sticker(id: 5))
            #expect(edited.text == "Grind fresh beans" && edited.kind == .auxiliary && edited.ca == nil)
            #expect(edited.inventory == 3 && edited.style.background?.description == "#ffeb3b")
            // A refused value comes back as a message on the page it came from.
            let bad = try await client.execute(
                uri: uri + "/stickers", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: PageTests.Browser.form(["csrf": csrf, "text": "Bad", "kind": "value", "process": "soon"]))
            #expect(bad.status == .seeOther && bad.headers[.location]?.contains("flash=") == true)
            let told = try await client.execute(
                uri: try #require(bad.headers[.location]), method: .get, headers: browser.header)
            #expect(String(buffer: told.body).contains("is not a duration such as 45s"))
            let section = try await client.execute(
                uri: uri + "/sections/rename", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: PageTests.Browser.form(["csrf": csrf, "section": "Kitchen", "name": "Bar"]))
            #expect(section.status == .seeOther)
            #expect(try h.database.valueStreamMap(named: "Café flow").sections.map(\.name) == ["Counter", "Bar"])

            // Search: any case, any accents, on the page and through the API.
            let found = String(
                buffer: try await client.execute(uri: "/vsm/search?q=CAFE+CREME", method: .get, headers: browser.header)
                    .body)
            #expect(found.contains("Café crème &amp; milk") && found.contains("#sticker-2"))
            let api = try await client.execute(
                uri: "/api/v1/vsm/search?q=CAFE", method: .get, headers: h.bearer("carl"))
            let stickers = ServerHarness.json(api.body)["stickers"] as? [[String: Any]] ?? []
            #expect(stickers.map { $0["text"] as? String } == ["Café crème & milk"])
            #expect(
                (ServerHarness.json(api.body)["maps"] as? [[String: Any]])?.first?["name"] as? String == "Café flow")
        }
    }

    @Test("downloads: JSON that imports again, PDF, SVG and PNG with their content types; drivers get no maps")
    func downloads() async throws {
        let h = try Self.harness()
        try Self.storeMap(h)
        try await h.application().test(.router) { client in
            let base = "/api/v1/vsm/maps/" + Self.mapPath("Café flow")
            let json = try await client.execute(uri: base + "/export.json", method: .get, headers: h.bearer("carl"))
            #expect(json.status == .ok && json.headers[.contentType] == "application/json; charset=utf-8")
            #expect(json.headers[.contentDisposition]?.contains("Caf__flow.json") == true)
            let data = Data(json.body.readableBytesView)
            #expect(try ValueStreamJSON.decode(data) == (try h.database.valueStreamMap(named: "Café flow")))
            for (format, type, magic) in [
                ("pdf", "application/pdf", Array("%PDF-".utf8)), ("png", "image/png", [0x89, 0x50, 0x4E, 0x47]),
                ("svg", "image/svg+xml", Array("<?xml".utf8)),
            ] {
                let response = try await client.execute(
                    uri: base + "/export.\(format)", method: .get, headers: h.bearer("carl"))
                #expect(response.status == .ok && response.headers[.contentType] == type, "\(format)")
                #expect(Array(response.body.readableBytesView.prefix(magic.count)) == magic, "\(format)")
                if format == "svg" { #expect(String(buffer: response.body).contains("<svg")) }
            }
            let paper = try await client.execute(
                uri: base + "/export.pdf?paper=a5", method: .get, headers: h.bearer("carl"))
            #expect(paper.status == .unprocessableContent && ServerHarness.error(paper.body)["field"] == "paper")

            // Import it under another name, refuse it again without replace, then replace it.
            func importing(_ query: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/api/v1/vsm/import" + query, method: .post, headers: h.bearer("boss").merging(Self.json),
                    body: ByteBuffer(bytes: data))
            }
            #expect(try await importing("?name=Copy").status == .created)
            #expect(try await importing("?name=copy").status == .conflict)
            #expect(try await importing("?name=Copy&replace=true").status == .ok)
            #expect(
                try h.database.valueStreamMap(named: "Copy").stickers.map(\.text)
                    == (try h.database.valueStreamMap(named: "Café flow")).stickers.map(\.text))

            // A page download goes with the session; a driver has neither the menu entry nor the page.
            let (boss, _) = try await PageTests.logIn(client, name: "boss")
            let svg = try await client.execute(
                uri: "/vsm/maps/" + Self.mapPath("Café flow") + "/export.svg", method: .get, headers: boss.header)
            #expect(svg.status == .ok && svg.headers[.contentType] == "image/svg+xml")
            let (anna, _) = try await PageTests.logIn(client, name: "anna")
            let trips = String(buffer: try await client.execute(uri: "/trips", method: .get, headers: anna.header).body)
            #expect(!trips.contains("href=\"/vsm\""))
            #expect(try await client.execute(uri: "/vsm", method: .get, headers: anna.header).status == .forbidden)
        }
    }
}

extension ValueStreamMap {
    /// The sticker with this number, if the map has it.
    fileprivate func sticker(id: Int) -> Sticker? { stickers.first { $0.id == id } }
}
