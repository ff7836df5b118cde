import Foundation
import LogbookTestSupport
import Testing

/// `logbook fixes` run as a user runs it: the built executable, real files, exit statuses.
@Suite(.serialized)
struct FixesCommandTests {
    static let rmc = "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A\r\n"
    static let gga = "$GPGGA,123520,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*4D\r\n"

    func jsonLines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func decodesAnRMCSentenceIntoATPVLine() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("one.nmea", Array(Self.rmc.utf8))
        let result = try CLIRunner.run(["fixes", file])
        #expect(result.status == 0, "\(result.stderr)")
        let objects = try jsonLines(result.stdout)
        #expect(objects.count == 1)
        let tpv = try #require(objects.first)
        // 4807.038 N = 48 + 7.038/60 degrees; 01131.000 E = 11 + 31/60; 22.4 knots × 1852/3600 m/s.
        #expect(tpv["class"] as? String == "TPV")
        #expect(tpv["time"] as? String == "1994-03-23T12:35:19.000Z")
        #expect(abs((tpv["lat"] as? Double ?? 0) - (48 + 7.038 / 60)) < 1e-9)
        #expect(abs((tpv["lon"] as? Double ?? 0) - (11 + 31.0 / 60)) < 1e-9)
        #expect(abs((tpv["speed"] as? Double ?? 0) - 22.4 * 1852 / 3600) < 0.001)
        #expect(tpv["track"] as? Double == 84.4)
        #expect(tpv["altMSL"] == nil, "RMC carries no altitude")
    }

    @Test func keepsGoodFixesAroundAHugeGarbageLine() throws {
        let dir = try TemporaryDirectory()
        var bytes = Array(Self.rmc.utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 3_000_000)
        bytes += Array("\n".utf8) + Array(Self.gga.utf8)
        let file = try dir.write("garbage.nmea", bytes)
        let result = try CLIRunner.run(["fixes", "--stats", file])
        #expect(result.status == 0, "\(result.stderr)")
        let objects = try jsonLines(result.stdout)
        #expect(objects.map { $0["time"] as? String } == ["1994-03-23T12:35:19.000Z", "1994-03-23T12:35:20.000Z"])
        #expect(result.stderr.contains("rejected"))
    }

    @Test func readsGzipCompressedInput() throws {
        let dir = try TemporaryDirectory()
        let plain = try dir.write("drive.nmea", Array((Self.rmc + Self.gga).utf8))
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-k", plain]
        try gzip.run()
        gzip.waitUntilExit()
        let compressed = try CLIRunner.run(["fixes", "--format", "csv", plain + ".gz"])
        let uncompressed = try CLIRunner.run(["fixes", "--format", "csv", plain])
        #expect(compressed.status == 0, "\(compressed.stderr)")
        #expect(compressed.stdout == uncompressed.stdout)
        #expect(compressed.stdout.split(separator: "\r\n").count == 3)
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var status: Int32
        var message: String
        var testDescription: String { name }
    }

    static let badInputs: [BadInput] = [
        BadInput(name: "empty.nmea", bytes: [], status: 65, message: "empty.nmea: file is empty"),
        BadInput(
            name: "noise.bin", bytes: (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ ($0 >> 3)) },
            status: 65, message: "noise.bin:1: not a track file"),
        BadInput(
            name: "huge-line.txt", bytes: [UInt8](repeating: UInt8(ascii: "A"), count: 5_000_000), status: 65,
            message: "huge-line.txt:1: not a track file"),
        BadInput(
            name: "truncated.gpx",
            bytes: Array(
                """
                <?xml version="1.0"?>
                <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
                <trkpt lat="59.1" lon="24.1"><time>2026-11-21T07:30:00Z</time></trkpt>
                <trkpt lat="59.2" lon="24.2"><time>2026-11-21T07:30:01Z</ti
                """.utf8),
            status: 65, message: "truncated.gpx:4"),
        BadInput(
            name: "not-gpx.xml",
            bytes: Array("<?xml version=\"1.0\"?>\n<kml><Document/></kml>\n".utf8), status: 65,
            message: "not-gpx.xml:1: not a track file"),
    ]

    @Test(arguments: badInputs)
    func badInputGetsAOneLineErrorAndExitStatus(input: BadInput) throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write(input.name, input.bytes)
        let result = try CLIRunner.run(["fixes", file])
        #expect(result.status == input.status)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("logbook: error: " + dir.url.path + "/"))
        #expect(result.stderr.contains(input.message), "\(result.stderr)")
    }

    @Test func truncatedGPXStillPrintsTheFixesBeforeTheFault() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("truncated.gpx", FixesCommandTests.badInputs[3].bytes)
        let result = try CLIRunner.run(["fixes", file])
        #expect(result.status == 65)
        #expect(try jsonLines(result.stdout).count == 1)
    }

    @Test func missingFileAndDirectoryExit66() throws {
        let dir = try TemporaryDirectory()
        let missing = try CLIRunner.run(["fixes", dir.path("nope.nmea")])
        #expect(missing.status == 66)
        #expect(missing.stderr == "logbook: error: \(dir.path("nope.nmea")): cannot open: No such file or directory\n")
        let directory = try CLIRunner.run(["fixes", dir.url.path])
        #expect(directory.status == 66)
        #expect(directory.stderr.contains("is a directory"))
    }

    @Test func otherFilesAreStillReadWhenOneFails() throws {
        let dir = try TemporaryDirectory()
        let good = try dir.write("good.nmea", Array(Self.rmc.utf8))
        let result = try CLIRunner.run(["fixes", dir.path("missing.nmea"), good])
        #expect(result.status == 66)
        #expect(try jsonLines(result.stdout).count == 1)
    }

    @Test func usageErrorsExit64() throws {
        let noFiles = try CLIRunner.run(["fixes"])
        #expect(noFiles.status == 64)
        let badFormat = try CLIRunner.run(["fixes", "--format", "shapefile", "x.nmea"])
        #expect(badFormat.status == 64)
        #expect(badFormat.stderr.contains("shapefile"))
    }

    @Test func helpTextMatchesTheCommittedSnapshot() throws {
        let result = try CLIRunner.run(["fixes", "--help"])
        #expect(result.status == 0)
        let snapshot = try String(contentsOf: Fixtures.url("cli/fixes-help.txt"), encoding: .utf8)
        #expect(result.stdout == snapshot)
    }

    @Test(arguments: ["SampleTracks/commute.nmea", "SampleTracks/commute.gpx", "SampleTracks/errands.jsonl"])
    func sampleTracksDecode(path: String) throws {
        let result = try CLIRunner.run(
            ["fixes", "--format", "csv", Fixtures.packageRoot.appendingPathComponent(path).path])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\r\n")
        // gendrive.py wrote 1500 (commute) and 900 (errands) epochs.
        #expect(rows.count - 1 == (path.contains("errands") ? 900 : 1500))
    }
}
