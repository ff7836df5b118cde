import Foundation
import Testing
import ValueStreams

/// Random sequences of every ordering operation, each mirrored on a plain model of sections as (name, [id]): the
/// map's order, ids and contents must always be the model's, and a refused operation must change nothing.
@Suite("ValueStreamMap ordering under random operations")
struct OrderingPropertyTests {
    /// The independent model: sections in order with their sticker ids in order, the stickers' contents, the id
    /// the next sticker gets and every id ever given out.
    struct Reference {
        var sections: [(name: String, ids: [Int])] = []
        var stickers: [Int: Sticker] = [:]
        var next = 1
        var issued: Set<Int> = []

        func section(_ name: String) -> Int? { sections.firstIndex { $0.name.lowercased() == name.lowercased() } }

        func location(_ id: Int) -> (section: Int, index: Int)? {
            for (s, section) in sections.enumerated() {
                if let k = section.ids.firstIndex(of: id) { return (s, k) }
            }
            return nil
        }
    }

    enum Operation: CustomStringConvertible {
        case addSection(String, at: Int?)
        case renameSection(String, to: String)
        case moveSection(String, to: Int)
        case removeSection(String)
        case addSticker(Sticker, section: String?, at: Int?)
        case moveSticker(Int, to: Int, section: String?)
        case editSticker(Int, StickerChange)
        case removeSticker(Int)

        var description: String {
            switch self {
            case .addSection(let name, let at):
                "addSection(\(name.debugDescription), at: \(at.map(String.init) ?? "nil"))"
            case .renameSection(let old, let new): "renameSection(\(old.debugDescription), to: \(new.debugDescription))"
            case .moveSection(let name, let to): "moveSection(\(name.debugDescription), to: \(to))"
            case .removeSection(let name): "removeSection(\(name.debugDescription))"
            case .addSticker(let draft, let section, let at):
                "addSticker(\(draft), section: \(section?.debugDescription ?? "nil"), "
                    + "at: \(at.map(String.init) ?? "nil"))"
            case .moveSticker(let id, let to, let section):
                "moveSticker(\(id), to: \(to), section: \(section?.debugDescription ?? "nil"))"
            case .editSticker(let id, let change): "editSticker(\(id), \(change))"
            case .removeSticker(let id): "removeSticker(\(id))"
            }
        }
    }

    // The values operations draw from; those in the `bad` lists make the result invalid.
    static let sectionNames = ["Sales", "Kitchen", "Büro", "Delivery", "QA", "Process", "Lager"]
    static let badSectionNames = ["", " Sales", "Sales ", "Tab\there"]
    static let texts = ["Take order", "Cook", "café", "CAFÉ", "Wait 😴", "Line 1\nLine 2"]
    static let badTexts = ["", "   ", "tab\there"]
    static let sizes = [6.0, 12, 20.5, 48]
    static let badSizes = [5.5, 49]
    static let seconds = [0.0, 30, 3_600.5]
    static let badSeconds = [-1.0, .infinity, .nan]
    static let cas: [Double?] = [nil, 0, 95, 100]
    static let badCAs: [Double] = [100.5, -3]

    struct Generator {
        var random: SplitMix64

        mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
        mutating func pick<T>(_ values: [T]) -> T { values.randomElement(using: &random)! }
        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

        /// A name as a person might type it: the same letters in another case.
        mutating func variant(_ name: String) -> String {
            switch int(0...2) {
            case 0: name
            case 1: name.uppercased()
            default: name.lowercased()
            }
        }

        /// An existing section's name (any case) most times, else a new, unknown or bad one.
        mutating func sectionName(_ reference: Reference) -> String {
            if !reference.sections.isEmpty, chance(0.7) { return variant(pick(reference.sections).name) }
            return chance(0.15)
                ? pick(OrderingPropertyTests.badSectionNames) : variant(pick(OrderingPropertyTests.sectionNames))
        }

        /// Mostly in range (1...count + 1), sometimes just outside it or far off.
        mutating func position(_ count: Int) -> Int {
            chance(0.85) ? int(1...count + 1) : pick([0, -1, count + 2, count + 10, Int.min, Int.max])
        }

        /// An id in the map most times, else one removed before or never given out.
        mutating func stickerID(_ reference: Reference) -> Int {
            let live = reference.sections.flatMap(\.ids)
            if !live.isEmpty, chance(0.85) { return pick(live) }
            let removed = reference.issued.subtracting(live)
            if !removed.isEmpty, chance(0.5) { return pick(Array(removed)) }
            return pick([0, -1, reference.next, reference.next + 5])
        }

