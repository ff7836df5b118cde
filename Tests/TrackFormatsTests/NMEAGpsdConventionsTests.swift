import Foundation
import LogbookTestSupport
import Testing
import TrackFormats
import TrackModel

/// gpsd's conventions for fixes without a fix (issue 10, item 5).
///
/// gpsd's TPV report carries no position, altitude, speed, track or error estimate below mode 2
/// (`json_tpv_dump`: they are printed inside `if (MODE_2D <= gpsdata->fix.mode)`; none of the
/// mode-1 TPVs of the `.chk` files has any of them), and an explicit "not valid" later in a cycle
/// sets the cycle's mode to no fix. The sentences are built from templates: `{T}` is the time of day.
@Suite struct NMEAGpsdConventionsTests {
    /// 23 March 1994 (the ZDA and RMC dates below).
    static let zda = "GPZDA,{T},23,03,1994,00,00"
    /// A dead-reckoning GGA from no satellites, with an altitude and a geoid separation.
    static let deadReckoningGGA = "GPGGA,{T},4807.038,N,01131.000,E,6,00,,545.4,M,46.9,M,,"
    static let validGGA = "GPGGA,{T},4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"

    /// The sentences of one epoch at `time` (`hhmmss`), each with its checksum.
    static func epoch(_ templates: [String], at time: String = "120003") -> [String] {
        templates.map { nmeaSentence($0.replacingOccurrences(of: "{T}", with: time)) }
    }

    /// Whether `fix` carries none of the fields gpsd leaves out of a TPV below mode 2.
    static func carriesNoPositionFields(_ fix: Fix) -> Bool {
        fix.latitude == nil && fix.longitude == nil && fix.altitudeMSL == nil && fix.altitudeHAE == nil
            && fix.geoidSeparation == nil && fix.speed == nil && fix.track == nil && fix.climb == nil
            && fix.eph == nil && fix.epv == nil && fix.epx == nil && fix.epy == nil
    }

    // MARK: No position fields below mode 2

    static let ggaWithoutAFix: [(String, String)] = [
        ("quality 0 with coordinates", "GPGGA,{T},4807.038,N,01131.000,E,0,05,2.0,545.4,M,46.9,M,,"),
        // The RGM-3800's and TN-200's placeholders (rgm3800.log, tn200.log): gpsd prints mode 1 only.
        ("0000.0000 placeholders", "GPGGA,{T},0000.0000,N,00000.0000,E,0,00,,0.0,M,0.0,M,,0000"),
        ("0000.0000 placeholders with DOP", "GPGGA,{T},0000.0000,N,00000.0000,E,0,00,50.0,0.0,M,0.0,M,0.0,0000"),
    ]

    @Test(arguments: ggaWithoutAFix)
    func ggaWithoutAFixGivesNoPosition(_ name: String, _ gga: String) {
        let (fixes, decoder) = decodeNMEA(Self.epoch([Self.zda, gga]))
        #expect(fixes.count == 1)
        guard let fix = fixes.first else { return }
        #expect(fix.time == nmeaUTC(1994, 3, 23, 12, 0, 3))
        #expect(fix.mode == .noFix)
        #expect(fix.latitude == nil && fix.longitude == nil)
        #expect(fix.altitudeMSL == nil && fix.altitudeHAE == nil && fix.geoidSeparation == nil)
        #expect(Self.carriesNoPositionFields(fix))
        // What is not a position stays.
        #expect(fix.quality == .unknown)
        #expect(fix.satellitesUsed != nil)
        #expect(fix.sourceLine == 2)
        #expect(decoder.statistics.nmeaBalanced)
    }

    @Test func noFixEpochCarriesNoSpeedTrackOrErrorEstimates() {
        let (fixes, _) = decodeNMEA(
            Self.epoch([
                Self.zda,
                "GPGGA,{T},4807.038,N,01131.000,E,0,05,2.0,545.4,M,46.9,M,,",
                "GPVTG,045.0,T,,M,5.0,N,9.3,K,A",
                "GPGST,{T},1.0,2.0,1.5,30.0,1.2,1.3,2.5",
            ]))
        #expect(fixes.count == 1)
        #expect(fixes.first?.mode == .noFix)
        #expect(fixes.first.map(Self.carriesNoPositionFields) == true)
        #expect(fixes.first?.hdop == 2.0)
    }

    // MARK: An explicit invalid status later in the epoch

