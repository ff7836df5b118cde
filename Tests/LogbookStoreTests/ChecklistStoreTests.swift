import Foundation
import GRDB
import LogbookTestSupport
import LogbookStore
import Checklists
import Testing

@Suite("Shift checklists in the store: versions, shifts, to-dos, the archive")
struct ChecklistStoreTests {
    /// The pre-shift template of the fixtures (also the README's example).
    static func template() throws -> ChecklistTemplate {
        try JSONDecoder().decode(
            ChecklistTemplate.self, from: Data(contentsOf: Fixtures.url("checklists/main-street-day-pre-shift.json")))
    }

    /// Every pre-shift task of the fixture that takes a mark.
    static let allPaths = [
        "Kitchen/Fryer/Oil level", "Kitchen/Fryer/Temperature", "Kitchen/Floors dry", "Dining room/Tables clean",
        "Dining room/Music on",
    ]

    static func make(_ kind: DatabaseKind) throws -> TestDatabase {
        let test = try kind.make()
        let db = test.database
        try db.addRestaurant(name: "Main Street", email: "main@example.com", timezone: "Europe/Berlin")
        _ = try db.addUser(
            name: "mia", role: .shiftManager, vehicles: [], passwordHash: nil, restaurants: ["Main Street"])
        _ = try db.addUser(name: "carl", role: .crew, vehicles: [], passwordHash: nil, restaurants: ["Main Street"])
        try db.saveTemplate(try Self.template(), by: "test")
        return test
    }

