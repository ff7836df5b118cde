/// Every tunable of the trip engine, with defaults chosen for the physics of consumer GNSS
/// receivers in road vehicles. Loadable from the `[engine]` table of the TOML configuration
/// (keys are the property names in snake_case).
public struct EngineConfiguration: Sendable, Hashable, Codable {
    // MARK: Fix acceptance

    /// Refuse 2D fixes (altitude held fixed by the receiver). Default `false`: 2D positions are
    /// usually fine for distance on roads.
    public var requireThreeD = false
    /// Refuse fixes whose reported horizontal error (gpsd `eph`, metres, ~95 %) exceeds this. Default 50 m.
    public var maximumEPH: Double = 50
    /// Refuse fixes whose HDOP exceeds this (used where the source reports HDOP). Default 10.
    public var maximumHDOP: Double = 10
    /// The highest plausible ground speed, metres per second. Default 75 m/s (270 km/h).
    public var maximumSpeed: Double = 75
    /// The highest plausible change of speed, metres per second squared (emergency braking is
    /// about 10 m/s²). Default 12.
    public var maximumAcceleration: Double = 12
    /// Consecutive fixes, consistent with each other but not with the last accepted fix, prove that
    /// the last accepted fix was the wrong one (the engine then re-anchors) once there are at least
    /// this many of them… Default 3.
    public var jumpRecoveryFixes = 3
    /// …and they span at least this many seconds. Multipath bursts, where a receiver reports a
    /// consistent but wrong position for several seconds, last up to about 10 s. Default 20 s.
    public var jumpRecoverySeconds: Double = 20
    /// Seconds without any epoch after which the receiver is taken to have been powered off; the
    /// fixes after it are a cold start. Default 60 s.
    public var powerOffGap: Double = 60
    /// Seconds after power-on during which the tighter cold-start gates apply. Default 120 s.
    public var coldStartWindow: Double = 120
    /// Largest `eph` accepted during the cold-start window. Default 12 m.
    public var coldStartMaximumEPH: Double = 12
    /// Largest HDOP accepted during the cold-start window. Default 2.5.
    public var coldStartMaximumHDOP: Double = 2.5

    // MARK: Motion

    /// Speed (Doppler, or estimated from positions) from which the vehicle may be moving. Default
    /// 1.5 m/s (5.4 km/h); receivers standing still report up to about 0.5 m/s of noise.
    public var movingSpeed: Double = 1.5
    /// Speed below which the vehicle may be standing still. Default 0.8 m/s.
    public var stoppedSpeed: Double = 0.8
    /// Positions that stay within this radius of their centre count as standing still. Default 10 m.
    public var stationaryRadius: Double = 10
    /// Seconds of consistent motion (speed above `movingSpeed` and the position leaving the stop
    /// radius) that confirm a departure. Default 4 s.
    public var departureConfirmation: Double = 4
    /// Seconds of consistent standstill that confirm a stop. Default 4 s.
    public var stopConfirmation: Double = 4

    // MARK: Distance

    /// Longest interval between two fixes over which Doppler speeds are integrated; longer
    /// intervals (outages such as tunnels) are bridged by the geodesic chord. Default 15 s.
    public var dopplerMaximumInterval: Double = 15
    /// Position-only sources: the Kalman filter's process noise, as the spectral density of
    /// acceleration, (m/s²)²/Hz. Default 2.
    public var accelerationNoise: Double = 2
    /// Position-only sources: the horizontal error (1 σ, metres) assumed per unit of HDOP when the
    /// source gives no `eph`. Default 3 m.
    public var errorPerHDOP: Double = 3
    /// Position-only sources: the filtered path is measured in steps of at least this many metres,
    /// and at least `positionStepNoiseFactor` times the fixes' one-sigma error (capped at six times
    /// this spacing: 30 m, three sigmas of a street canyon's fixes at HDOP 3), so that the sideways
    /// wander of correlated receiver noise, and a stand's wander, add no length.
    /// Default 5 m.
    public var positionStepSpacing: Double = 5
    /// See `positionStepSpacing`. Default 3.
    public var positionStepNoiseFactor: Double = 3
    /// Position fixes whose innovation exceeds this many standard deviations are outliers. Default 5.
    public var outlierGate: Double = 5

    // MARK: Trips

    /// A stop at least this long ends the trip (at the moment the vehicle stopped); shorter stops
    /// stay inside the trip as idle time. Default 300 s.
    public var parkingThreshold: Double = 300
    /// A gap in the data at least this long ends the trip at the last fix before the gap (boxes
    /// that power off with the ignition). Default 300 s.
    public var gapThreshold: Double = 300
    /// Trips shorter than this are dropped and counted. Default 100 m.
    public var minimumTripDistance: Double = 100
    /// Standing still this long while the receiver keeps reporting raises a long-idle event (so the
    /// daemon can remind the driver that tracking is still on). Default 2 h.
    public var longIdleThreshold: Double = 7_200

    // MARK: Track

    /// Keep each trip's cleaned track (for `--track-out`, maps and audits).
    public var collectTrack = false
    /// Minimum spacing between kept track points, metres (points are also kept at every turn of
    /// more than 15° and at least every 30 s). Default 5 m.
    public var trackPointSpacing: Double = 5

    public init() {}

