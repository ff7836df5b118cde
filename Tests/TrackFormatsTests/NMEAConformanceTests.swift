import Foundation
import LogbookTestSupport
import Testing
import TrackFormats
import TrackModel

/// NMEADecoder against gpsd's own decoding of real receiver logs (a subset of gpsd's regression logs,
/// `Tests/Fixtures/gpsd-nmea`; the whole set runs with `logbook-bench conformance`).
@Suite struct NMEAConformanceTests {
    static let directory = Fixtures.url("gpsd-nmea")

    @Test func atLeast99PercentOfGPSDEpochsAgree() throws {
        let reports = try GPSDConformance.run(directory: Self.directory)
        #expect(reports.count >= 20)
        var total = GPSDConformance.Report(file: "total")
        for report in reports { total.merge(report) }
        #expect(total.epochsCompared >= 600)
        #expect(total.ratio >= 0.99, "\(total.matched)/\(total.epochsCompared)")
        for mismatch in total.mismatches { print("conformance deviation: \(mismatch)") }
        print("NMEA conformance (fixtures): \(total.matched)/\(total.epochsCompared) epochs")
    }

    /// The deviations we keep, pinned so that a new one shows up as a failure.
    @Test func onlyTheKnownDeviationsRemain() throws {
        var mismatches: [GPSDConformance.Mismatch] = []
        for report in try GPSDConformance.run(directory: Self.directory) { mismatches += report.mismatches }
        let summary = Set(mismatches.map { "\($0.file) \($0.time) \($0.kind.rawValue)" })
        #expect(
            summary == [
                // gpsd takes the Ericsson $PERC,GPavp averaged (position-hold) position as the fix.
                "ericsson-gru04-02-70sec.log 2026-02-12T21:37:13.000Z lat/lon",
                "ericsson-gru04-02-70sec.log 2026-02-12T21:38:13.000Z lat/lon",
                // gpsd reported this first cycle before its VTG arrived; we include the VTG speed.
                "humminbird-M37.log 2006-09-16T19:41:02.000Z speed",
            ])
    }

    @Test func gpsdsWeekShiftIsRecognisedNotCopied() throws {
        let log = Self.directory.appendingPathComponent("neo-m8n.log")
        let lenient = try GPSDConformance.run(log: log)
        let strict = try GPSDConformance.run(log: log, allowGPSDWeekShift: false)
        #expect(lenient.epochsCompared == 22)
        #expect(lenient.gpsdWeekShifted == 22)
        #expect(lenient.matched == 22)
        #expect(strict.matched == 0)
        #expect(strict.counts == [.time: 22])
    }

    // MARK: The comparer itself must be able to fail.

    static let check = """
        $GPRMC,120000,A,4807.038,N,01131.000,E,010.0,045.0,230394,,*00
        {"class":"TPV","mode":2,"time":"1994-03-23T12:00:00.000Z","lat":48.117300000,"lon":11.516666667}
        {"class":"TPV","mode":2,"time":"1994-03-23T12:00:00.000Z","lat":48.117300000,"lon":11.516666667,"speed":5.144,"track":45.0000}
        {"class":"TPV","mode":2,"time":"1994-03-23T12:00:01.000Z","lat":48.117400000,"lon":11.516666667,"speed":5.144,"track":45.0000}
        {"class":"TPV","mode":1,"time":"1994-03-23T12:00:02.000Z"}
        {"class":"TPV","mode":2,"lat":48.117400000,"lon":11.516666667}
        """

    static func fix(_ second: Double, latitude: Double = 48.1173, speed: Double? = 5.144, track: Double? = 45) -> Fix {
        Fix(
            time: nmeaUTC(1994, 3, 23, 12, 0, second), mode: .twoD, latitude: latitude, longitude: 11 + 31.0 / 60,
            speed: speed, track: track)
    }

    @Test func comparerReadsTheLastTPVPerEpochWithAPosition() {
        let epochs = GPSDConformance.epochs(check: Self.check)
        #expect(epochs.count == 2)
        #expect(epochs.first?.speed == 5.144)
        #expect(epochs.first?.track == 45)
    }

    @Test func comparerAcceptsAgreementAndFlagsEachKindOfDifference() {
        let good = [Self.fix(0), Self.fix(1, latitude: 48.1174)]
        let ok = GPSDConformance.compare(fixes: good, statistics: .init(), check: Self.check, file: "t")
        #expect(ok.epochsCompared == 2 && ok.matched == 2)

        let bad = [
            Self.fix(0, latitude: 48.1173 + 2e-7, speed: 5.15, track: nil),
            Fix(time: nmeaUTC(1994, 3, 24, 12, 0, 1), mode: .twoD, latitude: 48.1174, longitude: 11 + 31.0 / 60),
        ]
        let report = GPSDConformance.compare(fixes: bad, statistics: .init(), check: Self.check, file: "t")
        #expect(report.matched == 0)
        #expect(report.counts == [.position: 1, .speed: 1, .track: 1, .time: 1])
        let none = GPSDConformance.compare(fixes: [], statistics: .init(), check: Self.check, file: "t")
        #expect(none.counts == [.missingEpoch: 2])
    }
}
