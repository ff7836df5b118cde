import Checklists
import Foundation
import LogbookServices
import LogbookStore
import LogbookTestSupport
import Testing

/// The checklists' use cases as both edges call them: who may do what (the terminal everything; through the server
/// the user's role and restaurants), and inputs refused naming their field.
@Suite("ChecklistService: access by caller, fields named")
struct ChecklistServiceTests {
    /// A log on disk with two restaurants: mia runs shifts at Main Street, carl is its crew, olga runs shifts at
    /// Harbour.
    struct Log {
        let directory: URL
        let database: AppDatabase
        let mia: AppUser
        let carl: AppUser
        let olga: AppUser

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("checklist-service-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            database = try AppDatabase.open(path: directory.appendingPathComponent("log.sqlite").path)
            _ = try database.addRestaurant(name: "Main Street", email: nil, timezone: "Europe/Berlin")
            _ = try database.addRestaurant(name: "Harbour", email: nil, timezone: "Europe/Berlin")
            mia = try database.addUser(
                name: "mia", role: .shiftManager, vehicles: [], passwordHash: nil, restaurants: ["Main Street"])
            carl = try database.addUser(
                name: "carl", role: .crew, vehicles: [], passwordHash: nil, restaurants: ["Main Street"])
            olga = try database.addUser(
                name: "olga", role: .shiftManager, vehicles: [], passwordHash: nil, restaurants: ["Harbour"])
            let template = try JSONDecoder().decode(
                ChecklistTemplate.self,
                from: Data(contentsOf: Fixtures.url("checklists/main-street-day-pre-shift.json")))
            _ = try database.saveTemplate(template, by: "test")
        }

        func service(_ caller: Caller) -> ChecklistService {
            ChecklistService(
                ServiceContext(database: database, caller: caller, clock: LocalClock(identifier: "Europe/Berlin")),
                now: { 1_800_000_000 })
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    @Test("crew read their restaurant, shift managers run shifts there only, the terminal sees everything")
    func access() throws {
        let log = try Log()
        defer { log.remove() }
        #expect(
            try log.service(.terminal).restaurants().restaurants.map(\.name).sorted() == ["Harbour", "Main Street"])
        #expect(try log.service(.user(log.carl)).restaurants().restaurants.map(\.name) == ["Main Street"])

        let crewStart = #expect(throws: ServiceError.self) {
            try log.service(.user(log.carl)).startShift(
                ChecklistShiftStartInput(restaurant: "Main Street", dayPart: "day"))
        }
        #expect(crewStart?.kind == .forbidden)

        let started = try log.service(.user(log.mia)).startShift(
            ChecklistShiftStartInput(restaurant: "Main Street", dayPart: "day"))
        #expect(started.shift.manager == "mia")
        // The crew read the shift but do not mark it.
        #expect(try log.service(.user(log.carl)).shift(started.id).id == started.id)
        let crewMark = #expect(throws: ServiceError.self) {
            try log.service(.user(log.carl)).mark(
                shift: started.id, ChecklistMarkInput(path: "Kitchen/Floors dry", state: "ok"))
        }
        #expect(crewMark?.kind == .forbidden)
        // Another restaurant's shift and the restaurant itself do not exist for olga.
        let foreignShift = #expect(throws: ServiceError.self) { try log.service(.user(log.olga)).shift(started.id) }
        #expect(foreignShift?.kind == .notFound)
        let foreignStart = #expect(throws: ServiceError.self) {
            try log.service(.user(log.olga)).startShift(
                ChecklistShiftStartInput(restaurant: "Main Street", dayPart: "day"))
        }
        #expect(foreignStart?.kind == .notFound)
    }

    @Test("bad input names its field; a not-ok task makes a to-do and keeps the shift from ending")
    func fields() throws {
        let log = try Log()
        defer { log.remove() }
        let mia = log.service(.user(log.mia))
        // Through the server the moment is the server's.
        let early = #expect(throws: ServiceError.self) {
            try mia.startShift(
                ChecklistShiftStartInput(restaurant: "Main Street", dayPart: "day", at: "2026-11-24T10:00"))
        }
        #expect(early?.kind == .invalid && early?.field == "at")
        let dayPart = #expect(throws: ServiceError.self) {
            try mia.startShift(ChecklistShiftStartInput(restaurant: "Main Street", dayPart: "noon"))
        }
        #expect(dayPart?.kind == .invalid && dayPart?.field == "day_part")

        let id = try mia.startShift(ChecklistShiftStartInput(restaurant: "Main Street", dayPart: "day")).id
        let state = #expect(throws: ServiceError.self) {
            try mia.mark(shift: id, ChecklistMarkInput(path: "Kitchen/Floors dry", state: "fine"))
        }
        #expect(state?.kind == .invalid && state?.field == "state")

        let marked = try mia.mark(shift: id, ChecklistMarkInput(path: "Kitchen/Floors dry", state: "not-ok"))
        #expect(marked.todo?.task == "Floors dry")
        #expect(try mia.todos(shift: id).todos.map(\.task) == ["Floors dry"])
        // The store's refusal, as both edges map it (409, exit 65).
        let end = #expect(throws: (any Error).self) { try mia.endShift(id, mail: false, mailer: nil) }
        #expect((end as? any ServiceErrorConvertible)?.serviceError.kind == .refused)
    }
}
