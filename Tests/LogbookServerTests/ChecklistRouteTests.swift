import Foundation
import Hummingbird
import HummingbirdTesting
import LogbookServer
import LogbookStore
import LogbookTestSupport
import Checklists
import Testing

/// The checklists' API and pages in process: roles and restaurants decide who sees and does what; the working
/// screen, the refusal to end, template editing and its versions.
@Suite struct ChecklistRouteTests {
    /// The harness with Main Street (sam: shift manager, rita: restaurant manager, cole: crew) and Elm Street
    /// (eve: shift manager), each with the fixture's day pre-shift checklist.
    static func harness() throws -> ServerHarness {
        var h = try ServerHarness()
        let hash = h.environment.passwords.hash(ServerHarness.password)
        let fixture = try JSONDecoder().decode(
            ChecklistTemplate.self, from: Data(contentsOf: Fixtures.url("checklists/main-street-day-pre-shift.json")))
        for name in ["Main Street", "Elm Street"] {
            try h.database.addRestaurant(name: name, email: nil, timezone: "Europe/Berlin")
            var template = fixture
            template.restaurant = name
            try h.database.saveTemplate(template, by: "test")
        }
        for (name, role, restaurant) in [
            ("sam", UserRole.shiftManager, "Main Street"), ("rita", .restaurantManager, "Main Street"),
            ("cole", .crew, "Main Street"), ("eve", .shiftManager, "Elm Street"),
        ] {
            _ = try h.database.addUser(
                name: name, role: role, vehicles: [], passwordHash: hash, restaurants: [restaurant])
            let token = Secrets.randomToken(prefix: "lbk_")
            _ = try h.database.addToken(user: name, tokenHash: Secrets.hash(token), expiresAt: nil)
            h.tokens[name] = token
        }
        return h
    }

    static let json: HTTPFields = [.contentType: "application/json"]

