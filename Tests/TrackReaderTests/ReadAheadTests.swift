import Foundation
import LogbookTestSupport
import Testing
import TrackFormats
import TrackModel
import TrackReader

/// `readAhead` decodes on a second thread: the fixes, their order, the summary and the errors must be those of
/// `read`, whatever the number of batches.
struct ReadAheadTests {
    /// `count` RMC sentences one second apart (checksums computed here).
    static func nmea(_ count: Int) -> String {
        (0..<count).map { i in
            let t = String(format: "%02d%02d%02d.00", (i / 3_600) % 24, (i / 60) % 60, i % 60)
            let body = "GPRMC,\(t),A,5926.\(String(format: "%05d", i % 100_000)),N,02445.21630,E,12.5,48.4,281126,,,A"
            let sum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
            return "$" + body + String(format: "*%02X\r\n", sum)
        }.joined()
    }

    /// The fixes and summary of `read` and of `readAhead`.
    static func readBothWays(_ file: String) throws -> ([Fix], TrackFileSummary, [Fix], TrackFileSummary) {
        var direct: [Fix] = []
        let directSummary = try TrackFileReader().read(file) { direct.append($0) }
        var ahead: [Fix] = []
        let aheadSummary = try TrackFileReader().readAhead(file) { ahead.append($0) }
        return (direct, directSummary, ahead, aheadSummary)
    }

    @Test(arguments: [1, 255, 256, 257, 5_000])
    func sameFixesAndSummaryAsRead(count: Int) throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("drive.nmea", Array(Self.nmea(count).utf8))
        let (direct, directSummary, ahead, aheadSummary) = try Self.readBothWays(file)
        #expect(direct.count == count)
        #expect(ahead == direct)
        #expect(aheadSummary == directSummary)
    }

    /// `count` GPX track points one second apart; every third with an unreadable `hdop`, and the point at
    /// `badLatitude` (if any) with a latitude that is not a number.
    static func gpx(_ count: Int, badLatitude: Int? = nil) -> String {
        let points = (0..<count).map { i in
            let latitude = i == badLatitude ? "north" : "59.\(String(format: "%05d", i % 100_000))"
            let time = String(format: "%02d:%02d:%02d", (i / 3_600) % 24, (i / 60) % 60, i % 60)
            return #"<trkpt lat="\#(latitude)" lon="24.75"><ele>\#(i % 50)</ele><time>2026-11-28T\#(time)Z</time>"#
                + "<hdop>\(i % 3 == 0 ? "x" : "1.2")</hdop></trkpt>"
        }
        return #"<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
            + "\n" + points.joined(separator: "\n") + "\n</trkseg></trk></gpx>\n"
    }

    /// GPX is read in two stages (scanned on the decoding thread, converted on the calling one): the same fixes and
    /// statistics as `read`, which does both on one thread.
    @Test(arguments: [1, 700, 5_000])
    func gpxGivesTheSameFixesAndSummaryAsRead(count: Int) throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("drive.gpx", Array(Self.gpx(count).utf8))
        let (direct, directSummary, ahead, aheadSummary) = try Self.readBothWays(file)
        #expect(direct.count == count)
        #expect(ahead == direct)
        #expect(aheadSummary == directSummary)
        #expect(aheadSummary.statistics.rejected["invalid-field"] == (count + 2) / 3)
        #expect(aheadSummary.statistics.fixesDecoded == count)
    }

    @Test func aBadGPXPointIsThrownAfterTheFixesBeforeIt() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("drive.gpx", Array(Self.gpx(5_000, badLatitude: 3_000).utf8))
        var direct = 0
        var ahead = 0
        #expect { _ = try TrackFileReader().read(file) { _ in direct += 1 } } throws: {
            ($0 as? TrackReadError)?.field == "lat" && ($0 as? TrackReadError)?.line == 3_002
        }
        #expect { _ = try TrackFileReader().readAhead(file) { _ in ahead += 1 } } throws: {
            ($0 as? TrackReadError)?.field == "lat" && ($0 as? TrackReadError)?.line == 3_002
        }
        #expect(direct == 3_000)
        #expect(ahead == 3_000)
    }

    @Test func aFaultIsThrownAfterTheFixesBeforeIt() throws {
        let dir = try TemporaryDirectory()
        let plain = try dir.write("a.nmea", Array(Self.nmea(3_000).utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-kf", plain]
        try process.run()
        process.waitUntilExit()
        let compressed = try Data(contentsOf: URL(fileURLWithPath: plain + ".gz"))
        let cut = try dir.write("cut.nmea.gz", compressed.prefix(compressed.count - 40))
        func deliveredBeforeTheFault(_ read: (String, (Fix) throws -> Void) throws -> TrackFileSummary) -> (
            Int, TrackReadError?
        ) {
            var delivered = 0
            do {
                _ = try read(cut) { _ in delivered += 1 }
                return (delivered, nil)
            } catch {
                return (delivered, error as? TrackReadError)
            }
        }
        let direct = deliveredBeforeTheFault(TrackFileReader().read)
        let ahead = deliveredBeforeTheFault(TrackFileReader().readAhead)
        #expect(direct.1?.code == .corruptCompression)
        #expect(ahead.1 == direct.1)
        #expect(direct.0 > 256)  // more than one batch came through before the fault
        #expect(ahead.0 == direct.0)
    }

    @Test func anErrorOfTheCallerStopsTheDecodingAndIsRethrown() throws {
        struct Stop: Error {}
        let dir = try TemporaryDirectory()
        let file = try dir.write("long.nmea", Array(Self.nmea(20_000).utf8))
        var seen = 0
        #expect(throws: Stop.self) {
            _ = try TrackFileReader().readAhead(file) { _ in
                seen += 1
                if seen == 10 { throw Stop() }
            }
        }
        #expect(seen == 10)
    }

    @Test func unreadableFilesFailAsWithRead() throws {
        let dir = try TemporaryDirectory()
        let empty = try dir.write("empty.nmea", [])
        #expect { _ = try TrackFileReader().readAhead(empty) { _ in } } throws: {
            ($0 as? TrackReadError)?.code == .empty
        }
        #expect { _ = try TrackFileReader().readAhead(dir.path("missing.nmea")) { _ in } } throws: {
            ($0 as? TrackReadError)?.code == .cannotOpen
        }
    }
}
