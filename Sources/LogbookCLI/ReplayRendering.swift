import Foundation
import LogbookStore
import TrackModel
import TripEngine

/// The three renderings of a replay: JSON (the contract of DESIGN.md §4), CSV and a table for people.
enum ReplayRendering {
    static func json(_ replay: Replay, vehicle: VehicleDetails? = nil) -> String {
        var j = JSONText()
        j.beginObject()
        j.field("distance_m", replay.totalDistance, decimals: 1)
        if let vehicle {
            j.field("vehicle", vehicle.plate)
            j.field("odometer_unit", vehicle.odometerUnit.rawValue)
        }
        j.key("trips")
        j.beginArray()
        for trip in replay.trips { tripObject(trip, into: &j) }
        j.endArray()
        let counts = replay.engine.counts
        j.key("fixes")
        j.beginObject()
        j.field("read", counts.read)
        j.field("used", counts.used)
        j.key("rejected")
        j.beginObject()
        for (reason, count) in counts.rejected.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            j.field(reason.rawValue, count)
        }
        j.endObject()
        j.endObject()
        j.field("trips_discarded", counts.tripsDiscarded)
        j.key("long_idle")
        j.beginArray()
        for idle in replay.longIdles {
            j.beginObject()
            j.field("since", idle.since.iso8601)
            j.field("duration_s", idle.duration, decimals: 1)
            j.endObject()
        }
        j.endArray()
        j.endObject()
        return j.text + "\n"
    }

    static func tripObject(_ trip: Trip, id: Int64? = nil, vehicle: String? = nil, into j: inout JSONText) {
        j.beginObject()
        if let id { j.field("id", Int(id)) }
        if let vehicle { j.field("vehicle", vehicle) }
        j.field("start", trip.start.iso8601)
        j.field("end", trip.end.iso8601)
        j.field("distance_m", trip.distance, decimals: 1)
        j.field("duration_s", trip.duration, decimals: 1)
        j.field("moving_s", trip.movingSeconds, decimals: 1)
        j.field("idle_s", trip.idleSeconds, decimals: 1)
        j.field("idle_periods", trip.idlePeriods)
        j.field("max_speed_mps", trip.maximumSpeed, decimals: 2)
        j.field("avg_speed_mps", trip.averageSpeed, decimals: 2)
        j.field("start_lat", trip.startCoordinate.latitude, decimals: 7)
        j.field("start_lon", trip.startCoordinate.longitude, decimals: 7)
        j.field("end_lat", trip.endCoordinate.latitude, decimals: 7)
        j.field("end_lon", trip.endCoordinate.longitude, decimals: 7)
        j.field("fixes_used", trip.fixesUsed)
        if !trip.estimated.isEmpty {
            // The ends the engine estimated (issue 26): ["start"], ["end"] or ["start", "end"].
            j.key("estimated")
            j.beginArray()
            for name in trip.estimated.names { j.value(name) }
            j.endArray()
        }
        j.endObject()
    }

    static let csvColumns = [
        "start", "end", "distance_m", "duration_s", "moving_s", "idle_s", "idle_periods", "max_speed_mps",
        "avg_speed_mps", "start_lat", "start_lon", "end_lat", "end_lon", "fixes_used", "estimated",
    ]

    static func csv(_ replay: Replay) -> String {
        csvColumns.joined(separator: ",") + "\r\n" + csvRows(replay.trips).map { $0 + "\r\n" }.joined()
    }

    /// One CSV line (without line end) per trip, in `csvColumns` order.
    static func csvRows(_ trips: [Trip]) -> [String] {
        trips.map { t in
            [
                t.start.iso8601, t.end.iso8601, JSONText.fixed(t.distance, decimals: 1),
                JSONText.fixed(t.duration, decimals: 1), JSONText.fixed(t.movingSeconds, decimals: 1),
                JSONText.fixed(t.idleSeconds, decimals: 1), String(t.idlePeriods),
                JSONText.fixed(t.maximumSpeed, decimals: 2), JSONText.fixed(t.averageSpeed, decimals: 2),
                JSONText.fixed(t.startCoordinate.latitude, decimals: 7),
                JSONText.fixed(t.startCoordinate.longitude, decimals: 7),
                JSONText.fixed(t.endCoordinate.latitude, decimals: 7),
                JSONText.fixed(t.endCoordinate.longitude, decimals: 7), String(t.fixesUsed),
                t.estimated.names.joined(separator: " "),
            ].joined(separator: ",")
        }
    }

    static func table(_ replay: Replay, timeZone: TimeZone, zoneName: String) -> String {
        var out = tripTable(replay.trips, ids: nil, vehicles: nil, timeZone: timeZone, zoneName: nil)
        let counts = replay.engine.counts
        out += "Fixes: \(counts.read) read, \(counts.used) used, \(counts.rejectedTotal) rejected"
        if !counts.rejected.isEmpty {
            out +=
                " ("
                + counts.rejected.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }
                .joined(separator: ", ") + ")"
        }
        out += "; times in \(zoneName)\n"
        if counts.tripsDiscarded > 0 {
            out += "\(counts.tripsDiscarded) movement(s) shorter than the minimum trip distance were not counted.\n"
        }
        return out
    }

    /// The people's table of trips: local times, km with one decimal, h:mm durations, a totals line.
    static func tripTable(
        _ trips: [Trip], ids: [String]?, vehicles: [String]?, timeZone: TimeZone, zoneName: String?
    ) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        func local(_ t: Double, withDate: Bool) -> String {
            let c = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: t))
            let time = pad(c.hour ?? 0) + ":" + pad(c.minute ?? 0)
            guard withDate else { return time }
            return "\(c.year ?? 0)-\(pad(c.month ?? 0))-\(pad(c.day ?? 0)) " + time
        }
        var header = ["#"]
        if vehicles != nil { header.append("Vehicle") }
        header += ["Start", "End", "Distance", "Duration", "Moving", "Idle", "Max km/h"]
        var rows: [[String]] = [header]
        for (k, t) in trips.enumerated() {
            let sameDay = calendar.isDate(
                Date(timeIntervalSince1970: t.start.secondsSince1970),
                inSameDayAs: Date(timeIntervalSince1970: t.end.secondsSince1970))
            var row = [ids?[k] ?? String(k + 1)]
            if let vehicles { row.append(vehicles[k]) }
            row += [
                local(t.start.secondsSince1970, withDate: true), local(t.end.secondsSince1970, withDate: !sameDay),
                kilometres(t.distance), hoursMinutes(t.duration), hoursMinutes(t.movingSeconds),
                hoursMinutes(t.idleSeconds), String(Int((t.maximumSpeed * 3.6).rounded())),
            ]
            rows.append(row)
        }
        let count = trips.count
        var total = [""]
        if vehicles != nil { total.append("") }
        total += [
            "Total", "\(count) trip\(count == 1 ? "" : "s")", kilometres(trips.reduce(0) { $0 + $1.distance }),
            hoursMinutes(trips.reduce(0) { $0 + $1.duration }), hoursMinutes(trips.reduce(0) { $0 + $1.movingSeconds }),
            hoursMinutes(trips.reduce(0) { $0 + $1.idleSeconds }), "",
        ]
        rows.append(total)
        let widths = (0..<header.count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        let textColumns: Set<String> = ["Vehicle", "Start", "End"]
        var out = ""
        for (r, row) in rows.enumerated() {
            if r == rows.count - 1 {
                out += String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1)) + "\n"
            }
            let cells = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return textColumns.contains(header[column]) ? cell + padding : padding + cell
            }
            out += cells.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        if let zoneName { out += "Times in \(zoneName)\n" }
        return out
    }

    private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    static func kilometres(_ metres: Double) -> String {
        JSONText.fixed((metres / 100).rounded() / 10, decimals: 1).withOneDecimal() + " km"
    }

    static func hoursMinutes(_ seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded())
        return "\(minutes / 60):" + pad(minutes % 60)
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }

    fileprivate func withOneDecimal() -> String { contains(".") ? self : self + ".0" }
}