    static let invalidStatuses: [(String, String)] = [
        ("RMC status V", "GPRMC,{T},V,4807.038,N,01131.000,E,5.0,45.0,230394,,,A"),
        ("RMC status V without FAA mode", "GPRMC,{T},V,4807.038,N,01131.000,E,5.0,45.0,230394,,"),
        ("RMC FAA mode N", "GPRMC,{T},A,4807.038,N,01131.000,E,5.0,45.0,230394,,,N"),
        ("RMC FAA mode E", "GPRMC,{T},A,4807.038,N,01131.000,E,5.0,45.0,230394,,,E"),
        ("GLL status V", "GPGLL,4807.038,N,01131.000,E,{T},V,A"),
        ("GLL FAA mode N", "GPGLL,4807.038,N,01131.000,E,{T},A,N"),
        ("GLL FAA mode E", "GPGLL,4807.038,N,01131.000,E,{T},A,E"),
        ("GNS FAA modes NN", "GNGNS,{T},4807.038,N,01131.000,E,NN,00,,545.4,46.9,,,S"),
        ("GNS FAA mode E", "GNGNS,{T},4807.038,N,01131.000,E,E,00,,545.4,46.9,,,S"),
        ("GNS FAA modes NE", "GNGNS,{T},4807.038,N,01131.000,E,NE,00,,545.4,46.9,,,S"),
        ("VTG FAA mode N", "GPVTG,045.0,T,,M,5.0,N,9.3,K,N"),
        ("VTG FAA mode E", "GPVTG,045.0,T,,M,5.0,N,9.3,K,E"),
    ]

    @Test(arguments: invalidStatuses)
    func invalidStatusAfterDeadReckoningGGAMakesTheEpochNoFix(_ name: String, _ invalid: String) {
        let (fixes, decoder) = decodeNMEA(Self.epoch([Self.zda, Self.deadReckoningGGA, invalid]))
        #expect(fixes.count == 1)
        guard let fix = fixes.first else { return }
        #expect(fix.time == nmeaUTC(1994, 3, 23, 12, 0, 3))
        #expect(fix.mode == .noFix)
        #expect(Self.carriesNoPositionFields(fix))
        #expect(fix.sourceLine == 3)
        #expect(decoder.statistics.nmeaBalanced)
    }

    @Test(arguments: invalidStatuses)
    func invalidStatusAfterAValidFixMakesTheEpochNoFix(_ name: String, _ invalid: String) {
        let (fixes, _) = decodeNMEA(
            Self.epoch([Self.zda, Self.validGGA, "GPGSA,A,3,01,02,03,04,,,,,,,,,1.8,0.9,1.5", invalid]))
        #expect(fixes.map(\.mode) == [.noFix])
        #expect(fixes.first.map(Self.carriesNoPositionFields) == true)
    }

    /// gpsd's later mode replaces an earlier one: a position sentence that claims a fix after the
    /// invalid status gives the epoch its fix back (unchanged behaviour).
    @Test(arguments: invalidStatuses.filter { !$0.0.hasPrefix("VTG") })
    func laterValidFixReplacesAnEarlierInvalidStatus(_ name: String, _ invalid: String) {
        let (fixes, _) = decodeNMEA(Self.epoch([Self.zda, invalid, Self.validGGA]))
        #expect(fixes.count == 1)
        #expect(fixes.first?.mode == .threeD)
        #expect(nmeaClose(fixes.first?.latitude, 48.1173, 1e-12))
        #expect(fixes.first?.altitudeMSL == 545.4)
    }

    // MARK: Valid epochs are unchanged

    @Test func validEpochKeepsEveryField() {
        let (fixes, _) = decodeNMEA(
            Self.epoch([
                Self.zda,
                Self.validGGA,
                "GPGSA,A,3,01,02,03,04,05,06,07,08,,,,,1.8,0.9,1.5",
                "GPRMC,{T},A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W,A",
                "GPVTG,084.4,T,,M,022.4,N,041.5,K,D",
                "GPGST,{T},1.0,2.0,1.5,30.0,3.0,4.0,2.5",
            ]))
        #expect(fixes.count == 1)
        guard let fix = fixes.first else { return }
        #expect(fix.time == nmeaUTC(1994, 3, 23, 12, 0, 3))
        #expect(fix.mode == .threeD)
        #expect(fix.quality == .gps)
        #expect(nmeaClose(fix.latitude, 48.1173, 1e-12))
        #expect(nmeaClose(fix.longitude, 11 + 31.0 / 60, 1e-12))
        #expect(fix.altitudeMSL == 545.4)
        #expect(fix.geoidSeparation == 46.9)
        #expect(nmeaClose(fix.altitudeHAE, 592.3, 1e-9))  // 545.4 + 46.9
        #expect(nmeaClose(fix.speed, 22.4 * 1_852 / 3_600, 1e-12))
        #expect(fix.track == 84.4)
        #expect(fix.eph == 5)  // √(3² + 4²)
        #expect(fix.epy == 3 && fix.epx == 4 && fix.epv == 2.5)
        #expect(fix.hdop == 0.9 && fix.pdop == 1.8 && fix.vdop == 1.5)
        #expect(fix.satellitesUsed == 8)
        #expect(fix.sourceLine == 6)
    }

