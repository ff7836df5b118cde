import Foundation
import LogbookStore
import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

@Suite struct TrackEncodingTests {
    /// Three points, encoded by hand from the format description.
    @Test func knownBytes() throws {
        let points = [
            TrackPoint(time: Timestamp(secondsSince1970: 0.5), latitude: -0.000001, longitude: 0.0000063, speed: 1),
            TrackPoint(time: Timestamp(secondsSince1970: 1.5), latitude: 0.000001, longitude: 0, speed: nil),
            TrackPoint(time: Timestamp(secondsSince1970: 2.5), latitude: 0.0000031, longitude: -0.0000064, speed: 1.5),
        ]
        let expected: [UInt8] = [
            0x01,  // version
            0x03,  // 3 points
            0x03, 0x01, 0x01, 0x01,  // 3 speed runs: 1 with, 1 without, 1 with
            // time ms 500, 1500, 2500 → 500, +1000, +0 → zigzag 1000, 2000, 0
            // lat 1e-7° −10, 10, 31 → −10, +20, +1 → zigzag 19, 40, 2
            // lon 1e-7° 63, 0, −64 → 63, −63, −1 → zigzag 126, 125, 1
            // speed cm/s 100, —, 150 → +100, +50 → zigzag 200, 100
            0xE8, 0x07, 0x13, 0x7E, 0xC8, 0x01,  // point 0
            0xD0, 0x0F, 0x28, 0x7D,  // point 1
            0x00, 0x02, 0x01, 0x64,  // point 2
        ]
        #expect(try TrackEncoding.encode(points) == expected)
        #expect(try TrackEncoding.decode(expected) == points)
    }

    @Test func emptyAndSpeedless() throws {
        #expect(try TrackEncoding.encode([]) == [0x01, 0x00, 0x00])
        #expect(try TrackEncoding.decode([0x01, 0x00, 0x00]).isEmpty)
        let speedless = (0..<4).map {
            TrackPoint(time: Timestamp(secondsSince1970: Double($0)), latitude: 1, longitude: 2)
        }
        let bytes = try TrackEncoding.encode(speedless)
        // Runs: an empty "with speed" run, then 4 without.
        #expect(Array(bytes[0..<5]) == [0x01, 0x04, 0x02, 0x00, 0x04])
        #expect(try TrackEncoding.decode(bytes) == speedless)
    }

    /// Random tracks — random walks plus wild jumps, negative and missing speeds, the antimeridian
    /// and the poles — read back within half a unit of the resolution, and re-encode identically.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomTracksRoundTrip(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let count = Int.random(in: 0...300, using: &random)
        var t = Double.random(in: -1e9...4e9, using: &random)
        var lat = Double.random(in: -90...90, using: &random)
        var lon = Double.random(in: -180...180, using: &random)
        var points: [TrackPoint] = []
        for _ in 0..<count {
            let wild = Int.random(in: 0..<20, using: &random) == 0
            t += wild ? Double.random(in: -1e6...1e6, using: &random) : Double.random(in: 0.1...2, using: &random)
            lat =
                wild
                ? Double.random(in: -90...90, using: &random)
                : min(90, max(-90, lat + Double.random(in: -0.001...0.001, using: &random)))
            lon =
                wild
                ? Double.random(in: -180...180, using: &random)
                : min(180, max(-180, lon + Double.random(in: -0.001...0.001, using: &random)))
            let speed: Double? =
                switch Int.random(in: 0..<10, using: &random) {
                case 0: nil
                case 1: -Double.random(in: 0...5, using: &random)
                default: Double.random(in: 0...80, using: &random)
                }
            points.append(TrackPoint(time: Timestamp(secondsSince1970: t), latitude: lat, longitude: lon, speed: speed))
        }
        let bytes = try TrackEncoding.encode(points)
        let decoded = try TrackEncoding.decode(bytes)
        try #require(decoded.count == points.count)
        for (a, b) in zip(points, decoded) {
            #expect(abs(a.time.secondsSince1970 - b.time.secondsSince1970) <= 0.0005 + 1e-6)
            #expect(abs(a.latitude - b.latitude) <= 0.5e-7 + 1e-12)
            #expect(abs(a.longitude - b.longitude) <= 0.5e-7 + 1e-12)
            #expect((a.speed == nil) == (b.speed == nil))
            if let sa = a.speed, let sb = b.speed { #expect(abs(sa - sb) <= 0.005 + 1e-12) }
        }
        #expect(try TrackEncoding.encode(decoded) == bytes)
        #expect(try TrackEncoding.decode(TrackEncoding.encode(decoded)) == decoded)
    }

