import Geodesy
import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// Issue 26: outages that end in a long gap or a power cycle, and long outages on winding roads.
/// Expected figures come from the scenario's construction (speeds × times, by hand in the comments).
@Suite("Outages: arrivals, departures and winding roads")
struct OutageArrivalTests {
    /// The fix is lost on the way into a multi-storey car park 50 s before the car stops, the box is
    /// switched off while it is parked, and at power-on the fix is there (after a cold start). The first
    /// good fix shows where the car went: the trip ends there, at the moment the speed before the outage
    /// brings it there, marked as estimated; the next trip starts there.
    @Test(arguments: Source.allCases, seeds)
    func fixLostIntoAGarageThenPowerOff(source: Source, seed: Int) {
        var s = ScenarioBuilder(options: source.options(seed: seed))
        s.stand(60)
        let go = s.accelerate(6, to: 14)
        s.drive(200)
        // Into the garage without a fix: 40 s at 14 m/s (560 m), 10 s from 14 m/s to 0 (70 m).
        let lost = s.drive(40, reception: .noFix)
        s.accelerate(10, to: 0, reception: .noFix)
        let parked = s.powerOff(1_200)
        // Power-on: 30 s standing, the first 15 of them cold-start garbage; then away.
        let on = s.stand(30)
        s.coldStart(from: on.fixes.lowerBound, count: 15, eph: 30, metres: 300)
        let go2 = s.accelerate(6, to: 14)
        s.drive(200)
        s.accelerate(7, to: 0)
        let end = s.stand(400)
        // 42 m + 2800 m + 560 m + 70 m; the second trip 42 m + 2800 m + 49 m.
        let first = 42.0 + 2_800 + 560 + 70
        let second = 42.0 + 2_800 + 49
        #expect(abs(parked.startDistance - go.startDistance - first) < 1e-6)
        #expect(abs(end.startDistance - go2.startDistance - second) < 1e-6)

        let run = runEngine(s.fixes)
        #expect(run.trips.count == 2)
        guard run.trips.count == 2 else { return }
        let (a, b) = (run.trips[0], run.trips[1])
        let tolerance = source.distanceTolerance
        // Without the rule the trip ends where the fix was lost: 50 s early and 630 m (18 %) short.
        #expect(relativeError(a.distance, first) < tolerance, "\(a.distance) m vs \(first) m")
        // 630 m at the 14 m/s before the outage is 45 s; the car took 50 s (it braked).
        let ended = a.end.secondsSince1970 - parked.start
        #expect(abs(ended) <= 15, "ended \(ended) s off")
        #expect(a.end.secondsSince1970 > lost.start + 30)
        #expect(a.estimated == [.end])
        #expect(abs(b.start.secondsSince1970 - go2.start) <= 5, "started \(b.start.secondsSince1970 - go2.start) s off")
        #expect(relativeError(b.distance, second) < tolerance, "\(b.distance) m vs \(second) m")
        #expect(!b.estimated.contains(.end))
    }

    /// The fix is lost round a corner on the way into a garage: 575 m of streets in 61 s, where the line from the
    /// last fix to the parking place is about 430 m. The box goes off there, after epochs without a fix, so the
    /// time of arrival is known; the trip went at its pace (about 10 m/s) that long and braked to the stop.
    @Test(arguments: seeds)
    func anApproachRoundACornerIsMeasuredByThePace(seed: Int) {
        let garage = GarageRoundACorner(seed: seed, coldStartEPH: 30, coldStartMetres: 200)
        // The chord, which the engine took before: 4.9 % of the trip short.
        #expect((garage.approach - garage.chord) / garage.first > 0.04, "chord \(garage.chord) m")

        garage.expectTrips(runEngine(garage.fixes))
    }

    /// The same, but the receiver's cold start at power-on reports its converging positions as precise (eph 8 m,
    /// as some receivers and gpsd's DOP-derived figures do): 1.5 km off at first, racing back at 100 m/s while the
    /// Doppler speed says the car stands. Taken at their word, the first of them is where the car went, and the way
    /// into the garage is 1.5 km. Their speeds tell them apart: the fix that counts is the settled one.
    @Test(arguments: seeds)
    func aColdStartReportedPreciseIsJudgedByItsSpeeds(seed: Int) {
        let garage = GarageRoundACorner(seed: seed, coldStartEPH: 8, coldStartMetres: 1_500)
        garage.expectTrips(runEngine(garage.fixes))
    }

