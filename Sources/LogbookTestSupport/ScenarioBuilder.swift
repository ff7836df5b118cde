#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Geodesy
public import TrackModel

/// Builds synthetic receiver output for a vehicle whose true motion is known exactly, so that
/// engine tests can compare what the engine measured with what really happened.
///
/// The vehicle moves along a chain of short geodesics (`Geodesic.wgs84.direct`, ten sub-steps per
/// epoch) whose lengths are the speed profile's integral, so the true distance of every segment is
/// the elementary one: `speed × seconds` for a drive, `(v0 + v1) / 2 × seconds` for a uniform
/// acceleration, whatever the heading or turn rate. A drive without turn follows one geodesic.
///
/// Each segment method appends epochs at the builder's rate (the first at one interval after the
/// segment starts, the last at its end) and returns a `Segment` with its true start and end time,
/// the true distance driven before it and by its end, and the range of `fixes` it produced.
/// Receiver imperfections (noise, Doppler or position-only, reported errors) come from `Options`;
/// faults are applied afterwards to `fixes` by the fault methods, which take indices into `fixes`.
public struct ScenarioBuilder: Sendable {
    /// What the receiver reports during a segment.
    public enum Reception: Sendable, Hashable {
        /// Normal fixes.
        case fixes
        /// Epochs keep coming but without a fix (mode `.noFix`, no position): a tunnel.
        case noFix
        /// No epochs at all: the receiver is powered off.
        case silent
    }

    /// Deterministic receiver noise. Position noise is per axis (east, north), in metres.
    public struct Noise: Sendable, Hashable {
        /// Standard deviation of white position noise, independent from epoch to epoch.
        public var white: Double
        /// Standard deviation of a correlated drift (first-order Gauss–Markov), as consumer
        /// receivers show from multipath and atmosphere…
        public var drift: Double
        /// …with this correlation time, seconds…
        public var driftTime: Double
        /// …and clamped to this magnitude per axis (a bounded wander).
        public var driftBound: Double
        /// Standard deviation of the Doppler speed noise, m/s. Standing still the receiver reports
        /// |N(0, σ)|; moving, max(0, v + N(0, σ)).
        public var speed: Double
        /// Probability per epoch of a multipath spike: the position is off by `spikeSize` metres
        /// (uniformly between half and all of it) in a random direction, for that epoch only.
        public var spikeRate: Double
        public var spikeSize: Double

        public init(
            white: Double = 0, drift: Double = 0, driftTime: Double = 300, driftBound: Double = .infinity,
            speed: Double = 0, spikeRate: Double = 0, spikeSize: Double = 0
        ) {
            self.white = white
            self.drift = drift
            self.driftTime = driftTime
            self.driftBound = driftBound
            self.speed = speed
            self.spikeRate = spikeRate
            self.spikeSize = spikeSize
        }

        public static let none = Noise()
    }

    public struct Options: Sendable, Hashable {
        /// Epochs per second.
        public var rate: Double
        /// Whether fixes carry Doppler speed and course (gpsd, NMEA RMC); `false` is GPX-like, positions only.
        public var doppler: Bool
        public var eph: Double?
        public var hdop: Double?
        public var mode: FixMode
        public var noise: Noise
        public var seed: UInt64

        public init(
            rate: Double = 1, doppler: Bool = true, eph: Double? = 5, hdop: Double? = 0.9, mode: FixMode = .threeD,
            noise: Noise = .none, seed: UInt64 = 1
        ) {
            self.rate = rate
            self.doppler = doppler
            self.eph = eph
            self.hdop = hdop
            self.mode = mode
            self.noise = noise
            self.seed = seed
        }
    }

    /// The truth about one appended segment.
    public struct Segment: Sendable, Hashable {
        /// Seconds since 1970 when the segment began and ended.
        public var start: Double
        public var end: Double
        /// True distance driven since the scenario began, at the segment's start and end, metres.
        public var startDistance: Double
        public var endDistance: Double
        /// True position at the segment's start and end.
        public var startLatitude: Double
        public var startLongitude: Double
        public var endLatitude: Double
        public var endLongitude: Double
        /// The indices in `fixes` of the epochs this segment produced (before any fault that
        /// inserts epochs).
        public var fixes: Range<Int>
        public var length: Double { endDistance - startDistance }
    }

    public let options: Options
    /// The receiver noise from now on: `options.noise` until changed, for instance to the heavy
    /// multipath of a receiver parked in a street canyon and back to normal for the drive. The
    /// correlated drift carries over (clamped to the new bound) and then evolves by the new model.
    public var noise: Noise
    /// The epochs produced so far.
    public var fixes: [Fix] = []
    /// Current true state.
    public private(set) var time: Double
    public private(set) var latitude: Double
    public private(set) var longitude: Double
    /// Heading, degrees clockwise from north (the geodesic azimuth while driving straight).
    public private(set) var heading: Double
    public private(set) var speed: Double = 0
    public private(set) var turnRate: Double = 0
    /// True distance driven since the scenario began, metres.
    public private(set) var distance: Double = 0

