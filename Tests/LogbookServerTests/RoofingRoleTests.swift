import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LogbookServer
import LogbookStore
import LogbookTestSupport
import Roofing
import Testing

/// Issue 29 §1–2 for roofing: the roofer role (a roofer edits the projects whose team names them — lines,
/// quantities, photos, their own hours —, reads the catalogue and nothing else) and the account's remaining
/// actions on the web and in the API (supplements, the agreed split, submit, revise, settle, the versions, deleting
/// an open project or a photo, the final account by e-mail), each with its refusal. On `RoleFixture`'s log: Ib is
/// the roofer, on the team of Villa Marker and Villa Spare; Villa Hidden's team is Ole's.
@Suite struct RoofingRoleTests {
    typealias Role = RoleFixture.Role

    /// A page's form posted as `role` with the session's CSRF token.
    static func post(
        _ client: some TestClientProtocol, _ fixture: RoleFixture, _ path: String, _ form: [String: String],
        as role: Role
    ) async throws -> TestResponse {
        try await client.execute(
            uri: path, method: .post, headers: fixture.cookie(role).merging(PageTests.formHeaders),
            body: PageTests.Browser.form(form.merging(["csrf": fixture.csrf(role)]) { $1 }))
    }

    static func get(_ client: some TestClientProtocol, _ fixture: RoleFixture, _ path: String, as role: Role)
        async throws -> (status: Int, html: String)
    {
        let response = try await client.execute(uri: path, method: .get, headers: fixture.cookie(role), body: nil)
        return (Int(response.status.code), String(buffer: response.body))
    }