    /// Streets in a grid: the trip zigzags through blocks (legs of 150 m, each ending in a 90° corner, left and right
    /// by turns), and the fix is lost on the way into a garage four legs on, the box switched off there without a
    /// word (a GPX logs nothing without a fix, a receiver may fall silent): the line from the last fix to the place
    /// the fix comes back at power-on is 473 m of the 635 m driven. The streets before were as much longer than their
    /// lines, and the way in is taken as long.
    @Test(arguments: Source.allCases, seeds)
    func anApproachIsAsLongAsTheStreetsBefore(source: Source, seed: Int) {
        var s = ScenarioBuilder(options: source.options(seed: seed))
        s.stand(60)
        let go = s.accelerate(6, to: 10)  // 30 m
        // Ten legs of 12 s at 10 m/s and a corner of 3 s at 30°/s (30 m): 1500 m.
        for leg in 0..<10 {
            s.drive(12)
            s.drive(3, turnRate: leg % 2 == 0 ? -30 : 30)
        }
        // Four more without a fix (600 m), then 7 s braking to 0 (35 m), the box off.
        let lost = s.drive(12, reception: .silent)
        s.drive(3, turnRate: -30, reception: .silent)
        for leg in 1..<4 {
            s.drive(12, reception: .silent)
            s.drive(3, turnRate: leg % 2 == 0 ? -30 : 30, reception: .silent)
        }
        s.accelerate(7, to: 0, reception: .silent)
        let parked = s.powerOff(1_200)
        s.stand(30)
        let go2 = s.accelerate(6, to: 10)  // 30 m
        s.drive(60)  // 600 m
        s.accelerate(7, to: 0)  // 35 m
        let end = s.stand(400)
        let first = parked.startDistance - go.startDistance
        let second = end.startDistance - go2.startDistance
        #expect(abs(first - (30 + 1_500 + 635)) < 1e-6)
        #expect(abs(second - 665) < 1e-6)
        let chord = line(from: lost, to: parked)
        // The line alone, which the engine took before: 7.5 % of the trip short.
        #expect((635 - chord) / first > 0.07, "chord \(chord) m")

        let run = runEngine(s.fixes)
        #expect(run.trips.count == 2)
        guard run.trips.count == 2 else { return }
        let (a, b) = (run.trips[0], run.trips[1])
        let tolerance = source.distanceTolerance
        #expect(relativeError(a.distance, first) < tolerance, "\(a.distance) m vs \(first) m")
        #expect(a.estimated == [.end])
        #expect(relativeError(b.distance, second) < tolerance, "\(b.distance) m vs \(second) m")
    }

    /// The streets' ratio is for the way into a parking place, not for a road across a long gap: after 4.5 km of the
    /// zigzag of blocks above (a ratio of about 1.4 over any length), the receiver falls silent for 400 s (beyond the
    /// gap threshold) on a straight road out of town at 8 m/s and comes back moving, 3.2 km on. The line is the road.
    @Test(arguments: seeds)
    func aLongSilenceOnTheRoadIsNotMadeLongerByTheStreets(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(60)
        let go = s.accelerate(6, to: 10)  // 30 m
        for leg in 0..<30 {
            s.drive(12)
            s.drive(3, turnRate: leg % 2 == 0 ? -30 : 30)
        }
        s.accelerate(2, to: 8)  // 18 m
        s.drive(400, reception: .silent)  // 3200 m
        s.drive(60)  // 480 m
        s.accelerate(4, to: 0)  // 16 m
        let park = s.stand(400)
        let truth = park.startDistance - go.startDistance
        #expect(abs(truth - (30 + 4_500 + 18 + 3_200 + 480 + 16)) < 1e-6)

        // Made as long as the streets, the trip came out 13 % long.
        expectOneTrip(s.fixes, truth: truth, within: 0.01)
    }

    /// The box-off dates the arrival, but the car did not keep the trip's pace: at 15 m/s the fix is lost, it brakes
    /// for a light and waits 40 s there, then creeps 75 m into a garage on the same street: 300 m in 80 s, where the
    /// pace says 1.1 km. A line that short says the car slowed or stood: no more than the line allows
    /// (`OutageBridge.stoppedRatio`, as inside an outage) is taken, the trip at most 7.5 % long where it was 25 %.
    @Test(arguments: seeds)
    func aWaitOnTheWayInIsNotDrivenAtThePace(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(60)
        let go = s.accelerate(6, to: 15)  // 45 m
        s.drive(200)  // 3000 m
        s.drive(10, reception: .noFix)  // 150 m
        s.accelerate(10, to: 0, reception: .noFix)  // 75 m
        s.stand(40, reception: .noFix)
        s.accelerate(5, to: 5, reception: .noFix)  // 12.5 m
        s.drive(10, reception: .noFix)  // 50 m
        s.accelerate(5, to: 0, reception: .noFix)  // 12.5 m
        let parked = s.powerOff(1_200)
        s.stand(60)
        let truth = parked.startDistance - go.startDistance
        #expect(abs(truth - (45 + 3_000 + 300)) < 1e-6)

        expectOneTrip(s.fixes, truth: truth, within: 0.075)
    }

