import LogbookTestSupport
import TrackFormats
import TrackModel

/// Everything a decoder produced for one input: the fixes, the error that stopped it (if any) and
/// its statistics.
struct DecodeOutcome: Equatable {
    var fixes: [Fix]
    var error: TrackDecodingError?
    var statistics: DecodeStatistics
}

/// Feeds `input` in chunks of the given sizes (cycled; empty = one chunk) and drains the decoder,
/// keeping the fixes delivered before an error.
func decodeOutcome<D: TrackDecoder>(_ decoder: D, _ input: [UInt8], chunkSizes: [Int] = []) -> DecodeOutcome {
    var decoder = decoder
    var fixes: [Fix] = []
    var offset = 0
    var k = 0
    do throws(TrackDecodingError) {
        while offset < input.count {
            let size = chunkSizes.isEmpty ? input.count : max(1, chunkSizes[k % chunkSizes.count])
            k += 1
            let end = min(input.count, offset + size)
            input[offset..<end].withUnsafeBytes { decoder.append($0) }
            offset = end
            while let fix = try decoder.next() { fixes.append(fix) }
        }
        while let fix = try decoder.finish() { fixes.append(fix) }
        return DecodeOutcome(fixes: fixes, error: nil, statistics: decoder.statistics)
    } catch {
        return DecodeOutcome(fixes: fixes, error: error, statistics: decoder.statistics)
    }
}

/// The same as `decodeOutcome`, with random chunk sizes in 1...maxChunk drawn from `seed`.
func decodeOutcomeRandomChunks<D: TrackDecoder>(_ decoder: D, _ input: [UInt8], maxChunk: Int, seed: UInt64)
    -> DecodeOutcome
{
    var rng = SeededGenerator(seed: seed)
    var sizes: [Int] = []
    var total = 0
    while total < input.count {
        let size = Int.random(in: 1...max(1, maxChunk), using: &rng)
        sizes.append(size)
        total += size
    }
    return decodeOutcome(decoder, input, chunkSizes: sizes.isEmpty ? [1] : sizes)
}

/// Seconds since 1970 of a UTC date-time, for expectations written as text (checked with Python's
/// `calendar.timegm`).
func utc(_ seconds: Double) -> Timestamp { Timestamp(secondsSince1970: seconds) }

/// Flips, replaces, inserts or deletes a few random bytes.
func mutate(_ input: [UInt8], using rng: inout SeededGenerator) -> [UInt8] {
    var bytes = input
    let edits = Int.random(in: 1...8, using: &rng)
    for _ in 0..<edits where !bytes.isEmpty {
        let at = Int.random(in: 0..<bytes.count, using: &rng)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: bytes[at] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &rng)
        case 1: bytes[at] = UInt8.random(in: 0...255, using: &rng)
        case 2: bytes.insert(Array("<>{}\"\\:,\n&;/".utf8).randomElement(using: &rng)!, at: at)
        default: bytes.remove(at: at)
        }
    }
    return bytes
}

/// Decodes `input` in two stages, as the reader's read-ahead does: scans it in random chunks (1...maxChunk bytes,
/// drawn from `seed`) into batches taken after every chunk, and converts each batch's records in order with one
/// converter. The fixes delivered before an error, the error, and the statistics of both stages together.
func stagedOutcome<D: StagedTrackDecoder>(_ decoder: D, _ input: [UInt8], maxChunk: Int, seed: UInt64) -> DecodeOutcome
{
    var decoder = decoder
    var converter = decoder.makeConverter()
    var rng = SeededGenerator(seed: seed)
    var fixes: [Fix] = []
    var batch = D.Batch()
    func statistics() -> DecodeStatistics {
        var statistics = decoder.scanStatistics
        statistics.merge(converter.statistics)
        return statistics
    }
    func convertBatch() throws(TrackDecodingError) {
        for index in 0..<batch.count { fixes.append(try converter.convert(batch, at: index)) }
        batch.clear()
    }
    var offset = 0
    do {
        while offset < input.count {
            let end = min(input.count, offset + Int.random(in: 1...max(1, maxChunk), using: &rng))
            do {
                try input[offset..<end].withUnsafeBytes { try decoder.scan($0, into: &batch) }
            } catch {
                try convertBatch()  // the records before the fault first
                throw error
            }
            offset = end
            try convertBatch()
        }
        do { try decoder.finishScan(into: &batch) } catch {
            try convertBatch()
            throw error
        }
        try convertBatch()
        return DecodeOutcome(fixes: fixes, error: nil, statistics: statistics())
    } catch {
        return DecodeOutcome(fixes: fixes, error: error as? TrackDecodingError, statistics: statistics())
    }
}
