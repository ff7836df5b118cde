import Geodesy
import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// Issue 26, round 5: what a phone's silences and stray points mean (`Reporting.filtered`). Expected figures come
/// from the scenarios' construction (speeds × times, by hand in the comments), never from the engine.
@Suite("Phone silences and spikes")
struct PhoneSilenceTests {
    /// The phone's points through the engine as the server runs them, and the one trip they must make.
    static func oneTrip(_ points: [Fix]) -> (run: EngineRun, trip: Trip?) {
        let run = PhoneReportingTests.run(points, reporting: .filtered)
        #expect(run.trips.count == 1, "trips \(run.trips.count)")
        return (run, run.trips.first)
    }

    /// The phone's points make one trip that ends, estimated, within a minute of `parked`, `driven` metres long
    /// (within 2 %).
    static func expectParkedTrip(
        _ points: [Fix], parked: Double, driven: Double, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let (_, found) = oneTrip(points)
        guard let trip = found else { return }
        let off = trip.end.secondsSince1970 - parked
        #expect(abs(off) <= 60, "ended \(off) s off", sourceLocation: sourceLocation)
        #expect(trip.estimated.contains(.end), sourceLocation: sourceLocation)
        #expect(
            relativeError(trip.distance, driven) < 0.02, "\(trip.distance) m vs \(driven) m",
            sourceLocation: sourceLocation)
    }

    /// From a stand to the parking place 13.5 m on: 3 s to 3 m/s (4.5 m), 2 s at 3 m/s (6 m), 2 s to a stop (3 m).
    static func crawlIn(_ s: inout ScenarioBuilder) {
        s.accelerate(3, to: 3)
        s.drive(2)
        s.accelerate(2, to: 0)
    }

    /// From 10 m/s into a car park: 4 s to 2 m/s (24 m), 70 s round at 2 m/s (140 m, never 75 m from where it came
    /// in: a circle of 9.5 m radius), 1 s to a stop (1 m).
    static func lookForAPlace(_ s: inout ScenarioBuilder, turning turnRate: Double) {
        s.accelerate(4, to: 2)
        s.drive(70, turnRate: turnRate)
        s.accelerate(1, to: 0)
    }
    /// City blocks at 10 m/s with corners of 120°, alternately left and right, taken at 3 m/s: after a corner the
    /// phone stays within 75 m of the point it sent before it (its distance filter), so it sends nothing for 16–17 s
    /// while the car drives round it. The engine took such a silence for an outage in which the car slowed (its
    /// speeds said far more than the chord) and bridged it with the arc between the two courses; the two legs along
    /// the courses are the way. (They overshoot a corner taken on a curve by a few metres, and the points' errors
    /// bend the courses: within 3 % here, where the arc was 8–9 % short.)
    @Test(arguments: seeds)
    func cornersBetweenPhonePointsAreDriven(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(120)
        s.drive(0, heading: 0)
        let go = s.accelerate(5, to: 10)
        for block in 0..<10 {
            // 8 s at 10 m/s (80 m); 3 s to 3 m/s (19.5 m); a corner of 120° in 2 s at 3 m/s (6 m); 3 s back to
            // 10 m/s (19.5 m): 125 m.
            s.drive(8)
            s.accelerate(3, to: 3)
            s.drive(2, turnRate: block.isMultiple(of: 2) ? 60 : -60)
            s.accelerate(3, to: 10)
        }
        s.drive(8)
        s.accelerate(5, to: 0)
        let park = s.stand(600)
        // 25 m, ten times 125 m, 80 m, 25 m.
        let truth = 25.0 + 10 * 125 + 80 + 25
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)
        let points = PhoneReportingTests.phonePoints(s.fixes)
        // The scenario has the silences it is about: points over 15 s apart, moving at both ends.
        let silences = zip(points, points.dropFirst()).filter { a, b in
            let dt = b.time!.secondsSince1970 - a.time!.secondsSince1970
            return dt > 15 && dt < 60 && (a.speed ?? 0) > 5 && (b.speed ?? 0) > 5
        }
        #expect(silences.count >= 5, "\(silences.count) silences")

        let (_, found) = Self.oneTrip(points)
        guard let trip = found else { return }
        #expect(relativeError(trip.distance, truth) < 0.03, "\(trip.distance) m vs \(truth) m")
    }

    /// A straight street with a light (40 s standing) between two points: the phone is silent while moving at both
    /// ends; the line between the points is the way, not the speeds (the point waiting for the next one, see below,
    /// changes nothing here).
    @Test(arguments: seeds)
    func aLightOnAStraightStreetIsNotDrivenTwice(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(120)
        s.drive(0, heading: 90)
        let go = s.accelerate(5, to: 12)
        s.drive(40)
        // 4 s to 0 (24 m), 40 s at the light, 4 s back to 12 m/s (24 m).
        s.accelerate(4, to: 0)
        s.stand(40)
        s.accelerate(4, to: 12)
        s.drive(40)
        s.accelerate(6, to: 0)
        let park = s.stand(600)
        // 30 m, 480 m, 24 m, 24 m, 480 m, 36 m.
        let truth = 30.0 + 480 + 24 + 24 + 480 + 36
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)

        let (_, found) = Self.oneTrip(PhoneReportingTests.phonePoints(s.fixes))
        guard let trip = found else { return }
        #expect(relativeError(trip.distance, truth) < 0.02, "\(trip.distance) m vs \(truth) m")
    }

    /// A multipath spike while the car waits at a light: one position 250 m off (the phone sends it, it lies past
    /// its 75 m), then the good position again (sent too: 250 m from the spike). The spike's own speed says the car
    /// stood; no car leaps 250 m in the second to the next point. The spike is refused as an implausible jump, and
    /// the 500 m out and back are not counted (the engine counted them before: 17 % long).
    @Test(arguments: seeds)
    func aSpikeAtALightIsRefused(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(120)
        s.drive(0, heading: 45)
        let go = s.accelerate(5, to: 12)
        s.drive(100)
        s.accelerate(4, to: 0)
        let light = s.stand(60)
        s.spike(at: light.fixes.lowerBound + 30, metres: 250, bearing: 135)
        s.accelerate(4, to: 12)
        s.drive(100)
        s.accelerate(6, to: 0)
        let park = s.stand(600)
        // 30 m, 1200 m, 24 m, 24 m, 1200 m, 36 m.
        let truth = 30.0 + 1_200 + 24 + 24 + 1_200 + 36
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)
        let points = PhoneReportingTests.phonePoints(s.fixes)
        let spikeTime = s.fixes[light.fixes.lowerBound + 30].time
        #expect(points.contains { $0.time == spikeTime }, "the phone sends the spike")

        let (run, found) = Self.oneTrip(points)
        guard let trip = found else { return }
        #expect(relativeError(trip.distance, truth) < 0.02, "\(trip.distance) m vs \(truth) m")
        #expect(run.rejected(.implausibleJump) == 1)
    }

    /// The guard on the rule above: a car that really drives off fast after a point (a phone point every 75 m at
    /// 25 m/s, each 3 s apart) has no point refused: every way between points is what the speeds say.
    @Test(arguments: seeds)
    func fastDrivingHasNoSpikes(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(120)
        s.drive(0, heading: 200)
        let go = s.accelerate(10, to: 25)
        s.drive(120, turnRate: 0.5)
        s.accelerate(10, to: 0)
        let park = s.stand(600)
        // 125 m, 3000 m, 125 m.
        let truth = 125.0 + 3_000 + 125
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)

        let (run, found) = Self.oneTrip(PhoneReportingTests.phonePoints(s.fixes))
        #expect(run.rejected(.implausibleJump) == 0)
        guard let trip = found else { return }
        #expect(relativeError(trip.distance, truth) < 0.02, "\(trip.distance) m vs \(truth) m")
    }

    /// A phone that parks sends nothing until its timer fires (300 s) — unless a multipath spike puts it past its
    /// 75 m: here 80 s after the car stopped, followed by the good position (also sent: 250 m from the spike). The
    /// spike is refused; the standing point left is dated back to when the car stopped — the way from the last point
    /// while moving, at its speed, and the time to park — not a minute and a half later, whether the stream ends
    /// before a third point (120 s parked: nothing confirms the stop) or the timer's point comes 300 s later (900 s:
    /// the gap closes the trip). Before, the spike's 500 m out and back were counted, and the trip ended at the
    /// standing point.
    @Test(arguments: seeds, [120.0, 900.0])
    func aSpikeAfterParkingNeitherStretchesNorDelaysTheEnd(seed: Int, parked: Double) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(120)
        s.drive(0, heading: 300)
        let go = s.accelerate(5, to: 10)
        s.drive(150)
        s.accelerate(5, to: 0)
        let park = s.stand(parked)
        s.spike(at: park.fixes.lowerBound + 80, metres: 250, bearing: 20)
        // 25 m, 1500 m, 25 m.
        let truth = 25.0 + 1_500 + 25
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)
        let points = PhoneReportingTests.phonePoints(s.fixes)
        let standing = points.filter {
            let t = $0.time?.secondsSince1970 ?? 0
            return t > park.start + 10 && t < park.start + 200
        }
        #expect(standing.count == 2, "the spike and the good position after it")

        let (_, found) = Self.oneTrip(points)
        guard let trip = found else { return }
        #expect(
            abs(trip.end.secondsSince1970 - park.start) <= 60, "ended \(trip.end.secondsSince1970 - park.start) s off")
        #expect(relativeError(trip.distance, truth) < 0.02, "\(trip.distance) m vs \(truth) m")
    }

    /// A phone's last point while driving comes up to 75 m before the parking place, and its next one only when its
    /// timer fires, 300 s later: when the car came to stand in between no point says. Here it looks for a place in a
    /// car park: 4 s from 10 to 2 m/s (24 m), 70 s round at 2 m/s (140 m, never 75 m from where it came in), 1 s to
    /// a stop. Braking from the last point's speed over the way to the standing point takes a few seconds; the engine
    /// dated the arrival so (more than a minute early), and now adds half a minute for turning in and finding the
    /// place (`parkingManoeuvre`), never after the next point.
    @Test(arguments: seeds)
    func aPhoneArrivalLeavesTimeToPark(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(120)
        s.drive(0, heading: 30)
        let go = s.accelerate(5, to: 10)
        s.drive(120)
        Self.lookForAPlace(&s, turning: 12)
        let park = s.stand(900)
        // 25 m, 1200 m, 24 m, 140 m, 1 m.
        let truth = 25.0 + 1_200 + 24 + 140 + 1
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)
        let points = PhoneReportingTests.phonePoints(s.fixes)
        let before = points.last { ($0.time?.secondsSince1970 ?? 0) < park.start }
        let since = park.start - (before?.time?.secondsSince1970 ?? 0)
        #expect(since > 70 && (before?.speed ?? 0) >= 5, "the last point while driving, \(since) s before the stop")

        let (_, found) = Self.oneTrip(points)
        guard let trip = found else { return }
        let off = trip.end.secondsSince1970 - park.start
        #expect(abs(off) <= 60, "ended \(off) s off")
        #expect(trip.estimated.contains(.end))
    }

    /// The same car park, and the phone's stream ends before its timer sends another point: the file ends (replay),
    /// or the server hears nothing for `gap_threshold` (`closeIfSilent`). The last point was driving, so the car
    /// stopped before it was 75 m on; the trip ends when braking from that speed and parking would have brought it
    /// there (estimated), not at the last point (more than a minute early before).
    @Test(arguments: seeds)
    func aPhoneFallingSilentWhileDrivingHadTimeToPark(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(120)
        s.drive(0, heading: 150)
        s.accelerate(5, to: 10)
        s.drive(120)
        Self.lookForAPlace(&s, turning: -12)
        let park = s.stand(200)
        let points = PhoneReportingTests.phonePoints(s.fixes)
        let last = points.last?.time?.secondsSince1970 ?? 0
        #expect(park.start - last > 70 && (points.last?.speed ?? 0) >= 5, "the last point while driving")

        // Replay: the stream ends.
        let replay = PhoneReportingTests.run(points, reporting: .filtered)
        // Live: the server closes the trip when the phone has been silent for the gap threshold.
        var engine = TripEngine(reporting: .filtered)
        var live: [Trip] = []
        for point in points {
            for case .tripEnded(let trip) in engine.ingest(point) { live.append(trip) }
        }
        let now = Timestamp(secondsSince1970: last + EngineConfiguration().gapThreshold)
        for case .tripEnded(let trip) in engine.closeIfSilent(now: now) { live.append(trip) }

        for trips in [replay.trips, live] {
            #expect(trips.count == 1)
            guard let trip = trips.first else { continue }
            let off = trip.end.secondsSince1970 - park.start
            #expect(abs(off) <= 60, "ended \(off) s off")
            #expect(trip.estimated.contains(.end))
        }
    }

    /// The phone's points of a scenario whose phone sends one as the car stands at `light` (2 s into it), and the
    /// silence from that point to the next, seconds.
    static func pointsWithOneAtTheLight(
        _ s: ScenarioBuilder, _ light: ScenarioBuilder.Segment
    ) -> (points: [Fix], silence: Double?, next: Fix?) {
        let atLight = s.fixes[light.fixes.lowerBound + 2]
        let points = PhoneReportingTests.phonePoints(s.fixes, also: [light.fixes.lowerBound + 2])
        guard let k = points.firstIndex(where: { $0.time == atLight.time }), k + 1 < points.count else {
            return (points, nil, nil)
        }
        let next = points[k + 1]
        return (points, next.time!.secondsSince1970 - atLight.time!.secondsSince1970, next)
    }

    /// One trip (`parking` false) or two split at the light's stand (the first ending at `stop`), in a replay and live.
    static func expectTrips(
        _ points: [Fix], parking: Bool, go: Double, stop: Double, go2: Double, park: Double,
        ways: (first: Double, second: Double), sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for trips in PhoneWaitTests.replayAndLive(points) {
            if parking {
                PhoneWaitTests.expectTwoTrips(
                    trips, (go, stop, ways.first), (go2, park, ways.second), sourceLocation: sourceLocation)
            } else {
                PhoneWaitTests.expectOneTrip(
                    trips, (go, park, ways.first + ways.second), sourceLocation: sourceLocation)
            }
        }
    }

    /// A phone that came to a stand at a light as its 75 m from the last point ended (it sent a point there, standing,
    /// seconds after the one before), waited 70 s, then drove 35 m on and parked: it sends nothing more until its timer
    /// fires, 300 s after the point at the light, standing 35 m on. The engine ended the trip at the light (78 s
    /// early, and the 35 m lost); the car waited and drove on before it parked there, so the trip ends when a wait,
    /// the time to park and the way at a parking pace say, estimated, and the 35 m are driven.
    @Test(arguments: seeds)
    func aPhoneThatWaitedAtALightThenParkedEndsWhereItParked(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        let (go, light, way) = s.driveToALight(wait: 70)
        let truth = way + s.creepOn()
        let park = s.stand(900)
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)
        // The scenario has the pattern: the point at the light, standing, and the timer's point 300 s after it.
        let (points, silence, _) = Self.pointsWithOneAtTheLight(s, light)
        #expect(silence == 300)

        Self.expectParkedTrip(points, parked: park.start, driven: truth)
    }

    /// Round 26 (faultsim errands-5hz-22660761, phone): the same wait at a light (70 s) and way on (35 m), but the car
    /// stands there `errand` seconds and drives on, 550 m, to park. The timer's point comes 300 s after the point at the
    /// light, standing 35 m on; the car leaves before the next one. The stand counts from when the car most likely
    /// stood there (after the point at the light: the wait and the time to park, 40 s, and the way at a parking pace,
    /// 7 s; 31 s before it did) to when it most likely left: 240 s is no parking, 420 s is. Before, the engine ended the
    /// trip at the timer's point (`movedOnToPark`) and began another when the car left: two trips for one, with 550 m
    /// counted after a "parking" of 240 s.
    @Test(arguments: seeds)
    func aPhoneThatWaitedAtALightThenStoodBrieflyDrivesOn(seed: Int) {
        for (errand, parking) in [(240.0, false), (420.0, true)] {
            var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
            let (go, light, way) = s.driveToALight(wait: 70)
            let first = way + s.creepOn()
            let stop = s.stand(errand)
            let (go2, park) = s.driveOnAndPark()
            #expect(abs(stop.startDistance - go.startDistance - first) < 1e-6)
            #expect(abs(park.startDistance - go2.startDistance - 550) < 1e-6)
            // The pattern: the point at the light, standing; the timer's 300 s after it, standing, before the car
            // leaves; the next one moving, before the timer's next.
            let (points, silence, timer) = Self.pointsWithOneAtTheLight(s, light)
            #expect(silence == 300)
            #expect(timer.map { $0.time!.secondsSince1970 < go2.start && ($0.speed ?? 1) < 0.5 } == true)
            let after = points.first { $0.time!.secondsSince1970 > (timer?.time?.secondsSince1970 ?? 0) }
            #expect(after.map { ($0.speed ?? 0) >= 5 && $0.time!.secondsSince1970 > go2.start } == true)
            Self.expectTrips(
                points, parking: parking, go: go.start, stop: stop.start, go2: go2.start, park: park.start,
                ways: (first, 550))
        }
    }

    /// Round 26 (faultsim errands-0.2hz-13950637, phone): the phone's point as the car comes to a stand at a light
    /// (60 s); the car drives 35 m on, stands 227 s (an errand) and drives off; the phone's timer fires 300 s after the
    /// point at the light, 5 s after the car left, 60 m from that point (its distance filter not yet reached), moving.
    /// From the point at the light to when the car most likely left (accelerating evenly over the 60 m: 12 s before
    /// the timer's point) 288 s: no parking, one trip. Before, the engine took the silence after the stand for a
    /// parking: it ended the trip at the light and began another when the car left. The guard: the car stands 400 s
    /// at the light, the phone without a fix after its point there; the fix is back as the car leaves, its point more
    /// than the timer's period after the last: a parking, two trips.
    @Test(arguments: seeds)
    func aStandTheTimersPointShowsLeftEndsNoTrip(seed: Int) {
        for parking in [false, true] {
            var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
            var (go, light, before) = s.driveToALight(wait: 60)
            if parking {
                s.stand(340, reception: .noFix)
            } else {
                before += s.creepOn()
                s.stand(227)
            }
            let (go2, park) = s.driveOnAndPark()
            #expect(abs(go2.startDistance - go.startDistance - before) < 1e-6)
            #expect(abs(park.startDistance - go2.startDistance - 550) < 1e-6)
            // The pattern: the point at the light, standing; the next one moving, after the car left: the timer's
            // (300 s on), or after a longer silence.
            let (points, silence, next) = Self.pointsWithOneAtTheLight(s, light)
            #expect(parking ? silence.map { $0 > 360 } == true : silence == 300)
            #expect(next.map { ($0.speed ?? 0) >= 1 && $0.time!.secondsSince1970 > go2.start } == true)
            Self.expectTrips(
                points, parking: parking, go: go.start, stop: light.start, go2: go2.start, park: park.start,
                ways: (before, 550))
        }
    }

    /// A phone silent for a minute and a half at a light, then its point as the car drives on (75 m after the light,
    /// at 10 m/s), and the car parks 25 m on; as it comes to a stand, a multipath spike 250 m off (sent: past its
    /// 75 m), then the good position (sent: 250 m from the spike). The point after the light follows a silence, so it
    /// is held until the next one confirms it; the spike contradicted it (250 m in a few seconds, standing), and the
    /// engine refused it: the trip ended as if the car had parked at the light, 90 s and more early. The good position
    /// after the spike agrees with the held point (25 m in a few seconds, braking from 10 m/s): the spike is refused,
    /// the held point kept, and the trip ends where the car parked.
    @Test(arguments: seeds)
    func aSpikeAfterASilenceLeavesThePointBeforeIt(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(120)
        s.drive(0, heading: 70)
        let go = s.accelerate(5, to: 10)
        s.drive(118)
        s.accelerate(5, to: 0)
        let light = s.stand(90)
        s.accelerate(5, to: 10)
        s.drive(5)
        s.accelerate(5, to: 0)
        let park = s.stand(900)
        s.spike(at: park.fixes.lowerBound + 2, metres: 250, bearing: 160)
        // 25 m, 1180 m, 25 m; 25 m, 50 m, 25 m.
        let truth = 25.0 + 1_180 + 25 + 25 + 50 + 25
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)
        // A point as the car comes to a stand at the light (its 75 m from the point before ended there); its next 75 m
        // end as it brakes for the parking place.
        let points = PhoneReportingTests.phonePoints(s.fixes, also: [light.fixes.lowerBound])
        // The scenario has the pattern: one point after the light, driving, then the spike and the good position.
        let after = points.filter {
            let t = $0.time!.secondsSince1970
            return t > light.end && t < park.start
        }
        #expect(after.count == 1 && (after.first?.speed ?? 0) >= 5, "\(after.count) points after the light")
        let spikeTime = s.fixes[park.fixes.lowerBound + 2].time
        let k = points.firstIndex { $0.time == spikeTime }
        #expect(k.map { points[$0 + 1].time == s.fixes[park.fixes.lowerBound + 3].time } == true)

        let (run, found) = Self.oneTrip(points)
        guard let trip = found else { return }
        let off = trip.end.secondsSince1970 - park.start
        #expect(abs(off) <= 60, "ended \(off) s off")
        #expect(relativeError(trip.distance, truth) < 0.02, "\(trip.distance) m vs \(truth) m")
        #expect(run.rejected(.implausibleJump) == 1)
    }

    /// The guard on the rule above: a phone parked in a street canyon whose position wanders 80 m off (it sends a
    /// point there, after a silence: held), then 250 m to another side for a few seconds (sent: precise, standing; it
    /// contradicts the held point), then back to the first wrong place (sent: it agrees with the held point). Standing
    /// points that wander confirm nothing: the held one is not kept as a spike's victim, the car stays parked, and
    /// the trips before and after the stand are two, ending and starting when the car parked and left.
    @Test(arguments: seeds)
    func aWanderingStandingPointIsNoSpikesVictim(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(120)
        s.drive(0, heading: 10)
        s.accelerate(5, to: 10)
        s.drive(120)
        s.accelerate(5, to: 0)
        let park = s.stand(580)
        let p = park.fixes.lowerBound
        s.burst(from: p + 135, count: 290, metres: 80, bearing: 0)
        s.burst(from: p + 425, count: 5, metres: 210, bearing: 120)
        s.burst(from: p + 430, count: 150, metres: 80, bearing: 0)
        s.drive(0, heading: 190)
        s.accelerate(5, to: 10)
        s.drive(120)
        s.accelerate(5, to: 0)
        s.stand(600)
        let points = PhoneReportingTests.phonePoints(s.fixes)
        // The scenario has the pattern: the three wandering points while parked.
        let wandering = points.filter {
            let t = $0.time!.secondsSince1970
            return t > park.start + 60 && t < park.end
        }
        #expect(wandering.count == 3, "\(wandering.count) points while parked")

        guard let (first, second) = PhoneReportingTests.twoTrips(points) else { return }
        let ended = first.end.secondsSince1970 - park.start
        let started = second.start.secondsSince1970 - park.end
        #expect(abs(ended) <= 60, "ended \(ended) s off")
        #expect(abs(started) <= 60, "started \(started) s off")
    }

    /// A phone silent for a minute and more at a light (it stands within 75 m of its last point), then its point as
    /// the car crawls on at 4 m/s, and the car parks 49 m on; the phone is switched off and its first point
    /// after it is a cold start's, off by 30 m. The point after the light follows a silence, so it is held until the
    /// next one confirms it; the next one, 900 s later and imprecise, cannot, and the engine refused the point (the
    /// trip ended at the light, 70–80 s early, the way after it lost). Nothing contradicts it: it is taken.
    @Test(arguments: seeds)
    func aPointSentOnTheWayInAfterASilenceIsKept(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(120)
        s.drive(0, heading: 250)
        s.accelerate(5, to: 10)
        s.drive(600)
        s.accelerate(5, to: 0)
        let light = s.stand(80)
        let crawl = s.accelerate(10, to: 5)
        s.drive(6)
        s.accelerate(4, to: 0)
        let park = s.stand(10)
        s.powerOff(900)
        let on = s.stand(60)
        s.coldStart(from: on.fixes.lowerBound, count: 5, eph: 60, metres: 30)
        // Its 75 m from the last point end 8 s into the crawl (4 m/s, 16 m on); 49 m more to the parking place.
        let points = PhoneReportingTests.phonePoints(s.fixes, also: [crawl.fixes.lowerBound + 8])
        // The scenario has the pattern: a point moving after the light's silence, and the next one after the power-off.
        let after = points.filter {
            let t = $0.time!.secondsSince1970
            return t > light.end && t < park.start
        }
        #expect(after.count == 1 && (after.first?.speed ?? 0) >= 1.5, "\(after.count) points after the light")

        let (_, found) = Self.oneTrip(points)
        guard let trip = found else { return }
        let off = trip.end.secondsSince1970 - park.start
        #expect(abs(off) <= 60, "ended \(off) s off")
    }

    /// Round 7: a phone's last point before it parks says nothing of when, within 75 m, the car came to a stand. Here
    /// the phone sends its point braking at 4 m/s, 2 s (4 m) before the car stops; the car parks there (`wait` 0) or
    /// waits 75 s at a light, then crawls 13.5 m on and parks. Nothing more comes until the timer's point, 300 s after
    /// the last. The engine dated the end by braking alone (3 s after the last point: 83 s early after the light); it
    /// now takes the middle of the time a car may take to park (`parkingWindow`), and both ends are within a minute.
    @Test(arguments: seeds, [0.0, 75.0])
    func aPhoneLastSeenBrakingTookTimeToPark(seed: Int, wait: Double) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(120)
        s.drive(0, heading: 70)
        let go = s.accelerate(5, to: 10)
        s.drive(120)
        let braking = s.accelerate(5, to: 0)
        if wait > 0 {
            s.stand(wait)
            Self.crawlIn(&s)
        }
        let park = s.stand(900)
        // 25 m, 1200 m, 25 m; after the light 4.5 m, 6 m, 3 m (unseen: within the stop radii of the last point).
        let truth = 25.0 + 1_200 + 25 + (wait > 0 ? 13.5 : 0)
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)
        // The point 3 s into the braking: 10 − 2 × 3 = 4 m/s, 4 m before the stop.
        guard let sent = s.index(at: braking.start + 3) else {
            Issue.record("no fix 3 s into the braking")
            return
        }
        let points = PhoneReportingTests.phonePoints(s.fixes, also: [sent])
        let k = points.firstIndex { $0.time == s.fixes[sent].time }
        #expect(k.map { points[$0 + 1].time!.secondsSince1970 - points[$0].time!.secondsSince1970 } == 300)

        Self.expectParkedTrip(points, parked: park.start, driven: truth)
    }

    /// The same, the phone's last point sent as the car came to a stand (standing, 5 s after the one before at
    /// 10 m/s): it parked there, or waited 75 s and crawled 13.5 m on to park (within the points' stop radii, so
    /// `movedOnToPark` does not apply). The engine ended the trip at that point, 83 s early after the light.
    @Test(arguments: seeds, [0.0, 75.0])
    func aPhoneLastSeenComingToAStandTookTimeToPark(seed: Int, wait: Double) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(120)
        s.drive(0, heading: 200)
        let go = s.accelerate(5, to: 10)
        s.drive(60)
        let braking = s.accelerate(5, to: 0)
        let stand = s.stand(wait > 0 ? wait : 900)
        if wait > 0 { Self.crawlIn(&s) }
        let park = wait > 0 ? s.stand(900) : stand
        let truth = 25.0 + 600 + 25 + (wait > 0 ? 13.5 : 0)
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)
        // Points as braking began (10 m/s) and at the stand's first fix.
        guard let began = s.index(at: braking.start), let stood = stand.fixes.first else {
            Issue.record("no fix where the braking began")
            return
        }
        let points = PhoneReportingTests.phonePoints(s.fixes, also: [began, stood])
        let k = points.firstIndex { $0.time == s.fixes[stood].time }
        #expect(k.map { points[$0 + 1].time!.secondsSince1970 - points[$0].time!.secondsSince1970 } == 300)

        Self.expectParkedTrip(points, parked: park.start, driven: truth)
    }

    /// A drive of 650 m, parked 1,300 s (the phone's timer's last point 100 s before the car leaves: a silence), then
    /// a drive of `leavingDistance` on `heading` and parked 600 s: the builder, that drive's start and its parking.
    static func parkedThenLeaving(seed: Int, heading: Double) -> (
        ScenarioBuilder, ScenarioBuilder.Segment, ScenarioBuilder.Segment
    ) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(120)
        s.drive(0, heading: heading + 180)
        s.accelerate(5, to: 10)
        s.drive(60)
        s.accelerate(5, to: 0)
        s.stand(1_300)
        s.drive(0, heading: heading)
        let go = s.accelerate(5, to: 10)
        s.drive(120)
        s.accelerate(5, to: 0)
        let park = s.stand(600)
        #expect(abs(park.startDistance - go.startDistance - leavingDistance) < 1e-6)
        return (s, go, park)
    }

    /// 25 m, 1,200 m, 25 m.
    static let leavingDistance = 25.0 + 1_200 + 25

    /// A phone parked in a street canyon leaves it: its points report 10 and 16 m in turn (its usual is 5 m, so 12 m
    /// is the limit for a precise point after a silence), driving at 10 m/s. After the parking's silence the engine
    /// held each precise point and dropped it when the next was imprecise: it never had two precise ones in a row,
    /// and the trip did not start. A nearly precise point (half again the limit) confirms a held one when both drive.
    /// A cold start's points (50 m) still confirm nothing (`aColdStartStillConfirmsNothing`).
    @Test(arguments: seeds)
    func aDepartureFromAStreetCanyonStartsOnTime(seed: Int) {
        let (s, go, park) = Self.parkedThenLeaving(seed: seed, heading: 110)
        let truth = Self.leavingDistance
        var points = PhoneReportingTests.phonePoints(s.fixes)
        var moving = 0
        for i in points.indices {
            let t = points[i].time!.secondsSince1970
            points[i].eph = 5
            if t > go.start && t <= park.start {
                points[i].eph = moving % 2 == 0 ? 10 : 16
                moving += 1
            }
        }
        #expect(moving > 10, "\(moving) points on the way")

        let run = PhoneReportingTests.run(points, reporting: .filtered)
        #expect(run.trips.count == 2, "trips \(run.trips.count)")
        guard run.trips.count == 2 else { return }
        let trip = run.trips[1]
        let late = trip.start.secondsSince1970 - go.start
        #expect(abs(late) <= 60, "started \(late) s off")
        #expect(relativeError(trip.distance, truth) < 0.02, "\(trip.distance) m vs \(truth) m")
    }

    /// The other side of `aDepartureFromAStreetCanyonStartsOnTime`: a phone that starts its receiver as the car leaves
    /// after a silence. Its first point claims 10 m and is 800 m off, and the next ones (a cold start: 50 m, their
    /// offset shrinking by 80 m a second) agree with it and with their speeds within their errors. They are too
    /// imprecise to confirm it: taken, it would move the parking place 800 m and start the trip minutes early.
    @Test(arguments: seeds)
    func aColdStartStillConfirmsNothing(seed: Int) {
        let scenario = Self.parkedThenLeaving(seed: seed, heading: 30)
        var s = scenario.0
        let go = scenario.1
        let truth = Self.leavingDistance
        let on = go.fixes.lowerBound
        s.coldStart(from: on, count: 10, eph: 50, metres: 800, bearing: 0)
        s.fixes[on].eph = 10
        let points = PhoneReportingTests.phonePoints(s.fixes)
        // The scenario has the pattern: the wrong precise point first after the silence, moving, then a cold start's.
        let k = points.firstIndex { $0.time == s.fixes[on].time }
        #expect(k.map { (points[$0].speed ?? 0) >= 1.5 && points[$0 + 1].eph == 50 } == true)

        let run = PhoneReportingTests.run(points, reporting: .filtered)
        #expect(run.trips.count == 2, "trips \(run.trips.count)")
        guard run.trips.count == 2 else { return }
        let trip = run.trips[1]
        let early = go.start - trip.start.secondsSince1970
        #expect(abs(early) <= 60, "started \(early) s off")
        #expect(relativeError(trip.distance, truth) < 0.02, "\(trip.distance) m vs \(truth) m")
    }
}
