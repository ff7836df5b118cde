import Foundation
import Hummingbird
import HummingbirdTesting
import LogbookServer
import LogbookStore
import LogbookTestSupport
import Roofing
import Testing

/// Roofing accounts' API and pages in process: a catalogue imported through the store, a project built through
/// the API and its account checked against amounts worked out by hand, the error shapes, roles, the project page
/// and its CSRF-protected quantity form, the catalogue search page and the downloads.
@Suite struct RoofingRouteTests {
    static let json: HTTPFields = [.contentType: "application/json"]

    /// Three activities and a supplement; prices in Danish notation as the union's lists are written.
    static let catalogueCSV = """
        pos;section;name;unit;price;base
        12.1.1;Tagdækning;Tagpap, underlag;m²;47,15;
        12.3.4;Tagrender;Tagrende, zink;lbm;123,40;
        20.1;Inddækning;Skotrende, ståltag;stk;250,00;
        90.1;Tillæg;Højdetillæg;%;12,5;section:Tagrender
        """

    static func harness() throws -> ServerHarness {
        let h = try ServerHarness()
        try h.database.importRoofingCatalogue(try CatalogueCSV.decode(text: catalogueCSV, name: "Tagdækning 2026"))
        return h
    }

    static func path(_ name: String) -> String {
        name.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(
                charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"))!
    }

    /// A project stored directly with two roofers and one line of 10 m² (471.50).
    static func storeProject(_ h: ServerHarness, name: String = "Villa Ørsted") throws {
        let catalogue = try h.database.roofingCatalogue(named: "Tagdækning 2026")
        var project = try Project(
            name: name, catalogue: catalogue.name, roofers: [Roofer(name: "Ib", hours: 10), Roofer(name: "Bo")])
        try project.add(try #require(catalogue.activity("12.1.1")), quantity: 10)
        try h.database.createRoofingProject(project)
    }

    @Test("the API: a project, lines, extra work, a deduction, an advance, hours, the account, submit")
    func lifecycle() async throws {
        let h = try Self.harness()
        try await h.application().test(.router) { client in
            func call(
                _ uri: String, _ method: HTTPRequest.Method, _ body: [String: Any]? = nil, as user: String = "boss"
            ) async throws -> TestResponse { try await h.call(client, uri, method, body, as: user) }
            let catalogues = try await call("/api/v1/roofing/catalogues", .get)
            #expect(String(buffer: catalogues.body).contains("\"activities\" : 3"))
            let created = try await call(
                "/api/v1/roofing/projects", .post,
                [
                    "name": "Villa Ørsted", "customer": "Hansen", "start": "2026-05-04", "guaranteed_rate": "100.00",
                    "roofers": ["Ib:10", "Bo"],
                ])
            #expect(created.status == .created)
            #expect(ServerHarness.json(created.body)["catalogue"] as? String == "Tagdækning 2026")
            let base = "/api/v1/roofing/projects/" + Self.path("villa ørsted")
            for (pos, quantity, number) in [("12.1.1", "33.333", 1), ("12.3.4", "12,5", 2), ("20.1", "3", 3)] {
                let added = try await call(base + "/lines", .post, ["pos": pos, "quantity": quantity])
                #expect(added.status == .created, "\(pos)")
                #expect(ServerHarness.json(added.body)["line"] as? Int == number)
            }
            // A fourth line added and removed again.
            #expect(try await call(base + "/lines", .post, ["pos": "20.1", "quantity": "1"]).status == .created)
            #expect(try await call(base + "/lines/4", .delete).status == .noContent)
            let patched = try await call(base + "/lines/3", .patch, ["quantity": "2", "note": "north side"])
            #expect(patched.status == .ok)
            #expect(ServerHarness.json(patched.body)["amount"] as? String == "500.00")
            #expect(
                try await call(base + "/extra-work", .post, ["text": "Stillads", "hours": "2.5", "rate": "300"]).status
                    == .created)
            #expect(
                try await call(base + "/deductions", .post, ["text": "Materiel", "amount": "114.15"]).status
                    == .created)
            #expect(
                try await call(base + "/advances", .post, ["amount": "200.00", "date": "2026-05-08"]).status
                    == .created)
            #expect(try await call(base + "/hours", .post, ["roofer": "Bo", "hours": "30"]).status == .ok)

            // By hand: 33.333 m² × 47.15 = 1571.65095 → 1571.65; 12.5 lbm × 123.40 = 1542.50; 2 stk × 250.00 =
            // 500.00; lines 3614.15. Extra work 2.5 h × 300.00 = 750.00; deduction 114.15; total 4250.00.
            // Hours 10 + 30 = 40, 4250.00 / 40 = 106.25 per hour: Ib 1062.50, Bo 3187.50. Guaranteed 40 × 100.00 =
            // 4000.00, advances 200.00, surplus 4250.00 − 4000.00 − 200.00 = 50.00.
            let shown = try await call(base, .get, as: "carl")
            #expect(shown.status == .ok)
            let project = ServerHarness.json(shown.body)
            #expect(
                (project["lines"] as? [[String: Any]])?.map { $0["amount"] as? String } == [
                    "1571.65", "1542.50", "500.00",
                ])
            let account = try #require(project["account"] as? [String: Any])
            #expect(account["lines_total"] as? String == "3614.15")
            #expect(account["extra_work_total"] as? String == "750.00")
            #expect(account["deductions_total"] as? String == "114.15")
            #expect(account["total"] as? String == "4250.00")
            #expect(account["hourly"] as? String == "106.25")
            #expect(account["guaranteed"] as? String == "4000.00")
            #expect(account["surplus"] as? String == "50.00")
            let shares = (account["shares"] as? [[String: Any]]) ?? []
            #expect(shares.map { $0["roofer"] as? String } == ["Ib", "Bo"])
            #expect(shares.map { $0["amount"] as? String } == ["1062.50", "3187.50"])
            let stored = try h.database.roofingProject(named: "Villa Ørsted").project
            #expect(stored.lines.map(\.quantity) == [Quantity(thousandths: 33_333), Quantity(thousandths: 12_500), 2])
            #expect(stored.lines[2].note == "north side")

