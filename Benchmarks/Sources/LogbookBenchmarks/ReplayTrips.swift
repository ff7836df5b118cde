import Foundation
import TrackModel
import TrackReader
import TripEngine

/// `logbook-bench replay FILE...`: the files as one stream through the engine, printed as the fixed part of
/// `logbook replay --format json` (total, and each trip's start, end, distance and estimated ends). It links the
/// reader and the engine only, so `run_statistical.py --bench` can tune on a build that takes a minute, not the
/// whole `logbook`; the figures of record come from `logbook replay` itself.
func runReplayTrips(paths: [String]) {
    // `--engine JSON`: the `[engine]` settings as a JSON object (tuning experiments).
    var configuration = EngineConfiguration()
    if let k = CommandLine.arguments.firstIndex(of: "--engine"), k + 1 < CommandLine.arguments.count,
        let decoded = try? JSONDecoder().decode(
            EngineConfiguration.self, from: Data(CommandLine.arguments[k + 1].utf8))
    {
        configuration = decoded
    }
    // `--source phone`: the points of a phone app (`Reporting.filtered`), as the server takes them.
    let phone = zip(CommandLine.arguments, CommandLine.arguments.dropFirst()).contains {
        $0 == "--source" && $1 == "phone"
    }
    var engine = TripEngine(configuration: configuration, reporting: phone ? .filtered : .continuous)
    var trips: [Trip] = []
    let trace = CommandLine.arguments.contains("--events")
    // `--trace`: after every fix, its time and the open trip's distance so far (diagnosis).
    let distances = CommandLine.arguments.contains("--trace")
    func collect(_ events: [TripEvent]) {
        for event in events {
            if trace { print("event: \(event)".prefix(300)) }
            if case .tripEnded(let trip) = event { trips.append(trip) }
        }
    }
    for path in paths where !path.hasPrefix("--") && !path.hasPrefix("{") && path != "phone" {
        do {
            _ = try TrackFileReader().read(path) { fix in
                collect(engine.ingest(fix))
                if distances, let time = fix.time {
                    let open = engine.tripInProgress
                    print("trace \(format(time.secondsSince1970, 1)) \(open.map { format($0.distance, 1) } ?? "-")")
                }
            }
        } catch {
            print("replay \(path): error: \(error)")
            return
        }
    }
    collect(engine.finish())
    let total = trips.reduce(0) { $0 + $1.distance }
    var out = "{\"distance_m\": \(format(total, 1)), \"trips\": ["
    for (k, trip) in trips.enumerated() {
        if k > 0 { out += ", " }
        out += "{\"start\": \"\(trip.start.iso8601)\", \"end\": \"\(trip.end.iso8601)\", "
        out += "\"distance_m\": \(format(trip.distance, 1))"
        if !trip.estimated.isEmpty {
            out += ", \"estimated\": [" + trip.estimated.names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        }
        out += "}"
    }
    out += "]}"
    print(out)
}