    /// A sentence that claims a fix, the mode the epoch then has, and whether it brings speed and track.
    static let validStatuses: [(String, String, FixMode, Bool)] = [
        ("RMC FAA mode A", "GPRMC,{T},A,4807.038,N,01131.000,E,5.0,45.0,230394,,,A", .twoD, true),
        ("RMC FAA mode D", "GPRMC,{T},A,4807.038,N,01131.000,E,5.0,45.0,230394,,,D", .twoD, true),
        ("RMC without FAA mode", "GPRMC,{T},A,4807.038,N,01131.000,E,5.0,45.0,230394,,", .twoD, true),
        ("GLL FAA mode A", "GPGLL,4807.038,N,01131.000,E,{T},A,A", .twoD, false),
        ("GNS FAA modes NA", "GNGNS,{T},4807.038,N,01131.000,E,NA,00,,545.4,46.9,,,S", .twoD, false),
        ("VTG FAA mode A", "GPVTG,045.0,T,,M,5.0,N,9.3,K,A", .twoD, true),
        ("VTG FAA mode D", "GPVTG,045.0,T,,M,5.0,N,9.3,K,D", .twoD, true),
    ]

    /// The same dead-reckoning GGA followed by a sentence that claims a fix keeps its position.
    @Test(arguments: validStatuses)
    func validStatusAfterDeadReckoningGGAKeepsTheFix(
        _ name: String, _ sentence: String, _ mode: FixMode, _ moving: Bool
    ) {
        let (fixes, _) = decodeNMEA(Self.epoch([Self.zda, Self.deadReckoningGGA, sentence]))
        #expect(fixes.count == 1)
        guard let fix = fixes.first else { return }
        #expect(fix.mode == mode)
        #expect(nmeaClose(fix.latitude, 48.1173, 1e-12))
        #expect(nmeaClose(fix.longitude, 11 + 31.0 / 60, 1e-12))
        #expect(fix.altitudeMSL == 545.4)
        if moving {
            #expect(nmeaClose(fix.speed, 5 * 1_852 / 3_600, 1e-12))
            #expect(fix.track == 45)
        }
    }

    // MARK: Real receiver logs and streaming

    @Test func noFixtureFixBelow2DCarriesAPosition() throws {
        var belowTwoD = 0
        for log in try GPSDConformance.logs(in: Fixtures.url("gpsd-nmea")) {
            var decoder = NMEADecoder()
            for fix in try decoder.decodeAll(Array(try Data(contentsOf: log))) where fix.mode < .twoD {
                belowTwoD += 1
                #expect(Self.carriesNoPositionFields(fix), "\(log.lastPathComponent) line \(fix.sourceLine ?? 0)")
            }
        }
        #expect(belowTwoD > 0)
    }

    /// Every case above, one epoch per second, in one input.
    static var allEpochs: (lines: [String], modes: [FixMode]) {
        var lines: [String] = []
        var modes: [FixMode] = []
        var second = 0
        func add(_ templates: [String], _ mode: FixMode) {
            lines += epoch(templates, at: String(format: "12%02d%02d", second / 60, second % 60))
            modes.append(mode)
            second += 1
        }
        for (_, gga) in ggaWithoutAFix { add([zda, gga], .noFix) }
        for (_, invalid) in invalidStatuses {
            add([zda, deadReckoningGGA, invalid], .noFix)
            add([zda, invalid, validGGA], .threeD)
        }
        for (_, sentence, mode, _) in validStatuses { add([zda, deadReckoningGGA, sentence], mode) }
        return (lines, modes)
    }

    @Test func randomChunkingGivesIdenticalOutput() throws {
        let (lines, modes) = Self.allEpochs
        let input = Array(lines.map { $0 + "\r\n" }.joined().utf8)
        var whole = NMEADecoder()
        let expected = try whole.decodeAll(input)
        #expect(expected.map(\.mode) == modes)
        #expect(expected.filter { $0.mode < .twoD }.allSatisfy(Self.carriesNoPositionFields))
        #expect(whole.statistics.nmeaBalanced)
        for (seed, maxChunk) in [(1, 1), (2, 3), (3, 17), (4, 80), (5, 1_000), (6, 100_000)] {
            let chunked = try decodeInRandomChunks({ NMEADecoder() }, input, maxChunk: maxChunk, seed: UInt64(seed))
            #expect(chunked.fixes == expected, "seed \(seed), chunks up to \(maxChunk) bytes")
            #expect(chunked.statistics == whole.statistics)
        }
    }
}
