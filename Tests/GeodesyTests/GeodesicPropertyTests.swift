#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Geodesy
import Testing

/// Facts checkable by hand, symmetries, and direct/inverse round trips on seeded random lines.
@Suite("Geodesic properties")
struct GeodesicPropertyTests {
    static let g = Geodesic.wgs84

    @Test func wgs84Constants() {
        // NIMA TR8350.2, table 3.3 (derived geometric constants)
        #expect(abs(WGS84.polarRadius - 6_356_752.3142) < 1e-4)
        #expect(abs(WGS84.eccentricitySquared - 6.694_379_990_14e-3) < 1e-14)
        #expect(abs(WGS84.secondEccentricitySquared - 6.739_496_742_28e-3) < 1e-14)
        #expect(abs(WGS84.thirdFlattening - 1.679_220_386_38e-3) < 1e-14)
        #expect(Geodesic.wgs84.polarRadius == WGS84.polarRadius)
    }

    @Test func quarterMeridian() {
        let r = Self.g.inverse(latitude1: 0, longitude1: 0, latitude2: 90, longitude2: 0)
        #expect(abs(r.distance - 10_001_965.729) < 5e-4)
        // Independent closed form (Bessel/Helmert): Q = (a + b)/2 (1 + n^2/4 + n^4/64 + n^6/256 + 25 n^8/16384) pi/2.
        let a = 6_378_137.0, f = 1 / 298.257223563
        let b = a * (1 - f), n = f / (2 - f), n2 = n * n
        let q =
            (a + b) / 2 * (1 + n2 / 4 + n2 * n2 / 64 + n2 * n2 * n2 / 256 + 25 * n2 * n2 * n2 * n2 / 16384) * .pi / 2
        #expect(abs(r.distance - q) < 1e-6, "\(r.distance) vs \(q)")
        #expect(r.azimuth1 == 0 && r.azimuth2 == 0)
        // pole to pole: twice that, along any meridian
        let poles = Self.g.inverse(latitude1: -90, longitude1: 33, latitude2: 90, longitude2: -100)
        #expect(abs(poles.distance - 2 * q) < 2e-6)
    }

    @Test func equator() {
        let degree = Self.g.distance(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 1)
        #expect(abs(degree - 111_319.4908) < 1e-4)
        #expect(abs(degree - 6_378_137 * Double.pi / 180) < 1e-8)
        // The equator is a geodesic up to lon12 = 180 (1 - f) = 179.3966°...
        let along = Self.g.inverse(latitude1: 0, longitude1: -10, latitude2: 0, longitude2: 169)
        #expect(abs(along.distance - 6_378_137 * 179 * Double.pi / 180) < 1e-6)
        #expect(along.azimuth1 == 90 && along.azimuth2 == 90)
        // ... beyond it the shortest line leaves the equator and is shorter than the equatorial arc.
        let over = Self.g.inverse(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 179.5)
        #expect(over.distance < 6_378_137 * 179.5 * Double.pi / 180)
        #expect(over.azimuth1 < 89)
        // Equatorial antipodes: the shortest line runs over a pole: half the meridian ellipse.
        let antipodes = Self.g.inverse(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 180)
        #expect(abs(antipodes.distance - 20_003_931.458) < 1e-3)
        #expect(abs(antipodes.azimuth1) == 0 || abs(antipodes.azimuth1) == 180)
        #expect(antipodes.arcLength == 180)
    }

    @Test func coincidentPoints() {
        for (lat, lon) in [(0.0, 0.0), (52.5, 13.4), (-90.0, 0.0), (90.0, 45.0), (-10.0, 180.0)] {
            let r = Self.g.inverse(latitude1: lat, longitude1: lon, latitude2: lat, longitude2: lon)
            #expect(r.distance == 0 && r.arcLength == 0)
            let d = Self.g.direct(latitude: lat, longitude: lon, azimuth: 30, distance: 0)
            #expect(abs(d.latitude - lat) < 1e-13, "\(d)")
            #expect(separation(d.latitude, d.longitude, lat, lon) < 1e-9, "\(d)")
        }
        #expect(Self.g.distance(latitude1: 10, longitude1: 180, latitude2: 10, longitude2: -180) == 0)
    }

    @Test func invalidLatitudeGivesNaN() {
        #expect(Self.g.distance(latitude1: 91, longitude1: 0, latitude2: 0, longitude2: 0).isNaN)
        #expect(Self.g.direct(latitude: -90.5, longitude: 0, azimuth: 0, distance: 1).latitude.isNaN)
    }

