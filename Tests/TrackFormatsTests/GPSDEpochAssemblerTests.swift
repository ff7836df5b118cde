import Testing
import TrackModel

@testable import TrackFormats

/// Drives the assembler the way the live client does: report by report, taking what is ready.
private struct Harness {
    var assembler: GPSDEpochAssembler
    var out: [Fix] = []

    init(device: String? = nil) { assembler = GPSDEpochAssembler(device: device) }

    /// Reports a TPV; returns what it completed.
    @discardableResult
    mutating func report(_ fix: Fix, key: Int64 = 0, at now: Double? = nil, device: String? = nil) -> Fix? {
        assembler.tpv(fix, device: device, at: now)
        return drain()
    }

    mutating func sky(_ sky: GPSDEpochAssembler.Sky, key: Int64?, device: String? = nil) {
        assembler.sky(sky, time: key.map { Timestamp(secondsSince1970: Double($0) / 1_000) }, device: device)
    }

    mutating func flush(ifQuietAt now: Double) -> Fix? {
        assembler.flush(ifQuietAt: now)
        return drain()
    }

    mutating func flush() -> Fix? {
        assembler.flush()
        return drain()
    }

    private mutating func drain() -> Fix? {
        var last: Fix?
        while let fix = assembler.next() {
            out.append(fix)
            last = fix
        }
        return last
    }

    var held: Fix? { assembler.held }
    var lateReportsDropped: Int { assembler.counts.lateReports }
    var deadline: Double? { assembler.deadline }
    var quietPeriod: Double { assembler.quietPeriod }
}

@Suite("GPSDEpochAssembler")
struct GPSDEpochAssemblerTests {
    /// A report of the epoch at `second` s past 2026-04-17T00:00:00Z.
    static func report(_ second: Int, speed: Double? = nil, mode: FixMode = .threeD) -> (Fix, Int64) {
        let base = 1_776_384_000  // 2026-04-17T00:00:00Z: 20_560 days × 86_400 s
        let time = Timestamp(secondsSince1970: Double(base + second))
        return (Fix(time: time, mode: mode, latitude: 60, longitude: 25, speed: speed), Int64(base + second) * 1_000)
    }

    @Test("the base time is 2026-04-17")
    func baseTime() {
        #expect(Self.report(0).0.time?.iso8601 == "2026-04-17T00:00:00.000Z")
    }

    @Test("several reports of one epoch give one fix, the latest, when the next epoch begins")
    func latestReportWins() {
        var assembler = Harness()
        let (a1, k1) = Self.report(1, speed: 1.035)  // after GGA: gpsd's own speed from positions
        let (a2, _) = Self.report(1, speed: 0.087)  // after RMC: the receiver's speed
        let (b1, k2) = Self.report(2, speed: 5)
        #expect(assembler.report(a1, key: k1, at: 10.0) == nil)
        #expect(assembler.report(a2, key: k1, at: 10.05) == nil)
        let out = assembler.report(b1, key: k2, at: 11.0)
        #expect(out?.speed == 0.087)
        #expect(out?.time == a1.time)
        #expect(assembler.held?.speed == 5)
    }

    @Test("a report of an epoch already handed out is dropped")
    func lateReportDropped() {
        var assembler = Harness()
        let (a, ka) = Self.report(1)
        let (b, kb) = Self.report(2)
        _ = assembler.report(a, key: ka, at: 0)
        #expect(assembler.report(b, key: kb, at: 1) == a)
        #expect(assembler.report(a, key: ka, at: 1.1) == nil)
        #expect(assembler.lateReportsDropped == 1)
        #expect(assembler.flush() == b)
        #expect(assembler.report(b, key: kb, at: 1.2) == nil)
        #expect(assembler.flush() == nil)
        #expect(assembler.lateReportsDropped == 2)
    }

    @Test("an earlier time (gpsd restarted, a log looped) starts a new epoch")
    func timeGoingBack() {
        var assembler = Harness()
        let (late, kLate) = Self.report(100)
        let (early, kEarly) = Self.report(5)
        _ = assembler.report(late, key: kLate, at: 0)
        #expect(assembler.report(early, key: kEarly, at: 1) == late)
        #expect(assembler.flush() == early)
    }

