import Foundation
public import LogbookStore
import TrackModel
public import ValueStreams

/// A map in the list (`vsm list`, `GET /api/v1/vsm/maps`), the last saved first: its name, state, the map it
/// improves, how many sections and stickers, its lead time (whole seconds) and PCE (3 decimals), and when it was
/// made and last saved (ISO 8601 UTC).
public struct ValueStreamSummaryView: Encodable, Sendable, Hashable {
    public var summary: ValueStreamMapSummary
    /// The map's measures, for pages and tables (the JSON carries lead time and PCE).
    public var measures: Measures

    public init(summary: ValueStreamMapSummary, measures: Measures) {
        self.summary = summary
        self.measures = measures
    }

    enum CodingKeys: String, CodingKey {
        case name, state
        case futureOf = "future_of"
        case sections, stickers
        case leadTime = "lead_time_s"
        case pce, created, updated
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(summary.name, forKey: .name)
        try c.encode(summary.state.rawValue, forKey: .state)
        try c.encode(summary.futureOf, forKey: .futureOf)
        try c.encode(summary.sections, forKey: .sections)
        try c.encode(summary.stickers, forKey: .stickers)
        try c.encode(ValueStreamDocument.Number(measures.leadTimeSeconds.rounded()), forKey: .leadTime)
        try c.encode(measures.pce.map { ValueStreamDocument.Number($0, places: 3) }, forKey: .pce)
        try c.encode(Self.time(summary.created), forKey: .created)
        try c.encode(Self.time(summary.updated), forKey: .updated)
    }

    /// `2026-11-20T08:00:00Z`.
    static func time(_ date: Date) -> String {
        Timestamp(secondsSince1970: date.timeIntervalSince1970).iso8601
    }
}
