#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
public import TrackModel
public import TrackFormats

/// What one file yielded.
public struct TrackFileSummary: Sendable, Hashable {
    public var path: String
    public var format: TrackFormat
    public var compressed: Bool
    /// Bytes read from disk.
    public var bytesRead: Int
    /// Bytes decoded (after decompression).
    public var bytesDecoded: Int
    public var statistics: DecodeStatistics
}

/// Reads track files as one stream of fixes: opens each file, detects gzip and the format from the
/// content, and feeds a streaming decoder in fixed-size chunks, so memory stays constant whatever
/// the file size.
public struct TrackFileReader: Sendable {
    /// Bytes read from disk per `read(2)`.
    public var chunkSize: Int
    /// Called after each chunk with the bytes read so far in the current file and its size (for progress).
    public var progress: (@Sendable (_ path: String, _ bytesRead: Int, _ fileSize: Int) -> Void)?

    /// Format-specific choices (the gpsd device to read).
    public var decoderOptions: DecoderOptions

    public init(chunkSize: Int = 64 * 1024, decoderOptions: DecoderOptions = DecoderOptions()) {
        self.chunkSize = chunkSize
        self.decoderOptions = decoderOptions
    }

    /// Reads the files in order as one stream, handing every decoded fix to `body`.
    ///
    /// Stops at the first file that cannot be read (throwing `TrackReadError`) or at the first error
    /// `body` throws; fixes decoded before the fault have been delivered.
    public func read(_ paths: [String], _ body: (Fix) throws -> Void) throws -> [TrackFileSummary] {
        var summaries: [TrackFileSummary] = []
        for path in paths { summaries.append(try read(path, body)) }
        return summaries
    }

    /// Reads one file, handing every decoded fix to `body`.
    public func read(_ path: String, _ body: (Fix) throws -> Void) throws -> TrackFileSummary {
        let file = try OpenedTrackFile(path: path, chunkSize: chunkSize, progress: progress)
        // The first bytes (decompressed) told the format; a decoder of that concrete type reads the rest, so its
        // calls inline and fixes are not copied through an existential.
        switch file.format {
        case .nmea: return try read(NMEADecoder(), file, body)
        case .gpsdJSON: return try read(GPSDJSONDecoder(device: decoderOptions.gpsdDevice), file, body)
        case .gpx: return try read(GPXDecoder(), file, body)
        }
    }

    /// Feeds the rest of `file` to `decoder`, handing each fix to `body`.
    func read<Decoder: TrackDecoder>(
        _ decoder: Decoder, _ file: OpenedTrackFile, _ body: (Fix) throws -> Void
    ) throws -> TrackFileSummary {
        var feeder = FixFeeder(decoder: decoder)
        return try drive(&feeder, file) { try body($0) }
    }

    /// Feeds the rest of `file` to `decoder`'s first stage, handing `body` the batch of records scanned after each
    /// chunk (it may take them, swapping in an empty batch); the summary's statistics are the scan's (the converter
    /// adds its own).
    func scan<Decoder: StagedTrackDecoder>(
        _ decoder: Decoder, _ file: OpenedTrackFile, _ body: (inout Decoder.Batch) throws -> Void
    ) throws -> TrackFileSummary {
        var feeder = ScanFeeder(decoder: decoder)
        return try drive(&feeder, file, body)
    }

    /// Feeds the file's prefix and then the rest of it to `feeder`, and finishes it at its end, handing what it
    /// yields (fixes, or a staged decoder's batch of records) to `body`. Errors of `body` pass unchanged; the
    /// decoder's are thrown as `TrackReadError` naming the file.
    private func drive<Feeder: DecoderFeeder>(
        _ feeder: inout Feeder, _ file: OpenedTrackFile, _ body: (inout Feeder.Output) throws -> Void
    ) throws -> TrackFileSummary {
        let path = file.path
        func feed(_ bytes: UnsafeRawBufferPointer?) throws {
            do {
                try feeder.feed(bytes) { output in
                    do { try body(&output) } catch { throw CallerError(error: error) }
                }
            } catch let passed as CallerError {
                throw passed.error
            } catch let error as TrackDecodingError {
                throw TrackReadError(path: path, decoding: error)
            }
        }
        try file.prefix.withUnsafeBytes { try feed($0) }
        while try file.source.pump({ try feed($0) }) {}
        try file.source.checkEnd()
        try feed(nil)
        let statistics = feeder.statistics
        guard feeder.records > 0 else {
            var message =
                "no fixes decoded (\(statistics.recordsRead) records read, "
                + "\(statistics.rejectedTotal) rejected, \(statistics.skippedTotal) skipped)"
            if let first = statistics.firstRejected { message += "; the first refused: \(first)" }
            if let wanted = decoderOptions.gpsdDevice, !statistics.devices.contains(wanted) {
                message +=
                    statistics.devices.isEmpty
                    ? "; no reports name device '\(wanted)'"
                    : "; no reports from device '\(wanted)' (devices seen: "
                        + statistics.devices.joined(separator: ", ") + ")"
            }
            throw TrackReadError(code: .noFixes, path: path, message: message)
        }
        return TrackFileSummary(
            path: path, format: file.format, compressed: file.source.compressed, bytesRead: file.source.bytesRead,
            bytesDecoded: file.source.bytesDecoded, statistics: statistics)
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}

/// A decoder as `drive` feeds it: chunks, then nil at the end of the input.
private protocol DecoderFeeder {
    associatedtype Output
    mutating func feed(_ bytes: UnsafeRawBufferPointer?, _ body: (inout Output) throws -> Void) throws
    var statistics: DecodeStatistics { get }
    /// Records yielded so far.
    var records: Int { get }
}

/// Decoding into fixes (both stages of a staged decoder), handed on one at a time.
private struct FixFeeder<Decoder: TrackDecoder>: DecoderFeeder {
    var decoder: Decoder
    var records = 0

