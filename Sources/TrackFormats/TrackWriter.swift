public import TrackModel

/// A streaming writer of fixes in one output format.
///
/// Writers append text to a caller-owned `String` so the caller decides when to flush; a track is
/// written as `begin`, then for each segment `beginSegment`, `write`… and `endSegment`, then `end`.
/// Writers never hold the fixes themselves: memory stays constant however long the track.
public protocol TrackWriter {
    mutating func begin(into out: inout TextBuffer)
    mutating func beginSegment(name: String?, into out: inout TextBuffer)
    mutating func write(_ fix: Fix, into out: inout TextBuffer)
    mutating func endSegment(into out: inout TextBuffer)
    mutating func end(into out: inout TextBuffer)
}

/// The output formats Logbook writes.
public enum TrackOutputFormat: String, Sendable, CaseIterable {
    /// One gpsd TPV object per line.
    case json
    case csv
    case gpx
    case geojson
    case kml

    /// A fresh writer for this format; `name` titles the document where the format has a title.
    public func makeWriter(name: String = "Logbook track") -> any TrackWriter {
        switch self {
        case .json: return TPVJSONWriter()
        case .csv: return CSVTrackWriter()
        case .gpx: return GPXWriter(name: name)
        case .geojson: return GeoJSONWriter(name: name)
        case .kml: return KMLWriter(name: name)
        }
    }

    /// The format for a file name's extension, for `--track-out FILE`.
    public init?(fileName: String) {
        let lower = fileName.lowercased()
        guard let dot = lower.lastIndex(of: ".") else { return nil }
        switch lower[lower.index(after: dot)...] {
        case "json", "jsonl", "ndjson": self = .json
        case "csv": self = .csv
        case "gpx": self = .gpx
        case "geojson": self = .geojson
        case "kml": self = .kml
        default: return nil
        }
    }
}

extension TrackWriter {
    /// Default: formats without segments or document framing need nothing here.
    public mutating func beginSegment(name: String?, into out: inout TextBuffer) {}
    public mutating func endSegment(into out: inout TextBuffer) {}
}
