import CalendarDays
import Foundation
import LogbookServices
import LogbookStore
import Roofing
import Testing

/// The roofing use cases on a real log on disk: the catalogue a project is priced from, chosen once; lines priced
/// on the project's first day; the entries' rules naming their fields; locking, versions and who made them.
@Suite struct RoofingServiceTests {
    typealias Log = RoofingTestLog

    @Test("a project's catalogue: the only one, the one named in any case; none named among several is refused")
    func catalogueChosenOnce() throws {
        let log = try Log()
        defer { log.remove() }
        let service = try log.service()
        let bare = try service.createProject(RoofingProjectInput(name: "Without"))
        #expect(bare.catalogue == "" && bare.currency == "DKK")
        try log.importCatalogue()
        let only = try service.createProject(RoofingProjectInput(name: "Only"))
        #expect(only.catalogue == "Tagdækning 2026")
        try log.importCatalogue("Murer 2026")
        let several = Log.failure { _ = try service.createProject(RoofingProjectInput(name: "Several")) }
        #expect(several?.kind == .invalid && several?.field == "catalogue")
        #expect(several?.message == "there are 2 catalogues; name the one to use")
        let named = try service.createProject(RoofingProjectInput(name: "Named", catalogue: "MURER 2026"))
        #expect(named.catalogue == "Murer 2026")
        let unknown = Log.failure {
            _ = try service.createProject(RoofingProjectInput(name: "Unknown", catalogue: "Tømrer"))
        }
        #expect(unknown?.field == "catalogue" && unknown?.exitStatus == 64)
        #expect(try service.projects().map(\.name).sorted() == ["Named", "Only", "Without"])
    }

    @Test("what does not make a project is refused naming the field, a usage error on the command line")
    func projectInput() throws {
        let log = try Log()
        defer { log.remove() }
        let service = try log.service()
        let rate = Log.failure {
            _ = try service.createProject(RoofingProjectInput(name: "A", guaranteedRate: Money(minorUnits: -1)))
        }
        #expect(rate?.field == "guaranteed_rate" && rate?.kind == .invalid && rate?.exitStatus == 64)
        let roofer = Log.failure { _ = try service.createProject(RoofingProjectInput(name: "A", roofers: [":5"])) }
        #expect(roofer?.field == "roofers" && roofer?.exitStatus == 64)
        let twice = Log.failure {
            _ = try service.createProject(RoofingProjectInput(name: "A", roofers: ["Ib", "Ib:2"]))
        }
        #expect(twice?.kind == .refused && twice?.field == "roofers" && twice?.exitStatus == 64)
        let name = Log.failure { _ = try service.createProject(RoofingProjectInput(name: "  ")) }
        #expect(name?.field == "name")
        let period = Log.failure {
            _ = try service.createProject(
                RoofingProjectInput(name: "A", start: Log.day("2026-05-04"), end: Log.day("2026-05-01")))
        }
        #expect(period?.field == "end")
        #expect(try service.projects().isEmpty)
        // The name is trimmed; a name taken in another case is refused (data the log refuses: 65).
        _ = try service.createProject(RoofingProjectInput(name: " Villa Ørsted ", roofers: ["Ib:7,5", "Bo"]))
        let view = try service.project(named: "villa ørsted")
        #expect(view.name == "Villa Ørsted" && view.roofers.map(\.hours) == [Quantity(thousandths: 7_500), 0])
        let taken = Log.failure { _ = try service.createProject(RoofingProjectInput(name: "VILLA ØRSTED")) }
        #expect(taken?.kind == .refused && taken?.exitStatus == 65)
    }

    @Test("a line is priced on the project's first day, today without one; its number counts from 1")
    func linesPricedOnTheFirstDay() throws {
        let log = try Log()
        defer { log.remove() }
        try log.importCatalogue()
        let service = try log.service()
        // +10 % from 2000-01-01: 47.15 + 4.715 → 4.72 (half away from zero) = 51.87 on any day since.
        _ = try service.indexCatalogue(
            "Tagdækning 2026", RoofingIndexingInput(from: Log.day("2000-01-01"), percent: 10))
        _ = try service.createProject(RoofingProjectInput(name: "Early", start: Log.day("1999-12-31")))
        _ = try service.createProject(RoofingProjectInput(name: "Undated"))
        let early = try service.addLine(
            project: "Early", RoofingLineInput(pos: "12.1.1", quantity: Quantity(thousandths: 33_333)))
        // 33.333 × 47.15 = 1571.65095 → 1571.65.
        #expect(early.line == 1 && early.unitPrice == Money(minorUnits: 4_715))
        #expect(early.amount == Money(minorUnits: 157_165) && early.project == "Early")
        let undated = try service.addLine(project: "Undated", RoofingLineInput(pos: " 12.1.1 ", quantity: 2))
        #expect(undated.unitPrice == Money(minorUnits: 5_187) && undated.amount == Money(minorUnits: 10_374))
        let second = try service.addLine(project: "early", RoofingLineInput(pos: "20.1", quantity: 3, note: "nord"))
        #expect(second.line == 2 && second.amount == Money(minorUnits: 75_000) && second.note == "nord")
    }

