import Foundation
public import TrackModel
import TrackFormats

/// Compares `NMEADecoder` with gpsd's own decoding of the same receiver log.
///
/// gpsd's regression files come in pairs: `NAME.log` (raw NMEA) and `NAME.log.chk` (the sentences
/// echoed, each JSON report right after the sentence that produced it). gpsd reports a TPV several
/// times per epoch as its cycle fills in; each report holds everything merged so far, so **the last
/// TPV with a given time is gpsd's final answer for that epoch** — that is the rule used here.
///
/// For every such epoch that has a position, the decoder must have a fix with the same UTC time
/// (to the millisecond gpsd prints), latitude and longitude within `positionTolerance` degrees, and
/// the same speed and track wherever gpsd gives them (within the precision gpsd prints: 3 and 4
/// decimals). When the decoder gives several fixes the same time, the last is used, like gpsd's.
public enum GPSDConformance {
    /// Latitude/longitude tolerance in degrees.
    public static let positionTolerance = 1e-7
    /// Speed tolerance in m/s (gpsd prints 3 decimals).
    public static let speedTolerance = 0.000_501
    /// Track tolerance in degrees (gpsd prints 4 decimals).
    public static let trackTolerance = 0.000_051

    public enum Kind: String, Sendable, Hashable, CaseIterable, Comparable {
        /// No fix at gpsd's time, nor at the same time of day on another date.
        case missingEpoch = "missing-epoch"
        /// A fix at the same time of day but another date.
        case time
        /// Latitude or longitude off by more than the tolerance (or absent).
        case position = "lat/lon"
        /// gpsd has a speed; ours is absent or different.
        case speed
        /// gpsd has a track; ours is absent or different.
        case track

        public static func < (a: Kind, b: Kind) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// One way an epoch differs. `detail` holds differences only, never coordinates.
    public struct Mismatch: Sendable, Hashable, CustomStringConvertible {
        public var file: String
        public var kind: Kind
        /// gpsd's time of the epoch (ISO 8601).
        public var time: String
        public var detail: String

        public var description: String { "\(file) \(time) \(kind.rawValue): \(detail)" }
    }

    /// gpsd's final report of one epoch.
    public struct Epoch: Sendable, Hashable {
        public var timeText: String
        public var time: Timestamp
        public var latitude: Double
        public var longitude: Double
        public var speed: Double?
        public var track: Double?
    }

    public struct Report: Sendable {
        public var file: String
        /// Epochs with a time and a position in gpsd's output.
        public var epochsCompared = 0
        /// Of those, the epochs that agree in every respect.
        public var matched = 0
        public var mismatches: [Mismatch] = []
        /// Fixes the decoder produced for the whole log.
        public var fixesDecoded = 0
        public var statistics = DecodeStatistics()
        /// Epochs gpsd dated 1024 weeks after the receiver's date, compared at the receiver's date.
        public var gpsdWeekShifted = 0

        public init(file: String) { self.file = file }

        /// Epochs that differ (each counted once, whatever the number of differences).
        public var epochsMismatched: Int { epochsCompared - matched }

        public var counts: [Kind: Int] {
            var c: [Kind: Int] = [:]
            for m in mismatches { c[m.kind, default: 0] += 1 }
            return c
        }

        /// Adds another report's figures.
        public mutating func merge(_ other: Report) {
            epochsCompared += other.epochsCompared
            matched += other.matched
            mismatches += other.mismatches
            fixesDecoded += other.fixesDecoded
            gpsdWeekShifted += other.gpsdWeekShifted
            statistics.merge(other.statistics)
        }

        /// Matched epochs as a share of compared ones (1 when there is nothing to compare).
        public var ratio: Double { epochsCompared == 0 ? 1 : Double(matched) / Double(epochsCompared) }
    }

    // MARK: Reading gpsd's output

    /// gpsd's epochs from a `.chk` file: the last TPV per epoch, kept when it has lat and lon.
    ///
    /// An epoch is the run of consecutive TPVs whose times lie within 10 ms of each other — gpsd's own
    /// rule for "same cycle" (a GLL at .523 and a GGA at .520 are one cycle; gpsd reports the later
    /// time) — and a later TPV with exactly the same time as an earlier epoch replaces it.
    public static func epochs(check text: String) -> [Epoch] {
        var reports: [(timeText: String, time: Timestamp, tpv: [String: Any])] = []
        var index: [String: Int] = [:]
        var current: Int?
        for line in text.split(whereSeparator: \.isNewline) {
            guard line.hasPrefix("{\"class\":\"TPV\"") else { continue }
            guard let data = line.data(using: .utf8),
                let tpv = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let timeText = tpv["time"] as? String, let time = Timestamp(iso8601: timeText)
            else { continue }
            let slot: Int
            if let c = current, abs(reports[c].time - time) <= 0.01 {
                slot = c
            } else if let i = index[timeText] {
                slot = i
            } else {
                reports.append((timeText, time, tpv))
                slot = reports.count - 1
            }
            if index[reports[slot].timeText] == slot { index[reports[slot].timeText] = nil }
            reports[slot] = (timeText, time, tpv)
            index[timeText] = slot
            current = slot
        }
        return reports.compactMap { report in
            guard let latitude = number(report.tpv["lat"]), let longitude = number(report.tpv["lon"]) else {
                return nil
            }
            return Epoch(
                timeText: report.timeText, time: report.time, latitude: latitude, longitude: longitude,
                speed: number(report.tpv["speed"]), track: number(report.tpv["track"]))
        }
    }

    private static func number(_ value: Any?) -> Double? {
        (value as? NSNumber)?.doubleValue
    }