        mutating func draft() -> Sticker {
            Sticker(
                id: pick([0, 1, 99]),
                text: chance(0.1) ? pick(OrderingPropertyTests.badTexts) : pick(OrderingPropertyTests.texts),
                kind: pick(StickerKind.allCases),
                style: StickerStyle(
                    background: chance(0.3) ? Colour(red: 1, green: 2, blue: 3) : nil,
                    size: chance(0.05) ? pick(OrderingPropertyTests.badSizes) : pick(OrderingPropertyTests.sizes)),
                processSeconds: chance(0.05)
                    ? pick(OrderingPropertyTests.badSeconds) : pick(OrderingPropertyTests.seconds),
                waitSeconds: chance(0.05)
                    ? pick(OrderingPropertyTests.badSeconds) : pick(OrderingPropertyTests.seconds),
                ca: chance(0.05) ? pick(OrderingPropertyTests.badCAs) : pick(OrderingPropertyTests.cas),
                inventory: chance(0.5) ? nil : int(0...9))
        }

        mutating func change() -> StickerChange {
            var change = StickerChange()
            if chance(0.4) {
                change.text = chance(0.2) ? pick(OrderingPropertyTests.badTexts) : pick(OrderingPropertyTests.texts)
            }
            if chance(0.3) { change.kind = pick(StickerKind.allCases) }
            if chance(0.2) { change.background = .some(chance(0.5) ? nil : Colour(red: 9, green: 9, blue: 9)) }
            if chance(0.2) {
                change.size = chance(0.3) ? pick(OrderingPropertyTests.badSizes) : pick(OrderingPropertyTests.sizes)
            }
            if chance(0.3) {
                change.processSeconds =
                    chance(0.2) ? pick(OrderingPropertyTests.badSeconds) : pick(OrderingPropertyTests.seconds)
            }
            if chance(0.2) {
                change.waitSeconds =
                    chance(0.2) ? pick(OrderingPropertyTests.badSeconds) : pick(OrderingPropertyTests.seconds)
            }
            if chance(0.3) {
                change.ca = .some(chance(0.2) ? pick(OrderingPropertyTests.badCAs) : pick(OrderingPropertyTests.cas))
            }
            if chance(0.2) { change.inventory = .some(chance(0.5) ? nil : int(0...5)) }
            return change
        }

        mutating func operation(_ reference: Reference) -> Operation {
            let count = reference.sections.count
            switch int(0...99) {
            case 0..<12: return .addSection(sectionName(reference), at: chance(0.5) ? nil : position(count))
            case 12..<18: return .renameSection(sectionName(reference), to: sectionName(reference))
            case 18..<26: return .moveSection(sectionName(reference), to: position(max(count - 1, 0)))
            case 26..<30: return .removeSection(sectionName(reference))
            case 30..<55:
                let section = chance(0.4) ? nil : sectionName(reference)
                let target = section.flatMap { reference.section($0) } ?? (count - 1)
                let size = target >= 0 ? reference.sections[target].ids.count : 0
                return .addSticker(draft(), section: section, at: chance(0.4) ? nil : position(size))
            case 55..<75:
                let id = stickerID(reference)
                let section = chance(0.5) ? nil : sectionName(reference)
                let target = section.flatMap { reference.section($0) } ?? reference.location(id)?.section
                let size = target.map { reference.sections[$0].ids.count } ?? 3
                return .moveSticker(id, to: position(size), section: section)
            case 75..<90: return .editSticker(stickerID(reference), change())
            default: return .removeSticker(stickerID(reference))
            }
        }
    }

    typealias Code = ValueStreamError.Code

