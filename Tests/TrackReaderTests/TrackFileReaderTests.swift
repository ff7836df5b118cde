import Foundation
import LogbookTestSupport
import Testing
import TrackFormats
import TrackModel
import TrackReader

struct TrackFileReaderTests {
    /// Three epochs, one a minute apart, as gpsd JSON lines.
    static let json = (0..<3).map {
        "{\"class\":\"TPV\",\"mode\":3,\"time\":\"2026-11-21T07:3\($0):00.000Z\",\"lat\":59.4,\"lon\":24.7,\"speed\":1.5}\n"
    }.joined()

    func gzip(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-kf", path]
        try process.run()
        process.waitUntilExit()
        return path + ".gz"
    }

    func times(_ reader: TrackFileReader, _ paths: [String]) throws -> [String] {
        var times: [String] = []
        _ = try reader.read(paths) { times.append($0.time?.iso8601 ?? "-") }
        return times
    }

    @Test func detectsTheFormatFromContentNotTheName() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("misleading.gpx", Array(Self.json.utf8))
        var summary: TrackFileSummary?
        var count = 0
        summary = try TrackFileReader().read(file) { _ in count += 1 }
        #expect(summary?.format == .gpsdJSON)
        #expect(count == 3)
    }

    @Test(arguments: [1, 2, 7, 64, 4_096, 1 << 20])
    func chunkSizeDoesNotChangeTheOutput(chunkSize: Int) throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("a.jsonl", Array(Self.json.utf8))
        let compressed = try gzip(file)
        let reader = TrackFileReader(chunkSize: chunkSize)
        let expected = ["2026-11-21T07:30:00.000Z", "2026-11-21T07:31:00.000Z", "2026-11-21T07:32:00.000Z"]
        #expect(try times(reader, [file]) == expected)
        #expect(try times(reader, [compressed]) == expected)
    }

    @Test func readsConcatenatedGzipMembers() throws {
        let dir = try TemporaryDirectory()
        let first = try gzip(try dir.write("a.jsonl", Array(Self.json.utf8)))
        let second = try gzip(
            try dir.write("b.jsonl", Array(Self.json.replacingOccurrences(of: "07:3", with: "08:3").utf8)))
        let joined = try Data(contentsOf: URL(fileURLWithPath: first)) + Data(contentsOf: URL(fileURLWithPath: second))
        let both = try dir.write("both.jsonl.gz", joined)
        let result = try times(TrackFileReader(), [both])
        #expect(result.count == 6)
        #expect(result.last == "2026-11-21T08:32:00.000Z")
    }

    @Test func truncatedGzipIsReportedAfterTheFixesBeforeIt() throws {
        let dir = try TemporaryDirectory()
        let long = String(repeating: Self.json, count: 200)
        let compressed = try Data(
            contentsOf: URL(fileURLWithPath: try gzip(try dir.write("a.jsonl", Array(long.utf8)))))
        let cut = try dir.write("cut.jsonl.gz", compressed.prefix(compressed.count - 40))
        var delivered = 0
        #expect {
            _ = try TrackFileReader().read(cut) { _ in delivered += 1 }
        } throws: { error in
            guard let error = error as? TrackReadError else { return false }
            return error.code == .corruptCompression && error.exitCode == 65 && error.path == cut
        }
        #expect(delivered > 0)
    }

    @Test func corruptGzipDataIsRefused() throws {
        let dir = try TemporaryDirectory()
        var bytes = [UInt8](
            try Data(contentsOf: URL(fileURLWithPath: try gzip(try dir.write("a.jsonl", Array(Self.json.utf8))))))
        for i in 12..<bytes.count - 8 { bytes[i] ^= 0x5A }
        let bad = try dir.write("bad.gz", bytes)
        #expect {
            _ = try TrackFileReader().read(bad) { _ in }
        } throws: { error in
            (error as? TrackReadError)?.code == .corruptCompression
        }
    }

    @Test func readsFilesAsOneStreamInTheOrderGiven() throws {
        let dir = try TemporaryDirectory()
        let a = try dir.write("a.jsonl", Array(Self.json.utf8))
        let b = try dir.write("b.jsonl", Array(Self.json.replacingOccurrences(of: "07:3", with: "06:3").utf8))
        let result = try times(TrackFileReader(), [b, a])
        #expect(result.first == "2026-11-21T06:30:00.000Z")
        #expect(result.last == "2026-11-21T07:32:00.000Z")
    }

    @Test func errorsFromTheCallerPropagateUnchanged() throws {
        struct Stop: Error {}
        let dir = try TemporaryDirectory()
        let a = try dir.write("a.jsonl", Array(Self.json.utf8))
        #expect(throws: Stop.self) { _ = try TrackFileReader().read(a) { _ in throw Stop() } }
    }

    @Test func errorDescriptionNamesFileLineColumnAndField() {
        let error = TrackReadError(
            code: .decoding, path: "drive.gpx", line: 4, column: 57, field: "lat", message: "not a number")
        #expect(error.description == "drive.gpx:4:57: not a number (field 'lat')")
        #expect(error.exitCode == 65)
    }
}