    mutating func feed(_ bytes: UnsafeRawBufferPointer?, _ body: (inout Fix) throws -> Void) throws {
        if let bytes {
            try decoder.decode(bytes) { fix in
                records += 1
                var fix = fix
                try body(&fix)
            }
        } else {
            while var fix = try decoder.finish() {
                records += 1
                try body(&fix)
            }
        }
    }

    var statistics: DecodeStatistics { decoder.statistics }
}

/// The first stage of a staged decoder alone: its batch of records is handed on after each chunk.
private struct ScanFeeder<Decoder: StagedTrackDecoder>: DecoderFeeder {
    var decoder: Decoder
    var batch = Decoder.Batch()
    var records = 0

    mutating func feed(_ bytes: UnsafeRawBufferPointer?, _ body: (inout Decoder.Batch) throws -> Void) throws {
        let before = batch.count
        do {
            if let bytes { try decoder.scan(bytes, into: &batch) } else { try decoder.finishScan(into: &batch) }
        } catch {
            // The records before the fault go on first.
            records += batch.count - before
            if batch.count > 0 { try body(&batch) }
            throw error
        }
        records += batch.count - before
        try body(&batch)
    }

    var statistics: DecodeStatistics { decoder.scanStatistics }
}

/// An error of the caller's `body`, kept apart from the decoder's own on its way out.
private struct CallerError: Error {
    var error: any Error
}

/// An open track file whose format is known: its first bytes read (and inflated) to tell the format, the rest to
/// come from `source`. A class so that the decoding thread of `readAhead` can own it; closed when released.
final class OpenedTrackFile: @unchecked Sendable {
    let path: String
    let format: TrackFormat
    let prefix: [UInt8]
    var source: ChunkSource
    private let fd: Int32
    private let buffer: UnsafeMutableRawBufferPointer

    init(
        path: String, chunkSize: Int,
        progress: (@Sendable (_ path: String, _ bytesRead: Int, _ fileSize: Int) -> Void)?
    ) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw TrackReadError(
                code: .cannotOpen, path: path, message: "cannot open: \(TrackFileReader.errnoText())")
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let text = TrackFileReader.errnoText()
            close(fd)
            throw TrackReadError(code: .cannotOpen, path: path, message: "cannot open: \(text)")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw TrackReadError(code: .isDirectory, path: path, message: "is a directory, not a track file")
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(4_096, chunkSize), alignment: 16)
        var source = ChunkSource(fd: fd, path: path, buffer: buffer, fileSize: Int(info.st_size), progress: progress)
        var prefix: [UInt8] = []
        let format: TrackFormat
        do {
            while prefix.count < TrackFormat.detectionPrefixLength {
                guard try source.pump({ prefix.append(contentsOf: $0) }) else { break }
            }
            guard !prefix.isEmpty else {
                try source.checkEnd()
                throw TrackReadError(code: .empty, path: path, message: "file is empty")
            }
            guard let detected = TrackFormat.detect(prefix) else {
                throw TrackReadError(
                    code: .unknownFormat, path: path, line: 1,
                    message: "not a track file: content is not NMEA 0183, gpsd JSON or GPX")
            }
            format = detected
        } catch {
            buffer.deallocate()
            close(fd)
            throw error
        }
        self.path = path
        self.format = format
        self.prefix = prefix
        self.source = source
        self.fd = fd
        self.buffer = buffer
    }

    deinit {
        buffer.deallocate()
        close(fd)
    }
}

/// A file's bytes in chunks, inflated when the file is gzip-compressed (detected from its first bytes).
struct ChunkSource {
    let fd: Int32
    let path: String
    let buffer: UnsafeMutableRawBufferPointer
    let fileSize: Int
    let progress: (@Sendable (_ path: String, _ bytesRead: Int, _ fileSize: Int) -> Void)?
    var inflater: GzipInflater?
    var firstChunk = true
    var compressed = false
    /// Bytes read from disk, and handed on after decompression.
    var bytesRead = 0
    var bytesDecoded = 0

    /// Reads the next chunk from disk and hands its bytes (inflated, possibly in several pieces) to `consume`;
    /// `false` at the end of the file.
    mutating func pump(_ consume: (UnsafeRawBufferPointer) throws -> Void) throws -> Bool {
        var count: Int
        repeat {
            count = Glibc.read(fd, buffer.baseAddress, buffer.count)
        } while count < 0 && errno == EINTR
        if count < 0 {
            throw TrackReadError(
                code: .readFailed, path: path, message: "read failed: \(TrackFileReader.errnoText())")
        }
        if count == 0 { return false }
        bytesRead += count
        let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
        if firstChunk {
            firstChunk = false
            if chunk.count >= 2, chunk[0] == 0x1F, chunk[1] == 0x8B {
                do { inflater = try GzipInflater() } catch {
                    throw TrackReadError(code: .corruptCompression, path: path, message: error.message)
                }
                compressed = true
            }
        }
        if let inflater {
            do {
                try inflater.inflate(chunk) { plain in
                    bytesDecoded += plain.count
                    try consume(plain)
                }
            } catch var error as TrackReadError {
                error.path = path
                throw error
            }
        } else {
            bytesDecoded += count
            try consume(chunk)
        }
        progress?(path, bytesRead, fileSize)
        return true
    }

    /// At the end of the file: a gzip stream must have ended with its member.
    func checkEnd() throws(TrackReadError) {
        if compressed, let inflater, !inflater.atMemberBoundary {
            throw TrackReadError(
                code: .corruptCompression, path: path, message: "gzip data ends early (truncated file)")
        }
    }
}
