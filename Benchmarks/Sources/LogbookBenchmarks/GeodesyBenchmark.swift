import Geodesy

// logbook-bench geodesy [CALLS]
//
// Calls per second, on one core, of the WGS84 geodesic (inverse, distance-only, direct) and of the cheap local
// helpers, over deterministic pseudo-random inputs: "short hops" are 1–100 m steps like consecutive track fixes,
// "long lines" are pairs of points anywhere on the globe. Each figure is the best of three runs.

/// A small deterministic generator (SplitMix64), so every run measures the same inputs.
private struct BenchmarkRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [low, high).
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }
}

private struct PointPair {
    var lat1, lon1, lat2, lon2: Double
}

private func makeShortHops(count: Int, random: inout BenchmarkRandom) -> [PointPair] {
    (0..<count).map { _ in
        let lat = random.uniform(-70, 70)
        let lon = random.uniform(-180, 180)
        let step = random.uniform(1, 100)  // metres
        let heading = random.uniform(0, 2 * Double.pi)
        // a rough offset is enough to make a realistic pair
        let (sh, ch) = (sinApprox(heading), sinApprox(heading + Double.pi / 2))
        let dlat = step * ch / 111_320
        let dlon = step * sh / (111_320 * max(0.2, sinApprox((90 - abs(lat)) * Double.pi / 180)))
        return PointPair(lat1: lat, lon1: lon, lat2: lat + dlat, lon2: lon + dlon)
    }
}

private func makeLongLines(count: Int, random: inout BenchmarkRandom) -> [PointPair] {
    (0..<count).map { _ in
        PointPair(
            lat1: random.uniform(-85, 85), lon1: random.uniform(-180, 180),
            lat2: random.uniform(-85, 85), lon2: random.uniform(-180, 180))
    }
}

/// sin by a Taylor series after reduction to [-pi, pi] (only for building inputs; avoids importing libm here).
private func sinApprox(_ x: Double) -> Double {
    var y = x.truncatingRemainder(dividingBy: 2 * Double.pi)
    if y > Double.pi { y -= 2 * Double.pi }
    if y < -Double.pi { y += 2 * Double.pi }
    var term = y
    var sum = y
    for k in 1...12 {
        term *= -y * y / Double((2 * k) * (2 * k + 1))
        sum += term
    }
    return sum
}

private func seconds(_ duration: Duration) -> Double {
    let (s, attoseconds) = duration.components
    return Double(s) + Double(attoseconds) / 1e18
}

/// Runs `body` over `calls` iterations three times and returns the best rate in calls per second; `checksum`
/// collects results so the work cannot be optimised away.
private func measure(
    _ name: String, calls: Int, checksum: inout Double, _ body: (Int) -> Double
) -> Double {
    let clock = ContinuousClock()
    var best = Double.infinity
    for _ in 0..<3 {
        var sum = 0.0
        let start = clock.now
        for i in 0..<calls {
            sum += body(i)
        }
        let elapsed = seconds(clock.now - start)
        best = min(best, elapsed)
        checksum += sum
    }
    let rate = Double(calls) / best
    let nanoseconds = best / Double(calls) * 1e9
    print(
        "  \(name.padding(38))\(formatRate(rate).padding(14, left: true)) calls/s  "
            + "\(format(nanoseconds, digits: 1).padding(7, left: true)) ns/call")
    return rate
}

private func format(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    }
    return text
}

private func formatRate(_ rate: Double) -> String {
    rate >= 1e6 ? format(rate / 1e6, digits: 2) + " M" : format(rate / 1e3, digits: 1) + " k"
}

extension String {
    fileprivate func padding(_ width: Int, left: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - count))
        return left ? fill + self : self + fill
    }
}

