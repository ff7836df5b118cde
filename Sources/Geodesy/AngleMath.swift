#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Careful angle arithmetic in degrees: exact reduction, exact results at multiples of 90°, error-free sums.
enum AngleMath {
    static let degree = Double.pi / 180

    /// Error-free sum: `s + t == u + v` exactly (Knuth's TwoSum).
    @inline(__always)
    static func twoSum(_ u: Double, _ v: Double) -> (sum: Double, error: Double) {
        let s = u + v
        var up = s - v
        var vpp = s - up
        up -= u
        vpp -= v
        let t = s != 0 ? 0 - (up + vpp) : s
        return (s, t)
    }

    /// `remainder(x, 360)`, exact, in [-180°, 180°]; skips the (slow) library call for angles already in range.
    @inline(__always)
    static func remainder360(_ x: Double) -> Double {
        abs(x) <= 180 ? x : remainder(x, 360)
    }

    /// Reduces an angle to [-180°, 180°], exactly.
    @inline(__always)
    static func normalize(_ x: Double) -> Double {
        let y = remainder360(x)
        return abs(y) == 180 ? Double(signOf: x, magnitudeOf: 180) : y
    }

    /// NaN for latitudes outside [-90°, 90°].
    @inline(__always)
    static func latitudeFix(_ x: Double) -> Double {
        abs(x) > 90 ? .nan : x
    }

    /// Rounds tiny magnitudes to a multiple of 2^-57 (as 1/16 - (1/16 - x)), so that an angle that is a hair away
    /// from zero does not produce lossy arithmetic later; leaves larger values alone.
    @inline(__always)
    static func round(_ x: Double) -> Double {
        let y = 1.0 / 16
        var z = abs(x)
        z = z < y ? y - (y - z) : z
        return Double(signOf: x, magnitudeOf: z)
    }

    /// `y - x` reduced to [-180°, 180°] exactly, plus the rounding error of that difference
    /// (the true difference is `difference + error`).
    @inline(__always)
    static func difference(_ x: Double, _ y: Double) -> (difference: Double, error: Double) {
        let first = twoSum(remainder360(-x), remainder360(y))
        let second = twoSum(remainder360(first.sum), first.error)
        var d = second.sum
        let e = second.error
        if d == 0 || abs(d) == 180 {
            // choose the sign of ±0 / ±180 from the exact difference
            d = Double(signOf: e == 0 ? y - x : -e, magnitudeOf: d)
        }
        return (d, e)
    }

    /// Sine and cosine of an angle in degrees, exact at multiples of 90° (and sin(-0) = -0).
    @inline(__always)
    static func sincosd(_ x: Double) -> (sin: Double, cos: Double) {
        var r = remainder360(x)  // exact, in [-180, 180]
        let q = r.isNaN ? 0 : Int((r / 90).rounded(.toNearestOrEven))  // -2...2 (NaN and infinity give NaN)
        r -= 90 * Double(q)  // exact, in [-45, 45]
        r *= degree
        let (s, c) = sinCos(r)
        // Quadrant q (mod 4): 0 -> (s, c), 1 -> (c, -s), 2 -> (-s, -c), 3 -> (-c, s); written as selects rather
        // than a switch, since the quadrant of track and random data is unpredictable for the branch predictor.
        let odd = q & 1 != 0
        var sinx = odd ? c : s
        var cosx = odd ? s : c
        sinx = q & 2 != 0 ? -sinx : sinx
        cosx = (q + 1) & 2 != 0 ? -cosx : cosx
        cosx += 0  // turns -0 into +0
        if sinx == 0 { sinx = Double(signOf: x, magnitudeOf: 0) }
        return (sinx, cosx)
    }

    /// atan2 in degrees, exact at multiples of 45°'s octant boundaries that atan2 itself gets right, and with
    /// exact results at multiples of 90°. Result in (-180°, 180°].
    @inline(__always)
    static func atan2d(_ y: Double, _ x: Double) -> Double {
        var y = y
        var x = x
        var q = 0
        if abs(y) > abs(x) {
            swap(&x, &y)
            q = 2
        }
        if x.sign == .minus {
            x = -x
            q += 1
        }
        // here x >= 0 and x >= |y|, so the angle is in [-45°, 45°]
        let ang = atan2(y, x) / degree
        switch q {
        case 1: return Double(signOf: y, magnitudeOf: 180) - ang
        case 2: return 90 - ang
        case 3: return -90 + ang
        default: return ang
        }
    }

