#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Geodesics on an ellipsoid of revolution, after C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87,
/// 43–55 (2013): the series in the third flattening n and in eps are carried to order 6 (as in GeographicLib's
/// default build), the inverse problem is solved by Newton's method on the azimuth at the first point, started
/// from a spherical approximation or, for nearly antipodal points, from the solution of the astroid equation, so it
/// converges for every pair of points — coincident, equatorial, meridional, polar, exactly antipodal.
///
/// Accuracy (WGS84): agreement with GeographicLib to a few nanometres in distance and ~1e-12° in azimuth over the
/// whole globe (see Tests/GeodesyTests and Tests/Fixtures/geodesy/reference.csv).
///
/// Conventions: angles in degrees, distances in metres; azimuths clockwise from north in (-180°, 180°]; latitudes
/// must lie in [-90°, 90°] (others give NaN); longitudes may be any finite value.
///
/// A `Geodesic` is a small immutable value; `Geodesic.wgs84` is the one the trip engine uses.
public struct Geodesic: Sendable {
    /// Equatorial radius a, metres.
    public let equatorialRadius: Double
    /// Flattening f.
    public let flattening: Double
    /// Polar radius b = a (1 - f), metres.
    public let polarRadius: Double

    let f1: Double  // 1 - f
    let ep2: Double  // e'^2
    let n: Double  // third flattening
    let etol2: Double  // auxiliary-sphere arc below which the short-line estimate is final
    let a3: A3Coefficients
    let c3: C3Coefficients

    /// The WGS84 ellipsoid.
    public static let wgs84 = Geodesic(equatorialRadius: WGS84.equatorialRadius, flattening: WGS84.flattening)

    /// An ellipsoid with equatorial radius `a` (metres, > 0) and flattening `f`.
    ///
    /// Supports oblate ellipsoids and the sphere, `0 <= f <= 0.01`, the range for which order-6 series keep full
    /// double precision (Earth: f ≈ 0.00335).
    public init(equatorialRadius a: Double, flattening f: Double) {
        precondition(a.isFinite && a > 0, "equatorial radius must be positive")
        precondition(f >= 0 && f <= 0.01, "flattening must lie in [0, 0.01]")
        equatorialRadius = a
        flattening = f
        f1 = 1 - f
        polarRadius = a * (1 - f)
        let e2 = f * (2 - f)
        ep2 = e2 / (f1 * f1)
        n = f / (2 - f)
        etol2 = 0.1 * Constants.tol2 / (max(0.001, abs(f)) * min(1, 1 - f / 2) / 2).squareRoot()
        a3 = GeodesicSeries.a3Coefficients(n: n)
        c3 = GeodesicSeries.c3Coefficients(n: n)
    }

    /// Tolerances (computed properties so they fold into constants).
    enum Constants {
        /// sqrt(smallest normal double) = 2^-511: stands in for zero where a direction must be kept.
        static var tiny: Double { 0x1p-511 }
        /// Double epsilon, 2^-52.
        static var tol0: Double { 0x1p-52 }
        static var tol1: Double { 200 * 0x1p-52 }
        /// sqrt(tol0) = 2^-26.
        static var tol2: Double { 0x1p-26 }
        static var tolb: Double { 0x1p-78 }
        static var xthresh: Double { 1000 * 0x1p-26 }
        /// Newton steps before falling back to bisection only, and the overall cap.
        static var maxit1: Int { 20 }
        static var maxit2: Int { 20 + 53 + 10 }
    }

    /// eps = (sqrt(1 + k2) - 1) / (sqrt(1 + k2) + 1), written without cancellation.
    @inline(__always)
    static func epsilon(k2: Double) -> Double {
        k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
    }
}

/// The solution of the inverse problem between two points.
public struct GeodesicInverse: Sendable, Equatable {
    /// Length of the shortest geodesic between the points, metres.
    public var distance: Double
    /// Azimuth of the geodesic at the first point, degrees clockwise from north, in (-180°, 180°].
    public var azimuth1: Double
    /// Forward azimuth of the geodesic at the second point (the direction of travel on arrival), degrees.
    public var azimuth2: Double
    /// Arc length on the auxiliary sphere, degrees (180° for antipodal points).
    public var arcLength: Double

    public init(distance: Double, azimuth1: Double, azimuth2: Double, arcLength: Double) {
        self.distance = distance
        self.azimuth1 = azimuth1
        self.azimuth2 = azimuth2
        self.arcLength = arcLength
    }
}

/// The solution of the direct problem: where a geodesic of given start, azimuth and length ends.
public struct GeodesicDirect: Sendable, Equatable {
    /// Latitude of the end point, degrees.
    public var latitude: Double
    /// Longitude of the end point, degrees in [-180°, 180°].
    public var longitude: Double
    /// Forward azimuth at the end point, degrees.
    public var azimuth2: Double
    /// Arc length on the auxiliary sphere, degrees.
    public var arcLength: Double

    public init(latitude: Double, longitude: Double, azimuth2: Double, arcLength: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.azimuth2 = azimuth2
        self.arcLength = arcLength
    }
}
