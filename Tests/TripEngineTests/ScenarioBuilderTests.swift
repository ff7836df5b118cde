import Geodesy
import LogbookTestSupport
import Testing
import TrackModel

/// The builder is the tests' source of truth, so it is checked against geometry first.
@Suite("Scenario builder")
struct ScenarioBuilderTests {
    @Test func straightDriveFollowsOneGeodesicOfTheRightLength() {
        var s = ScenarioBuilder(options: .init(noise: .none))
        let d = s.drive(100, speed: 13)
        // 100 s × 13 m/s, by hand.
        #expect(abs(d.length - 1_300) < 1e-9)
        // A straight drive is a single geodesic: the end lies 1300 m from the start along the
        // start heading (ten sub-steps per epoch, each continued along the arriving azimuth).
        let line = Geodesic.wgs84.inverse(
            latitude1: d.startLatitude, longitude1: d.startLongitude, latitude2: d.endLatitude,
            longitude2: d.endLongitude)
        #expect(abs(line.distance - 1_300) < 1e-6)
        // 1e-7° of azimuth is 2 µm sideways at 1.3 km (the chained sub-steps accumulate rounding).
        #expect(abs(line.azimuth1 - 60) < 1e-7)
        #expect(s.fixes.count == 100)
        #expect(s.fixes.first?.time?.secondsSince1970 == d.start + 1)
        #expect(s.fixes.last?.time?.secondsSince1970 == d.end)
        #expect(s.fixes.allSatisfy { $0.speed == 13 && $0.mode == .threeD })
        // Consecutive fixes are 13 m apart.
        for (a, b) in zip(s.fixes, s.fixes.dropFirst()) {
            let step = Geodesic.wgs84.distance(
                latitude1: a.latitude!, longitude1: a.longitude!, latitude2: b.latitude!, longitude2: b.longitude!)
            #expect(abs(step - 13) < 1e-6)
        }
    }

    @Test func uniformAccelerationHasTheTrapezoidDistance() {
        var s = ScenarioBuilder(options: .init(noise: .none))
        let a = s.accelerate(8, to: 16)
        // (0 + 16) / 2 × 8 s, by hand; speed reported at each epoch is 2 m/s² × t.
        #expect(abs(a.length - 64) < 1e-9)
        #expect(s.fixes.map { $0.speed! } == [2, 4, 6, 8, 10, 12, 14, 16])
        let b = s.accelerate(4, to: 0)
        #expect(abs(b.length - 32) < 1e-9)
        #expect(s.speed == 0)
    }

    @Test func aFullCircleComesBackToItsStart() {
        var s = ScenarioBuilder(options: .init(noise: .none))
        // 360° at 3°/s = 120 s at 10 m/s: circumference 1200 m, radius 1200 / 2π.
        let c = s.drive(120, speed: 10, turnRate: 3)
        #expect(abs(c.length - 1_200) < 1e-9)
        let gap = Geodesic.wgs84.distance(
            latitude1: c.startLatitude, longitude1: c.startLongitude, latitude2: c.endLatitude,
            longitude2: c.endLongitude)
        #expect(gap < 0.05)
        #expect(abs(s.heading - 60) < 0.01)
        // Half way round the vehicle is a diameter away.
        let half = s.fixes[59]
        let across = Geodesic.wgs84.distance(
            latitude1: c.startLatitude, longitude1: c.startLongitude, latitude2: half.latitude!,
            longitude2: half.longitude!)
        #expect(abs(across - 1_200 / Double.pi) < 0.05)
    }

    @Test func outagesAndPowerOffs() {
        var s = ScenarioBuilder(options: .init(noise: .none))
        s.drive(10, speed: 10)
        let tunnel = s.outage(20)
        let off = s.powerOff(30)
        #expect(tunnel.fixes.count == 20 && off.fixes.isEmpty)
        #expect(s.fixes[tunnel.fixes].allSatisfy { $0.mode == .noFix && !$0.hasPosition })
        // The outage goes on at the current speed; the power-off stands still.
        #expect(abs(tunnel.length - 200) < 1e-9 && off.length == 0)
        #expect(off.end - off.start == 30)
    }

    @Test func noiseIsDeterministicAndOfTheRequestedSize() {
        let options = ScenarioBuilder.Options(noise: .init(white: 2, speed: 0.3), seed: 42)
        var a = ScenarioBuilder(options: options)
        var b = ScenarioBuilder(options: options)
        a.stand(2_000)
        b.stand(2_000)
        #expect(a.fixes == b.fixes)
        var c = ScenarioBuilder(options: options)
        let truth = c.stand(2_000)
        var sumSquares = 0.0
        for f in a.fixes {
            let d = Geodesic.wgs84.distance(
                latitude1: truth.startLatitude, longitude1: truth.startLongitude, latitude2: f.latitude!,
                longitude2: f.longitude!)
            sumSquares += d * d
        }
        // Two axes of σ = 2: E[d²] = 8 m²; 2000 samples give it to about ±3 %.
        #expect(abs(sumSquares / 2_000 - 8) < 0.8)
        // Standing still the speed is |N(0, 0.3)|: mean 0.3 √(2/π) ≈ 0.239.
        let meanSpeed = a.fixes.map { $0.speed! }.reduce(0, +) / 2_000
        #expect(abs(meanSpeed - 0.239) < 0.015)
        #expect(a.fixes.allSatisfy { $0.speed! >= 0 })
    }

    @Test func faults() {
        var s = ScenarioBuilder(options: .init(noise: .none))
        s.stand(40)
        let clean = s.fixes
        s.spike(at: 5, metres: 300)
        let moved = Geodesic.wgs84.inverse(
            latitude1: clean[5].latitude!, longitude1: clean[5].longitude!, latitude2: s.fixes[5].latitude!,
            longitude2: s.fixes[5].longitude!)
        #expect(abs(moved.distance - 300) < 1e-6 && abs(moved.azimuth1 - 90) < 1e-6)
        s.coldStart(from: 10, count: 25, eph: 30, metres: 500)
        let first = Geodesic.wgs84.distance(
            latitude1: clean[10].latitude!, longitude1: clean[10].longitude!, latitude2: s.fixes[10].latitude!,
            longitude2: s.fixes[10].longitude!)
        let last = Geodesic.wgs84.distance(
            latitude1: clean[34].latitude!, longitude1: clean[34].longitude!, latitude2: s.fixes[34].latitude!,
            longitude2: s.fixes[34].longitude!)
        #expect(abs(first - 500) < 1e-6 && abs(last - 20) < 1e-6)
        #expect(s.fixes[34].eph == 30 && s.fixes[35] == clean[35])
        s.duplicate(at: 36)
        #expect(s.fixes[36] == s.fixes[37] && s.fixes.count == 41)
        s.swap(at: 38)
        #expect(s.fixes[38].time! > s.fixes[39].time!)
    }
}
