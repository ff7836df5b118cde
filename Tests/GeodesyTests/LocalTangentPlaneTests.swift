#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Geodesy
import Testing

/// The tangent plane and the equirectangular shortcut against the geodesic (and a few closed forms).
@Suite("Local helpers")
struct LocalTangentPlaneTests {
    static let g = Geodesic.wgs84
    static let references: [(Double, Double)] = [
        (0, 0), (12.5, -70.25), (45, 7), (-33.9, 151.2), (60, 24.9), (78.2, 15.6), (-75, -120), (89, 0),
        (51.5, 179.999),
    ]

    /// Points at geodesic distance `s` from (lat, lon) in 16 directions.
    static func ring(_ lat: Double, _ lon: Double, _ s: Double) -> [(azimuth: Double, lat: Double, lon: Double)] {
        (0..<16).map { k in
            let azimuth = Double(k) * 22.5 - 180 + 3
            let d = g.direct(latitude: lat, longitude: lon, azimuth: azimuth, distance: s)
            return (azimuth, d.latitude, d.longitude)
        }
    }

    @Test func closedFormsOnTheEquator() {
        let plane = LocalTangentPlane(latitude: 0, longitude: 0)
        // Orthographic projection of the equator circle (radius a): east = a sin(longitude).
        let east = plane.project(latitude: 0, longitude: 0.01)
        #expect(abs(east.east - 6_378_137 * sin(0.01 * .pi / 180)) < 1e-9)
        #expect(abs(east.north) < 1e-9)
        // Along the meridian ellipse: north = z = N(phi) (1 - e^2) sin(phi), N = a / sqrt(1 - e^2 sin^2 phi).
        let phi = 0.01 * Double.pi / 180
        let e2 = 0.00669437999014132  // WGS84 first eccentricity squared (NIMA TR8350.2)
        let n = 6_378_137 / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
        let north = plane.project(latitude: 0.01, longitude: 0)
        #expect(abs(north.north - n * (1 - e2) * sin(phi)) < 1e-9)
        #expect(abs(north.east) < 1e-12)
        #expect(plane.project(latitude: 0, longitude: 0) == (0, 0))
    }

    @Test(arguments: references)
    func roundTrip(reference: (Double, Double)) {
        let plane = LocalTangentPlane(latitude: reference.0, longitude: reference.1)
        for s in [0.5, 30.0, 1000.0, 10_000.0, 100_000.0] {
            for p in Self.ring(reference.0, reference.1, s) {
                let (e, n) = plane.project(latitude: p.lat, longitude: p.lon)
                let back = plane.unproject(east: e, north: n)
                #expect(separation(back.latitude, back.longitude, p.lat, p.lon) < 1e-8, "\(s) m at \(p)")
                let again = plane.project(latitude: back.latitude, longitude: back.longitude)
                #expect(abs(again.east - e) < 1e-8 && abs(again.north - n) < 1e-8)
            }
        }
    }

    @Test func acrossTheAntimeridian() {
        let plane = LocalTangentPlane(latitude: -16.5, longitude: 179.9995)
        let (e, n) = plane.project(latitude: -16.5, longitude: -179.9995)
        let expected = Self.g.distance(latitude1: -16.5, longitude1: 179.9995, latitude2: -16.5, longitude2: -179.9995)
        #expect(e > 0 && abs(e - expected) < 1e-6, "east \(e), expected \(expected)")
        #expect(abs(n) < 0.01)
        let back = plane.unproject(east: e, north: n)
        #expect(abs(back.longitude - -179.9995) < 1e-12 && abs(back.latitude - -16.5) < 1e-12)
    }

