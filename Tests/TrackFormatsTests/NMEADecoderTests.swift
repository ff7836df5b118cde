import Foundation
import LogbookTestSupport
import Testing
import TrackFormats
import TrackModel

/// Hand-checked sentences: every expected value below is worked out by hand in the comments.
@Suite struct NMEADecoderTests {
    // The textbook pair (checksums *47 and *6A as published, verified by hand-XOR):
    // 4807.038,N = 48° + 7.038'/60 = 48.1173°; 01131.000,E = 11° + 31'/60 = 11.516666…°.
    static let gga = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"
    static let rmc = "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A"

    @Test func textbookGGAAndRMCMergeIntoOneFix() {
        let (fixes, decoder) = decodeNMEA([Self.gga, Self.rmc])
        #expect(fixes.count == 1)
        let fix = fixes[0]
        #expect(fix.time == nmeaUTC(1994, 3, 23, 12, 35, 19))
        #expect(nmeaClose(fix.latitude, 48.1173, 1e-12))
        #expect(nmeaClose(fix.longitude, 11 + 31.0 / 60, 1e-12))
        #expect(fix.altitudeMSL == 545.4)
        #expect(fix.geoidSeparation == 46.9)
        #expect(nmeaClose(fix.altitudeHAE, 592.3, 1e-9))  // 545.4 + 46.9
        #expect(nmeaClose(fix.speed, 11.523_555_555_6, 1e-9))  // 22.4 kn × 1852 m / 3600 s
        #expect(fix.track == 84.4)
        #expect(fix.hdop == 0.9)
        #expect(fix.satellitesUsed == 8)
        #expect(fix.quality == .gps)
        #expect(fix.mode == .threeD)  // altitude from 8 satellites, no GSA
        #expect(fix.sourceLine == 2)
        #expect(decoder.statistics.recordsRead == 2)
        #expect(decoder.statistics.recordsDecoded == 2)
        #expect(decoder.statistics.fixesDecoded == 1)
        #expect(decoder.sentencesWithoutChecksum == 0)
    }

    /// The checksum and comma scan records up to 48 commas; a sentence with more (here 60 trailing empty fields)
    /// must still have its checksum checked over the whole body and its fields read.
    @Test func sentencesWithMoreCommasThanTheScanRecordsAreStillRead() {
        let long = nmeaSentence(
            "GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,," + String(repeating: ",", count: 60))
        let (fixes, decoder) = decodeNMEA([long, Self.rmc])
        #expect(fixes.count == 1)
        #expect(fixes.first?.altitudeMSL == 545.4)
        #expect(fixes.first?.satellitesUsed == 8)
        #expect(decoder.statistics.recordsDecoded == 2)
        // One byte changed in the body after the 48th comma: the sum no longer matches.
        var bad = Array(long.utf8)
        let star = bad.lastIndex(of: UInt8(ascii: "*"))!
        bad[star - 1] = UInt8(ascii: "X")
        let (none, refused) = decodeNMEA([String(decoding: bad, as: UTF8.self)])
        #expect(none.isEmpty)
        #expect(refused.statistics.rejected["checksum"] == 1)
    }

    @Test func laterSentenceOfTheEpochWinsInEitherOrder() {
        // GGA says 31.324' (11.5220666…°), RMC says 31.000' (11.5166666…°).
        let gga = nmeaSentence("GPGGA,123519,4807.038,N,01131.324,E,1,08,0.9,545.4,M,46.9,M,,")
        let (ggaFirst, _) = decodeNMEA([gga, Self.rmc])
        let (rmcFirst, _) = decodeNMEA([Self.rmc, gga])
        #expect(ggaFirst.count == 1 && rmcFirst.count == 1)
        #expect(nmeaClose(ggaFirst.first?.longitude, 11 + 31.0 / 60, 1e-12))
        #expect(nmeaClose(rmcFirst.first?.longitude, 11 + 31.324 / 60, 1e-12))
        // Everything else is the same whichever comes first.
        for fix in [ggaFirst[0], rmcFirst[0]] {
            #expect(fix.time == nmeaUTC(1994, 3, 23, 12, 35, 19))
            #expect(fix.altitudeMSL == 545.4)
            #expect(fix.track == 84.4)
            #expect(fix.sourceLine == 2)
        }
    }

