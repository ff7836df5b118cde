#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Geodesic {
    /// Solves the inverse problem: the shortest geodesic from point 1 to point 2.
    ///
    /// Where the azimuths are not unique, the results follow GeographicLib's conventions (tested against it):
    /// coincident points give 0° south of the equator and 180° on or north of it; at a pole, azimuths are taken
    /// as if the pole were the limit along its given longitude (from (90°, 30°) to (10°, 50°) gives 160°); for
    /// antipodal points, one of the shortest geodesics is returned.
    public func inverse(
        latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double
    ) -> GeodesicInverse {
        let solution = solveInverse(latitude1, longitude1, latitude2, longitude2)
        return GeodesicInverse(
            distance: solution.s12,
            azimuth1: AngleMath.atan2d(solution.salp1, solution.calp1),
            azimuth2: AngleMath.atan2d(solution.salp2, solution.calp2),
            arcLength: solution.sig12 / AngleMath.degree
        )
    }

    /// The length of the shortest geodesic between two points, metres: the same computation as
    /// ``inverse(latitude1:longitude1:latitude2:longitude2:)`` without the azimuth conversions.
    public func distance(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        solveInverse(latitude1, longitude1, latitude2, longitude2).s12
    }
}

/// The inverse solution before conversion to degrees: azimuths as (sin, cos) pairs, arc length in radians.
struct InverseSolution {
    var s12: Double
    var sig12: Double
    var salp1: Double
    var calp1: Double
    var salp2: Double
    var calp2: Double
}

/// The quantities one evaluation of the longitude equation leaves behind for the next step.
struct LongitudeEvaluation {
    /// Longitude difference reached by the trial azimuth minus the one wanted, radians.
    var residual: Double
    var salp2: Double
    var calp2: Double
    var sig12: Double
    var ssig1: Double
    var csig1: Double
    var ssig2: Double
    var csig2: Double
    /// cos(alpha2) cos(beta2)
    var comg2: Double
    var eps: Double
}