    /// An underground garage: the fix is lost on the ramp, the box is off while parked, and after
    /// power-on there is no fix until the car has driven out (10 s to 8 m/s, 40 m, then on). The way
    /// out is counted in the second trip, which starts where the first ended and when the box came on.
    @Test(arguments: seeds)
    func undergroundGarageWithoutFixAtPowerOn(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(60)
        let go = s.accelerate(6, to: 14)
        s.drive(200)
        s.drive(30, reception: .noFix)  // 420 m
        s.accelerate(10, to: 0, reception: .noFix)  // 70 m
        let parked = s.powerOff(900)
        let on = s.stand(5, reception: .noFix)
        s.accelerate(10, to: 8, reception: .noFix)  // 40 m out of the garage, no fix
        s.drive(150)  // 1200 m
        s.accelerate(8, to: 0)  // 32 m
        let end = s.stand(400)
        let first = 42.0 + 2_800 + 420 + 70
        let second = 40.0 + 1_200 + 32
        #expect(abs(parked.startDistance - go.startDistance - first) < 1e-6)
        #expect(abs(end.startDistance - parked.endDistance - second) < 1e-6)

        let run = runEngine(s.fixes)
        #expect(run.trips.count == 2)
        guard run.trips.count == 2 else { return }
        let (a, b) = (run.trips[0], run.trips[1])
        // The first trip may take the 40 m out of the garage (1 %) as its own: the fix came back 40 m away.
        #expect(relativeError(a.distance, first) < 0.02, "\(a.distance) m vs \(first) m")
        let ended = a.end.secondsSince1970 - parked.start
        #expect(abs(ended) <= 15, "ended \(ended) s off")
        #expect(a.estimated.contains(.end))
        // The second starts when the box came on (the car left 5 s later), estimated.
        #expect(abs(b.start.secondsSince1970 - on.end) <= 10, "started \(b.start.secondsSince1970 - on.end) s off")
        #expect(b.estimated.contains(.start))
        #expect(relativeError(b.distance, second) < 0.04, "\(b.distance) m vs \(second) m")
        #expect(relativeError(a.distance + b.distance, first + second) < 0.01)
    }

    /// A receiver that falls silent for 10 minutes while the vehicle drives on (14 m/s): the first fix
    /// after the gap, 8.4 km on and with a Doppler speed of 14 m/s, shows the vehicle never stopped, so the
    /// silence stays inside the trip and is counted. (Without Doppler the engine cannot tell this from a
    /// vehicle that parked and left again; the trip ends at the last fix, as `TripScenarioTests` checks.)
    @Test(arguments: seeds)
    func silenceWhileDrivingIsCounted(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(60)
        let go = s.accelerate(6, to: 14)
        s.drive(200)
        let gap = s.drive(600, reception: .silent)
        s.drive(200)
        s.accelerate(7, to: 0)
        let park = s.stand(400)
        // 42 m + 2800 m + 8400 m + 2800 m + 49 m.
        let truth = 42.0 + 2_800 + 8_400 + 2_800 + 49
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)
        #expect(abs(gap.length - 8_400) < 1e-6)