    static func api(
        _ client: some TestClientProtocol, _ fixture: RoleFixture, _ path: String, _ method: HTTPRequest.Method,
        _ body: [String: Any]? = nil, as role: Role
    ) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1" + path, method: method,
            headers: fixture.bearer(role).merging([.contentType: "application/json"]),
            body: body.map(ServerHarness.body))
    }

    static let marker = "/roofing/projects/Villa%20Marker"

    @Test("a roofer records lines, quantities, photos and their own hours on their project, and nothing else")
    func rooferWorksOnTheirProject() async throws {
        let fixture = try RoleFixture()
        try await fixture.application().test(.router) { client in
            try await fixture.seed(client)
            // The list and the API hold only the projects whose team names Ib.
            let list = try await Self.get(client, fixture, "/roofing", as: .roofer)
            #expect(list.status == 200 && list.html.contains("Villa Marker") && list.html.contains("Villa Spare"))
            #expect(!list.html.contains("Villa Hidden") && !list.html.contains("id=\"create-project\""))
            let projects = try await Self.api(client, fixture, "/roofing/projects", .get, as: .roofer)
            let names =
                (try JSONSerialization.jsonObject(with: Data(projects.body.readableBytesView)) as? [[String: Any]])?
                .compactMap { $0["name"] as? String }
            #expect(names?.sorted() == ["Villa Marker", "Villa Spare"])
            // Another team's project does not exist for them, on the page and in the API.
            #expect(try await Self.get(client, fixture, "/roofing/projects/Villa%20Hidden", as: .roofer).status == 404)
            let hidden = try await Self.api(client, fixture, "/roofing/projects/Villa%20Hidden", .get, as: .roofer)
            #expect(hidden.status == .notFound && !String(buffer: hidden.body).contains("Ole"))
            let hiddenLine = try await Self.post(
                client, fixture, "/roofing/projects/Villa%20Hidden/lines", ["pos": "12.1.1", "quantity": "1"],
                as: .roofer)
            #expect(hiddenLine.status == .notFound)
            #expect(try fixture.database.roofingProject(named: "Villa Hidden").project.lines.count == 1)

            // The project page: the work's forms, not the account's.
            let page = try await Self.get(client, fixture, Self.marker, as: .roofer)
            #expect(page.status == 200)
            for id in ["add-line", "hours-form", "add-photo", "quantity-1", "delete-photo-"] {
                #expect(page.html.contains("id=\"\(id)"), "the roofer's page lacks \(id)")
            }
            for id in [
                "extra-form", "deduction-form", "advance-form", "id=\"split\"", "id=\"submit\"", "delete-project",
                "download-payroll", "add-supplement",
            ] {
                #expect(!page.html.contains(id), "the roofer's page offers \(id)")
            }
            // A line added, its quantity changed, then removed; the hours are Ib's own.
            let added = try await Self.post(
                client, fixture, Self.marker + "/lines", ["pos": "12.3.4", "quantity": "4,5"], as: .roofer)
            #expect(added.status == .seeOther && added.headers[.location] == Self.marker + "#line-2")
            let edited = try await Self.post(
                client, fixture, Self.marker + "/lines/2", ["quantity": "6"], as: .roofer)
            #expect(edited.status == .seeOther)
            var lines = try fixture.database.roofingProject(named: "Villa Marker").project.lines
            #expect(lines.map(\.quantity) == [Quantity(thousandths: 10_000), Quantity(thousandths: 6_000)])
            let removed = try await Self.post(client, fixture, Self.marker + "/lines/2/delete", [:], as: .roofer)
            #expect(removed.status == .seeOther)
            lines = try fixture.database.roofingProject(named: "Villa Marker").project.lines
            #expect(lines.count == 1)
            #expect(page.html.contains("Your hours (Ib)"))
            // The user is Ib; the hours go to the team's Ib whatever the case typed.
            let hours = try await Self.post(
                client, fixture, Self.marker + "/hours", ["roofer": "ib", "hours": "12,5"], as: .roofer)
            #expect(hours.status == .seeOther)
            let others = try await Self.api(
                client, fixture, "/roofing/projects/Villa%20Marker/hours", .post, ["roofer": "Bo", "hours": "40"],
                as: .roofer)
            #expect(others.status == .forbidden)
            let team = try fixture.database.roofingProject(named: "Villa Marker").project.roofers
            #expect(team.map(\.hours) == [Quantity(thousandths: 12_500), Quantity(thousandths: 0)])
            // A photo of theirs deleted from the page.
            let photo = try #require(fixture.symbols["photoDeletePage"])
            let deleted = try await Self.post(
                client, fixture, Self.marker + "/photos/\(photo)/delete", [:], as: .roofer)
            #expect(deleted.status == .seeOther && deleted.headers[.location] == Self.marker + "#photos")
            #expect(try !fixture.database.roofingPhotos(project: "Villa Marker").contains { "\($0.id)" == photo })

            // The account's own entries, the payroll and every other domain: 403.
            for (path, form) in [
                ("/extra-work", ["text": "Chimney", "amount": "100"]), ("/deductions", ["text": "x", "amount": "1"]),
                ("/submit", [:]), ("/split", ["mode": "clear"]), ("/delete", [:]), ("/supplements", ["pos": "90.1"]),
            ] {
                let refused = try await Self.post(client, fixture, Self.marker + path, form, as: .roofer)
                #expect(refused.status == .forbidden, "\(path) answered \(refused.status)")
            }
            #expect(try await Self.get(client, fixture, Self.marker + "/payroll.csv", as: .roofer).status == 403)
            for path in ["/trips", "/hours", "/checklists", "/vsm", "/users", "/vehicles"] {
                #expect(try await Self.get(client, fixture, path, as: .roofer).status == 403, "\(path)")
            }
            // The catalogue is theirs to read; its quick form offers their open projects.
            let search = try await Self.get(client, fixture, "/roofing/catalogue?q=tagrende", as: .roofer)
            #expect(search.status == 200 && search.html.contains("Add to project"))
            #expect(!search.html.contains("Villa Hidden"))

            // Once the account is submitted, the work is locked for them too (409, said on the page).
            let submit = try await Self.api(
                client, fixture, "/roofing/projects/Villa%20Marker/submit", .post, as: .admin)
            #expect(submit.status == .ok)
            let locked = try await Self.post(
                client, fixture, Self.marker + "/lines", ["pos": "12.3.4", "quantity": "1"], as: .roofer)
            // The form is gone from the page: the words are at its top.
            #expect(locked.status == .conflict && String(buffer: locked.body).contains("id=\"roof-problem\""))
            let lockedPage = try await Self.get(client, fixture, Self.marker, as: .roofer)
            #expect(!lockedPage.html.contains("id=\"add-line\"") && !lockedPage.html.contains("id=\"hours-form\""))
        }
    }

    @Test("the account on the page: a supplement, an agreed split (refused beside the shares), submit, revise, settle")
    func accountActionsOnThePage() async throws {
        let fixture = try RoleFixture()
        try await fixture.application().test(.router) { client in
            try await fixture.seed(client)
            let page = try await Self.get(client, fixture, Self.marker, as: .admin)
            #expect(page.html.contains("<option value=\"90.1\">90.1 Højdetillæg (12,5 %)</option>"))
            let supplement = try await Self.post(
                client, fixture, Self.marker + "/supplements", ["pos": "90.1"], as: .admin)
            #expect(supplement.status == .seeOther && supplement.headers[.location] == Self.marker + "#supplements")
            #expect(
                try fixture.database.roofingProject(named: "Villa Marker").project.supplements.map(\.position) == [
                    "90.1"
                ])
            // A split of 60 + 30 = 90 % is refused beside the shares, with what was typed; 60 + 40 is agreed.
            let bad = try await Self.post(
                client, fixture, Self.marker + "/split", ["mode": "percentages", "share_0": "60", "share_1": "30"],
                as: .admin)
            let badHTML = String(buffer: bad.body)
            #expect(bad.status == .unprocessableContent, "\(badHTML.suffix(500))")
            #expect(badHTML.contains("id=\"split-error\"") && badHTML.contains("aria-describedby=\"split-error\""))
            #expect(try fixture.database.roofingProject(named: "Villa Marker").project.agreedSplit == nil)
            let split = try await Self.post(
                client, fixture, Self.marker + "/split", ["mode": "percentages", "share_0": "60", "share_1": "40"],
                as: .admin)
            #expect(split.status == .seeOther)
            let account = try await Self.api(client, fixture, "/roofing/projects/Villa%20Marker", .get, as: .admin)
            let json = ServerHarness.json(account.body)["account"] as? [String: Any]
            #expect(json?["split"] as? String == "percentages")
            // Lines 10 m² × 47,15 = 471,50; no Tagrender line, so the supplement adds 0: 60 % of 471,50 is 282,90.
            let shares = json?["shares"] as? [[String: Any]]
            #expect(shares?.map { $0["amount"] as? String } == ["282.90", "188.60"])

            // Revise is for a submitted account: refused while open; a reason is needed.
            let early = try await Self.post(client, fixture, Self.marker + "/revise", ["reason": "x"], as: .admin)
            #expect(early.status == .conflict && String(buffer: early.body).contains("only a submitted account"))
            let submitted = try await Self.post(client, fixture, Self.marker + "/submit", [:], as: .admin)
            #expect(submitted.status == .seeOther)
            let afterSubmit = try await Self.get(client, fixture, Self.marker, as: .admin)
            #expect(afterSubmit.html.contains("id=\"revise\"") && afterSubmit.html.contains("id=\"settle\""))
            #expect(!afterSubmit.html.contains("id=\"delete-project\"") && afterSubmit.html.contains("id=\"history\""))
            let noReason = try await Self.post(client, fixture, Self.marker + "/revise", ["reason": " "], as: .admin)
            let noReasonHTML = String(buffer: noReason.body)
            #expect(noReason.status == .unprocessableContent)
            #expect(noReasonHTML.contains("id=\"revise_reason-error\""), "\(noReasonHTML.suffix(800))")
            let revised = try await Self.post(
                client, fixture, Self.marker + "/revise", ["reason": "A gutter was forgotten"], as: .admin)
            #expect(revised.status == .seeOther)
            #expect(try fixture.database.roofingProject(named: "Villa Marker").status == "revising")
            _ = try await Self.post(
                client, fixture, Self.marker + "/lines", ["pos": "12.3.4", "quantity": "2"], as: .admin)
            _ = try await Self.post(client, fixture, Self.marker + "/submit", [:], as: .admin)
            let settled = try await Self.post(client, fixture, Self.marker + "/settle", [:], as: .admin)
            #expect(settled.status == .seeOther)
            let stored = try fixture.database.roofingProject(named: "Villa Marker")
            #expect(stored.status == "settled" && stored.versions.count == 3)
            let history = try await Self.get(client, fixture, Self.marker, as: .admin)
            #expect(history.html.contains("A gutter was forgotten") && history.html.contains("tag settled"))
            // Settled is final: revising is refused (and no longer offered).
            #expect(!history.html.contains("id=\"revise\""))
            let again = try await Self.post(client, fixture, Self.marker + "/revise", ["reason": "more"], as: .admin)
            #expect(again.status == .conflict)
        }
    }

    @Test("deleting: an open project and a photo from the page; a submitted account's project and photos stay")
    func deleting() async throws {
        let fixture = try RoleFixture()
        try await fixture.application().test(.router) { client in
            try await fixture.seed(client)
            let doomed = "/roofing/projects/Villa%20Doomed%20page"
            let deleted = try await Self.post(client, fixture, doomed + "/delete", ["confirm": "on"], as: .admin)
            #expect(deleted.status == .seeOther && deleted.headers[.location]?.hasPrefix("/roofing?flash=") == true)
            #expect(throws: StoreError.self) { try fixture.database.roofingProject(named: "Villa Doomed page") }
            #expect(try await Self.get(client, fixture, doomed, as: .admin).status == 404)
            let apiDeleted = try await Self.api(
                client, fixture, "/roofing/projects/Villa%20Doomed%20API", .delete, as: .admin)
            #expect(apiDeleted.status == .noContent)
            // An accountant reads but deletes nothing.
            let accountant = try await Self.api(
                client, fixture, "/roofing/projects/Villa%20Spare", .delete, as: .accountant)
            #expect(accountant.status == .forbidden)

            let photo = try #require(fixture.symbols["photoDelete"])
            _ = try await Self.api(client, fixture, "/roofing/projects/Villa%20Marker/submit", .post, as: .admin)
            let kept = try await Self.api(
                client, fixture, "/roofing/projects/Villa%20Marker/photos/\(photo)", .delete, as: .admin)
            #expect(kept.status == .conflict)
            let keptPage = try await Self.post(
                client, fixture, Self.marker + "/photos/\(photo)/delete", [:], as: .admin)
            #expect(keptPage.status == .conflict && String(buffer: keptPage.body).contains("submitted account"))
            let project = try await Self.post(client, fixture, Self.marker + "/delete", [:], as: .admin)
            #expect(project.status == .conflict && String(buffer: project.body).contains("is kept, not deleted"))
            #expect(try fixture.database.roofingPhotos(project: "Villa Marker").count == 3)
            #expect(try fixture.database.roofingProject(named: "Villa Marker").status == "submitted")
            // Reopened, the photo goes (the API's DELETE).
            _ = try await Self.api(
                client, fixture, "/roofing/projects/Villa%20Marker/revise", .post, ["reason": "photo"], as: .admin)
            let gone = try await Self.api(
                client, fixture, "/roofing/projects/Villa%20Marker/photos/\(photo)", .delete, as: .admin)
            #expect(gone.status == .noContent)
            #expect(try fixture.database.roofingPhotos(project: "Villa Marker").count == 2)
        }
    }

    @Test("the final account by e-mail: refused while open, to the employer once submitted, the PDF attached")
    func finalAccountByMail() async throws {
        let fixture = try RoleFixture(mail: true)
        try await fixture.application().test(.router) { client in
            try await fixture.seed(client)
            let open = try await Self.api(
                client, fixture, "/roofing/projects/Villa%20Marker/email", .post, ["to": ["a@example.org"]],
                as: .accountant)
            #expect(open.status == .conflict && ServerHarness.error(open.body)["message"]?.contains("submit") == true)
            #expect(!(try await Self.get(client, fixture, Self.marker, as: .admin)).html.contains("id=\"email\""))
            _ = try await Self.api(client, fixture, "/roofing/projects/Villa%20Marker/submit", .post, as: .admin)
            // The form offers `[roofing] employer_email`; a bad address is refused beside the field.
            let page = try await Self.get(client, fixture, Self.marker, as: .accountant)
            #expect(
                page.html.contains("id=\"email-to\" name=\"to\" type=\"email\"")
                    && page.html.contains("value=\"akkord@example.org\""))
            let bad = try await Self.post(
                client, fixture, Self.marker + "/email", ["to": "not-an-address"], as: .accountant)
            let badHTML = String(buffer: bad.body)
            #expect(bad.status == .unprocessableContent && badHTML.contains("id=\"email_to-error\""))
            #expect(badHTML.contains("value=\"not-an-address\""))
            #expect(try fixture.database.outbox().count == 1)  // the fixture's own message only
            let sent = try await Self.post(
                client, fixture, Self.marker + "/email", ["to": "akkord@example.org", "lang": "en"], as: .accountant)
            #expect(sent.status == .seeOther && sent.headers[.location]?.contains("flash=") == true)
            let queued = try #require(try fixture.database.outbox().first { $0.subject.contains("Villa Marker") })
            #expect(
                queued.recipients == ["akkord@example.org"]
                    && queued.subject == "Final account: Villa Marker (version 1)")
            let message = String(decoding: queued.message, as: UTF8.self)
            #expect(message.contains("Content-Type: application/pdf") && message.contains("Villa_Marker.pdf"))
            #expect(message.contains("Total: 471,50"))
            // A roofer sends nothing; the API answers 202 with the message's id.
            let roofer = try await Self.api(
                client, fixture, "/roofing/projects/Villa%20Marker/email", .post, ["to": ["a@example.org"]], as: .roofer
            )
            #expect(roofer.status == .forbidden)
            let api = try await Self.api(
                client, fixture, "/roofing/projects/Villa%20Marker/email", .post, ["to": ["b@example.org"]], as: .admin)
            #expect(api.status == .accepted && ServerHarness.json(api.body)["queued"] is Int)
            let unknown = try await Self.api(
                client, fixture, "/roofing/projects/Villa%20Marker/email", .post, ["to": ["b@example.org"], "cc": "x"],
                as: .admin)
            #expect(unknown.status == .unprocessableContent && ServerHarness.error(unknown.body)["field"] == "cc")
        }
    }

    @Test("the API: supplements, split, revise, settle and the versions, with the CLI's refusals")
    func accountActionsInTheAPI() async throws {
        let fixture = try RoleFixture()
        try await fixture.application().test(.router) { client in
            try await fixture.seed(client)
            let base = "/roofing/projects/Villa%20Spare"
            let supplement = try await Self.api(
                client, fixture, base + "/supplements", .post, ["pos": "90.1"], as: .admin)
            #expect(supplement.status == .created)
            let twice = try await Self.api(client, fixture, base + "/supplements", .post, ["pos": "90.1"], as: .admin)
            #expect(twice.status == .conflict || twice.status == .unprocessableContent)
            let notSupplement = try await Self.api(
                client, fixture, base + "/supplements", .post, ["pos": "99.9"], as: .admin)
            #expect(ServerHarness.error(notSupplement.body)["field"] == "pos")
            let both = try await Self.api(
                client, fixture, base + "/split", .post,
                ["percentages": ["Ib": "50", "Bo": "50"], "amounts": ["Ib": "1"]],
                as: .admin)
            #expect(both.status == .unprocessableContent && ServerHarness.error(both.body)["field"] == "amounts")
            let split = try await Self.api(
                client, fixture, base + "/split", .post, ["amounts": ["Ib": "1000.00", "Bo": "414.50"]], as: .admin)
            #expect(split.status == .ok, "\(String(buffer: split.body))")
            #expect((ServerHarness.json(split.body)["account"] as? [String: Any])?["split"] as? String == "amounts")
            let cleared = try await Self.api(client, fixture, base + "/split", .post, [:], as: .admin)
            #expect((ServerHarness.json(cleared.body)["account"] as? [String: Any])?["split"] as? String == "hours")
            let settleOpen = try await Self.api(client, fixture, base + "/settle", .post, as: .admin)
            #expect(settleOpen.status == .conflict)
            _ = try await Self.api(client, fixture, base + "/submit", .post, as: .admin)
            let noReason = try await Self.api(client, fixture, base + "/revise", .post, [:], as: .admin)
            #expect(ServerHarness.error(noReason.body)["field"] == "reason")
            let revised = try await Self.api(client, fixture, base + "/revise", .post, ["reason": "Hours"], as: .admin)
            #expect(revised.status == .ok && ServerHarness.json(revised.body)["status"] as? String == "revising")
            // A revision without a change is no version: Bo's hours change, then it is submitted again.
            _ = try await Self.api(client, fixture, base + "/hours", .post, ["roofer": "Bo", "hours": "5"], as: .admin)
            _ = try await Self.api(client, fixture, base + "/submit", .post, as: .admin)
            let settled = try await Self.api(client, fixture, base + "/settle", .post, as: .admin)
            #expect(settled.status == .ok && ServerHarness.json(settled.body)["version"] as? Int == 3)
            let history = try await Self.api(client, fixture, base + "/history", .get, as: .roofer)
            let versions =
                try JSONSerialization.jsonObject(with: Data(history.body.readableBytesView)) as? [[String: Any]]
            #expect(versions?.map { $0["version"] as? Int } == [1, 2, 3])
            #expect(versions?.count == 3 && versions?[1]["reason"] as? String == "Hours")
            let hidden = try await Self.api(
                client, fixture, "/roofing/projects/Villa%20Hidden/history", .get, as: .roofer)
            #expect(hidden.status == .notFound)
        }
    }
}
