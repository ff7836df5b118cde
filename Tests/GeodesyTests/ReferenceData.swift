#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import LogbookTestSupport

/// One row of Tests/Fixtures/geodesy/reference.csv (solved by GeographicLib; see make_reference.py there).
struct ReferenceCase: Sendable, CustomStringConvertible {
    enum Kind: String, Sendable { case inverse, direct }
    var kind: Kind
    var category: String
    var line: Int
    var lat1, lon1, azi1, lat2, lon2, azi2, s12, a12: Double

    var description: String {
        "line \(line) \(kind.rawValue)/\(category): (\(lat1), \(lon1)) azi1 \(azi1) -> (\(lat2), \(lon2)) azi2 \(azi2), "
            + "s12 \(s12)"
    }
}

enum ReferenceData {
    /// All cases, read once.
    static let cases: [ReferenceCase] = {
        let bytes = (try? Fixtures.data("geodesy/reference.csv")) ?? []
        let text = String(decoding: bytes, as: UTF8.self)
        var result: [ReferenceCase] = []
        for (index, line) in text.split(separator: "\n").enumerated() where index > 0 {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 10, let kind = ReferenceCase.Kind(rawValue: fields[0]) else { continue }
            let numbers = fields[2...].map { Double($0) ?? .nan }
            result.append(
                ReferenceCase(
                    kind: kind, category: fields[1], line: index + 1,
                    lat1: numbers[0], lon1: numbers[1], azi1: numbers[2], lat2: numbers[3], lon2: numbers[4],
                    azi2: numbers[5], s12: numbers[6], a12: numbers[7]))
        }
        return result
    }()

    static func cases(_ kind: ReferenceCase.Kind, category: String? = nil) -> [ReferenceCase] {
        cases.filter { $0.kind == kind && (category == nil || $0.category == category) }
    }

    static func categories(_ kind: ReferenceCase.Kind) -> [String] {
        var seen: [String] = []
        for c in cases where c.kind == kind && !seen.contains(c.category) { seen.append(c.category) }
        return seen
    }
}

/// |a - b| for angles in degrees, modulo 360 (so 180 and -180 agree).
func angleError(_ a: Double, _ b: Double) -> Double {
    var d = (a - b).truncatingRemainder(dividingBy: 360)
    if d > 180 { d -= 360 }
    if d < -180 { d += 360 }
    return abs(d)
}

/// Separation in metres of two nearby points, by a local flat approximation (good for separations far below a
/// kilometre, which is all the tests need; independent of the geodesic code under test).
func separation(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
    let metresPerDegree = 111_320.0
    let north = (lat2 - lat1) * metresPerDegree
    let dlon = angleError(lon2, lon1)
    let east = dlon * metresPerDegree * cos((lat1 + lat2) / 2 * .pi / 180)
    return (north * north + east * east).squareRoot()
}

/// A deterministic generator for property tests (SplitMix64).
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
