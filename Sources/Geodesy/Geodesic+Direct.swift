#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Geodesic {
    /// Solves the direct problem: the end of the geodesic that leaves (`latitude`, `longitude`) with `azimuth`
    /// (degrees clockwise from north) and runs `distance` metres (negative runs backwards).
    ///
    /// A start at a pole takes its azimuth relative to the meridian `longitude`, as in GeographicLib.
    public func direct(latitude: Double, longitude: Double, azimuth: Double, distance: Double) -> GeodesicDirect {
        let tiny = Constants.tiny
        let lat1 = AngleMath.latitudeFix(latitude)
        let azi1 = AngleMath.normalize(azimuth)
        let (salp1, calp1) = AngleMath.sincosd(AngleMath.round(azi1))

        var (sbet1, cbet1) = AngleMath.sincosd(AngleMath.round(lat1))
        (sbet1, cbet1) = AngleMath.normalized(f1 * sbet1, cbet1)
        cbet1 = max(tiny, cbet1)

        // Clairaut: sin alpha0 = sin alpha1 cos beta1.
        let salp0 = salp1 * cbet1
        let calp0 = (calp1 * calp1 + (salp1 * sbet1) * (salp1 * sbet1)).squareRoot()
        // sigma1 and omega1 measured from the equator crossing (for an equatorial start due east/west,
        // sigma1 = omega1 = 0).
        let somg1 = salp0 * sbet1
        let comg1 = sbet1 != 0 || calp1 != 0 ? cbet1 * calp1 : 1
        let (ssig1, csig1) = AngleMath.normalized(sbet1, comg1)

        let k2 = calp0 * calp0 * ep2
        let eps = Geodesic.epsilon(k2: k2)
        let a1m1 = GeodesicSeries.a1m1(eps)
        let c1 = GeodesicSeries.c1(eps)
        let b11 = c1.sinSum(ssig1, csig1)
        // tau1 = sigma1 + B11: the start in the "distance" parameterisation s = b A1 tau.
        let (sB11, cB11) = AngleMath.sinCos(b11)
        let stau1 = ssig1 * cB11 + csig1 * sB11
        let ctau1 = csig1 * cB11 - ssig1 * sB11
        let c1p = GeodesicSeries.c1p(eps)
        let a3c = -flattening * salp0 * a3(eps)
        let c3a = c3(eps)
        let b31 = c3a.sinSum(ssig1, csig1)

        // Arc length sigma12 for the distance, by reverting the distance series.
        let tau12 = distance / (polarRadius * (1 + a1m1))
        let st = sin(tau12)
        let ct = cos(tau12)
        let b12 = -c1p.sinSum(stau1 * ct + ctau1 * st, ctau1 * ct - stau1 * st)
        // (order-6 series are exact to rounding for f <= 0.01, so no Newton correction of sigma12 is needed)
        let sig12 = tau12 - (b12 - b11)
        let ssig12 = sin(sig12)
        let csig12 = cos(sig12)

        // Point 2 on the auxiliary sphere.
        let ssig2 = ssig1 * csig12 + csig1 * ssig12
        var csig2 = csig1 * csig12 - ssig1 * ssig12
        let sbet2 = calp0 * ssig2
        var cbet2 = (salp0 * salp0 + (calp0 * csig2) * (calp0 * csig2)).squareRoot()
        if cbet2 == 0 {
            // At a pole: keep the limit direction.
            cbet2 = tiny
            csig2 = tiny
        }
        let salp2 = salp0
        let calp2 = calp0 * csig2
        let somg2 = salp0 * ssig2
        let comg2 = csig2
        // omega12, unrolled so that it counts the turns around the pole, then lambda12 = omega12 + f-correction.
        let e = Double(signOf: salp0, magnitudeOf: 1)
        let omg12 =
            e
            * (sig12 - (atan2(ssig2, csig2) - atan2(ssig1, csig1))
                + (atan2(e * somg2, comg2) - atan2(e * somg1, comg1)))
        let lam12 = omg12 + a3c * (sig12 + (c3a.sinSum(ssig2, csig2) - b31))
        let lon12 = lam12 / AngleMath.degree
        let lon2 = AngleMath.normalize(AngleMath.normalize(longitude) + AngleMath.normalize(lon12))
        let lat2 = AngleMath.atan2d(sbet2, f1 * cbet2)
        let azi2 = AngleMath.atan2d(salp2, calp2)
        return GeodesicDirect(latitude: lat2, longitude: lon2, azimuth2: azi2, arcLength: sig12 / AngleMath.degree)
    }
}
