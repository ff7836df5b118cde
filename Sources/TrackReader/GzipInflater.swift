import CZlib

/// Streaming gzip (RFC 1952) decompression over zlib, including files of several gzip members
/// (as `cat a.gz b.gz` makes). Output is produced in bounded chunks.
final class GzipInflater {
    private var stream = z_stream()
    private var finishedMember = false
    private let output: UnsafeMutableRawBufferPointer

    struct Failure: Error {
        var message: String
    }

    init(outputChunk: Int = 256 * 1024) throws(Failure) {
        output = .allocate(byteCount: outputChunk, alignment: 16)
        // 15 + 16: gzip wrapper only; zlib checks the CRC and length trailer of each member.
        let status = logbook_inflateInit2(&stream, 15 + 16)
        guard status == Z_OK else {
            output.deallocate()
            throw Failure(message: "cannot initialise decompression (zlib \(status))")
        }
    }

    deinit {
        inflateEnd(&stream)
        output.deallocate()
    }

    /// Whether the last byte fed ended a gzip member (so ending the input here is clean).
    var atMemberBoundary: Bool { finishedMember }

    /// Decompresses `input`, handing each piece of output to `body`.
    func inflate(_ input: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let base = input.baseAddress, !input.isEmpty else { return }
        var remaining = input.count
        var next = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
        while remaining > 0 {
            if finishedMember {
                // Another member follows: start over on the same stream.
                inflateReset(&stream)
                finishedMember = false
            }
            stream.next_in = next
            stream.avail_in = UInt32(min(remaining, Int(UInt32.max)))
            let before = Int(stream.avail_in)
            stream.next_out = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
            stream.avail_out = UInt32(output.count)
            let status = CZlib.inflate(&stream, Z_NO_FLUSH)
            let produced = output.count - Int(stream.avail_out)
            let consumed = before - Int(stream.avail_in)
            remaining -= consumed
            next += consumed
            if produced > 0 {
                try body(UnsafeRawBufferPointer(rebasing: output[0..<produced]))
            }
            switch status {
            case Z_OK, Z_BUF_ERROR:
                if consumed == 0 && produced == 0 { return }
            case Z_STREAM_END:
                finishedMember = true
            default:
                let reason = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                throw TrackReadError(code: .corruptCompression, message: "corrupt gzip data (\(reason))")
            }
        }
    }
}
