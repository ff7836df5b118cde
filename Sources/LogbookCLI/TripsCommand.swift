import ArgumentParser
import Foundation
import LogbookStore
import TrackModel
import TripEngine

/// `logbook trips`: the stored trips.
struct TripsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trips", abstract: "Work with the stored trips.", subcommands: [List.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the stored trips.",
            discussion: "JSON has the shape of `logbook replay`'s, with each trip's `id` and `vehicle`.")

        @Option(name: .long, help: "Output format: table, json or csv.")
        var format: ReplayCommand.Format = .table

        @Option(name: .long, help: "Only this vehicle's trips (plate).")
        var vehicle: String?

        @Option(name: .long, help: "Time zone for the table's local times (an IANA name).")
        var timezone: String?

        @OptionGroup var databaseOptions: DatabaseOptions

        func validate() throws {
            if let timezone, TimeZone(identifier: timezone) == nil {
                throw ValidationError("Unknown time zone '\(timezone)'; use an IANA name such as Europe/Tallinn.")
            }
        }

        func run() throws {
            let database = try databaseOptions.open()
            let stored: [StoredTrip]
            do {
                stored = try database.trips(vehicle: vehicle)
            } catch {
                Diagnostics.error("\(databaseOptions.path): \(error)")
                throw ExitCode(74)
            }
            var output = StandardOutput()
            switch format {
            case .json: output.write(Self.json(stored))
            case .csv: output.write(Self.csv(stored))
            case .table:
                let zone = timezone.flatMap(TimeZone.init(identifier:)) ?? .current
                output.write(Self.table(stored, timeZone: zone, zoneName: timezone ?? zone.identifier))
            }
            output.flush()
        }

        static func json(_ stored: [StoredTrip]) -> String {
            var j = JSONText()
            j.beginObject()
            j.field("distance_m", stored.reduce(0) { $0 + $1.trip.distance }, decimals: 1)
            j.key("trips")
            j.beginArray()
            for entry in stored {
                ReplayRendering.tripObject(entry.trip, id: entry.id, vehicle: entry.vehicle, into: &j)
            }
            j.endArray()
            j.endObject()
            return j.text + "\n"
        }

        static func csv(_ stored: [StoredTrip]) -> String {
            let body = ReplayRendering.csvRows(stored.map(\.trip))
            var out = "id,vehicle," + ReplayRendering.csvColumns.joined(separator: ",") + "\r\n"
            for (entry, row) in zip(stored, body) {
                out += "\(entry.id),\(CSVCell.escape(entry.vehicle)),\(row)\r\n"
            }
            return out
        }

        static func table(_ stored: [StoredTrip], timeZone: TimeZone, zoneName: String) -> String {
            ReplayRendering.tripTable(
                stored.map(\.trip), ids: stored.map { "\($0.id)" }, vehicles: stored.map(\.vehicle), timeZone: timeZone,
                zoneName: zoneName)
        }
    }
}

/// RFC 4180 quoting for a CSV cell.
enum CSVCell {
    static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
