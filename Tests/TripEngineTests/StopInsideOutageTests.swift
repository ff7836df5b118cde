import LogbookTestSupport
import Testing
import TrackModel
import TripEngine

/// Issue 26, round 12: stops that begin inside an outage the receiver reports (epochs without a fix), found in
/// fresh13's 0.2 Hz highway drives. The departure before the outage had only one fix that moved, or the stop came
/// long after the earliest moment the speed allowed. Expected figures come from the scenarios' construction (speeds
/// × times, by hand in the comments). The figures of the engine before each rule are in the comments.
@Suite("Stops inside an outage")
struct StopInsideOutageTests {
    /// Expects one trip in `run`, `truth` metres long (within `tolerance`), ending within the 60 s of when
    /// the car parked (`parked` began).
    static func expectTrip(
        ending parked: ScenarioBuilder.Segment, in run: EngineRun, truth: Double, within tolerance: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let trip = expectOneTrip(in: run, truth: truth, within: tolerance, sourceLocation: sourceLocation) else {
            return
        }
        let off = trip.end.secondsSince1970 - parked.start
        #expect(abs(off) <= 60, "ended \(off) s off", sourceLocation: sourceLocation)
    }

    /// 0.2 Hz: parked, the car pulls away, and one fix shows it moving before the fix is lost for 85 s. It comes back
    /// 500 m on with the car standing at a light, which it leaves 30 s later. The trip began when the car left the
    /// parking place, and the way through the outage was driven. (The engine before dropped the departure because it
    /// had not lasted the confirmation, found the car standing and began the trip at the light: 115 s late and 11 %
    /// short.)
    @Test(arguments: seeds)
    func aDepartureLostAtItsFirstFixStartsTheTripWhereItLeft(seed: Int) {
        var options = Source.doppler.options(seed: seed)
        options.rate = 0.2
        var s = ScenarioBuilder(options: options)
        s.stand(120)
        // 5 s to 6 m/s (15 m, its one epoch with a fix); without a fix: 5 s to 8 m/s (35 m), 55 s at 8 m/s (440 m),
        // 10 s to 0 (40 m), 10 s standing.
        let go = s.accelerate(5, to: 6)
        s.accelerate(5, to: 8, reception: .noFix)
        s.drive(55, reception: .noFix)
        s.accelerate(10, to: 0, reception: .noFix)
        s.stand(10, reception: .noFix)
        s.stand(30)
        s.accelerate(10, to: 14)
        s.drive(300)
        s.accelerate(10, to: 0)
        let park = s.stand(400)
        // 15 + 35 + 440 + 40, 70 + 4200 + 70.
        let truth = 15.0 + 35 + 440 + 40 + 70 + 4_200 + 70
        #expect(abs(park.startDistance - go.startDistance - truth) < 1e-6)

        guard let trip = expectOneTrip(s.fixes, truth: truth, within: 0.01) else { return }
        #expect(
            abs(trip.start.secondsSince1970 - go.start) <= 10, "began \(trip.start.secondsSince1970 - go.start) s off")
    }

    /// 0.2 Hz: waiting at a light inside the trip, one fix shows the car pulling away, then the fix is lost for 150 s.
    /// The car drives 240 m and parks; the fix is back with it parked. The trip ends when it parked, inside the outage.
    /// (The engine before bridged the way but began the stop at the first fix after the outage: 125 s late.)
    @Test(arguments: seeds)
    func aDepartureIntoAnOutageThatEndsParkedEndsWhenItParked(seed: Int) {
        var options = Source.doppler.options(seed: seed)
        options.rate = 0.2
        var s = ScenarioBuilder(options: options)
        s.stand(60)
        let go = s.accelerate(10, to: 12)
        s.drive(300)
        s.accelerate(5, to: 0)
        s.stand(40)
        // 5 s to 7 m/s (17.5 m, its last epoch with a fix); without a fix: 5 s to 8 m/s (37.5 m), 20 s at 8 m/s
        // (160 m), 10 s to 0 (40 m), then parked.
        s.accelerate(5, to: 7)
        s.accelerate(5, to: 8, reception: .noFix)
        s.drive(20, reception: .noFix)
        s.accelerate(10, to: 0, reception: .noFix)
        let parked = s.stand(120, reception: .noFix)
        s.stand(400)
        // 60 + 3600 + 30, 17.5 + 37.5 + 160 + 40.
        let truth = 60.0 + 3_600 + 30 + 17.5 + 37.5 + 160 + 40
        #expect(abs(parked.startDistance - go.startDistance - truth) < 1e-6)

        Self.expectTrip(ending: parked, in: runEngine(s.fixes), truth: truth, within: 0.01)
    }

    /// 0.2 Hz, at speed: the fix is lost for 150 s. Inside the outage the car drives 200 m, waits 70 s at a light,
    /// drives 100 m more and parks 45 s before the fix is back. Going on at its speed it could have stood after 30 s;
    /// it stood after 105 s. Nothing says when within the outage it stopped: a third of the way from the earliest
    /// moment to the fix is within a minute of most such stops (`stopInsideOutageShare`). The same with positions
    /// only, where the receiver logs nothing without a fix (GPX): its silence while moving is an outage too. (The
    /// engine before ended the trip at the earliest moment: 72 s early, 72–76 s with positions only.)
    @Test(arguments: Source.allCases, seeds)
    func aWaitInsideAnOutageBeforeParkingMovesTheEndOn(source: Source, seed: Int) {
        var options = source.options(seed: seed)
        options.rate = 0.2
        var s = ScenarioBuilder(options: options)
        s.stand(60)
        let go = s.accelerate(10, to: 10)
        s.drive(300)
        // A GPX logger writes nothing while it has no fix.
        let outage: ScenarioBuilder.Reception = source == .doppler ? .noFix : .silent
        // Without a fix: 20 s at 10 m/s (200 m), 5 s to 0 (25 m), 65 s standing, 5 s to 10 m/s (25 m), 5 s at 10 m/s
        // (50 m), 5 s to 0 (25 m), then parked.
        s.drive(20, reception: outage)
        s.accelerate(5, to: 0, reception: outage)
        s.stand(65, reception: outage)
        s.accelerate(5, to: 10, reception: outage)
        s.drive(5, reception: outage)
        s.accelerate(5, to: 0, reception: outage)
        let parked = s.stand(45, reception: outage)
        s.stand(400)
        // 50 + 3000, 200 + 25, 25 + 50 + 25.
        let truth = 50.0 + 3_000 + 200 + 25 + 25 + 50 + 25
        #expect(abs(parked.startDistance - go.startDistance - truth) < 1e-6)

        Self.expectTrip(ending: parked, in: runEngine(s.fixes), truth: truth, within: source.distanceTolerance)
    }

    /// A phone (a point every 75 m or 300 s) at 12 m/s: the car brakes and parks less than 75 m after the last point
    /// it sent, and the phone sends nothing until its position, standing, has wandered off (150 s later; here the
    /// point is sent where it stands). That silence is the phone's own, not an outage in which the car may have driven
    /// on: the stop is dated as braking from the last point, not a third of the way on to the next one. (With the
    /// third it was 74 s late.)
    @Test(arguments: seeds)
    func aPhonesSilenceWhileItStandsIsNoOutage(seed: Int) {
        var s = ScenarioBuilder(options: Source.doppler.options(seed: seed))
        s.stand(120)
        let go = s.accelerate(6, to: 12)
        s.drive(60)
        s.accelerate(8, to: 0)
        let parked = s.stand(600)
        // 36 m + 720 m + 48 m.
        let truth = 36.0 + 720 + 48
        #expect(abs(parked.startDistance - go.startDistance - truth) < 1e-6)

        let points = PhoneReportingTests.phonePoints(s.fixes, also: [parked.fixes.lowerBound + 150])
        Self.expectTrip(
            ending: parked, in: PhoneReportingTests.run(points, reporting: .filtered), truth: truth, within: 0.02)
    }
}
