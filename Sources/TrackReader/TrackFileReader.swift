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
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw TrackReadError(code: .cannotOpen, path: path, message: "cannot open: \(Self.errnoText())")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw TrackReadError(code: .cannotOpen, path: path, message: "cannot open: \(Self.errnoText())")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw TrackReadError(code: .isDirectory, path: path, message: "is a directory, not a track file")
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(4_096, chunkSize), alignment: 16)
        defer { buffer.deallocate() }
        var source = ChunkSource(
            fd: fd, path: path, buffer: buffer, fileSize: Int(info.st_size), progress: progress)

        // The first bytes (decompressed) tell the format; then a decoder of that concrete type reads the rest, so
        // its calls inline and fixes are not copied through an existential.
        var prefix: [UInt8] = []
        while prefix.count < TrackFormat.detectionPrefixLength {
            guard try source.pump({ prefix.append(contentsOf: $0) }) else { break }
        }
        guard !prefix.isEmpty else {
            try source.checkEnd()
            throw TrackReadError(code: .empty, path: path, message: "file is empty")
        }
        guard let format = TrackFormat.detect(prefix) else {
            throw TrackReadError(
                code: .unknownFormat, path: path, line: 1,
                message: "not a track file: content is not NMEA 0183, gpsd JSON or GPX")
        }
        switch format {
        case .nmea: return try drive(NMEADecoder(), format, prefix, &source, body)
        case .gpsdJSON:
            return try drive(GPSDJSONDecoder(device: decoderOptions.gpsdDevice), format, prefix, &source, body)
        case .gpx: return try drive(GPXDecoder(), format, prefix, &source, body)
        }
    }

    /// Feeds `prefix` and then the rest of the file to `decoder`, handing each fix to `body`.
    private func drive<Decoder: TrackDecoder>(
        _ decoder: Decoder, _ format: TrackFormat, _ prefix: [UInt8], _ source: inout ChunkSource,
        _ body: (Fix) throws -> Void
    ) throws -> TrackFileSummary {
        var decoder = decoder
        var fixes = 0
        let path = source.path
        func feed(_ bytes: UnsafeRawBufferPointer) throws {
            do {
                try decoder.decode(bytes) { fix in
                    fixes += 1
                    do { try body(fix) } catch { throw CallerError(error: error) }
                }
            } catch let passed as CallerError {
                throw passed.error
            } catch let error as TrackDecodingError {
                throw TrackReadError(path: path, decoding: error)
            }
        }
        try prefix.withUnsafeBytes { try feed($0) }
        while try source.pump({ try feed($0) }) {}
        try source.checkEnd()
        while true {
            let fix: Fix?
            do { fix = try decoder.finish() } catch { throw TrackReadError(path: path, decoding: error) }
            guard let fix else { break }
            fixes += 1
            try body(fix)
        }
        let statistics = decoder.statistics
        guard fixes > 0 else {
            var message =
                "no fixes decoded (\(statistics.recordsRead) records read, "
                + "\(statistics.rejectedTotal) rejected, \(statistics.skippedTotal) skipped)"
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
            path: path, format: format, compressed: source.compressed, bytesRead: source.bytesRead,
            bytesDecoded: source.bytesDecoded, statistics: statistics)
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}

/// An error of the caller's `body`, kept apart from the decoder's own on its way out.
private struct CallerError: Error {
    var error: any Error
}

/// A file's bytes in chunks, inflated when the file is gzip-compressed (detected from its first bytes).
private struct ChunkSource {
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