    /// Radius -> worst error of the plane's distance and azimuth from the reference, and of the distance between two
    /// points within that radius, against the geodesic.
    static func planeErrors(within s: Double) -> (radial: Double, azimuth: Double, chord: Double) {
        var radial = 0.0, azimuth = 0.0, chord = 0.0
        for reference in references where abs(reference.0) <= 80 {
            let plane = LocalTangentPlane(latitude: reference.0, longitude: reference.1)
            let ring = Self.ring(reference.0, reference.1, s)
            var projected: [(Double, Double)] = []
            for p in ring {
                let (e, n) = plane.project(latitude: p.lat, longitude: p.lon)
                projected.append((e, n))
                radial = max(radial, abs((e * e + n * n).squareRoot() - s))
                azimuth = max(azimuth, angleError(atan2(e, n) * 180 / .pi, p.azimuth))
            }
            for i in 0..<ring.count {
                let j = (i + 5) % ring.count
                let planar = hypot(projected[i].0 - projected[j].0, projected[i].1 - projected[j].1)
                let geodesic = g.distance(
                    latitude1: ring[i].lat, longitude1: ring[i].lon, latitude2: ring[j].lat, longitude2: ring[j].lon)
                chord = max(chord, abs(planar - geodesic))
            }
        }
        return (radial, azimuth, chord)
    }

    @Test func accuracyWithinOneKilometre() {
        let e = Self.planeErrors(within: 1000)
        print(
            "tangent plane within 1 km: distance from reference \(e.radial) m, azimuth \(e.azimuth)°, "
                + "between points \(e.chord) m")
        #expect(e.radial < 1e-5)  // 0.01 mm
        #expect(e.chord < 1e-5)
        #expect(e.azimuth < 1e-8)
    }

    @Test func accuracyWithinTenKilometres() {
        let e = Self.planeErrors(within: 10_000)
        print(
            "tangent plane within 10 km: distance from reference \(e.radial) m, azimuth \(e.azimuth)°, "
                + "between points \(e.chord) m")
        #expect(e.radial < 5e-3)
        #expect(e.chord < 1e-2)
        #expect(e.azimuth < 1e-6)
    }

    @Test(arguments: [1.0, 100.0, 1000.0, 10_000.0])
    func equirectangularDistance(hop: Double) {
        var worst = 0.0
        var differing = 0
        for lat in stride(from: -80.0, through: 80.0, by: 10) {
            for p in Self.ring(lat, 100.5, hop) {
                let quick = Self.g.equirectangularDistance(
                    latitude1: lat, longitude1: 100.5, latitude2: p.lat, longitude2: p.lon)
                worst = max(worst, abs(quick - hop))
                // The shortcut without a `Geodesic` value gives the very same figure.
                let onWGS84 = Geodesic.wgs84EquirectangularDistance(
                    latitude1: lat, longitude1: 100.5, latitude2: p.lat, longitude2: p.lon)
                if onWGS84.bitPattern != quick.bitPattern { differing += 1 }
            }
        }
        print("equirectangularDistance at \(hop) m: worst error \(worst) m")
        #expect(differing == 0)
        let bound: Double
        switch hop {
        case ...1: bound = 1e-8
        case ...100: bound = 1e-7
        case ...1000: bound = 1e-4
        default: bound = 5e-2
        }
        #expect(worst < bound)
    }

    /// A hop across the antimeridian (the longitudes' subtraction a whole turn off) measures as the same hop beside
    /// it: against the geodesic, within the shortcut's error at that length, east and west, at several latitudes.
    @Test(arguments: [0.0, 45.0, -60.0])
    func equirectangularDistanceAcrossTheAntimeridian(latitude: Double) {
        for (from, to) in [(179.9995, -179.9993), (-179.9996, 179.9991), (179.99, 179.995)] {
            let quick = Self.g.equirectangularDistance(
                latitude1: latitude, longitude1: from, latitude2: latitude + 0.0004, longitude2: to)
            let exact = Self.g.distance(
                latitude1: latitude, longitude1: from, latitude2: latitude + 0.0004, longitude2: to)
            #expect(exact > 40 && exact < 1_100, "\(exact) m")
            #expect(abs(quick - exact) < 1e-4, "\(from) → \(to): \(quick) m vs \(exact) m")
        }
    }
}
