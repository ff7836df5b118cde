import Foundation
import Hummingbird
import HummingbirdTesting
import LogbookServer
import LogbookStore
import Testing
import ValueStreams

/// The map page's overview strip, one-tap kinds, the drag script and the sticker page's pickers (issue 29 §1), in
/// process, on the map of `ValueStreamRouteTests.storeMap`: Counter holds #1 and #2 (value-adding), Kitchen #3
/// (waste) and #4 (auxiliary).
@Suite struct ValueStreamMapPageTests {
    typealias Browser = PageTests.Browser
    static let uri = "/vsm/maps/" + ValueStreamRouteTests.mapPath("Café flow")

    static func get(_ client: some TestClientProtocol, _ browser: Browser, _ uri: String) async throws -> TestResponse {
        try await client.execute(uri: uri, method: .get, headers: browser.header)
    }

    static func post(
        _ client: some TestClientProtocol, _ browser: Browser, _ uri: String, _ form: [String: String]
    ) async throws -> TestResponse {
        try await client.execute(
            uri: uri, method: .post, headers: browser.header.merging(PageTests.formHeaders), body: Browser.form(form))
    }

    static func sticker(_ h: ServerHarness, _ id: Int) throws -> Sticker {
        try #require(try h.database.valueStreamMap(named: "Café flow").stickers.first { $0.id == id })
    }

    @Test("the overview strip: one icon per sticker in the map's order, by section, each linking to its card")
    func overviewStrip() async throws {
        let h = try ValueStreamRouteTests.harness()
        try ValueStreamRouteTests.storeMap(h)
        // Moved through the store: the strip follows the map's order, not the numbers.
        try h.database.updateValueStreamMap(named: "Café flow") { map throws(ValueStreamError) in
            try map.moveSticker(4, to: 1)
        }
        try await h.application().test(.router) { client in
            let (carl, _) = try await PageTests.logIn(client, name: "carl")
            let html = String(buffer: try await Self.get(client, carl, Self.uri).body)
            let strip = try #require(
                html.range(of: #"<section class="card vsm-overview"[\s\S]*?</section>"#, options: .regularExpression)
                    .map { String(html[$0]) })
            let icons = strip.matches(of: /id="icon-(\d+)" href="#sticker-(\d+)"/).map { ($0.1, $0.2) }
            #expect(icons.map(\.0) == ["1", "2", "4", "3"], "\(strip)")
            #expect(icons.allSatisfy { $0.0 == $0.1 })
            #expect(strip.contains("<span class=\"vsm-ov-name muted\">Counter</span>"))
            #expect(strip.range(of: "Counter")!.lowerBound < strip.range(of: "icon-2")!.upperBound)
            #expect(strip.range(of: "Kitchen")!.lowerBound < strip.range(of: "icon-4")!.lowerBound)
            // Each icon in its sticker's colour (the map's own stylesheet) and named for screen readers.
            #expect(strip.contains("class=\"vsm-icon vsm-s3\""))
            #expect(strip.contains("aria-label=\"#3 Search the cups, waste\""))
            // At the top: before the measures and the lanes.
            #expect(html.range(of: "id=\"overview\"")!.lowerBound < html.range(of: "id=\"measures\"")!.lowerBound)
            // A reader gets no buttons to change the map and no drag script.
            #expect(!html.contains("id=\"kind-1-value\"") && !html.contains("id=\"drag-1\""))
            #expect(!html.contains("data-drag") && !html.contains("/static/vsm.js"))

            // An empty map has no strip.
            try h.database.createValueStreamMap(ValueStreamMap(name: "Empty", created: Date()))
            let empty = String(buffer: try await Self.get(client, carl, "/vsm/maps/Empty").body)
            #expect(!empty.contains("id=\"overview\""))
        }
    }

