import Foundation
import PlainText

/// Whether a map shows the process as it is or as it should become.
public enum MapState: String, Sendable, Hashable, Codable, CaseIterable {
    case current
    case future
}

/// A process stream of the map: a lane of stickers in order.
public struct MapSection: Sendable, Hashable {
    public var name: String
    public var stickers: [Sticker]

    public init(name: String, stickers: [Sticker] = []) {
        self.name = name
        self.stickers = stickers
    }
}

/// A value-stream map: named, dated, current or future, with ordered sections of ordered stickers.
///
/// Every operation keeps the map's invariants: section names unique (any case), sticker ids unique and below
/// `nextStickerID`, every sticker valid. Positions are 1-based within a section.
public struct ValueStreamMap: Sendable, Hashable {
    public var name: String
    public var description: String
    public var state: MapState
    /// For a future map: the name of the current map it improves.
    public var futureOf: String?
    /// Pieces (or orders) the customer asks for per day, for takt time.
    public var demandPerDay: Double?
    /// Working time available per day in seconds, for takt time.
    public var availableSecondsPerDay: Double?
    public var sections: [MapSection]
    public var created: Date
    public var updated: Date
    /// The id the next sticker gets.
    public var nextStickerID: Int

    public init(
        name: String, description: String = "", state: MapState = .current, futureOf: String? = nil,
        demandPerDay: Double? = nil, availableSecondsPerDay: Double? = nil, sections: [MapSection] = [],
        created: Date, updated: Date? = nil, nextStickerID: Int? = nil
    ) {
        self.name = name
        self.description = description
        self.state = state
        self.futureOf = futureOf
        self.demandPerDay = demandPerDay
        self.availableSecondsPerDay = availableSecondsPerDay
        self.sections = sections
        self.created = created
        self.updated = updated ?? created
        self.nextStickerID = nextStickerID ?? (sections.flatMap(\.stickers).map(\.id).max() ?? 0) + 1
    }

    /// Demand per day a map may give: at least one piece in a thousand days (takt time stays finite).
    public static let demandRange = 0.001...1_000_000_000.0

    /// The section new stickers go to when none is named, made if the map has none.
    public static let defaultSectionName = "Process"

    /// Every sticker in timeline order (section by section).
    public var stickers: [Sticker] { sections.flatMap(\.stickers) }

    // MARK: Checks

