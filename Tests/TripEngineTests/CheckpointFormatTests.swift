import Foundation
import LogbookTestSupport
import Testing
import TrackModel

@testable import TripEngine

/// The open trip's track in a checkpoint: packed, exact to the bit, compact, and older checkpoints
/// (the track as an array of points) still readable.
@Suite("Checkpoint format")
struct CheckpointFormatTests {
    /// Bitwise equality: `==` on doubles would let −0 pass for 0 and fail NaN against itself.
    static func identical(_ a: [TrackPoint], _ b: [TrackPoint]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { p, q in
                p.time.secondsSince1970.bitPattern == q.time.secondsSince1970.bitPattern
                    && p.latitude.bitPattern == q.latitude.bitPattern
                    && p.longitude.bitPattern == q.longitude.bitPattern
                    && p.speed?.bitPattern == q.speed?.bitPattern
            }
    }

    static func point(_ i: Int, speed: Double?) -> TrackPoint {
        TrackPoint(
            time: Timestamp(secondsSince1970: 1_764_316_800.1 + Double(i) * 0.1),
            latitude: 58.031_318_123_456_78 + Double(i) * 1.7e-6, longitude: 31.360_698_123_4 - Double(i) * 2.3e-6,
            speed: speed)
    }

    @Test func packedTracksRoundTripExactly() throws {
        // Point counts and speed gaps that leave 0, 1 and 2 bytes for the last base64 group.
        for count in 0..<8 {
            let points = (0..<count).map { Self.point($0, speed: $0 % 3 == 1 ? nil : 12.5 + Double($0) / 7) }
            let text = PackedTrack.encode(points)
            #expect(text.utf8.allSatisfy { Base64URL.value($0) != nil }, "\(count) points")
            #expect(try Self.identical(PackedTrack.decode(text), points), "\(count) points")
        }
        let odd = [
            TrackPoint(
                time: Timestamp(secondsSince1970: -0.0), latitude: .nan, longitude: -.infinity, speed: .infinity),
            TrackPoint(
                time: Timestamp(secondsSince1970: .leastNonzeroMagnitude), latitude: -90, longitude: 180,
                speed: -.nan),
        ]
        #expect(try Self.identical(PackedTrack.decode(PackedTrack.encode(odd)), odd))
    }

    @Test func damagedPackedTracksAreRefused() throws {
        let good = PackedTrack.encode([Self.point(0, speed: 3), Self.point(1, speed: nil)])
        #expect(try PackedTrack.decode(good).count == 2)
        let damaged = [
            "",  // no version byte
            "AQ=",  // padding is not part of the format
            "A",  // a dangling character
            "AR",  // stray bits after the version byte
            "Ag",  // version 2
            String(good.dropLast(4)),  // truncated point
            "AQI",  // flag 2
            good.replacingOccurrences(of: "A", with: "+"),  // the standard alphabet's characters
        ]
        for text in damaged {
            #expect(throws: PackedTrack.FormatError.self, "\(text)") { try PackedTrack.decode(text) }
        }
    }

    /// An engine in the middle of a drive long enough to carry a track of several hundred points.
    static func engineInATrip() -> TripEngine {
        var s = ScenarioBuilder(options: Source.doppler.options())
        s.stand(60)
        s.accelerate(6, to: 14)
        s.drive(600, turnRate: 0.2)
        var configuration = EngineConfiguration()
        configuration.collectTrack = true
        var engine = TripEngine(configuration: configuration)
        for fix in s.fixes { _ = engine.ingest(fix) }
        return engine
    }

    static func track(ending engine: TripEngine) -> [TrackPoint] {
        var copy = engine
        for event in copy.finish() {
            if case .tripEnded(let trip) = event { return trip.track }
        }
        return []
    }

    @Test func aCheckpointKeepsTheTrackExactlyAndSmall() throws {
        let engine = Self.engineInATrip()
        let track = Self.track(ending: engine)
        #expect(track.count > 500)
        let state = try JSONEncoder().encode(engine)
        // 33 bytes a point in base64 is 44 characters; the rest of the state is under 4 kB.
        #expect(state.count < 44 * track.count + 4_096)
        let resumed = try JSONDecoder().decode(TripEngine.self, from: state)
        #expect(Self.identical(Self.track(ending: resumed), track))
    }

    @Test func anOlderCheckpointWithTheTrackAsPointsIsRead() throws {
        let engine = Self.engineInATrip()
        let track = Self.track(ending: engine)
        #expect(!track.isEmpty)
        // Rewrite the state as checkpoints were written before the track was packed.
        var state = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(engine)) as? [String: Any])
        var trip = try #require(state["trip"] as? [String: Any])
        #expect(trip["packedTrack"] is String)
        trip["packedTrack"] = nil
        trip["track"] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(track))
        state["trip"] = trip
        let legacy = try JSONSerialization.data(withJSONObject: state)
        let resumed = try JSONDecoder().decode(TripEngine.self, from: legacy)
        #expect(Self.track(ending: resumed) == track)
    }

    @Test func aDamagedPackedTrackFailsTheDecoding() throws {
        let engine = Self.engineInATrip()
        var state = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(engine)) as? [String: Any])
        var trip = try #require(state["trip"] as? [String: Any])
        trip["packedTrack"] = "AQI"
        state["trip"] = trip
        let damaged = try JSONSerialization.data(withJSONObject: state)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TripEngine.self, from: damaged) }
    }

    /// State version 2 (issue 26) added fields; a version-1 checkpoint (written before them) resumes, and the
    /// trip it holds ends as the uninterrupted engine's does.
    @Test func aVersionOneCheckpointResumes() throws {
        let engine = Self.engineInATrip()
        var state = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(engine)) as? [String: Any])
        #expect(state["stateVersion"] as? Int == 2)
        state["stateVersion"] = nil
        var gate = try #require(state["gate"] as? [String: Any])
        for key in ["powerOffWithoutFix", "lastEpochWithoutFix", "lastEpochWithoutFixTime", "coldStartTrail"] {
            gate[key] = nil
        }
        state["gate"] = gate
        var trip = try #require(state["trip"] as? [String: Any])
        trip["estimatedStart"] = nil
        state["trip"] = trip
        let legacy = try JSONSerialization.data(withJSONObject: state)
        let resumed = try JSONDecoder().decode(TripEngine.self, from: legacy)
        #expect(resumed.stateVersion == nil)
        var a = engine
        var b = resumed
        #expect(a.finish() == b.finish())
    }
}
