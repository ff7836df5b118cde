import Geodesy
import Testing

/// The inverse and direct problems against GeographicLib (Tests/Fixtures/geodesy/reference.csv).
@Suite("Geodesic vs GeographicLib")
struct GeodesicReferenceTests {
    static let distanceTolerance = 1e-6  // metres
    static let angleTolerance = 1e-9  // degrees

    /// Azimuth tolerance for a line of length `s12`: 1e-9°, or for lines under ~57 m, the azimuth that moves the far
    /// end sideways by 1 nm. The inputs themselves are only defined to an ulp (0.7 nm in latitude), so a tighter
    /// azimuth is not a property of the problem: two correct solvers that round one reduced latitude differently
    /// disagree by ~2e-8° on a 1 m line.
    static func azimuthTolerance(_ s12: Double) -> Double {
        max(angleTolerance, 1e-9 / s12 * 180 / .pi)
    }

    @Test func referenceFileIsComplete() {
        #expect(ReferenceData.cases(.inverse).count >= 300)
        #expect(ReferenceData.cases(.direct).count >= 100)
        #expect(
            !ReferenceData.cases.contains {
                [$0.lat1, $0.lon1, $0.azi1, $0.lat2, $0.lon2, $0.azi2, $0.s12].contains(where: \.isNaN)
            })
    }

    @Test(arguments: ReferenceData.categories(.inverse))
    func inverse(category: String) {
        let g = Geodesic.wgs84
        for c in ReferenceData.cases(.inverse, category: category) {
            let r = g.inverse(latitude1: c.lat1, longitude1: c.lon1, latitude2: c.lat2, longitude2: c.lon2)
            #expect(abs(r.distance - c.s12) <= Self.distanceTolerance, "distance \(r.distance) for \(c)")
            #expect(abs(r.arcLength - c.a12) <= Self.angleTolerance, "arc length \(r.arcLength) for \(c)")
            #expect(
                g.distance(latitude1: c.lat1, longitude1: c.lon1, latitude2: c.lat2, longitude2: c.lon2) == r.distance,
                "distance() differs from inverse() for \(c)")
            switch category {
            case "antipodal":
                // Several shortest geodesics join antipodes: accept any azimuth whose geodesic arrives.
                expectArrives(r.azimuth1, r.distance, r.azimuth2, c)
            case "coincident":
                #expect(r.distance == 0 && r.arcLength == 0, "\(c)")
                #expect(angleError(r.azimuth1, r.azimuth2) == 0, "\(r) for \(c)")
            default:
                let tolerance = Self.azimuthTolerance(c.s12)
                #expect(angleError(r.azimuth1, c.azi1) <= tolerance, "azimuth1 \(r.azimuth1) for \(c)")
                #expect(angleError(r.azimuth2, c.azi2) <= tolerance, "azimuth2 \(r.azimuth2) for \(c)")
            }
        }
    }

    /// The geodesic leaving point 1 with `azimuth1` reaches point 2 after `distance`, heading `azimuth2`.
    private func expectArrives(_ azimuth1: Double, _ distance: Double, _ azimuth2: Double, _ c: ReferenceCase) {
        let d = Geodesic.wgs84.direct(latitude: c.lat1, longitude: c.lon1, azimuth: azimuth1, distance: distance)
        #expect(separation(d.latitude, d.longitude, c.lat2, c.lon2) <= Self.distanceTolerance, "arrival \(d) for \(c)")
        #expect(angleError(d.azimuth2, azimuth2) <= 1e-7, "arrival azimuth \(d.azimuth2) for \(c)")
    }

    @Test(arguments: ReferenceData.categories(.direct))
    func direct(category: String) {
        let g = Geodesic.wgs84
        for c in ReferenceData.cases(.direct, category: category) {
            let r = g.direct(latitude: c.lat1, longitude: c.lon1, azimuth: c.azi1, distance: c.s12)
            #expect(abs(r.latitude - c.lat2) <= Self.angleTolerance, "latitude \(r.latitude) for \(c)")
            #expect(
                separation(r.latitude, r.longitude, c.lat2, c.lon2) <= Self.distanceTolerance, "position \(r) for \(c)")
            if abs(c.lat2) < 89 {
                #expect(angleError(r.longitude, c.lon2) <= Self.angleTolerance, "longitude \(r.longitude) for \(c)")
            }
            #expect(angleError(r.azimuth2, c.azi2) <= Self.angleTolerance, "azimuth2 \(r.azimuth2) for \(c)")
            #expect(abs(r.arcLength - c.a12) <= Self.angleTolerance, "arc length \(r.arcLength) for \(c)")
        }
    }

    /// Largest deviations from GeographicLib over the whole file, printed for the record (and bounded).
    @Test func worstCase() {
        let g = Geodesic.wgs84
        var distance = 0.0, azimuth = 0.0, transverse = 0.0, position = 0.0, directAzimuth = 0.0
        for c in ReferenceData.cases(.inverse) {
            let r = g.inverse(latitude1: c.lat1, longitude1: c.lon1, latitude2: c.lat2, longitude2: c.lon2)
            distance = max(distance, abs(r.distance - c.s12))
            if c.category != "antipodal" && c.category != "coincident" {
                let e = max(angleError(r.azimuth1, c.azi1), angleError(r.azimuth2, c.azi2))
                if c.s12 >= 100 {
                    azimuth = max(azimuth, e)
                } else {
                    transverse = max(transverse, e * .pi / 180 * c.s12)
                }
            }
        }
        for c in ReferenceData.cases(.direct) {
            let r = g.direct(latitude: c.lat1, longitude: c.lon1, azimuth: c.azi1, distance: c.s12)
            position = max(position, separation(r.latitude, r.longitude, c.lat2, c.lon2))
            directAzimuth = max(directAzimuth, angleError(r.azimuth2, c.azi2))
        }
        print(
            "geodesy reference: inverse max |Δs12| \(distance) m, max |Δazi| \(azimuth)° (lines >= 100 m), "
                + "max sideways shift from |Δazi| \(transverse) m (lines < 100 m); "
                + "direct max position error \(position) m, max |Δazi2| \(directAzimuth)°")
        #expect(distance <= Self.distanceTolerance && azimuth <= Self.angleTolerance && transverse <= 1e-9)
        #expect(position <= Self.distanceTolerance && directAzimuth <= Self.angleTolerance)
    }
}
