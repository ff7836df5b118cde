#if canImport(Glibc)
    import Glibc
#endif
import TrackFormats
import TrackReader

/// Decoder throughput through the same path `logbook` uses (read(2), format detection, decoder),
/// one core, and the process's peak resident memory.
func runDecodeBenchmark(paths: [String]) {
    let reader = TrackFileReader()
    for path in paths {
        var fixes = 0
        var positions = 0
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let summary = try reader.read(path) { fix in
                fixes += 1
                if fix.hasPosition { positions += 1 }
            }
            let elapsed = clock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            let megabytes = Double(summary.bytesDecoded) / 1_000_000
            print(
                "decode \(summary.format.rawValue) \(path): \(summary.bytesDecoded) bytes, \(fixes) fixes "
                    + "(\(positions) with position) in \(format(seconds, 3)) s = \(format(megabytes / seconds, 1)) MB/s, "
                    + "peak RSS \(peakResidentMegabytes()) MB")
        } catch {
            print("decode \(path): error: \(error)")
        }
    }
}

func peakResidentMegabytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss / 1024)
}

func format(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return String(rounded)
}