    @Test("a line's position: unknown (64) or a supplement (65) is an invalid `pos`; an unknown project not found")
    func lineRefusals() throws {
        let log = try Log()
        defer { log.remove() }
        let service = try log.service()
        _ = try service.createProject(RoofingProjectInput(name: "Bare"))
        let noCatalogue = Log.failure {
            _ = try service.addLine(project: "Bare", RoofingLineInput(pos: "1", quantity: 1))
        }
        #expect(noCatalogue?.field == "pos" && noCatalogue?.exitStatus == 64)
        try log.importCatalogue()
        _ = try service.createProject(RoofingProjectInput(name: "Villa", catalogue: "tagdækning 2026"))
        let unknown = Log.failure {
            _ = try service.addLine(project: "Villa", RoofingLineInput(pos: "99.9", quantity: 1))
        }
        #expect(unknown?.field == "pos" && unknown?.kind == .invalid && unknown?.exitStatus == 64)
        #expect(unknown?.description == "pos 99.9 is not in Tagdækning 2026 (search the catalogue for it)")
        let supplement = Log.failure {
            _ = try service.addLine(project: "Villa", RoofingLineInput(pos: "90.1", quantity: 1))
        }
        #expect(supplement?.field == "pos" && supplement?.kind == .invalid && supplement?.exitStatus == 65)
        let missing = Log.failure {
            _ = try service.addLine(project: "Nowhere", RoofingLineInput(pos: "20.1", quantity: 1))
        }
        #expect(missing?.kind == .notFound)
        #expect(try service.project(named: "Villa").lines.isEmpty)
    }

    @Test("lines are edited and removed by number; a number the project has not is not found")
    func editAndRemove() throws {
        let log = try Log()
        defer { log.remove() }
        try log.importCatalogue()
        let service = try log.service()
        _ = try service.createProject(RoofingProjectInput(name: "Villa"))
        for pos in ["12.1.1", "12.3.4", "20.1"] {
            _ = try service.addLine(project: "Villa", RoofingLineInput(pos: pos, quantity: 1))
        }
        let edited = try service.editLine(
            project: "Villa", line: 2, RoofingLineChange(quantity: Quantity(thousandths: 12_500)))
        // 12.5 lbm × 123.40 = 1542.50.
        #expect(edited.line == 2 && edited.amount == Money(minorUnits: 154_250) && edited.pos == "12.3.4")
        let nothing = Log.failure { _ = try service.editLine(project: "Villa", line: 1, RoofingLineChange()) }
        #expect(nothing?.field == "quantity" && nothing?.kind == .invalid)
        let absent = Log.failure { _ = try service.editLine(project: "Villa", line: 9, RoofingLineChange(note: "x")) }
        #expect(absent?.kind == .notFound && absent?.field == "line" && absent?.exitStatus == 65)
        try service.removeLine(project: "Villa", line: 1)
        #expect(try service.project(named: "Villa").lines.map(\.pos) == ["12.3.4", "20.1"])
        #expect(try service.project(named: "Villa").lines.map(\.line) == [1, 2])
        #expect(RoofingService.lineNumber("2") == 2)
        #expect(RoofingService.lineNumber("0") == nil && RoofingService.lineNumber("x") == nil)
    }

    @Test("extra work, deductions, advances and hours: their rules name the field")
    func entries() throws {
        let log = try Log()
        defer { log.remove() }
        let service = try log.service()
        _ = try service.createProject(RoofingProjectInput(name: "Villa", roofers: ["Ib:10"]))
        let refusals: [(() throws -> Void, String)] = [
            (
                { try service.addExtraWork(project: "Villa", RoofingExtraWorkInput(text: " ", amount: Log.kr(5))) },
                "text"
            ),
            (
                {
                    try service.addExtraWork(
                        project: "Villa", RoofingExtraWorkInput(text: "X", hours: 1, rate: Log.kr(2), amount: Log.kr(5))
                    )
                }, "amount"
            ),
            (
                { try service.addExtraWork(project: "Villa", RoofingExtraWorkInput(text: "X", rate: Log.kr(2))) },
                "hours"
            ),
            ({ try service.addExtraWork(project: "Villa", RoofingExtraWorkInput(text: "X", hours: 2)) }, "rate"),
            (
                { try service.addDeduction(project: "Villa", RoofingDeductionInput(text: "X", amount: Money.zero)) },
                "amount"
            ),
            (
                {
                    try service.addAdvance(
                        project: "Villa", RoofingAdvanceInput(amount: Log.kr(-1), date: Log.day("2026-05-01")))
                }, "amount"
            ),
            ({ try service.setHours(project: "Villa", RoofingHoursInput(roofer: "Ib:2", hours: 1)) }, "roofer"),
            ({ try service.setHours(project: "Villa", RoofingHoursInput(roofer: "Ib", hours: -1)) }, "hours"),
        ]
        for (body, field) in refusals {
            let failure = Log.failure(body)
            #expect(failure?.kind == .invalid && failure?.field == field && failure?.exitStatus == 64, "\(field)")
        }
        // 2.5 h × 420.00 = 1050.00; the deduction of 500.00 is subtracted: 550.00. Bo is added with 30 h.
        try service.addExtraWork(
            project: "Villa",
            RoofingExtraWorkInput(text: "Stillads", hours: Quantity(thousandths: 2_500), rate: Log.kr(420)))
        try service.addDeduction(project: "Villa", RoofingDeductionInput(text: "Materialer", amount: Log.kr(500)))
        let view = try service.addAdvance(
            project: "Villa", RoofingAdvanceInput(amount: Log.kr(100), date: Log.day("2026-05-15"), note: "a conto"))
        #expect(view.account?.total == Money(minorUnits: 55_000))
        #expect(view.account?.advancePayments.map(\.note) == ["a conto"])
        let team = try service.setHours(project: "Villa", RoofingHoursInput(roofer: "Bo", hours: 30))
        #expect(team.roofers.map(\.name) == ["Ib", "Bo"] && team.roofers.map(\.hours) == [10, 30])
    }
}