    @Test("an epoch handed out a few epochs ago is not handed out again (interleaved epochs, a replay)")
    func recentEpochsOnce() {
        var assembler = Harness()
        var out: [Fix] = []
        // gpsd's ac12 log: epoch 24 without a fix is reported before epoch 23, then 24 again with a fix.
        for (second, mode) in [(22, FixMode.threeD), (24, .noFix), (23, .threeD), (25, .noFix), (24, .threeD)] {
            let (fix, key) = Self.report(second, mode: mode)
            if let done = assembler.report(fix, key: key, at: Double(second)) { out.append(done) }
        }
        if let done = assembler.flush() { out.append(done) }
        #expect(out.map { $0.time! } == [22, 24, 23, 25].map { Self.report($0).0.time! })
        #expect(out.map(\.mode) == [.threeD, .noFix, .threeD, .noFix])
        #expect(assembler.lateReportsDropped == 1)
        // A new gpsd replays epochs 23...26 after a reconnection: only 26 is new.
        for second in 23...26 {
            let (fix, key) = Self.report(second)
            if let done = assembler.report(fix, key: key, at: Double(100 + second)) { out.append(done) }
        }
        #expect(assembler.flush()?.time == Self.report(26).0.time)
    }

    @Test("only the last recentCapacity (256) epochs are remembered")
    func recentCapacity() {
        var assembler = Harness()
        let capacity = GPSDEpochAssembler.recentCapacity
        #expect(capacity == 256)
        for second in 0...capacity {
            let (fix, key) = Self.report(second)
            _ = assembler.report(fix, key: key, at: Double(second))
        }
        _ = assembler.flush()
        let (first, firstKey) = Self.report(0)  // handed out capacity + 1 epochs ago: forgotten
        let (second, secondKey) = Self.report(1)  // capacity epochs ago: remembered
        #expect(assembler.report(second, key: secondKey, at: 100) == nil)
        #expect(assembler.lateReportsDropped == 1)
        _ = assembler.report(first, key: firstKey, at: 101)
        #expect(assembler.flush() == first)
    }

    @Test("without a known cycle the held epoch goes out after 1.5 s of quiet")
    func quietDefault() {
        var assembler = Harness()
        let (a, ka) = Self.report(1)
        _ = assembler.report(a, key: ka, at: 100)
        #expect(assembler.deadline == 101.5)
        #expect(assembler.flush(ifQuietAt: 101.49) == nil)
        #expect(assembler.flush(ifQuietAt: 101.5) == a)
        #expect(assembler.deadline == nil)
        #expect(assembler.flush(ifQuietAt: 200) == nil)
    }

    @Test(
        "the quiet period is 1.2 cycles, at least 1 s and at most 1.5 s",
        arguments: [(1.0, 1.2), (0.2, 1.0), (0.1, 1.0), (1.25, 1.5), (5.0, 1.5)] as [(Double, Double)])
    func quietFromCycle(cycle: Double, quiet: Double) {
        var assembler = Harness()
        let (a, ka) = Self.report(1)
        let (b, kb) = Self.report(2)
        _ = assembler.report(a, key: ka, at: 50)
        _ = assembler.report(b, key: kb, at: 50 + cycle)
        #expect(abs(assembler.quietPeriod - quiet) < 1e-12)
        #expect(abs((assembler.deadline ?? 0) - (50 + cycle + quiet)) < 1e-9)
    }

    @Test("the quiet period counts from the epoch's last report")
    func quietFromLastReport() {
        var assembler = Harness()
        let (a, ka) = Self.report(1, speed: 1)
        let (a2, _) = Self.report(1, speed: 2)
        _ = assembler.report(a, key: ka, at: 0)
        _ = assembler.report(a2, key: ka, at: 1.0)
        #expect(assembler.flush(ifQuietAt: 2.0) == nil)
        #expect(assembler.flush(ifQuietAt: 2.5)?.speed == 2)
    }

    @Test("SKY data joins its epoch, whichever comes first, and survives fuller reports")
    func sky() {
        var assembler = Harness()
        let sky = GPSDEpochAssembler.Sky(hdop: 0.9, pdop: 1.6, vdop: 1.3, satellitesUsed: 9)
        let (a, ka) = Self.report(1)
        let (b, kb) = Self.report(2)
        let (c, kc) = Self.report(3)
        _ = assembler.report(a, key: ka, at: 0)
        assembler.sky(sky, key: nil)  // no time: the held epoch
        _ = assembler.report(a, key: ka, at: 0.1)  // a fuller TPV of the same epoch, without DOPs
        assembler.sky(GPSDEpochAssembler.Sky(hdop: 2, satellitesUsed: 4), key: kc)  // before its TPV
        let first = assembler.report(b, key: kb, at: 1)
        #expect(first?.hdop == 0.9)
        #expect(first?.pdop == 1.6)
        #expect(first?.vdop == 1.3)
        #expect(first?.satellitesUsed == 9)
        let second = assembler.report(c, key: kc, at: 2)
        #expect(second?.hdop == nil)  // the SKY for epoch 3 did not go to epoch 2
        let third = assembler.flush()
        #expect(third?.hdop == 2)
        #expect(third?.satellitesUsed == 4)
        #expect(third?.pdop == nil)
    }

