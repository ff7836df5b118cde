#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

public import TrackModel

extension Coordinate {
    /// Great-circle distance in metres on a sphere of the Earth's mean radius (haversine). Enough for deciding
    /// whether a trip started inside a place of some hundred metres; off by up to about 0.5 % from the ellipsoid.
    public func distance(to other: Coordinate) -> Double {
        let radians = Double.pi / 180
        let phi1 = latitude * radians
        let phi2 = other.latitude * radians
        let sinHalfDPhi = sin((other.latitude - latitude) * radians / 2)
        let sinHalfDLambda = sin((other.longitude - longitude) * radians / 2)
        let h = sinHalfDPhi * sinHalfDPhi + cos(phi1) * cos(phi2) * sinHalfDLambda * sinHalfDLambda
        return 2 * Self.earthMeanRadius * asin(min(1, h.squareRoot()))
    }

    /// IUGG mean Earth radius R1 in metres.
    public static let earthMeanRadius = 6_371_008.8
}

/// A named place: everything within `radiusMetres` of `centre` (home, office, a customer's yard).
public struct Place: Sendable, Hashable, Codable {
    public var name: String
    public var centre: Coordinate
    public var radiusMetres: Double

    public init(name: String, centre: Coordinate, radiusMetres: Double) {
        self.name = name
        self.centre = centre
        self.radiusMetres = radiusMetres
    }

    public func contains(_ coordinate: Coordinate) -> Bool {
        centre.distance(to: coordinate) <= radiusMetres
    }
}