            let submitted = try await call(base + "/submit", .post)
            #expect(submitted.status == .ok)
            #expect(ServerHarness.json(submitted.body)["version"] as? Int == 1)
            #expect(ServerHarness.json(submitted.body)["status"] as? String == "submitted")
            // A submitted account is locked: 409.
            let locked = try await call(base + "/lines", .post, ["pos": "20.1", "quantity": "1"])
            #expect(locked.status == .conflict)
            #expect(ServerHarness.error(locked.body)["code"] == "refused")
            #expect(try await call(base + "/submit", .post).status == .conflict)

            let csv = try await call(base + "/account.csv", .get, as: "carl")
            #expect(csv.status == .ok && csv.headers[.contentType]?.hasPrefix("text/csv") == true)
            let payroll = try await call(base + "/payroll.csv", .get)
            #expect(payroll.status == .ok && String(buffer: payroll.body).contains("Ib"))
        }
    }

    @Test("errors: 404 for an unknown project or line, 409 for a name taken, 422 naming the field")
    func errors() async throws {
        let h = try Self.harness()
        try Self.storeProject(h)
        try await h.application().test(.router) { client in
            func call(
                _ uri: String, _ method: HTTPRequest.Method, _ body: [String: Any]? = nil, as user: String = "boss"
            ) async throws -> TestResponse { try await h.call(client, uri, method, body, as: user) }
            let base = "/api/v1/roofing/projects/" + Self.path("Villa Ørsted")
            let unknown = try await call("/api/v1/roofing/projects/Nowhere", .get)
            #expect(unknown.status == .notFound)
            #expect(ServerHarness.error(unknown.body)["code"] == "not-found")
            #expect(try await call(base + "/lines/9", .patch, ["quantity": "1"]).status == .notFound)
            #expect(try await call(base + "/lines/x", .delete).status == .notFound)

            let taken = try await call("/api/v1/roofing/projects", .post, ["name": "VILLA ØRSTED"])
            #expect(taken.status == .conflict)
            #expect(ServerHarness.error(taken.body)["code"] == "refused")

            for (body, field) in [
                (["pos": "12.1.1", "quantity": "many"], "quantity"),
                (["pos": "12.1.1", "quantity": 3], "quantity"),
                (["pos": "99.9", "quantity": "1"], "pos"),
                (["pos": "90.1", "quantity": "1"], "pos"),
                (["pos": "12.1.1"], "quantity"),
                (["pos": "12.1.1", "quantity": "1", "colour": "red"], "colour"),
            ] as [([String: Any], String)] {
                let refused = try await call(base + "/lines", .post, body)
                #expect(refused.status == .unprocessableContent, "\(body)")
                #expect(ServerHarness.error(refused.body)["field"] == field, "\(body)")
            }
            let deduction = try await call(base + "/deductions", .post, ["text": "x", "amount": "-5"])
            #expect(ServerHarness.error(deduction.body)["field"] == "amount")
            let advance = try await call(base + "/advances", .post, ["amount": "5", "date": "soon"])
            #expect(ServerHarness.error(advance.body)["field"] == "date")
            let search = try await call("/api/v1/roofing/catalogues/Tagd%C3%A6kning%202026/search?q=", .get)
            #expect(ServerHarness.error(search.body)["field"] == "q")
            // Nothing refused reached the store.
            #expect(try h.database.roofingProject(named: "Villa Ørsted").project.lines.count == 1)
        }
    }

    @Test("roles: accountants read, only admins change, drivers are refused and have no menu link")
    func roles() async throws {
        let h = try Self.harness()
        try Self.storeProject(h)
        try await h.application().test(.router) { client in
            let base = "/api/v1/roofing/projects/" + Self.path("Villa Ørsted")
            let driver = try await client.execute(
                uri: "/api/v1/roofing/projects", method: .get, headers: h.bearer("anna"))
            #expect(driver.status == .forbidden)
            let read = try await client.execute(uri: base, method: .get, headers: h.bearer("carl"))
            #expect(read.status == .ok)
            let write = try await client.execute(
                uri: base + "/lines", method: .post, headers: h.bearer("carl").merging(Self.json),
                body: ServerHarness.body(["pos": "20.1", "quantity": "1"]))
            #expect(write.status == .forbidden)
            let search = try await client.execute(
                uri: "/api/v1/roofing/catalogues/Tagd%C3%A6kning%202026/search?q=skotrende%20staltag", method: .get,
                headers: h.bearer("carl"))
            #expect(search.status == .ok && String(buffer: search.body).contains("\"pos\" : \"20.1\""))

            let (anna, _) = try await PageTests.logIn(client, name: "anna")
            let trips = String(buffer: try await client.execute(uri: "/trips", method: .get, headers: anna.header).body)
            #expect(!trips.contains("href=\"/roofing\""))
            let page = try await client.execute(uri: "/roofing", method: .get, headers: anna.header)
            #expect(page.status == .forbidden)
            let (carl, _) = try await PageTests.logIn(client, name: "carl")
            let html = String(
                buffer: try await client.execute(
                    uri: "/roofing/projects/" + Self.path("Villa Ørsted"), method: .get, headers: carl.header
                ).body)
            // In the menu, marked: a project is under Roofing.
            #expect(html.contains("<a href=\"/roofing\" aria-current=\"page\">Roofing</a>"))
            #expect(html.contains("Tagpap, underlag") && !html.contains("id=\"quantity-1\""))
        }
    }

    @Test("the pages: the project's lines, a CSRF-protected quantity form, catalogue search, the PDF")
    func pages() async throws {
        let h = try Self.harness()
        try Self.storeProject(h)
        try await h.application().test(.router) { client in
            let (browser, _) = try await PageTests.logIn(client, name: "boss")
            let index = String(
                buffer: try await client.execute(uri: "/roofing", method: .get, headers: browser.header).body)
            #expect(index.contains("href=\"/roofing/projects/Villa%20%C3%98rsted\""))
            let uri = "/roofing/projects/" + Self.path("Villa Ørsted")
            let page = try await client.execute(uri: uri, method: .get, headers: browser.header)
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            #expect(html.contains("id=\"line-1\"") && html.contains("Tagpap, underlag") && html.contains("Tagdækning"))
            #expect(html.contains("id=\"quantity-1\" inputmode=\"decimal\" value=\"10\""))
            #expect(html.contains("471,50"))
            for file in ["account.pdf", "account.csv", "payroll.csv"] { #expect(html.contains("\(uri)/\(file)")) }

            // A forged form changes nothing; the session's token changes line 1 to 12.5 m².
            let csrf = try #require(PageTests.Browser.hidden("csrf", in: html))
            let forged = try await client.execute(
                uri: uri + "/lines/1", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: PageTests.Browser.form(["csrf": "forged", "quantity": "99"]))
            #expect(forged.status == .forbidden)
            let saved = try await client.execute(
                uri: uri + "/lines/1", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: PageTests.Browser.form(["csrf": csrf, "quantity": "12,5"]))
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == uri + "#line-1")
            #expect(
                try h.database.roofingProject(named: "Villa Ørsted").project.lines[0].quantity
                    == Quantity(thousandths: 12_500))
            let bad = try await client.execute(
                uri: uri + "/lines/1", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: PageTests.Browser.form(["csrf": csrf, "quantity": "lots"]))
            // Refused: the page again (422), the words under line 1's quantity and the typed text kept.
            let badPage = String(buffer: bad.body)
            #expect(bad.status == .unprocessableContent)
            #expect(badPage.contains("id=\"line-1-error\""), "\(badPage.suffix(2000))")
            #expect(badPage.contains("value=\"lots\" aria-label=\"Quantity of line 1 in m²\""))

            // Search without accents finds "Skotrende, ståltag"; its quick form adds a line to the project.
            let search = String(
                buffer: try await client.execute(
                    uri: "/roofing/catalogue?q=skotrende%20staltag", method: .get, headers: browser.header
                ).body)
            #expect(search.contains("Skotrende, ståltag") && search.contains("Add to project"))
            #expect(!search.contains("Tagpap"))
            let added = try await client.execute(
                uri: "/roofing/add", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: PageTests.Browser.form([
                    "csrf": csrf, "project": "Villa Ørsted", "pos": "20.1", "quantity": "2", "q": "skotrende",
                ]))
            #expect(added.status == .seeOther && added.headers[.location] == uri + "#line-2")
            #expect(
                try h.database.roofingProject(named: "Villa Ørsted").project.lines.map(\.position) == [
                    "12.1.1", "20.1",
                ])
            let css = String(
                buffer: try await client.execute(uri: "/static/roofing.css", method: .get, headers: browser.header).body
            )
            #expect(css.contains("min-height: 44px"))

            let pdf = try await client.execute(uri: uri + "/account.pdf", method: .get, headers: browser.header)
            #expect(pdf.status == .ok)
            #expect(pdf.headers[.contentType] == "application/pdf")
            #expect(Array(pdf.body.readableBytesView.prefix(4)) == Array("%PDF".utf8))
        }
    }
    /// A JPEG the store's check accepts: SOI, a start of scan with a little image data, EOI.
    static let jpeg: [UInt8] = [
        0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x12, 0x34, 0xFF, 0x00, 0x56, 0x78,
        0xFF, 0xD9,
    ]

    /// The same JPEG with its scan data changed: another photo (another hash) the store's check accepts.
    static func jpeg(variant: UInt8) -> [UInt8] {
        var bytes = jpeg
        bytes[12] = variant
        return bytes
    }

    @Test("photos: the camera input, a multipart form with CSRF, a text file named .jpg refused, stored once")
    func photos() async throws {
        let h = try Self.harness()
        try Self.storeProject(h)
        try await h.application().test(.router) { client in
            let (browser, _) = try await PageTests.logIn(client, name: "boss")
            let uri = "/roofing/projects/" + Self.path("Villa Ørsted")
            let html = String(buffer: try await client.execute(uri: uri, method: .get, headers: browser.header).body)
            #expect(
                html.contains(
                    "<input id=\"photo-file\" name=\"photo\" type=\"file\" accept=\"image/*\" capture=\"environment\""))
            #expect(html.contains("enctype=\"multipart/form-data\""))
            let csrf = try #require(PageTests.Browser.hidden("csrf", in: html))
            func multipart(_ csrf: String, _ file: [UInt8], name: String) -> ByteBuffer {
                var bytes = Array("--XyZ\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(csrf)\r\n".utf8)
                bytes += Array("--XyZ\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nNordside\r\n".utf8)
                bytes += Array(
                    "--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"\(name)\"\r\nContent-Type: image/jpeg\r\n\r\n"
                        .utf8)
                bytes += file + Array("\r\n--XyZ--\r\n".utf8)
                return ByteBuffer(bytes: bytes)
            }
            let headers = browser.header.merging([.contentType: "multipart/form-data; boundary=XyZ"])
            let forged = try await client.execute(
                uri: uri + "/photos", method: .post, headers: headers,
                body: multipart("forged", Self.jpeg, name: "a.jpg"))
            #expect(forged.status == .forbidden)
            let text = try await client.execute(
                uri: uri + "/photos", method: .post, headers: headers,
                body: multipart(csrf, Array("not a photo".utf8), name: "fake.jpg"))
            // Refused beside the photo field, on the project page again (422).
            #expect(text.status == .unprocessableContent)
            #expect(String(buffer: text.body).contains("id=\"photo_photo-error\""))
            #expect(try h.database.roofingPhotos(project: "Villa Ørsted").isEmpty)
            for _ in 0..<2 {
                let sent = try await client.execute(
                    uri: uri + "/photos", method: .post, headers: headers,
                    body: multipart(csrf, Self.jpeg, name: "tag.jpg"))
                #expect(sent.status == .seeOther && sent.headers[.location] == uri + "#photos")
            }
            let stored = try h.database.roofingPhotos(project: "Villa Ørsted")
            #expect(stored.map(\.caption) == ["Nordside"] && stored.map(\.kind) == ["jpeg"])
            #expect(try h.database.roofingPhotoBlobCount() == 1)
            let image = try await client.execute(
                uri: uri + "/photos/\(stored[0].id)", method: .get, headers: browser.header)
            #expect(image.headers[.contentType] == "image/jpeg" && Array(image.body.readableBytesView) == Self.jpeg)

            // The API: the bytes as the body; a text file is 422 naming the field; the list shows the photo.
            let api = "/api/v1/roofing/projects/" + Self.path("Villa Ørsted") + "/photos"
            let refused = try await client.execute(
                uri: api + "?filename=x.jpg", method: .post, headers: h.bearer("boss"),
                body: ByteBuffer(string: "hello"))
            #expect(refused.status == .unprocessableContent && ServerHarness.error(refused.body)["field"] == "photo")
            let again = try await client.execute(
                uri: api, method: .post, headers: h.bearer("boss"), body: ByteBuffer(bytes: Self.jpeg))
            #expect(again.status == .ok)
            // A photo of 3 MiB (larger than the 1 MiB of the JSON routes) is taken.
            let large = Array(Self.jpeg.prefix(12)) + [UInt8](repeating: 0x55, count: 3 << 20) + [0xFF, 0xD9]
            let big = try await client.execute(
                uri: api + "?caption=big", method: .post, headers: h.bearer("boss"), body: ByteBuffer(bytes: large))
            #expect(big.status == .created)
            let listed = try await client.execute(uri: api, method: .get, headers: h.bearer("carl"))
            #expect(String(buffer: listed.body).contains("\"caption\" : \"Nordside\""))
            let readerUpload = try await client.execute(
                uri: api, method: .post, headers: h.bearer("carl"), body: ByteBuffer(bytes: Self.jpeg))
            #expect(readerUpload.status == .forbidden)
            // The account PDF downloaded from the page carries the photos as its appendix, with their captions.
            let pdf = try await client.execute(uri: uri + "/account.pdf", method: .get, headers: browser.header)
            let file = try PDFTools(bytes: Array(pdf.body.readableBytesView), name: "roofing-account")
            defer { file.remove() }
            let pdfText = try file.text()
            #expect(pdfText.contains("Bilag: fotos") && pdfText.contains("Nordside"), "\(pdfText.suffix(500))")
        }
    }
}