    // MARK: One epoch, one fix

    static func at(_ second: Int) -> Timestamp { Timestamp(secondsSince1970: Double(1_776_384_000 + second)) }

    @Test("the receiver's speed and track win over gpsd's derived speed, in either order")
    func receiverVelocityWins() {
        // gpsd's report after GGA: a speed from successive positions, no track.
        let afterGGA = Fix(time: Self.at(1), mode: .threeD, latitude: 60, longitude: 25, speed: 1.9, eph: 8)
        // After RMC: the receiver's Doppler speed and its track.
        let afterRMC = Fix(time: Self.at(1), mode: .threeD, latitude: 60.00001, longitude: 25, speed: 0.2, track: 45)
        for order in [[afterGGA, afterRMC], [afterRMC, afterGGA]] {
            var h = Harness()
            for fix in order { h.report(fix) }
            let epoch = h.flush()
            #expect(h.out.count == 1)
            #expect(epoch?.speed == 0.2)
            #expect(epoch?.track == 45)
            #expect(epoch?.eph == 8)  // a member only one report had is kept
            #expect(h.assembler.counts.mergedReports == 1)
        }
        // The later report's position is the epoch's (gpsd's later reports hold the whole cycle so far).
        var h = Harness()
        h.report(afterGGA)
        h.report(afterRMC)
        #expect(h.flush()?.latitude == 60.00001)
    }

    @Test("without any track in the epoch the latest speed stands")
    func latestSpeedWithoutTrack() {
        var h = Harness()
        h.report(Fix(time: Self.at(1), mode: .threeD, latitude: 60, longitude: 25, speed: 1.9))
        h.report(Fix(time: Self.at(1), mode: .threeD, latitude: 60, longitude: 25, speed: 0.3))
        h.report(Fix(time: Self.at(1), mode: .threeD, latitude: 60, longitude: 25))  // no speed at all
        #expect(h.flush()?.speed == 0.3)
    }

    @Test("a TPV without a time goes out in its place, as it is")
    func untimedPassesThrough() {
        var h = Harness()
        let untimed = Fix(mode: .threeD, latitude: 60, longitude: 25)
        let (a, _) = Self.report(1)
        let (b, _) = Self.report(2)
        h.report(a)
        h.report(untimed)
        h.report(b)
        _ = h.flush()
        #expect(h.out == [a, untimed, b])
        #expect(h.assembler.counts.untimedReports == 1)
    }

    @Test("an epoch without a fix carries no position, as gpsd prints it")
    func noFixHasNoPosition() {
        var h = Harness()
        h.report(Fix(time: Self.at(1), mode: .threeD, latitude: 60, longitude: 25, altitudeMSL: 30))
        h.report(Fix(time: Self.at(1), mode: .noFix))  // RMC status V later in the cycle
        let epoch = h.flush()
        #expect(epoch?.mode == .noFix)
        #expect(epoch?.latitude == nil && epoch?.longitude == nil && epoch?.altitudeMSL == nil)
    }

    // MARK: Devices

    @Test("reports of the first device seen are assembled unless another is asked for")
    func devices() {
        let a = Fix(time: Self.at(1), mode: .threeD, latitude: 60, longitude: 25)
        let b = Fix(time: Self.at(1), mode: .threeD, latitude: 10, longitude: 20)
        let a2 = Fix(time: Self.at(2), mode: .threeD, latitude: 60, longitude: 25.001)
        let b2 = Fix(time: Self.at(2), mode: .threeD, latitude: 10, longitude: 20.001)
        for (wanted, expected) in [(nil, [a, a2]), ("/dev/ttyUSB1", [b, b2])] as [(String?, [Fix])] {
            var h = Harness(device: wanted)
            h.report(a, device: "/dev/ttyACM0")
            h.sky(GPSDEpochAssembler.Sky(hdop: 9), key: nil, device: "/dev/ttyUSB1")
            h.report(b, device: "/dev/ttyUSB1")
            h.report(a2, device: "/dev/ttyACM0")
            h.report(b2, device: "/dev/ttyUSB1")
            _ = h.flush()
            #expect(h.out.map(\.latitude) == expected.map(\.latitude))
            #expect(h.out.map(\.longitude) == expected.map(\.longitude))
            #expect(h.assembler.devicesSeen == ["/dev/ttyACM0", "/dev/ttyUSB1"])
            #expect(h.assembler.device == wanted ?? "/dev/ttyACM0")
            #expect(h.assembler.counts.otherDeviceReports == (wanted == nil ? 3 : 2))
            // The SKY of /dev/ttyUSB1 joins that device's next epoch only.
            #expect(h.out.map(\.hdop) == (wanted == nil ? [nil, nil] : [9, nil]))
        }
    }

