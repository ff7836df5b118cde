import Foundation
import Hummingbird
import HummingbirdTesting
import LogbookServer
import LogbookStore
import LogbookTestSupport
import MileageLog
import Roofing
import Testing
import ValueStreams

/// Issue 25's input and output hygiene through the real routes: control characters refused with one message at
/// every door, no SQL text in any answer, `+` and `%xx` decoded, messages on pages only when the server signed
/// them, photos of implausible size refused and thumbnails made, photos kept by no cache.
@Suite struct InputHygieneTests {
    /// CR LF, ESC and NUL, and the names the one message gives them.
    static let controls: [(text: String, name: String)] = [
        ("a\r\nb", "CR, U+000D"), ("a\u{1B}[31mb", "ESC, U+001B"), ("a\u{0}b", "NUL, U+0000"),
    ]

    static func expectRefused(
        _ response: TestResponse, field: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let error = ServerHarness.error(response.body)
        #expect(response.status == .unprocessableContent, "\(error)", sourceLocation: sourceLocation)
        #expect(error["field"] == field, "\(error)", sourceLocation: sourceLocation)
        #expect(
            error["message"] == "\(field) contains a control character (\(name)); give plain text", "\(error)",
            sourceLocation: sourceLocation)
    }

    @Test("control characters: refused through the API in every domain, with one message naming the field")
    func apiRefusesControlCharacters() async throws {
        let h = try ValueStreamRouteTests.harness()
        try h.database.importRoofingCatalogue(
            try CatalogueCSV.decode(text: RoofingRouteTests.catalogueCSV, name: "Tagdækning 2026"))
        try RoofingRouteTests.storeProject(h)
        try await h.application().test(.router) { client in
            for (text, name) in Self.controls {
                // The mileage log: a plate, a trip's purpose.
                let vehicle = try await h.call(client, "/api/v1/vehicles", .post, ["plate": "Q" + text])
                Self.expectRefused(vehicle, field: "plate", name)
                let purpose = try await h.call(client, "/api/v1/trips/\(h.annasTrip)", .patch, ["purpose": text])
                Self.expectRefused(purpose, field: "purpose", name)
                // Value-stream maps: a map's name; roofing: a project's name and a line's note.
                let map = try await h.call(client, "/api/v1/vsm/maps", .post, ["name": "Map " + text])
                Self.expectRefused(map, field: "name", name)
                let project = try await h.call(
                    client, "/api/v1/roofing/projects", .post, ["name": "Tag " + text, "roofers": ["Ib"]])
                Self.expectRefused(project, field: "name", name)
                // A photo's file name and caption, in the query string.
                let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                let photos = "/api/v1/roofing/projects/" + RoofingRouteTests.path("Villa Ørsted") + "/photos"
                let file = try await client.execute(
                    uri: photos + "?filename=x\(encoded).png", method: .post, headers: h.bearer("boss"),
                    body: ByteBuffer(bytes: TestImages.png(width: 2, height: 2)))
                Self.expectRefused(file, field: "filename", name)
                let caption = try await client.execute(
                    uri: photos + "?caption=\(encoded)", method: .post, headers: h.bearer("boss"),
                    body: ByteBuffer(bytes: TestImages.png(width: 2, height: 2)))
                Self.expectRefused(caption, field: "caption", name)
            }
            // A nested field is named by its path; a multi-line field keeps LF but not TAB, CR or ESC.
            let sticker = try await h.call(
                client, "/api/v1/vsm/import", .post,
                ["name": "Imported", "sections": [["name": "S\u{1B}", "stickers": []]]])
            Self.expectRefused(sticker, field: "sections[0].name", "ESC, U+001B")
            let notes = try await h.call(client, "/api/v1/trips/\(h.annasTrip)", .patch, ["notes": "one\ntwo"])
            #expect(notes.status == .ok)
            let tab = try await h.call(client, "/api/v1/trips/\(h.annasTrip)", .patch, ["notes": "one\ttwo"])
            Self.expectRefused(tab, field: "notes", "TAB, U+0009")
            let crNotes = try await h.call(client, "/api/v1/trips/\(h.annasTrip)", .patch, ["notes": "one\r\ntwo"])
            Self.expectRefused(crNotes, field: "notes", "CR, U+000D")
        }
        #expect(try h.database.roofingPhotos(project: "Villa Ørsted").isEmpty)
        #expect(try h.database.allVehicleDetails().map(\.plate).sorted() == ["ABC1", "XYZ9"])
    }

    @Test("control characters: refused through the API of work hours and checklists too")
    func hoursAndChecklistsRefuseControlCharacters() async throws {
        let h = try HoursAPITests.harness()
        try h.database.addRestaurant(name: "Main Street", email: nil, timezone: "Europe/Berlin")
        try await h.application().test(.router) { client in
            for (text, name) in Self.controls {
                let shift = try await h.call(
                    client, "/api/v1/hours/shifts", .post,
                    ["date": "2026-03-10", "start": "07:00", "end": "15:30", "message": "Tour" + text], as: "anna")
                Self.expectRefused(shift, field: "message", name)
                let started = try await h.call(
                    client, "/api/v1/checklists/shifts", .post, ["restaurant": "Main" + text], as: "boss")
                Self.expectRefused(started, field: "restaurant", name)
            }
        }
        #expect(try h.database.openChecklistShifts().isEmpty)
    }

    @Test("control characters: refused in page forms (a plate, a sticker's text, a photo's file name)")
    func formsRefuseControlCharacters() async throws {
        let h = try ValueStreamRouteTests.harness()
        try ValueStreamRouteTests.storeMap(h)
        try h.database.importRoofingCatalogue(
            try CatalogueCSV.decode(text: RoofingRouteTests.catalogueCSV, name: "Tagdækning 2026"))
        try RoofingRouteTests.storeProject(h)
        try await h.application().test(.router) { client in
            let (browser, _) = try await PageTests.logIn(client, name: "boss")
            let vehicles = String(
                buffer: try await client.execute(uri: "/vehicles", method: .get, headers: browser.header).body)
            let csrf = try #require(PageTests.Browser.hidden("csrf", in: vehicles))
            let headers = browser.header.merging(PageTests.formHeaders)
            // A form's CR LF is a text area's line break, kept as LF (refused in a one-line field, naming LF); a
            // lone CR is refused everywhere.
            let crLF = try await client.execute(
                uri: "/vehicles", method: .post, headers: headers,
                body: PageTests.Browser.form(["csrf": csrf, "plate": "Q\r\n1"]))
            #expect(crLF.status == .unprocessableContent)
            #expect(String(buffer: crLF.body).contains("plate contains a control character (LF, U+000A)"))
            let formControls = [("a\rb", "CR, U+000D")] + Self.controls.dropFirst()
            for (text, name) in formControls {
                let plate = try await client.execute(
                    uri: "/vehicles", method: .post, headers: headers,
                    body: PageTests.Browser.form(["csrf": csrf, "plate": "Q" + text]))
                #expect(plate.status == .unprocessableContent)
                #expect(String(buffer: plate.body).contains("plate contains a control character (\(name))"))
                let sticker = try await client.execute(
                    uri: "/vsm/maps/" + ValueStreamRouteTests.mapPath("Café flow") + "/stickers", method: .post,
                    headers: headers,
                    body: PageTests.Browser.form(["csrf": csrf, "text": "Grind" + text, "kind": "value"]))
                #expect(sticker.status == .unprocessableContent)
                #expect(String(buffer: sticker.body).contains("text contains a control character (\(name))"))
            }
            // A text area's line breaks arrive as CR LF and are kept as LF.
            let multiLine = try await client.execute(
                uri: "/vsm/maps/" + ValueStreamRouteTests.mapPath("Café flow") + "/stickers", method: .post,
                headers: headers,
                body: PageTests.Browser.form(["csrf": csrf, "text": "Grind\r\nfresh", "kind": "value"]))
            #expect(multiLine.status == .seeOther)
            let texts = try h.database.valueStreamMap(named: "Café flow").stickers.map(\.text)
            #expect(texts.contains("Grind\nfresh") && !texts.contains { $0.hasPrefix("Grind\u{1B}") })
            // A photo whose file name holds CR LF (as a crafted multipart form can send) is not stored.
            let uri = "/roofing/projects/" + RoofingRouteTests.path("Villa Ørsted")
            var body = Array("--XyZ\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(csrf)\r\n".utf8)
            body += Array(
                "--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a\u{1B}b.png\"\r\n\r\n".utf8)
            body += TestImages.png(width: 2, height: 2) + Array("\r\n--XyZ--\r\n".utf8)
            let photo = try await client.execute(
                uri: uri + "/photos", method: .post,
                headers: browser.header.merging([.contentType: "multipart/form-data; boundary=XyZ"]),
                body: ByteBuffer(bytes: body))
            // Refused on the project page again (issue 29: beside the photo field), the control character not echoed.
            #expect(photo.status == .unprocessableContent)
            #expect(!String(buffer: photo.body).contains("\u{1B}"))
            #expect(try h.database.roofingPhotos(project: "Villa Ørsted").isEmpty)
        }
        #expect(try h.database.allVehicleDetails().map(\.plate).sorted() == ["ABC1", "XYZ9"])
    }

    /// Words that give SQL away: SQLite's texts, and the names of the tables and rules of this schema.
    static let sqlWords = [
        "CHECK constraint", "UNIQUE constraint", "NOT NULL constraint", "FOREIGN KEY", "constraint failed", "SQL",
        "sqlite", "vehicle_initial_odometer", "odometer_reading_value", "odometer_reading", "INSERT", "SELECT",
    ]

    @Test("no SQL text: a value out of the schema's range is 422 naming the field, in plain words")
    func noSQLText() async throws {
        let h = try ServerHarness()
        try await h.application().test(.router) { client in
            var answers: [TestResponse] = []
            let huge = try await h.call(
                client, "/api/v1/vehicles", .post, ["plate": "Q1", "initial_odometer": 1e300])
            #expect(huge.status == .unprocessableContent)
            #expect(ServerHarness.error(huge.body)["field"] == "initial_odometer")
            #expect(
                ServerHarness.error(huge.body)["message"] == "initial_odometer must be between 0 and 1000000000")
            answers.append(huge)
            answers.append(
                try await h.call(client, "/api/v1/vehicles", .post, ["plate": "Q2", "initial_odometer": -1]))
            answers.append(try await h.call(client, "/api/v1/vehicles", .post, ["plate": "ABC1"]))
            let reading = try await h.call(client, "/api/v1/odometer", .post, ["vehicle": "ABC1", "reading": 1e300])
            #expect(reading.status == .unprocessableContent && ServerHarness.error(reading.body)["field"] == "reading")
            answers.append(reading)
            answers.append(
                try await h.call(client, "/api/v1/trips/\(h.annasTrip)", .patch, ["category": "business"]))
            for answer in answers {
                #expect(answer.status.code >= 400 && answer.status.code < 500)
                let text = String(buffer: answer.body)
                for word in Self.sqlWords { #expect(!text.contains(word), "\(word) in \(text)") }
            }
        }
        #expect(try h.database.allVehicleDetails().map(\.plate).sorted() == ["ABC1", "XYZ9"])
    }

    @Test("a plate with a space: `+` in a query and `%20` in a path are decoded, in the API and on the pages")
    func spacesInQueriesAndPaths() async throws {
        let h = try ServerHarness()
        _ = try h.database.vehicle(plate: "AB 12")
        let trip = try h.insertTrip(plate: "AB 12", start: 1_780_100_000)
        try await h.application().test(.router) { client in
            let listed = try await client.execute(
                uri: "/api/v1/trips?vehicle=AB+12&period=all", method: .get, headers: h.bearer("boss"))
            #expect(listed.status == .ok)
            let trips = ServerHarness.json(listed.body)["trips"] as? [[String: Any]] ?? []
            #expect(trips.compactMap { $0["id"] as? Int } == [Int(trip)], "\(String(buffer: listed.body))")
            let report = try await client.execute(
                uri: "/api/v1/reports/AB%2012/2026-05?format=csv", method: .get, headers: h.bearer("boss"))
            #expect(report.status == .ok, "\(String(buffer: report.body))")
            let (browser, _) = try await PageTests.logIn(client, name: "boss")
            let page = try await client.execute(
                uri: "/reports/download?vehicle=AB+12&month=2026-05&format=csv", method: .get, headers: browser.header)
            #expect(page.status == .ok, "\(String(buffer: page.body).prefix(300))")
            // A path that is not percent-encoded UTF-8, or that holds a control character, is refused.
            let broken = try await client.execute(
                uri: "/api/v1/reports/AB%FF12/2026-05", method: .get, headers: h.bearer("boss"))
            #expect(broken.status == .badRequest)
            let control = try await client.execute(
                uri: "/api/v1/reports/AB%0012/2026-05", method: .get, headers: h.bearer("boss"))
            #expect(control.status == .unprocessableContent)
        }
    }

    @Test("names with a space and a non-ASCII letter in paths: a roofing project and a map")
    func namesInPaths() async throws {
        let h = try ValueStreamRouteTests.harness()
        try ValueStreamRouteTests.storeMap(h, name: "Café flow 2")
        try h.database.importRoofingCatalogue(
            try CatalogueCSV.decode(text: RoofingRouteTests.catalogueCSV, name: "Tagdækning 2026"))
        try RoofingRouteTests.storeProject(h, name: "Villa Ørsted 2")
        try await h.application().test(.router) { client in
            let project = try await client.execute(
                uri: "/api/v1/roofing/projects/Villa%20%C3%98rsted%202", method: .get, headers: h.bearer("boss"))
            #expect(project.status == .ok)
            let map = try await client.execute(
                uri: "/api/v1/vsm/maps/Caf%C3%A9%20flow%202", method: .get, headers: h.bearer("boss"))
            #expect(map.status == .ok)
            #expect(ServerHarness.json(map.body)["name"] as? String == "Café flow 2")
        }
    }

    @Test("a message on a page comes only from the server: `?message=` and a forged flash show nothing")
    func signedMessages() async throws {
        let h = try ValueStreamRouteTests.harness()
        try ValueStreamRouteTests.storeMap(h)
        try await h.application().test(.router) { client in
            let (browser, _) = try await PageTests.logIn(client, name: "boss")
            let crafted = "Your account is locked; call 555-0100"
            let query = "message=" + crafted.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            for page in ["/vsm", "/roofing", "/vsm/maps/" + ValueStreamRouteTests.mapPath("Café flow")] {
                let shown = try await client.execute(uri: page + "?" + query, method: .get, headers: browser.header)
                #expect(shown.status == .ok, "\(page)")
                #expect(!String(buffer: shown.body).contains("Your account is locked"), "\(page)")
                // A flash with a made-up signature, and a real one whose text was changed, show nothing either.
                let text = Data(crafted.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
                let forged = try await client.execute(
                    uri: page + "?flash=9999999999.\(text).AAAA", method: .get, headers: browser.header)
                #expect(!String(buffer: forged.body).contains("Your account is locked"), "\(page)")
            }
            let real = Flash.token("The map was saved.")
            let parts = real.split(separator: ".")
            let swapped = "\(parts[0]).\(Data(crafted.utf8).base64EncodedString()).\(parts[2])"
            let tampered = try await client.execute(
                uri: "/vsm?flash=" + swapped, method: .get, headers: browser.header)
            #expect(!String(buffer: tampered.body).contains("Your account is locked"))
            // What the server itself says after a refused form is shown.
            let signed = try await client.execute(uri: "/vsm?flash=" + real, method: .get, headers: browser.header)
            #expect(String(buffer: signed.body).contains("The map was saved."))
            #expect(Flash.message(token: Flash.token("old", now: Date(timeIntervalSinceNow: -3_600))) == nil)
        }
    }

    @Test("photos: implausible sizes refused at upload, real thumbnails served, nothing kept by a cache")
    func photos() async throws {
        let h = try RoofingRouteTests.harness()
        try RoofingRouteTests.storeProject(h)
        try await h.application().test(.router) { client in
            let api = "/api/v1/roofing/projects/" + RoofingRouteTests.path("Villa Ørsted") + "/photos"
            for (bytes, what) in [
                (TestImages.jpegHeader(width: 30_000, height: 30_000), "30000 × 30000"),
                (TestImages.pngHeader(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF), "2147483647 × 2147483647"),
            ] {
                let refused = try await client.execute(
                    uri: api, method: .post, headers: h.bearer("boss"), body: ByteBuffer(bytes: bytes))
                let error = ServerHarness.error(refused.body)
                #expect(refused.status == .unprocessableContent && error["field"] == "photo", "\(error)")
                #expect(error["message"]?.contains(what) == true && error["message"]?.contains("implausible") == true)
            }
            #expect(try h.database.roofingPhotos(project: "Villa Ørsted").isEmpty)
            // A real 600 × 300 PNG and a HEIC are stored.
            for (bytes, caption) in [(TestImages.png(width: 600, height: 300), "png"), (TestImages.heic, "heic")] {
                let sent = try await client.execute(
                    uri: api + "?caption=" + caption, method: .post, headers: h.bearer("boss"),
                    body: ByteBuffer(bytes: bytes))
                #expect(sent.status == .created)
            }
            let stored = try h.database.roofingPhotos(project: "Villa Ørsted")
            let png = try #require(stored.first { $0.caption == "png" })
            let heic = try #require(stored.first { $0.caption == "heic" })
            let (browser, _) = try await PageTests.logIn(client, name: "boss")
            let page = "/roofing/projects/" + RoofingRouteTests.path("Villa Ørsted") + "/photos/"
            for (uri, headers) in [(api + "/", h.bearer("boss")), (page, browser.header)] {
                let full = try await client.execute(uri: uri + "\(png.id)", method: .get, headers: headers)
                #expect(full.headers[.cacheControl] == "no-store")
                #expect(Array(full.body.readableBytesView) == TestImages.png(width: 600, height: 300))
                let thumbnail = try await client.execute(
                    uri: uri + "\(png.id)/thumbnail", method: .get, headers: headers)
                #expect(thumbnail.status == .ok && thumbnail.headers[.contentType] == "image/jpeg")
                #expect(thumbnail.headers[.cacheControl] == "no-store")
                let size = TestImages.jpegSize(Array(thumbnail.body.readableBytesView))
                #expect(size?.width == 480 && size?.height == 240, "\(String(describing: size))")
                let placeholder = try await client.execute(
                    uri: uri + "\(heic.id)/thumbnail", method: .get, headers: headers)
                #expect(placeholder.headers[.contentType] == "image/svg+xml; charset=utf-8")
                #expect(String(buffer: placeholder.body).contains("HEIC – no preview"))
                #expect(placeholder.headers[.cacheControl] == "no-store")
            }
            let html = String(
                buffer: try await client.execute(
                    uri: "/roofing/projects/" + RoofingRouteTests.path("Villa Ørsted"), method: .get,
                    headers: browser.header
                ).body)
            #expect(html.contains("photos/\(png.id)/thumbnail\""))
        }
    }
}
