#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
@testable import Geodesy
import Testing

/// The generated series (GeodesicSeries.swift) against direct numerical integration of Karney's integrals, and the
/// angle helpers against exact values. These check the derivation independently of GeographicLib.
@Suite("Series and angle helpers")
struct SeriesTests {
    /// Composite Simpson rule on [0, x] with 4000 panels (error ~1e-15 for these smooth integrands).
    static func integrate(_ x: Double, _ f: (Double) -> Double) -> Double {
        let n = 4000
        let h = x / Double(n)
        var sum = f(0) + f(x)
        for i in 1..<n {
            sum += (i.isMultiple(of: 2) ? 2 : 4) * f(Double(i) * h)
        }
        return sum * h / 3
    }

    static let f = 1 / 298.257223563
    static let ep2 = f * (2 - f) / ((1 - f) * (1 - f))
    /// k^2 = e'^2 cos^2(alpha0) for a few equator azimuths, the meridian (largest) included.
    static let k2s = [ep2, ep2 * 0.5, ep2 * 0.01]
    static let sigmas = [0.1, 0.7, 1.5, 2.9, 5.0]

    static func eps(_ k2: Double) -> Double {
        ((1 + k2).squareRoot() - 1) / ((1 + k2).squareRoot() + 1)
    }

    @Test(arguments: k2s)
    func distanceIntegral(k2: Double) {
        let e = Self.eps(k2)
        let a1 = 1 + GeodesicSeries.a1m1(e)
        let c1 = GeodesicSeries.c1(e)
        for sigma in Self.sigmas {
            let numeric = Self.integrate(sigma) { (1 + k2 * sin($0) * sin($0)).squareRoot() }
            let series = a1 * (sigma + c1.sinSum(sin(sigma), cos(sigma)))
            #expect(abs(numeric - series) < 1e-13, "k2 \(k2) sigma \(sigma): \(numeric) vs \(series)")
        }
    }

    @Test(arguments: k2s)
    func reducedLengthIntegral(k2: Double) {
        let e = Self.eps(k2)
        let a2 = 1 + GeodesicSeries.a2m1(e)
        let c2 = GeodesicSeries.c2(e)
        for sigma in Self.sigmas {
            let numeric = Self.integrate(sigma) { 1 / (1 + k2 * sin($0) * sin($0)).squareRoot() }
            let series = a2 * (sigma + c2.sinSum(sin(sigma), cos(sigma)))
            #expect(abs(numeric - series) < 1e-13, "k2 \(k2) sigma \(sigma): \(numeric) vs \(series)")
        }
    }

    @Test(arguments: k2s)
    func longitudeIntegral(k2: Double) {
        let g = Geodesic.wgs84
        let f = Self.f
        let e = Self.eps(k2)
        for sigma in Self.sigmas {
            let numeric = Self.integrate(sigma) { (2 - f) / (1 + (1 - f) * (1 + k2 * sin($0) * sin($0)).squareRoot()) }
            let series = g.a3(e) * (sigma + g.c3(e).sinSum(sin(sigma), cos(sigma)))
            #expect(abs(numeric - series) < 1e-13, "k2 \(k2) sigma \(sigma): \(numeric) vs \(series)")
        }
    }

    @Test(arguments: k2s)
    func reversionUndoesTheDistanceSeries(k2: Double) {
        let e = Self.eps(k2)
        let c1 = GeodesicSeries.c1(e)
        let c1p = GeodesicSeries.c1p(e)
        for sigma in stride(from: -3.0, through: 3.0, by: 0.25) {
            let tau = sigma + c1.sinSum(sin(sigma), cos(sigma))
            let back = tau + c1p.sinSum(sin(tau), cos(tau))
            #expect(abs(back - sigma) < 1e-15, "k2 \(k2) sigma \(sigma)")
        }
    }