    private var generator: SeededGenerator
    private var driftEast = 0.0
    private var driftNorth = 0.0
    private static let subSteps = 10

    public init(
        start: Timestamp = Timestamp(secondsSince1970: 1_717_221_600),  // 2024-06-01T06:00:00Z
        latitude: Double = 48.137, longitude: Double = 11.575, heading: Double = 60, options: Options = Options()
    ) {
        self.options = options
        self.noise = options.noise
        self.time = start.secondsSince1970
        self.latitude = latitude
        self.longitude = longitude
        self.heading = heading
        self.generator = SeededGenerator(seed: options.seed)
    }

    // MARK: Segments

    /// Stands still for `seconds`.
    @discardableResult
    public mutating func stand(_ seconds: Double, reception: Reception = .fixes) -> Segment {
        run(seconds, from: 0, to: 0, turnRate: 0, reception: reception)
    }

    /// Drives for `seconds` at `speed` (default: the current speed), optionally turning to `heading`
    /// first and turning at `turnRate` degrees per second (positive clockwise) throughout.
    @discardableResult
    public mutating func drive(
        _ seconds: Double, speed: Double? = nil, heading: Double? = nil, turnRate: Double = 0,
        reception: Reception = .fixes
    ) -> Segment {
        if let heading { self.heading = heading }
        let v = speed ?? self.speed
        return run(seconds, from: v, to: v, turnRate: turnRate, reception: reception)
    }

    /// Changes speed uniformly from the current one to `speed` over `seconds`.
    @discardableResult
    public mutating func accelerate(
        _ seconds: Double, to speed: Double, turnRate: Double = 0, reception: Reception = .fixes
    ) -> Segment {
        run(seconds, from: self.speed, to: speed, turnRate: turnRate, reception: reception)
    }

    /// Goes on at the current speed for `seconds` (turning at `turnRate`) with epochs that carry no fix.
    @discardableResult
    public mutating func outage(_ seconds: Double, turnRate: Double = 0) -> Segment {
        run(seconds, from: speed, to: speed, turnRate: turnRate, reception: .noFix)
    }

    /// Stands still for `seconds` with the receiver powered off (no epochs at all).
    @discardableResult
    public mutating func powerOff(_ seconds: Double) -> Segment {
        run(seconds, from: 0, to: 0, turnRate: 0, reception: .silent)
    }

    private mutating func run(
        _ seconds: Double, from v0: Double, to v1: Double, turnRate: Double, reception: Reception
    ) -> Segment {
        precondition(seconds >= 0 && v0 >= 0 && v1 >= 0)
        let startTime = time
        let startDistance = distance
        let (startLatitude, startLongitude) = (latitude, longitude)
        let firstFix = fixes.count
        self.turnRate = turnRate
        let steps = Int((seconds * options.rate).rounded())
        let dt = 1 / options.rate
        let h = dt / Double(Self.subSteps)
        let duration = Double(steps) * dt
        for step in 0..<steps {
            for sub in 0..<Self.subSteps {
                // Speed is linear in time, so speed at the sub-step's middle × its length is exact.
                let elapsed = Double(step) * dt + (Double(sub) + 0.5) * h
                let v = v0 + (v1 - v0) * elapsed / duration
                let length = v * h
                if length > 0 {
                    let azimuth = heading + turnRate * h / 2
                    let r = Geodesic.wgs84.direct(
                        latitude: latitude, longitude: longitude, azimuth: azimuth, distance: length)
                    latitude = r.latitude
                    longitude = r.longitude
                    heading = r.azimuth2 + turnRate * h / 2
                } else {
                    heading += turnRate * h
                }
                distance += length
            }
            heading = Self.normalized(heading)
            time = startTime + Double(step + 1) * dt
            speed = v0 + (v1 - v0) * Double(step + 1) / Double(steps)
            advanceDrift(dt)
            switch reception {
            case .fixes: fixes.append(makeFix())
            case .noFix: fixes.append(Fix(time: Timestamp(secondsSince1970: time), mode: .noFix))
            case .silent: break
            }
        }
        time = startTime + Double(steps) * dt
        speed = v1
        return Segment(
            start: startTime, end: time, startDistance: startDistance, endDistance: distance,
            startLatitude: startLatitude, startLongitude: startLongitude, endLatitude: latitude,
            endLongitude: longitude, fixes: firstFix..<fixes.count)
    }

    // MARK: Receiver model

