import LogbookDaemon
import LogbookServices
import LogbookStore
import MileageLog
import TrackModel

/// Trips for people (a table) and for spreadsheets (CSV rows); programs get `TripView`'s JSON.
package enum TripRendering {
    /// Every field of a trip as CSV rows: the columns of `TripView`'s JSON, in their order.
    package static func listing(_ views: [TripView]) -> Listing {
        var listing = Listing(TripView.CodingKeys.allCases.map { ($0.rawValue, $0.rawValue) })
        for view in views {
            let t = view.trip
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
                .text(t.endLabel), .text(t.source.rawValue), .text(t.regularName), .flag(view.edited),
                .flag(t.locked), .flag(t.voided), .text(t.voidReason),
                .number(t.distance / t.odometerUnit.metres, decimals: 3), .text(t.odometerUnit.rawValue),
                .text(t.estimatedNames.isEmpty ? nil : t.estimatedNames.joined(separator: " ")),
            ])
        }
        return listing
    }

    /// The table people read: local dates and times, kilometres (or miles), odometer, category and purpose.
    static func table(_ views: [TripView], clock: LocalClock) -> String {
        let trips = views.map(\.trip)
        let edited = Set(views.filter(\.edited).map(\.trip.id))
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
            // As the report marks them: the times the engine estimated (the fix lost on the way).
            flags.append(contentsOf: t.estimatedNames.map { "≈" + $0 })
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

    static func kilometres(_ metres: Double) -> String { ReplayRendering.kilometres(metres) }

    static func distance(_ metres: Double, unit: OdometerUnit) -> String {
        unit == .km ? kilometres(metres) : fixed(metres / unit.metres) + " mi"
    }

    static func fixed(_ value: Double) -> String {
        let text = JSONText.fixed((value * 10).rounded() / 10, decimals: 1)
        return text.contains(".") ? text : text + ".0"
    }
}
