import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LogbookServer
import LogbookStore
import LogbookTestSupport
import Checklists
import Testing

/// Issue 29 §1–2 for the restaurants: crew mark the kitchen's and the service's to-dos done (the to-do list's area
/// views), task descriptions on the template page and the working screen, and restaurants, people and new
/// checklists added on the web by a restaurant manager or an admin — each with its refusal beside the field. On
/// `RoleFixture`'s log: Main Street (cole crew, sam shift manager, rita restaurant manager), sam's open shift with
/// to-dos todo1 and todo2 (the manager's) and todo3 (the kitchen's); Elm Street with eve's shift.
@Suite struct ChecklistPeopleTests {
    typealias Role = RoleFixture.Role

    @Test("crew mark the kitchen's to-do done on the page and in the API, not the manager's; the views by area")
    func crewMarkTheirToDos() async throws {
        let fixture = try RoleFixture()
        try await fixture.application().test(.router) { client in
            try await fixture.seed(client)
            let shift = try #require(fixture.symbols["checklistShift"])
            let kitchen = try #require(fixture.symbols["todo3"])
            let manager = try #require(fixture.symbols["todo1"])
            // The kitchen's view lists the kitchen's to-do with its buttons for cole; the manager's has none for him.
            let view = try await RoofingRoleTests.get(
                client, fixture, "/checklists/shifts/\(shift)?area=kitchen", as: .crew)
            #expect(view.status == 200 && view.html.contains("Descale the coffee machine"))
            #expect(!view.html.contains("Fix the tap"), "the kitchen's view lists the manager's to-dos")
            #expect(view.html.contains("id=\"todo-\(kitchen)\"") && view.html.contains("aria-current=\"page\">Kitchen"))
            #expect(!view.html.contains("value=\"delete\""), "crew are offered to delete a to-do")
            let all = try await RoofingRoleTests.get(client, fixture, "/checklists/shifts/\(shift)", as: .crew)
            #expect(all.html.contains("Fix the tap") && !all.html.contains("id=\"todo-\(manager)\""))
            #expect(!all.html.contains("action=\"/checklists/shifts/\(shift)/mark\""), "crew may mark tasks")

            let done = try await RoofingRoleTests.post(
                client, fixture, "/checklists/shifts/\(shift)/todos/\(kitchen)",
                ["action": "done", "note": "descaled"], as: .crew)
            #expect(done.status == .seeOther)
            let stored = try fixture.database.checklistShift(Int64(shift)!).todos
            let marked = try #require(stored.first { "\($0.id)" == kitchen })
            #expect(marked.done && marked.note == "descaled")
            let refused = try await RoofingRoleTests.post(
                client, fixture, "/checklists/shifts/\(shift)/todos/\(manager)", ["action": "done"], as: .crew)
            #expect(refused.status == .forbidden)
            let deleting = try await RoofingRoleTests.post(
                client, fixture, "/checklists/shifts/\(shift)/todos/\(kitchen)", ["action": "delete"], as: .crew)
            #expect(deleting.status == .forbidden)
            // The API: not done with a note; the manager's to-do is not theirs.
            let api = try await RoofingRoleTests.api(
                client, fixture, "/checklists/shifts/\(shift)/todos/\(kitchen)", .patch,
                ["done": false, "note": "no descaler left"], as: .crew)
            #expect(api.status == .ok, "\(String(buffer: api.body))")
            let apiRefused = try await RoofingRoleTests.api(
                client, fixture, "/checklists/shifts/\(shift)/todos/\(manager)", .patch, ["done": true], as: .crew)
            #expect(apiRefused.status == .forbidden)
            // Another restaurant's shift does not exist for them.
            let elm = try #require(
                try fixture.database.openChecklistShifts().first { $0.restaurant.name == "Elm Street" })
            let other = try await RoofingRoleTests.api(
                client, fixture, "/checklists/shifts/\(elm.id)/todos/\(kitchen)", .patch, ["done": true], as: .crew)
            #expect(other.status == .notFound)
        }
    }

    @Test("a task's description is written on the template page and shown under the task on the working screen")
    func descriptions() async throws {
        let fixture = try RoleFixture()
        try await fixture.application().test(.router) { client in
            try await fixture.seed(client)
            let template = try #require(
                try fixture.database.template(restaurant: "Main Street", dayPart: .evening, kind: .preShift))
            let path = try #require(template.template.taskPaths.first)
            let page = try await RoofingRoleTests.get(
                client, fixture, "/checklists/templates/Main%20Street?day_part=evening", as: .restaurantManager)
            #expect(page.html.contains("aria-label=\"Description of \(path)\""))
            let note = "Check the oil's colour.\nChange it when dark."
            let saved = try await RoofingRoleTests.post(
                client, fixture, "/checklists/templates/Main%20Street",
                ["day_part": "evening", "kind": "pre-shift", "action": "edit-task", "path": path, "description": note],
                as: .restaurantManager)
            #expect(saved.status == .seeOther)
            let next = try #require(
                try fixture.database.template(restaurant: "Main Street", dayPart: .evening, kind: .preShift))
            #expect(next.version == template.version + 1)
            #expect(next.template.task(at: TaskPath(parsing: path)!)?.description == note)
            // A new evening shift runs that version: the note shows under the task, its line break kept.
            let started = try await RoofingRoleTests.post(
                client, fixture, "/checklists/shifts", ["restaurant": "Main Street", "day_part": "evening"],
                as: .restaurantManager)
            let location = try #require(started.headers[.location])
            let screen = try await RoofingRoleTests.get(client, fixture, location, as: .restaurantManager)
            #expect(
                screen.html.contains("<p class=\"task-note\">Check the oil&#39;s colour.\nChange it when dark.</p>")
                    || screen.html.contains(
                        "<p class=\"task-note\">Check the oil&#x27;s colour.\nChange it when dark.</p>")
                    || screen.html.contains("<p class=\"task-note\">Check the oil's colour.\nChange it when dark.</p>"),
                "\(screen.html.components(separatedBy: "task-note").dropFirst().first?.prefix(200) ?? "no note")")
            // The JSON carries it too; a description with a control character is refused naming the path.
            let shiftID = location.split(separator: "/").last.map(String.init) ?? ""
            let json = try await RoofingRoleTests.api(
                client, fixture, "/checklists/shifts/\(shiftID)", .get, as: .restaurantManager)
            #expect(
                String(buffer: json.body).contains("\"description\":\"Check the oil's colour.\\nChange it when dark.\"")
            )
            let bad = try await RoofingRoleTests.post(
                client, fixture, "/checklists/templates/Main%20Street",
                [
                    "day_part": "evening", "kind": "pre-shift", "action": "edit-task", "path": path,
                    "description": "a\u{7}b",
                ],
                as: .restaurantManager)
            #expect(bad.status == .unprocessableContent)
            // Emptied on the form, the description is cleared.
            let cleared = try await RoofingRoleTests.post(
                client, fixture, "/checklists/templates/Main%20Street",
                ["day_part": "evening", "kind": "pre-shift", "action": "edit-task", "path": path, "description": ""],
                as: .restaurantManager)
            #expect(cleared.status == .seeOther)
            let last = try #require(
                try fixture.database.template(restaurant: "Main Street", dayPart: .evening, kind: .preShift))
            #expect(last.template.task(at: TaskPath(parsing: path)!)?.description == nil)
        }
    }

    @Test("a restaurant manager adds a restaurant (and works there) and its first checklist; refusals beside the field")
    func restaurantsAndChecklists() async throws {
        let fixture = try RoleFixture()
        try await fixture.application().test(.router) { client in
            try await fixture.seed(client)
            let index = try await RoofingRoleTests.get(client, fixture, "/checklists", as: .restaurantManager)
            #expect(index.html.contains("id=\"add-restaurant\""))
            #expect(
                !(try await RoofingRoleTests.get(client, fixture, "/checklists", as: .shiftManager)).html.contains(
                    "add-restaurant"))
            let blank = try await RoofingRoleTests.post(
                client, fixture, "/checklists/restaurants", ["name": " ", "email": "x@example.org"],
                as: .restaurantManager)
            let blankHTML = String(buffer: blank.body)
            #expect(blank.status == .unprocessableContent && blankHTML.contains("id=\"restaurant_name-error\""))
            #expect(blankHTML.contains("value=\"x@example.org\""), "the typed e-mail was lost")
            let zone = try await RoofingRoleTests.post(
                client, fixture, "/checklists/restaurants", ["name": "Oak Street", "timezone": "Mars/Olympus"],
                as: .restaurantManager)
            #expect(
                zone.status == .unprocessableContent
                    && String(buffer: zone.body).contains("id=\"restaurant_timezone-error\""))
            let taken = try await RoofingRoleTests.post(
                client, fixture, "/checklists/restaurants", ["name": "Elm Street"], as: .restaurantManager)
            #expect(taken.status == .conflict)
            let added = try await RoofingRoleTests.post(
                client, fixture, "/checklists/restaurants",
                ["name": "Oak Street", "email": "oak@example.org", "timezone": "Europe/Berlin"], as: .restaurantManager)
            #expect(
                added.status == .seeOther
                    && added.headers[.location]?.hasPrefix("/checklists/templates/Oak%20Street") == true)
            #expect(try fixture.database.user(named: "rita").restaurants == ["Main Street", "Oak Street"])
            #expect(
                try await RoofingRoleTests.post(
                    client, fixture, "/checklists/restaurants", ["name": "Pine Street"], as: .shiftManager
                ).status == .forbidden)

            // Oak Street has no checklists: the page offers to create one; a blank section is refused beside it.
            let empty = try await RoofingRoleTests.get(
                client, fixture, "/checklists/templates/Oak%20Street?day_part=day&kind=before", as: .restaurantManager)
            #expect(empty.html.contains("id=\"create\"") && empty.html.contains("New checklist: Before the shift, day"))
            let noSection = try await RoofingRoleTests.post(
                client, fixture, "/checklists/templates/Oak%20Street/new",
                ["day_part": "day", "kind": "before", "section": ""], as: .restaurantManager)
            #expect(noSection.status == .unprocessableContent)
            #expect(String(buffer: noSection.body).contains("id=\"create_section-error\""))
            let created = try await RoofingRoleTests.post(
                client, fixture, "/checklists/templates/Oak%20Street/new",
                ["day_part": "day", "kind": "before", "section": "Opening"], as: .restaurantManager)
            #expect(created.status == .seeOther)
            let stored = try #require(
                try fixture.database.template(restaurant: "Oak Street", dayPart: .day, kind: .before))
            #expect(stored.version == 1 && stored.template.sections.map(\.name) == ["Opening"])
            let twice = try await RoofingRoleTests.post(
                client, fixture, "/checklists/templates/Oak%20Street/new",
                ["day_part": "day", "kind": "before", "section": "Other"], as: .restaurantManager)
            #expect(twice.status == .conflict && String(buffer: twice.body).contains("checklist already"))
            // A shift manager makes no checklists; Elm Street is not rita's.
            #expect(
                try await RoofingRoleTests.post(
                    client, fixture, "/checklists/templates/Main%20Street/new",
                    ["day_part": "day", "kind": "after", "section": "Close"], as: .shiftManager
                ).status == .forbidden)
            #expect(
                try await RoofingRoleTests.post(
                    client, fixture, "/checklists/templates/Elm%20Street/new",
                    ["day_part": "day", "kind": "after", "section": "Close"], as: .restaurantManager
                ).status == .notFound)
        }
    }

    @Test("people: an admin adds a roofer, a restaurant manager crew at their restaurant; refusals beside the field")
    func people() async throws {
        let fixture = try RoleFixture()
        try await fixture.application().test(.router) { client in
            try await fixture.seed(client)
            let admin = try await RoofingRoleTests.get(client, fixture, "/users", as: .admin)
            #expect(admin.status == 200 && admin.html.contains("<option>roofer</option>"))
            #expect(admin.html.contains("Ib") && admin.html.contains("Villa Marker, Villa Spare"))
            let short = try await RoofingRoleTests.post(
                client, fixture, "/users", ["name": "Ole", "role": "roofer", "password": "short"], as: .admin)
            let shortHTML = String(buffer: short.body)
            #expect(short.status == .unprocessableContent && shortHTML.contains("id=\"user_password-error\""))
            #expect(shortHTML.contains("value=\"Ole\"") && !shortHTML.contains("value=\"short\""))
            let taken = try await RoofingRoleTests.post(
                client, fixture, "/users", ["name": "cole", "role": "roofer", "password": "secret-pass-9"], as: .admin)
            #expect(taken.status == .conflict && String(buffer: taken.body).contains("id=\"user_name-error\""))
            let noRestaurant = try await RoofingRoleTests.post(
                client, fixture, "/users", ["name": "kim", "role": "crew", "password": "secret-pass-9"], as: .admin)
            #expect(String(buffer: noRestaurant.body).contains("id=\"user_restaurant-error\""))
            let roofer = try await RoofingRoleTests.post(
                client, fixture, "/users", ["name": "Ole", "role": "roofer", "password": "secret-pass-9"], as: .admin)
            #expect(roofer.status == .seeOther)
            let ole = try fixture.database.user(named: "Ole")
            #expect(ole.role == .roofer && ole.hasPassword)
            // Ole's password works, and he sees Villa Hidden (his team's) as a roofer.
            let hash = try #require(try fixture.database.passwordHash(user: "Ole"))
            #expect(fixture.environment.passwords.verify("secret-pass-9", hash: hash.hash))

            // rita adds crew at Main Street; not an admin, not at Elm Street.
            let rita = try await RoofingRoleTests.get(client, fixture, "/users", as: .restaurantManager)
            #expect(
                rita.html.contains("cole") && !rita.html.contains("eve")
                    && !rita.html.contains("<option>admin</option>"))
            let crew = try await RoofingRoleTests.post(
                client, fixture, "/users",
                ["name": "kim", "role": "crew", "password": "secret-pass-9", "restaurant_0": "Main Street"],
                as: .restaurantManager)
            #expect(crew.status == .seeOther)
            #expect(try fixture.database.user(named: "kim").restaurants == ["Main Street"])
            let adminByRita = try await RoofingRoleTests.post(
                client, fixture, "/users", ["name": "boss2", "role": "admin", "password": "secret-pass-9"],
                as: .restaurantManager)
            #expect(adminByRita.status == .forbidden)
            let elsewhere = try await RoofingRoleTests.post(
                client, fixture, "/users",
                ["name": "lou", "role": "crew", "password": "secret-pass-9", "restaurant_0": "Elm Street"],
                as: .restaurantManager)
            #expect(elsewhere.status == .unprocessableContent)
            #expect(String(buffer: elsewhere.body).contains("id=\"user_restaurant-error\""))
            #expect(throws: StoreError.self) { try fixture.database.user(named: "lou") }
            for role in [Role.crew, .shiftManager, .accountant, .driver, .roofer] {
                #expect(try await RoofingRoleTests.get(client, fixture, "/users", as: role).status == 403, "\(role)")
            }
        }
    }
}