    /// The keys of the `[engine]` table of the configuration file.
    public static var configurationKeys: [String] { CodingKeys.allCases.map(\.stringValue) }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case requireThreeD = "require_3d"
        case maximumEPH = "maximum_eph"
        case maximumHDOP = "maximum_hdop"
        case maximumSpeed = "maximum_speed"
        case maximumAcceleration = "maximum_acceleration"
        case jumpRecoveryFixes = "jump_recovery_fixes"
        case jumpRecoverySeconds = "jump_recovery_seconds"
        case powerOffGap = "power_off_gap"
        case coldStartWindow = "cold_start_window"
        case coldStartMaximumEPH = "cold_start_maximum_eph"
        case coldStartMaximumHDOP = "cold_start_maximum_hdop"
        case movingSpeed = "moving_speed"
        case stoppedSpeed = "stopped_speed"
        case stationaryRadius = "stationary_radius"
        case departureConfirmation = "departure_confirmation"
        case stopConfirmation = "stop_confirmation"
        case dopplerMaximumInterval = "doppler_maximum_interval"
        case accelerationNoise = "acceleration_noise"
        case errorPerHDOP = "error_per_hdop"
        case outlierGate = "outlier_gate"
        case positionStepSpacing = "position_step_spacing"
        case positionStepNoiseFactor = "position_step_noise_factor"
        case parkingThreshold = "parking_threshold"
        case gapThreshold = "gap_threshold"
        case minimumTripDistance = "minimum_trip_distance"
        case longIdleThreshold = "long_idle_threshold"
        case collectTrack = "collect_track"
        case trackPointSpacing = "track_point_spacing"
    }

    /// Decodes a partial table: keys that are absent keep their defaults.
    public init(from decoder: any Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func read<T: Decodable>(_ key: CodingKeys, _ value: inout T) throws {
            if let v = try c.decodeIfPresent(T.self, forKey: key) { value = v }
        }
        try read(.requireThreeD, &requireThreeD)
        try read(.maximumEPH, &maximumEPH)
        try read(.maximumHDOP, &maximumHDOP)
        try read(.maximumSpeed, &maximumSpeed)
        try read(.maximumAcceleration, &maximumAcceleration)
        try read(.jumpRecoveryFixes, &jumpRecoveryFixes)
        try read(.jumpRecoverySeconds, &jumpRecoverySeconds)
        try read(.powerOffGap, &powerOffGap)
        try read(.coldStartWindow, &coldStartWindow)
        try read(.coldStartMaximumEPH, &coldStartMaximumEPH)
        try read(.coldStartMaximumHDOP, &coldStartMaximumHDOP)
        try read(.movingSpeed, &movingSpeed)
        try read(.stoppedSpeed, &stoppedSpeed)
        try read(.stationaryRadius, &stationaryRadius)
        try read(.departureConfirmation, &departureConfirmation)
        try read(.stopConfirmation, &stopConfirmation)
        try read(.dopplerMaximumInterval, &dopplerMaximumInterval)
        try read(.accelerationNoise, &accelerationNoise)
        try read(.errorPerHDOP, &errorPerHDOP)
        try read(.outlierGate, &outlierGate)
        try read(.positionStepSpacing, &positionStepSpacing)
        try read(.positionStepNoiseFactor, &positionStepNoiseFactor)
        try read(.parkingThreshold, &parkingThreshold)
        try read(.gapThreshold, &gapThreshold)
        try read(.minimumTripDistance, &minimumTripDistance)
        try read(.longIdleThreshold, &longIdleThreshold)
        try read(.collectTrack, &collectTrack)
        try read(.trackPointSpacing, &trackPointSpacing)
        try validate()
    }

    /// A configuration error naming the offending key.
    public struct InvalidValue: Error, Sendable, Hashable, CustomStringConvertible {
        public var key: String
        public var reason: String
        public var description: String { "engine.\(key): \(reason)" }
    }

    /// Checks ranges and relations between settings.
    public func validate() throws(InvalidValue) {
        func positive(_ value: Double, _ key: CodingKeys) throws(InvalidValue) {
            guard value.isFinite, value > 0 else { throw InvalidValue(key: key.rawValue, reason: "must be > 0") }
        }
        try positive(maximumEPH, .maximumEPH)
        try positive(maximumHDOP, .maximumHDOP)
        try positive(maximumSpeed, .maximumSpeed)
        try positive(maximumAcceleration, .maximumAcceleration)
        try positive(powerOffGap, .powerOffGap)
        try positive(coldStartMaximumEPH, .coldStartMaximumEPH)
        try positive(coldStartMaximumHDOP, .coldStartMaximumHDOP)
        try positive(movingSpeed, .movingSpeed)
        try positive(stoppedSpeed, .stoppedSpeed)
        try positive(stationaryRadius, .stationaryRadius)
        try positive(dopplerMaximumInterval, .dopplerMaximumInterval)
        try positive(accelerationNoise, .accelerationNoise)
        try positive(errorPerHDOP, .errorPerHDOP)
        try positive(outlierGate, .outlierGate)
        try positive(positionStepSpacing, .positionStepSpacing)
        try positive(positionStepNoiseFactor, .positionStepNoiseFactor)
        try positive(parkingThreshold, .parkingThreshold)
        try positive(gapThreshold, .gapThreshold)
        try positive(longIdleThreshold, .longIdleThreshold)
        try positive(trackPointSpacing, .trackPointSpacing)
        guard jumpRecoveryFixes >= 1 else {
            throw InvalidValue(key: CodingKeys.jumpRecoveryFixes.rawValue, reason: "must be ≥ 1")
        }
        guard coldStartWindow >= 0, jumpRecoverySeconds >= 0, departureConfirmation >= 0, stopConfirmation >= 0,
            minimumTripDistance >= 0
        else {
            throw InvalidValue(key: "durations", reason: "must not be negative")
        }
        guard stoppedSpeed < movingSpeed else {
            throw InvalidValue(key: CodingKeys.stoppedSpeed.rawValue, reason: "must be below moving_speed")
        }
    }
}
