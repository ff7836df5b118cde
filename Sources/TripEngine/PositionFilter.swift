#if canImport(Glibc)
    import Glibc
#endif
import Geodesy

/// A constant-velocity Kalman filter on the local east/north plane, with outlier gating.
///
/// Each axis has state (position, velocity) with white-noise acceleration as process noise.
/// Positions are measured with the fix's reported error; Doppler velocity, where the source
/// gives speed and course while moving, is fused as a second measurement. A position whose
/// innovation lies beyond `gate` standard deviations is refused as an outlier (multipath).
struct PositionFilter: Sendable, Codable {
    struct Axis: Sendable, Hashable, Codable {
        var p: Double
        var v: Double
        var pp: Double  // var(p)
        var pv: Double  // cov(p, v)
        var vv: Double  // var(v)

        mutating func predict(_ dt: Double, q: Double) {
            p += v * dt
            let dt2 = dt * dt
            pp += 2 * dt * pv + dt2 * vv + q * dt2 * dt / 3
            pv += dt * vv + q * dt2 / 2
            vv += q * dt
        }

        /// Innovation and its variance for a position measurement.
        func positionInnovation(_ z: Double, r: Double) -> (y: Double, s: Double) { (z - p, pp + r) }

        mutating func updatePosition(_ z: Double, r: Double) {
            let s = pp + r
            let kp = pp / s
            let kv = pv / s
            let y = z - p
            p += kp * y
            v += kv * y
            let (opp, opv, ovv) = (pp, pv, vv)
            pp = (1 - kp) * opp
            pv = (1 - kp) * opv
            vv = ovv - kv * opv
        }

        mutating func updateVelocity(_ z: Double, r: Double) {
            let s = vv + r
            let kp = pv / s
            let kv = vv / s
            let y = z - v
            p += kp * y
            v += kv * y
            let (opp, opv, ovv) = (pp, pv, vv)
            pp = opp - kp * opv
            pv = (1 - kv) * opv
            vv = (1 - kv) * ovv
        }
    }

    /// The plane's origin (the plane itself is rebuilt from it when decoding a checkpoint).
    var originLatitude: Double
    var originLongitude: Double
    var plane: LocalTangentPlane
    var east: Axis
    var north: Axis
    var time: Double
    /// Consecutive positions refused as outliers, and since when (the filter restarts when they
    /// persist: then it was the filter that had lost the vehicle).
    var consecutiveOutliers = 0
    var outliersSince: Double?

    /// Restart the filter on a measurement.
    init(time: Double, latitude: Double, longitude: Double, sigma: Double, velocity: (east: Double, north: Double)?) {
        originLatitude = latitude
        originLongitude = longitude
        plane = LocalTangentPlane(latitude: latitude, longitude: longitude)
        let r = sigma * sigma
        let vVar = velocity == nil ? 100.0 : 1.0
        east = Axis(p: 0, v: velocity?.east ?? 0, pp: r, pv: 0, vv: vVar)
        north = Axis(p: 0, v: velocity?.north ?? 0, pp: r, pv: 0, vv: vVar)
        self.time = time
    }

    enum CodingKeys: String, CodingKey {
        case originLatitude, originLongitude, east, north, time, consecutiveOutliers, outliersSince
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        originLatitude = try c.decode(Double.self, forKey: .originLatitude)
        originLongitude = try c.decode(Double.self, forKey: .originLongitude)
        plane = LocalTangentPlane(latitude: originLatitude, longitude: originLongitude)
        east = try c.decode(Axis.self, forKey: .east)
        north = try c.decode(Axis.self, forKey: .north)
        time = try c.decode(Double.self, forKey: .time)
        consecutiveOutliers = try c.decode(Int.self, forKey: .consecutiveOutliers)
        outliersSince = try c.decodeIfPresent(Double.self, forKey: .outliersSince)
    }

    enum Outcome { case accepted, outlier }

    /// Advances to `time` and folds in a position (and optionally a velocity) measurement.
    mutating func update(
        time newTime: Double, latitude: Double, longitude: Double, sigma: Double,
        velocity: (east: Double, north: Double)?, velocitySigma: Double, processNoise q: Double, gate: Double
    ) -> Outcome {
        let dt = max(0, newTime - time)
        var predictedEast = east
        var predictedNorth = north
        predictedEast.predict(dt, q: q)
        predictedNorth.predict(dt, q: q)
        let z = plane.project(latitude: latitude, longitude: longitude)
        let r = sigma * sigma
        let ie = predictedEast.positionInnovation(z.east, r: r)
        let inn = predictedNorth.positionInnovation(z.north, r: r)
        let d2 = ie.y * ie.y / ie.s + inn.y * inn.y / inn.s
        if d2 > gate * gate {
            if consecutiveOutliers == 0 { outliersSince = newTime }
            consecutiveOutliers += 1
            return .outlier
        }
        consecutiveOutliers = 0
        outliersSince = nil
        east = predictedEast
        north = predictedNorth
        time = newTime
        east.updatePosition(z.east, r: r)
        north.updatePosition(z.north, r: r)
        if let velocity {
            let rv = velocitySigma * velocitySigma
            east.updateVelocity(velocity.east, r: rv)
            north.updateVelocity(velocity.north, r: rv)
        }
        // Keep the plane's origin near the vehicle so the flat-earth error stays negligible.
        if east.p * east.p + north.p * north.p > 20_000 * 20_000 { recentre() }
        return .accepted
    }

    private mutating func recentre() {
        let here = plane.unproject(east: east.p, north: north.p)
        originLatitude = here.latitude
        originLongitude = here.longitude
        plane = LocalTangentPlane(latitude: here.latitude, longitude: here.longitude)
        east.p = 0
        north.p = 0
    }

    /// The filtered position.
    var coordinate: (latitude: Double, longitude: Double) { plane.unproject(east: east.p, north: north.p) }

    /// The filtered course over ground, degrees from north.
    var course: Double {
        let degrees = atan2(east.v, north.v) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// The filtered ground speed, m/s.
    var speed: Double { (east.v * east.v + north.v * north.v).squareRoot() }
}