    /// gpsd restarted (or the receiver was plugged in again) and now names the receiver by another path.
    @Test(
        "a device chosen as the first seen is chosen again in a new session or after gpsd closes it",
        arguments: [false, true])
    func aReceiverUnderANewPathIsFollowed(deactivatedInSession: Bool) {
        var h = Harness()
        h.report(Fix(time: Self.at(1), mode: .threeD, latitude: 60, longitude: 25), device: "/dev/pts/3")
        if deactivatedInSession {
            h.assembler.deviceReport(path: "/dev/pts/3", driver: nil, deactivated: true)
        } else {
            h.assembler.sessionStarted()
        }
        // Epoch 1 again under the new path (gpsd repeats what it had), then epoch 2.
        h.report(Fix(time: Self.at(1), mode: .threeD, latitude: 60, longitude: 25), device: "/dev/pts/7")
        h.report(Fix(time: Self.at(2), mode: .threeD, latitude: 60, longitude: 25.001), device: "/dev/pts/7")
        _ = h.flush()
        #expect(h.out.map(\.time) == [Self.at(1), Self.at(2)], "epoch 1 once, and epoch 2 from the new path")
        #expect(h.assembler.device == "/dev/pts/7")
        #expect(h.assembler.counts.otherDeviceReports == 0)
        #expect(h.assembler.devicesSeen == ["/dev/pts/3", "/dev/pts/7"])
    }

    @Test("a device asked for stays asked for across sessions")
    func aRequestedDeviceStays() {
        var h = Harness(device: "/dev/ttyACM0")
        h.report(Fix(time: Self.at(1), mode: .threeD, latitude: 60, longitude: 25), device: "/dev/ttyACM0")
        h.assembler.sessionStarted()
        h.assembler.deviceReport(path: "/dev/ttyACM0", driver: nil, deactivated: true)
        h.report(Fix(time: Self.at(2), mode: .threeD, latitude: 10, longitude: 20), device: "/dev/ttyUSB1")
        h.report(Fix(time: Self.at(3), mode: .threeD, latitude: 60, longitude: 25), device: "/dev/ttyACM0")
        _ = h.flush()
        #expect(h.out.map(\.time) == [Self.at(1), Self.at(3)])
        #expect(h.assembler.device == "/dev/ttyACM0")
        #expect(h.assembler.counts.otherDeviceReports == 1)
    }

    // MARK: gpsd's error model

    /// HDOP, status and eph as gpsd 3.22 printed them for an NMEA receiver (recorded with gpsfake and
    /// `gpspipe -w`): eph = 19 m × HDOP, or 4.75 m × HDOP with a differential fix.
    @Test(
        "an NMEA receiver's eph is gpsd's HDOP × UERE: the HDOP comes back, the derived figures go",
        arguments: [(3.63, 1, 68.97), (7.84, 1, 148.96), (0.62, 1, 11.78), (5.57, 2, 26.458), (7.84, 2, 37.24)]
            as [(Double, Int, Double)])
    func derivedErrorsBecomeHDOP(hdop: Double, status: Int, eph: Double) {
        var h = Harness()
        h.assembler.deviceReport(path: "/dev/pts/1", driver: "NMEA0183")
        let quality = FixQuality(rawValue: status)
        h.report(
            Fix(time: Self.at(1), mode: .threeD, quality: quality, latitude: 60, longitude: 25, eph: eph, epv: 90),
            device: "/dev/pts/1")
        let epoch = h.flush()
        #expect(epoch?.hdop == hdop)
        #expect(epoch?.eph == nil && epoch?.epv == nil)
        #expect(h.assembler.counts.derivedErrorsConverted == 1)
    }

    @Test("a receiver reporting its own accuracy keeps it", arguments: ["u-blox", "SiRF", nil] as [String?])
    func ownAccuracyKept(driver: String?) {
        var h = Harness()
        h.assembler.deviceReport(path: "/dev/ttyACM0", driver: driver)
        h.report(Fix(time: Self.at(1), mode: .threeD, latitude: 60, longitude: 25, eph: 4.2), device: "/dev/ttyACM0")
        let epoch = h.flush()
        #expect(epoch?.eph == 4.2)
        #expect(epoch?.hdop == nil)
    }
}