    @Test("the API: start, mark, to-dos, end; crew read but do not change; another restaurant does not exist")
    func api() async throws {
        let h = try Self.harness()
        try await h.application().test(.router) { client in
            let started = try await client.execute(
                uri: "/api/v1/checklists/shifts", method: .post, headers: h.bearer("sam").merging(Self.json),
                body: ServerHarness.body(["restaurant": "Main Street", "day_part": "day"]))
            #expect(started.status == .created)
            let id = try #require(ServerHarness.json(started.body)["id"] as? Int)
            let marked = try await client.execute(
                uri: "/api/v1/checklists/shifts/\(id)/marks", method: .post,
                headers: h.bearer("sam").merging(Self.json),
                body: ServerHarness.body(["path": "Kitchen/Floors dry", "state": "not-ok", "note": "wet"]))
            #expect(marked.status == .ok)
            let tasks = (ServerHarness.json(marked.body)["tasks"] as? [[String: Any]]) ?? []
            #expect(tasks.first { $0["path"] as? String == "Kitchen/Floors dry" }?["state"] as? String == "not-ok")
            let todos = try await client.execute(
                uri: "/api/v1/checklists/shifts/\(id)/todos", method: .get, headers: h.bearer("cole"))
            let list = (ServerHarness.json(todos.body)["todos"] as? [[String: Any]]) ?? []
            #expect(todos.status == .ok && list.count == 1 && list[0]["source"] as? String == "not-ok")
            // Crew may read but not mark; a driver has no checklists; Elm Street's manager does not see the shift.
            let crew = try await client.execute(
                uri: "/api/v1/checklists/shifts/\(id)/marks", method: .post,
                headers: h.bearer("cole").merging(Self.json),
                body: ServerHarness.body(["path": "Kitchen/Floors dry", "state": "ok"]))
            #expect(crew.status == .forbidden)
            let driver = try await client.execute(
                uri: "/api/v1/checklists/restaurants", method: .get, headers: h.bearer("anna"))
            #expect(driver.status == .forbidden)
            let other = try await client.execute(
                uri: "/api/v1/checklists/shifts/\(id)", method: .get, headers: h.bearer("eve"))
            #expect(other.status == .notFound)
            let bad = try await client.execute(
                uri: "/api/v1/checklists/shifts/\(id)/marks", method: .post,
                headers: h.bearer("sam").merging(Self.json),
                body: ServerHarness.body(["path": "Kitchen/Floors dry", "state": "fine"]))
            #expect(
                bad.status == .unprocessableContent
                    && ServerHarness.error(bad.body)["message"]?.contains("state: must be ok, not-ok or unchecked")
                        == true
            )
            // Ending is refused (409) while tasks are unchecked and the to-do is open.
            let early = try await client.execute(
                uri: "/api/v1/checklists/shifts/\(id)/end", method: .post, headers: h.bearer("sam"))
            #expect(early.status == .conflict)
            #expect(ServerHarness.error(early.body)["message"]?.contains("Kitchen/Floors dry: not ok") == true)
            for path in [
                "Kitchen/Fryer/Oil level", "Kitchen/Fryer/Temperature", "Dining room/Tables clean",
                "Dining room/Music on",
            ] {
                _ = try await client.execute(
                    uri: "/api/v1/checklists/shifts/\(id)/marks", method: .post,
                    headers: h.bearer("sam").merging(Self.json),
                    body: ServerHarness.body(["path": path, "state": "ok"]))
            }
            let todoID = try #require(list.first?["id"] as? Int)
            let patched = try await client.execute(
                uri: "/api/v1/checklists/shifts/\(id)/todos/\(todoID)", method: .patch,
                headers: h.bearer("sam").merging(Self.json),
                body: ServerHarness.body(["done": false, "note": "mop broken"]))
            #expect(patched.status == .ok)
            let ended = try await client.execute(
                uri: "/api/v1/checklists/shifts/\(id)/end", method: .post, headers: h.bearer("sam"))
            #expect(ended.status == .ok && ServerHarness.json(ended.body)["ended"] is String)
            // The archive stays as it was: no travel path is walked, no task marked, after the end.
            let lateWalk = try await client.execute(
                uri: "/api/v1/checklists/shifts/\(id)/reminders/Travel%20path/ack", method: .post,
                headers: h.bearer("sam"))
            #expect(lateWalk.status == .conflict)
            #expect(ServerHarness.error(lateWalk.body)["message"]?.contains("has ended") == true)
            let lateMark = try await client.execute(
                uri: "/api/v1/checklists/shifts/\(id)/marks", method: .post,
                headers: h.bearer("sam").merging(Self.json),
                body: ServerHarness.body(["path": "Kitchen/Floors dry", "state": "ok"]))
            #expect(lateMark.status == .conflict)
            #expect(try h.database.checklistShift(Int64(id)).reminders.allSatisfy { $0.occurrence.acknowledged == nil })
            let archive = try await client.execute(
                uri: "/api/v1/checklists/archive?restaurant=Main%20Street", method: .get, headers: h.bearer("rita"))
            let shifts = (ServerHarness.json(archive.body)["shifts"] as? [[String: Any]]) ?? []
            #expect(shifts.count == 1 && shifts[0]["manager"] as? String == "sam")
            let elm = try await client.execute(
                uri: "/api/v1/checklists/archive?restaurant=Main%20Street", method: .get, headers: h.bearer("eve"))
            #expect(elm.status == .notFound)
            let stats = try await client.execute(
                uri: "/api/v1/checklists/stats", method: .get, headers: h.bearer("rita"))
            let managers = (ServerHarness.json(stats.body)["managers"] as? [[String: Any]]) ?? []
            #expect(managers.count == 1 && managers[0]["corrective_actions"] as? Int == 1)
        }
    }

    @Test("a reminder the shift manager left unanswered reaches the restaurant manager's overview (escalated)")
    func escalationOnTheWeb() async throws {
        let h = try Self.harness()
        try await h.application().test(.router) { client in
            let started = try await client.execute(
                uri: "/api/v1/checklists/shifts", method: .post, headers: h.bearer("sam").merging(Self.json),
                body: ServerHarness.body(["restaurant": "Main Street", "day_part": "day"]))
            let id = Int64(try #require(ServerHarness.json(started.body)["id"] as? Int))
            // A travel path due 20 minutes ago, called five times and escalated 10 minutes ago by the scheduler.
            let now = Date().timeIntervalSince1970
            try h.database.scheduleReminders(shift: id, [("Travel path", now - 1_200)])
            var reminder = try #require(try h.database.checklistShift(id).reminders.first)
            reminder.occurrence.notifications = 5
            reminder.occurrence.lastNotified = now - 600
            reminder.occurrence.escalated = now - 600
            try h.database.updateReminder(reminder)

            let (rita, _) = try await PageTests.logIn(client, name: "rita")
            let overview = String(
                buffer: try await client.execute(uri: "/checklists", method: .get, headers: rita.header).body)
            #expect(overview.contains("escalated: Travel path since"))
            #expect(overview.contains("Not answered by the shift manager"))
            #expect(overview.contains("Main Street: Travel path (shift \(id), sam)"))
            #expect(overview.contains("/static/checklists.js"))
            let polled = try await client.execute(uri: "/checklists/escalations", method: .get, headers: rita.header)
            #expect(
                ServerHarness.json(polled.body)["due"] as? [String] == ["Main Street: Travel path (shift \(id), sam)"])
            let (sam, _) = try await PageTests.logIn(client, name: "sam")
            let samOverview = String(
                buffer: try await client.execute(uri: "/checklists", method: .get, headers: sam.header).body)
            #expect(!samOverview.contains("Not answered by the shift manager"))
            let forbidden = try await client.execute(uri: "/checklists/escalations", method: .get, headers: sam.header)
            #expect(forbidden.status == .forbidden)
            let due = try await client.execute(uri: "/checklists/shifts/\(id)/due", method: .get, headers: sam.header)
            #expect(ServerHarness.json(due.body)["due"] as? [String] == ["Travel path"])
            // Walked: nothing is due or escalated any more.
            let walked = try await client.execute(
                uri: "/api/v1/checklists/shifts/\(id)/reminders/Travel%20path/ack", method: .post,
                headers: h.bearer("sam"))
            #expect(walked.status == .ok)
            let after = try await client.execute(uri: "/checklists/escalations", method: .get, headers: rita.header)
            #expect((ServerHarness.json(after.body)["due"] as? [String])?.isEmpty == true)
        }
    }

    @Test("to-dos added on earlier shifts are picked again on the page and listed by the API")
    func earlierTodos() async throws {
        let h = try Self.harness()
        try await h.application().test(.router) { client in
            func start() async throws -> Int {
                let started = try await client.execute(
                    uri: "/api/v1/checklists/shifts", method: .post, headers: h.bearer("sam").merging(Self.json),
                    body: ServerHarness.body(["restaurant": "Main Street", "day_part": "day"]))
                #expect(started.status == .created)
                return try #require(ServerHarness.json(started.body)["id"] as? Int)
            }
            let first = try await start()
            let added = try await client.execute(
                uri: "/api/v1/checklists/shifts/\(first)/todos", method: .post,
                headers: h.bearer("sam").merging(Self.json),
                body: ServerHarness.body(["task": "Order straws", "section": "Stock", "area": "service", "priority": 2])
            )
            #expect(added.status == .created)
            // The first shift ends (one open shift at a time): every task ok.
            let now = Date().timeIntervalSince1970
            for path in [
                "Kitchen/Fryer/Oil level", "Kitchen/Fryer/Temperature", "Kitchen/Floors dry",
                "Dining room/Tables clean",
                "Dining room/Music on",
            ] {
                _ = try h.database.markTask(shift: Int64(first), path: path, state: .ok, note: nil, at: now)
            }
            _ = try h.database.endChecklistShift(Int64(first), at: now)
            let second = try await start()
            let earlier = try await client.execute(
                uri: "/api/v1/checklists/shifts/\(second)/todos/earlier", method: .get, headers: h.bearer("sam"))
            let picks = (ServerHarness.json(earlier.body)["todos"] as? [[String: Any]]) ?? []
            #expect(picks.map { $0["task"] as? String } == ["Order straws"])
            #expect(picks.first?["area"] as? String == "service" && picks.first?["priority"] as? Int == 2)

            let (browser, _) = try await PageTests.logIn(client, name: "sam")
            let page = String(
                buffer: try await client.execute(
                    uri: "/checklists/shifts/\(second)", method: .get, headers: browser.header
                ).body)
            #expect(page.contains("Pick from earlier shifts") && page.contains("Add Order straws again"))
            let csrf = try #require(PageTests.Browser.hidden("csrf", in: page))
            let picked = try await client.execute(
                uri: "/checklists/shifts/\(second)/todos", method: .post,
                headers: browser.header.merging(PageTests.formHeaders),
                body: PageTests.Browser.form([
                    "csrf": csrf, "task": "Order straws", "section": "Stock", "area": "service", "priority": "2",
                ]))
            #expect(picked.status == .seeOther)
            let todos = try h.database.checklistShift(Int64(second)).todos
            #expect(todos.map(\.task) == ["Order straws"] && todos[0].area == .service && todos[0].priority == 2)
            let none = try await client.execute(
                uri: "/api/v1/checklists/shifts/\(second)/todos/earlier", method: .get, headers: h.bearer("sam"))
            #expect((ServerHarness.json(none.body)["todos"] as? [[String: Any]])?.isEmpty == true)
        }
    }

    @Test("the working screen: three-state buttons, a not-ok mark makes a to-do, ending refused names the tasks")
    func workingScreen() async throws {
        let h = try Self.harness()
        try await h.application().test(.router) { client in
            let (browser, _) = try await PageTests.logIn(client, name: "sam")
            let index = try await client.execute(uri: "/checklists", method: .get, headers: browser.header)
            let csrf = try #require(PageTests.Browser.hidden("csrf", in: String(buffer: index.body)))
            #expect(String(buffer: index.body).contains("Start a shift"))
            let start = try await client.execute(
                uri: "/checklists/shifts", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: PageTests.Browser.form(["csrf": csrf, "restaurant": "Main Street", "day_part": "day"]))
            #expect(start.status == .seeOther)
            let location = try #require(start.headers[.location])
            let page = String(
                buffer: try await client.execute(uri: location, method: .get, headers: browser.header).body)
            // Five leaves with three buttons each; the parent (Fryer) takes its state and has none.
            #expect(page.components(separatedBy: "class=\"state ok").count - 1 == 5)
            #expect(page.contains("data-path=\"Kitchen/Fryer\" data-state=\"unchecked\""))
            #expect(page.contains("<span class=\"tag\">general</span>"))
            let mark = try await client.execute(
                uri: location + "/mark", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: PageTests.Browser.form([
                    "csrf": csrf, "path": "Kitchen/Fryer/Oil level", "state": "not-ok", "note": "low",
                    "kind": "pre-shift",
                ]))
            #expect(mark.status == .seeOther)
            let after = String(
                buffer: try await client.execute(uri: location, method: .get, headers: browser.header).body)
            #expect(after.contains("data-path=\"Kitchen/Fryer\" data-state=\"not-ok\""))
            #expect(after.contains("data-area=\"kitchen\""))
            let end = try await client.execute(
                uri: location + "/end", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: PageTests.Browser.form(["csrf": csrf]))
            #expect(end.status == .conflict)
            let refusal = String(buffer: end.body)
            #expect(refusal.contains("Dining room/Music on: not checked"))
            #expect(refusal.contains("Kitchen/Fryer/Oil level: not ok, and its to-do is neither done nor noted"))
            // Without the CSRF token nothing changes.
            let forged = try await client.execute(
                uri: location + "/mark", method: .post, headers: browser.header.merging(PageTests.formHeaders),
                body: PageTests.Browser.form(["path": "Dining room/Music on", "state": "ok"]))
            #expect(forged.status == .forbidden)
        }
    }

    @Test(
        "a restaurant manager edits a task's wording and priority on the page: a new version; a shift manager may not")
    func templateEditing() async throws {
        let h = try Self.harness()
        try await h.application().test(.router) { client in
            let (browser, _) = try await PageTests.logIn(client, name: "rita")
            let editor = try await client.execute(
                uri: "/checklists/templates/Main%20Street?day_part=day&kind=pre-shift", method: .get,
                headers: browser.header)
            #expect(editor.status == .ok)
            let csrf = try #require(PageTests.Browser.hidden("csrf", in: String(buffer: editor.body)))
            let saved = try await client.execute(
                uri: "/checklists/templates/Main%20Street", method: .post,
                headers: browser.header.merging(PageTests.formHeaders),
                body: PageTests.Browser.form([
                    "csrf": csrf, "day_part": "day", "kind": "pre-shift", "path": "Kitchen/Floors dry",
                    "name": "Floors dry and clean", "priority": "1", "area": "kitchen", "general": "on",
                    "action": "edit-task",
                ]))
            #expect(saved.status == .seeOther)
            let latest = try #require(
                try h.database.template(restaurant: "Main Street", dayPart: .day, kind: .preShift))
            #expect(latest.version == 2)
            let task = latest.template.task(at: TaskPath(section: "Kitchen", task: "Floors dry and clean"))
            #expect(task?.priority == 1 && task?.general == true)
            // Sections are renamed and moved, and a task gets a child, from the same page.
            let page = String(
                buffer: try await client.execute(
                    uri: "/checklists/templates/Main%20Street?day_part=day&kind=pre-shift", method: .get,
                    headers: browser.header
                ).body)
            #expect(page.contains("value=\"rename-section\"") && page.contains("Add child task"))
            for fields in [
                ["path": "Dining room", "name": "Dining area", "action": "rename-section"],
                ["path": "Dining area", "action": "section-up"],
                ["path": "Dining area", "action": "section-up"],
                ["path": "Kitchen/Floors dry and clean", "name": "Corners", "action": "add-task"],
            ] {
                let response = try await client.execute(
                    uri: "/checklists/templates/Main%20Street", method: .post,
                    headers: browser.header.merging(PageTests.formHeaders),
                    body: PageTests.Browser.form(
                        ["csrf": csrf, "day_part": "day", "kind": "pre-shift"].merging(fields) { $1 }))
                #expect(response.status == .seeOther, "\(fields): \(String(buffer: response.body))")
            }
            let edited = try #require(
                try h.database.template(restaurant: "Main Street", dayPart: .day, kind: .preShift))
            #expect(edited.version == 5, "one version per change; moving the first section up changes nothing")
            #expect(edited.template.sections.map(\.name) == ["Dining area", "Kitchen"])
            let floors = edited.template.task(at: TaskPath(section: "Kitchen", task: "Floors dry and clean"))
            #expect(floors?.children.map(\.name) == ["Corners"])
            let (samBrowser, _) = try await PageTests.logIn(client, name: "sam")
            let refused = try await client.execute(
                uri: "/checklists/templates/Main%20Street", method: .get, headers: samBrowser.header)
            #expect(refused.status == .forbidden)
        }
    }
}
