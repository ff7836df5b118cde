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

    /// The length of road across an outage of `duration` seconds while moving, from what is known.
    ///
    /// - The chord is a lower bound, and the chord bent by the courses at both ends (`length`) the
    ///   road when it bent once.
    /// - With Doppler speed on both sides, the vehicle went about the mean of the two speeds for the
    ///   outage's duration: on a winding road that is the road's length, which the bent chord misses
    ///   (every bend inside the outage shortens it). But a vehicle that slowed or stopped inside the
    ///   outage (a traffic light in an underpass) went less than that, and there the chord says so:
    ///   no road is much longer than the line between its ends. So the speeds' length is taken where
    ///   the bent chord is at least `weighting.winding` of it, the bent chord where it is at most
    ///   `weighting.stopped` of it, and a blend of the two in between (`SpeedsWeighting`).
    /// - Above, physics: no more than the vehicle could go in `duration` from its first speed to its
    ///   last at the configured acceleration and top speed.
    static func estimate(
        chord: Double, angle1: Double, angle2: Double, duration: Double, speed1: Double?, speed2: Double?,
        weighting: SpeedsWeighting, configuration c: EngineConfiguration
    ) -> Double {
        let bent = length(chord: chord, angle1: angle1, angle2: angle2)
        var estimate = bent
        if let v1 = speed1, let v2 = speed2, duration > 0 {
            let bySpeed = (v1 + v2) / 2 * duration
            if bySpeed > bent {
                let ratio = bent / bySpeed
                estimate = bent + weighting.weight(ratio) * (bySpeed - bent)
            }
        }
        return max(chord, min(estimate, reach(duration: duration, from: speed1, to: speed2, configuration: c)))
    }

    /// The longest road between two points that bends once: the two straight legs along the courses held at the
    /// ends, meeting where those lines cross (the triangle on the chord whose base angles are the courses' angles to
    /// it). Any road that bends once between the two tangents, however sharp or smooth the bend, is no longer; the
    /// arc (`length`) is the shortest of them. For courses on the same side of the chord (an S-bend) the triangle
    /// of the same angles is taken, which for the small angles of a straight road with noisy courses is the chord.
    /// `nil` when the courses turn by 150° or more.
    ///
    /// - Parameters: as `length`.
    static func corner(chord: Double, angle1: Double, angle2: Double) -> Double? {
        guard chord > 0 else { return 0 }
        let t1 = abs(wrap(angle1)) * .pi / 180
        let t2 = abs(wrap(angle2)) * .pi / 180
        let apex = t1 + t2
        guard apex < 150 * .pi / 180 else { return nil }
        guard apex > 1e-6 else { return chord }
        return chord * (sin(t1) + sin(t2)) / sin(apex)
    }

    /// The length of road between two fixes seconds apart, with Doppler speed at both (a phone's points, sent every
    /// 75 m): the speeds' length (their trapezoid) — a vehicle that slowed for a bend between them went less than
    /// that, one that sped up more — held between the shortest road that joins the two points along their courses
    /// (`length`, an arc) and the longest that bends once (`corner`). Where the courses turn by 150° or more, as
    /// across an outage (`estimate`).
    static func sparse(
        chord: Double, angle1: Double, angle2: Double, duration: Double, speed1: Double, speed2: Double,
        weighting: SpeedsWeighting, configuration c: EngineConfiguration
    ) -> Double {
        guard let longest = corner(chord: chord, angle1: angle1, angle2: angle2) else {
            return estimate(
                chord: chord, angle1: angle1, angle2: angle2, duration: duration, speed1: speed1, speed2: speed2,
                weighting: weighting, configuration: c)
        }
        let shortest = length(chord: chord, angle1: angle1, angle2: angle2)
        let bySpeed = (speed1 + speed2) / 2 * duration
        return max(chord, min(max(bySpeed, shortest), max(longest, shortest)))
    }

    /// The way of a departure whose speeds were `measured` where they follow each other and add `outages` across the
    /// steps where the fix was lost again between two speeds of moving (see `TripEngine.way(by:until:)`), held against
    /// the `line` its ends lie apart (or the line the way out shares with the way in): as `estimate` weighs an
    /// outage's speeds against its chord — all of `outages` where the line (or what was measured, if longer) is at
    /// least `windingRatio` of the whole, none where it is at most `stoppedRatio` (the vehicle stood inside: a light,
    /// a queue), a blend between.
    static func acrossOutages(line: Double, measured: Double, outages: Double) -> Double {
        guard outages > 0 else { return measured }
        let ratio = max(line, measured) / (measured + outages)
        let weight = min(1, max(0, (ratio - stoppedRatio) / (windingRatio - stoppedRatio)))
        return measured + weight * outages
    }

    /// The way of a vehicle that goes from `v0` to `pace` and holds it, then brakes to a stop, all at `braking`
    /// (m/s²), in `duration` seconds: an approach to a parking place whose arrival time is known (the box switched
    /// off) and whose speeds inside are not. Where `duration` is too short to reach the pace and stop, the mean of the
    /// speed it had and none.
    static func arrival(duration: Double, from v0: Double, pace: Double, braking: Double) -> Double {
        guard duration > 0, braking > 0 else { return 0 }
        let change = abs(pace - v0) / braking
        let stop = pace / braking
        guard change + stop <= duration else { return v0 / 2 * duration }
        return (v0 + pace) / 2 * change + pace * (duration - change - stop) + pace / 2 * stop
    }

    /// How much of the speeds' length across an outage `estimate` takes, by the ratio of the bent chord to it: none
    /// at `stopped` or below, all of it at `winding` or above, in proportion between.
    struct SpeedsWeighting: Sendable, Equatable {
        var stopped: Double
        var winding: Double

        func weight(_ ratio: Double) -> Double { min(1, max(0, (ratio - stopped) / (winding - stopped))) }

        /// A receiver's epochs come at its rate, so the speeds at an outage's ends are the vehicle's as it lost and
        /// regained the fix. Over the 566 outages with Doppler at both ends in the fresh14–16 splits' drives (NMEA;
        /// way from the simulators' odometers), the way lay at the median close to the bent chord where that was at
        /// most half the speeds' length, and rose towards the speeds' length only as the bent chord reached it:
        /// with the blend from 0.4 to 1.0 the outages' total error came to −0.6 km (+1.6 km with 0.55 to 0.8) and
        /// the sum of their errors' sizes to 37.0 km (40.4 km). On the 969 outages of fresh17–18, not used in the
        /// fit: +8.4 km against +10.2 km of 1,300 km, sizes 53.7 against 57.6 km (`OutageWeightingTests`).
        static let receiver = SpeedsWeighting(stopped: 0.4, winding: 1.0)
        /// A phone sends a point when it has moved 75 m, so the points at a silence's ends are moving ones more
        /// often than the vehicle moved through it: their speeds' length is believed only nearer the bent chord
        /// (the blend from 0.4 to 1.0 made the phone renderings of the tuning … fresh25 splits worse, 1,956 → 1,952
        /// of 2,352 within target, while NMEA went 2,143 → 2,155).
        static let phone = SpeedsWeighting(stopped: stoppedRatio, winding: windingRatio)
    }

    /// Where the bent chord explains the speeds (see `estimate`, `acrossOutages`).
    static let windingRatio = 0.8
    /// Where it says the vehicle slowed or stopped inside the outage.
    static let stoppedRatio = 0.55

    /// The farthest a vehicle goes in `duration` seconds from speed `v1` to speed `v2` (either unknown:
    /// any) accelerating and braking at `maximumAcceleration`, never above `maximumSpeed`.
    static func reach(duration: Double, from v1: Double?, to v2: Double?, configuration c: EngineConfiguration)
        -> Double
    {
        let top = c.maximumSpeed
        let a = c.maximumAcceleration
        guard let v1, let v2 else { return top * duration }
        // Speed rises from v1 and falls to v2 at rate a; they meet at the peak (or the top speed caps it).
        let peak = min(top, (v1 + v2 + a * duration) / 2)
        let up = max(0, (peak - v1) / a)
        let down = max(0, (peak - v2) / a)
        let cruise = max(0, duration - up - down)
        return (v1 + peak) / 2 * up + peak * cruise + (peak + v2) / 2 * down
    }

    /// The mean distance from a point to the points of a circle of radius `radius` whose centre lies `distance` from
    /// it (in the plane): how far a place is on average that lies `radius` from a point `distance` away, in a direction
    /// nothing tells. At least the larger of the two; `4/π` of them where they are equal.
    static func meanLine(distance: Double, radius: Double) -> Double {
        let n = 64
        var sum = 0.0
        for k in 0..<n {
            let angle = (Double(k) + 0.5) * 2 * .pi / Double(n)
            sum += (distance * distance + radius * radius - 2 * distance * radius * cos(angle)).squareRoot()
        }
        return sum / Double(n)
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