    /// What the model says an operation does: the model afterwards, or every reason (as error codes) it must be
    /// refused for.
    static func expected(_ operation: Operation, _ before: Reference) -> Result<Reference, RefusalCodes> {
        var after = before
        var reasons = Set<Code>()
        func inRange(_ position: Int?, _ count: Int) -> Bool { position.map { $0 >= 1 && $0 <= count } ?? true }
        func valid(_ s: Sticker) -> Bool {
            !badTexts.contains(s.text) && !badSizes.contains(s.style.size)
                && !badSeconds.contains { $0 == s.processSeconds || ($0.isNaN && s.processSeconds.isNaN) }
                && !badSeconds.contains { $0 == s.waitSeconds || ($0.isNaN && s.waitSeconds.isNaN) }
                && !(s.ca.map(badCAs.contains) ?? false)
        }
        switch operation {
        case .addSection(let name, let at):
            if badSectionNames.contains(name) { reasons.insert(.invalid) }
            if before.section(name) != nil { reasons.insert(.refused) }
            if !inRange(at, before.sections.count + 1) { reasons.insert(.refused) }
            guard reasons.isEmpty else { return .failure(RefusalCodes(reasons)) }
            after.sections.insert((name, []), at: (at ?? before.sections.count + 1) - 1)
        case .renameSection(let old, let new):
            guard let s = before.section(old) else { return .failure(RefusalCodes([.notFound])) }
            if badSectionNames.contains(new) { reasons.insert(.invalid) }
            if let other = before.section(new), other != s { reasons.insert(.refused) }
            after.sections[s].name = new
        case .moveSection(let name, let to):
            guard let s = before.section(name) else { return .failure(RefusalCodes([.notFound])) }
            guard inRange(to, before.sections.count) else { return .failure(RefusalCodes([.refused])) }
            let moved = after.sections.remove(at: s)
            after.sections.insert(moved, at: to - 1)
        case .removeSection(let name):
            guard let s = before.section(name) else { return .failure(RefusalCodes([.notFound])) }
            for id in before.sections[s].ids { after.stickers[id] = nil }
            after.sections.remove(at: s)
        case .addSticker(let draft, let section, let at):
            var sticker = draft
            sticker.id = before.next
            if !valid(sticker) { reasons.insert(.invalid) }
            var target = before.sections.count - 1
            if let section {
                if let s = before.section(section) { target = s } else { reasons.insert(.notFound) }
            } else if before.sections.isEmpty {
                after.sections.append((ValueStreamMap.defaultSectionName, []))
                target = 0
            }
            let count = target >= 0 ? after.sections[target].ids.count : 0
            if !inRange(at, count + 1) { reasons.insert(.refused) }
            guard reasons.isEmpty else { return .failure(RefusalCodes(reasons)) }
            after.sections[target].ids.insert(sticker.id, at: (at ?? count + 1) - 1)
            after.stickers[sticker.id] = sticker
            after.next += 1
            after.issued.insert(sticker.id)
        case .moveSticker(let id, let to, let section):
            guard let (from, index) = before.location(id) else { return .failure(RefusalCodes([.notFound])) }
            var target = from
            if let section {
                guard let s = before.section(section) else { return .failure(RefusalCodes([.notFound])) }
                target = s
            }
            after.sections[from].ids.remove(at: index)
            guard inRange(to, after.sections[target].ids.count + 1) else {
                return .failure(RefusalCodes([.refused]))
            }
            after.sections[target].ids.insert(id, at: to - 1)
        case .editSticker(let id, let change):
            guard var sticker = before.stickers[id], before.location(id) != nil else {
                return .failure(RefusalCodes([.notFound]))
            }
            // Applied field by field here, not through StickerChange.
            if let text = change.text { sticker.text = text }
            if let kind = change.kind { sticker.kind = kind }
            if let background = change.background { sticker.style.background = background }
            if let size = change.size { sticker.style.size = size }
            if let seconds = change.processSeconds { sticker.processSeconds = seconds }
            if let seconds = change.waitSeconds { sticker.waitSeconds = seconds }
            if let ca = change.ca { sticker.ca = ca }
            if let inventory = change.inventory { sticker.inventory = inventory }
            guard valid(sticker) else { return .failure(RefusalCodes([.invalid])) }
            after.stickers[id] = sticker
        case .removeSticker(let id):
            guard let (s, k) = before.location(id) else { return .failure(RefusalCodes([.notFound])) }
            after.sections[s].ids.remove(at: k)
            after.stickers[id] = nil
        }
        return reasons.isEmpty ? .success(after) : .failure(RefusalCodes(reasons))
    }

    struct RefusalCodes: Error {
        var codes: Set<Code>
        init(_ codes: Set<Code>) { self.codes = codes }
    }

    /// Runs the operation on the map; the sticker an add returned, if any.
    static func apply(_ operation: Operation, to map: inout ValueStreamMap) throws(ValueStreamError) -> Sticker? {
        switch operation {
        case .addSection(let name, let at): try map.addSection(name, at: at)
        case .renameSection(let old, let new): try map.renameSection(old, to: new)
        case .moveSection(let name, let to): try map.moveSection(name, to: to)
        case .removeSection(let name): try map.removeSection(name)
        case .addSticker(let draft, let section, let at): return try map.addSticker(draft, section: section, at: at)
        case .moveSticker(let id, let to, let section): try map.moveSticker(id, to: to, section: section)
        case .editSticker(let id, let change): try map.editSticker(id, change)
        case .removeSticker(let id): try map.removeSticker(id)
        }
        return nil
    }