    /// A map's name: 1 to 120 characters, no control characters, no slash (it names files and addresses).
    public static func checkName(_ name: String, field: String = "name") throws(ValueStreamError) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed == name, name.count <= 120 else {
            throw ValueStreamError(.invalid, path: field, "needs 1 to 120 characters, without spaces at either end")
        }
        if let bad = PlainText.firstRefused(in: name) {
            throw ValueStreamError(.invalid, path: field, PlainText.refusal(field: field, bad))
        }
        guard !name.contains("/") else { throw ValueStreamError(.invalid, path: field, "a slash is not allowed") }
    }

    /// Refuses a map that breaks a rule, naming the JSON path.
    public func validate() throws(ValueStreamError) {
        try Self.checkName(name)
        guard description.count <= 2_000 else {
            throw ValueStreamError(.invalid, path: "description", "at most 2000 characters")
        }
        if let demandPerDay, !(Self.demandRange.contains(demandPerDay)) {
            throw ValueStreamError(.invalid, path: "demand_per_day", "must be 0.001 to 1000000000")
        }
        if let availableSecondsPerDay, !(availableSecondsPerDay > 0 && availableSecondsPerDay <= 86_400) {
            throw ValueStreamError(.invalid, path: "available_time_per_day_s", "must be more than 0, at most a day")
        }
        if futureOf != nil, state != .future {
            throw ValueStreamError(.invalid, path: "future_of", "only a future map improves a current one")
        }
        if let futureOf, futureOf.caseInsensitiveCompare(name) == .orderedSame {
            throw ValueStreamError(.invalid, path: "future_of", "a map cannot improve itself")
        }
        var names = Set<String>()
        var ids = Set<Int>()
        for (s, section) in sections.enumerated() {
            try Self.checkSectionName(section.name, field: "sections[\(s)].name")
            guard names.insert(section.name.lowercased()).inserted else {
                throw ValueStreamError(.invalid, path: "sections[\(s)].name", "\"\(section.name)\" is there twice")
            }
            for (k, sticker) in section.stickers.enumerated() {
                let path = "sections[\(s)].stickers[\(k)]"
                try sticker.validate(path: path)
                guard sticker.id >= 1, ids.insert(sticker.id).inserted else {
                    throw ValueStreamError(.invalid, path: path + ".id", "\(sticker.id) is used twice or below 1")
                }
                guard sticker.id < nextStickerID else {
                    throw ValueStreamError(.invalid, path: path + ".id", "must be below next_sticker_id")
                }
            }
        }
    }

    static func checkSectionName(_ name: String, field: String) throws(ValueStreamError) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed == name, name.count <= 120,
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw ValueStreamError(.invalid, path: field, "needs 1 to 120 characters, without spaces at either end")
        }
    }

    // MARK: Finding

    /// The index of the section named (any case).
    public func sectionIndex(_ name: String) throws(ValueStreamError) -> Int {
        guard let index = sections.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
            let known = sections.map(\.name).joined(separator: ", ")
            throw ValueStreamError(
                .notFound, path: "", "\(name): no such section" + (known.isEmpty ? "" : " (the map has \(known))"))
        }
        return index
    }

    /// Where the sticker with this id is: (section index, index in the section).
    public func location(of id: Int) throws(ValueStreamError) -> (section: Int, index: Int) {
        for (s, section) in sections.enumerated() {
            if let k = section.stickers.firstIndex(where: { $0.id == id }) { return (s, k) }
        }
        throw ValueStreamError(.notFound, path: "", "#\(id): no such sticker in \(name)")
    }

    /// The sticker a user names: its id (`7` or `#7`), else the one sticker whose text is this (any case, any
    /// accents).
    public func sticker(named reference: String) throws(ValueStreamError) -> Sticker {
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
        if let id = Int(digits) {
            let (s, k) = try location(of: id)
            return sections[s].stickers[k]
        }
        let key = SearchText.fold(trimmed)
        let found = stickers.filter { SearchText.fold($0.text) == key }
        switch found.count {
        case 1: return found[0]
        case 0:
            throw ValueStreamError(.notFound, path: "", "\(reference): no sticker has this number or text in \(name)")
        default:
            let numbers = found.map { "#\($0.id)" }.joined(separator: ", ")
            throw ValueStreamError(
                .refused, path: "",
                "\(reference): \(found.count) stickers have this text (\(numbers)); name one by its number")
        }
    }

    // MARK: Operations

    static func insertionIndex(_ at: Int?, count: Int, path: String) throws(ValueStreamError) -> Int {
        guard let at else { return count }
        guard (1...count + 1).contains(at) else {
            throw ValueStreamError(.refused, path: path, "position \(at) is not between 1 and \(count + 1)")
        }
        return at - 1
    }

    /// Adds a section (at the end unless `at`).
    public mutating func addSection(_ name: String, at: Int? = nil) throws(ValueStreamError) {
        try Self.checkSectionName(name, field: "section")
        guard !sections.contains(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
            throw ValueStreamError(.refused, path: "", "\(name): the map has this section already")
        }
        sections.insert(
            MapSection(name: name), at: try Self.insertionIndex(at, count: sections.count, path: "position"))
    }

    public mutating func renameSection(_ name: String, to newName: String) throws(ValueStreamError) {
        let index = try sectionIndex(name)
        try Self.checkSectionName(newName, field: "section")
        if sections.enumerated().contains(where: {
            $0.offset != index && $0.element.name.caseInsensitiveCompare(newName) == .orderedSame
        }) {
            throw ValueStreamError(.refused, path: "", "\(newName): the map has this section already")
        }
        sections[index].name = newName
    }

    /// Moves a section to a 1-based position.
    public mutating func moveSection(_ name: String, to position: Int) throws(ValueStreamError) {
        let index = try sectionIndex(name)
        guard (1...sections.count).contains(position) else {
            throw ValueStreamError(
                .refused, path: "position", "position \(position) is not between 1 and \(sections.count)")
        }
        let section = sections.remove(at: index)
        sections.insert(section, at: position - 1)
    }

    /// Removes a section with its stickers.
    public mutating func removeSection(_ name: String) throws(ValueStreamError) {
        sections.remove(at: try sectionIndex(name))
    }

    /// Adds a sticker (its id is assigned here) to a section — the last one unless named, made if the map has
    /// none — after its last sticker unless `at` (1-based in that section). Returns it.
    @discardableResult
    public mutating func addSticker(_ draft: Sticker, section: String? = nil, at: Int? = nil) throws(ValueStreamError)
        -> Sticker
    {
        var sticker = draft
        sticker.id = nextStickerID
        try sticker.validate()
        // Nothing changes until every check has passed: a refused position makes no default section.
        if section == nil, sections.isEmpty {
            _ = try Self.insertionIndex(at, count: 0, path: "position")
            sections.append(MapSection(name: Self.defaultSectionName))
        }
        let s = try section.map { name throws(ValueStreamError) in try sectionIndex(name) } ?? sections.count - 1
        let index = try Self.insertionIndex(at, count: sections[s].stickers.count, path: "position")
        sections[s].stickers.insert(sticker, at: index)
        nextStickerID += 1
        return sticker
    }

    /// Moves a sticker to a 1-based position in its section, or in `section`.
    public mutating func moveSticker(_ id: Int, to position: Int, section: String? = nil) throws(ValueStreamError) {
        let (from, index) = try location(of: id)
        let target = try section.map { name throws(ValueStreamError) in try sectionIndex(name) } ?? from
        let count = sections[target].stickers.count - (target == from ? 1 : 0)
        guard (1...count + 1).contains(position) else {
            throw ValueStreamError(
                .refused, path: "position", "position \(position) is not between 1 and \(count + 1)")
        }
        let sticker = sections[from].stickers.remove(at: index)
        sections[target].stickers.insert(sticker, at: position - 1)
    }

    /// Changes a sticker's fields; the result must be valid.
    public mutating func editSticker(_ id: Int, _ change: StickerChange) throws(ValueStreamError) {
        let (s, k) = try location(of: id)
        let edited = change.applied(to: sections[s].stickers[k])
        try edited.validate()
        sections[s].stickers[k] = edited
    }

    public mutating func removeSticker(_ id: Int) throws(ValueStreamError) {
        let (s, k) = try location(of: id)
        sections[s].stickers.remove(at: k)
    }
}
