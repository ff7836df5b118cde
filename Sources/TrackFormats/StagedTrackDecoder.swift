public import TrackModel

/// A decoder whose work splits into two stages that may run on two threads: `scan` reads the syntax in input order
/// and gathers compact records in a `Batch`; a `Converter` turns each record into a fix, in the same order, wherever
/// the caller runs it. The reader's read-ahead scans on its decoding thread and converts on the thread that consumes
/// the fixes, so a format whose values are costly to convert (GPX: numbers and times as text) spreads its work over
/// both.
///
/// Scanning all records and converting each, in order, gives the same fixes, statistics and errors as the decoder's
/// own `decode`/`next()` (which do both on one thread).
public protocol StagedTrackDecoder: TrackDecoder {
    associatedtype Batch: TrackRecordBatch
    associatedtype Converter: TrackRecordConverter where Converter.Batch == Batch

    /// Hands over the next chunk and appends the records it completes to `batch`, in input order. A fault of the
    /// input is thrown (as `TrackDecodingError`) after the records before it have been appended.
    mutating func scan(_ bytes: UnsafeRawBufferPointer, into batch: inout Batch) throws
    /// After the input has ended: appends the records still held to `batch`.
    mutating func finishScan(into batch: inout Batch) throws
    /// What scanning counted (records read, skipped); the converter counts the rest.
    var scanStatistics: DecodeStatistics { get }
    /// A converter for this decoder's records, starting with empty statistics.
    func makeConverter() -> Converter
}

/// Records gathered by a staged decoder: plain values that own their bytes, so a batch can cross threads.
public protocol TrackRecordBatch: Sendable {
    init()
    var count: Int { get }
    /// Removes the records, keeping the storage for the next ones.
    mutating func clear()
}

/// The second stage of a `StagedTrackDecoder`: one record in, one fix out.
public protocol TrackRecordConverter: Sendable {
    associatedtype Batch: TrackRecordBatch
    /// The fix of the record at `index`; throws the fault that stops decoding (a track point without a valid
    /// position).
    mutating func convert(_ batch: borrowing Batch, at index: Int) throws(TrackDecodingError) -> Fix
    /// What converting counted (records decoded, fields refused).
    var statistics: DecodeStatistics { get }
}

/// Fixes as records, for decoders that do everything in one stage.
public struct FixBatch: TrackRecordBatch {
    public var fixes: [Fix] = []
    public init() {}
    public var count: Int { fixes.count }
    public mutating func clear() { fixes.removeAll(keepingCapacity: true) }
}

/// Any decoder as a staged one whose records are its fixes: everything happens in `scan`.
public struct UnstagedDecoder<Base: TrackDecoder>: StagedTrackDecoder {
    public var base: Base

    public init(_ base: Base) { self.base = base }

    public var statistics: DecodeStatistics { base.statistics }
    public var scanStatistics: DecodeStatistics { base.statistics }
    public mutating func append(_ bytes: UnsafeRawBufferPointer) { base.append(bytes) }
    public mutating func next() throws(TrackDecodingError) -> Fix? { try base.next() }
    public mutating func finish() throws(TrackDecodingError) -> Fix? { try base.finish() }

    public mutating func decode(_ bytes: UnsafeRawBufferPointer, _ body: (Fix) throws -> Void) throws {
        try base.decode(bytes, body)
    }

    public mutating func scan(_ bytes: UnsafeRawBufferPointer, into batch: inout FixBatch) throws {
        try base.decode(bytes) { batch.fixes.append($0) }
    }

    public mutating func finishScan(into batch: inout FixBatch) throws {
        while let fix = try base.finish() { batch.fixes.append(fix) }
    }

    public func makeConverter() -> FixPassThrough { FixPassThrough() }
}

/// The converter of `UnstagedDecoder`: the record is the fix.
public struct FixPassThrough: TrackRecordConverter {
    public init() {}
    @inline(__always)
    public func convert(_ batch: borrowing FixBatch, at index: Int) -> Fix { batch.fixes[index] }
    public var statistics: DecodeStatistics { DecodeStatistics() }
}