    private mutating func advanceDrift(_ dt: Double) {
        let n = noise
        guard n.drift > 0 else {
            driftEast = max(-n.driftBound, min(n.driftBound, driftEast))
            driftNorth = max(-n.driftBound, min(n.driftBound, driftNorth))
            return
        }
        let a = exp(-dt / n.driftTime)
        let s = n.drift * (1 - a * a).squareRoot()
        driftEast = max(-n.driftBound, min(n.driftBound, a * driftEast + s * gaussian()))
        driftNorth = max(-n.driftBound, min(n.driftBound, a * driftNorth + s * gaussian()))
    }

    private mutating func makeFix() -> Fix {
        let n = noise
        var east = driftEast
        var north = driftNorth
        if n.white > 0 {
            east += n.white * gaussian()
            north += n.white * gaussian()
        }
        if n.spikeRate > 0, Double.random(in: 0..<1, using: &generator) < n.spikeRate {
            let size = n.spikeSize * Double.random(in: 0.5...1, using: &generator)
            let bearing = Double.random(in: 0..<(2 * .pi), using: &generator)
            east += size * sin(bearing)
            north += size * cos(bearing)
        }
        let (lat, lon) = Self.offset(latitude, longitude, east: east, north: north)
        var fix = Fix(
            time: Timestamp(secondsSince1970: time), mode: options.mode, latitude: lat, longitude: lon,
            eph: options.eph, hdop: options.hdop)
        if options.doppler {
            if speed > 0 {
                fix.speed = max(0, speed + n.speed * gaussian())
                fix.track = heading
            } else {
                fix.speed = abs(n.speed * gaussian())
                // Standing still, receivers report a meaningless course.
                fix.track = n.speed > 0 ? Double.random(in: 0..<360, using: &generator) : heading
            }
        }
        return fix
    }

    /// A standard normal deviate (Box–Muller).
    private mutating func gaussian() -> Double {
        let u1 = Double.random(in: Double.ulpOfOne..<1, using: &generator)
        let u2 = Double.random(in: 0..<1, using: &generator)
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }

    /// The point `east`, `north` metres from (`latitude`, `longitude`), along a geodesic.
    public static func offset(_ latitude: Double, _ longitude: Double, east: Double, north: Double) -> (
        latitude: Double, longitude: Double
    ) {
        let d = (east * east + north * north).squareRoot()
        guard d > 0 else { return (latitude, longitude) }
        let r = Geodesic.wgs84.direct(
            latitude: latitude, longitude: longitude, azimuth: atan2(east, north) * 180 / .pi, distance: d)
        return (r.latitude, r.longitude)
    }

    static func normalized(_ degrees: Double) -> Double {
        let a = degrees.truncatingRemainder(dividingBy: 360)
        return a < 0 ? a + 360 : a
    }

    // MARK: Faults (indices into `fixes`)

    /// Moves fix `index` by `metres` towards `bearing` (a single multipath spike).
    public mutating func spike(at index: Int, metres: Double, bearing: Double = 90) {
        burst(from: index, count: 1, metres: metres, bearing: bearing)
    }

    /// Moves `count` consecutive fixes from `index` by the same `metres` towards `bearing`: a burst
    /// of wrong positions that agree with each other.
    public mutating func burst(from index: Int, count: Int, metres: Double, bearing: Double = 90) {
        let radians = bearing * .pi / 180
        for i in index..<(index + count) {
            move(i, east: metres * sin(radians), north: metres * cos(radians))
        }
    }

    /// The first `count` fixes from `index` get reported error `eph` and a position offset towards
    /// `bearing` that decays linearly from `metres` (at `index`) to zero (at `index + count`): a
    /// receiver's cold start.
    public mutating func coldStart(from index: Int, count: Int, eph: Double, metres: Double, bearing: Double = 200) {
        let radians = bearing * .pi / 180
        for j in 0..<count {
            let d = metres * (1 - Double(j) / Double(count))
            move(index + j, east: d * sin(radians), north: d * cos(radians))
            fixes[index + j].eph = eph
        }
    }

    /// Inserts an exact copy of fix `index` right after it (the same epoch reported twice).
    public mutating func duplicate(at index: Int) {
        fixes.insert(fixes[index], at: index + 1)
    }

    /// Inserts a copy of the older fix `old` right after fix `index` (a stale epoch arriving late).
    public mutating func resend(_ old: Int, after index: Int) {
        precondition(old < index)
        fixes.insert(fixes[old], at: index + 1)
    }

    /// Swaps fixes `index` and `index + 1` (two epochs delivered out of order).
    public mutating func swap(at index: Int) {
        fixes.swapAt(index, index + 1)
    }

    private mutating func move(_ i: Int, east: Double, north: Double) {
        guard let lat = fixes[i].latitude, let lon = fixes[i].longitude else { return }
        let moved = Self.offset(lat, lon, east: east, north: north)
        fixes[i].latitude = moved.latitude
        fixes[i].longitude = moved.longitude
    }

    /// The index of the fix at `time` (seconds since 1970), if there is one.
    public func index(at time: Double) -> Int? {
        fixes.firstIndex { $0.time?.secondsSince1970 == time }
    }
}
