/// East/north coordinates in metres on the plane tangent to the ellipsoid at a reference point (the horizontal
/// part of the local east-north-up frame), for filters and geometry near that point.
///
/// `project` takes a point on the ellipsoid's surface (height 0) to the plane by dropping its "up" component;
/// `unproject` goes back to the surface point with those east/north coordinates. Both are exact (to rounding,
/// ~1e-9 m) inverses of each other; nothing is approximated except that the plane is not the curved surface:
/// at distance r from the reference, lengths along the radius shrink by about r²/(2R²) and lengths across it
/// are kept, R ≈ 6371 km. Compared with geodesic distances (tested in Tests/GeodesyTests):
///
/// | within | distance from the reference | distance between two points | azimuth from the reference |
/// |--------|-----------------------------|-----------------------------|----------------------------|
/// | 1 km   | < 0.01 mm                   | < 0.01 mm                   | < 1e-8°                    |
/// | 10 km  | < 5 mm                      | < 1 cm                      | < 1e-6°                    |
///
/// (The simpler scaling by the meridional and prime-vertical radii of curvature at the reference latitude,
/// north = M·Δφ and east = N·cos φ₀·Δλ, is off by 1.7 cm at 1 km at 30°, 5 cm at 60° and 16 cm at 80°, because
/// the east scale changes with latitude; this plane has no such first-order error and costs about the same.)
///
/// Longitudes are handled across the antimeridian. The reference must not be a pole (east is undefined there).
public struct LocalTangentPlane: Sendable {
    /// Reference latitude, degrees.
    public let latitude: Double
    /// Reference longitude, degrees.
    public let longitude: Double

    private let e2: Double  // first eccentricity squared
    private let a: Double
    private let oneOverA2: Double
    private let oneOverB2: Double
    private let sphi0: Double
    private let cphi0: Double
    private let x0: Double  // reference point in an Earth-centred frame turned so that its longitude is 0
    private let z0: Double
    private let n0OverA2: Double  // N0 / a^2
    private let quadraticA: Double  // cos^2 phi0 / a^2 + sin^2 phi0 / b^2

    /// The tangent plane at (`latitude`, `longitude`) on `ellipsoid` (WGS84 unless given).
    public init(latitude: Double, longitude: Double, ellipsoid: Geodesic = .wgs84) {
        precondition(abs(latitude) < 90, "the reference latitude must lie strictly between the poles")
        self.latitude = latitude
        self.longitude = longitude
        a = ellipsoid.equatorialRadius
        let f = ellipsoid.flattening
        e2 = f * (2 - f)
        let b = ellipsoid.polarRadius
        oneOverA2 = 1 / (a * a)
        oneOverB2 = 1 / (b * b)
        (sphi0, cphi0) = AngleMath.sincosd(latitude)
        let n0 = a / (1 - e2 * sphi0 * sphi0).squareRoot()  // prime-vertical radius of curvature
        x0 = n0 * cphi0
        z0 = n0 * (1 - e2) * sphi0
        n0OverA2 = n0 / (a * a)
        quadraticA = cphi0 * cphi0 / (a * a) + sphi0 * sphi0 / (b * b)
    }

    /// East and north coordinates (metres) of a surface point.
    ///
    /// Near the reference (within about 0.9° of latitude, some 100 km) the sine and cosine of the latitude come from
    /// the reference's by the angle-addition formulas with a short polynomial for the small difference, and those
    /// of the longitude difference from that polynomial alone: no library call (the results agree with the
    /// library's to an ulp or two).
    public func project(latitude: Double, longitude: Double) -> (east: Double, north: Double) {
        let (sphi, cphi): (Double, Double)
        let dphi = (latitude - self.latitude) * AngleMath.degree
        if abs(dphi) < 1.0 / 64 {
            let (sd, cd) = AngleMath.sinCos(dphi)
            (sphi, cphi) = (sphi0 * cd + cphi0 * sd, cphi0 * cd - sphi0 * sd)
        } else {
            (sphi, cphi) = AngleMath.sincosd(latitude)
        }
        let dlam = AngleMath.difference(self.longitude, longitude).difference
        let (slam, clam) = abs(dlam) < 0.5 ? AngleMath.sinCos(dlam * AngleMath.degree) : AngleMath.sincosd(dlam)
        let nu = a / (1 - e2 * sphi * sphi).squareRoot()
        let dx = nu * cphi * clam - x0
        let dy = nu * cphi * slam
        let dz = nu * (1 - e2) * sphi - z0
        return (dy, cphi0 * dz - sphi0 * dx)
    }

