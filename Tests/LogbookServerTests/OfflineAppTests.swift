import CalendarDays
import Foundation
import HTTPTypes
import Hours
import Hummingbird
import HummingbirdTesting
import LogbookServer
import LogbookStore
import Testing

/// The installable app and its offline queue on the server's side (issue 29 §3): a change sent with an idempotency
/// key — the queue's form field or the API's header — is applied once however often it arrives, and answered the
/// same way each time (refusals too); the manifest, icons, service worker, queue script and offline page; the
/// session the queue sends in.
@Suite struct OfflineAppTests {
    typealias Browser = PageTests.Browser
    static let replayed = HTTPField.Name("Idempotent-Replayed")!
    static let keyHeader = HTTPField.Name("Idempotency-Key")!

    static func shifts(_ h: ServerHarness, _ driver: String = "anna") throws -> Int {
        try h.database.hoursEntries(
            driver: driver, from: CalendarDay(parsing: "2026-03-01")!, through: CalendarDay(parsing: "2026-03-31")!
        ).count
    }

    @Test("an API change sent twice with one key is applied once; the second answer is the first's, marked replayed")
    func apiChangeAppliedOnce() async throws {
        let h = try HoursAPITests.harness()
        try await h.application().test(.router) { client in
            let headers = h.bearer("anna").merging([Self.keyHeader: "3f2b8c1e-0a4d-4b7e-9c55-1d2e3f405162"])
            let body = HoursAPITests.shift("2026-03-10", "07:00", "15:30", break: 30)
            let first = try await HoursAPITests.post(client, "/api/v1/hours/shifts", headers, body)
            #expect(first.status == .created, "\(String(buffer: first.body))")
            #expect(first.headers[Self.replayed] == nil)
            let again = try await HoursAPITests.post(client, "/api/v1/hours/shifts", headers, body)
            #expect(again.status == .created)
            #expect(again.headers[Self.replayed] == "true")
            #expect(String(buffer: again.body) == String(buffer: first.body), "the answer given again differs")
            #expect(try Self.shifts(h) == 1, "the shift was stored twice")
            // Without a key the same shift is a new request: the overlap rule answers it (not the first's answer).
            let plain = try await HoursAPITests.post(client, "/api/v1/hours/shifts", h.bearer("anna"), body)
            #expect(plain.status == .conflict && plain.headers[Self.replayed] == nil)
            #expect(try Self.shifts(h) == 1)
        }
    }

    @Test("a refused change keeps its refusal: sent again it is refused again the same way, and nothing is stored")
    func refusalReplayed() async throws {
        let h = try HoursAPITests.harness()
        try await h.application().test(.router) { client in
            let headers = h.bearer("anna").merging([Self.keyHeader: "refused-change-0001"])
            let body = HoursAPITests.shift("2026-03-10", "07:00", "15:30", break: 600)
            let first = try await HoursAPITests.post(client, "/api/v1/hours/shifts", headers, body)
            #expect((400..<500).contains(first.status.code), "\(first.status)")
            let field = ServerHarness.error(first.body)["field"]
            #expect(field == "break_minutes", "\(String(buffer: first.body))")
            let again = try await HoursAPITests.post(client, "/api/v1/hours/shifts", headers, body)
            #expect(again.status == first.status && again.headers[Self.replayed] == "true")
            #expect(ServerHarness.error(again.body)["field"] == "break_minutes")
            #expect(try Self.shifts(h) == 0)
        }
    }

    @Test("a key is its user's: reused on another change it is refused; another user's same key is their own")
    func keysBelongToTheirUser() async throws {
        let h = try HoursAPITests.harness()
        try await h.application().test(.router) { client in
            let key: HTTPFields = [Self.keyHeader: "shared-key-12345"]
            let first = try await HoursAPITests.post(
                client, "/api/v1/hours/shifts", h.bearer("anna").merging(key),
                HoursAPITests.shift("2026-03-10", "07:00", "15:30"))
            #expect(first.status == .created)
            // The same key on another address (the clock) is no replay of the shift: 422 naming the key.
            let elsewhere = try await HoursAPITests.post(
                client, "/api/v1/hours/clock/start", h.bearer("anna").merging(key), [:])
            #expect(elsewhere.status == .unprocessableContent)
            #expect(ServerHarness.error(elsewhere.body)["field"] == "Idempotency-Key")
            #expect(try h.database.runningHoursEntry(driver: "anna") == nil, "the clock started")
            // The admin sending the same key for dave's shift: applied for the admin, not the driver's answer.
            let admin = try await HoursAPITests.post(
                client, "/api/v1/hours/shifts?driver=dave", h.bearer("boss").merging(key),
                HoursAPITests.shift("2026-03-12", "08:00", "12:00"))
            #expect(admin.status == .created && admin.headers[Self.replayed] == nil)
            #expect(try Self.shifts(h, "dave") == 1)
        }
    }

