import LogbookDaemon
import LogbookStore
import MileageLog
import TrackModel
import LogbookServices

/// Stored trips for people (a table) and programs (JSON objects, CSV rows).
package enum TripRendering {
    /// Every field of a stored trip: `replay`'s fields plus the log's (DESIGN.md §4, issue 5 §6).
    package static func listing(_ trips: [StoredTrip], edited: Set<Int64> = []) -> Listing {
        var listing = Listing([
            ("id", "id"), ("vehicle", "vehicle"), ("start", "start"), ("end", "end"), ("distance_m", "distance_m"),
            ("duration_s", "duration_s"), ("moving_s", "moving_s"), ("idle_s", "idle_s"),
            ("idle_periods", "idle_periods"), ("max_speed_mps", "max_speed_mps"), ("avg_speed_mps", "avg_speed_mps"),
            ("start_lat", "start_lat"), ("start_lon", "start_lon"), ("end_lat", "end_lat"), ("end_lon", "end_lon"),
            ("fixes_used", "fixes_used"), ("driver", "driver"), ("start_odometer", "start_odometer"),
            ("end_odometer", "end_odometer"), ("odometer_unit", "odometer_unit"), ("category", "category"),
            ("category_origin", "category_origin"), ("purpose", "purpose"), ("partner", "partner"),
            ("destination", "destination"), ("notes", "notes"), ("start_label", "start_label"),
            ("end_label", "end_label"), ("source", "source"), ("regular", "regular"), ("edited", "edited"),
            ("locked", "locked"), ("voided", "voided"), ("void_reason", "void_reason"), ("distance", "distance"),
            ("distance_unit", "distance_unit"),
        ])
        for t in trips {
            listing.append([
                .integer(Int(t.id)), .text(t.vehicle), .time(t.start), .time(t.end), .number(t.distance, decimals: 1),
                .number(t.duration, decimals: 1), .number(t.movingSeconds, decimals: 1),
                .number(t.idleSeconds, decimals: 1), .integer(t.idlePeriods), .number(t.maximumSpeed, decimals: 2),
                .number(t.averageSpeed, decimals: 2), .number(t.startCoordinate?.latitude, decimals: 7),
                .number(t.startCoordinate?.longitude, decimals: 7), .number(t.endCoordinate?.latitude, decimals: 7),
                .number(t.endCoordinate?.longitude, decimals: 7), .integer(t.fixesUsed), .text(t.driver),
                .number(t.startOdometer, decimals: 1), .number(t.endOdometer, decimals: 1),
                .text(t.odometerUnit.rawValue), .text(t.category?.rawValue), .text(t.categoryOrigin?.rawValue),
                .text(t.purpose), .text(t.partner), .text(t.destination), .text(t.notes), .text(t.startLabel),
                .text(t.endLabel), .text(t.source.rawValue), .text(t.regularName), .flag(edited.contains(t.id)),
                .flag(t.locked), .flag(t.voided), .text(t.voidReason),
                .number(t.distance / t.odometerUnit.metres, decimals: 3), .text(t.odometerUnit.rawValue),
            ])
        }
        return listing
    }

    /// The table people read: local dates and times, kilometres (or miles), odometer, category and purpose.
    static func table(_ trips: [StoredTrip], edited: Set<Int64> = [], clock: LocalClock) -> String {
        var listing = Listing([
            ("id", "#"), ("vehicle", "Vehicle"), ("driver", "Driver"), ("date", "Date"), ("start", "Start"),
            ("end", "End"), ("distance", "Distance"), ("odometer", "Odometer"), ("category", "Category"),
            ("purpose", "Purpose"), ("flags", "Flags"),
        ])
        for t in trips {
            var flags: [String] = []
            if t.source != .gps { flags.append(t.source.rawValue) }
            if edited.contains(t.id) { flags.append("edited") }
            if t.locked { flags.append("locked") }
            if t.voided { flags.append("VOID") }
            let odometer = t.startOdometer.map { start in
                fixed(start) + "–" + (t.endOdometer.map(fixed) ?? "?") + " " + t.odometerUnit.rawValue
            }
            listing.append([
                .text(String(t.id)), .text(t.vehicle), .text(t.driver), .text(clock.date(t.start)),
                .text(clock.time(t.start)),
                .text(clock.day(t.end) == clock.day(t.start) ? clock.time(t.end) : clock.dateTime(t.end)),
                .text(distance(t.distance, unit: t.odometerUnit)), .text(odometer),
                .text(t.category?.rawValue ?? "—"),
                .text(t.purpose.map { TerminalText.truncated(TerminalText.escaped($0), toWidth: 40) }),
                .text(flags.joined(separator: ",")),
            ])
        }
        return listing.table(clock, footer: totals(trips) + ["Times in \(clock.name)"])
    }

    /// A line with the count and distance, and one per category (voided trips not counted), in the vehicles'
    /// units: a log with vehicles in kilometres and in miles gets a figure per unit (`16.1 km + 15.0 mi`).
    static func totals(_ trips: [StoredTrip]) -> [String] {
        let counted = trips.filter { !$0.voided }
        func sum(_ selected: [StoredTrip]) -> String {
            let units = OdometerUnit.allCases.filter { unit in selected.contains { $0.odometerUnit == unit } }
            if units.isEmpty { return kilometres(0) }
            return units.map { unit in
                distance(selected.filter { $0.odometerUnit == unit }.reduce(0) { $0 + $1.distance }, unit: unit)
            }.joined(separator: " + ")
        }
        var lines = ["Total: \(counted.count) trip\(counted.count == 1 ? "" : "s"), \(sum(counted))"]
        var parts: [String] = []
        for category in TripCategory.allCases {
            let selected = counted.filter { $0.category == category && $0.distance > 0 }
            if !selected.isEmpty { parts.append("\(category.rawValue) \(sum(selected))") }
        }
        let open = counted.filter { $0.category == nil && $0.distance > 0 }
        if !open.isEmpty { parts.append("unclassified \(sum(open))") }
        if !parts.isEmpty { lines.append("By category: " + parts.joined(separator: ", ")) }
        return lines
    }

    package static func json(_ trips: [StoredTrip], edited: Set<Int64>) -> String {
        var j = JSONText()
        j.beginObject()
        j.field("distance_m", trips.filter { !$0.voided }.reduce(0) { $0 + $1.distance }, decimals: 1)
        j.key("trips")
        listing(trips, edited: edited).objects(into: &j)
        j.endObject()
        return j.text + "\n"
    }

    static func kilometres(_ metres: Double) -> String { ReplayRendering.kilometres(metres) }

    static func distance(_ metres: Double, unit: OdometerUnit) -> String {
        unit == .km ? kilometres(metres) : fixed(metres / unit.metres) + " mi"
    }

    static func fixed(_ value: Double) -> String {
        let text = JSONText.fixed((value * 10).rounded() / 10, decimals: 1)
        return text.contains(".") ? text : text + ".0"
    }
}
