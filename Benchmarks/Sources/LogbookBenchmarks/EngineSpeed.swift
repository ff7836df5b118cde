import TrackModel
import TrackReader
import TripEngine

/// The trip engine's time alone: the file's fixes are decoded into memory first (not timed), then one engine
/// ingests them on one thread. With `decode`, it tells how a replay's time divides between its two threads.
func runEngineSpeed(paths: [String]) {
    for path in paths {
        var fixes: [Fix] = []
        do {
            _ = try TrackFileReader().read(path) { fixes.append($0) }
        } catch {
            print("engine \(path): error: \(error)")
            continue
        }
        var engine = TripEngine()
        var trips = 0
        let clock = ContinuousClock()
        let start = clock.now
        for fix in fixes {
            for event in engine.ingest(fix) { if case .tripEnded = event { trips += 1 } }
        }
        for event in engine.finish() { if case .tripEnded = event { trips += 1 } }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        print(
            "engine \(path): \(fixes.count) fixes, \(trips) trips in \(format(seconds, 3)) s = "
                + "\(format(Double(fixes.count) / seconds / 1e6, 2)) M fixes/s")
    }
}
