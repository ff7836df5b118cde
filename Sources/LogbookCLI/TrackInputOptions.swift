import ArgumentParser
import LogbookDaemon
import TrackFormats
import TrackReader

/// How track files are read: shared by `fixes`, `replay` and `import`.
struct TrackInputOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "gpsd JSON with several receivers: decode the reports of this device (default: the first seen).",
            valueName: "path"))
    var device: String?

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Print counts of records read, decoded, skipped and rejected (by reason), and the gpsd devices seen, to "
                + "standard error."))
    var stats = false

    func validate() throws {
        if let device, device.isEmpty { throw ValidationError("--device takes a device path such as /dev/ttyACM0.") }
    }

    /// A reader with these choices.
    var reader: TrackFileReader {
        TrackFileReader(decoderOptions: DecoderOptions(gpsdDevice: device))
    }

    /// Prints the per-file counts when `--stats` asked for them.
    func printStatistics(_ summaries: [TrackFileSummary], failed: [TrackReadError]) {
        if stats { Diagnostics.print(Self.statisticsReport(summaries, failed: failed)) }
    }

    static func statisticsReport(_ summaries: [TrackFileSummary], failed: [TrackReadError]) -> String {
        var lines: [String] = []
        var total = DecodeStatistics()
        for summary in summaries {
            let s = summary.statistics
            total.merge(s)
            lines.append(
                "\(summary.path): \(summary.format.rawValue)\(summary.compressed ? " (gzip)" : ""), "
                    + "\(s.recordsRead) records read, \(s.recordsDecoded) decoded, \(s.fixesDecoded) fixes, "
                    + "\(s.skippedTotal) skipped, \(s.rejectedTotal) rejected")
            lines.append(contentsOf: detailLines(s))
        }
        if summaries.count > 1 {
            lines.append(
                "total: \(total.recordsRead) records read, \(total.recordsDecoded) decoded, "
                    + "\(total.fixesDecoded) fixes, \(total.skippedTotal) skipped, \(total.rejectedTotal) rejected")
            lines.append(contentsOf: detailLines(total))
        }
        if !failed.isEmpty { lines.append("\(failed.count) file(s) could not be read") }
        return lines.joined(separator: "\n")
    }

    private static func detailLines(_ s: DecodeStatistics) -> [String] {
        var lines =
            s.rejected.sorted { $0.key < $1.key }.map { "  rejected \($0.key): \($0.value)" }
            + s.skipped.sorted { $0.key < $1.key }.map { "  skipped \($0.key): \($0.value)" }
        if !s.devices.isEmpty {
            let names = s.devices.map { $0 == s.device ? "\($0) (decoded)" : $0 }
            lines.append("  devices seen: " + names.joined(separator: ", "))
        }
        return lines
    }
}
