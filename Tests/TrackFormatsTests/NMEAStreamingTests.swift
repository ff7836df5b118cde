import Foundation
@testable import TrackFormats
import LogbookTestSupport
import Testing
import TrackModel

/// Streaming behaviour: any chunking gives the same output, memory stays bounded, corruption stays local.
@Suite struct NMEAStreamingTests {
    static let logs = ["skytraq-dgps.log", "haicom-305N.log", "ac12.log", "nmea-rtk.log", "sounder.log"]

    @Test(arguments: logs)
    func randomChunkingGivesIdenticalOutput(log: String) throws {
        let input = try Fixtures.data("gpsd-nmea/" + log)
        var whole = NMEADecoder()
        let expected = try whole.decodeAll(input)
        #expect(expected.count > 5)
        for (seed, maxChunk) in [(1, 1), (2, 2), (3, 7), (4, 64), (5, 333), (6, 4_096), (7, 100_000)] {
            let chunked = try decodeInRandomChunks({ NMEADecoder() }, input, maxChunk: maxChunk, seed: UInt64(seed))
            #expect(chunked.fixes == expected, "seed \(seed), chunks up to \(maxChunk) bytes")
            #expect(chunked.statistics == whole.statistics)
        }
    }

    @Test func crlfSplitAcrossChunksCountsOneLine() throws {
        let gga = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"
        let text = Array(("\r\n\r\n" + gga + "\r\n" + gga + "\r\n").utf8)
        // Split right between every CR and LF.
        var decoder = NMEADecoder()
        var fixes: [Fix] = []
        var start = 0
        for (i, byte) in text.enumerated() where byte == 13 {
            text[start...i].withUnsafeBytes { decoder.append($0) }
            while let fix = try decoder.next() { fixes.append(fix) }
            start = i + 1
        }
        text[start...].withUnsafeBytes { decoder.append($0) }
        while let fix = try decoder.next() { fixes.append(fix) }
        while let fix = try decoder.finish() { fixes.append(fix) }
        #expect(fixes.count == 1)
        #expect(fixes.first?.sourceLine == 4)  // two blank lines, then the GGA on lines 3 and 4
    }

    @Test func overlongLineIsRejectedAndTheRestDecoded() throws {
        let gga = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"
        let rmc = "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A"
        let long = "$PXXX," + String(repeating: "9", count: 5_000)
        let input = Array((long + "\n" + gga + "\n" + rmc + "\n").utf8)
        for maxChunk in [1, 10, 100, 10_000] {
            let (fixes, statistics) = try decodeInRandomChunks({ NMEADecoder() }, input, maxChunk: maxChunk, seed: 9)
            #expect(statistics.rejected == ["overlong": 1])
            #expect(fixes.count == 1)
            #expect(fixes.first?.sourceLine == 3)
            #expect(fixes.first?.speed != nil)
        }
    }

    @Test func lineLengthCapIsExact() {
        let cap = 100
        let body = "PABC," + String(repeating: "x", count: cap - 6)  // "$" + body = cap bytes
        let atCap = "$" + body
        #expect(atCap.utf8.count == cap)
        let (_, fits) = decodeNMEA([atCap], configuration: .init(maximumLineLength: cap))
        #expect(fits.statistics.skipped == ["proprietary": 1])
        let (_, over) = decodeNMEA([atCap + "x"], configuration: .init(maximumLineLength: cap))
        #expect(over.statistics.rejected == ["overlong": 1])
    }

