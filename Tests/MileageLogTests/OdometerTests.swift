import MileageLog
import Testing
import TrackModel

private func at(_ hour: Int, day: Int = 18) -> Timestamp { Timestamp(year: 2026, month: 3, day: day, hour: hour)! }

struct OdometerCalibrationTests {
    /// Samples (100 km GPS, 102 km odometer) and (50 km, 50 km):
    /// ratio of sums = 152 / 150 = 1.013 333…; least squares = (100·102 + 50·50) / (100² + 50²) = 12 700 / 12 500 = 1.016.
    @Test func ratioOfSumsAndLeastSquares() throws {
        let samples = [
            DistanceSample(gpsMetres: 100_000, odometerKilometres: 102),
            DistanceSample(gpsMetres: 50_000, odometerKilometres: 50),
        ]
        #expect(abs(try #require(OdometerCalibration.ratioOfSums(samples)) - 152.0 / 150.0) < 1e-12)
        #expect(abs(try #require(OdometerCalibration.leastSquares(samples)) - 1.016) < 1e-12)
        #expect(OdometerCalibration.ratioOfSums([]) == nil)
        #expect(OdometerCalibration.leastSquares([DistanceSample(gpsMetres: 0, odometerKilometres: 3)]) == nil)
    }

    @Test func samplesFromReadingsAndTrips() {
        let readings = [
            OdometerReading(date: at(20), reading: 1_200),  // given out of order
            OdometerReading(date: at(6), reading: 1_000),
            OdometerReading(date: at(12), reading: 1_152),
            OdometerReading(date: at(22), reading: 1_190),  // backwards: interval skipped
        ]
        let trips = [
            TripDistance(start: at(7), end: at(8), gpsMetres: 100_000),
            TripDistance(start: at(9), end: at(11), gpsMetres: 50_000),
            // Straddles the 20:00 reading: the 12:00–20:00 interval is unusable.
            TripDistance(start: at(19), end: at(21), gpsMetres: 40_000),
            TripDistance(start: at(5), end: at(6), gpsMetres: 9_000),  // before the first reading
        ]
        let samples = OdometerCalibration.samples(readings: readings, trips: trips)
        #expect(samples == [DistanceSample(gpsMetres: 150_000, odometerKilometres: 152)])
    }
}

struct OdometerCheckTests {
    /// Limits worked by hand (1 % or 1 km, whichever is larger):
    /// - A: 50 km driven, GPS 49.5 km → off by 0.5 ≤ 1 → fine.
    /// - B starts 0.5 km after A ended; limit max(1, 1 % × (50 + 30)) = 1 → fine. GPS agrees.
    /// - C starts 2.5 km after B; limit max(1, 1 % × (30 + 200)) = 2.3 → gap of 2.5.
    /// - D starts 1 km below C's end → backwards; drove 18 km by odometer but 10 km by GPS → jump of +8
    ///   (limit max(1, 0.18) = 1).
    /// - E ends 1 km below its start → backwards within the trip.
    /// - F continues exactly → fine.
    @Test func findsGapsJumpsAndBackwardsReadings() {
        let trips = [
            OdometerTrip(id: "B", start: at(9), odometerStart: 1_050.5, odometerEnd: 1_080.5, gpsMetres: 30_000),
            OdometerTrip(id: "A", start: at(7), odometerStart: 1_000, odometerEnd: 1_050, gpsMetres: 49_500),
            OdometerTrip(id: "C", start: at(11), odometerStart: 1_083, odometerEnd: 1_283, gpsMetres: 200_000),
            OdometerTrip(id: "D", start: at(15), odometerStart: 1_282, odometerEnd: 1_300, gpsMetres: 10_000),
            OdometerTrip(id: "E", start: at(17), odometerStart: 1_300, odometerEnd: 1_299),
            OdometerTrip(id: "F", start: at(19), odometerStart: 1_299, odometerEnd: 1_310),
        ]
        let findings = OdometerCheck().findings(trips: trips)
        #expect(findings.map(\.kind) == [.gap, .backwardsBetweenTrips, .jump, .backwardsWithinTrip])
        #expect(findings.map(\.tripID) == ["C", "D", "D", "E"])
        #expect(findings.map(\.previousTripID) == ["B", "C", nil, nil])
        let sizes = findings.map(\.kilometres)
        let expected = [2.5, 1, 8, 1]
        #expect(zip(sizes, expected).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(abs(findings[0].limitKilometres - 2.3) < 1e-9)
        #expect(findings[2].limitKilometres == 1)
    }

    @Test func relativeLimitTakesOverOnLongTrips() {
        // 300 km and 200 km trips: limit max(1, 1 % × 500) = 5 km, so a 4 km gap passes and a 6 km gap does not.
        let first = OdometerTrip(id: "1", start: at(6), odometerStart: 0, odometerEnd: 300)
        let near = OdometerTrip(id: "2", start: at(12), odometerStart: 304, odometerEnd: 504)
        let far = OdometerTrip(id: "2", start: at(12), odometerStart: 306, odometerEnd: 506)
        #expect(OdometerCheck().findings(trips: [first, near]) == [])
        #expect(
            OdometerCheck().findings(trips: [first, far]) == [
                OdometerFinding(kind: .gap, tripID: "2", previousTripID: "1", kilometres: 6, limitKilometres: 5)
            ])
    }

    @Test func calibrationFactorAppliesToJumps() {
        // 102 km by odometer against 100 km GPS: 2 km off raw (limit 1.02), but exact with factor 1.02.
        let trip = OdometerTrip(id: "x", start: at(8), odometerStart: 0, odometerEnd: 102, gpsMetres: 100_000)
        #expect(OdometerCheck().findings(trips: [trip]).map(\.kind) == [.jump])
        #expect(OdometerCheck(calibrationFactor: 1.02).findings(trips: [trip]) == [])
    }

    @Test func emptyAndSingleTrips() {
        #expect(OdometerCheck().findings(trips: []) == [])
        let trip = OdometerTrip(id: "x", start: at(8), odometerStart: 10, odometerEnd: 20)
        #expect(OdometerCheck().findings(trips: [trip]) == [])
    }

    @Test func theGapAVoidedTripLeavesCountsAtAnySize() {
        // A 0.5 km trip between 1 and 2 was voided: 0.5 km of driving nobody accounts for any more. Within the
        // tolerance a GPS-estimated chain needs (limit 1 km), yet a gap — the voided trip says it was driven.
        let first = OdometerTrip(id: "1", start: at(6), odometerStart: 100, odometerEnd: 110)
        var second = OdometerTrip(id: "2", start: at(8), odometerStart: 110.5, odometerEnd: 120)
        #expect(OdometerCheck().findings(trips: [first, second]) == [])
        second.followsVoidedTrip = true
        #expect(
            OdometerCheck().findings(trips: [first, second]) == [
                OdometerFinding(kind: .gap, tripID: "2", previousTripID: "1", kilometres: 0.5, limitKilometres: 0)
            ])
        // Continuous across the voided trip: nothing to flag.
        second.odometerStart = 110
        #expect(OdometerCheck().findings(trips: [first, second]) == [])
    }
}