    @Test("an editor's cards carry the kind buttons (their own pressed) and a drag handle the script shows")
    func editorControls() async throws {
        let h = try ValueStreamRouteTests.harness()
        try ValueStreamRouteTests.storeMap(h)
        try await h.application().test(.router) { client in
            let (rita, _) = try await PageTests.logIn(client, name: "rita")
            let html = String(buffer: try await Self.get(client, rita, Self.uri).body)
            let csrf = try #require(Browser.hidden("csrf", in: html))
            #expect(html.contains("<div class=\"vsm-timeline\" id=\"timeline\" data-drag=\"\(Self.uri)/stickers/\""))
            #expect(html.contains("data-csrf=\"\(csrf)\""))
            #expect(html.contains("<ol class=\"vsm-track\" data-section=\"Kitchen\">"))
            #expect(html.contains("<li class=\"vsm-step\" id=\"sticker-3\" data-sticker=\"3\">"))
            #expect(html.contains("<script src=\"/static/vsm.js\"></script>"))
            // The handle is hidden until the script shows it; the move buttons stay.
            #expect(html.contains("id=\"drag-3\" hidden tabindex=\"-1\" aria-hidden=\"true\""))
            #expect(html.contains("id=\"left-4\"") && html.contains("id=\"right-3\""))
            // Sticker 3 is waste: its waste button is pressed, the others not.
            #expect(html.contains("id=\"kind-3-waste\" aria-pressed=\"true\""))
            #expect(html.contains("id=\"kind-3-value\" aria-pressed=\"false\""))
            #expect(html.contains("id=\"kind-3-auxiliary\" aria-pressed=\"false\" aria-label=\"#3 auxiliary\""))
            #expect(html.contains("action=\"\(Self.uri)/stickers/3/kind\""))

            let script = try await Self.get(client, rita, "/static/vsm.js")
            #expect(script.status == .ok)
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            let source = String(buffer: script.body)
            #expect(source.contains("timeline.dataset.drag") && source.contains("\"/move\""))
            #expect(source.contains("section: track.dataset.section") && source.contains("csrf"))
            // Pages allow scripts from the server only.
            let policy = try await Self.get(client, rita, Self.uri).headers[.contentSecurityPolicy] ?? ""
            #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"))
        }
    }