func runGeodesyBenchmark(arguments: [String] = []) {
    let calls = arguments.first.flatMap { Int($0) } ?? 5_000_000
    let geodesic = Geodesic.wgs84
    var random = BenchmarkRandom(state: 20_240_611)
    let poolSize = 4096  // inputs cycle through a pool that stays in L1/L2 cache
    let shortHops = makeShortHops(count: poolSize, random: &random)
    let longLines = makeLongLines(count: poolSize, random: &random)
    let azimuths = (0..<poolSize).map { _ in random.uniform(-180, 180) }
    let longDistances = (0..<poolSize).map { _ in random.uniform(1e5, 1.9e7) }
    let shortDistances = (0..<poolSize).map { _ in random.uniform(1, 100) }
    let mask = poolSize - 1
    var checksum = 0.0

    print("geodesy: \(calls) calls per figure, best of 3, one thread (WGS84)")
    let inverseShort = measure("inverse, short hops (1-100 m)", calls: calls, checksum: &checksum) { i in
        let p = shortHops[i & mask]
        let r = geodesic.inverse(latitude1: p.lat1, longitude1: p.lon1, latitude2: p.lat2, longitude2: p.lon2)
        return r.distance + r.azimuth1
    }
    let inverseLong = measure("inverse, long lines (global)", calls: calls, checksum: &checksum) { i in
        let p = longLines[i & mask]
        let r = geodesic.inverse(latitude1: p.lat1, longitude1: p.lon1, latitude2: p.lat2, longitude2: p.lon2)
        return r.distance + r.azimuth1
    }
    let inverseMixed = measure("inverse, mixed 90% short / 10% long", calls: calls, checksum: &checksum) { i in
        let p = i % 10 == 9 ? longLines[i & mask] : shortHops[i & mask]
        let r = geodesic.inverse(latitude1: p.lat1, longitude1: p.lon1, latitude2: p.lat2, longitude2: p.lon2)
        return r.distance + r.azimuth1
    }
    _ = measure("distance, short hops", calls: calls, checksum: &checksum) { i in
        let p = shortHops[i & mask]
        return geodesic.distance(latitude1: p.lat1, longitude1: p.lon1, latitude2: p.lat2, longitude2: p.lon2)
    }
    _ = measure("distance, long lines", calls: calls, checksum: &checksum) { i in
        let p = longLines[i & mask]
        return geodesic.distance(latitude1: p.lat1, longitude1: p.lon1, latitude2: p.lat2, longitude2: p.lon2)
    }
    let directLong = measure("direct, long lines", calls: calls, checksum: &checksum) { i in
        let p = longLines[i & mask]
        let r = geodesic.direct(
            latitude: p.lat1, longitude: p.lon1, azimuth: azimuths[i & mask], distance: longDistances[i & mask])
        return r.latitude + r.longitude
    }
    _ = measure("direct, short hops", calls: calls, checksum: &checksum) { i in
        let p = shortHops[i & mask]
        let r = geodesic.direct(
            latitude: p.lat1, longitude: p.lon1, azimuth: azimuths[i & mask], distance: shortDistances[i & mask])
        return r.latitude + r.longitude
    }
    let quick = measure("equirectangularDistance, short hops", calls: calls, checksum: &checksum) { i in
        let p = shortHops[i & mask]
        return geodesic.equirectangularDistance(
            latitude1: p.lat1, longitude1: p.lon1, latitude2: p.lat2, longitude2: p.lon2)
    }
    // points within ~10 km of the plane's reference
    let reference = shortHops[0]
    let plane = LocalTangentPlane(latitude: reference.lat1, longitude: reference.lon1)
    _ = measure("LocalTangentPlane.project", calls: calls, checksum: &checksum) { i in
        let p = shortHops[i & mask]
        let (e, n) = plane.project(
            latitude: reference.lat1 + p.lat2 * 1e-3, longitude: reference.lon1 + p.lon2 * 1e-3)
        return e + n
    }
    _ = measure("LocalTangentPlane.unproject", calls: calls, checksum: &checksum) { i in
        let p = shortHops[i & mask]
        let (lat, lon) = plane.unproject(east: p.lat2 * 50, north: p.lon2 * 20)
        return lat + lon
    }
    print(
        "  ratios: inverse long/short cost \(format(inverseShort / inverseLong, digits: 2)), "
            + "inverse short hop / equirectangularDistance cost \(format(quick / inverseShort, digits: 1))")
    print(
        "  target >= 2 M inverse calls/s: short \(inverseShort >= 2e6 ? "met" : "NOT met"), "
            + "long \(inverseLong >= 2e6 ? "met" : "NOT met"), mixed \(inverseMixed >= 2e6 ? "met" : "NOT met"); "
            + "direct \(formatRate(directLong))/s")
    print("  (checksum \(checksum))")
}
