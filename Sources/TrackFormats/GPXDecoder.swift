public import TrackModel

/// Placeholder until the decoder lands.
public struct GPXDecoder: TrackDecoder {
    public private(set) var statistics = DecodeStatistics()
    public init() {}
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {}
    public mutating func next() throws(TrackDecodingError) -> Fix? { nil }
    public mutating func finish() throws(TrackDecodingError) -> Fix? { nil }
}