        let run = runEngine(s.fixes)
        // Without the rule: two trips, the 8.4 km of the gap (59 %) missing.
        #expect(run.trips.count == 1, "the vehicle never stopped")
        let total = run.trips.reduce(0) { $0 + $1.distance }
        #expect(relativeError(total, truth) < 0.01, "\(total) m vs \(truth) m")
        #expect(abs((run.trips.last?.end.secondsSince1970 ?? 0) - park.start) <= 5)
        #expect(abs((run.trips.first?.start.secondsSince1970 ?? 0) - go.start) <= 5)
    }

    /// A long outage on a winding road (90 s at 20 m/s through four bends of 45°, left and right, so the
    /// courses at both ends agree): the chord misses every bend inside, the Doppler speeds on both sides
    /// do not.
    @Test(arguments: seeds)
    func windingOutageIsMeasuredBySpeed(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(60)
        let go = s.accelerate(8, to: 20)
        s.drive(60)
        // 4 × 20 s at ±2.25°/s: bends of 45° each way, 400 m of road each; 1600 m in all.
        let tunnel = s.outage(20, turnRate: 2.25)
        s.outage(20, turnRate: -2.25)
        s.outage(20, turnRate: -2.25)
        let last = s.outage(20, turnRate: 2.25)
        let tunnelEnd = (latitude: last.endLatitude, longitude: last.endLongitude)
        s.drive(60, turnRate: 0)
        s.accelerate(10, to: 0)
        let park = s.stand(400)
        // 80 m + 1200 m + 1600 m + 1200 m + 100 m.
        let truth = 80.0 + 1_200 + 1_600 + 1_200 + 100
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)
        // The chord across the outage is what the engine took before: 1.3 % short of the whole trip.
        let chord = Geodesic.wgs84.distance(
            latitude1: tunnel.startLatitude, longitude1: tunnel.startLongitude, latitude2: tunnelEnd.latitude,
            longitude2: tunnelEnd.longitude)
        #expect((1_600 - chord) / truth > 0.01, "chord \(chord) m")

        expectOneTrip(s.fixes, truth: truth, within: 0.01)
    }

    /// The guard on the rule above: a vehicle that stops inside an outage (60 s at a light in an
    /// underpass of a straight street) went much less than its speeds on both sides say; the chord
    /// tells, and the bridge follows it.
    @Test(arguments: seeds)
    func stopInsideAnOutageIsNotMeasuredBySpeed(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(60)
        let go = s.accelerate(6, to: 12)
        s.drive(100)
        // Under the bridge without a fix: 5 s at 12 m/s (60 m), 6 s to 0 (36 m), 60 s standing,
        // 6 s to 12 m/s (36 m), 5 s at 12 m/s (60 m): 192 m in 82 s, where the speeds say 984 m.
        s.drive(5, reception: .noFix)
        s.accelerate(6, to: 0, reception: .noFix)
        s.stand(60, reception: .noFix)
        s.accelerate(6, to: 12, reception: .noFix)
        s.drive(5, reception: .noFix)
        s.drive(100)
        s.accelerate(6, to: 0)
        let park = s.stand(400)
        // 36 m + 1200 m + 192 m + 1200 m + 36 m.
        let truth = 36.0 + 1_200 + 192 + 1_200 + 36
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)
        expectOneTrip(s.fixes, truth: truth, within: 0.01)
    }

    /// Positions only, after the box was off for two hours: the vehicle left at power-on, and the first
    /// fixes after the cold start are in a U-turn, heading back past the parking place. The trip is found,
    /// starts at power-on from where the vehicle had parked, and says that its start was estimated. (The
    /// stop-radius blow-up that hid whole trips after long gaps is pinned in `StopScatterTests`.)
    @Test(arguments: seeds)
    func departureAfterAPowerOffMayHeadAnywhere(seed: Int) {
        var s = ScenarioBuilder(options: Source.positionOnly.options(seed: seed))
        s.stand(60)
        s.accelerate(6, to: 14)
        s.drive(200)
        s.accelerate(7, to: 0)
        s.stand(30)
        s.powerOff(2 * 3_600)
        // 5 s to 10 m/s (25 m), 15 s at 10 m/s (150 m), a U-turn (180° in 10 s at 10 m/s: 100 m), 60 s back
        // past the parking place (600 m), 5 s to 0 (25 m): 900 m. The first 25 s are cold-start garbage.
        let go = s.accelerate(5, to: 10)
        s.drive(15)
        s.drive(10, turnRate: 18)
        s.drive(60, turnRate: 0)
        s.accelerate(5, to: 0)
        let end = s.stand(400)
        s.coldStart(from: go.fixes.lowerBound, count: 25, eph: 30, metres: 300)
        let truth = 25.0 + 150 + 100 + 600 + 25
        #expect(abs(end.startDistance - go.startDistance - truth) < 1e-6)

        let run = runEngine(s.fixes)
        #expect(run.trips.count == 2, "trips \(run.trips.count)")
        guard run.trips.count == 2 else { return }
        let trip = run.trips[1]
        #expect(
            abs(trip.start.secondsSince1970 - go.start) <= 60, "started \(trip.start.secondsSince1970 - go.start) s off"
        )
        #expect(trip.estimated.contains(.start))
        // The way from the parking place to the first good fix is its chord (about 40 m short of the road).
        #expect(relativeError(trip.distance, truth) < 0.1, "\(trip.distance) m vs \(truth) m")
    }

    /// Doppler, in a queue: inside a trip the vehicle moves up 8 m at a time (4 s to 2 m/s and 4 s back to 0),
    /// standing 30 s between, twelve times; no hop leaves the 10 m stop radius, so no departure is ever
    /// confirmed, yet every hop was driven.
    @Test(arguments: seeds)
    func hopsUpAQueueAreCounted(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(60)
        let go = s.accelerate(6, to: 14)
        s.drive(100)
        s.accelerate(7, to: 0)
        s.stand(30)
        for _ in 0..<12 {
            s.accelerate(4, to: 2)
            s.accelerate(4, to: 0)
            s.stand(30)
        }
        s.accelerate(6, to: 14)
        s.drive(100)
        s.accelerate(7, to: 0)
        let park = s.stand(400)
        // 42 m + 1400 m + 49 m, twelve hops of 4 m + 4 m, 42 m + 1400 m + 49 m.
        let truth = 2 * (42.0 + 1_400 + 49) + 12 * 8
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)
        let run = runEngine(s.fixes)
        #expect(run.trips.count == 1)
        guard let trip = run.trips.first else { return }
        // Without the hops the trip is 96 m (3.1 %) short.
        #expect(relativeError(trip.distance, truth) < 0.01, "\(trip.distance) m vs \(truth) m")
    }
}