    /// A typical drive at 1 Hz as the engine leaves it (smoothed): pulls away, cruises, turns,
    /// slows for junctions, with sub-metre position noise and ±0.1 m/s speed noise.
    static func typicalDrive(seconds: Int, seed: UInt64) -> [TrackPoint] {
        var random = SeededGenerator(seed: seed)
        let metresPerDegreeLatitude = 111_200.0
        let metresPerDegreeLongitude = 111_200.0 * cos(48.1 * .pi / 180)
        var north = 0.0
        var east = 0.0
        var heading = 0.3
        var speed = 0.0
        var target = 14.0
        var points: [TrackPoint] = []
        for s in 0..<seconds {
            if s % 90 == 0 { target = [8.0, 14.0, 22.0, 30.0, 3.0][Int.random(in: 0..<5, using: &random)] }
            speed += max(-2, min(1.5, target - speed)) * 0.5
            if s % 40 < 6 { heading += Double.random(in: -0.25...0.25, using: &random) }  // bends and turns
            north += speed * cos(heading)
            east += speed * sin(heading)
            let noise = { (r: inout SeededGenerator) in Double.random(in: -0.4...0.4, using: &r) }
            points.append(
                TrackPoint(
                    time: Timestamp(secondsSince1970: 1_763_710_200 + Double(s)),
                    latitude: 48.1 + (north + noise(&random)) / metresPerDegreeLatitude,
                    longitude: 11.5 + (east + noise(&random)) / metresPerDegreeLongitude,
                    speed: max(0, speed + Double.random(in: -0.1...0.1, using: &random))))
        }
        return points
    }

    @Test func aTypicalDriveTakesFewBytesPerPoint() throws {
        let points = Self.typicalDrive(seconds: 1_800, seed: 42)
        let bytes = try TrackEncoding.encode(points)
        let perPoint = Double(bytes.count) / Double(points.count)
        // 4 fields at 1–2 bytes each; plain Doubles would take 32 bytes.
        #expect(perPoint <= 8, "\(perPoint) bytes per point")
        #expect(try TrackEncoding.decode(bytes).count == points.count)
    }

    @Test func theEnginesOwnTrackIsSmallToo() throws {
        var configuration = EngineConfiguration()
        configuration.collectTrack = true
        var engine = TripEngine(configuration: configuration)
        var events: [TripEvent] = []
        let drive = Self.typicalDrive(seconds: 900, seed: 7)
        // Parked a minute before and after.
        let first = drive[0]
        let last = drive[drive.count - 1]
        var fixes: [(time: Double, point: TrackPoint)] = []
        for s in 0..<60 {
            fixes.append(
                (
                    Double(s) - 60,
                    TrackPoint(time: first.time, latitude: first.latitude, longitude: first.longitude, speed: 0)
                ))
        }
        for point in drive { fixes.append((point.time.secondsSince1970 - 1_763_710_200, point)) }
        for s in 0..<400 {
            fixes.append(
                (
                    900 + Double(s),
                    TrackPoint(time: last.time, latitude: last.latitude, longitude: last.longitude, speed: 0)
                ))
        }
        for (t, point) in fixes {
            let fix = Fix(
                time: Timestamp(secondsSince1970: 1_763_710_200 + t), mode: .threeD, quality: .gps,
                latitude: point.latitude, longitude: point.longitude, speed: point.speed, eph: 4, hdop: 0.8,
                satellitesUsed: 10)
            events += engine.ingest(fix)
        }
        events += engine.finish()
        let trips = events.compactMap { event -> Trip? in
            if case .tripEnded(let trip) = event { return trip } else { return nil }
        }
        let track = try #require(trips.first?.track)
        try #require(track.count > 100)
        let bytes = try TrackEncoding.encode(track)
        #expect(Double(bytes.count) / Double(track.count) <= 8, "\(bytes.count) bytes for \(track.count) points")
    }

    @Test func unencodableValuesAreNamedNotQuoted() {
        let good = TrackPoint(time: Timestamp(secondsSince1970: 1), latitude: 48.7654321, longitude: 11, speed: 3)
        var cases: [(TrackPoint, TrackEncodingError)] = []
        var p = good
        p.latitude = .nan
        cases.append((p, TrackEncodingError(.nonFinite, point: 1, field: .latitude)))
        p = good
        p.longitude = -.infinity
        cases.append((p, TrackEncodingError(.nonFinite, point: 1, field: .longitude)))
        p = good
        p.speed = .infinity
        cases.append((p, TrackEncodingError(.nonFinite, point: 1, field: .speed)))
        p = good
        p.time = Timestamp(secondsSince1970: 1e14)  // 1e17 ms: beyond 2^53
        cases.append((p, TrackEncodingError(.outOfRange, point: 1, field: .time)))
        for (bad, expected) in cases {
            let error = #expect(throws: TrackEncodingError.self) { try TrackEncoding.encode([good, bad]) }
            #expect(error == expected)
            #expect(error.map { "\($0)" }?.contains("48.76") == false)
        }
    }

    @Test func damagedBytesAreRefused() throws {
        let good = try TrackEncoding.encode(Self.typicalDrive(seconds: 20, seed: 1))
        let cases: [([UInt8], TrackEncodingError.Code)] = [
            ([], .truncated),
            ([0x02, 0x00, 0x00], .unsupportedVersion),
            (Array(good.dropLast()), .truncated),
            (good + [0x00], .trailingBytes),
            ([0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0x00], .malformed),  // a huge count in a few bytes
            ([0x01, 0x01, 0x01, 0x05, 0x00, 0x00, 0x00], .malformed),  // a speed run longer than the track
            ([0x01, 0x00] + Array(repeating: 0xFF, count: 10) + [0x01], .malformed),  // a varint beyond 64 bits
        ]
        for (bytes, code) in cases {
            let error = #expect(throws: TrackEncodingError.self, "\(bytes.prefix(8))") {
                try TrackEncoding.decode(bytes)
            }
            #expect(error?.code == code, "\(bytes.prefix(8))")
        }
    }
}
