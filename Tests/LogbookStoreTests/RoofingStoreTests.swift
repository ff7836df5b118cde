import CalendarDays
import Foundation
import GRDB
import LogbookStore
import Roofing
import Testing

@Suite("Roofing accounts in the store: round trip, names, the schema's rules, locking, versions")
struct RoofingStoreTests {
    /// Two measured activities, a supplement on one section, and an indexing of 2.5 % from 1 July 2026.
    static func catalogue(_ name: String = "Tagdækning 2026") throws -> Catalogue {
        try Catalogue(
            name: name,
            activities: [
                try Activity(
                    position: "12.1", section: "Tagdækning", name: "Tagpap, 2 lag", unit: .squareMetre,
                    price: Money(minorUnits: 4_715)),
                try Activity(
                    position: "12.2", section: "Tagrender", name: "Tagrende, zink", unit: .runningMetre,
                    price: Money(minorUnits: 14_715)),
                try Activity(
                    supplement: "90.1", section: "Tillæg", name: "Højdetillæg", percent: 10,
                    base: .section("Tagdækning")),
            ],
            indexings: [
                PriceIndexing(from: CalendarDay(year: 2026, month: 7, day: 1)!, percent: Quantity(thousandths: 2_500))
            ])
    }

    /// Jens 30 h and Ole 10 h; 33.333 m² of 12.1, 10 lbm of 12.2, the supplement, extra work, a deduction and
    /// an advance.
    static func project(_ catalogue: Catalogue) throws -> Project {
        var project = try Project(
            name: "Hovedgaden 3", address: "Hovedgaden 3, 8000 Aarhus", customer: "Tagfirma A/S",
            start: CalendarDay(year: 2026, month: 5, day: 4), catalogue: catalogue.name,
            guaranteedHourlyRate: Money(minorUnits: 20_000),
            roofers: [Roofer(name: "Jens", hours: 30), Roofer(name: "Ole", hours: 10)])
        try project.add(try #require(catalogue.activity("12.1")), quantity: Quantity(thousandths: 33_333), note: "nord")
        try project.add(try #require(catalogue.activity("12.2")), quantity: 10)
        try project.addSupplement(try #require(catalogue.activity("90.1")), catalogue: catalogue)
        try project.addExtraWork(ExtraWork(text: "Stillads", pricing: .hours(2, rate: Money(minorUnits: 45_000))))
        try project.addExtraWork(ExtraWork(text: "Kørsel", pricing: .fixed(Money(minorUnits: 25_050))))
        try project.addDeduction(Deduction(text: "Materialer", amount: Money(minorUnits: 10_000)))
        try project.addAdvance(
            Advance(date: CalendarDay(year: 2026, month: 5, day: 15)!, amount: Money(minorUnits: 100_000)))
        return project
    }

    @Test("a catalogue and a project come back as they were stored", arguments: DatabaseKind.allCases)
    func roundTrip(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let db = test.database
        let catalogue = try Self.catalogue()
        try db.importRoofingCatalogue(catalogue)
        #expect(try db.roofingCatalogue(named: "TAGDÆKNING 2026") == catalogue)
        let summary = try #require(try db.roofingCatalogues().first)
        #expect(summary.name == "Tagdækning 2026" && summary.currency == "DKK")
        #expect(summary.activities == 2 && summary.supplements == 1 && summary.indexings == 1)
        let project = try Self.project(catalogue)
        try db.createRoofingProject(project)
        let stored = try db.roofingProject(named: "hovedgaden 3")
        #expect(stored.project == project && stored.status == "open" && stored.versions.isEmpty)
        let edited = try db.updateRoofingProject(named: "Hovedgaden 3") { p throws(RoofingError) in
            try p.editLine(at: 1, quantity: 12)
            try p.setHours(Quantity(thousandths: 12_500), for: "Ole")
        }
        #expect(try db.roofingProject(named: "Hovedgaden 3").project == edited)
        #expect(edited.lines[1].quantity == 12 && edited.roofers[1].hours == Quantity(thousandths: 12_500))
        try db.addRoofingIndexing(
            PriceIndexing(from: CalendarDay(year: 2027, month: 1, day: 1)!, percent: 3), catalogue: "Tagdækning 2026")
        #expect(try db.roofingCatalogue(named: "Tagdækning 2026").indexings.count == 2)
    }

    @Test("names of catalogues and projects are unique in any case; unknown names are not found")
    func names() throws {
        let test = try DatabaseKind.memory.make()
        let db = test.database
        try db.importRoofingCatalogue(try Self.catalogue())
        #expect(throws: StoreError.self) { try db.importRoofingCatalogue(try Self.catalogue("TAGDÆKNING 2026")) }
        try db.createRoofingProject(try Project(name: "Skolen"))
        #expect(throws: StoreError.self) { try db.createRoofingProject(try Project(name: "skolen")) }
        #expect(throws: StoreError(.notFound, operation: "project", detail: "there is no project named \"Kirken\"")) {
            try db.roofingProject(named: "Kirken")
        }
        try db.selectRoofingProject(named: "SKOLEN")
        #expect(try db.selectedRoofingProject() == "Skolen")
        try db.deleteRoofingProject(named: "Skolen")
        #expect(try db.selectedRoofingProject() == nil && db.roofingProjects().isEmpty)
    }

    @Test("the schema refuses what the model refuses, in raw SQL")
    func schemaRules() throws {
        let test = try DatabaseKind.memory.make()
        let db = test.database
        try db.importRoofingCatalogue(try Self.catalogue())
        try db.createRoofingProject(try Self.project(try Self.catalogue()))
        let refused = [
            // A position twice in a catalogue; a price not in whole øre; a % activity with a price.
            "INSERT INTO roofing_activity VALUES (1, '12.1', 9, 'X', 'Again', 'm²', 100, NULL, NULL)",
            "INSERT INTO roofing_activity VALUES (1, '12.9', 9, 'X', 'Real', 'm²', 47.15, NULL, NULL)",
            "INSERT INTO roofing_activity VALUES (1, '12.9', 9, 'X', 'Odd', '%', 100, NULL, NULL)",
            "INSERT INTO roofing_activity VALUES (1, '12..9', 9, 'X', 'Bad pos', 'm²', 100, NULL, NULL)",
            "INSERT INTO roofing_catalogue (name, name_key, currency, created_at) VALUES ('X', 'tagdækning 2026', 'DKK', 0)",
            "INSERT INTO roofing_catalogue (name, name_key, currency, created_at) VALUES ('Murer', 'murer', 'kr', 0)",
            // A project name in another case; an unknown status; ending before it starts.
            "INSERT INTO roofing_project (name, name_key, created_at, updated_at) VALUES ('H', 'hovedgaden 3', 0, 0)",
            "UPDATE roofing_project SET status = 'paid'",
            "UPDATE roofing_project SET end_day = '2026-05-01'",
            // A quantity not in thousandths; a line of a supplement; a zero deduction; extra work priced twice.
            "UPDATE roofing_line SET quantity_milli = 1.5",
            "UPDATE roofing_line SET unit = '%'",
            "UPDATE roofing_deduction SET amount_ore = 0",
            "UPDATE roofing_extra_work SET amount_ore = 100 WHERE hours_milli IS NOT NULL",
            "UPDATE roofing_roofer SET name = 'Jens'",
            "UPDATE roofing_advance SET day = '15.05.2026'",
            // Submitting without recording a version.
            "UPDATE roofing_project SET status = 'submitted'",
        ]
        for sql in refused {
            #expect(throws: DatabaseError.self, "\(sql)") { try test.writer.write { try $0.execute(sql: sql) } }
        }
    }

    @Test("a submitted project refuses changes, in the store and in raw SQL; a revision becomes version 2")
    func lockedAndVersions() throws {
        let test = try DatabaseKind.memory.make()
        let db = test.database
        let catalogue = try Self.catalogue()
        try db.importRoofingCatalogue(catalogue)
        try db.createRoofingProject(try Self.project(catalogue))
        let first = try db.submitRoofingProject(named: "Hovedgaden 3")
        #expect(first.number == 1 && first.reason == "submitted" && first.author == "logbook")
        #expect(throws: StoreError.self) {
            try db.updateRoofingProject(named: "Hovedgaden 3") { p throws(RoofingError) in try p.removeLine(at: 0) }
        }
        #expect(throws: StoreError.self) { try db.submitRoofingProject(named: "Hovedgaden 3") }
        #expect(throws: StoreError.self) { try db.deleteRoofingProject(named: "Hovedgaden 3") }
        for sql in [
            "UPDATE roofing_line SET quantity_milli = 1", "DELETE FROM roofing_advance",
            "INSERT INTO roofing_deduction VALUES (1, 5, 'Mere', 100)", "UPDATE roofing_project SET address = 'Andet'",
            "UPDATE roofing_project SET status = 'open'", "DELETE FROM roofing_project",
            "UPDATE roofing_version SET reason = 'other'",
        ] {
            #expect(throws: DatabaseError.self, "\(sql)") { try test.writer.write { try $0.execute(sql: sql) } }
        }
        let before = try db.roofingProject(named: "Hovedgaden 3")
        #expect(before.status == "submitted" && before.project.status == .submitted)

        try db.reviseRoofingProject(named: "Hovedgaden 3", reason: "gutter measured again")
        #expect(throws: StoreError.self) { try db.reviseRoofingProject(named: "Hovedgaden 3", reason: "twice") }
        try db.updateRoofingProject(named: "Hovedgaden 3") { p throws(RoofingError) in
            try p.editLine(at: 1, quantity: 12)
        }
        let second = try db.submitRoofingProject(named: "Hovedgaden 3")
        #expect(second.number == 2 && second.reason == "gutter measured again")
        // 12.2: 10 × 147.15 = 1471.50 before, 12 × 147.15 = 1765.80 after; the total rises by 294.30.
        #expect(second.changes.contains("removed line 12.2 10 lbm × 147.15"))
        #expect(second.changes.contains("added line 12.2 12 lbm × 147.15"))
        let stored = try db.roofingProject(named: "Hovedgaden 3")
        #expect(stored.status == "submitted" && stored.versions.map(\.number) == [1, 2])
        #expect(stored.versions[0].project.lines[1].quantity == 10 && stored.versions[1].project == stored.project)
        let totals = try stored.versions.map { try Account($0.project).total.minorUnits }
        #expect(totals[1] - totals[0] == 29_430)
    }
}
