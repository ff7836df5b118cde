public import TrackModel
public import TrackFormats

/// A small deterministic pseudo-random generator (SplitMix64) so failing chunkings can be replayed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Feeds `input` to a fresh decoder in chunks of random sizes (1...maxChunk) and collects every fix; each chunk
/// goes, at random, through `append` and `next()` or through `decode(_:_:)`, so both ways (and their mixing) are held
/// to the same output.
///
/// DESIGN.md §6.2: a streaming decoder must give the same output however its input is split.
public func decodeInRandomChunks<D: TrackDecoder>(
    _ makeDecoder: () -> D,
    _ input: [UInt8],
    maxChunk: Int,
    seed: UInt64
) throws(TrackDecodingError) -> (fixes: [Fix], statistics: DecodeStatistics) {
    var decoder = makeDecoder()
    var rng = SeededGenerator(seed: seed)
    var fixes: [Fix] = []
    var offset = 0
    while offset < input.count {
        let size = Int.random(in: 1...max(1, maxChunk), using: &rng)
        let end = min(input.count, offset + size)
        if rng.next() & 1 == 0 {
            input[offset..<end].withUnsafeBytes { decoder.append($0) }
            while let fix = try decoder.next() { fixes.append(fix) }
        } else {
            do {
                try input[offset..<end].withUnsafeBytes { bytes in try decoder.decode(bytes) { fixes.append($0) } }
            } catch let error as TrackDecodingError {
                throw error
            } catch {
                preconditionFailure("decode threw something other than a decoding error: \(error)")
            }
        }
        offset = end
    }
    while let fix = try decoder.finish() { fixes.append(fix) }
    return (fixes, decoder.statistics)
}
