#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import TrackReader
import TripEngine

/// Runs the trip engine alone over a file (tracks collected, trips dropped as they end, the state
/// JSON-encoded every `checkpointEvery` fixes as the daemon does) and prints the process's own
/// resident memory as it goes: to tell the engine's memory from the daemon's other parts.
func runEngineMemory(paths: [String]) {
    var configuration = EngineConfiguration()
    configuration.collectTrack = true
    var engine = TripEngine(configuration: configuration)
    var fixes = 0
    var trips = 0
    let encoder = JSONEncoder()
    do {
        _ = try TrackFileReader().read(paths) { fix in
            for event in engine.ingest(fix) { if case .tripEnded = event { trips += 1 } }
            fixes += 1
            if fixes % 50_000 == 0 { _ = try? encoder.encode(engine) }
            if fixes % 100_000 == 0 { print("fixes \(fixes) trips \(trips) own memory \(ownMemoryKB()) kB") }
        }
    } catch {
        print("error: \(error)")
    }
    print("done: fixes \(fixes) trips \(trips) own memory \(ownMemoryKB()) kB")
}

func ownMemoryKB() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix("RssAnon:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
    }
    return 0
}