    @Test func sincosdIsExactAtQuadrants() {
        #expect(AngleMath.sincosd(0) == (0, 1))
        #expect(AngleMath.sincosd(90) == (1, 0))
        #expect(AngleMath.sincosd(180) == (0, -1))
        #expect(AngleMath.sincosd(-90) == (-1, 0))
        #expect(AngleMath.sincosd(270) == (-1, 0))
        #expect(AngleMath.sincosd(-180) == (-0.0, -1))
        #expect(AngleMath.sincosd(720 + 90) == (1, 0))
        #expect(AngleMath.sincosd(-0.0).sin.sign == .minus)
        let (s, c) = AngleMath.sincosd(123.456)
        #expect(abs(s - sin(123.456 * .pi / 180)) < 1e-15 && abs(c - cos(123.456 * .pi / 180)) < 1e-15)
        let (ss, cs) = AngleMath.sincosd(1e-3)  // Taylor branch
        #expect(abs(ss - sin(1e-3 * .pi / 180)) <= ss.ulp && abs(cs - cos(1e-3 * .pi / 180)) <= cs.ulp)
        #expect(AngleMath.sincosd(.nan).sin.isNaN && AngleMath.sincosd(.infinity).cos.isNaN)
    }

    @Test func atan2dIsExactAtQuadrants() {
        #expect(AngleMath.atan2d(0, 1) == 0)
        #expect(AngleMath.atan2d(1, 0) == 90)
        #expect(AngleMath.atan2d(0, -1) == 180)
        #expect(AngleMath.atan2d(-0.0, -1) == -180)
        #expect(AngleMath.atan2d(-1, 0) == -90)
        #expect(abs(AngleMath.atan2d(-1, -1) - -135) < 1e-13)
        #expect(abs(AngleMath.atan2d(0.5, -3) - atan2(0.5, -3) * 180 / .pi) < 1e-13)
    }

    @Test func longitudeDifferenceIsExact() {
        // 179.9 and -179.9 are 0.2° apart across the antimeridian; difference + error is the exact value.
        let d = AngleMath.difference(179.9, -179.9)
        #expect(abs(d.difference - 0.2) < 1e-13 && d.difference > 0)
        #expect(AngleMath.difference(10, 370).difference == 0)
        #expect(AngleMath.difference(0, 180).difference == 180)
        #expect(AngleMath.difference(0, -180).difference == -180)
        #expect(AngleMath.difference(-0.5, 0.25) == (0.75, 0))
        #expect(AngleMath.normalize(540) == 180 && AngleMath.normalize(-540) == -180 && AngleMath.normalize(361) == 1)
    }

    @Test(arguments: [(0.3, -0.2), (-0.9, -0.05), (-1.5, -2.0), (-0.99, -1e-6), (2.0, 3.0)])
    func astroidRootSolvesTheQuartic(point: (Double, Double)) {
        let (x, y) = point
        let k = Geodesic.astroid(x, y)
        let residual = k * k * k * k + 2 * k * k * k - (x * x + y * y - 1) * k * k - 2 * y * y * k - y * y
        #expect(k > 0)
        #expect(abs(residual) < 1e-12 * max(1, k * k * k * k))
        #expect(Geodesic.astroid(0.5, 0) == 0)
    }

    /// The polynomial sine and cosine of latitudes (for short-hop scale factors) against the C library, at every
    /// 0.01° from pole to pole and at the folding points.
    @Test func latitudeSineAndCosineAgreeWithTheLibrary() {
        var worst = 0.0
        for i in -9_000...9_000 {
            let x = Double(i) / 100
            let (s, c) = AngleMath.sinCosOfLatitude(x)
            let r = x * Double.pi / 180
            worst = max(worst, abs(s - sin(r)), abs(c - cos(r)))
        }
        for x in [45.0, -45.0, 45.000_000_1, -44.999_999_9, 89.999_999, -90] {
            let (s, c) = AngleMath.sinCosOfLatitude(x)
            let r = x * Double.pi / 180
            worst = max(worst, abs(s - sin(r)), abs(c - cos(r)))
        }
        #expect(worst < 1e-15, "worst difference \(worst)")
    }
}