    @Test func hugeInputWithoutNewlinesKeepsMemoryBounded() throws {
        var decoder = NMEADecoder()
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 65_536)
        var largest = 0
        for _ in 0..<1_024 {  // 64 MiB
            chunk.withUnsafeBytes { decoder.append($0) }
            while try decoder.next() != nil {}
            largest = max(largest, decoder.buffer.count)
        }
        #expect(largest <= 65_536 + 1_025)
        #expect(decoder.buffer.capacity <= 4 * (65_536 + 1_025))
        let tail = Array("\n$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A\n".utf8)
        tail.withUnsafeBytes { decoder.append($0) }
        var fixes: [Fix] = []
        while let fix = try decoder.next() { fixes.append(fix) }
        while let fix = try decoder.finish() { fixes.append(fix) }
        #expect(fixes.count == 1)
        #expect(fixes.first?.sourceLine == 2)
        #expect(decoder.statistics.rejected == ["overlong": 1])
    }

    /// Property: corrupting one byte in some lines never crashes the decoder, and every epoch whose
    /// sentences are untouched still comes out with its exact time and position, whatever the chunking.
    @Test func corruptionStaysLocal() throws {
        // 200 epochs of GGA + RMC (identical positions, 1 s apart), 4 header epochs kept clean so the date is known.
        var lines: [String] = []
        var expected: [(time: Timestamp, latitude: Double, longitude: Double)] = []
        for k in 0..<200 {
            let second = k % 60
            let minute = k / 60
            let time = "12\(minute < 10 ? "0" : "")\(minute)\(second < 10 ? "0" : "")\(second).00"
            let latMinutes = 7.0 + Double(k) * 0.001
            let lat = String(format: "48%06.3f", latMinutes)
            let lon = String(format: "011%06.3f", 31.0 + Double(k) * 0.002)
            lines.append(nmeaSentence("GPGGA,\(time),\(lat),N,\(lon),E,1,08,0.9,545.4,M,46.9,M,,"))
            lines.append(nmeaSentence("GPRMC,\(time),A,\(lat),N,\(lon),E,010.0,045.0,230394,,"))
            expected.append(
                (
                    nmeaUTC(1994, 3, 23, 12, minute, Double(second)), 48 + latMinutes / 60,
                    11 + (31.0 + Double(k) * 0.002) / 60
                ))
        }
        var rng = SeededGenerator(seed: 2_024)
        var inputsRun = 0
        for _ in 0..<300 {
            var mutated = lines.map { Array($0.utf8) }
            var touched = Set<Int>()
            for _ in 0..<Int.random(in: 1...40, using: &rng) {
                let line = Int.random(in: 8..<mutated.count, using: &rng)
                guard !touched.contains(line) else { continue }
                touched.insert(line)
                let at = Int.random(in: 0..<mutated[line].count, using: &rng)
                var byte: UInt8
                repeat { byte = UInt8.random(in: 0...255, using: &rng) } while byte == 10 || byte == 13
                mutated[line][at] = byte
            }
            let input: [UInt8] = mutated.flatMap { line -> [UInt8] in line + [13, 10] }
            let maxChunk = [1, 5, 80, 1_000, 100_000].randomElement(using: &rng)!
            let (fixes, statistics) = try decodeInRandomChunks(
                { NMEADecoder() }, input, maxChunk: maxChunk, seed: rng.next())
            inputsRun += 1
            #expect(statistics.nmeaBalanced)
            var byTime: [Double: Fix] = [:]
            for fix in fixes { if let t = fix.time { byTime[t.secondsSince1970] = fix } }
            for (k, epoch) in expected.enumerated() where !touched.contains(2 * k) && !touched.contains(2 * k + 1) {
                let fix = byTime[epoch.time.secondsSince1970]
                #expect(fix != nil, "epoch \(k) lost")
                #expect(nmeaClose(fix?.latitude, epoch.latitude, 1e-9), "epoch \(k) latitude")
                #expect(nmeaClose(fix?.longitude, epoch.longitude, 1e-9), "epoch \(k) longitude")
            }
        }
        #expect(inputsRun == 300)
        print("NMEA corruption property: \(inputsRun) inputs of \(lines.count) lines")
    }

    /// Property: arbitrary garbage (any bytes, newlines included) in arbitrary chunks never crashes,
    /// keeps the statistics balanced and the buffer bounded.
    @Test func randomGarbageNeverCrashes() throws {
        var rng = SeededGenerator(seed: 77)
        let real = try Fixtures.data("gpsd-nmea/nmea-rtk.log")
        var inputsRun = 0
        for round in 0..<200 {
            var input = Array(real.prefix(Int.random(in: 0...real.count, using: &rng)))
            for _ in 0..<Int.random(in: 0...(input.count / 10 + 1), using: &rng) where !input.isEmpty {
                input[Int.random(in: 0..<input.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            if round % 4 == 0 {
                input += (0..<Int.random(in: 0...5_000, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng)
                }
            }
            let (_, statistics) = try decodeInRandomChunks(
                { NMEADecoder(configuration: .init(maximumLineLength: 200)) }, input,
                maxChunk: Int.random(in: 1...2_000, using: &rng), seed: rng.next())
            #expect(statistics.nmeaBalanced)
            inputsRun += 1
        }
        #expect(inputsRun == 200)
        print("NMEA garbage property: \(inputsRun) inputs")
    }
}
