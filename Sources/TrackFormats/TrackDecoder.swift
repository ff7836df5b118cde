public import TrackModel

/// A streaming decoder: fed byte chunks of any size, it yields `Fix` values.
///
/// The shape follows swift-nio's `ByteToMessageDecoder`: `append` hands over bytes, `next()`
/// returns the next decoded fix or `nil` when it needs more bytes, and `finish()` drains what is
/// left once the input has ended (`decodeLast`). Decoders keep a bounded buffer: memory stays
/// constant however large or malformed the input is.
///
/// Recoverable faults (a bad checksum, an unknown sentence, a malformed line) are counted in
/// `statistics` and skipped. Only faults that make the rest of the input unreadable (for example
/// XML that is not well-formed) are thrown, with the line and column where they were found.
public protocol TrackDecoder {
    /// Hands the decoder the next chunk of input.
    mutating func append(_ bytes: UnsafeRawBufferPointer)
    /// The next complete fix, or `nil` when more input is needed.
    mutating func next() throws(TrackDecodingError) -> Fix?
    /// Called after the input has ended, repeatedly until it returns `nil`: the fixes still held.
    mutating func finish() throws(TrackDecodingError) -> Fix?
    /// What was read, decoded, skipped and rejected so far.
    var statistics: DecodeStatistics { get }
    /// Hands over the next chunk and passes every fix it completes to `body`: the same fixes, in the same order,
    /// as `append` followed by `next()` until it returns nil. Decoders that can read a chunk where it lies (NMEA
    /// lines) override it to keep only what the chunk leaves unfinished; errors of `body` propagate unchanged.
    mutating func decode(_ bytes: UnsafeRawBufferPointer, _ body: (Fix) throws -> Void) throws
}

extension TrackDecoder {
    public mutating func decode(_ bytes: UnsafeRawBufferPointer, _ body: (Fix) throws -> Void) throws {
        append(bytes)
        while let fix = try next() { try body(fix) }
    }

    /// Convenience for tests and small inputs.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        let array = Array(bytes)
        array.withUnsafeBytes { append($0) }
    }

    /// Decodes a whole in-memory input in one call.
    public mutating func decodeAll(_ bytes: some Sequence<UInt8>) throws(TrackDecodingError) -> [Fix] {
        append(bytes)
        var fixes: [Fix] = []
        while let fix = try next() { fixes.append(fix) }
        while let fix = try finish() { fixes.append(fix) }
        return fixes
    }
}

/// Counts of what a decoder read, decoded and refused, by reason.
public struct DecodeStatistics: Sendable, Hashable {
    /// Records read: NMEA sentences, JSON lines, GPX points.
    public var recordsRead: Int = 0
    /// Records that were understood and contributed to a fix.
    public var recordsDecoded: Int = 0
    /// Fixes (epochs) produced.
    public var fixesDecoded: Int = 0
    /// Records refused as faulty, by reason (for example `checksum`, `malformed`, `overlong`).
    public var rejected: [String: Int] = [:]
    /// Records skipped as not relevant, by reason (for example `unknown-sentence`, `proprietary`).
    public var skipped: [String: Int] = [:]
    /// gpsd JSON: every device that sent a report, in the order seen.
    public var devices: [String] = []
    /// gpsd JSON: the device whose reports were decoded.
    public var device: String?
    /// The first record refused, with its line and field where known: what a person fixing the file looks at first.
    public var firstRejected: RejectedRecord?

    public init() {}

    /// Notes a refused record's place, when it is the first.
    public mutating func noteRejected(line: Int, reason: String, field: String? = nil) {
        if firstRejected == nil { firstRejected = RejectedRecord(line: line, reason: reason, field: field) }
    }

    public mutating func reject(_ reason: String, count: Int = 1) { rejected[reason, default: 0] += count }
    public mutating func skip(_ reason: String, count: Int = 1) { skipped[reason, default: 0] += count }

    public var rejectedTotal: Int { rejected.values.reduce(0, +) }
    public var skippedTotal: Int { skipped.values.reduce(0, +) }

    /// Adds another decoder's counts (several files read as one stream).
    public mutating func merge(_ other: DecodeStatistics) {
        recordsRead += other.recordsRead
        recordsDecoded += other.recordsDecoded
        fixesDecoded += other.fixesDecoded
        for (k, v) in other.rejected { rejected[k, default: 0] += v }
        for (k, v) in other.skipped { skipped[k, default: 0] += v }
        for d in other.devices where !devices.contains(d) { devices.append(d) }
        device = device ?? other.device
        firstRejected = firstRejected ?? other.firstRejected
    }
}

/// Where a decoder first refused a record: its one-based line, the reason (as counted in `rejected`) and the field.
public struct RejectedRecord: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var reason: String
    public var field: String?

    public init(line: Int, reason: String, field: String? = nil) {
        self.line = line
        self.reason = reason
        self.field = field
    }

    /// `line 2: bad-field (field 'time')`; never the value.
    public var description: String { "line \(line): \(reason)" + (field.map { " (field '\($0)')" } ?? "") }
}

/// A fault that stops decoding, pointing into the input.
public struct TrackDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        /// XML that is not well-formed.
        case malformedXML = "malformed-xml"
        /// Well-formed XML whose root is not a GPX document.
        case notGPX = "not-gpx"
        /// The input ended inside a record or element.
        case truncated
        /// A value that cannot be read (for example a latitude that is not a number).
        case invalidValue = "invalid-value"
    }

    public var code: Code
    /// One-based line of the input, when known.
    public var line: Int?
    /// One-based column of the input, when known.
    public var column: Int?
    /// The field or element concerned, when known.
    public var field: String?
    /// A short human-readable explanation (never containing coordinates).
    public var message: String

    public init(code: Code, line: Int? = nil, column: Int? = nil, field: String? = nil, message: String) {
        self.code = code
        self.line = line
        self.column = column
        self.field = field
        self.message = message
    }

    public var description: String {
        var parts: [String] = []
        if let line { parts.append("line \(line)") }
        if let column { parts.append("column \(column)") }
        if let field { parts.append("field '\(field)'") }
        return parts.isEmpty ? message : parts.joined(separator: ", ") + ": " + message
    }
}
