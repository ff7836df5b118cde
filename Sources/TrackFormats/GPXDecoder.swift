public import TrackModel

/// Decodes GPX 1.0 and 1.1 track points (`gpx/trk/trkseg/trkpt`) with libxml2's SAX2 push parser.
///
/// Read from each `trkpt`: the `lat` and `lon` attributes, `ele`, `time`, `hdop`, `vdop`, `pdop`,
/// `sat`, `fix`, `geoidheight`, GPX 1.0's `speed` (m/s) and `course` (degrees), and the speed and
/// course of the common extensions: Garmin TrackPointExtension v1/v2 (`gpxtpx:speed`,
/// `gpxtpx:course`), Cluetrust `gpxdata:speed`, OsmAnd `osmand:speed` and plain
/// `<extensions><speed>`/`<course>` (GPSLogger, OsmAnd). A standard `speed`/`course` child wins
/// over an extension's. Elements are matched on namespace URI plus local name; elements without a
/// namespace (or with an undeclared prefix) are accepted too.
///
/// Mapping: `ele` is the elevation above mean sea level, as the GPX 1.0 schema implies by pairing it
/// with `geoidheight` (the GGA convention) and as most devices write it (gpsd's gpxlogger writes
/// the ellipsoidal height instead: the format cannot tell), so `ele` → `altitudeMSL`,
/// `geoidheight` → `geoidSeparation`, and when both are present `altitudeHAE = ele + geoidheight`.
/// `fix`: `none` → `.noFix`, `2d` → `.twoD`, `3d` → `.threeD`, `dgps`/`pps` → `.threeD` (`.twoD`
/// without `ele`) with quality `.differential`/`.pps`; no `fix` → mode `.unknown`.
/// `Fix.sourceLine` is the XML line of the `trkpt` start tag (where it ends).
/// Waypoints (`wpt`) and route points (`rtept`, planned rather than recorded) are skipped and
/// counted (`waypoint`, `route-point`). An optional child whose text cannot be read leaves its
/// field empty and is counted as rejected `invalid-field`.
///
/// Errors, thrown from `next()`/`finish()` after every fix decoded before them has been returned,
/// and then again on every later call: `malformedXML` (libxml2's line and column), `notGPX` (the root
/// element is not `gpx` in a GPX namespace or none), `truncated` (the input ended inside the
/// document, or before its root element) and `invalidValue` with field `lat` or `lon` (missing,
/// not a number, or out of range).
///
/// Safety and memory: network access is off (`XML_PARSE_NONET`), entities are not substituted
/// (no `XML_PARSE_NOENT`, no entity declarations kept, so entity bombs fail as undeclared
/// entities) and libxml2's default size limits stay in force (no `XML_PARSE_HUGE`). libxml2 is
/// fed whole 64 KiB slices (`sliceSize`) at fixed offsets of the input as fixes are pulled (the last, shorter one
/// by `finish()`), so it sees the same slices however the input was chunked, and output cannot
/// depend on the chunking; fixes and errors surface up to 64 KiB after their bytes arrive. Text is
/// gathered only inside the leaf elements read (at most 256 bytes each), so memory stays constant
/// whatever the file size. libxml2 messages that bypass the parser's error handler (encoding
/// conversion failures) are kept off stderr; such a failure is reported as `malformedXML`.
///
/// Two stages (`StagedTrackDecoder`): libxml2 and the SAX callbacks gather each point's texts into a
/// `GPXPointRecord`; a `GPXPointConverter` reads its numbers and time into the fix. `decode`/`next()` do both; the
/// reader's read-ahead scans on its decoding thread and converts on the consuming one.
///
/// The parser state lives in a class whose address the SAX callbacks hold: copies of a
/// `GPXDecoder` share that state, so a decoder is not meant to be copied mid-stream.
public struct GPXDecoder: StagedTrackDecoder {
    private let parser: GPXParser
    private var converter = GPXPointConverter()
    /// Points scanned by `decode`, converted before it returns (kept for its storage).
    private var decoded = GPXPointBatch()
    /// A conversion's fault (a bad `lat`/`lon`), thrown again on every later call.
    private var conversionError: TrackDecodingError?

    public init() { parser = GPXParser() }

    /// libxml2 is handed the input in whole slices of this many bytes at fixed offsets (so its work cannot
    /// depend on how the caller chunked the input): fixes come out once the slice holding their end is parsed.
    public static var sliceSize: Int { GPXParser.feedSize }

    public var statistics: DecodeStatistics {
        var statistics = parser.statistics
        statistics.merge(converter.statistics)
        return statistics
    }

    public var scanStatistics: DecodeStatistics { parser.statistics }

    public func makeConverter() -> GPXPointConverter { GPXPointConverter() }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard conversionError == nil else { return }
        parser.append(bytes)
    }

    public mutating func next() throws(TrackDecodingError) -> Fix? {
        if let conversionError { throw conversionError }
        guard let index = try parser.next() else { return nil }
        return try convert(parser.queue, index)
    }

    public mutating func finish() throws(TrackDecodingError) -> Fix? {
        if let conversionError { throw conversionError }
        guard let index = try parser.finish() else { return nil }
        return try convert(parser.queue, index)
    }

    /// Scans the chunk (whole slices where they lie) and converts its points, handing the fixes to `body`.
    public mutating func decode(_ bytes: UnsafeRawBufferPointer, _ body: (Fix) throws -> Void) throws {
        if let conversionError { throw conversionError }
        // The batch is taken out of `self` while its points are converted, so `convert` (mutating) can read it.
        var batch = GPXPointBatch()
        swap(&batch, &decoded)
        defer {
            batch.clear()
            decoded = batch
        }
        var scanError: TrackDecodingError?
        do { try parser.scan(bytes, into: &batch) } catch { scanError = error }
        for index in 0..<batch.count { try body(try convert(batch, index)) }
        if let scanError { throw scanError }
    }

    public mutating func scan(_ bytes: UnsafeRawBufferPointer, into batch: inout GPXPointBatch) throws {
        try parser.scan(bytes, into: &batch)
    }

    public mutating func finishScan(into batch: inout GPXPointBatch) throws {
        try parser.finishScan(into: &batch)
    }

    /// Converts the point at `index`; a fault is kept and thrown on every later call.
    private mutating func convert(_ batch: borrowing GPXPointBatch, _ index: Int) throws(TrackDecodingError) -> Fix {
        do {
            return try converter.convert(batch, at: index)
        } catch {
            conversionError = error
            throw error
        }
    }
}
