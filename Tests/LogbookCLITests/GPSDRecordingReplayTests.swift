import Foundation
import LogbookTestSupport
import Testing

/// `gpspipe -w` recordings — how gpsd users record drives — replay to the trips of the NMEA they came
/// from. The recordings in `Fixtures/gpsd-recordings` were made with a real gpsd 3.22 (gpsfake playing
/// the ground-truth NMEA, `make-recordings.py`), so these tests do not depend on timing; the live
/// version of the same check is `GPSDPathsLiveTests`, the full set of drives `Benchmarks/run_accuracy.py`.
@Suite
struct GPSDRecordingReplayTests {
    static func fixture(_ name: String) -> String { Fixtures.url("gpsd-recordings/\(name)").path }

    /// The bar: same count, every start and end within 2 s, total distance within 0.5 %.
    static func expectAgreement(_ reference: TripList, _ other: TripList, _ what: String) {
        let (same, worst, percent) = reference.agreement(with: other)
        #expect(
            same, "\(what): \(other.trips.count) trips, NMEA gives \(reference.trips.count)\n\(other)\n\(reference)")
        #expect(worst <= 2, "\(what): a boundary \(worst) s off\n\(other)\n\(reference)")
        #expect(abs(percent) <= 0.5, "\(what): distance \(percent) % off")
    }

    @Test(
        "a gpspipe -w recording replays to the trips of its NMEA",
        arguments: [
            ("shortstops-1hz", "shortstops-1hz.gpspipe.jsonl.gz"),
            ("delivery-0.2hz", "delivery-0.2hz.gpspipe.jsonl.gz"),
            // Several TPV reports per epoch (after GGA with gpsd's own speed, after RMC with the receiver's).
            ("shortstops-1hz", "multi-report.gpspipe.jsonl.gz"),
        ])
    func recordingEqualsNMEA(drive: String, recording: String) throws {
        let nmea = try TripList.replay([Self.fixture("\(drive).fed.nmea.gz")])
        let recorded = try TripList.replay([Self.fixture(recording)])
        #expect(!nmea.trips.isEmpty)
        Self.expectAgreement(nmea, recorded, recording)
    }

    @Test("the recording's trips are the ground truth's, within the engine's targets")
    func recordingMatchesTruth() throws {
        // Independent of the NMEA path: delivery-0.2hz's exact trips (8), from its truth.json.
        let data = try Data(contentsOf: Fixtures.url("groundtruth/delivery-0.2hz/truth.json"))
        let truth = try TripList(json: String(decoding: data, as: UTF8.self))
        let recorded = try TripList.replay([Self.fixture("delivery-0.2hz.gpspipe.jsonl.gz")])
        let (same, worst, percent) = truth.agreement(with: recorded)
        #expect(same && truth.trips.count == 8)
        #expect(worst <= 60)
        #expect(abs(percent) <= 1)
    }

    @Test("with two receivers on one gpsd, --device picks one; the first seen is the default")
    func devices() throws {
        let all = Self.fixture("two-devices.gpspipe.jsonl.gz")
        let first = try TripList.replay([all])
        let chosen = try TripList.replay([all], arguments: ["--device", "/dev/ttyUSB1"])
        let delivery = try TripList.replay([Self.fixture("delivery-0.2hz.fed.nmea.gz")])
        let shortstops = try TripList.replay([Self.fixture("shortstops-1hz.fed.nmea.gz")])
        Self.expectAgreement(delivery, first, "first device")
        // The second receiver's drive, moved to the first one's day: same trips but for the date.
        #expect(chosen.trips.count == shortstops.trips.count)
        #expect(abs(chosen.distance - shortstops.distance) / shortstops.distance <= 0.005)
        let durations = chosen.trips.map { $0.end - $0.start }
        let expected = shortstops.trips.map { $0.end - $0.start }
        #expect(zip(durations, expected).allSatisfy { abs($0 - $1) <= 2 })

        let stats = try CLIRunner.run(["replay", "--stats", "--format", "json", "--device", "/dev/ttyUSB1", all])
        #expect(stats.status == 0)
        #expect(stats.stderr.contains("devices seen: /dev/ttyACM0, /dev/ttyUSB1 (decoded)"), "\(stats.stderr)")
        #expect(stats.stderr.contains("skipped other-device:"))

        let missing = try CLIRunner.run(["replay", "--device", "/dev/ttyS9", all])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("no reports from device '/dev/ttyS9'"), "\(missing.stderr)")
        #expect(missing.stderr.contains("/dev/ttyACM0, /dev/ttyUSB1"))
    }

    @Test("gpsd's DOP-derived eph of an NMEA receiver becomes the HDOP it came from")
    func derivedErrorsBecomeHDOP() throws {
        // The NMEA's GGA HDOPs, read independently of Logbook's decoder.
        let nmea = try Self.gunzip(Self.fixture("shortstops-1hz.fed.nmea.gz"))
        var hdops: [String: Double] = [:]
        for line in nmea.split(whereSeparator: \.isNewline) where line.hasPrefix("$GPGGA") {
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            if let h = Double(f[8]) { hdops[String(f[1].prefix(6))] = h }
        }
        let result = try CLIRunner.run(["fixes", "--format", "json", Self.fixture("shortstops-1hz.gpspipe.jsonl.gz")])
        #expect(result.status == 0)
        var compared = 0
        for line in result.stdout.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let time = object["time"] as? String, let hdop = object["hdop"] as? Double
            else { continue }
            let hhmmss = time.dropFirst(11).prefix(8).replacingOccurrences(of: ":", with: "")
            if let want = hdops[hhmmss] {
                #expect(abs(hdop - want) < 0.006, "\(time): hdop \(hdop), the GGA said \(want)")
                compared += 1
            }
            #expect(object["eph"] == nil)
        }
        #expect(compared > 4_000)
    }

    static func gunzip(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