    @Test("one tap sets a sticker's kind and its colour; a bad kind or another field is refused; readers may not")
    func kindButtons() async throws {
        let h = try ValueStreamRouteTests.harness()
        try ValueStreamRouteTests.storeMap(h)
        try h.database.updateValueStreamMap(named: "Café flow") { map throws(ValueStreamError) in
            try map.editSticker(3, StickerChange(background: .some(Colour(parsing: "yellow"))))
        }
        try await h.application().test(.router) { client in
            let (rita, _) = try await PageTests.logIn(client, name: "rita")
            let csrf = try #require(
                Browser.hidden("csrf", in: String(buffer: try await Self.get(client, rita, Self.uri).body)))
            let tapped = try await Self.post(
                client, rita, Self.uri + "/stickers/3/kind", ["csrf": csrf, "kind": "value"])
            #expect(tapped.status == .seeOther && tapped.headers[.location] == Self.uri + "#sticker-3")
            let sticker = try Self.sticker(h, 3)
            #expect(sticker.kind == .value && sticker.style.background == nil)
            #expect(sticker.colour.description == "#4caf50")
            #expect(sticker.text == "Search the cups" && sticker.processSeconds == 45 && sticker.waitSeconds == 300)
            let css = String(buffer: try await Self.get(client, rita, Self.uri + "/stickers.css").body)
            #expect(css.contains(".vsm-s3 { background: #4caf50"))

            for form in [["kind": "purple"], ["kind": "waste", "text": "Sneaked in"], [:]] {
                let refused = try await Self.post(
                    client, rita, Self.uri + "/stickers/3/kind", form.merging(["csrf": csrf]) { $1 })
                #expect(refused.status == .seeOther, "\(form)")
                let location = try #require(refused.headers[.location])
                #expect(location.hasPrefix(Self.uri + "?flash="), "\(form): \(location)")
                #expect(try Self.sticker(h, 3).kind == .value && (try Self.sticker(h, 3).text) == "Search the cups")
            }
            let forged = try await Self.post(
                client, rita, Self.uri + "/stickers/3/kind", ["csrf": "forged", "kind": "waste"])
            #expect(forged.status == .forbidden)
            let missing = try await Self.post(
                client, rita, Self.uri + "/stickers/99/kind", ["csrf": csrf, "kind": "waste"])
            #expect(missing.status == .notFound)

            let (carl, _) = try await PageTests.logIn(client, name: "carl")
            let carlsToken = try #require(
                Browser.hidden("csrf", in: String(buffer: try await Self.get(client, carl, Self.uri).body)))
            let reader = try await Self.post(
                client, carl, Self.uri + "/stickers/3/kind", ["csrf": carlsToken, "kind": "waste"])
            #expect(reader.status == .forbidden)
            #expect(try Self.sticker(h, 3).kind == .value)
        }
    }

    @Test("the move route the drag script posts to: a position in another section, as a form")
    func dragMove() async throws {
        let h = try ValueStreamRouteTests.harness()
        try ValueStreamRouteTests.storeMap(h)
        try await h.application().test(.router) { client in
            let (rita, _) = try await PageTests.logIn(client, name: "rita")
            let csrf = try #require(
                Browser.hidden("csrf", in: String(buffer: try await Self.get(client, rita, Self.uri).body)))
            // What the script sends when #1 is dropped between #3 and #4 in Kitchen.
            let moved = try await Self.post(
                client, rita, Self.uri + "/stickers/1/move", ["csrf": csrf, "to": "2", "section": "Kitchen"])
            #expect(moved.status == .seeOther && moved.headers[.location] == Self.uri + "#sticker-1")
            let map = try h.database.valueStreamMap(named: "Café flow")
            #expect(map.sections.map { $0.stickers.map(\.id) } == [[2], [3, 1, 4]])
            let beyond = try await Self.post(
                client, rita, Self.uri + "/stickers/1/move", ["csrf": csrf, "to": "9", "section": "Counter"])
            #expect(beyond.headers[.location]?.contains("flash=") == true)
            #expect(try h.database.valueStreamMap(named: "Café flow").sections[0].stickers.map(\.id) == [2])
        }
    }

    @Test("the sticker's page picks font and size from lists, keeping a font or size of its own")
    func pickers() async throws {
        let h = try ValueStreamRouteTests.harness()
        try ValueStreamRouteTests.storeMap(h)
        try h.database.updateValueStreamMap(named: "Café flow") { map throws(ValueStreamError) in
            try map.editSticker(2, StickerChange(font: "Comic Neue", size: 13.5))
        }
        try await h.application().test(.router) { client in
            let (rita, _) = try await PageTests.logIn(client, name: "rita")
            let first = String(buffer: try await Self.get(client, rita, Self.uri + "/stickers/1").body)
            #expect(first.contains("<select id=\"edit-font\" name=\"font\"><option selected>DejaVu Sans</option>"))
            for font in ["DejaVu Serif", "DejaVu Sans Mono", "Noto Sans", "Noto Serif"] {
                #expect(first.contains("<option>\(font)</option>"), "\(font)")
            }
            #expect(first.contains("<option value=\"12\" selected>12 pt</option>"))
            #expect(
                first.contains("<option value=\"6\">6 pt</option>")
                    && first.contains("<option value=\"48\">48 pt</option>"))
            #expect(!first.contains("name=\"font\" value="), "the font is still a free text field")

            let own = String(buffer: try await Self.get(client, rita, Self.uri + "/stickers/2").body)
            #expect(own.contains("<option selected>Comic Neue</option>"))
            #expect(own.contains("<option value=\"12\">12 pt</option><option value=\"13.5\" selected>13.5 pt</option>"))

            let csrf = try #require(Browser.hidden("csrf", in: first))
            let saved = try await Self.post(
                client, rita, Self.uri + "/stickers/1",
                [
                    "csrf": csrf, "text": "Take the order", "kind": "value", "process": "1m", "wait": "0s",
                    "ca": "98", "inventory": "", "colour": "", "font": "Noto Serif", "size": "18",
                ])
            #expect(saved.status == .seeOther)
            let sticker = try Self.sticker(h, 1)
            #expect(sticker.style.font == "Noto Serif" && sticker.style.size == 18)
        }
    }
}