extension Geodesic {
    @inline(__always)
    func solveInverse(
        _ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double
    ) -> InverseSolution {
        let tiny = Constants.tiny

        // Longitude difference, reduced exactly; keep its rounding error for the supplement 180° - lon12.
        let difference = AngleMath.difference(longitude1, longitude2)
        var lonSign: Double = difference.difference.sign == .minus ? -1 : 1
        let lon12 = lonSign * AngleMath.round(difference.difference)
        let lon12s = AngleMath.round((180 - lon12) - lonSign * difference.error)
        let lam12 = lon12 * AngleMath.degree
        var slam12: Double
        var clam12: Double
        if lon12 > 90 {
            (slam12, clam12) = AngleMath.sincosd(lon12s)
            clam12 = -clam12
        } else {
            (slam12, clam12) = AngleMath.sincosd(lon12)
        }

        // Canonical configuration: |lat1| >= |lat2|, lat1 <= 0, lon12 >= 0.
        var lat1 = AngleMath.round(AngleMath.latitudeFix(latitude1))
        var lat2 = AngleMath.round(AngleMath.latitudeFix(latitude2))
        let swapped = abs(lat1) < abs(lat2) || lat2.isNaN
        if swapped {
            lonSign = -lonSign
            swap(&lat1, &lat2)
        }
        let latSign: Double = lat1.sign == .minus ? 1 : -1
        lat1 *= latSign
        lat2 *= latSign

        // Reduced latitudes beta, as (sin, cos) with cos beta >= tiny so that the poles are handled as limits.
        var (sbet1, cbet1) = AngleMath.sincosd(lat1)
        (sbet1, cbet1) = AngleMath.normalizedAccurately(f1 * sbet1, cbet1)
        cbet1 = max(tiny, cbet1)
        var (sbet2, cbet2) = AngleMath.sincosd(lat2)
        (sbet2, cbet2) = AngleMath.normalizedAccurately(f1 * sbet2, cbet2)
        cbet2 = max(tiny, cbet2)
        // Make |beta1| == |beta2| exact when the latitudes are equal in magnitude (the rounding of the normalisation
        // could otherwise break the symmetry the solution relies on).
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = Double(signOf: sbet2, magnitudeOf: sbet1) }
        } else if abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }
        let dn1 = (1 + ep2 * sbet1 * sbet1).squareRoot()
        let dn2 = (1 + ep2 * sbet2 * sbet2).squareRoot()

        var s12x = Double.nan
        var sig12 = Double.nan
        var salp1 = Double.nan
        var calp1 = Double.nan
        var salp2 = Double.nan
        var calp2 = Double.nan

        var meridian = lat1 == -90 || slam12 == 0
        if meridian {
            // Along a meridian (or from a pole): alpha1 = lambda12, alpha2 = 0.
            calp1 = clam12
            salp1 = slam12
            calp2 = 1
            salp2 = 0
            let ssig1 = sbet1
            let csig1 = calp1 * cbet1
            let ssig2 = sbet2
            let csig2 = calp2 * cbet2
            sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
            let lengths = distanceAndReducedLength(
                eps: n, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1, ssig2: ssig2, csig2: csig2, dn2: dn2)
            var s12b = lengths.s12b
            let m12b = lengths.m12b
            // The meridian is the shortest path unless it passes a conjugate point (m12 < 0) on a long arc.
            if sig12 < 1 || m12b >= 0 {
                if sig12 < 3 * tiny || (sig12 < Constants.tol0 && (s12b < 0 || m12b < 0)) {
                    sig12 = 0
                    s12b = 0
                }
                s12x = s12b * polarRadius
            } else {
                meridian = false
            }
        }

        if !meridian {
            if sbet1 == 0 && (flattening <= 0 || lon12s >= flattening * 180) {
                // Both on the equator, and not so far apart that a geodesic over a pole is shorter.
                calp1 = 0
                calp2 = 0
                salp1 = 1
                salp2 = 1
                s12x = equatorialRadius * lam12
                sig12 = lam12 / f1
            } else {
                let start = inverseStart(
                    sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2,
                    lam12: lam12, slam12: slam12, clam12: clam12)
                salp1 = start.salp1
                calp1 = start.calp1
                if start.sig12 >= 0 {
                    // Short line: the estimate is already exact to rounding.
                    sig12 = start.sig12
                    salp2 = start.salp2
                    calp2 = start.calp2
                    s12x = sig12 * polarRadius * start.dnm
                } else {
                    let solution = newton(
                        sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                        salp1: salp1, calp1: calp1, slam12: slam12, clam12: clam12)
                    salp1 = solution.salp1
                    calp1 = solution.calp1
                    let state = solution.state
                    salp2 = state.salp2
                    calp2 = state.calp2
                    sig12 = state.sig12
                    let a1 = 1 + GeodesicSeries.a1m1(state.eps)
                    let c1 = GeodesicSeries.c1(state.eps)
                    let b1 = c1.sinSum(state.ssig2, state.csig2) - c1.sinSum(state.ssig1, state.csig1)
                    s12x = polarRadius * a1 * (sig12 + b1)
                }
            }
        }

        // Back from the canonical configuration.
        if swapped {
            swap(&salp1, &salp2)
            swap(&calp1, &calp2)
        }
        let swapSign: Double = swapped ? -1 : 1
        salp1 *= swapSign * lonSign
        calp1 *= swapSign * latSign
        salp2 *= swapSign * lonSign
        calp2 *= swapSign * latSign
        return InverseSolution(s12: 0 + s12x, sig12: sig12, salp1: salp1, calp1: calp1, salp2: salp2, calp2: calp2)
    }

    /// Newton's method on alpha1 for the longitude equation, safeguarded by bisection within a bracket.
    @inline(__always)
    func newton(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double,
        salp1 startSalp1: Double, calp1 startCalp1: Double, slam12: Double, clam12: Double
    ) -> (salp1: Double, calp1: Double, state: LongitudeEvaluation) {
        let tol0 = Constants.tol0
        var salp1 = startSalp1
        var calp1 = startCalp1
        // Bracket [alpha1a, alpha1b] of the root, as (sin, cos) pairs.
        var salp1a = Constants.tiny
        var calp1a = 1.0
        var salp1b = Constants.tiny
        var calp1b = -1.0
        var tripNewton = false
        var tripBisection = false
        var state = evaluateLongitude(
            sbet1: sbet1, cbet1: cbet1, sbet2: sbet2, cbet2: cbet2,
            salp1: salp1, calp1: calp1, slam12: slam12, clam12: clam12)
        var iteration = 0
        while iteration < Constants.maxit2 {
            let v = state.residual
            if tripBisection || !(abs(v) >= (tripNewton ? 8 : 1) * tol0) { break }
            // Update the bracket.
            if v > 0 && (iteration > Constants.maxit1 || calp1 / salp1 > calp1b / salp1b) {
                salp1b = salp1
                calp1b = calp1
            } else if v < 0 && (iteration > Constants.maxit1 || calp1 / salp1 < calp1a / salp1a) {
                salp1a = salp1
                calp1a = calp1
            }
            var tookNewtonStep = false
            if iteration < Constants.maxit1 {
                if let dalp1 = newtonStep(state, sbet1: sbet1, dn1: dn1, dn2: dn2) {
                    if abs(dalp1) < .pi {
                        let (sdalp1, cdalp1) = AngleMath.sinCos(dalp1)
                        let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                        if nsalp1 > 0 {
                            calp1 = calp1 * cdalp1 - salp1 * sdalp1
                            // A rotation keeps the length 1 to an ulp or two; one Newton step for 1/sqrt(r^2)
                            // (error ~(r^2 - 1)^2) restores it without a square root and a division.
                            let scale = 1.5 - 0.5 * (nsalp1 * nsalp1 + calp1 * calp1)
                            salp1 = nsalp1 * scale
                            calp1 *= scale
                            // A step taken from a residual already near rounding level may not get below tol0;
                            // then accept up to 8 tol0 rather than start bisecting.
                            tripNewton = abs(v) <= 16 * tol0
                            tookNewtonStep = true
                        }
                    }
                }
            }
            if !tookNewtonStep {
                // Bisection; Newton failed or was not trusted.
                (salp1, calp1) = AngleMath.normalized((salp1a + salp1b) / 2, (calp1a + calp1b) / 2)
                tripNewton = false
                tripBisection =
                    abs(salp1a - salp1) + (calp1a - calp1) < Constants.tolb
                    || abs(salp1 - salp1b) + (calp1 - calp1b) < Constants.tolb
            }
            state = evaluateLongitude(
                sbet1: sbet1, cbet1: cbet1, sbet2: sbet2, cbet2: cbet2,
                salp1: salp1, calp1: calp1, slam12: slam12, clam12: clam12)
            iteration += 1
        }
        return (salp1, calp1, state)
    }

    /// The longitude equation for a trial azimuth alpha1 at point 1: how far (radians) the longitude difference
    /// reached by that geodesic at latitude beta2 is from the one wanted (lambda12, given as sine and cosine).
    @inline(__always)
    func evaluateLongitude(
        sbet1: Double, cbet1: Double, sbet2: Double, cbet2: Double,
        salp1: Double, calp1 trialCalp1: Double, slam12: Double, clam12: Double
    ) -> LongitudeEvaluation {
        var calp1 = trialCalp1
        if sbet1 == 0 && calp1 == 0 {
            // Break the degeneracy of an equatorial start heading due east/west.
            calp1 = -Constants.tiny
        }
        // Azimuth at the equator crossing: sin alpha0 = sin alpha1 cos beta1 (Clairaut).
        let salp0 = salp1 * cbet1
        let calp0Squared = calp1 * calp1 + (salp1 * sbet1) * (salp1 * sbet1)
        // sigma and omega (longitude on the auxiliary sphere) at point 1, measured from the equator crossing.
        let somg1 = salp0 * sbet1
        let comg1 = calp1 * cbet1
        let (ssig1, csig1) = AngleMath.normalized(sbet1, comg1)
        let salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        // cos alpha2 from cos^2 alpha2 cos^2 beta2 = cos^2 alpha1 cos^2 beta1 + (cos^2 beta2 - cos^2 beta1), written
        // to avoid cancellation; exact |cos alpha1| when beta2 = -beta1.
        let calp2: Double
        let comg2: Double  // cos(alpha2) cos(beta2); kept apart so the loop needs no division by cos(beta2)
        if cbet2 != cbet1 || abs(sbet2) != -sbet1 {
            let delta = cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2)
            comg2 = ((calp1 * cbet1) * (calp1 * cbet1) + delta).squareRoot()
            calp2 = comg2 / cbet2
        } else {
            calp2 = abs(calp1)
            comg2 = calp2 * cbet2
        }
        let somg2 = salp0 * sbet2
        let (ssig2, csig2) = AngleMath.normalized(sbet2, comg2)
        let sig12 = AngleMath.atan2(max(0, csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
        // omega12 - lambda12 as one angle (somg1/comg1 need no normalisation for this)
        let somg12 = max(0, comg1 * somg2 - somg1 * comg2)
        let comg12 = comg1 * comg2 + somg1 * somg2
        let eta = AngleMath.atan2(somg12 * clam12 - comg12 * slam12, comg12 * clam12 + somg12 * slam12)
        let eps = Geodesic.epsilon(k2: calp0Squared * ep2)
        let c3a = c3(eps)
        let b312 = c3a.sinSum(ssig2, csig2) - c3a.sinSum(ssig1, csig1)
        // lambda12 = omega12 - f sin(alpha0) I3(sigma12)
        let domg12 = -flattening * a3(eps) * salp0 * (sig12 + b312)
        return LongitudeEvaluation(
            residual: eta + domg12, salp2: salp2, calp2: calp2, sig12: sig12,
            ssig1: ssig1, csig1: csig1, ssig2: ssig2, csig2: csig2, comg2: comg2, eps: eps)
    }

    /// The Newton step -v / (d lambda12 / d alpha1), or nil where the derivative is not positive. The derivative is
    /// (1 - f) m12 / (b cos(alpha2) cos(beta2)) with m12 the reduced length, or -2 (1 - f) dn1 / sin(beta1) where
    /// the geodesic reaches beta2 at its vertex (cos alpha2 = 0).
    @inline(__always)
    func newtonStep(_ state: LongitudeEvaluation, sbet1: Double, dn1: Double, dn2: Double) -> Double? {
        let v = state.residual
        if state.calp2 == 0 {
            let dv = -2 * f1 * dn1 / sbet1
            return dv > 0 ? -v / dv : nil
        }
        let m12b = reducedLength(
            eps: state.eps, sig12: state.sig12, ssig1: state.ssig1, csig1: state.csig1, dn1: dn1,
            ssig2: state.ssig2, csig2: state.csig2, dn2: dn2)
        // comg2 = cos(alpha2) cos(beta2) > 0 here, so the sign of the derivative is that of m12
        return m12b > 0 ? -v * state.comg2 / (m12b * f1) : nil
    }

    /// Reduced length m12 / b along the geodesic with parameter eps from sigma1 to sigma2.
    @inline(__always)
    func reducedLength(
        eps: Double, sig12: Double, ssig1: Double, csig1: Double, dn1: Double, ssig2: Double, csig2: Double,
        dn2: Double
    ) -> Double {
        // A1 - 1 and A2 - 1 (as GeodesicSeries.a1m1/a2m1) with one division for both
        let eps2 = eps * eps
        let reciprocal = 1 / (1 - eps2)
        let a1m1 = (GeodesicSeries.a1Numerator(eps2) + eps) * (1 + eps) * reciprocal
        let a2m1 = (GeodesicSeries.a2Numerator(eps2) - eps) * (1 - eps) * reciprocal
        let a1 = 1 + a1m1
        let a2 = 1 + a2m1
        let c1 = GeodesicSeries.c1(eps)
        let c2 = GeodesicSeries.c2(eps)
        // J12 = I1 - I2 over the arc, in one Clenshaw sum.
        let cb = Series6(
            a1 * c1.c1 - a2 * c2.c1, a1 * c1.c2 - a2 * c2.c2, a1 * c1.c3 - a2 * c2.c3,
            a1 * c1.c4 - a2 * c2.c4, a1 * c1.c5 - a2 * c2.c5, a1 * c1.c6 - a2 * c2.c6)
        let j12 = (a1m1 - a2m1) * sig12 + (cb.sinSum(ssig2, csig2) - cb.sinSum(ssig1, csig1))
        return dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
    }

    /// Distance s12 / b and reduced length m12 / b along the geodesic with parameter eps.
    func distanceAndReducedLength(
        eps: Double, sig12: Double, ssig1: Double, csig1: Double, dn1: Double, ssig2: Double, csig2: Double,
        dn2: Double
    ) -> (s12b: Double, m12b: Double) {
        let a1m1 = GeodesicSeries.a1m1(eps)
        let a2m1 = GeodesicSeries.a2m1(eps)
        let a1 = 1 + a1m1
        let a2 = 1 + a2m1
        let c1 = GeodesicSeries.c1(eps)
        let c2 = GeodesicSeries.c2(eps)
        let b1 = c1.sinSum(ssig2, csig2) - c1.sinSum(ssig1, csig1)
        let b2 = c2.sinSum(ssig2, csig2) - c2.sinSum(ssig1, csig1)
        let s12b = a1 * (sig12 + b1)
        let j12 = (a1m1 - a2m1) * sig12 + (a1 * b1 - a2 * b2)
        let m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        return (s12b, m12b)
    }

    /// The starting azimuth alpha1 for Newton's method. For short lines the estimate, made on a sphere of radius
    /// b * (mean dn), is already the solution: then `sig12 >= 0` and alpha2 is returned too. For nearly antipodal
    /// points the start comes from the astroid equation (Karney 2013, sec. 5).
    @inline(__always)
    func inverseStart(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double,
        lam12: Double, slam12: Double, clam12: Double
    ) -> (sig12: Double, salp1: Double, calp1: Double, salp2: Double, calp2: Double, dnm: Double) {
        var sig12 = -1.0
        var salp2 = Double.nan
        var calp2 = Double.nan
        var dnm = Double.nan
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1  // sin(beta2 - beta1)
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1  // cos(beta2 - beta1)
        let sbet12a = sbet2 * cbet1 + cbet2 * sbet1  // sin(beta2 + beta1)
        let shortLine = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12: Double
        var comg12: Double
        if shortLine {
            var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
            sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)  // sin^2 of the mean reduced latitude
            dnm = (1 + ep2 * sbetm2).squareRoot()
            (somg12, comg12) = AngleMath.sinCos(lam12 / (f1 * dnm))
        } else {
            somg12 = slam12
            comg12 = clam12
        }
        // Great-circle azimuth on the auxiliary sphere.
        var salp1 = cbet2 * somg12
        var calp1 =
            comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
        let ssig12 = (salp1 * salp1 + calp1 * calp1).squareRoot()
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12

        if shortLine && ssig12 < etol2 {
            salp2 = cbet1 * somg12
            calp2 = sbet12 - cbet1 * sbet2 * (comg12 >= 0 ? somg12 * somg12 / (1 + comg12) : 1 - comg12)
            (salp2, calp2) = AngleMath.normalized(salp2, calp2)
            sig12 = AngleMath.atan2(ssig12, csig12)
        } else if abs(n) > 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * .pi * cbet1 * cbet1 {
            // Not nearly antipodal: start from the great circle. For longer lines, first shift omega12 by the
            // secular part of the longitude correction, omega12 = lambda12 + f A3 sin(alpha0) sigma12, which
            // takes the start error from O(f) to O(f^2) and saves one Newton step.
            if !shortLine && ssig12 > 0 {
                let salp0 = salp1 / ssig12 * cbet1
                let eps = Geodesic.epsilon(k2: (1 - salp0 * salp0) * ep2)
                let shift = flattening * a3(eps) * salp0 * atan2(ssig12, csig12)
                if lam12 + shift < 0.9 * .pi {
                    // rotate (sin, cos) of lambda12 by the small shift
                    let (sshift, cshift) = AngleMath.sinCos(shift)
                    somg12 = slam12 * cshift + clam12 * sshift
                    comg12 = clam12 * cshift - slam12 * sshift
                    salp1 = cbet2 * somg12
                    calp1 =
                        comg12 >= 0
                        ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
                        : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
                }
            }
        } else {
            // Nearly antipodal. Scale the longitude and latitude offsets from the antipode (x, y) so that the
            // geodesics fan out as solutions of the astroid x^2 / (1 + mu)^2 + y^2 / mu^2 = 1 (f >= 0 here).
            let lam12x = atan2(-slam12, -clam12)  // lambda12 - pi
            let k2 = sbet1 * sbet1 * ep2
            let eps = Geodesic.epsilon(k2: k2)
            let lamscale = flattening * cbet1 * a3(eps) * .pi
            let betscale = lamscale * cbet1
            let x = lam12x / lamscale
            let y = sbet12a / betscale
            if y > -Constants.tol1 && x > -1 - Constants.xthresh {
                // Near the cut along the equator: the azimuth follows from x alone.
                salp1 = min(1, -x)
                calp1 = -(1 - salp1 * salp1).squareRoot()
            } else {
                let k = Geodesic.astroid(x, y)
                let omg12a = lamscale * (-x * k / (1 + k))
                somg12 = sin(omg12a)
                comg12 = -cos(omg12a)
                salp1 = cbet2 * somg12
                calp1 = sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
            }
        }
        if !(salp1 <= 0) {
            (salp1, calp1) = AngleMath.normalized(salp1, calp1)
        } else {
            salp1 = 1
            calp1 = 0
        }
        return (sig12, salp1, calp1, salp2, calp2, dnm)
    }

    /// The positive root k of k^4 + 2 k^3 - (x^2 + y^2 - 1) k^2 - 2 y^2 k - y^2 = 0 (Karney 2013, eq. 55), or 0 on
    /// the degenerate segment y = 0, |x| <= 1.
    static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = x * x
        let q = y * y
        let r = (p + q - 1) / 6
        if q == 0 && r <= 0 {
            return 0
        }
        let s = p * q / 4
        let r2 = r * r
        let r3 = r * r2
        // Discriminant of the cubic in u; s * (s + 2 r^3) avoids underflow when r is small.
        let disc = s * (s + 2 * r3)
        var u = r
        if disc >= 0 {
            var t3 = s + r3
            // Pick the sign of the square root to avoid cancellation.
            t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()
            let t = cbrt(t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            // Three real roots: take the largest, through the trigonometric form.
            let angle = atan2((-disc).squareRoot(), -(s + r3))
            u += 2 * r * cos(angle / 3)
        }
        let v = (u * u + q).squareRoot()
        // Avoid cancellation when u < 0.
        let uv = u < 0 ? q / (v - u) : u + v
        let w = (uv - q) / (2 * v)
        return uv / ((uv + w * w).squareRoot() + w)
    }
}
