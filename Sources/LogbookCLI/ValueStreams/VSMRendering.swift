import Foundation
import LogbookDaemon
import TrackModel
import ValueStreams
import LogbookServices

/// A map as people read it in a terminal, and its stickers as rows.
package enum VSMRendering {
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
    package static func table(_ map: ValueStreamMap, current: ValueStreamMap?, clock: LocalClock) -> String {
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
        if let current, map.state == .future {
            let c = MapComparison(future: map, current: current)
            let sign = c.leadTimeChangeSeconds <= 0 ? "−" : "+"
            out += "\nAgainst \(c.current): lead time \(sign)\(DurationText.text(abs(c.leadTimeChangeSeconds))), "
            out += "PCE " + (c.pceChange.map { String(format: "%+.1f points", $0 * 100) } ?? "–")
            out += ", waste removed \(DurationText.text(max(0, c.wasteRemovedSeconds))) "
            out += "(\(c.wasteRemovedCount) sticker\(abs(c.wasteRemovedCount) == 1 ? "" : "s"))\n"
        }
        return out
    }
}