    @Test func southAndWestAreNegative() {
        // 3349.0337,S = -(33 + 49.0337/60) = -33.817228333…; 01843.9282,W = -(18 + 43.9282/60) = -18.732136666…
        let (fixes, _) = decodeNMEA([
            nmeaSentence("GPRMC,222449,A,3349.0337,S,01843.9282,W,0.0,0.0,251010,,")
        ])
        #expect(nmeaClose(fixes.first?.latitude, -33.817_228_333_333, 1e-9))
        #expect(nmeaClose(fixes.first?.longitude, -18.732_136_666_667, 1e-9))
        #expect(fixes.first?.time == nmeaUTC(2010, 10, 25, 22, 24, 49))
    }

    @Test func dateIsCarriedToGGAOnlyEpochsAndRolledAtMidnight() {
        let (fixes, _) = decodeNMEA([
            nmeaSentence("GPRMC,235958.5,A,4807.038,N,01131.000,E,0.0,0.0,311299,,"),
            nmeaSentence("GPGGA,235959.5,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
            nmeaSentence("GPGGA,000000.5,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
            nmeaSentence("GPGGA,000001.5,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
        ])
        #expect(
            fixes.map(\.time) == [
                nmeaUTC(1999, 12, 31, 23, 59, 58.5), nmeaUTC(1999, 12, 31, 23, 59, 59.5),
                nmeaUTC(2000, 1, 1, 0, 0, 0.5), nmeaUTC(2000, 1, 1, 0, 0, 1.5),
            ])
    }

    @Test func midnightRollsIntoALeapDay() {
        let (fixes, _) = decodeNMEA([
            nmeaSentence("GPRMC,235959,A,4807.038,N,01131.000,E,0.0,0.0,280224,,"),
            nmeaSentence("GPGGA,000000,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
        ])
        #expect(fixes.map(\.time) == [nmeaUTC(2024, 2, 28, 23, 59, 59), nmeaUTC(2024, 2, 29, 0, 0, 0)])
    }

    @Test func aZDADateWinsOverTheCarriedOne() {
        let (fixes, _) = decodeNMEA([
            nmeaSentence("GPRMC,120000,A,4807.038,N,01131.000,E,0.0,0.0,010120,,"),
            nmeaSentence("GPZDA,120001,02,01,2020,00,00"),
            nmeaSentence("GPGGA,120002,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
        ])
        #expect(
            fixes.map(\.time) == [
                nmeaUTC(2020, 1, 1, 12, 0, 0), nmeaUTC(2020, 1, 2, 12, 0, 1), nmeaUTC(2020, 1, 2, 12, 0, 2),
            ])
        #expect(fixes[1].latitude == nil)  // the ZDA epoch has a time only
        #expect(fixes[1].mode == .unknown)
    }

    @Test(arguments: [("010179", 2079), ("010180", 1980), ("311299", 1999), ("010100", 2000)])  // ddmmyy
    func twoDigitYearsAre1980To2079(date: String, year: Int) {
        let (fixes, _) = decodeNMEA([nmeaSentence("GPRMC,120000,A,4807.038,N,01131.000,E,0.0,0.0,\(date),,")])
        let c = fixes.first?.time?.components
        #expect(c?.year == year)
    }

    @Test func noGPSWeekRolloverCorrection() {
        // A 2015 date stays 2015 (gpsd may move pre-2017 dates forward by 1024 weeks).
        let (fixes, _) = decodeNMEA([nmeaSentence("GNRMC,171926.00,A,4404.14063,N,12118.85478,W,0.117,,180315,,,A")])
        #expect(fixes.first?.time == nmeaUTC(2015, 3, 18, 17, 19, 26))
    }

    @Test(arguments: ["$$", "junk", "\u{1}\u{2}garbage$", "$GPGGA,1$"])
    func junkBeforeTheSentenceIsSkipped(prefix: String) {
        let (fixes, decoder) = decodeNMEA([prefix + Self.gga, prefix + Self.rmc])
        #expect(fixes.count == 1)
        #expect(fixes.first?.time == nmeaUTC(1994, 3, 23, 12, 35, 19))
        #expect(decoder.statistics.rejectedTotal == 0)
    }

    @Test func lineEndingsLFCRLFAndLoneCRGiveTheSameFixes() {
        let lines = [
            "# a comment", Self.gga, Self.rmc, "",
            nmeaSentence("GPGGA,123520,4807.040,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
        ]
        let lf = decodeNMEA(lines, ending: "\n").fixes
        let crlf = decodeNMEA(lines, ending: "\r\n").fixes
        let cr = decodeNMEA(lines, ending: "\r").fixes
        #expect(lf.count == 2)
        #expect(lf == crlf)
        #expect(lf == cr)
        #expect(lf.map(\.sourceLine) == [3, 5])
    }

    @Test func lastLineWithoutTerminatorIsDecoded() {
        var decoder = NMEADecoder()
        let fixes = try? decoder.decodeAll(Array((Self.gga + "\r\n" + Self.rmc).utf8))
        #expect(fixes?.count == 1)
        #expect(fixes?.first?.speed != nil)
    }

    @Test func badChecksumIsRejectedAndCounted() {
        let bad = Self.rmc.replacingOccurrences(of: "*6A", with: "*6B")
        let (fixes, decoder) = decodeNMEA([Self.gga, bad])
        #expect(decoder.statistics.rejected == ["checksum": 1])
        #expect(fixes.count == 1)
        #expect(fixes.first?.speed == nil)  // the RMC contributed nothing
        #expect(fixes.first?.time == nil)  // and no date is known
        #expect(fixes.first?.sourceLine == 1)
    }

    @Test func lowerCaseChecksumIsAccepted() {
        let (fixes, decoder) = decodeNMEA([Self.rmc.replacingOccurrences(of: "*6A", with: "*6a")])
        #expect(fixes.count == 1)
        #expect(decoder.statistics.rejectedTotal == 0)
    }

    @Test func sentencesWithoutChecksumAreAcceptedAndCountedOrRejectedOnRequest() {
        let lines = ["$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W  "]
        let (accepted, decoder) = decodeNMEA(lines)
        #expect(accepted.first?.time == nmeaUTC(1994, 3, 23, 12, 35, 19))
        #expect(decoder.sentencesWithoutChecksum == 1)
        let (refused, strict) = decodeNMEA(lines, configuration: .init(requireChecksum: true))
        #expect(refused.isEmpty)
        #expect(strict.statistics.rejected == ["missing-checksum": 1])
    }

    @Test func proprietaryUnknownAISAndCommentsAreSkippedAndCounted() {
        let (fixes, decoder) = decodeNMEA([
            "# header",
            nmeaSentence("PGRME,15.0,M,45.0,M,25.0,M"),
            nmeaSentence("GPGSV,3,1,12,20,00,000,,10,00,000,,31,00,000,,27,00,000,"),
            nmeaSentence("GPTXT,01,01,02,u-blox ag"),
            "!AIVDM,1,1,,B,15M67FC000G?ufbE`FepT@3n00Sa,0*5C",
            "this is not NMEA",
            Self.gga,
        ])
        #expect(fixes.count == 1)
        let s = decoder.statistics
        #expect(s.skipped == ["comment": 1, "proprietary": 1, "unknown-sentence": 2, "ais": 1])
        #expect(s.rejected == ["malformed": 1])
        #expect(s.recordsRead == 7)
        #expect(s.recordsDecoded == 1)
        #expect(s.nmeaBalanced)
    }

    @Test func anyTalkerIsAccepted() {
        for talker in ["GP", "GN", "GL", "GA", "GB", "BD", "QZ", "GI", "IN", "EC"] {
            let (fixes, _) = decodeNMEA([
                nmeaSentence("\(talker)RMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,,")
            ])
            #expect(fixes.first?.time == nmeaUTC(1994, 3, 23, 12, 35, 19), "talker \(talker)")
        }
    }

    @Test func gstGivesErrorEstimates() {
        // σlat 3 m, σlon 4 m → eph = √(3² + 4²) = 5 m; σalt 6 m → epv.
        let (fixes, decoder) = decodeNMEA([Self.gga, nmeaSentence("GPGST,123519,1.0,5.0,2.5,30.0,3.0,4.0,6.0")])
        #expect(fixes.first?.eph == 5)
        #expect(fixes.first?.epy == 3)
        #expect(fixes.first?.epx == 4)
        #expect(fixes.first?.epv == 6)
        #expect(fixes.first?.sourceLine == 2)
        #expect(decoder.statistics.recordsDecoded == 2)
    }

    @Test func gstSentFirstInTheCycleJoinsTheEpochItNames() {
        let (fixes, decoder) = decodeNMEA([
            nmeaSentence("GPGST,123519,1.0,5.0,2.5,30.0,3.0,4.0,6.0"),  // 1: before any epoch of its time
            Self.gga,  // 2
            nmeaSentence("GPGST,123520,1.0,5.0,2.5,30.0,6.0,8.0,1.0"),  // 3: names the next epoch
            nmeaSentence("GPGGA,123520,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),  // 4
        ])
        #expect(fixes.map(\.eph) == [5, 10])  // √(3² + 4²), √(6² + 8²)
        #expect(fixes.map(\.epv) == [6, 1])
        #expect(fixes.map(\.sourceLine) == [2, 4])
        #expect(decoder.statistics.recordsDecoded == 4)
        #expect(decoder.statistics.nmeaBalanced)
    }

    @Test func gstForAnotherEpochIsNotMerged() {
        let (fixes, decoder) = decodeNMEA([Self.gga, nmeaSentence("GPGST,123518,1.0,5.0,2.5,30.0,3.0,4.0,6.0")])
        #expect(fixes.first?.eph == nil)
        #expect(decoder.statistics.skipped == ["out-of-epoch": 1])
    }

    @Test func gsaGivesModeDOPsAndSatellites() {
        let (fixes, _) = decodeNMEA([
            nmeaSentence("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,,"),
            nmeaSentence("GPGSA,A,2,04,05,,09,12,,,24,,,,,2.5,1.3,2.1"),
        ])
        #expect(fixes.first?.mode == .twoD)
        #expect(fixes.first?.pdop == 2.5)
        #expect(fixes.first?.hdop == 1.3)
        #expect(fixes.first?.vdop == 2.1)
        #expect(fixes.first?.satellitesUsed == 5)  // 04, 05, 09, 12, 24
    }

    @Test func invalidDOPsAreDropped() {
        let (fixes, _) = decodeNMEA([
            nmeaSentence("GPGGA,123519,4807.038,N,01131.000,E,1,08,99.99,545.4,M,46.9,M,,"),
            nmeaSentence("GPGSA,A,3,04,05,,09,12,,,24,,,,,0.00,99.99,99.99"),
        ])
        #expect(fixes.first?.hdop == nil)
        #expect(fixes.first?.pdop == nil)
        #expect(fixes.first?.vdop == nil)
    }

    @Test func gnsGLLAndVTG() {
        // GNS: 3333.4268304,N = 33 + 33.4268304/60 = 33.557113840°; 11153.3538273,W = -(111 + 53.3538273/60).
        let (gns, _) = decodeNMEA([
            nmeaSentence("GPGNS,224749.00,3333.4268304,N,11153.3538273,W,DA,19,0.6,406.110,-26.294,6.0,0138,S,"),
            nmeaSentence("GPVTG,054.7,T,034.4,M,005.5,N,010.2,K,A"),
        ])
        #expect(nmeaClose(gns.first?.latitude, 33.557_113_840, 1e-9))
        #expect(nmeaClose(gns.first?.longitude, -(111 + 53.353_827_3 / 60), 1e-12))
        #expect(gns.first?.altitudeMSL == 406.110)
        #expect(nmeaClose(gns.first?.altitudeHAE, 379.816, 1e-9))  // 406.110 − 26.294
        #expect(gns.first?.satellitesUsed == 19)
        #expect(gns.first?.quality == .differential)
        #expect(nmeaClose(gns.first?.speed, 5.5 * 1_852 / 3_600, 1e-12))
        #expect(gns.first?.track == 54.7)
        // GLL: 4916.45,N = 49.274166…°, 12311.12,W = -123.185333…°.
        let (gll, _) = decodeNMEA([
            nmeaSentence("GPRMC,225443,A,4916.45,N,12311.12,W,000.5,054.7,191194,020.3,E"),
            nmeaSentence("GPGLL,4916.46,N,12311.12,W,225444,A,A"),
        ])
        #expect(gll.count == 2)
        #expect(nmeaClose(gll.last?.latitude, 49 + 16.46 / 60, 1e-12))
        #expect(gll.last?.time == nmeaUTC(1994, 11, 19, 22, 54, 44))
    }

    @Test(arguments: [
        ("DA", "S", true), ("NA", "S", true), ("NN", "S", false), ("", "S", false), ("A", "V", false),
        ("A", "U", false), ("A", "C", true),
    ])
    func gnsValidityFromModeIndicatorsAndNavigationalStatus(modes: String, status: String, valid: Bool) {
        let (fixes, _) = decodeNMEA([
            nmeaSentence("GPZDA,224749.00,11,03,2004,00,00"),
            nmeaSentence(
                "GNGNS,224749.00,3333.4268304,N,11153.3538273,W,\(modes),19,0.6,406.110,-26.294,6.0,0138,\(status)"),
        ])
        #expect(fixes.count == 1)
        #expect((fixes.first?.latitude != nil) == valid)
        #expect(fixes.first?.mode == (valid ? .threeD : .noFix))
    }

    @Test func oldVTGWithoutUnitLetters() {
        let (fixes, _) = decodeNMEA([Self.gga, nmeaSentence("GPVTG,054.7,034.4,005.5,010.2")])
        #expect(fixes.first?.track == 54.7)
        #expect(nmeaClose(fixes.first?.speed, 5.5 * 1_852 / 3_600, 1e-12))
    }

    @Test func invalidFixSentencesGiveNoPosition() {
        let (fixes, decoder) = decodeNMEA([
            nmeaSentence("GPRMC,120000,A,4807.038,N,01131.000,E,0.0,0.0,010120,,"),
            nmeaSentence("GPRMC,120001,V,4807.038,N,01131.000,E,0.0,0.0,010120,,"),
            nmeaSentence("GPGLL,4807.038,N,01131.000,E,120002,V,N"),
            nmeaSentence("GPGGA,120003,,,,,0,00,99.99,,M,,M,,"),
            nmeaSentence("GPGGA,,,,,,0,,,,M,,M,,"),
            nmeaSentence("GPRMC,,V,,,,,,,,,,N"),
        ])
        #expect(
            fixes.map(\.time) == [
                nmeaUTC(2020, 1, 1, 12, 0, 0), nmeaUTC(2020, 1, 1, 12, 0, 1), nmeaUTC(2020, 1, 1, 12, 0, 2),
                nmeaUTC(2020, 1, 1, 12, 0, 3),
            ])
        #expect(fixes.map(\.mode) == [.twoD, .noFix, .noFix, .noFix])
        #expect(fixes.dropFirst().allSatisfy { $0.latitude == nil })
        #expect(decoder.statistics.skipped == ["no-fix": 2])
    }

    @Test func ggaWithQualityZeroIsNoFixWithoutPosition() {
        // gpsd prints no lat/lon below mode 2 (more in NMEAGpsdConventionsTests).
        let (fixes, _) = decodeNMEA([nmeaSentence("GPGGA,120003,4807.038,N,01131.000,E,0,05,2.0,545.4,M,46.9,M,,")])
        #expect(fixes.count == 1)
        #expect(fixes.first?.latitude == nil)
        #expect(fixes.first?.mode == .noFix)
        #expect(fixes.first?.quality == .unknown)
    }

    @Test func epochWithoutDateOrPositionIsNotEmitted() {
        let (fixes, decoder) = decodeNMEA([
            nmeaSentence("GPGGA,120003,,,,,0,00,99.99,,M,,M,,"),  // time of day, no date, no position
            nmeaSentence("GPGSA,A,1,,,,,,,,,,,,,,,"),
            Self.gga,  // position, no date: emitted without time
        ])
        #expect(fixes.count == 1)
        #expect(fixes.first?.time == nil)
        #expect(fixes.first?.latitude != nil)
        #expect(decoder.epochsDiscarded == 1)
    }

    @Test func badFieldsRejectTheSentence() {
        let (fixes, decoder) = decodeNMEA([
            nmeaSentence("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,2303-4,,"),  // bad date
            nmeaSentence("GPRMC,12a519,A,4807.038,N,01131.000,E,022.4,084.4,230394,,"),  // bad time
            nmeaSentence("GPRMC,123519,A,9107.038,N,01131.000,E,022.4,084.4,230394,,"),  // latitude over 90°
            nmeaSentence("GPRMC,123519,A,4867.038,N,01131.000,E,022.4,084.4,230394,,"),  // 67 minutes
            nmeaSentence("GPRMC,123519,A,4807.038,X,01131.000,E,022.4,084.4,230394,,"),  // bad hemisphere
            nmeaSentence("GPRMC,123519,A,4807.038,N,01131.000"),  // too short
        ])
        #expect(fixes.isEmpty)
        #expect(decoder.statistics.rejected == ["bad-field": 5, "malformed": 1])
    }

    @Test func derivedSpeedFromConsecutivePositions() {
        // Both epochs are GGA-only: no speed is reported. 4807.038,N 01131.000,E → 4807.046,N 01131.012,E
        // in 2 s. GeographicLib (Karney) gives 21.01304937539984 m for this pair: 10.506524688 m/s.
        let (fixes, _) = decodeNMEA([
            nmeaSentence("GPRMC,120000,A,4807.038,N,01131.000,E,,,010120,,"),
            nmeaSentence("GPGGA,120002,4807.046,N,01131.012,E,1,08,0.9,545.4,M,46.9,M,,"),
        ])
        #expect(fixes.first?.speed == nil)
        #expect(nmeaClose(fixes.last?.speed, 10.506_524_688, 1e-6))
        let (plain, _) = decodeNMEA(
            [
                nmeaSentence("GPRMC,120000,A,4807.038,N,01131.000,E,,,010120,,"),
                nmeaSentence("GPGGA,120002,4807.046,N,01131.012,E,1,08,0.9,545.4,M,46.9,M,,"),
            ], configuration: .init(derivesMissingSpeed: false))
        #expect(plain.last?.speed == nil)
    }

    @Test func trackIsNormalised() {
        let (fixes, _) = decodeNMEA([nmeaSentence("GPRMC,120000,A,4807.038,N,01131.000,E,1.0,360.0,010120,,")])
        #expect(fixes.first?.track == 0)
    }

    @Test func sourceLineIsTheEpochsLastContributingSentence() {
        let (fixes, _) = decodeNMEA([
            Self.gga,  // 1
            nmeaSentence("GPGSV,1,1,00"),  // 2: skipped, does not contribute
            Self.rmc,  // 3
            nmeaSentence("GPGSV,1,1,00"),  // 4
            nmeaSentence("GPGGA,123520,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),  // 5
            nmeaSentence("GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1"),  // 6
            nmeaSentence("PGRME,15.0,M,45.0,M,25.0,M"),  // 7
        ])
        #expect(fixes.map(\.sourceLine) == [3, 6])
    }

    @Test func statisticsBalance() {
        var decoder = NMEADecoder()
        _ = try? decoder.decodeAll(Array(((try? Fixtures.data("gpsd-nmea/myguide-3100.log")) ?? []).prefix(30_000)))
        #expect(decoder.statistics.recordsRead > 100)
        #expect(decoder.statistics.nmeaBalanced)
    }
}
