import Foundation
import Testing
import ValueStreams

/// What `validate()` refuses, by the path it names, and the edges it still accepts.
@Suite("map validation")
struct ValidationTests {
    /// One valid map with one sticker; each case breaks one thing.
    static func map(
        _ edit: (inout ValueStreamMap) -> Void = { _ in }, sticker: (inout Sticker) -> Void = { _ in }
    ) -> ValueStreamMap {
        var s = Sticker(id: 1, text: "Take order", kind: .value, processSeconds: 60, ca: 90)
        sticker(&s)
        var map = ValueStreamMap(
            name: "Valid", sections: [MapSection(name: "Sales", stickers: [s])], created: Samples.created,
            nextStickerID: 2)
        edit(&map)
        return map
    }

    enum Broken: String, CaseIterable, CustomTestStringConvertible {
        case emptyName, spacedName, longName, slashName, controlName, longDescription
        case duplicateSection, duplicateSectionAnyCase, emptySectionName
        case ca101, caNegative, caNaN, negativeProcess, infiniteProcess, processOverTenYears, negativeWait
        case size5, size49, emptyFont, emptyText, blankText, controlText, longText, negativeInventory
        case idAtNext, idAboveNext, idZero, idTwice
        case futureOfOnCurrent, futureOfItself, zeroDemand, tinyDemand, negativeAvailable, availableOverADay

        var testDescription: String { rawValue }

        static func m(
            _ edit: (inout ValueStreamMap) -> Void = { _ in }, sticker: (inout Sticker) -> Void = { _ in }
        ) -> ValueStreamMap {
            ValidationTests.map(edit, sticker: sticker)
        }

        var map: ValueStreamMap {
            switch self {
            case .emptyName: Self.m { $0.name = "" }
            case .spacedName: Self.m { $0.name = " Valid" }
            case .longName: Self.m { $0.name = String(repeating: "x", count: 121) }
            case .slashName: Self.m { $0.name = "Orders/2026" }
            case .controlName: Self.m { $0.name = "Va\u{7}lid" }
            case .longDescription: Self.m { $0.description = String(repeating: "d", count: 2_001) }
            case .duplicateSection: Self.m { $0.sections.append(MapSection(name: "Sales")) }
            case .duplicateSectionAnyCase: Self.m { $0.sections.append(MapSection(name: "SALES")) }
            case .emptySectionName: Self.m { $0.sections.append(MapSection(name: "")) }
            case .ca101: Self.m(sticker: { $0.ca = 101 })
            case .caNegative: Self.m(sticker: { $0.ca = -0.5 })
            case .caNaN: Self.m(sticker: { $0.ca = .nan })
            case .negativeProcess: Self.m(sticker: { $0.processSeconds = -1 })
            case .infiniteProcess: Self.m(sticker: { $0.processSeconds = .infinity })
            // 10 × 365 × 86400 + 1
            case .processOverTenYears: Self.m(sticker: { $0.processSeconds = 315_360_001 })
            case .negativeWait: Self.m(sticker: { $0.waitSeconds = -0.001 })
            case .size5: Self.m(sticker: { $0.style.size = 5.99 })
            case .size49: Self.m(sticker: { $0.style.size = 48.01 })
            case .emptyFont: Self.m(sticker: { $0.style.font = " " })
            case .emptyText: Self.m(sticker: { $0.text = "" })
            case .blankText: Self.m(sticker: { $0.text = " \n " })
            case .controlText: Self.m(sticker: { $0.text = "tab\there" })
            case .longText: Self.m(sticker: { $0.text = String(repeating: "é", count: 501) })
            case .negativeInventory: Self.m(sticker: { $0.inventory = -1 })
            case .idAtNext: Self.m { $0.nextStickerID = 1 }
            case .idAboveNext: Self.m(sticker: { $0.id = 5 })
            case .idZero: Self.m(sticker: { $0.id = 0 })
            case .idTwice:
                Self.m {
                    $0.sections.append(MapSection(name: "Kitchen", stickers: [Sticker(id: 1, text: "B", kind: .waste)]))
                }
            case .futureOfOnCurrent: Self.m { $0.futureOf = "Other" }
            case .futureOfItself:
                Self.m {
                    $0.state = .future
                    $0.futureOf = "VALID"
                }
            case .zeroDemand: Self.m { $0.demandPerDay = 0 }
            case .tinyDemand: Self.m { $0.demandPerDay = 1e-300 }
            case .negativeAvailable: Self.m { $0.availableSecondsPerDay = -60 }
            // a day has 86400 seconds
            case .availableOverADay: Self.m { $0.availableSecondsPerDay = 86_401 }
            }
        }

