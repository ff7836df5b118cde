import Foundation

/// The map's JSON document (`ValueStreamJSON`'s format) as an `Encodable` value: what `vsm export --json` writes,
/// and — with `measures` — what `vsm show --format json` and the API answer for a map. Whole numbers are written as
/// integers, other times and sizes with up to 3 decimals, fractions (PCE, rolled %C&A) with up to 6; a value a map
/// does not have is `null`, never left out.
public struct ValueStreamDocument: Encodable, Sendable {
    public var map: ValueStreamMap
    /// Whether the measures of the map and of each section are written (and a future map's comparison).
    public var measures: Bool
    /// The current map a future map improves, for its comparison.
    public var current: ValueStreamMap?

    public init(_ map: ValueStreamMap, measures: Bool = false, current: ValueStreamMap? = nil) {
        self.map = map
        self.measures = measures
        self.current = current
    }

    enum Keys: String, CodingKey {
        case format, version, name, description, state
        case futureOf = "future_of"
        case demandPerDay = "demand_per_day"
        case availableSeconds = "available_time_per_day_s"
        case created, updated
        case nextStickerID = "next_sticker_id"
        case sections, measures, comparison
    }

    enum SectionKeys: String, CodingKey {
        case name, stickers, measures
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(ValueStreamJSON.format, forKey: .format)
        try c.encode(ValueStreamJSON.version, forKey: .version)
        try c.encode(map.name, forKey: .name)
        try c.encode(map.description, forKey: .description)
        try c.encode(map.state.rawValue, forKey: .state)
        try c.encode(map.futureOf, forKey: .futureOf)
        try c.encode(map.demandPerDay.map { Number($0) }, forKey: .demandPerDay)
        try c.encode(map.availableSecondsPerDay.map { Number($0) }, forKey: .availableSeconds)
        try c.encode(Self.timestamp(map.created), forKey: .created)
        try c.encode(Self.timestamp(map.updated), forKey: .updated)
        try c.encode(map.nextStickerID, forKey: .nextStickerID)
        var sections = c.nestedUnkeyedContainer(forKey: .sections)
        let sectionMeasures = measures ? map.sectionMeasures : []
        for (index, section) in map.sections.enumerated() {
            var s = sections.nestedContainer(keyedBy: SectionKeys.self)
            try s.encode(section.name, forKey: .name)
            try s.encode(section.stickers.map(StickerFields.init), forKey: .stickers)
            if measures { try s.encode(MeasuresFields(sectionMeasures[index]), forKey: .measures) }
        }
        guard measures else { return }
        try c.encode(MeasuresFields(map.measures), forKey: .measures)
        if map.state == .future, let current {
            try c.encode(ComparisonFields(MapComparison(future: map, current: current)), forKey: .comparison)
        }
    }

    /// `2026-11-20T08:00:00Z`.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    // MARK: Parts

    /// A sticker's fields in the document (`id`, `text`, `kind`, `background`, `font`, `size`, `process_s`,
    /// `wait_s`, `ca`, `inventory`), also the start of the API's answer about one sticker.
    public struct StickerFields: Encodable, Sendable {
        public var sticker: Sticker

        public init(_ sticker: Sticker) { self.sticker = sticker }

        enum Keys: String, CodingKey {
            case id, text, kind, background, font, size
            case processSeconds = "process_s"
            case waitSeconds = "wait_s"
            case ca, inventory
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(sticker.id, forKey: .id)
            try c.encode(sticker.text, forKey: .text)
            try c.encode(sticker.kind.rawValue, forKey: .kind)
            try c.encode(sticker.style.background?.description, forKey: .background)
            try c.encode(sticker.style.font, forKey: .font)
            try c.encode(Number(sticker.style.size), forKey: .size)
            try c.encode(Number(sticker.processSeconds), forKey: .processSeconds)
            try c.encode(Number(sticker.waitSeconds), forKey: .waitSeconds)
            try c.encode(sticker.ca.map { Number($0) }, forKey: .ca)
            try c.encode(sticker.inventory, forKey: .inventory)
        }
    }

    /// The measures of the map or of a section.
    struct MeasuresFields: Encodable {
        var measures: Measures

        init(_ measures: Measures) { self.measures = measures }

        enum Keys: String, CodingKey {
            case leadTime = "lead_time_s"
            case processTime = "process_time_s"
            case valueAdded = "value_added_s"
            case waiting = "waiting_s"
            case nonValueAdded = "non_value_added_s"
            case pce
            case rolledCA = "rolled_ca"
            case takt = "takt_s"
            case stickers
            case byKind = "by_kind"
        }

        struct KindFields: Encodable {
            var count: Int
            var time: Number

            enum CodingKeys: String, CodingKey {
                case count
                case time = "time_s"
            }
        }

        func encode(to encoder: any Encoder) throws {
            let m = measures
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(Number(m.leadTimeSeconds), forKey: .leadTime)
            try c.encode(Number(m.processSeconds), forKey: .processTime)
            try c.encode(Number(m.valueAddedSeconds), forKey: .valueAdded)
            try c.encode(Number(m.waitingSeconds), forKey: .waiting)
            try c.encode(Number(m.nonValueAddedSeconds), forKey: .nonValueAdded)
            // Fractions keep 6 decimals (3 would round a PCE of 0.04 % to 0).
            try c.encode(m.pce.map { Number($0, places: 6) }, forKey: .pce)
            try c.encode(m.rolledCA.map { Number($0, places: 6) }, forKey: .rolledCA)
            try c.encode(m.taktSeconds.map { Number($0) }, forKey: .takt)
            try c.encode(m.stickerCount, forKey: .stickers)
            var kinds: [String: KindFields] = [:]
            for kind in StickerKind.allCases {
                let total = m.byKind[kind] ?? Measures.KindTotal()
                kinds[kind.rawValue] = KindFields(count: total.count, time: Number(total.seconds))
            }
            try c.encode(kinds, forKey: .byKind)
        }
    }

    /// A future map against its current map.
    struct ComparisonFields: Encodable {
        var comparison: MapComparison

        init(_ comparison: MapComparison) { self.comparison = comparison }

        enum Keys: String, CodingKey {
            case current
            case leadTimeChange = "lead_time_change_s"
            case pceChange = "pce_change"
            case wasteRemoved = "waste_removed_s"
            case wasteRemovedCount = "waste_removed_count"
            case waitingRemoved = "waiting_removed_s"
        }

        func encode(to encoder: any Encoder) throws {
            let m = comparison
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(m.current, forKey: .current)
            try c.encode(Number(m.leadTimeChangeSeconds), forKey: .leadTimeChange)
            try c.encode(m.pceChange, forKey: .pceChange)
            try c.encode(Number(m.wasteRemovedSeconds), forKey: .wasteRemoved)
            try c.encode(m.wasteRemovedCount, forKey: .wasteRemovedCount)
            try c.encode(Number(m.waitingRemovedSeconds), forKey: .waitingRemoved)
        }
    }

    /// A number as the document writes it: a whole number as an integer, else rounded to `places` decimals.
    public struct Number: Encodable, Sendable, Hashable {
        public var value: Double
        public var places: Int

        public init(_ value: Double, places: Int = 3) {
            self.value = value
            self.places = places
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            if value.rounded() == value, abs(value) < 1e15 {
                try c.encode(Int(value))
            } else {
                let scale = pow(10, Double(places))
                let rounded = (value * scale).rounded() / scale
                if rounded.rounded() == rounded, abs(rounded) < 1e15 {
                    try c.encode(Int(rounded))
                } else {
                    try c.encode(rounded)
                }
            }
        }
    }
}