    /// Every way the map differs from the model (empty when they agree).
    static func differences(_ map: ValueStreamMap, _ reference: Reference) -> [String] {
        var problems: [String] = []
        if map.sections.map(\.name) != reference.sections.map(\.name) {
            problems.append("sections \(map.sections.map(\.name)) ≠ model \(reference.sections.map(\.name))")
        }
        let order = map.sections.map { $0.stickers.map(\.id) }
        if order != reference.sections.map(\.ids) {
            problems.append("order \(order) ≠ model \(reference.sections.map(\.ids))")
        }
        let ids = map.stickers.map(\.id)
        if Set(ids).count != ids.count { problems.append("ids not unique: \(ids)") }
        if map.nextStickerID != reference.next {
            problems.append("next id \(map.nextStickerID) ≠ model \(reference.next)")
        }
        for sticker in map.stickers where sticker != reference.stickers[sticker.id] {
            problems.append(
                "#\(sticker.id) is \(sticker), model has \(String(describing: reference.stickers[sticker.id]))")
        }
        if let error = failure({ () throws(ValueStreamError) in try map.validate() }) {
            problems.append("validate: \(error)")
        }
        return problems
    }

    @Test("thousands of random operation sequences keep the model's order", arguments: [1, 2, 3, 2_026] as [UInt64])
    func randomSequences(seed: UInt64) {
        var generator = Generator(random: SplitMix64(state: seed))
        var counts = (accepted: 0, refused: 0)
        for sequence in 0..<600 {
            var map = ValueStreamMap(name: "Property \(sequence)", created: Samples.created)
            var reference = Reference()
            for step in 0..<(10 + sequence % 40) {
                let operation = generator.operation(reference)
                let context = "seed \(seed), sequence \(sequence), step \(step): \(operation)"
                var changed = map
                let outcome = Result { () throws(ValueStreamError) -> Sticker? in
                    try Self.apply(operation, to: &changed)
                }
                switch (Self.expected(operation, reference), outcome) {
                case (.success(let after), .success(let added)):
                    counts.accepted += 1
                    if case .addSticker = operation {
                        guard let added, !reference.issued.contains(added.id), added.id == reference.next else {
                            let given = reference.issued.sorted()
                            Issue.record("\(context): added \(String(describing: added)), ids given before \(given)")
                            return
                        }
                    }
                    map = changed
                    reference = after
                case (.failure(let reasons), .failure(let error)):
                    counts.refused += 1
                    guard reasons.codes.contains(error.code), changed == map else {
                        let message =
                            "\(context): refused with \(error.code) (\(error)), model expects \(reasons.codes); "
                            + "map changed: \(changed != map)"
                        Issue.record(Comment(rawValue: message))
                        return
                    }
                case (.success, .failure(let error)):
                    Issue.record("\(context): refused (\(error)) but the model accepts it")
                    return
                case (.failure(let reasons), .success):
                    Issue.record("\(context): accepted but the model refuses it for \(reasons.codes)")
                    return
                }
                let problems = Self.differences(map, reference)
                guard problems.isEmpty else {
                    Issue.record("\(context): \(problems.joined(separator: "; "))")
                    return
                }
            }
        }
        // The generator reaches both outcomes often, so neither side of the check is vacuous.
        #expect(counts.accepted > 5_000)
        #expect(counts.refused > 2_000)
    }

    @Test("a refused add on an empty map makes no default section")
    func refusedAddOnEmptyMap() {
        var map = ValueStreamMap(name: "Empty", created: Samples.created)
        let before = map
        let error = failure { () throws(ValueStreamError) in
            try map.addSticker(Sticker(id: 0, text: "A", kind: .value), at: 2)
        }
        #expect(error?.code == .refused)
        #expect(error?.path == "position")
        #expect(map == before)
        // At 1 (or nowhere) it goes into a new "Process" section with id 1.
        let added = try? map.addSticker(Sticker(id: 0, text: "A", kind: .value), at: 1)
        #expect(added?.id == 1)
        #expect(map.sections.map(\.name) == ["Process"])
        #expect(map.nextStickerID == 2)
    }

    @Test("a moved sticker keeps its id, a removed id is never given again")
    func idsAreStable() throws {
        var map = ValueStreamMap(name: "Ids", created: Samples.created)
        try map.addSection("A")
        try map.addSection("B")
        for text in ["one", "two", "three"] {
            try map.addSticker(Sticker(id: 0, text: text, kind: .value), section: "a")
        }
        // A = [1, 2, 3]; move 3 to the front of A, then 1 to B.
        try map.moveSticker(3, to: 1)
        try map.moveSticker(1, to: 1, section: "B")
        #expect(map.sections.map { $0.stickers.map(\.id) } == [[3, 2], [1]])
        #expect(map.sections[0].stickers.map(\.text) == ["three", "two"])
        try map.removeSticker(3)
        try map.removeSection("b")
        // Ids 1 and 3 are gone; the next is 4, not 1 or 3.
        let added = try map.addSticker(Sticker(id: 1, text: "four", kind: .waste))
        #expect(added.id == 4)
        #expect(map.sections.map { $0.stickers.map(\.id) } == [[2, 4]])
    }
}