    /// The surface point with east/north coordinates (metres); the inverse of `project`.
    ///
    /// Points further than about a quarter of the Earth's circumference have no surface point (NaN).
    public func unproject(east: Double, north: Double) -> (latitude: Double, longitude: Double) {
        // Offset in the plane, in the turned Earth-centred frame: east = (0, 1, 0), north = (-sin, 0, cos).
        let dx = -sphi0 * north
        let dy = east
        let dz = cphi0 * north
        // Move along "up" = (cos, 0, sin) by u to reach the ellipsoid: A u^2 + 2 B u + C = 0, where the terms
        // linear in the offset cancel exactly because the offset is perpendicular to the surface normal.
        let c = (dx * dx + dy * dy) * oneOverA2 + dz * dz * oneOverB2
        let b = n0OverA2 + dx * cphi0 * oneOverA2 + dz * sphi0 * oneOverB2
        let u = -c / (b + (b * b - quadraticA * c).squareRoot())
        let px = x0 + dx + u * cphi0
        let py = dy
        let pz = z0 + dz + u * sphi0
        // On the surface, the normal gives tan(latitude) = z / ((1 - e^2) p). Near the reference both angles are
        // small turns from the reference's: the latitude's from the reference normal (cos, sin), the longitude's
        // from the x axis; AngleMath.atan2 takes those by a short polynomial.
        let p = (px * px + py * py).squareRoot()
        let q = (1 - e2) * p
        let latitudeTurn = AngleMath.atan2(pz * cphi0 - q * sphi0, q * cphi0 + pz * sphi0)
        let latitude =
            abs(latitudeTurn) < 1.0 / 64
            ? self.latitude + latitudeTurn / AngleMath.degree : AngleMath.atan2d(pz, q)
        let longitudeTurn = px > 0 && abs(py) < px * (1.0 / 64) ? AngleMath.atan2(py, px) / AngleMath.degree : nil
        let longitude = AngleMath.normalize(self.longitude + (longitudeTurn ?? AngleMath.atan2d(py, px)))
        return (latitude, longitude)
    }
}

extension Geodesic {
    /// A fast approximate distance for short hops, metres: the plane approximation at the mean latitude φm,
    /// √((M(φm)·Δφ)² + (N(φm)·cos φm·Δλ)²), with M and N the meridional and prime-vertical radii of curvature.
    ///
    /// Its error grows with the cube of the distance: compared with the geodesic, at latitudes up to 80°, it is
    /// within 0.1 µm at 100 m, 0.1 mm at 1 km and 5 cm at 10 km (tested), so for track points a few metres to a few
    /// hundred metres apart it is as good as ``distance(latitude1:longitude1:latitude2:longitude2:)`` and several
    /// times cheaper. Do not use it across a pole or for long lines.
    public func equirectangularDistance(
        latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double
    ) -> Double {
        Self.equirectangularDistance(
            equatorialRadius: equatorialRadius, flattening: flattening, latitude1: latitude1, longitude1: longitude1,
            latitude2: latitude2, longitude2: longitude2)
    }

    /// ``equirectangularDistance(latitude1:longitude1:latitude2:longitude2:)`` on WGS84, for loops that take one per
    /// track point: the same figure, without reading ``wgs84`` (a call on it copies its 224 bytes of series
    /// coefficients first).
    public static func wgs84EquirectangularDistance(
        latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double
    ) -> Double {
        equirectangularDistance(
            equatorialRadius: WGS84.equatorialRadius, flattening: WGS84.flattening, latitude1: latitude1,
            longitude1: longitude1, latitude2: latitude2, longitude2: longitude2)
    }

    @inline(__always)
    private static func equirectangularDistance(
        equatorialRadius: Double, flattening: Double, latitude1: Double, longitude1: Double, latitude2: Double,
        longitude2: Double
    ) -> Double {
        let e2 = flattening * (2 - flattening)
        let dphi = (latitude2 - latitude1) * AngleMath.degree
        let dlam = AngleMath.difference(longitude1, longitude2).difference * AngleMath.degree
        let (sphi, cphi) = AngleMath.sinCosOfLatitude((latitude1 + latitude2) / 2)
        let w2 = 1 - e2 * sphi * sphi
        let w = w2.squareRoot()
        let nu = equatorialRadius / w
        let rho = nu * (1 - e2) / w2
        let north = rho * dphi
        let east = nu * cphi * dlam
        return (north * north + east * east).squareRoot()
    }
}
