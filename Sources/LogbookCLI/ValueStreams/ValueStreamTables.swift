import Foundation
import LogbookDaemon
import LogbookServices
import LogbookStore
import TrackModel
import ValueStreams

/// The maps as people read them in a terminal, and as rows for tables and CSV: the list, a map's stickers, what a
/// search found, and a whole map with its measures.
package enum ValueStreamTables {
    /// `vsm list`: one row per map (the JSON is the views' own).
    package static func maps(_ maps: [ValueStreamSummaryView]) -> Listing {
        var listing = Listing([
            ("name", "Map"), ("state", "State"), ("future_of", "Future of"), ("sections", "Sections"),
            ("stickers", "Stickers"), ("lead_time_s", "Lead time s"), ("pce", "PCE"), ("created", "Created"),
            ("updated", "Saved"),
        ])
        for map in maps {
            let summary = map.summary
            listing.append([
                .text(summary.name), .text(summary.state.rawValue), .text(summary.futureOf),
                .integer(summary.sections), .integer(summary.stickers),
                .number(map.measures.leadTimeSeconds, decimals: 0), .number(map.measures.pce, decimals: 3),
                .time(Timestamp(secondsSince1970: summary.created.timeIntervalSince1970)),
                .time(Timestamp(secondsSince1970: summary.updated.timeIntervalSince1970)),
            ])
        }
        return listing
    }

    /// `vsm search`: the maps found, then the stickers.
    package static func found(_ rows: [ValueStreamSearchRow]) -> Listing {
        var listing = Listing([
            ("kind", "Found"), ("map", "Map"), ("section", "Section"), ("sticker", "Sticker"), ("text", "Text"),
            ("sticker_kind", "Kind"),
        ])
        for row in rows {
            listing.append([
                .text(row.kind), .text(row.map), .text(row.section), .integer(row.sticker), .text(row.text),
                .text(row.stickerKind),
            ])
        }
        return listing
    }

    /// One row per sticker, in timeline order (CSV of `vsm show`).
    package static func stickers(_ map: ValueStreamMap) -> Listing {
        var listing = Listing([
            ("section", "Section"), ("position", "Pos"), ("id", "#"), ("text", "Text"), ("kind", "Kind"),
            ("process_s", "Process s"), ("wait_s", "Wait s"), ("ca", "%C&A"), ("inventory", "Inventory"),
            ("colour", "Colour"), ("font", "Font"), ("size", "Size"),
        ])
        for section in map.sections {
            for (index, s) in section.stickers.enumerated() {
                listing.append([
                    .text(section.name), .integer(index + 1), .integer(s.id), .text(s.text), .text(s.kind.rawValue),
                    .number(s.processSeconds, decimals: 0), .number(s.waitSeconds, decimals: 0),
                    .number(s.ca, decimals: 1), .integer(s.inventory), .text(s.colour.description),
                    .text(s.style.font), .number(s.style.size, decimals: 1),
                ])
            }
        }
        return listing
    }

    /// `12.5 %` or `–`.
    static func percent(_ fraction: Double?) -> String {
        guard let fraction else { return "–" }
        return String(format: "%.1f %%", fraction * 100)
    }

    static func measureLines(_ m: Measures, indent: String = "  ") -> [String] {
        var lines = [
            "lead time \(DurationText.text(m.leadTimeSeconds)) = process \(DurationText.text(m.processSeconds)) + "
                + "waiting \(DurationText.text(m.waitingSeconds))",
            "value-added \(DurationText.text(m.valueAddedSeconds)), non-value-added "
                + "\(DurationText.text(m.nonValueAddedSeconds)), PCE \(percent(m.pce)), rolled %C&A \(percent(m.rolledCA))",
        ]
        let kinds = StickerKind.allCases.map { kind in
            let total = m.byKind[kind] ?? Measures.KindTotal()
            return "\(kind.title) \(total.count) (\(DurationText.text(total.seconds)))"
        }
        lines.append(kinds.joined(separator: ", "))
        return lines.map { indent + $0 }
    }

    /// The whole map: title, each section's stickers and measures, the map's measures and takt time, and a future
    /// map's change against its current map.
    package static func table(_ view: ValueStreamMapView, clock: LocalClock) -> String {
        let map = view.map
        var out = "\(map.name) — \(map.state.rawValue) state"
        if let futureOf = map.futureOf { out += " of \(futureOf)" }
        out += ", saved \(clock.dateTime(Timestamp(secondsSince1970: map.updated.timeIntervalSince1970)))\n"
        if !map.description.isEmpty { out += map.description + "\n" }
        for (section, measures) in zip(map.sections, map.sectionMeasures) {
            out += "\n\(section.name)\n"
            var listing = Listing([
                ("position", "Pos"), ("id", "#"), ("text", "Sticker"), ("kind", "Kind"), ("wait", "Wait before"),
                ("process", "Process"), ("ca", "%C&A"), ("inventory", "Inventory"),
            ])
            for (index, s) in section.stickers.enumerated() {
                listing.append([
                    .integer(index + 1), .integer(s.id), .text(s.text), .text(s.kind.title),
                    .text(DurationText.text(s.waitSeconds)), .text(DurationText.text(s.processSeconds)),
                    .number(s.ca, decimals: 1), .integer(s.inventory),
                ])
            }
            if !section.stickers.isEmpty { out += listing.table(clock) }
            out += measureLines(measures).joined(separator: "\n") + "\n"
        }
        let m = map.measures
        out += "\nWhole map (\(m.stickerCount) sticker\(m.stickerCount == 1 ? "" : "s"))\n"
        out += measureLines(m).joined(separator: "\n") + "\n"
        out += "  takt time " + (m.taktSeconds.map(DurationText.text) ?? "– (set --demand and --available)") + "\n"
        if let c = view.comparison {
            let sign = c.leadTimeChangeSeconds <= 0 ? "−" : "+"
            out += "\nAgainst \(c.current): lead time \(sign)\(DurationText.text(abs(c.leadTimeChangeSeconds))), "
            out += "PCE " + (c.pceChange.map { String(format: "%+.1f points", $0 * 100) } ?? "–")
            out += ", waste removed \(DurationText.text(max(0, c.wasteRemovedSeconds))) "
            out += "(\(c.wasteRemovedCount) sticker\(abs(c.wasteRemovedCount) == 1 ? "" : "s"))\n"
        }
        return out
    }
}