    /// Seeded random lines: short hops (0.1 m - 10 km) and global pairs.
    static func randomLines(count: Int, seed: UInt64) -> [(Double, Double, Double, Double)] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { i in
            let lat1 = Double.random(in: -90...90, using: &random)
            let lon1 = Double.random(in: -540...540, using: &random)
            if i.isMultiple(of: 2) {
                let azimuth = Double.random(in: -180...180, using: &random)
                let s = pow(10, Double.random(in: -1...4, using: &random))
                let d = g.direct(latitude: lat1, longitude: lon1, azimuth: azimuth, distance: s)
                return (lat1, lon1, d.latitude, d.longitude)
            }
            return (
                lat1, lon1, Double.random(in: -90...90, using: &random), Double.random(in: -180...180, using: &random)
            )
        }
    }

    @Test func symmetries() {
        for (lat1, lon1, lat2, lon2) in Self.randomLines(count: 2000, seed: 7) {
            let r = Self.g.inverse(latitude1: lat1, longitude1: lon1, latitude2: lat2, longitude2: lon2)
            // reversed
            let back = Self.g.inverse(latitude1: lat2, longitude1: lon2, latitude2: lat1, longitude2: lon1)
            #expect(abs(back.distance - r.distance) <= 1e-9 * max(1, r.distance))
            // mirrored in the equator and in the meridian
            let mirror = Self.g.inverse(latitude1: -lat1, longitude1: -lon1, latitude2: -lat2, longitude2: -lon2)
            #expect(abs(mirror.distance - r.distance) <= 1e-9 * max(1, r.distance))
            // shifted by whole turns in longitude (inputs on a 2^-20 degree grid, so the shifts are exact): identical
            let q1 = (lon1 * 0x1p20).rounded() / 0x1p20, q2 = (lon2 * 0x1p20).rounded() / 0x1p20
            let grid = Self.g.inverse(latitude1: lat1, longitude1: q1, latitude2: lat2, longitude2: q2)
            let shifted = Self.g.inverse(latitude1: lat1, longitude1: q1 + 360, latitude2: lat2, longitude2: q2 - 720)
            #expect(shifted.distance == grid.distance && shifted.arcLength == grid.arcLength)
            // (180° and -180° are the same azimuth; which one a meridional line gets follows the sign of the input
            // longitude difference, -1080° here)
            #expect(
                angleError(shifted.azimuth1, grid.azimuth1) == 0 && angleError(shifted.azimuth2, grid.azimuth2) == 0)
            guard r.distance > 1, r.arcLength < 179 else { continue }
            #expect(angleError(back.azimuth1, r.azimuth2 + 180) <= 1e-9, "\(r) vs \(back)")
            #expect(angleError(back.azimuth2, r.azimuth1 + 180) <= 1e-9)
            #expect(angleError(mirror.azimuth1, r.azimuth1 + 180) <= 1e-9 || abs(lat1) == 90)
        }
    }

    @Test func inverseThenDirectReachesTheSecondPoint() {
        var worstPosition = 0.0, worstAzimuth = 0.0
        for (lat1, lon1, lat2, lon2) in Self.randomLines(count: 4000, seed: 11) {
            let r = Self.g.inverse(latitude1: lat1, longitude1: lon1, latitude2: lat2, longitude2: lon2)
            let d = Self.g.direct(latitude: lat1, longitude: lon1, azimuth: r.azimuth1, distance: r.distance)
            let miss = separation(d.latitude, d.longitude, lat2, lon2)
            worstPosition = max(worstPosition, miss)
            #expect(miss <= 1e-6, "(\(lat1), \(lon1)) -> (\(lat2), \(lon2)): \(r), arrived \(d)")
            if r.distance > 100 && abs(lat2) < 89.9 {
                worstAzimuth = max(worstAzimuth, angleError(d.azimuth2, r.azimuth2))
                #expect(angleError(d.azimuth2, r.azimuth2) <= 1e-9)
            }
        }
        print("inverse->direct round trip: worst miss \(worstPosition) m, worst azimuth2 \(worstAzimuth)°")
    }

    @Test func directThenInverseRecoversTheLine() {
        var random = SplitMix64(seed: 13)
        for _ in 0..<4000 {
            let lat1 = Double.random(in: -89...89, using: &random)
            let lon1 = Double.random(in: -180...180, using: &random)
            let azimuth = Double.random(in: -180...180, using: &random)
            let s = Double.random(in: 0.1...1.5e7, using: &random)
            let d = Self.g.direct(latitude: lat1, longitude: lon1, azimuth: azimuth, distance: s)
            let r = Self.g.inverse(latitude1: lat1, longitude1: lon1, latitude2: d.latitude, longitude2: d.longitude)
            #expect(abs(r.distance - s) <= 1e-6, "\(s) m from (\(lat1), \(lon1)) at \(azimuth)°: \(r)")
            #expect(angleError(r.azimuth1, azimuth) <= 1e-9 * max(1, 100 / s), "\(s) m: \(r.azimuth1) vs \(azimuth)")
        }
    }

    @Test func negativeDistanceRunsBackwards() {
        let forward = Self.g.direct(latitude: 40, longitude: -3, azimuth: 200, distance: -123_456)
        let reverse = Self.g.direct(latitude: 40, longitude: -3, azimuth: 20, distance: 123_456)
        #expect(separation(forward.latitude, forward.longitude, reverse.latitude, reverse.longitude) < 1e-6)
        #expect(angleError(forward.azimuth2, reverse.azimuth2 + 180) < 1e-9)
    }

    @Test func sphere() {
        // On a sphere every geodesic is a great circle: the spherical law of cosines is exact.
        let radius = 6_371_000.0
        let sphere = Geodesic(equatorialRadius: radius, flattening: 0)
        for (lat1, lon1, lat2, lon2) in [
            (10.0, 20.0, -35.0, 150.0), (0.0, 0.0, 60.0, 90.0), (-80.0, 10.0, 45.0, -100.0),
        ] {
            let d = sphere.inverse(latitude1: lat1, longitude1: lon1, latitude2: lat2, longitude2: lon2)
            let r = Double.pi / 180
            let cosc = sin(lat1 * r) * sin(lat2 * r) + cos(lat1 * r) * cos(lat2 * r) * cos((lon2 - lon1) * r)
            #expect(abs(d.distance - radius * acos(cosc)) < 1e-6)
            // initial bearing of the great circle
            let y = sin((lon2 - lon1) * r) * cos(lat2 * r)
            let x = cos(lat1 * r) * sin(lat2 * r) - sin(lat1 * r) * cos(lat2 * r) * cos((lon2 - lon1) * r)
            #expect(angleError(d.azimuth1, atan2(y, x) / r) < 1e-9)
        }
    }
}