/// A trip at 10 m/s whose fix is lost round a corner on the way into a garage (a left turn of 90°), the box
/// switched off there after epochs without a fix; at power-on 30 s standing, the first 15 fixes of them a cold
/// start; then a second trip.
private struct GarageRoundACorner {
    var fixes: [Fix]
    /// The way from the last fix to the parking place, and the line between them (metres).
    var approach: Double
    var chord: Double
    /// The two trips' lengths (metres), when the first ended and when the second began.
    var first: Double
    var second: Double
    var parked: Double
    var leaves: Double

    init(seed: Int, coldStartEPH: Double, coldStartMetres: Double) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(60)
        let go = s.accelerate(6, to: 10)  // 30 m
        s.drive(240)  // 2400 m
        // 200 m, 90° left in 9 s (90 m), 250 m, 7 s braking to 0 (35 m): 575 m in 61 s.
        let lost = s.drive(20, reception: .noFix)
        s.drive(9, turnRate: -10, reception: .noFix)
        s.drive(25, reception: .noFix)
        s.accelerate(7, to: 0, reception: .noFix)
        let off = s.powerOff(1_200)
        let on = s.stand(30)
        s.coldStart(from: on.fixes.lowerBound, count: 15, eph: coldStartEPH, metres: coldStartMetres)
        let go2 = s.accelerate(6, to: 10)  // 30 m
        s.drive(100)  // 1000 m
        s.accelerate(7, to: 0)  // 35 m
        let end = s.stand(400)
        fixes = s.fixes
        approach = off.startDistance - lost.startDistance
        chord = line(from: lost, to: off)
        first = off.startDistance - go.startDistance
        second = end.startDistance - go2.startDistance
        parked = off.start
        leaves = go2.start
        precondition(abs(approach - 575) < 1 && abs(first - 3_005) < 1 && abs(second - 1_065) < 1)
    }

    /// Two trips within 1 %, the first ending at the box-off (estimated), the second starting when the car left.
    func expectTrips(_ run: EngineRun, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.trips.count == 2, sourceLocation: sourceLocation)
        guard run.trips.count == 2 else { return }
        let (a, b) = (run.trips[0], run.trips[1])
        #expect(
            relativeError(a.distance, first) < 0.01, "\(a.distance) m vs \(first) m", sourceLocation: sourceLocation)
        let ended = a.end.secondsSince1970 - parked
        #expect(abs(ended) <= 5, "ended \(ended) s off", sourceLocation: sourceLocation)
        #expect(a.estimated == [.end], sourceLocation: sourceLocation)
        let started = b.start.secondsSince1970 - leaves
        #expect(abs(started) <= 5, "started \(started) s off", sourceLocation: sourceLocation)
        #expect(
            relativeError(b.distance, second) < 0.01, "\(b.distance) m vs \(second) m", sourceLocation: sourceLocation)
    }
}