    @Test("a malformed key is a 400 naming the header or the form field, and nothing is applied")
    func malformedKeys() async throws {
        let h = try HoursAPITests.harness()
        try await h.application().test(.router) { client in
            for bad in ["short", String(repeating: "k", count: 101), "has space inside", "semi;colon-key"] {
                let answer = try await HoursAPITests.post(
                    client, "/api/v1/hours/shifts", h.bearer("anna").merging([Self.keyHeader: bad]),
                    HoursAPITests.shift("2026-03-10", "07:00", "15:30"))
                #expect(answer.status == .badRequest, "\(bad)")
                #expect(ServerHarness.error(answer.body)["field"] == "Idempotency-Key")
            }
            let (browser, _) = try await PageTests.logIn(client)
            let page = try await client.execute(uri: "/hours", method: .get, headers: browser.header, body: nil)
            let token = try #require(Browser.hidden("csrf", in: String(buffer: page.body)))
            let form = try await client.execute(
                uri: "/hours/clock/start", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: Browser.form(["csrf": token, "idempotency_key": "x"]))
            #expect(form.status == .badRequest)
            #expect(String(buffer: form.body).contains("idempotency_key"))
            #expect(try h.database.runningHoursEntry(driver: "anna") == nil)
            #expect(try Self.shifts(h) == 0)
        }
    }

    @Test("the queue's clock tap: sent twice it starts the clock once, at the time of the tap, not of the send")
    func queuedClockTap() async throws {
        let h = try HoursAPITests.harness()
        try await h.application().test(.router) { client in
            let (browser, _) = try await PageTests.logIn(client)
            let page = try await client.execute(uri: "/hours", method: .get, headers: browser.header, body: nil)
            let token = try #require(Browser.hidden("csrf", in: String(buffer: page.body)))
            let form = Browser.form([
                "csrf": token, "message": "Early tour", "at": "00:00",
                "idempotency_key": "6b1f0c2a-9d8e-4f3b-a1c2-d3e4f5a6b7c8",
            ])
            let first = try await client.execute(
                uri: "/hours/clock/start", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: form)
            #expect(first.status == .seeOther, "\(String(buffer: first.body).prefix(400))")
            let again = try await client.execute(
                uri: "/hours/clock/start", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: form)
            #expect(again.status == .seeOther && again.headers[Self.replayed] == "true")
            #expect(again.headers[.location] == first.headers[.location])
            let running = try #require(try h.database.runningHoursEntry(driver: "anna"))
            #expect(running.entry.message == "Early tour", "the key's field reached the form")
            // Today's midnight in UTC (the harness's hours zone), worked out from the wall clock here.
            let midnight = (Date().timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
            #expect(running.entry.rawStart.seconds == midnight, "\(running.entry.rawStart.seconds)")
        }
    }

    @Test("the manifest names the app and its icons; the icons are PNGs of their sizes; the shell's files are served")
    func installableShell() async throws {
        let h = try ServerHarness()
        try await h.application().test(.router) { client in
            let manifest = try await client.execute(uri: "/manifest.webmanifest", method: .get)
            #expect(manifest.status == .ok && manifest.headers[.contentType] == "application/manifest+json")
            let object = ServerHarness.json(manifest.body)
            #expect(object["name"] as? String == "Logbook" && object["start_url"] as? String == "/")
            #expect(object["display"] as? String == "standalone")
            let icons = try #require(object["icons"] as? [[String: String]])
            for icon in icons where icon["type"] == "image/png" {
                let src = try #require(icon["src"])
                let png = try await client.execute(uri: src, method: .get)
                #expect(png.status == .ok && png.headers[.contentType] == "image/png")
                let bytes = Array(png.body.readableBytesView)
                // The PNG signature, then IHDR's width and height (big-endian) at bytes 16–23.
                #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
                let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
                let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
                #expect("\(width)x\(height)" == icon["sizes"], "\(src)")
            }
            #expect(icons.contains { $0["purpose"] == "maskable" && $0["sizes"] == "512x512" })
            let worker = try await client.execute(uri: "/sw.js", method: .get)
            #expect(worker.status == .ok && worker.headers[.contentType]?.hasPrefix("text/javascript") == true)
            let source = String(buffer: worker.body)
            // Every file the worker caches at install is served.
            let list = try #require(source.range(of: "SHELL_FILES = [")).upperBound
            let files = source[list...].prefix { $0 != "]" }.split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines.union(.init(charactersIn: "\"")))
            }
            #expect(files.count >= 6)
            for file in files {
                let answer = try await client.execute(uri: file, method: .get)
                #expect(answer.status == .ok, "\(file)")
            }
            let offline = try await client.execute(uri: "/offline", method: .get)
            #expect(String(buffer: offline.body).contains("id=\"outbox\""))
        }
    }

    @Test("pages link the manifest and the queue's script and hold the waiting list; /session.json is the session's")
    func pagesAndSession() async throws {
        let h = try ServerHarness()
        try await h.application().test(.router) { client in
            let anonymous = try await client.execute(uri: "/session.json", method: .get)
            #expect(anonymous.status == .seeOther)
            #expect(anonymous.headers[.location]?.hasPrefix("/login") == true)
            let (browser, _) = try await PageTests.logIn(client)
            let page = try await client.execute(uri: "/trips", method: .get, headers: browser.header, body: nil)
            let html = String(buffer: page.body)
            #expect(html.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest\">"))
            #expect(html.contains("<script src=\"/static/offline.js\" defer></script>"))
            #expect(html.contains("<body class=\"with-menu\" data-user=\"anna\">") && html.contains("id=\"outbox\""))
            let token = try #require(Browser.hidden("csrf", in: html))
            let session = try await client.execute(uri: "/session.json", method: .get, headers: browser.header)
            let object = ServerHarness.json(session.body)
            #expect(object["user"] as? String == "anna" && object["csrf"] as? String == token)
            #expect(session.headers[.cacheControl] == "no-store")
        }
    }
}