    /// sin x and cos x for radians; angles below 1/64 in magnitude (the small corrections and Newton steps of the
    /// geodesic solver) take a short Taylor polynomial, whose truncation error (< x^11 / 11!) is far below half an
    /// ulp, instead of two library calls.
    @inline(__always)
    static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        if abs(x) < 1.0 / 64 {
            let x2 = x * x
            let s = x + x * x2 * (-1.0 / 6 + x2 * (1.0 / 120 + x2 * (-1.0 / 5040 + x2 * (1.0 / 362_880))))
            let c = 1 + x2 * (-0.5 + x2 * (1.0 / 24 + x2 * (-1.0 / 720 + x2 * (1.0 / 40320))))
            return (s, c)
        }
        return (sin(x), cos(x))
    }

    /// Sine and cosine of a latitude in degrees (|x| ≤ 90) by polynomials, to within 1e-15 absolute (a few ulps):
    /// for the scale factors of short-hop distances, where that is far below the approximation's own error, at a
    /// fraction of the cost of two library calls. The angle is folded into [-45°, 45°] (cos x = sin(90° - x)), where
    /// Taylor polynomials to x^17 and x^16 are accurate to (π/4)^19/19! < 1e-18.
    @inline(__always)
    static func sinCosOfLatitude(_ x: Double) -> (sin: Double, cos: Double) {
        let folded = abs(x) > 45
        let r = (folded ? Double(signOf: x, magnitudeOf: 90) - x : x) * degree
        let r2 = r * r
        var s = 1.0 / 355_687_428_096_000
        s = s * -r2 + 1.0 / 1_307_674_368_000
        s = s * -r2 + 1.0 / 6_227_020_800
        s = s * -r2 + 1.0 / 39_916_800
        s = s * -r2 + 1.0 / 362_880
        s = s * -r2 + 1.0 / 5_040
        s = s * -r2 + 1.0 / 120
        s = s * -r2 + 1.0 / 6
        let sine = r - r * r2 * s
        var c = 1.0 / 20_922_789_888_000
        c = c * -r2 + 1.0 / 87_178_291_200
        c = c * -r2 + 1.0 / 479_001_600
        c = c * -r2 + 1.0 / 3_628_800
        c = c * -r2 + 1.0 / 40_320
        c = c * -r2 + 1.0 / 720
        c = c * -r2 + 1.0 / 24
        c = c * -r2 + 1.0 / 2
        let cosine = 1 - r2 * c
        return folded ? (Double(signOf: x, magnitudeOf: cosine), abs(sine)) : (sine, cosine)
    }

    /// atan2(y, x) in radians; for x > 0 and |y| < x/64 (small angles: the longitude residual of Newton's method,
    /// short arcs) by a short Taylor polynomial of atan(y/x), whose truncation error (< t^13/13) is far below half
    /// an ulp, instead of the library call.
    @inline(__always)
    static func atan2(_ y: Double, _ x: Double) -> Double {
        if x > 0 && abs(y) < x * (1.0 / 64) {
            let t = y / x
            let t2 = t * t
            return t + t * t2 * (-1.0 / 3 + t2 * (1.0 / 5 + t2 * (-1.0 / 7 + t2 * (1.0 / 9 + t2 * (-1.0 / 11)))))
        }
        #if canImport(Glibc)
            return Glibc.atan2(y, x)
        #else
            return Darwin.atan2(y, x)
        #endif
    }

    /// Normalises (x, y) to a unit vector (x and y of moderate size, as all sines and cosines here).
    @inline(__always)
    static func normalized(_ x: Double, _ y: Double) -> (Double, Double) {
        let r = 1 / (x * x + y * y).squareRoot()
        return (x * r, y * r)
    }

    /// Normalises (x, y) to a unit vector with `hypot`, whose nearly correctly rounded length keeps the reduced
    /// latitudes within half an ulp or so (they enter differences that decide the azimuth of very short lines).
    @inline(__always)
    static func normalizedAccurately(_ x: Double, _ y: Double) -> (Double, Double) {
        let r = hypot(x, y)
        return (x / r, y / r)
    }
}
