#if canImport(Glibc)
    import Glibc
#endif

/// The length of road across an outage (a tunnel, an urban canyon without fix).
///
/// With no fixes inside, the geodesic chord between the last position before and the first after
/// is a lower bound. The courses the vehicle held when it lost and regained the fix tell how the
/// road bent: the engine takes the length of the cubic Hermite curve that leaves the first point
/// along the first course and reaches the second along the second, with tangents as long as the
/// chord (for a circular arc this is within 0.1 % of the arc for turns up to 90°). Without a
/// course at one end (standing, or speed too low for a meaningful course) that end follows the
/// chord.
enum OutageBridge {
    /// - Parameters:
    ///   - chord: geodesic distance between the two positions, metres.
    ///   - angle1: course at the start minus the chord's azimuth there, degrees.
    ///   - angle2: course at the end minus the chord's azimuth there, degrees.
    static func length(chord: Double, angle1: Double, angle2: Double) -> Double {
        guard chord > 0 else { return 0 }
        let t1 = wrap(angle1) * .pi / 180
        let t2 = wrap(angle2) * .pi / 180
        // Curve from (0,0) to (L,0) with tangents L·(cos t1, sin t1) and L·(cos t2, sin t2); its
        // derivative is quadratic in the parameter, integrated by 8-point Gauss–Legendre.
        let (m0x, m0y) = (chord * cos(t1), chord * sin(t1))
        let (m1x, m1y) = (chord * cos(t2), chord * sin(t2))
        var length = 0.0
        for (node, weight) in gauss8 {
            let u = (node + 1) / 2
            let h00 = 6 * u * u - 6 * u
            let h10 = 3 * u * u - 4 * u + 1
            let h01 = -h00
            let h11 = 3 * u * u - 2 * u
            let dx = h10 * m0x + h01 * chord + h11 * m1x + h00 * 0
            let dy = h10 * m0y + h11 * m1y
            length += weight / 2 * (dx * dx + dy * dy).squareRoot()
        }
        return max(chord, length)
    }

    /// An angle in degrees wrapped to (-180, 180].
    static func wrap(_ degrees: Double) -> Double {
        var a = degrees.truncatingRemainder(dividingBy: 360)
        if a <= -180 { a += 360 }
        if a > 180 { a -= 360 }
        return a
    }

    private static let gauss8: [(Double, Double)] = [
        (-0.960_289_856_497_536_3, 0.101_228_536_290_376_3), (-0.796_666_477_413_626_7, 0.222_381_034_453_374_5),
        (-0.525_532_409_916_329_0, 0.313_706_645_877_887_3), (-0.183_434_642_495_649_8, 0.362_683_783_378_362_0),
        (0.183_434_642_495_649_8, 0.362_683_783_378_362_0), (0.525_532_409_916_329_0, 0.313_706_645_877_887_3),
        (0.796_666_477_413_626_7, 0.222_381_034_453_374_5), (0.960_289_856_497_536_3, 0.101_228_536_290_376_3),
    ]
}
