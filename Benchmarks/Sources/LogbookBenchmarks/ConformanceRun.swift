import Foundation
import LogbookTestSupport

/// `logbook-bench conformance [DIR]`: NMEADecoder against gpsd's decoding of every receiver log in DIR
/// (default: `../shared/data/gpsd-nmea`, looked up from the current directory and from the package root).
func runConformance(directory: String?) {
    guard let url = conformanceDirectory(directory) else {
        print("conformance: no gpsd-nmea directory found; pass one as argument")
        return
    }
    let reports: [GPSDConformance.Report]
    do {
        reports = try GPSDConformance.run(directory: url)
    } catch {
        print("conformance: cannot read \(url.path): \(error)")
        return
    }
    print("NMEA conformance with gpsd: \(url.path)")
    print(
        pad("file", 34) + pad("epochs", 8, right: true) + pad("matched", 9, right: true) + pad("%", 9, right: true)
            + pad("fixes", 8, right: true) + "  mismatches")
    var total = GPSDConformance.Report(file: "total")
    for report in reports {
        total.merge(report)
        let kinds = report.counts.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }
        print(
            pad(report.file, 34) + pad("\(report.epochsCompared)", 8, right: true)
                + pad("\(report.matched)", 9, right: true) + pad(percent(report.ratio), 9, right: true)
                + pad("\(report.fixesDecoded)", 8, right: true) + "  " + kinds.joined(separator: ", "))
    }
    print(String(repeating: "-", count: 80))
    print(
        pad("TOTAL (\(reports.count) logs)", 34) + pad("\(total.epochsCompared)", 8, right: true)
            + pad("\(total.matched)", 9, right: true) + pad(percent(total.ratio), 9, right: true)
            + pad("\(total.fixesDecoded)", 8, right: true))
    if total.gpsdWeekShifted > 0 {
        let strict = total.matched - total.gpsdWeekShifted
        print(
            "  of which \(total.gpsdWeekShifted) epochs gpsd dated 1024 weeks late (compared at the receiver's date);"
                + " strictly \(strict)/\(total.epochsCompared) = "
                + percent(Double(strict) / Double(max(1, total.epochsCompared))) + " %")
    }
    print("")
    let byKind = Dictionary(grouping: total.mismatches, by: \.kind)
    for kind in GPSDConformance.Kind.allCases {
        guard let list = byKind[kind], !list.isEmpty else { continue }
        print("\(kind.rawValue): \(list.count)")
        for mismatch in list { print("  \(mismatch.file) \(mismatch.time): \(mismatch.detail)") }
    }
    let s = total.statistics
    print("")
    print("decoder: \(s.recordsRead) sentences read, \(s.recordsDecoded) decoded, \(s.fixesDecoded) fixes")
    print(
        "  rejected: \(s.rejected.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
    print("  skipped: \(s.skipped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
}

private func conformanceDirectory(_ argument: String?) -> URL? {
    let fm = FileManager.default
    if let argument { return URL(fileURLWithPath: argument) }
    var candidates: [URL] = []
    var dir = URL(fileURLWithPath: fm.currentDirectoryPath)
    // The current directory and its parents: covers running from the package root or from Benchmarks/.
    for _ in 0..<4 {
        candidates.append(dir.appendingPathComponent("../shared/data/gpsd-nmea").standardizedFileURL)
        dir.deleteLastPathComponent()
    }
    if let shared = Fixtures.sharedData { candidates.append(shared.appendingPathComponent("gpsd-nmea")) }
    return candidates.first { fm.fileExists(atPath: $0.path) }
}

private func percent(_ ratio: Double) -> String { String(format: "%.2f", ratio * 100) }

private func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
    guard s.count < width else { return s + " " }
    let fill = String(repeating: " ", count: width - s.count)
    return right ? fill + s : s + fill
}