    // MARK: Comparing

    /// Decodes `log` with a fresh `NMEADecoder` and compares it with gpsd's `check` output.
    public static func compare(log: [UInt8], check: String, file: String, allowGPSDWeekShift: Bool = true) -> Report {
        var decoder = NMEADecoder()
        var fixes: [Fix] = []
        do {
            fixes = try decoder.decodeAll(log)
        } catch {
            // The NMEA decoder does not throw; an empty result shows up as missing epochs.
        }
        return compare(
            fixes: fixes, statistics: decoder.statistics, check: check, file: file,
            allowGPSDWeekShift: allowGPSDWeekShift)
    }

    /// 1024 GPS weeks in seconds.
    public static let gpsdWeekShift = 619_315_200.0

    /// Compares already-decoded fixes with gpsd's `check` output.
    ///
    /// With `allowGPSDWeekShift`, an epoch whose gpsd time is exactly 1024 weeks after our time, and
    /// before 2017 once shifted back, is compared at our time and counted in `gpsdWeekShifted`:
    /// gpsd moves such dates forward when its leap-second count says the date cannot be that old,
    /// which our decoder deliberately never does.
    public static func compare(
        fixes: [Fix], statistics: DecodeStatistics, check: String, file: String, allowGPSDWeekShift: Bool = true
    ) -> Report {
        var report = Report(file: file)
        report.fixesDecoded = fixes.count
        report.statistics = statistics
        var byTime: [Int64: Fix] = [:]
        var byTimeOfDay: [Int64: Fix] = [:]
        for fix in fixes {
            guard let time = fix.time else { continue }
            let ms = milliseconds(time)
            byTime[ms] = fix
            byTimeOfDay[((ms % 86_400_000) + 86_400_000) % 86_400_000] = fix
        }
        for epoch in epochs(check: check) {
            report.epochsCompared += 1
            let ms = milliseconds(epoch.time)
            var problems: [Mismatch] = []
            func note(_ kind: Kind, _ detail: String) {
                problems.append(Mismatch(file: file, kind: kind, time: epoch.timeText, detail: detail))
            }
            var found = byTime[ms]
            if found == nil, allowGPSDWeekShift, epoch.time.secondsSince1970 - gpsdWeekShift < 1_483_228_800,
                let shifted = byTime[ms - Int64(gpsdWeekShift * 1_000)]
            {
                // gpsd moved a pre-2017 date forward by 1024 weeks ("WKRO bug" guess); we keep the
                // receiver's date. Compare everything else.
                found = shifted
                report.gpsdWeekShifted += 1
            }
            guard let fix = found else {
                if let other = byTimeOfDay[((ms % 86_400_000) + 86_400_000) % 86_400_000], let t = other.time {
                    note(.time, "decoded as \(t.iso8601)")
                } else {
                    note(.missingEpoch, "no fix at this time")
                }
                report.mismatches += problems
                continue
            }
            if let latitude = fix.latitude, let longitude = fix.longitude {
                let dLat = abs(latitude - epoch.latitude)
                let dLon = abs(longitude - epoch.longitude)
                if dLat > positionTolerance || dLon > positionTolerance {
                    note(.position, "Δlat \(format(dLat))°, Δlon \(format(dLon))° (line \(fix.sourceLine ?? 0))")
                }
            } else {
                note(.position, "no position decoded (line \(fix.sourceLine ?? 0))")
            }
            if let expected = epoch.speed {
                if let speed = fix.speed {
                    if abs(speed - expected) > speedTolerance {
                        note(.speed, "gpsd \(format(expected)) m/s, ours \(format(speed)) m/s")
                    }
                } else {
                    note(.speed, "gpsd \(format(expected)) m/s, ours none")
                }
            }
            if let expected = epoch.track {
                if let track = fix.track {
                    var d = abs(track - expected).truncatingRemainder(dividingBy: 360)
                    if d > 180 { d = 360 - d }
                    if d > trackTolerance { note(.track, "gpsd \(format(expected))°, ours \(format(track))°") }
                } else {
                    note(.track, "gpsd \(format(expected))°, ours none")
                }
            }
            if problems.isEmpty { report.matched += 1 } else { report.mismatches += problems }
        }
        return report
    }

    private static func milliseconds(_ t: Timestamp) -> Int64 {
        Int64((t.secondsSince1970 * 1_000).rounded())
    }

    private static func format(_ x: Double) -> String {
        String(format: "%.9g", x)
    }

    // MARK: Files

    /// Compares one `NAME.log` with its `NAME.log.chk`.
    public static func run(log: URL, allowGPSDWeekShift: Bool = true) throws -> Report {
        let bytes = Array(try Data(contentsOf: log))
        let check = try String(contentsOf: URL(fileURLWithPath: log.path + ".chk"), encoding: .isoLatin1)
        return compare(log: bytes, check: check, file: log.lastPathComponent, allowGPSDWeekShift: allowGPSDWeekShift)
    }

    /// Every `*.log` that has a `.chk` beside it in `directory`, sorted by name.
    public static func logs(in directory: URL) throws -> [URL] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        return names.filter { $0.hasSuffix(".log") && names.contains($0 + ".chk") }.sorted()
            .map { directory.appendingPathComponent($0) }
    }

    /// Runs over every log in `directory`; returns the per-file reports.
    public static func run(directory: URL, allowGPSDWeekShift: Bool = true) throws -> [Report] {
        try logs(in: directory).map { try run(log: $0, allowGPSDWeekShift: allowGPSDWeekShift) }
    }
}