        var path: String {
            let sticker = "sections[0].stickers[0]"
            switch self {
            case .emptyName, .spacedName, .longName, .slashName, .controlName: return "name"
            case .longDescription: return "description"
            case .duplicateSection, .duplicateSectionAnyCase, .emptySectionName: return "sections[1].name"
            case .ca101, .caNegative, .caNaN: return sticker + ".ca"
            case .negativeProcess, .infiniteProcess, .processOverTenYears: return sticker + ".process_s"
            case .negativeWait: return sticker + ".wait_s"
            case .size5, .size49: return sticker + ".size"
            case .emptyFont: return sticker + ".font"
            case .emptyText, .blankText, .controlText, .longText: return sticker + ".text"
            case .negativeInventory: return sticker + ".inventory"
            case .idAtNext, .idAboveNext, .idZero: return sticker + ".id"
            case .idTwice: return "sections[1].stickers[0].id"
            case .futureOfOnCurrent, .futureOfItself: return "future_of"
            case .zeroDemand, .tinyDemand: return "demand_per_day"
            case .negativeAvailable, .availableOverADay: return "available_time_per_day_s"
            }
        }
    }

    @Test("the valid map is valid")
    func valid() throws {
        try Self.map().validate()
    }

    @Test("a broken map is refused, naming the field", arguments: Broken.allCases)
    func refused(broken: Broken) {
        let error = failure { () throws(ValueStreamError) in try broken.map.validate() }
        #expect(error?.path == broken.path, "\(String(describing: error))")
        #expect(error?.code == .invalid)
    }

    @Test("the edges of every range are accepted")
    func edges() throws {
        try Self.map(sticker: { $0.ca = 0 }).validate()
        try Self.map(sticker: { $0.ca = 100 }).validate()
        try Self.map(sticker: { $0.style.size = 6 }).validate()
        try Self.map(sticker: { $0.style.size = 48 }).validate()
        try Self.map(sticker: { $0.processSeconds = 315_360_000 }).validate()
        try Self.map(sticker: { $0.waitSeconds = 315_360_000 }).validate()
        try Self.map(sticker: { $0.inventory = 0 }).validate()
        try Self.map(sticker: { $0.text = String(repeating: "é", count: 500) }).validate()
        try Self.map(sticker: { $0.text = "Two\nlines" }).validate()
        try Self.map { $0.name = String(repeating: "x", count: 120) }.validate()
        try Self.map { $0.availableSecondsPerDay = 86_400 }.validate()
        try Self.map { $0.demandPerDay = 0.001 }.validate()
        try Self.map {
            $0.state = .future
            $0.futureOf = "Another map"
        }
        .validate()
        // sections differing only by accents are two sections
        try Self.map { $0.sections.append(MapSection(name: "Säles")) }.validate()
    }

    @Test("operations refuse the same things, changing nothing")
    func operationsRefuse() throws {
        var map = Self.map { $0.sections.append(MapSection(name: "Kitchen")) }
        let before = map
        func refused(_ code: ValueStreamError.Code, _ body: (inout ValueStreamMap) throws(ValueStreamError) -> Void) {
            var changed = map
            let error = failure { () throws(ValueStreamError) in try body(&changed) }
            #expect(error?.code == code, "\(String(describing: error))")
            #expect(changed == before)
        }
        refused(.refused) { m throws(ValueStreamError) in try m.addSection("kitchen") }
        refused(.invalid) { m throws(ValueStreamError) in try m.addSection(" Kitchen") }
        refused(.refused) { m throws(ValueStreamError) in try m.renameSection("Kitchen", to: "SALES") }
        refused(.notFound) { m throws(ValueStreamError) in try m.renameSection("Bar", to: "Pub") }
        refused(.refused) { m throws(ValueStreamError) in try m.moveSection("Kitchen", to: 3) }
        refused(.invalid) { m throws(ValueStreamError) in
            try m.addSticker(Sticker(id: 0, text: "A", kind: .value, ca: 101))
        }
        refused(.notFound) { m throws(ValueStreamError) in
            try m.addSticker(Sticker(id: 0, text: "A", kind: .value), section: "Bar")
        }
        refused(.refused) { m throws(ValueStreamError) in
            try m.addSticker(Sticker(id: 0, text: "A", kind: .value), section: "kitchen", at: 2)
        }
        refused(.invalid) { m throws(ValueStreamError) in try m.editSticker(1, StickerChange(size: 50)) }
        refused(.invalid) { m throws(ValueStreamError) in try m.editSticker(1, StickerChange(text: "  ")) }
        refused(.notFound) { m throws(ValueStreamError) in try m.editSticker(2, StickerChange(text: "B")) }
        refused(.refused) { m throws(ValueStreamError) in try m.moveSticker(1, to: 2) }
        refused(.refused) { m throws(ValueStreamError) in try m.moveSticker(1, to: 0, section: "Kitchen") }
        refused(.notFound) { m throws(ValueStreamError) in try m.removeSticker(9) }
        refused(.notFound) { m throws(ValueStreamError) in try m.removeSection("Bar") }
        // The same section by another case renames it.
        try map.renameSection("kitchen", to: "KITCHEN")
        #expect(map.sections.map(\.name) == ["Sales", "KITCHEN"])
    }

    @Test("a map's name: slash, spaces, control characters refused by checkName too")
    func checkName() {
        for name in ["a/b", "", " x", "x ", "x\ny", String(repeating: "n", count: 121)] {
            let error = failure { () throws(ValueStreamError) in try ValueStreamMap.checkName(name, field: "--name") }
            #expect(error?.path == "--name", "\(name.debugDescription)")
        }
        #expect(failure { () throws(ValueStreamError) in try ValueStreamMap.checkName("Café – ☕ 2026") } == nil)
    }
}