    @Test(
        "a shift keeps the template version it started with; later shifts get the new one",
        arguments: DatabaseKind.allCases)
    func versions(kind: DatabaseKind) throws {
        let test = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        let first = try db.startChecklistShift(restaurant: "main street", dayPart: .day, manager: "mia", at: 1_000)
        let edited = try db.editTemplate(
            restaurant: "Main Street", dayPart: .day, kind: .preShift,
            .editTask(path: "Dining room/Music on", change: TaskChange(name: "Music and lights", priority: 2)), by: "rm"
        )
        #expect(edited.version == 2)
        // Importing the same template again stores nothing new.
        #expect(try db.saveTemplate(edited.template, by: "rm").version == 2)
        for path in [
            "Kitchen/Fryer/Oil level", "Kitchen/Fryer/Temperature", "Kitchen/Floors dry", "Dining room/Tables clean",
            "Dining room/Music on",
        ] {
            _ = try db.markTask(shift: first, path: path, state: .ok, note: nil, at: 1_100)
        }
        let ended = try db.endChecklistShift(first, at: 2_000)
        #expect(ended.versions[.preShift] == 1)
        let second = try db.startChecklistShift(restaurant: "Main Street", dayPart: .day, manager: "mia", at: 3_000)
        let shift = try db.checklistShift(second)
        #expect(shift.versions[.preShift] == 2)
        #expect(shift.preShift.template.taskPaths.contains("Dining room/Music and lights"))
        // The archive still shows the old wording.
        let archived = try db.checklistArchive(restaurant: "Main Street", manager: nil, from: nil, to: nil)
        #expect(archived.count == 1 && archived[0].preShift.template.taskPaths.contains("Dining room/Music on"))
        // Versions are append-only.
        #expect(throws: DatabaseError.self) {
            try test.writer.write { try $0.execute(sql: "UPDATE checklist_template SET version = 9") }
        }
        // Only managers of the restaurant start shifts.
        #expect(throws: StoreError.self) {
            try db.startChecklistShift(restaurant: "Main Street", dayPart: .day, manager: "carl", at: 3_000)
        }
        #expect(throws: StoreError.self) {
            try db.startChecklistShift(restaurant: "Main Street", dayPart: .evening, manager: "mia", at: 3_000)
        }
    }

    @Test("not-ok tasks make to-dos; the shift ends only when they are settled; then it is archived as it was")
    func todosAndEnd() throws {
        let test = try Self.make(.walPool)
        defer { test.remove() }
        let db = test.database
        let id = try db.startChecklistShift(restaurant: "Main Street", dayPart: .day, manager: "mia", at: 1_000)
        _ = try db.markTask(shift: id, path: "Kitchen/Fryer/Oil level", state: .notOk, note: "low", at: 1_010)
        var shift = try db.markTask(shift: id, path: "Dining room/Music on", state: .notOk, note: nil, at: 1_020)
        #expect(shift.todos.map(\.task) == ["Fryer: Oil level", "Music on"])
        _ = try db.addTodo(shift: id, task: "Order napkins", section: "Stock", area: .manager, priority: 1, at: 1_030)
        shift = try db.checklistShift(id)
        #expect(shift.todos.map(\.task) == ["Fryer: Oil level", "Order napkins", "Music on"])
        // Set back to ok, a not-ok task's unsettled to-do goes.
        shift = try db.markTask(shift: id, path: "Dining room/Music on", state: .ok, note: nil, at: 1_040)
        #expect(!shift.todos.contains { $0.task == "Music on" })
        for path in ["Kitchen/Fryer/Temperature", "Kitchen/Floors dry", "Dining room/Tables clean"] {
            _ = try db.markTask(shift: id, path: path, state: .ok, note: nil, at: 1_050)
        }
        do {
            _ = try db.endChecklistShift(id, at: 2_000)
            Issue.record("a shift ended with a not-ok task's to-do open")
        } catch let error as StoreError {
            #expect(error.detail.contains("Kitchen/Fryer/Oil level"))
        }
        let fryer = try #require(shift.todos.first { $0.source == .notOk })
        #expect(throws: StoreError.self) { try db.deleteTodo(fryer.id) }
        try db.settleTodo(fryer.id, done: false, note: "oil delivery at 14:00", at: 1_060)
        let ended = try db.endChecklistShift(id, at: 2_000)
        #expect(ended.isEnded)
        #expect(throws: StoreError.self) {
            try db.markTask(shift: id, path: "Kitchen/Floors dry", state: .notOk, note: nil, at: 2_100)
        }
        #expect(throws: DatabaseError.self) {
            try test.writer.write { try $0.execute(sql: "UPDATE checklist_mark SET state = 'not-ok'") }
        }
        #expect(throws: DatabaseError.self) {
            try test.writer.write { try $0.execute(sql: "DELETE FROM checklist_shift WHERE id = \(id)") }
        }
        #expect(throws: StoreError.self) { try db.settleTodo(fryer.id, done: true, note: nil, at: 2_200) }
    }

    @Test(
        "an ended shift's reminders, template versions and marks stay as they were (v10)",
        arguments: DatabaseKind.allCases)
    func reminderArchive(kind: DatabaseKind) throws {
        let test = try Self.make(kind)
        defer { test.remove() }
        let db = test.database
        let id = try db.startChecklistShift(restaurant: "Main Street", dayPart: .day, manager: "mia", at: 1_000)
        try db.scheduleReminders(shift: id, [("Travel path", 1_100), ("Travel path", 1_900)])
        #expect(try db.acknowledgeReminder(shift: id, name: "travel path", at: 1_150)?.occurrence.acknowledged == 1_150)
        for path in Self.allPaths {
            _ = try db.markTask(shift: id, path: path, state: .ok, note: nil, at: 1_200)
        }
        _ = try db.endChecklistShift(id, at: 2_000)
        // Through the store: refused, naming the archive.
        let refusal = #expect(throws: StoreError.self) {
            try db.acknowledgeReminder(shift: id, name: "Travel path", at: 2_100)
        }
        #expect(refusal?.detail.contains("has ended") == true)
        #expect(throws: StoreError.self) { try db.scheduleReminders(shift: id, [("Travel path", 2_500)]) }
        // And past the store's API, in SQL.
        for sql in [
            "UPDATE checklist_reminder SET acknowledged_at = 2100 WHERE shift_id = \(id)",
            "DELETE FROM checklist_reminder WHERE shift_id = \(id)",
            "INSERT INTO checklist_reminder (shift_id, name, due_at) VALUES (\(id), 'Hand washing', 2500)",
            "DELETE FROM checklist_shift_template WHERE shift_id = \(id)",
            "UPDATE checklist_shift_template SET template_id = template_id WHERE shift_id = \(id)",
            "DELETE FROM checklist_mark WHERE shift_id = \(id)",
        ] {
            #expect(throws: DatabaseError.self, "\(sql)") { try test.writer.write { try $0.execute(sql: sql) } }
        }
        let archived = try db.checklistShift(id)
        #expect(archived.reminders.count == 2)
        #expect(archived.reminders.map(\.occurrence.acknowledged) == [1_150, nil])
    }

    @Test("migration v9 keeps the users, their vehicles and tokens of an older log")
    func upgradeKeepsUsers() throws {
        let directory = try TestDatabase.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("old.sqlite").path
        let pool = try DatabasePool(path: path, configuration: AppDatabase.configuration())
        try AppDatabase.migrate(
            pool, upTo: "v8 work hours: shifts, submitted and locked periods, payroll outbox, links")
        try pool.write { db in
            try db.execute(sql: "INSERT INTO vehicle (plate, created_at) VALUES ('ABC1', 0)")
            try db.execute(sql: "INSERT INTO app_user (id, name, role, created_at) VALUES (7, 'anna', 'driver', 0)")
            try db.execute(sql: "INSERT INTO app_user_vehicle (user_id, vehicle_id) VALUES (7, 1)")
            try db.execute(
                sql: "INSERT INTO api_token (user_id, token_hash, created_at) VALUES (7, ?, 0)",
                arguments: [String(repeating: "a", count: 64)])
        }
        let upgraded = try AppDatabase(pool)
        let anna = try upgraded.user(named: "anna")
        #expect(anna.id == 7 && anna.role == .driver && anna.vehicles == ["ABC1"] && anna.activeTokens == 1)
        let problems = try pool.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }
        #expect(problems.isEmpty)
        _ = try upgraded.addUser(name: "mia", role: .restaurantManager, vehicles: [], passwordHash: nil)
    }
}
