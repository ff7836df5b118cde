import Foundation
import Checklists
import Testing

@Suite("A shift's checklists: marks, parents, to-dos and the end of the shift")
struct ShiftRunTests {
    static func run() throws -> ChecklistRun { ChecklistRun(template: try TemplateTests.template()) }

    @Test("a parent takes its state from its children; marking it opens them")
    func parents() throws {
        var run = try Self.run()
        let fryer = TaskPath(parsing: "Kitchen/Fryer")!
        #expect(run.state(of: fryer) == .unchecked)
        do {
            try run.mark("Kitchen/Fryer", .ok, note: nil, at: 1)
            Issue.record("a parent was marked")
        } catch {
            #expect(error.message.contains("Kitchen/Fryer/Oil level") && error.message.contains("Temperature"))
        }
        try run.mark("kitchen/fryer/oil LEVEL", .ok, note: nil, at: 1)
        #expect(run.state(of: fryer) == .unchecked, "one child still unchecked")
        try run.mark("Kitchen/Fryer/Temperature", .notOk, note: "170 °C only", at: 2)
        #expect(run.state(of: fryer) == .notOk)
        try run.mark("Kitchen/Fryer/Temperature", .ok, note: nil, at: 3)
        #expect(run.state(of: fryer) == .ok)
        #expect(run.marks["Kitchen/Fryer/Temperature"]?.note == "170 °C only", "a note stays when not replaced")
        #expect(throws: ChecklistError.self) { try run.mark("Kitchen/Grill", .ok, note: nil, at: 4) }
        #expect(
            run.uncheckedLeaves.map(\.description) == [
                "Kitchen/Floors dry", "Dining room/Tables clean", "Dining room/Music on",
            ])
    }

    @Test("to-dos: by priority, then the checklist's section order, then name")
    func todoOrder() {
        let todos = [
            Todo(id: 1, task: "Music on", section: "Dining room", area: .manager, priority: 4, source: .notOk),
            Todo(id: 2, task: "Tables clean", section: "Dining room", area: .service, priority: 2, source: .notOk),
            Todo(id: 3, task: "Order napkins", section: "Stock", area: .manager, priority: 2, source: .added),
            Todo(id: 4, task: "Floors dry", section: "Kitchen", area: .kitchen, priority: 2, source: .notOk),
            Todo(id: 5, task: "Fryer: Oil level", section: "Kitchen", area: .kitchen, priority: 1, source: .notOk),
            Todo(id: 6, task: "Bins", section: "Kitchen", area: .kitchen, priority: 2, source: .added),
        ]
        let sorted = TodoList.sorted(todos, sectionOrder: ["Kitchen", "Dining room"])
        #expect(sorted.map(\.id) == [5, 6, 4, 2, 3, 1])
        let byArea = TodoList.byArea(todos, sectionOrder: ["Kitchen", "Dining room"])
        #expect(byArea.map(\.0) == [.manager, .kitchen, .service])
        #expect(byArea[1].1.map(\.id) == [5, 6, 4])
    }

    @Test("a shift cannot end with unchecked tasks or a not-ok task's to-do unsettled")
    func endRule() throws {
        var run = try Self.run()
        for path in [
            "Kitchen/Fryer/Oil level", "Kitchen/Fryer/Temperature", "Kitchen/Floors dry", "Dining room/Tables clean",
        ] {
            try run.mark(path, .ok, note: nil, at: 1)
        }
        try run.mark("Dining room/Music on", .notOk, note: nil, at: 2)
        let generated = TodoList.fromNotOk(run)
        #expect(generated.keys.sorted() == ["Dining room/Music on"])
        #expect(generated["Dining room/Music on"]?.priority == 4 && generated["Dining room/Music on"]?.area == .manager)
        var todo = Todo(
            id: 1, task: "Music on", section: "Dining room", area: .manager, priority: 4, source: .notOk,
            path: "Dining room/Music on")
        #expect(
            ShiftEndRule.problems(preShift: run, todos: [todo]) == [
                "Dining room/Music on: not ok, and its to-do is neither done nor noted"
            ])
        todo.note = "  "
        #expect(!ShiftEndRule.problems(preShift: run, todos: [todo]).isEmpty, "a blank note says nothing")
        todo.note = "speaker broken, technician booked"
        #expect(ShiftEndRule.problems(preShift: run, todos: [todo]).isEmpty)
        var unfinished = try Self.run()
        try unfinished.mark("Kitchen/Floors dry", .ok, note: nil, at: 1)
        #expect(ShiftEndRule.problems(preShift: unfinished, todos: []).count == 4)
    }

    @Test("statistics per manager: completion times, not-ok counts, corrective actions, travel paths")
    func statistics() throws {
        func complete(_ started: Double, minutes: [Double], notOk: String? = nil) throws -> ChecklistRun {
            var run = try Self.run()
            for (path, m) in zip(run.leaves.map(\.description), minutes) {
                try run.mark(path, path == notOk ? .notOk : .ok, note: nil, at: started + m * 60)
            }
            return run
        }
        let records = [
            ShiftRecord(
                manager: "mia", started: 0, preShift: try complete(0, minutes: [1, 2, 3, 10, 20]), todos: [],
                travelPaths: [.onTime, .late]),
            ShiftRecord(
                manager: "mia", started: 100_000,
                preShift: try complete(100_000, minutes: [5, 6, 7, 8, 30], notOk: "Kitchen/Floors dry"),
                todos: [
                    Todo(
                        id: 1, task: "Floors dry", section: "Kitchen", area: .kitchen, priority: 2, done: true,
                        source: .notOk)
                ], travelPaths: [.missed]),
            ShiftRecord(
                manager: "mia", started: 200_000, preShift: try complete(200_000, minutes: [1, 2]), todos: [],
                travelPaths: []),
            ShiftRecord(
                manager: "ole", started: 0, preShift: try complete(0, minutes: [1, 1, 1, 1, 4]), todos: [],
                travelPaths: [.onTime]),
        ]
        let stats = ManagerStatistics.compute(records)
        #expect(stats.map(\.manager) == ["mia", "ole"])
        let mia = stats[0]
        #expect(mia.shifts == 3 && mia.completed == 2)
        #expect(mia.medianMinutes == 25)  // 20 and 30
        // Kitchen: minutes 1→3 and 5→7; dining room: 10→20 and 8→30.
        #expect(mia.medianSectionMinutes == ["Kitchen": 2, "Dining room": 16])
        #expect(mia.notOkBySection == ["Kitchen": 1] && mia.notOkByTask == ["Kitchen/Floors dry": 1])
        #expect(mia.correctiveActions == 1)
        #expect(mia.travelPaths == [.onTime: 1, .late: 1, .missed: 1])
        #expect(stats[1].medianMinutes == 4)
        #expect(ManagerStatistics.median([3, 1, 2]) == 2 && ManagerStatistics.median([]) == nil)
    }
}
