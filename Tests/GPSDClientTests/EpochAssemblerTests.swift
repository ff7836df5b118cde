import Testing
import TrackModel

@testable import GPSDClient

@Suite("EpochAssembler")
struct EpochAssemblerTests {
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
        var assembler = EpochAssembler()
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
        var assembler = EpochAssembler()
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
        var assembler = EpochAssembler()
        let (late, kLate) = Self.report(100)
        let (early, kEarly) = Self.report(5)
        _ = assembler.report(late, key: kLate, at: 0)
        #expect(assembler.report(early, key: kEarly, at: 1) == late)
        #expect(assembler.flush() == early)
    }

    @Test("an epoch handed out a few epochs ago is not handed out again (interleaved epochs, a replay)")
    func recentEpochsOnce() {
        var assembler = EpochAssembler()
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

    @Test("only the last 64 epochs are remembered")
    func recentCapacity() {
        var assembler = EpochAssembler()
        for second in 0...64 {
            let (fix, key) = Self.report(second)
            _ = assembler.report(fix, key: key, at: Double(second))
        }
        _ = assembler.flush()
        let (first, firstKey) = Self.report(0)  // handed out 65 epochs ago: forgotten
        let (second, secondKey) = Self.report(1)  // 64 epochs ago: remembered
        #expect(assembler.report(second, key: secondKey, at: 100) == nil)
        #expect(assembler.lateReportsDropped == 1)
        _ = assembler.report(first, key: firstKey, at: 101)
        #expect(assembler.flush() == first)
    }

    @Test("without a known cycle the held epoch goes out after 1.5 s of quiet")
    func quietDefault() {
        var assembler = EpochAssembler()
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
        var assembler = EpochAssembler()
        let (a, ka) = Self.report(1)
        let (b, kb) = Self.report(2)
        _ = assembler.report(a, key: ka, at: 50)
        _ = assembler.report(b, key: kb, at: 50 + cycle)
        #expect(abs(assembler.quietPeriod - quiet) < 1e-12)
        #expect(abs((assembler.deadline ?? 0) - (50 + cycle + quiet)) < 1e-9)
    }

    @Test("the quiet period counts from the epoch's last report")
    func quietFromLastReport() {
        var assembler = EpochAssembler()
        let (a, ka) = Self.report(1, speed: 1)
        let (a2, _) = Self.report(1, speed: 2)
        _ = assembler.report(a, key: ka, at: 0)
        _ = assembler.report(a2, key: ka, at: 1.0)
        #expect(assembler.flush(ifQuietAt: 2.0) == nil)
        #expect(assembler.flush(ifQuietAt: 2.5)?.speed == 2)
    }

    @Test("SKY data joins its epoch, whichever comes first, and survives fuller reports")
    func sky() {
        var assembler = EpochAssembler()
        let sky = EpochAssembler.Sky(hdop: 0.9, pdop: 1.6, vdop: 1.3, satellitesUsed: 9)
        let (a, ka) = Self.report(1)
        let (b, kb) = Self.report(2)
        let (c, kc) = Self.report(3)
        _ = assembler.report(a, key: ka, at: 0)
        assembler.sky(sky, key: nil)  // no time: the held epoch
        _ = assembler.report(a, key: ka, at: 0.1)  // a fuller TPV of the same epoch, without DOPs
        assembler.sky(EpochAssembler.Sky(hdop: 2, satellitesUsed: 4), key: kc)  // before its TPV
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
}
