#if canImport(Glibc)
    import Glibc
#endif

/// The length of road across an outage (a tunnel, an urban canyon without fix).
///
/// With no fixes inside, the geodesic chord between the last position before and the first after
/// is a lower bound. The courses the vehicle held when it lost and regained the fix tell how the
/// road bent: the engine takes the length of the cubic Hermite curve that leaves the first point
/// along the first course and reaches the second along the second. Its tangents are the chord's
/// length divided by cos²(θ/4), θ being the total turn: with that length the curve follows a
/// circular arc to within 0.1 % for turns up to 90° (it is the classic cubic approximation of an
/// arc, whose control points lie 4/3·tan(θ/4)·R from the ends). Without a course at one end
/// (standing, or speed too low for a meaningful course) that end follows the chord.
enum OutageBridge {
    /// - Parameters:
    ///   - chord: geodesic distance between the two positions, metres.
    ///   - angle1: course at the start minus the chord's azimuth there, degrees.
    ///   - angle2: course at the end minus the chord's azimuth there, degrees.
    static func length(chord: Double, angle1: Double, angle2: Double) -> Double {
        guard chord > 0 else { return 0 }
        let t1 = wrap(angle1) * .pi / 180
        let t2 = wrap(angle2) * .pi / 180
        // Curve from (0,0) to (L,0) with tangents m·(cos t1, sin t1) and m·(cos t2, sin t2); its
        // derivative is quadratic in the parameter, integrated by 8-point Gauss–Legendre.
        let turn = min(abs(t2 - t1), .pi)
        let c = cos(turn / 4)
        let m = chord / (c * c)
        let (m0x, m0y) = (m * cos(t1), m * sin(t1))
        let (m1x, m1y) = (m * cos(t2), m * sin(t2))
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
