import Foundation
import Testing
import TripEngine

@Suite("Engine configuration")
struct EngineConfigurationTests {
    static func decode(_ json: String) throws -> EngineConfiguration {
        try JSONDecoder().decode(EngineConfiguration.self, from: Data(json.utf8))
    }

    @Test func defaultsAreTheDocumentedOnes() {
        let c = EngineConfiguration()
        // DESIGN.md §5: parking threshold 5 min, long idle 2 h.
        #expect(c.parkingThreshold == 300)
        #expect(c.longIdleThreshold == 7_200)
        #expect(c.stoppedSpeed < c.movingSpeed)
        #expect(throws: Never.self) { try c.validate() }
    }

    @Test func emptyTableKeepsEveryDefault() throws {
        #expect(try Self.decode("{}") == EngineConfiguration())
    }

    @Test func partialTableKeepsTheOtherDefaults() throws {
        let c = try Self.decode(
            #"{"moving_speed": 2.5, "parking_threshold": 600, "require_3d": true, "jump_recovery_fixes": 5, "collect_track": true}"#
        )
        var expected = EngineConfiguration()
        expected.movingSpeed = 2.5
        expected.parkingThreshold = 600
        expected.requireThreeD = true
        expected.jumpRecoveryFixes = 5
        expected.collectTrack = true
        #expect(c == expected)
        #expect(c.stoppedSpeed == 0.8 && c.longIdleThreshold == 7_200 && c.maximumEPH == 50)
    }

    @Test(arguments: [
        ("maximum_eph", 40.0), ("maximum_speed", 60), ("stationary_radius", 15), ("gap_threshold", 900),
        ("minimum_trip_distance", 250), ("long_idle_threshold", 3_600), ("outlier_gate", 4),
    ])
    func eachKeyReachesItsProperty(key: String, value: Double) throws {
        let c = try Self.decode(#"{"\#(key)": \#(value)}"#)
        let read: [String: Double] = [
            "maximum_eph": c.maximumEPH, "maximum_speed": c.maximumSpeed, "stationary_radius": c.stationaryRadius,
            "gap_threshold": c.gapThreshold, "minimum_trip_distance": c.minimumTripDistance,
            "long_idle_threshold": c.longIdleThreshold, "outlier_gate": c.outlierGate,
        ]
        #expect(read[key] == value)
        // And nothing else changed: put the default back and compare.
        var restored = c
        let d = EngineConfiguration()
        switch key {
        case "maximum_eph": restored.maximumEPH = d.maximumEPH
        case "maximum_speed": restored.maximumSpeed = d.maximumSpeed
        case "stationary_radius": restored.stationaryRadius = d.stationaryRadius
        case "gap_threshold": restored.gapThreshold = d.gapThreshold
        case "minimum_trip_distance": restored.minimumTripDistance = d.minimumTripDistance
        case "long_idle_threshold": restored.longIdleThreshold = d.longIdleThreshold
        default: restored.outlierGate = d.outlierGate
        }
        #expect(restored == d)
    }

    @Test(arguments: [0.8, 1.5, 2.0])
    func stoppedSpeedMustBeBelowMovingSpeed(stopped: Double) {
        var c = EngineConfiguration()
        c.movingSpeed = 0.8
        c.stoppedSpeed = stopped  // equal to or above moving_speed
        #expect(throws: EngineConfiguration.InvalidValue.self) { try c.validate() }
        do {
            try c.validate()
        } catch {
            #expect(error.key == "stopped_speed")
        }
    }

    @Test func decodingRefusesStoppedSpeedAtOrAboveMovingSpeed() {
        #expect(throws: EngineConfiguration.InvalidValue.self) { try Self.decode(#"{"stopped_speed": 1.5}"#) }
        #expect(throws: EngineConfiguration.InvalidValue.self) {
            try Self.decode(#"{"moving_speed": 1.0, "stopped_speed": 1.2}"#)
        }
        #expect(throws: Never.self) { try Self.decode(#"{"moving_speed": 3.0, "stopped_speed": 1.2}"#) }
    }

    @Test func otherRangesAreChecked() {
        #expect(throws: EngineConfiguration.InvalidValue.self) { try Self.decode(#"{"parking_threshold": 0}"#) }
        #expect(throws: EngineConfiguration.InvalidValue.self) { try Self.decode(#"{"maximum_speed": -1}"#) }
        #expect(throws: EngineConfiguration.InvalidValue.self) { try Self.decode(#"{"jump_recovery_fixes": 0}"#) }
        #expect(throws: (any Error).self) { try Self.decode(#"{"moving_speed": "fast"}"#) }
    }
}
