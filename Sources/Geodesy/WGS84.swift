/// The World Geodetic System 1984 reference ellipsoid (NIMA TR8350.2): the defining constants and the derived
/// quantities the geodesic algorithms use.
public enum WGS84 {
    /// Equatorial radius (semi-major axis) a, metres (defining).
    public static let equatorialRadius: Double = 6_378_137
    /// Flattening f = (a - b) / a (defining: 1 / 298.257223563).
    public static let flattening: Double = 1 / 298.257223563
    /// Inverse flattening 1 / f.
    public static let inverseFlattening: Double = 298.257223563
    /// Polar radius (semi-minor axis) b = a (1 - f) ≈ 6356752.314245 m.
    public static let polarRadius: Double = equatorialRadius * (1 - flattening)
    /// First eccentricity squared e² = f (2 - f) ≈ 0.00669438.
    public static let eccentricitySquared: Double = flattening * (2 - flattening)
    /// Second eccentricity squared e'² = e² / (1 - e²) = e² / (1 - f)².
    public static let secondEccentricitySquared: Double = eccentricitySquared / ((1 - flattening) * (1 - flattening))
    /// Third flattening n = (a - b) / (a + b) = f / (2 - f).
    public static let thirdFlattening: Double = flattening / (2 - flattening)
}
