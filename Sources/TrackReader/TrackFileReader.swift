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

    public init(chunkSize: Int = 256 * 1024, decoderOptions: DecoderOptions = DecoderOptions()) {
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
        let fileSize = Int(info.st_size)

        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(4_096, chunkSize), alignment: 16)
        defer { buffer.deallocate() }
        var state = StreamState(path: path, options: decoderOptions)
        var inflater: GzipInflater? = nil
        var firstChunk = true

        while true {
            let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw TrackReadError(code: .readFailed, path: path, message: "read failed: \(Self.errnoText())")
            }
            if count == 0 { break }
            state.bytesRead += count
            do {
                let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
                if firstChunk {
                    firstChunk = false
                    if chunk.count >= 2, chunk[0] == 0x1F, chunk[1] == 0x8B {
                        do { inflater = try GzipInflater() } catch {
                            throw TrackReadError(code: .corruptCompression, path: path, message: error.message)
                        }
                        state.compressed = true
                    }
                }
                if let inflater {
                    do {
                        try inflater.inflate(chunk) { plain in try state.consume(plain, body) }
                    } catch var error as TrackReadError {
                        error.path = path
                        throw error
                    }
                } else {
                    try state.consume(chunk, body)
                }
            }
            progress?(path, state.bytesRead, fileSize)
        }
        if state.compressed, let inflater, !inflater.atMemberBoundary {
            throw TrackReadError(
                code: .corruptCompression, path: path, message: "gzip data ends early (truncated file)")
        }
        return try state.finish(body)
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}

/// Per-file decoding state: format detection on the first bytes, then the decoder.
private struct StreamState {
    let path: String
    var compressed = false
    var bytesRead = 0
    var bytesDecoded = 0
    var pending: [UInt8] = []
    var decoder: (any TrackDecoder)?
    var format: TrackFormat?
    var fixes = 0

    let options: DecoderOptions

    init(path: String, options: DecoderOptions) {
        self.path = path
        self.options = options
    }

    mutating func consume(_ bytes: UnsafeRawBufferPointer, _ body: (Fix) throws -> Void) throws {
        bytesDecoded += bytes.count
        if decoder == nil {
            pending.append(contentsOf: bytes)
            guard pending.count >= TrackFormat.detectionPrefixLength else { return }
            try startDecoder()
            let held = pending
            pending = []
            try held.withUnsafeBytes { raw in try feed(raw, body) }
            return
        }
        try feed(bytes, body)
    }

    private mutating func startDecoder() throws(TrackReadError) {
        guard !pending.isEmpty else {
            throw TrackReadError(code: .empty, path: path, message: "file is empty")
        }
        guard let detected = TrackFormat.detect(pending) else {
            throw TrackReadError(
                code: .unknownFormat, path: path, line: 1,
                message: "not a track file: content is not NMEA 0183, gpsd JSON or GPX")
        }
        format = detected
        decoder = detected.makeDecoder(options)
    }

    private mutating func feed(_ bytes: UnsafeRawBufferPointer, _ body: (Fix) throws -> Void) throws {
        decoder!.append(bytes)
        while true {
            let fix: Fix?
            do { fix = try decoder!.next() } catch { throw TrackReadError(path: path, decoding: error) }
            guard let fix else { return }
            fixes += 1
            try body(fix)
        }
    }

    mutating func finish(_ body: (Fix) throws -> Void) throws -> TrackFileSummary {
        if decoder == nil {
            try startDecoder()
            let held = pending
            pending = []
            try held.withUnsafeBytes { raw in try feed(raw, body) }
        }
        while true {
            let fix: Fix?
            do { fix = try decoder!.finish() } catch { throw TrackReadError(path: path, decoding: error) }
            guard let fix else { break }
            fixes += 1
            try body(fix)
        }
        let statistics = decoder!.statistics
        guard fixes > 0 else {
            var message =
                "no fixes decoded (\(statistics.recordsRead) records read, "
                + "\(statistics.rejectedTotal) rejected, \(statistics.skippedTotal) skipped)"
            if let wanted = options.gpsdDevice, !statistics.devices.contains(wanted) {
                message +=
                    statistics.devices.isEmpty
                    ? "; no reports name device '\(wanted)'"
                    : "; no reports from device '\(wanted)' (devices seen: "
                        + statistics.devices.joined(separator: ", ") + ")"
            }
            throw TrackReadError(code: .noFixes, path: path, message: message)
        }
        return TrackFileSummary(
            path: path, format: format!, compressed: compressed, bytesRead: bytesRead, bytesDecoded: bytesDecoded,
            statistics: statistics)
    }
}
